/**
 * The tickets feature's door: the technician's ticket workspace at /ticketing
 * (the boards, a ticket's page, New ticket), a header area of its own.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { routeUnder } from '../ticketing';
import { WORKSPACE_ROUTE } from './workspace-routes';
import { WorkspaceScreen } from './WorkspaceScreen';

/** A ticket's page (dashboards link their open tickets there). */
export { ticketRoute, WORKSPACE_ROUTE } from './workspace-routes';

const area: HeaderArea = { id: 'tickets', label: 'Tickets', icon: 'inbox', route: WORKSPACE_ROUTE };

/** The ticket workspace: /ticketing, /ticketing/board/:id, /ticketing/ticket/:id, /ticketing/new. */
export const ticketsFeature: Feature = {
  id: 'tickets',
  headerArea: area,
  screens: [{ id: 'tickets', match: (route) => (routeUnder(route, WORKSPACE_ROUTE) ? {} : null), render: (_params, route) => createElement(WorkspaceScreen, { route }) }],
};
