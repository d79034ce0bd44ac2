/**
 * The node approvals feature's door (ticketing spec §2.5; help spec §2.2):
 * /systemDashboard/approvals/:page (every organization) and
 * /customerDashboard/:id/approvals/:page (one organization), :page one of
 * security, pending, approved, rejected; and one organization's approval mode
 * at /editor/customer/:id/security-node-approvals. One header area,
 * "Approvals". The system dashboard's overview stays the device list's.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { matchRoute } from '../../core/router';
import { ApprovalsScreen } from './ApprovalsScreen';
import { ModeEditorScreen } from './ModeEditorScreen';
import { approvalsRoute, organizationIdOf } from './routes';

const area: HeaderArea = { id: 'approvals', label: 'Approvals', icon: 'endorsed', route: approvalsRoute() };

export const approvalsFeature: Feature = {
  id: 'approvals',
  headerArea: area,
  screens: [
    {
      id: 'system-approvals',
      match: (route) => matchRoute('/systemDashboard/approvals/:page', route) ?? matchRoute('/systemDashboard/approvals', route),
      render: (params) => createElement(ApprovalsScreen, { page: params.page, organizationId: null }),
      area: () => area,
    },
    {
      id: 'organization-approvals',
      match: (route) => {
        const params = matchRoute('/customerDashboard/:id/approvals/:page', route) ?? matchRoute('/customerDashboard/:id/approvals', route);
        return params && organizationIdOf(params.id) !== null ? params : null;
      },
      render: (params) => createElement(ApprovalsScreen, { page: params.page, organizationId: organizationIdOf(params.id) }),
      area: () => area,
    },
    {
      id: 'organization-approval-mode',
      match: (route) => matchRoute('/editor/customer/:id/security-node-approvals', route),
      render: (params) => createElement(ModeEditorScreen, { organizationId: organizationIdOf(params.id) }),
      area: () => area,
    },
  ],
};
