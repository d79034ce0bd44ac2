/** Ticketing administration: ticket rulesets, triggers (automations, templates, boards) and the lists their editors pick from; the tickets boards show; the versions edits replaced; the previews of a trigger's attachments. */
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
    'ticketing.createTag': ({ name }) => ticketing.createTag(name),
    'ticketing.configuration': () => ticketing.configuration(),
    'ticketing.organizations': ({ page, search }) => ticketing.lookup('organizations', page, search),
    'ticketing.locations': ({ page, search, organizationId }) => ticketing.lookup('locations', page, search, organizationId),
    'ticketing.saveConfiguration': (patch) => ticketing.saveConfiguration(patch),
    'ticketing.users': ({ page, search, technician }) => ticketing.users(page, search, technician),
    'ticketing.triggers': ({ types }) => ticketing.triggers(types),
    'ticketing.trigger': ({ id }) => ticketing.trigger(id),
    'ticketing.saveTrigger': (payload) => ticketing.saveTrigger(payload),
    'ticketing.deleteTrigger': ({ id }) => ticketing.deleteTrigger(id),
    'ticketing.channels': () => ticketing.channels(),
    'ticketing.attributes': () => ticketing.attributes(),
    // A direction alone is ignored: the board's own sort applies.
    'ticketing.boardTickets': ({ id, page, size, sortBy, direction }) => ticketing.boardTickets(id, page, size, sortBy === undefined ? undefined : { field: sortBy, direction: direction ?? 'ASC' }),
    'ticketing.tickets': ({ page, size, search }) => ticketing.tickets(page, size, search),
    'ticketing.ticket': ({ id }) => ticketing.ticket(id),
    'ticketing.history': ({ kind, id }) => ticketing.history(kind, id),
    'ticketing.restoreVersion': ({ kind, id, versionId }) => ticketing.restoreVersion(kind, id, versionId),
    'ticketing.attachmentPreview': ({ id }) => ticketing.attachmentPreview(id),
    'ticketing.openAttachment': ({ triggerId, id }) => ticketing.openAttachment(triggerId, id),
    'ticketing.deletedReferences': (references) => ticketing.deletedReferences(references),
    'ticketing.stageFile': (piece) => ticketing.stageFile(piece),
    'ticketing.uploadFile': ({ uploadId }) => ticketing.uploadFile(uploadId),
    'ticketing.discardFile': ({ uploadId }) => ticketing.discardFile(uploadId),
  };
}
