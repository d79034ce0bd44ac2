/**
 * The backup status view, the technician's morning check
 * (/systemDashboard/backup/:page, /customerDashboard/:id/backup/:page; :page
 * failed, warnings, succeeded, notConfigured or all): the devices of one
 * status in the shared DataTable, sorted by status by default (the table
 * keeps a changed sort on this computer, §9.4). Each device's name opens its
 * backup browser: every failed backup is one click from it. A status the
 * console does not know is shown raw and listed under All.
 */
import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { DeviceBackupStatus } from '../../../../shared/model/dashboard';
import { BACKUP_PAGES, backupStatusLabel, countByStatus, countOfPage, devicesOfPage, PAGE_LABELS, PAGE_TITLES, statusSortValue, type BackupPage } from '../../../../shared/rules/dashboard/backup-status';
import { DEFAULT_DASHBOARD_SORT } from '../../../../shared/rules/dashboard/defaults';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { presentError } from '../../core/toaster';
import { AnchorCell, DateCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { ListNotices } from '../../components/ListNotices';
import { dashboardRoute, deviceBackupRoute } from './routes';

const STATUS_INTENTS: Readonly<Record<string, Intent>> = { FAILED: Intent.DANGER, WARNING: Intent.WARNING, SUCCEEDED: Intent.SUCCESS };
const rowId = (device: DeviceBackupStatus) => String(device.nodeId);

function columnsOf(showOrganization: boolean): DataTableColumn<DeviceBackupStatus>[] {
  return [
    {
      id: 'device',
      title: 'Device',
      width: 240,
      sortValue: (d) => d.name.toLowerCase(),
      render: (d) => <AnchorCell href={`#${deviceBackupRoute(d.nodeId)}`} text={d.name} label={`Open backups of ${d.name}`} />,
    },
    ...(showOrganization ? [{ id: 'organization', title: 'Organization', width: 180, sortValue: (d: DeviceBackupStatus) => d.organizationName.toLowerCase(), render: (d: DeviceBackupStatus) => <TextCell text={d.organizationName} /> }] : []),
    { id: 'lastBackup', title: 'Last backup', width: 170, sortValue: (d) => d.lastBackupAt ?? 0, render: (d) => <DateCell value={d.lastBackupAt} /> },
    {
      id: 'status',
      title: 'Status',
      width: 130,
      sortValue: statusSortValue,
      render: (d) => (
        <Tag minimal intent={STATUS_INTENTS[d.status] ?? Intent.NONE}>
          {backupStatusLabel(d.status)}
        </Tag>
      ),
    },
    { id: 'plan', title: 'Plan', width: 150, sortValue: (d) => (d.planName ?? '').toLowerCase(), render: (d) => <TextCell text={d.planName} /> },
    { id: 'message', title: 'Message', width: 320, stretch: true, sortValue: (d) => (d.message ?? '').toLowerCase(), render: (d) => <TextCell text={d.message} /> },
  ];
}

export function BackupStatusScreen({ page, organizationId }: { page: BackupPage; organizationId: number | null }) {
  const backup = useQuery('dashboard.backup', organizationId === null ? {} : { organizationId }, (error) => presentError(error, { key: 'dashboard-backup' }));
  const items = useMemo(() => backup.data?.items ?? [], [backup.data]);
  const counts = useMemo(() => countByStatus(items), [items]);
  const rows = useMemo(() => devicesOfPage(items, page), [items, page]);
  const columns = useMemo(() => columnsOf(organizationId === null), [organizationId]);
  const organizationName = organizationId === null ? null : (items[0]?.organizationName ?? `organization ${organizationId}`);
  const label = PAGE_TITLES[page];
  return (
    <div className="dashboard-page dashboard-backup-page">
      <h1 className={`${Classes.HEADING} dashboard-title`}>{organizationName === null ? 'Backup status' : `Backup status: ${organizationName}`}</h1>
      <div className="dashboard-pages" role="group" aria-label="Backup statuses">
        {BACKUP_PAGES.map((each) => (
          <Button
            key={each}
            active={each === page}
            aria-pressed={each === page}
            text={`${PAGE_LABELS[each]} (${backup.data ? countOfPage(counts, each) : '…'})`}
            onClick={() => navigate(dashboardRoute('backup', organizationId, each))}
          />
        ))}
      </div>
      <ListNotices what="backup status" list={backup} />
      <DataTable<DeviceBackupStatus>
        id={organizationId === null ? 'dashboard-backup' : 'dashboard-backup-organization'}
        label={label}
        className="dashboard-backup-table"
        columns={columns}
        rowId={rowId}
        rows={rows}
        defaultSort={DEFAULT_DASHBOARD_SORT}
        onRowAction={(d) => navigate(deviceBackupRoute(d.nodeId))}
        searchText={(d) => `${d.name} ${d.organizationName} ${d.status} ${d.planName ?? ''} ${d.message ?? ''}`}
        searchPlaceholder="Search devices..."
        searchLabel={`Search ${label.toLowerCase()}`}
        noun="device"
        onRefresh={backup.reload}
        loading={backup.loading && !backup.data}
        emptyTitle={backup.loading && !backup.data ? 'Loading...' : `No ${label.toLowerCase()}`}
      />
    </div>
  );
}
