/**
 * The agent policies list at /administration/policies/agent (ticketing spec
 * §3.5 Policy): the shared DataTable with name, description, enabled, parent
 * policy and device count, searched by name and description; Add and Edit
 * open the editor at /editor/policy/:id ('new' for Add); Copy saves the policy
 * read again without its id as '<name> (Copy)', under the same parent; Delete
 * asks first, and a refusal (policies inherit from it, devices use it) is the
 * server's words. Policies the main process could not read are counted above
 * the table.
 */
import { Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { PolicyRow } from '../../../../../shared/model/admin';
import { useQuery } from '../../../core/data/use-query';
import { navigate } from '../../../core/router';
import { presentError, toastSuccess } from '../../../core/toaster';
import { AddMenuButton, ConfirmDelete } from '../../../components/admin-list';
import { ButtonLinkCell, NumberCell, TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { ListNotices } from '../../../components/ListNotices';
import { AdminLayout } from '../AdminLayout';
import { deletePolicy, readPolicy, savePolicy } from '../client';
import { copyPayload } from './policy-form';

export const POLICIES_ROUTE = '/administration/policies/agent';
export const POLICY_EDITOR_ROUTE = (id: number | 'new') => `/editor/policy/${id}`;
const rowId = (row: PolicyRow) => String(row.id);
const NEW_KIND = ['policy'] as const;

export function PoliciesScreen() {
  const policies = useQuery('admin.policies.list', {}, (error) => presentError(error, { key: 'policies-list' }));
  const reload = policies.reload;
  const [deleting, setDeleting] = useState<PolicyRow | null>(null);

  const copy = async (row: PolicyRow) => {
    try {
      const policy = await readPolicy({ id: row.id });
      const saved = await savePolicy(copyPayload(policy));
      toastSuccess(`'${saved.name}' created`, 'policies-copy');
    } catch (error) {
      presentError(error, { key: 'policies-copy' });
    } finally {
      reload();
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await deletePolicy({ id: deleting.id });
      toastSuccess(`'${deleting.name}' deleted`, 'policies-delete');
    } catch (error) {
      // A refusal says why in the server's words ('… cannot be deleted: 'Servers' inherits from it.').
      presentError(error, { key: 'policies-delete' });
    } finally {
      setDeleting(null);
      reload();
    }
  };

  const columns = useMemo<DataTableColumn<PolicyRow>[]>(
    () => [
      { id: 'name', title: 'Name', width: 220, sortValue: (p) => p.name.toLowerCase(), render: (p) => <ButtonLinkCell text={p.name} label={`Edit ${p.name}`} onClick={() => navigate(POLICY_EDITOR_ROUTE(p.id))} /> },
      { id: 'description', title: 'Description', width: 240, render: (p) => <TextCell text={p.description} /> },
      { id: 'enabled', title: 'Enabled', width: 90, stretch: false, sortValue: (p) => (p.enabled ? 1 : 0), render: (p) => <TextCell text={p.enabled ? 'Enabled' : 'Disabled'} /> },
      { id: 'parent', title: 'Parent policy', width: 200, sortValue: (p) => p.parentPolicyName.toLowerCase(), render: (p) => <TextCell text={p.parentPolicyId === null ? '' : p.parentPolicyName || `#${p.parentPolicyId}`} /> },
      { id: 'devices', title: 'Devices', width: 90, sortValue: (p) => p.deviceCount, render: (p) => <NumberCell value={p.deviceCount} /> },
    ],
    [],
  );
  const actions: RowAction<PolicyRow>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (p) => navigate(POLICY_EDITOR_ROUTE(p.id)) },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: (p) => void copy(p) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (p) => setDeleting(p) },
  ];

  return (
    <AdminLayout active="policies">
      <div className="admin-page">
        <h1 className={`${Classes.HEADING} admin-page-title`}>Policies</h1>
        <ListNotices what="policies" list={policies} />
        <DataTable<PolicyRow>
          id="admin-policies"
          label="Policies"
          className="admin-table"
          columns={columns}
          rowId={rowId}
          rows={policies.data?.items ?? []}
          rowLabel={(p) => p.name}
          searchText={(p) => `${p.name} ${p.description} ${p.parentPolicyName}`}
          searchPlaceholder="Search policies..."
          actions={actions}
          onRowAction={(p) => navigate(POLICY_EDITOR_ROUTE(p.id))}
          onRefresh={reload}
          loading={policies.loading && !policies.data}
          emptyTitle={policies.loading ? 'Loading...' : 'No policies'}
          toolbar={<AddMenuButton label="Add policy" kinds={NEW_KIND} kindLabel={() => 'Policy'} onAdd={() => navigate(POLICY_EDITOR_ROUTE('new'))} />}
        />
        <ConfirmDelete what="policy" name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
      </div>
    </AdminLayout>
  );
}
