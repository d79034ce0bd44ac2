/**
 * The configuration type mapping modal (spec §2.4: Name and a list of role
 * mappings with columns Device Role, Configuration Type, On Create, On
 * Delete, each with Edit and Delete; §4.3 add versus edit, copy; §5.4) on the
 * mapping modals' shell (./MappingDialog.tsx), and its role mapping modal
 * (Device Role*, Configuration Type*, On Create and On Delete status; a role
 * once per mapping). Create or Save writes the mapping with its rows, then
 * the list reads again; a row without its Device Role or Configuration Type
 * is marked Incomplete and refuses the save (MappingDialog.tsx).
 */
import { useMemo } from 'react';
import type { ConnectWiseConfigurationRoleMapping, ConnectWiseConfigurationTypeMapping, PsaRecord } from '../../../../../shared/model/psa';
import { availableRoles, newConfigurationRoleMapping, removeById, upsertById } from '../../../../../shared/rules/psa/transitions';
import { asFormSchema, validateConfigurationRoleMapping, validateConfigurationTypeMapping } from '../../../../../shared/rules/psa/validation';
import { TextCell } from '../../../components/data-table/cells';
import type { DataTableColumn } from '../../../components/data-table/DataTable';
import { Field } from '../../../components/form/Field';
import { useZodForm } from '../../../components/form/use-zod-form';
import { saveConfigurationTypeMapping } from '../client';
import { nameIn, roleName, type CwData } from './cw-data';
import { RecordSelect, recordOf } from './cw-kit';
import { MappingDialog, MarkedCell, type RoleDialogProps } from './MappingDialog';
import type { MappingTarget } from './MappingsList';
import { configurationRowsToSave, incompleteRowsError, isIncompleteConfigurationRow as isIncomplete } from './role-rows';
import { RecordField, RoleField, RowDialog } from './RowDialog';

type Row = ConnectWiseConfigurationRoleMapping;

const rowSchema = asFormSchema<Row>((row) => validateConfigurationRoleMapping(row));

/** §2.4 the role mapping modal. */
function ConfigurationRoleDialog({ row, rows, adding, data, onApply, onClose }: RoleDialogProps<Row>) {
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
    <RowDialog adding={adding} form={form} onApply={onApply} onClose={onClose}>
      <RoleField label="Device Role" form={form} offered={roles} roles={data.roles} />
      <RecordField label="Configuration Type" form={form} idField="configurationTypeId" nameField="configurationTypeName" records={configurationTypes} />
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
  const schema = useMemo(
    () =>
      asFormSchema<ConnectWiseConfigurationTypeMapping>((values) => ({
        ...validateConfigurationTypeMapping(values, all),
        ...incompleteRowsError('nodeRoleConfigurationTypeMappings', values.nodeRoleConfigurationTypeMappings, isIncomplete),
      })),
    [all],
  );
  const form = useZodForm(schema, target.mapping, 'cw-configuration-mapping');
  const rows = (form.values as ConnectWiseConfigurationTypeMapping).nodeRoleConfigurationTypeMappings;
  const { configurationTypes, configurationStatuses } = data.settings;

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { id: 'role', title: 'Device Role', width: 200, sortValue: (r) => roleName(data.roles, r.nodeRoleId).toLowerCase(), render: (r) => <MarkedCell text={roleName(data.roles, r.nodeRoleId) || null} incomplete={isIncomplete(r)} /> },
      { id: 'type', title: 'Configuration Type', width: 200, render: (r) => <TextCell text={nameIn(configurationTypes, r.configurationTypeId, r.configurationTypeName) || null} /> },
      { id: 'onCreate', title: 'On Create', width: 140, render: (r) => <TextCell text={nameIn(configurationStatuses, r.onCreateStatusId, r.onCreateStatusName) || null} /> },
      { id: 'onDelete', title: 'On Delete', width: 140, render: (r) => <TextCell text={nameIn(configurationStatuses, r.onDeleteStatusId, r.onDeleteStatusName) || null} /> },
    ],
    [data.roles, configurationTypes, configurationStatuses],
  );
  const noRoleLeft = availableRoles(data.roles, rows).length === 0;

  return (
    <MappingDialog<ConnectWiseConfigurationTypeMapping, Row>
      noun="configuration type mapping"
      messageKey="cw-configuration-mapping"
      target={target}
      form={form}
      data={data}
      onClose={onClose}
      write={(parsed, base) =>
        saveConfigurationTypeMapping({
          ...base,
          nodeRoleConfigurationTypeMappings: configurationRowsToSave(parsed.nodeRoleConfigurationTypeMappings),
        })
      }
      rowsField="nodeRoleConfigurationTypeMappings"
      rows={rows}
      rowsError={form.errors.nodeRoleConfigurationTypeMappings}
      tableId="cw-configuration-role-mappings"
      columns={columns}
      rowLabel={(r) => roleName(data.roles, r.nodeRoleId)}
      addBlocked={noRoleLeft ? 'Every device role is mapped already' : undefined}
      newRow={newConfigurationRoleMapping}
      remove={removeById}
      upsert={upsertById}
      editor={ConfigurationRoleDialog}
    />
  );
}
