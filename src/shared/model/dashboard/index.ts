/**
 * Dashboards (help spec §2.2 /systemDashboard and /customerDashboard): each
 * device with its last backup's status, and the open tickets' summary.
 * Statuses are open values: one the console does not know is kept raw (upper
 * case) and counted under "other".
 */

/** The backup statuses the console knows, in the order a morning check reads them. */
export const BACKUP_STATUSES = ['FAILED', 'WARNING', 'SUCCEEDED', 'NOT_CONFIGURED'] as const;
export type KnownBackupStatus = (typeof BACKUP_STATUSES)[number];

/** One device and its last backup. */
export interface DeviceBackupStatus {
  nodeId: number;
  name: string;
  organizationId: number | null;
  organizationName: string;
  /** Online (true), offline (false), or not said (null). */
  isUp: boolean | null;
  /** Epoch ms of the last backup; null when none ran (or none was said). */
  lastBackupAt: number | null;
  /** One of BACKUP_STATUSES, or a status of the instance's own (raw, upper case). */
  status: string;
  planName: string | null;
  message: string | null;
}

export interface DashboardBackup {
  items: DeviceBackupStatus[];
  /** Items the console could not read (left out, counted). */
  skipped: number;
}

export interface OpenTicket {
  id: number;
  subject: string;
  status: string;
  organizationName: string;
  createdAt: number | null;
}

export interface OpenTickets {
  /** Every open ticket (of the organization), not only those listed. */
  /** null when the instance does not say (the latest few alone are no count). */
  openCount: number | null;
  /** The latest few, newest first. */
  latest: OpenTicket[];
  skipped: number;
}
