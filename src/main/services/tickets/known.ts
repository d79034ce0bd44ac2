/**
 * What the console last read of the tickets it showed, in memory
 * for the session: each ticket's version (a field update names the one it
 * changed, so a change someone else made in between is refused, not
 * overwritten) and its conversation's attachments (an inline image is
 * fetched only for an attachment of that ticket's conversation as last read:
 * the renderer cannot make the main process fetch any attachment it names).
 */
import type { TicketAttachment, TicketView } from '../../../shared/model/tickets';

/** Tickets remembered; the least recently read are forgotten first. */
const KNOWN_TICKETS_MAX = 200;

interface Known {
  version: number | null;
  attachments: Map<string, TicketAttachment>;
}

export class KnownTickets {
  private readonly tickets = new Map<number, Known>();

  /** A ticket's page was read (from the instance or the cache). */
  remember(view: Pick<TicketView, 'ticket' | 'conversation'>): void {
    const attachments = new Map<string, TicketAttachment>();
    for (const entry of view.conversation) for (const attachment of entry.attachments) attachments.set(attachment.id, attachment);
    this.tickets.delete(view.ticket.id);
    this.tickets.set(view.ticket.id, { version: view.ticket.version, attachments });
    while (this.tickets.size > KNOWN_TICKETS_MAX) this.tickets.delete(this.tickets.keys().next().value!);
  }

  /** The instance answered a change: its new version. */
  updated(ticketId: number, version: number | null): void {
    const known = this.tickets.get(ticketId);
    if (known) known.version = version;
  }

  version(ticketId: number): number | null {
    return this.tickets.get(ticketId)?.version ?? null;
  }

  attachment(ticketId: number, attachmentId: string): TicketAttachment | undefined {
    return this.tickets.get(ticketId)?.attachments.get(attachmentId);
  }

  /** Whether `attachmentId` is an attachment of the ticket's conversation (a reply naming it reuses it by id). */
  has(ticketId: number, attachmentId: string): boolean {
    return this.tickets.get(ticketId)?.attachments.has(attachmentId) ?? false;
  }

  /** Whether `attachmentId` is a file of any ticket's conversation as last read (no waiting upload: never deleted as one). */
  isConversationFile(attachmentId: string): boolean {
    for (const known of this.tickets.values()) if (known.attachments.has(attachmentId)) return true;
    return false;
  }

  /** Statuses read since (§4.4: PROCESSING until updated): an image that turned SUCCESS may be fetched now. */
  statusesRead(statuses: Readonly<Record<string, string>>): void {
    for (const known of this.tickets.values()) {
      for (const [id, status] of Object.entries(statuses)) {
        const attachment = known.attachments.get(id);
        if (attachment) known.attachments.set(id, { ...attachment, uploadStatus: status });
      }
    }
  }

  forget(ticketId: number): void {
    this.tickets.delete(ticketId);
  }

  reset(): void {
    this.tickets.clear();
  }
}
