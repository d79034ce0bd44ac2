/**
 * What the ticket workspace changes on the instance:
 * replies (§3.5 ticket editor data and time entry, §5.5 non-empty rule), new
 * tickets and header field updates; the files a reply carries are in
 * ./files.ts.
 *
 * A reply or new ticket is saved as a draft before it is sent, and its draft
 * is deleted only when the instance confirms (2xx) and the draft still holds
 * what was sent: a failed send, a crash, a lost connection or a save made
 * while the send ran leaves the draft where it was. One send of a draft at a
 * time, and one field update of a ticket at a time. A reply names its new files
 * by the instance's tempId, which the draft itself keeps (so a draft restored
 * after a restart still sends its files), and files of the conversation by
 * their id. None of this is tried offline: OFFLINE is answered as it is (the
 * renderer disables these with a reason).
 * A reply or new ticket naming a file the main process never issued is
 * refused before its draft is saved (./files.ts checkDraftFiles).
 */
import { AppError } from '../../../shared/errors';
import type { TicketFieldUpdate } from '../../../shared/contract/tickets';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import type { ConversationEntry, TicketDetail, TicketView } from '../../../shared/model/tickets';
import { isReplyEmpty, parseReplyDraft, REPLY_UPLOADS_MAX, ticketDraftKey, type ReplyDraft } from '../../../shared/rules/tickets/reply';
import { FORBIDDEN_MESSAGE, keptOr, refusalLine } from '../platform/api/refusals';
import type { SessionService } from '../session';
import type { ReplyDraftStore } from './draft-store';
import { TICKET_GONE_MESSAGE } from '../ticketing';
import { TICKETING_API_PATHS } from '../ticketing';
import type { KnownTickets } from './known';
import { entrySchema, ticketDetailSchema } from './schemas';

export const WORKSPACE_API_PATHS = {
  conversation: (id: number) => fillPath('ticketing/tickets/:id/conversation', { id }),
  replies: (id: number) => fillPath('ticketing/tickets/:id/replies', { id }),
  fields: (id: number) => fillPath('ticketing/tickets/:id/fields', { id }),
  statuses: 'ticketing/attachments/statuses',
  agreements: 'ticketing/agreements',
  mentions: 'ticketing/mentions',
} as const;

/** The console's own texts (the spec words none of these; §5.5 shows no message). */
export const WORKSPACE_MESSAGES = {
  replyEmpty: 'Write a reply or attach a file before sending.',
  replyFailed: 'The reply could not be sent. It is kept as a draft.',
  replySentUnread: 'The reply was sent, but the ticket could not be reloaded. Reload it to see the reply.',
  createFailed: 'The ticket could not be created. Its description is kept as a draft.',
  createdUnread: 'The ticket was created, but the server answered in an unexpected shape. Find it on its board.',
  updateFailed: 'The change could not be saved.',
  updateConflict: 'This ticket was changed by someone else.',
  updatedUnread: 'The change was saved, but the server answered in an unexpected shape. Reload the ticket.',
  forbidden: FORBIDDEN_MESSAGE,
  fileGone: 'A file of this reply is no longer uploaded. Remove it and add it again.',
  fileUnknown: 'This file was not uploaded for a reply of yours.',
  fileNotIssued: 'A file of this reply was not uploaded by you in this console, nor read in this ticket: remove it and add it again.',
  statusNotIssued: 'A file asked about was not uploaded by you in this console, nor read in a ticket it showed.',
  fileUploading: 'Wait until the files are uploaded, or remove them.',
  fileCount: `A reply can carry at most ${REPLY_UPLOADS_MAX} files.`,
  replySending: 'This reply is already being sent. Wait for it to finish.',
  createSending: 'This ticket is already being created. Wait for it to finish.',
  newTicketKey: 'A new ticket keeps its description under a new ticket key (new:<uuid>), not under a ticket id.',
} as const;

/** The server's own words of a 400 (`{ message }`), one line of at most REFUSAL_MAX characters (../platform/api/refusals.ts); else `fallback`. */
function serverMessage(body: unknown, fallback: string): string {
  return refusalLine(body, ['message']) ?? fallback;
}

/** A refusal as the technician should read it. */
function refusal(status: number, body: unknown, failure: string): AppError {
  if (status === 400 || status === 422) return new AppError('INVALID_INPUT', serverMessage(body, failure));
  if (status === 403) return new AppError('FORBIDDEN', WORKSPACE_MESSAGES.forbidden);
  return new AppError('SERVER_ERROR', `${failure} The instance could not take it now; try again in a moment.`);
}

interface WorkspaceWritesOptions {
  session: SessionService;
  drafts: ReplyDraftStore;
  known: KnownTickets;
  scope: () => string;
  /** Reads the ticket's page again from the instance (and caches it); refused when `scope` is no longer the one signed in. */
  reload: (scope: string, ticketId: number) => Promise<TicketView>;
  /** The ticket as `scope`'s cache has it, when the instance cannot be read again. */
  cachedView: (scope: string, ticketId: number) => TicketView | null;
  /** The instance changed a ticket of `scope` (who was signed in when the call started): its cached page and known version take it. */
  ticketChanged: (scope: string, ticket: TicketDetail) => void;
  /** Refuses a draft naming a file `scope` was never issued (./files.ts). */
  checkDraftFiles: (scope: string, key: string, draft: Pick<ReplyDraft, 'uploads'>) => void;
  log?: (what: string, error: unknown) => void;
}

export class WorkspaceWrites {
  /** Replies and new tickets being sent, by scope and draft key: a second send of one (a double click) would post it twice. */
  private readonly sending = new Set<string>();
  /** The last field update of each ticket (by scope and id): the next waits for it, so it names the version that one made. */
  private readonly updating = new Map<string, Promise<unknown>>();

  constructor(private readonly options: WorkspaceWritesOptions) {}

  /**
   * §5.5 checked, the draft saved, the reply sent; the draft deleted once the
   * instance confirms; answers the new entry and the ticket read again.
   */
  async reply(ticketId: number, draft: ReplyDraft): Promise<{ entry: ConversationEntry; ticket: TicketDetail }> {
    if (isReplyEmpty(draft)) throw new AppError('INVALID_INPUT', WORKSPACE_MESSAGES.replyEmpty);
    const scope = this.options.scope();
    const key = ticketDraftKey(ticketId);
    this.options.checkDraftFiles(scope, key, draft);
    const { body } = await this.once(scope, key, WORKSPACE_MESSAGES.replySending, async () => {
      this.options.drafts.save(scope, key, draft);
      const answer = await this.send('POST', WORKSPACE_API_PATHS.replies(ticketId), replyPayload(ticketId, draft, this.options.known), WORKSPACE_MESSAGES.replyFailed);
      if (answer.status === 404) throw new AppError('NOT_FOUND', TICKET_GONE_MESSAGE);
      if (answer.status >= 300) throw refusal(answer.status, answer.body, WORKSPACE_MESSAGES.replyFailed);
      this.sent(scope, key, draft);
      return answer;
    });

    const answered = entrySchema.safeParse(body);
    let view: TicketView | null = null;
    try {
      view = await this.options.reload(scope, ticketId);
    } catch (error) {
      this.options.log?.('tickets: reloading a ticket after a reply', error);
    }
    const entry = answered.success ? answered.data : view?.conversation.at(-1);
    const ticket = view?.ticket ?? this.options.cachedView(scope, ticketId)?.ticket;
    if (!entry || !ticket) throw new AppError('BAD_RESPONSE', WORKSPACE_MESSAGES.replySentUnread);
    return { entry, ticket };
  }

  /** A new ticket; its description is the draft under `draftKey`, deleted once the instance confirms. */
  async create(input: NewTicketInput): Promise<TicketDetail> {
    // A ticket id's key is that ticket's reply draft: saving this description over it and deleting it once created would lose the reply.
    if (!input.draftKey.startsWith('new:')) throw new AppError('INVALID_INPUT', WORKSPACE_MESSAGES.newTicketKey);
    const scope = this.options.scope();
    this.options.checkDraftFiles(scope, input.draftKey, input.draft);
    const body = await this.once(scope, input.draftKey, WORKSPACE_MESSAGES.createSending, () => this.createOnce(scope, input));
    const ticket = ticketDetailSchema.safeParse(body);
    if (!ticket.success) throw new AppError('BAD_RESPONSE', WORKSPACE_MESSAGES.createdUnread);
    return ticket.data;
  }

  /** The draft saved, the ticket sent, the draft deleted once the instance confirms; answers the instance's body. */
  private async createOnce(scope: string, input: NewTicketInput): Promise<unknown> {
    this.options.drafts.save(scope, input.draftKey, input.draft);
    const payload = {
      summary: input.summary.trim(),
      description: input.draft.body,
      htmlDescription: input.draft.htmlBody,
      organizationId: input.organizationId,
      locationId: input.locationId,
      requesterId: input.requesterId,
      assignedAppUserId: input.assigneeId,
      status: input.status,
      priority: input.priority,
      severity: input.severity,
      type: input.type,
      ticketFormId: input.ticketFormId,
      uploads: uniqueIds(input.draft).map((tempId) => ({ tempId })),
    };
    const { status, body } = await this.send('POST', TICKETING_API_PATHS.tickets, payload, WORKSPACE_MESSAGES.createFailed);
    if (status >= 300) throw refusal(status, body, WORKSPACE_MESSAGES.createFailed);
    this.sent(scope, input.draftKey, input.draft);
    return body;
  }

  /**
   * One header field, naming the version of the ticket as last read: a change
   * someone else made in between is refused (409), never overwritten. Changes
   * of one ticket go one after the other (two fields edited in quick
   * succession): each names the version the one before made, so the
   * technician's own change is never taken for someone else's.
   */
  async update(ticketId: number, update: TicketFieldUpdate): Promise<TicketDetail> {
    const scope = this.options.scope();
    const id = `${scope}\n${ticketId}`;
    const run = (this.updating.get(id) ?? Promise.resolve()).catch(() => undefined).then(() => this.updateNow(scope, ticketId, update));
    this.updating.set(id, run);
    try {
      return await run;
    } finally {
      if (this.updating.get(id) === run) this.updating.delete(id);
    }
  }

  private async updateNow(scope: string, ticketId: number, update: TicketFieldUpdate): Promise<TicketDetail> {
    // Waited for the change before it: the session may have changed meanwhile, and this change is not the new identity's.
    if (this.options.session.identityScope() !== scope) throw new AppError('NOT_SIGNED_IN', 'The session changed before this change was saved. Sign in again and repeat it.');
    const version = this.options.known.version(ticketId) ?? this.options.cachedView(scope, ticketId)?.ticket.version ?? null;
    const payload = { field: update.field, value: update.value, ...(version === null ? {} : { version }) };
    const { status, body } = await this.send('PUT', WORKSPACE_API_PATHS.fields(ticketId), payload, WORKSPACE_MESSAGES.updateFailed);
    if (status === 404) throw new AppError('NOT_FOUND', TICKET_GONE_MESSAGE);
    if (status === 409) throw new AppError('CONFLICT', WORKSPACE_MESSAGES.updateConflict);
    if (status >= 300) throw refusal(status, body, WORKSPACE_MESSAGES.updateFailed);
    const ticket = ticketDetailSchema.safeParse(body);
    if (!ticket.success) throw new AppError('BAD_RESPONSE', WORKSPACE_MESSAGES.updatedUnread);
    this.options.ticketChanged(scope, ticket.data);
    return ticket.data;
  }

  /** One write; its status and body answered (5xx too), a failure to reach the instance kept as it is (OFFLINE). */
  private async send(method: 'POST' | 'PUT', path: string, json: unknown, failure: string): Promise<{ status: number; body: unknown }> {
    try {
      return await this.options.session.api().requestWithStatus(method, path, { json }, { answerServerErrors: true });
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', failure, { cause: error }));
    }
  }

  /** One send at a time per scope and draft key; a second while the first runs is CONFLICT `busy` (nothing posted twice). */
  private async once<T>(scope: string, key: string, busy: string, run: () => Promise<T>): Promise<T> {
    const id = `${scope}\n${key}`;
    if (this.sending.has(id)) throw new AppError('CONFLICT', busy);
    this.sending.add(id);
    try {
      return await run();
    } finally {
      this.sending.delete(id);
    }
  }

  /**
   * The instance confirmed `sentDraft`: its draft goes, unless the draft was
   * saved again meanwhile with something else (typed while the send ran): that
   * is work the instance never confirmed, and it stays. A failure to delete is
   * logged, never reported as a failed send (that would invite a second one).
   */
  private sent(scope: string, key: string, sentDraft: ReplyDraft): void {
    try {
      const stored = this.options.drafts.load(scope, key);
      if (stored && JSON.stringify(stored.draft) !== JSON.stringify(parseReplyDraft(sentDraft))) return;
    } catch (error) {
      this.options.log?.('tickets: reading a sent draft', error);
    }
    try {
      this.options.drafts.remove(scope, key);
    } catch (error) {
      this.options.log?.('tickets: deleting a sent draft', error);
    }
  }
}

export interface NewTicketInput {
  draftKey: string;
  summary: string;
  organizationId: number;
  locationId: number | null;
  requesterId: number | null;
  assigneeId: number | null;
  status: string | null;
  priority: string | null;
  severity: string | null;
  type: string | null;
  ticketFormId: number;
  draft: ReplyDraft;
}

/** A file named twice is sent once. */
function uniqueIds(draft: ReplyDraft): string[] {
  return [...new Set(draft.uploads.map((upload) => upload.id))];
}

/** §3.5 ticket editor data and time entry as the reply call takes them. */
function replyPayload(ticketId: number, draft: ReplyDraft, known: KnownTickets) {
  return {
    body: draft.body,
    htmlBody: draft.htmlBody,
    isPublic: draft.isPublic,
    techniciansTagged: [...new Set(draft.techniciansTagged)],
    // A file already in the conversation is named by its id; a new one by the tempId its upload answered.
    uploads: uniqueIds(draft).map((id) => (known.has(ticketId, id) ? { id } : { tempId: id })),
    // The draft's start date is any date the renderer's picker wrote; the instance takes a full ISO date-time.
    timeEntry: draft.timeEntry && { ...draft.timeEntry, startDate: draft.timeEntry.startDate === null ? null : new Date(draft.timeEntry.startDate).toISOString() },
  };
}
