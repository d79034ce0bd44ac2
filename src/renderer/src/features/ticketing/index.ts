/**
 * The ticketing feature's door: ticketing administration at
 * /administration/apps/ticketing, and the technician's ticket workspace at
 * /ticketing (the boards, a ticket's page, New ticket), each a
 * header area of its own.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { TicketingScreen } from './TicketingScreen';
import { WORKSPACE_ROUTE } from './workspace/workspace-routes';
import { WorkspaceScreen } from './workspace/WorkspaceScreen';

export const TICKETING_ROUTE = '/administration/apps/ticketing';
const area: HeaderArea = { id: 'ticketing', label: 'Ticketing', icon: 'properties', route: TICKETING_ROUTE };
const workspaceArea: HeaderArea = { id: 'tickets', label: 'Tickets', icon: 'inbox', route: WORKSPACE_ROUTE };

const under = (route: string, prefix: string) => {
  const path = route.split('?')[0]!;
  return path === prefix || path.startsWith(`${prefix}/`);
};

export const ticketingFeature: Feature = {
  id: 'ticketing',
  headerArea: area,
  screens: [{ id: 'ticketing', match: (route) => (under(route, TICKETING_ROUTE) ? {} : null), render: () => createElement(TicketingScreen) }],
};

/** The ticket workspace: /ticketing, /ticketing/board/:id, /ticketing/ticket/:id, /ticketing/new. */
export const ticketWorkspaceFeature: Feature = {
  id: 'ticket-workspace',
  headerArea: workspaceArea,
  screens: [{ id: 'ticket-workspace', match: (route) => (under(route, WORKSPACE_ROUTE) ? {} : null), render: (_params, route) => createElement(WorkspaceScreen, { route }) }],
};
