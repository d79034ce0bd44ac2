/**
 * The Dashboard area's door (help spec §2.2): the system dashboard
 * (/systemDashboard/overview, /systemDashboard/backup/:page,
 * /systemDashboard/approvals/:page) and an organization's
 * (/customerDashboard/:id/…), every screen framed by one collapsible sidebar
 * (Overview, Backup, Approvals). Node approvals' screens come from their own
 * feature's door, framed here. One header area, "Dashboard". A backup page
 * that is not one of the view's (getStarted, downloads: the help's) is not
 * served here.
 */
import { createElement, type ReactNode } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { matchRoute, SYSTEM_DASHBOARD_ROUTE } from '../../core/router';
import { backupPageOf } from '../../../../shared/rules/dashboard/backup-status';
import { approvalsScreens, organizationIdOf } from '../approvals';
import { BackupStatusScreen } from './BackupStatusScreen';
import { DashboardLayout } from './DashboardLayout';
import { OverviewScreen } from './OverviewScreen';
import type { DashboardSection } from './routes';

const area: HeaderArea = { id: 'dashboard', label: 'Dashboard', icon: 'dashboard', route: SYSTEM_DASHBOARD_ROUTE };

const framed = (section: DashboardSection, organizationId: number | null, screen: ReactNode) => createElement(DashboardLayout, { section, organizationId, children: screen });

/** An organization's route params when `:id` names one, else null. */
const ofOrganization = (params: Record<string, string> | null) => (params && organizationIdOf(params.id) !== null ? params : null);
/** Backup params when `:page` is one of the view's pages. */
const ofBackupPage = (params: Record<string, string> | null) => (params && backupPageOf(params.page) !== null ? params : null);

export const dashboardFeature: Feature = {
  id: 'dashboard',
  headerArea: area,
  screens: [
    {
      id: 'system-overview',
      match: (route) => matchRoute(SYSTEM_DASHBOARD_ROUTE, route),
      render: () => framed('overview', null, createElement(OverviewScreen, { organizationId: null })),
      area: () => area,
    },
    {
      id: 'organization-overview',
      match: (route) => ofOrganization(matchRoute('/customerDashboard/:id/overview', route)),
      render: (params) => {
        const organizationId = organizationIdOf(params.id);
        return framed('overview', organizationId, createElement(OverviewScreen, { key: organizationId, organizationId }));
      },
      area: () => area,
    },
    {
      id: 'system-backup',
      match: (route) => ofBackupPage(matchRoute('/systemDashboard/backup/:page', route)),
      render: (params) => framed('backup', null, createElement(BackupStatusScreen, { page: backupPageOf(params.page)!, organizationId: null })),
      area: () => area,
    },
    {
      id: 'organization-backup',
      match: (route) => ofOrganization(ofBackupPage(matchRoute('/customerDashboard/:id/backup/:page', route))),
      render: (params) => {
        const organizationId = organizationIdOf(params.id);
        return framed('backup', organizationId, createElement(BackupStatusScreen, { key: organizationId, page: backupPageOf(params.page)!, organizationId }));
      },
      area: () => area,
    },
    ...approvalsScreens({ area, frame: (organizationId, screen) => framed('approvals', organizationId, screen) }),
  ],
};
