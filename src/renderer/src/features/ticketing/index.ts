/** The ticketing feature's door: ticketing administration at /administration/apps/ticketing, a header area of its own. */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { TicketingScreen } from './TicketingScreen';

export const TICKETING_ROUTE = '/administration/apps/ticketing';
const area: HeaderArea = { id: 'ticketing', label: 'Ticketing', icon: 'properties', route: TICKETING_ROUTE };

export const ticketingFeature: Feature = {
  id: 'ticketing',
  headerArea: area,
  screens: [{ id: 'ticketing', match: (route) => (route === TICKETING_ROUTE || route.startsWith(`${TICKETING_ROUTE}/`) ? {} : null), render: () => createElement(TicketingScreen) }],
};
