/**
 * A devices tab of node approvals (ticketing spec §2.5 pending, approved,
 * rejected; §4.4): the shared DataTable of one status's devices (of one
 * organization on its dashboard) with search and multi-select, and the
 * tab's bulk actions (shared/rules/approvals/actions.ts TAB_ACTIONS):
 * Approve at once, Reject after a confirmation naming how many devices. An
 * action the user lacks the permission for is disabled and says why, beside
 * it and in its tooltip. Approved and Rejected show who decided and when;
 * Pending and Approved a candidate's installation. Read again every 15 s, so
 * devices that arrive show; Refresh reads at once.
 */
import { Alert, Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { ApprovalNode } from '../../../../shared/model/approvals';
import { labelOrRaw } from '../../../../shared/model/platform/open-values';
import { ACTION_LABELS, actionBlock, actionDone, INSTALLATION_LABELS, rejectQuestion, STATUS_LABELS, TAB_ACTIONS, TAB_STATUS } from '../../../../shared/rules/approvals/actions';
import { decidedByLabel, type ApprovalAction } from '../../../../shared/rules/approvals/transitions';
import { useQuery } from '../../core/data/use-query';
import { permissionsAtom } from '../../core/session';
import { presentError, toastSuccess } from '../../core/toaster';
import { DateCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { EMPTY_SELECTION, isSelected, type Selection } from '../../components/data-table/selection';
import { ListNotices } from '../../components/ListNotices';
import { ReasonButton } from '../../components/ReasonButton';
import { decideNodes } from './client';

/** How often a tab reads its devices again (new arrivals, finished installations). */
export const APPROVALS_REFETCH_MS = 15_000;

type DevicesTab = keyof typeof TAB_STATUS;

const rowId = (node: ApprovalNode) => String(node.id);
const CLASS_LABELS: Readonly<Record<string, string>> = { WINDOWS_WORKSTATION: 'Windows Desktop', WINDOWS_SERVER: 'Windows Server', MAC: 'Mac', MAC_SERVER: 'Mac Server' };

function installationCell(node: ApprovalNode) {
  if (!node.candidate && node.installationStatus === null) return <span className={Classes.TEXT_MUTED}>Agent installed</span>;
  const status = node.installationStatus ?? '';
  const intent = status === 'INSTALLED' ? Intent.SUCCESS : status === 'WAITING' ? Intent.PRIMARY : status === 'FAILED' ? Intent.DANGER : Intent.NONE;
  return (
    <Tag minimal intent={intent}>
      {labelOrRaw(INSTALLATION_LABELS, status)}
    </Tag>
  );
}

function columnsOf(tab: DevicesTab, showOrganization: boolean): DataTableColumn<ApprovalNode>[] {
  const decided = tab !== 'pending';
  return [
    { id: 'name', title: 'Name', width: 220, sortValue: (n) => n.name.toLowerCase(), render: (n) => <TextCell text={n.name} /> },
    ...(showOrganization ? [{ id: 'organization', title: 'Organization', width: 180, sortValue: (n: ApprovalNode) => n.organizationName.toLowerCase(), render: (n: ApprovalNode) => <TextCell text={n.organizationName} /> }] : []),
    { id: 'class', title: 'Class', width: 140, sortValue: (n) => n.nodeClass, render: (n) => <TextCell text={labelOrRaw(CLASS_LABELS, n.nodeClass)} /> },
    { id: 'requested', title: 'Requested at', width: 170, sortValue: (n) => n.requestedAt ?? 0, render: (n) => <DateCell value={n.requestedAt} /> },
    { id: 'status', title: 'Status', width: 110, sortValue: (n) => n.approvalStatus, render: (n) => <TextCell text={labelOrRaw(STATUS_LABELS, n.approvalStatus)} /> },
    ...(tab !== 'rejected' ? [{ id: 'installation', title: 'Installation', width: 150, sortValue: (n: ApprovalNode) => n.installationStatus ?? '', render: installationCell }] : []),
    ...(decided
      ? [
          { id: 'by', title: tab === 'approved' ? 'Approved by' : 'Rejected by', width: 150, sortValue: (n: ApprovalNode) => decidedByLabel(n).toLowerCase(), render: (n: ApprovalNode) => <TextCell text={decidedByLabel(n) || null} /> },
          { id: 'decided', title: tab === 'approved' ? 'Approved at' : 'Rejected at', width: 170, sortValue: (n: ApprovalNode) => n.decidedAt ?? 0, render: (n: ApprovalNode) => <DateCell value={n.decidedAt} /> },
        ]
      : []),
  ];
}

export function NodesTab({ tab, organizationId }: { tab: DevicesTab; organizationId: number | null }) {
  const status = TAB_STATUS[tab];
  const list = useQuery('approvals.list', organizationId === null ? { status } : { status, organizationId }, (error) => presentError(error, { key: 'approvals-list' }));
  const { reload } = list;
  useEffect(() => {
    const timer = setInterval(reload, APPROVALS_REFETCH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const permissions = useAtomValue(permissionsAtom);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => list.data?.items ?? [], [list.data]);
  // Only devices of the list the technician sees are named (a select-all names each of them).
  const selected = useMemo(() => rows.filter((node) => isSelected(selection, rowId(node))).map((node) => node.id), [rows, selection]);
  const columns = useMemo(() => columnsOf(tab, organizationId === null), [tab, organizationId]);

  const run = async (action: ApprovalAction, ids: number[]) => {
    setBusy(true);
    try {
      const { items } = await decideNodes(action, ids);
      toastSuccess(actionDone(action, items.length), `approvals-${action}`);
      setSelection(EMPTY_SELECTION);
    } catch (error) {
      presentError(error, { key: `approvals-${action}` });
    } finally {
      setBusy(false);
      reload();
    }
  };
  const start = (action: ApprovalAction) => {
    if (actionBlock(permissions, action, selected.length) || busy) return;
    if (action === 'reject') setConfirming(selected);
    else void run(action, selected);
  };

  const actions = TAB_ACTIONS[tab];
  const missing = actions.map((action) => actionBlock(permissions, action, 1)).filter((reason): reason is string => reason !== null);
  const toolbar = (
    <div className="approvals-actions" role="group" aria-label="Bulk actions">
      {actions.map((action) => (
        <ReasonButton
          key={action}
          reason={actionBlock(permissions, action, selected.length)}
          intent={action === 'approve' ? Intent.SUCCESS : Intent.DANGER}
          icon={action === 'approve' ? 'tick' : 'cross'}
          text={ACTION_LABELS[action]}
          loading={busy}
          onClick={() => start(action)}
        />
      ))}
      <Button icon="refresh" text="Refresh" onClick={reload} loading={list.loading && !!list.data} />
    </div>
  );

  return (
    <>
      <ListNotices what="devices" list={list} />
      {missing.length > 0 && (
        <p className={`${Classes.TEXT_MUTED} approvals-reasons`} data-testid="approvals-permission-reasons">
          {missing.join(' ')}
        </p>
      )}
      <DataTable<ApprovalNode>
        id={`approvals-${tab}`}
        label={`${labelOrRaw(STATUS_LABELS, status)} devices`}
        className="approvals-table"
        columns={columns}
        rowId={rowId}
        rows={rows}
        rowLabel={(n) => n.name}
        mode="select"
        selection={selection}
        onSelectionChange={setSelection}
        searchText={(n) => `${n.name} ${n.organizationName} ${n.nodeClass} ${decidedByLabel(n)}`}
        searchPlaceholder="Search devices..."
        searchLabel={`Search ${labelOrRaw(STATUS_LABELS, status).toLowerCase()} devices`}
        noun="device"
        onRefresh={reload}
        loading={list.loading && !list.data}
        emptyTitle={list.loading && !list.data ? 'Loading...' : `No ${labelOrRaw(STATUS_LABELS, status).toLowerCase()} devices`}
        toolbar={toolbar}
      />
      <Alert
        isOpen={confirming !== null}
        intent={Intent.DANGER}
        icon="cross"
        confirmButtonText="Reject"
        cancelButtonText="Cancel"
        onConfirm={() => {
          const ids = confirming ?? [];
          setConfirming(null);
          void run('reject', ids);
        }}
        onCancel={() => setConfirming(null)}
        aria-labelledby="approvals-reject-question"
      >
        <p id="approvals-reject-question">{rejectQuestion(confirming?.length ?? 0)}</p>
      </Alert>
    </>
  );
}
