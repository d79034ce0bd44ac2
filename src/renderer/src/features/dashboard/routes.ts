/**
 * The Dashboard area's routes (help spec §2.2): the system dashboard's
 * (/systemDashboard/…) and an organization's (/customerDashboard/:id/…)
 * overview, backup status pages and node approvals; and where the sidebar's
 * collapse is kept (§9.4 "Sidebar collapse persisted locally").
 */
import { DEFAULT_BACKUP_PAGE, type BackupPage } from '../../../../shared/rules/dashboard/backup-status';
import { approvalsRoute } from '../approvals';

export type DashboardSection = 'overview' | 'backup' | 'approvals';

/** The route of a dashboard's section (of every organization, or of one). */
export function dashboardRoute(section: DashboardSection, organizationId: number | null = null, page?: BackupPage): string {
  if (section === 'approvals') return approvalsRoute(undefined, organizationId);
  const root = organizationId === null ? '/systemDashboard' : `/customerDashboard/${organizationId}`;
  return section === 'overview' ? `${root}/overview` : `${root}/backup/${page ?? DEFAULT_BACKUP_PAGE}`;
}

/** A device's backup browser (features/backup: /deviceDashboard/:nodeId/backup). */
export const deviceBackupRoute = (nodeId: number) => `/deviceDashboard/${nodeId}/backup`;

/** localStorage: '1' while the sidebar is collapsed. */
export const SIDEBAR_COLLAPSED_KEY = 'dashboard-sidebar-collapsed';

/** The kept state: collapsed only when '1' was kept (anything else, or nothing: expanded). */
export function readSidebarCollapsed(stored: string | null): boolean {
  return stored === '1';
}
