/**
 * The configuration type mapping modal (spec §2.4: Name and a list of role
 * mappings with columns Device Role, Configuration Type, On Create, On
 * Delete, each with Edit and Delete; §4.3 add versus edit, copy; §5.4) on the
 * shared VerticalTabsDialog, and its role mapping modal (Device Role*,
 * Configuration Type*, On Create and On Delete status; a role once per
 * mapping). Create or Save writes the mapping with its rows, then the list
 * reads again.
 */
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { PSA_NAME_MAX, type ConnectWiseConfigurationRoleMapping, type ConnectWiseConfigurationTypeMapping, type PsaRecord } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { availableRoles, newConfigurationRoleMapping, removeById, upsertById } from '../../../../../shared/rules/psa/transitions';
import { asFormSchema, validateConfigurationRoleMapping, validateConfigurationTypeMapping } from '../../../../../shared/rules/psa/validation';
import { api } from '../../../core/api';
import { presentError, toastSuccess } from '../../../core/toaster';
import { TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { Field } from '../../../components/form/Field';
import { FormError } from '../../../components/form/FormError';
import { useZodForm } from '../../../components/form/use-zod-form';
import { VerticalTabsDialog } from '../../../components/form/VerticalTabsDialog';
import { nameIn, roleName, type CwData } from './cw-data';
import { RecordSelect, recordOf } from './cw-kit';
import type { MappingTarget } from './MappingsList';
import { RowDialog } from './RowDialog';

type Row = ConnectWiseConfigurationRoleMapping;
const TITLES = { add: 'Add configuration type mapping', edit: 'Edit configuration type mapping', copy: 'Copy configuration type mapping' } as const;

const rowSchema = asFormSchema<Row>((row) => validateConfigurationRoleMapping(row));

/** §2.4 the role mapping modal. */
function ConfigurationRoleDialog({ row, rows, adding, data, onApply, onClose }: { row: Row; rows: readonly Row[]; adding: boolean; data: CwData; onApply(row: Row): void; onClose(): void }) {
  const form = useZodForm(rowSchema, row, 'cw-configuration-role');
  const values = form.values as Row;
  const { configurationTypes, configurationStatuses } = data.settings;
  // A role once per mapping: the roles of the other rows are not offered.
  const roles = availableRoles(data.roles, rows, row.id).map(({ id, name }) => ({ id, name }));
  const set = (id: string, name: string, record: PsaRecord | null) => {
    form.set(id, record?.id ?? null);
    form.set(name, record?.name ?? null);
  };
  return (
    <RowDialog title={adding ? 'Add role mapping' : 'Edit role mapping'} adding={adding} form={form} onApply={onApply} onClose={onClose}>
      <Field label="Device Role" binding={form.field('nodeRoleId')} required>
        {(b) => (
          <RecordSelect
            id={b.id}
            value={values.nodeRoleId === null ? null : { id: values.nodeRoleId, name: roleName(data.roles, values.nodeRoleId) }}
            records={roles}
            none="Select..."
            intent={b.intent}
            onBlur={b.onBlur}
            onChange={(record) => b.onChange(record === null ? null : Number(record.id))}
          />
        )}
      </Field>
      <Field label="Configuration Type" binding={form.field('configurationTypeId')} required>
        {(b) => (
          <RecordSelect
            id={b.id}
            value={recordOf(values.configurationTypeId, values.configurationTypeName)}
            records={configurationTypes}
            none="Select..."
            intent={b.intent}
            onBlur={b.onBlur}
            onChange={(record) => set('configurationTypeId', 'configurationTypeName', record)}
          />
        )}
      </Field>
      <Field label="On Create" binding={form.field('onCreateStatusId')}>
        {(b) => <RecordSelect id={b.id} value={recordOf(values.onCreateStatusId, values.onCreateStatusName)} records={configurationStatuses} none="None" onChange={(record) => set('onCreateStatusId', 'onCreateStatusName', record)} />}
      </Field>
      <Field label="On Delete" binding={form.field('onDeleteStatusId')}>
        {(b) => <RecordSelect id={b.id} value={recordOf(values.onDeleteStatusId, values.onDeleteStatusName)} records={configurationStatuses} none="None" onChange={(record) => set('onDeleteStatusId', 'onDeleteStatusName', record)} />}
      </Field>
    </RowDialog>
  );
}

export function ConfigurationTypeMappingDialog({ target, data, onClose }: { target: MappingTarget<ConnectWiseConfigurationTypeMapping>; data: CwData; onClose(): void }) {
  const all = data.settings.configurationTypeMappings;
  const schema = useMemo(() => asFormSchema<ConnectWiseConfigurationTypeMapping>((values) => validateConfigurationTypeMapping(values, all)), [all]);
  const form = useZodForm(schema, target.mapping, 'cw-configuration-mapping');
  const values = form.values as ConnectWiseConfigurationTypeMapping;
  const rows = values.nodeRoleConfigurationTypeMappings;
  const [editing, setEditing] = useState<{ row: Row; adding: boolean } | null>(null);
  const setRows = (next: Row[]) => form.set('nodeRoleConfigurationTypeMappings', next);
  const { configurationTypes, configurationStatuses } = data.settings;

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'role', title: 'Device Role', width: 200, sortValue: (r) => roleName(data.roles, r.nodeRoleId).toLowerCase(), render: (r) => <TextCell text={roleName(data.roles, r.nodeRoleId)} /> },
      { id: 'type', title: 'Configuration Type', width: 200, render: (r) => <TextCell text={nameIn(configurationTypes, r.configurationTypeId, r.configurationTypeName) || null} /> },
      { id: 'onCreate', title: 'On Create', width: 140, render: (r) => <TextCell text={nameIn(configurationStatuses, r.onCreateStatusId, r.onCreateStatusName) || null} /> },
      { id: 'onDelete', title: 'On Delete', width: 140, render: (r) => <TextCell text={nameIn(configurationStatuses, r.onDeleteStatusId, r.onDeleteStatusName) || null} /> },
    ],
    [data.roles, configurationTypes, configurationStatuses],
  );
  const actions: RowAction<Row>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (row) => setEditing({ row, adding: false }) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (row) => setRows(removeById(rows, row.id)) },
  ];
  const noRoleLeft = availableRoles(data.roles, rows).length === 0;

  const save = async (parsed: ConnectWiseConfigurationTypeMapping) => {
    try {
      await api.call('psa.connectwise.saveConfigurationTypeMapping', {
        ...(target.mode === 'edit' ? { id: parsed.id } : {}),
        name: parsed.name.trim(),
        nodeRoleConfigurationTypeMappings: parsed.nodeRoleConfigurationTypeMappings.flatMap((r) =>
          r.nodeRoleId === null || r.configurationTypeId === null
            ? []
            : [{ id: r.id, nodeRoleId: r.nodeRoleId, configurationTypeId: r.configurationTypeId, onCreateStatusId: r.onCreateStatusId, onDeleteStatusId: r.onDeleteStatusId }],
        ),
      });
    } catch (error) {
      presentError(error, { key: 'cw-configuration-mapping' });
      throw error;
    }
    toastSuccess(`Configuration type mapping '${parsed.name.trim()}' saved`, 'cw-configuration-mapping');
    data.reload();
  };

  return (
    <>
      <VerticalTabsDialog
        title={TITLES[target.mode]}
        isOpen
        mode={target.mode === 'edit' ? 'edit' : 'add'}
        size="wide"
        form={form}
        onSave={save}
        onClose={onClose}
        tabs={[
          {
            id: 'general',
            title: 'General',
            fields: ['name'],
            panel: (
              <Field label="Name" binding={form.field('name')} required>
                {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={PSA_NAME_MAX + 20} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
              </Field>
            ),
          },
          {
            id: 'roles',
            title: 'Role mappings',
            fields: ['nodeRoleConfigurationTypeMappings'],
            panel: (
              <>
                <FormError message={form.errors.nodeRoleConfigurationTypeMappings} />
                <DataTable<Row>
                  id="cw-configuration-role-mappings"
                  label="Role mappings"
                  className="cw-table cw-role-table"
                  columns={columns}
                  rows={rows}
                  rowId={(r) => String(r.id)}
                  rowLabel={(r) => roleName(data.roles, r.nodeRoleId)}
                  actions={actions}
                  onRowAction={(row) => setEditing({ row, adding: false })}
                  emptyTitle={PSA_MESSAGES.noRoleMappings}
                  toolbar={
                    <Button
                      icon="add"
                      intent={Intent.PRIMARY}
                      text="Add role mapping"
                      disabled={noRoleLeft}
                      title={noRoleLeft ? 'Every device role is mapped already' : undefined}
                      onClick={() => setEditing({ row: newConfigurationRoleMapping(rows), adding: true })}
                    />
                  }
                />
              </>
            ),
          },
        ]}
      />
      {editing && (
        <ConfigurationRoleDialog
          row={editing.row}
          rows={rows}
          adding={editing.adding}
          data={data}
          onClose={() => setEditing(null)}
          onApply={(row) => {
            setRows(upsertById(rows, row));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
