/** Ticketing administration: ticket rulesets and the lists their modal picks from. */
import type { TicketingService } from '../../services/ticketing/ticketing-service';
import type { HandlersOf } from '../router';

export function ticketingHandlers(ticketing: TicketingService): HandlersOf<'ticketing'> {
  return {
    'ticketing.lists': () => ticketing.lists(),
    'ticketing.rulesets': ({ type }) => ticketing.rulesets(type),
    'ticketing.ruleset': ({ id }) => ticketing.ruleset(id),
    'ticketing.saveRuleset': (payload) => ticketing.saveRuleset(payload),
    'ticketing.deleteRuleset': ({ id }) => ticketing.deleteRuleset(id),
    'ticketing.tags': ({ search }) => ticketing.tags(search),
    'ticketing.configuration': () => ticketing.configuration(),
    'ticketing.organizations': ({ page, search }) => ticketing.lookup('organizations', page, search),
    'ticketing.locations': ({ page, search, organizationId }) => ticketing.lookup('locations', page, search, organizationId),
    'ticketing.saveConfiguration': (patch) => ticketing.saveConfiguration(patch),
  };
}
