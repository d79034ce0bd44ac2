/**
 * The backup status view's rules (the technician's morning check): the pages
 * of /systemDashboard/backup/:page, which devices each shows, the counts of
 * the overview's tiles, the order by status (failed first), and the devices'
 * health counts. A status the console does not know is shown raw, counted
 * under "other", listed under "all", and sorted after the warnings.
 */
import { BACKUP_STATUSES, type DeviceBackupStatus, type KnownBackupStatus } from '../../model/dashboard';
import { labelOrRaw } from '../../model/platform/open-values';

export const BACKUP_PAGES = ['failed', 'warnings', 'succeeded', 'notConfigured', 'all'] as const;
export type BackupPage = (typeof BACKUP_PAGES)[number];
export const DEFAULT_BACKUP_PAGE: BackupPage = 'failed';

/** The status each page lists (all: every one). */
export const PAGE_STATUS: Readonly<Record<Exclude<BackupPage, 'all'>, KnownBackupStatus>> = {
  failed: 'FAILED',
  warnings: 'WARNING',
  succeeded: 'SUCCEEDED',
  notConfigured: 'NOT_CONFIGURED',
};

export const PAGE_LABELS: Readonly<Record<BackupPage, string>> = {
  failed: 'Failed',
  warnings: 'Warnings',
  succeeded: 'Succeeded',
  notConfigured: 'Not configured',
  all: 'All',
};

/** What a page's devices are called: its tile's and its table's name. */
export const PAGE_TITLES: Readonly<Record<BackupPage, string>> = {
  failed: 'Failed backups',
  warnings: 'Backups with warnings',
  succeeded: 'Succeeded backups',
  notConfigured: 'Backups not configured',
  all: 'All backups',
};

export const BACKUP_STATUS_LABELS: Readonly<Record<KnownBackupStatus, string>> = {
  FAILED: 'Failed',
  WARNING: 'Warning',
  SUCCEEDED: 'Succeeded',
  NOT_CONFIGURED: 'Not configured',
};

/** A status as shown: its label, or the raw status of an instance's own. */
export const backupStatusLabel = (status: string): string => labelOrRaw(BACKUP_STATUS_LABELS, status);

/** A route's page, or null when it names none of BACKUP_PAGES. */
export function backupPageOf(text: string | undefined): BackupPage | null {
  return (BACKUP_PAGES as readonly string[]).includes(text ?? '') ? (text as BackupPage) : null;
}

/** Sort rank: failed, warning, any other status, not configured, succeeded (what needs a look first). */
export function statusRank(status: string): number {
  switch (status) {
    case 'FAILED':
      return 0;
    case 'WARNING':
      return 1;
    case 'NOT_CONFIGURED':
      return 3;
    case 'SUCCEEDED':
      return 4;
    default:
      return 2;
  }
}

/** A device's sort value by status: its rank, then its status (others apart), then its name. */
export const statusSortValue = (device: DeviceBackupStatus): string => `${statusRank(device.status)} ${device.status} ${device.name.toLowerCase()}`;

/** Devices by status (failed first), then by name: the view's order before the technician sorts. */
export function sortByStatus(devices: readonly DeviceBackupStatus[]): DeviceBackupStatus[] {
  return [...devices].sort((a, b) => statusRank(a.status) - statusRank(b.status) || a.status.localeCompare(b.status) || a.name.localeCompare(b.name) || a.nodeId - b.nodeId);
}

export interface BackupCounts {
  failed: number;
  warnings: number;
  succeeded: number;
  notConfigured: number;
  /** Statuses the console does not know. */
  other: number;
  total: number;
}

export function countByStatus(devices: readonly DeviceBackupStatus[]): BackupCounts {
  const counts: BackupCounts = { failed: 0, warnings: 0, succeeded: 0, notConfigured: 0, other: 0, total: devices.length };
  for (const { status } of devices) {
    if (status === 'FAILED') counts.failed += 1;
    else if (status === 'WARNING') counts.warnings += 1;
    else if (status === 'SUCCEEDED') counts.succeeded += 1;
    else if (status === 'NOT_CONFIGURED') counts.notConfigured += 1;
    else counts.other += 1;
  }
  return counts;
}

/** The count a page's tile shows. */
export function countOfPage(counts: BackupCounts, page: BackupPage): number {
  return page === 'all' ? counts.total : counts[page];
}

/** The devices a page lists. */
export function devicesOfPage(devices: readonly DeviceBackupStatus[], page: BackupPage): DeviceBackupStatus[] {
  if (page === 'all') return [...devices];
  const status = PAGE_STATUS[page];
  return devices.filter((device) => device.status === status);
}

/** Whether a status is one the console knows (else it is shown raw). */
export const isKnownBackupStatus = (status: string): status is KnownBackupStatus => (BACKUP_STATUSES as readonly string[]).includes(status);

export interface HealthCounts {
  total: number;
  online: number;
  offline: number;
  /** Devices whose state the answer did not say. */
  unknown: number;
}

export function healthCounts(devices: readonly DeviceBackupStatus[]): HealthCounts {
  const counts: HealthCounts = { total: devices.length, online: 0, offline: 0, unknown: 0 };
  for (const { isUp } of devices) {
    if (isUp === true) counts.online += 1;
    else if (isUp === false) counts.offline += 1;
    else counts.unknown += 1;
  }
  return counts;
}
