/**
 * The node approvals feature's door (ticketing spec §2.5; help spec §2.2):
 * /systemDashboard/approvals/:page (every organization) and
 * /customerDashboard/:id/approvals/:page (one organization), :page one of
 * security, pending, approved, rejected; and one organization's approval mode
 * at /editor/customer/:id/security-node-approvals. The screens live in the
 * Dashboard area (features/dashboard): it gives them its header area and its
 * sidebar frame.
 */
import { createElement, type ReactNode } from 'react';
import type { FeatureScreen, HeaderArea } from '../../app/feature';
import { matchRoute } from '../../core/router';
import { ApprovalsScreen } from './ApprovalsScreen';
import { ModeEditorScreen } from './ModeEditorScreen';
import { approvalsRoute, organizationIdOf } from './routes';

export { approvalsRoute, organizationIdOf };

/** What holds the approvals screens: its header area, and its frame around a dashboard's screen (the editor page has none). */
export interface ApprovalsHolder {
  area: HeaderArea;
  frame(organizationId: number | null, screen: ReactNode): ReactNode;
}

export function approvalsScreens({ area, frame }: ApprovalsHolder): FeatureScreen[] {
  return [
    {
      id: 'system-approvals',
      match: (route) => matchRoute('/systemDashboard/approvals/:page', route) ?? matchRoute('/systemDashboard/approvals', route),
      render: (params) => frame(null, createElement(ApprovalsScreen, { page: params.page, organizationId: null })),
      area: () => area,
    },
    {
      id: 'organization-approvals',
      match: (route) => {
        const params = matchRoute('/customerDashboard/:id/approvals/:page', route) ?? matchRoute('/customerDashboard/:id/approvals', route);
        return params && organizationIdOf(params.id) !== null ? params : null;
      },
      render: (params) => {
        const organizationId = organizationIdOf(params.id);
        return frame(organizationId, createElement(ApprovalsScreen, { page: params.page, organizationId }));
      },
      area: () => area,
    },
    {
      id: 'organization-approval-mode',
      match: (route) => matchRoute('/editor/customer/:id/security-node-approvals', route),
      render: (params) => createElement(ModeEditorScreen, { organizationId: organizationIdOf(params.id) }),
      area: () => area,
    },
  ];
}
