/** The ticket workspace: boards and their tickets, a ticket's page, replies, drafts, new tickets, inline images and the technician's tabs. */
import type { TicketWorkspaceService } from '../../services/tickets/service';
import type { HandlersOf } from '../router';

export function ticketsHandlers(workspace: TicketWorkspaceService): HandlersOf<'tickets'> {
  return {
    'tickets.boards': () => workspace.boards(),
    'tickets.boardTickets': ({ id, ...query }) => workspace.boardTickets(id, query),
    'tickets.view': ({ id }) => workspace.view(id),
    'tickets.update': ({ id, update }) => workspace.update(id, update),
    'tickets.agreements': ({ organizationId }) => workspace.agreements(organizationId),
    'tickets.mentions': ({ ticketId, search }) => workspace.mentions(ticketId, search),
    'tickets.technicians': ({ page, search }) => workspace.technicians(page, search),
    'tickets.reply': ({ ticketId, draft }) => workspace.reply(ticketId, draft),
    'tickets.create': (input) => workspace.create(input),
    'tickets.stageFile': (piece) => workspace.stageFile(piece),
    'tickets.uploadFile': ({ uploadId, inline }) => workspace.uploadFile(uploadId, inline),
    'tickets.discardFile': (target) => workspace.discardFile(target),
    'tickets.uploadStatuses': ({ ids }) => workspace.uploadStatuses(ids),
    'tickets.inlineImage': ({ ticketId, attachmentId }) => workspace.inlineImage(ticketId, attachmentId),
    'tickets.saveImage': ({ ticketId, attachmentId }) => workspace.saveImage(ticketId, attachmentId),
    'tickets.saveEntryImage': ({ ticketId, entryId, fingerprint }) => workspace.saveEntryImage(ticketId, entryId, fingerprint),
    'tickets.draft': ({ key }) => workspace.draft(key),
    'tickets.saveDraft': ({ key, draft }) => workspace.saveDraft(key, draft),
    'tickets.drafts': () => workspace.drafts(),
    'tickets.discardDraft': ({ key }) => workspace.discardDraft(key),
    'tickets.tabs': () => workspace.tabs(),
    'tickets.openTab': (tab) => workspace.openTab(tab),
    'tickets.setFavorite': ({ favorite, ...tab }) => workspace.setFavorite(tab, favorite),
  };
}
