/**
 * The Security tab of node approvals (ticketing spec §2.5): every
 * organization's approval mode in the shared DataTable (one organization's on
 * its dashboard), each changed with its own labelled select (./ModeSelect.tsx).
 * Changing a mode needs canApproveNodes: AUTOMATIC approves devices ahead of
 * their arrival, so it is an approval.
 */
import { Button, Classes } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { OrganizationApprovalMode } from '../../../../shared/model/approvals';
import { labelOrRaw } from '../../../../shared/model/platform/open-values';
import { MODE_LABELS, modeBlock } from '../../../../shared/rules/approvals/actions';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { permissionsAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { ButtonLinkCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { ListNotices } from '../../components/ListNotices';
import { ModeSelect } from './ModeSelect';
import { approvalsRoute } from './routes';

const rowId = (org: OrganizationApprovalMode) => String(org.organizationId);

const COLUMNS: DataTableColumn<OrganizationApprovalMode>[] = [
  {
    id: 'organization',
    title: 'Organization',
    width: 260,
    sortValue: (o) => o.organizationName.toLowerCase(),
    render: (o) => <ButtonLinkCell text={o.organizationName} label={`Pending devices of ${o.organizationName}`} onClick={() => navigate(approvalsRoute('pending', o.organizationId))} />,
  },
  { id: 'mode', title: 'Approval mode', width: 300, sortValue: (o) => o.nodeApprovalType, render: (o) => <ModeSelect organization={o} /> },
  { id: 'meaning', title: 'New devices', width: 260, render: (o) => <TextCell text={o.nodeApprovalType === 'AUTOMATIC' ? 'Approved on arrival' : o.nodeApprovalType === 'MANUAL' ? 'Wait in Pending' : labelOrRaw(MODE_LABELS, o.nodeApprovalType)} /> },
];

export function SecurityTab({ organizationId }: { organizationId: number | null }) {
  const modes = useQuery('approvals.modes', organizationId === null ? {} : { organizationId }, (error) => presentError(error, { key: 'approvals-modes' }));
  const reason = modeBlock(useAtomValue(permissionsAtom));
  return (
    <>
      <ListNotices what="approval modes" list={modes} />
      {reason && <p className={`${Classes.TEXT_MUTED} approvals-reasons`}>{reason}</p>}
      <DataTable<OrganizationApprovalMode>
        id="approvals-security"
        label="Approval modes"
        className="approvals-table"
        columns={COLUMNS}
        rowId={rowId}
        rows={modes.data?.items ?? []}
        rowLabel={(o) => o.organizationName}
        searchText={(o) => `${o.organizationName} ${o.nodeApprovalType}`}
        searchPlaceholder="Search organizations..."
        searchLabel="Search organizations"
        noun="organization"
        onRefresh={modes.reload}
        loading={modes.loading && !modes.data}
        emptyTitle={modes.loading ? 'Loading...' : 'No organizations'}
        toolbar={<Button icon="refresh" text="Refresh" onClick={modes.reload} />}
      />
    </>
  );
}
