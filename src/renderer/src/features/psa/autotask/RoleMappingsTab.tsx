/**
 * Autotask device role mappings (spec §2.3): the list (Name, Add, Delete —
 * asked first), a name opens its modal. Saved at once with its own call.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { AutotaskDeviceRoleMapping, DeviceRole, PsaRecord } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { newDeviceRoleMapping } from '../../../../../shared/rules/psa/transitions';
import { presentError, toastSuccess } from '../../../core/toaster';
import { ConfirmDelete } from '../../../components/admin-list';
import { ButtonLinkCell, NumberCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { deleteDeviceRoleMapping, saveDeviceRoleMapping } from '../client';
import { DeviceRoleMappingDialog, deviceRoleMappingInput } from './DeviceRoleMappingDialog';

interface RoleMappingsTabProps {
  mappings: readonly AutotaskDeviceRoleMapping[];
  roles: readonly DeviceRole[];
  categories: readonly PsaRecord[];
  onSaved(): void;
}

export function RoleMappingsTab({ mappings, roles, categories, onSaved }: RoleMappingsTabProps) {
  const [open, setOpen] = useState<{ mapping: AutotaskDeviceRoleMapping; editing: boolean } | null>(null);
  const [deleting, setDeleting] = useState<AutotaskDeviceRoleMapping | null>(null);
  const columns = useMemo<DataTableColumn<AutotaskDeviceRoleMapping>[]>(
    () => [
      { id: 'name', title: 'Name', width: 360, sortValue: (m) => m.name.toLowerCase(), render: (m) => <ButtonLinkCell text={m.name} onClick={() => setOpen({ mapping: m, editing: true })} /> },
      { id: 'rows', title: 'Role mappings', width: 140, sortValue: (m) => m.nodeRoleInstalledProductCategoryMappings.length, render: (m) => <NumberCell value={m.nodeRoleInstalledProductCategoryMappings.length} /> },
    ],
    [],
  );
  const actions = useMemo<RowAction<AutotaskDeviceRoleMapping>[]>(
    () => [
      { id: 'edit', label: 'Edit', icon: 'edit', run: (m) => setOpen({ mapping: m, editing: true }) },
      { id: 'delete', label: 'Delete', icon: 'trash', run: setDeleting },
    ],
    [],
  );
  const save = async (mapping: AutotaskDeviceRoleMapping, editing: boolean) => {
    try {
      await saveDeviceRoleMapping(deviceRoleMappingInput(mapping, editing));
      toastSuccess(editing ? 'Device role mapping saved' : 'Device role mapping created', 'autotask-role-mapping');
      setOpen(null);
      onSaved();
    } catch (error) {
      presentError(error, { key: 'autotask-role-mapping' });
      throw error;
    }
  };
  const remove = async (mapping: AutotaskDeviceRoleMapping) => {
    setDeleting(null);
    try {
      await deleteDeviceRoleMapping({ id: mapping.id });
      toastSuccess('Device role mapping deleted', 'autotask-role-mapping');
      onSaved();
    } catch (error) {
      presentError(error, { key: 'autotask-role-mapping' });
    }
  };
  return (
    <section className="psa-section">
      <div className="psa-table psa-table-short">
        <DataTable<AutotaskDeviceRoleMapping>
          id="autotask-device-role-mappings"
          label="Device Role Mappings"
          columns={columns}
          rows={mappings}
          rowId={(m) => String(m.id)}
          actions={actions}
          onRowAction={(m) => setOpen({ mapping: m, editing: true })}
          searchText={(m) => m.name}
          searchPlaceholder="Search device role mappings"
          emptyTitle={PSA_MESSAGES.noMappings}
          toolbar={<Button intent={Intent.PRIMARY} icon="add" text="Add" onClick={() => setOpen({ mapping: newDeviceRoleMapping(mappings), editing: false })} />}
        />
      </div>
      {open && <DeviceRoleMappingDialog mapping={open.mapping} all={mappings} roles={roles} categories={categories} editing={open.editing} onClose={() => setOpen(null)} onSave={(m) => save(m, open.editing)} />}
      <ConfirmDelete what="device role mapping" name={deleting?.name ?? null} onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)} />
    </section>
  );
}
