/**
 * The ticketing feature's door: ticketing administration at
 * /administration/apps/ticketing (automations, boards, rulesets,
 * configuration), and the blocks the ticket workspace (features/tickets)
 * reuses from it.
 */
import { createElement } from 'react';
import type { Feature, HeaderArea } from '../../app/feature';
import { TicketingScreen } from './TicketingScreen';
import { routeUnder } from './route-under';

export { BOARD_PAGE_SIZE, BoardView, boardColumns, boardSortText } from './BoardView';
export { entityLabel, LookupPicker } from './LookupPicker';
export { RulesetDialog } from './RulesetDialog';
export { TriggerDialog } from './TriggerDialog';
export { routeUnder } from './route-under';
export { createTag, readLocations, readOrganizations, readRuleset, readUsers } from './client';

const TICKETING_ROUTE = '/administration/apps/ticketing';
const area: HeaderArea = { id: 'ticketing', label: 'Ticketing', icon: 'properties', route: TICKETING_ROUTE };

export const ticketingFeature: Feature = {
  id: 'ticketing',
  headerArea: area,
  screens: [{ id: 'ticketing', match: (route) => (routeUnder(route, TICKETING_ROUTE) ? {} : null), render: () => createElement(TicketingScreen) }],
};
