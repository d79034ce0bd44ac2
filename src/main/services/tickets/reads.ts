/**
 * What the ticket workspace reads from the instance (spec
 * ticketing-automations-psa.md §2.5, §6, §9.4): the boards and their tickets,
 * a ticket's page (the ticket and its conversation), the lookups a reply and
 * the header fields pick from.
 *
 * Offline: boards, board pages and ticket pages are cached
 * (./cache.ts) when the instance answers them whole; a read that
 * fails with OFFLINE is answered from the cache with `cachedAt` (when it was
 * fetched), and without a cached copy the OFFLINE failure stands. Reads tell
 * Connectivity what they saw, so the offline banner follows. The cache is kept
 * per signed-in identity, and a read started for one identity never changes
 * what another's session knows.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { LookupPage, Ticket } from '../../../shared/model/ticketing';
import type { BoardList, ConversationEntry, TicketAgreement, TicketDetail, TicketView } from '../../../shared/model/tickets';
import type { Mention } from '../../../shared/rules/tickets/reply';
import { readItems, tolerantArray, tolerantPage, type TolerantPage } from '../platform/api/tolerant';
import type { Connectivity } from '../platform/connectivity';
import type { SessionService } from '../session';
import type { ReplyDraftStore } from './draft-store';
import { boardTicketsAnswer, TICKET_GONE_MESSAGE } from '../ticketing';
import { ticketSchema } from '../ticketing';
import { TICKETING_API_PATHS } from '../ticketing';
import type { TicketingService } from '../ticketing';
import { triggerSchema } from '../ticketing';
import type { CachedKind, WorkspaceCache } from './cache';
import type { KnownTickets } from './known';
import { agreementsAnswer, conversationSchema, entrySchema, mentionsAnswer, ticketDetailSchema } from './schemas';
import { WORKSPACE_API_PATHS } from './writes';

export interface BoardTicketsQuery {
  page: number;
  size: number;
  sortBy?: string;
  direction?: 'ASC' | 'DESC';
  search?: string;
}

export type BoardTicketPage = TolerantPage<Ticket> & { cachedAt: number | null };

interface WorkspaceReadsOptions {
  session: SessionService;
  ticketing: TicketingService;
  cache: WorkspaceCache;
  /** The drafts, and with them the record of the files issued per identity (a conversation's files go on it as read). */
  drafts: ReplyDraftStore;
  known: KnownTickets;
  /** Told of every read that reached the instance or failed offline (the offline banner). */
  connectivity?: Connectivity;
  /** Who is signed in (NOT_SIGNED_IN when no one). */
  scope: () => string;
  now?: () => number;
  log?: (what: string, error: unknown) => void;
}

/** What the cache holds, read back as the instance's answers are (a row of an older shape reads as none). */
const cachedBoards = z.object({ items: z.array(z.unknown()), skipped: z.number().int().min(0) }).transform(({ items, skipped }) => {
  const read = readItems(triggerSchema, items);
  return { items: read.items, skipped: skipped + read.skipped };
});
const cachedBoardPage = z.object({ page: tolerantPage(ticketSchema), skipped: z.number().int().min(0) }).transform(({ page, skipped }) => ({ ...page, skipped: skipped + page.skipped }));
const cachedView = z.object({ ticket: ticketDetailSchema, conversation: z.array(entrySchema), skipped: z.number().int().min(0) });

export class WorkspaceReads {
  constructor(private readonly options: WorkspaceReadsOptions) {}

  /** Whether `scope` is still who is signed in: a call that started for another identity must not touch this one's state. */
  stillSignedIn(scope: string): boolean {
    return this.options.session.identityScope() === scope;
  }

  private log(what: string, error: unknown): void {
    this.options.log?.(what, error);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Reads from the instance and caches the whole answer; offline, the cached
   * copy with its age (`cachedAt`), or the OFFLINE failure when there is none.
   */
  private async cachedRead<T extends object>(kind: CachedKind, key: string, fetch: () => Promise<T>, stored: (answer: T) => unknown, schema: z.ZodType<T, unknown>): Promise<T & { cachedAt: number | null }> {
    const scope = this.options.scope();
    let answer: T;
    try {
      answer = await fetch();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'OFFLINE')) throw error;
      this.options.connectivity?.reportFailure(error);
      const cached = this.readCache(scope, kind, key, schema);
      if (!cached) throw error;
      return { ...cached.data, cachedAt: cached.fetchedAt };
    }
    this.options.connectivity?.reportReachable();
    try {
      this.options.cache.put(scope, kind, key, stored(answer), this.now());
    } catch (error) {
      // The cache is a convenience: a write that fails costs offline reading, never the answer.
      this.log('tickets: caching an answer', error);
    }
    return { ...answer, cachedAt: null };
  }

  /** A call that is no cached read: Connectivity still hears whether it reached the instance (the offline banner). */
  async reporting<T>(call: Promise<T>): Promise<T> {
    try {
      const answer = await call;
      this.options.connectivity?.reportReachable();
      return answer;
    } catch (error) {
      this.options.connectivity?.reportFailure(error);
      throw error;
    }
  }

  private readCache<T>(scope: string, kind: CachedKind, key: string, schema: z.ZodType<T, unknown>) {
    try {
      return this.options.cache.get(scope, kind, key, schema);
    } catch (error) {
      this.log('tickets: reading the cache', error);
      return null;
    }
  }

  /** The boards of the home's left list (§7.1 trigger list, BOARD only), as the instance orders them. */
  boards(): Promise<BoardList> {
    const fetch = async () => {
      const searchParams = new URLSearchParams({ type: 'BOARD' });
      const answer = await this.options.session.api().getJson(TICKETING_API_PATHS.triggers, tolerantArray(triggerSchema), { searchParams });
      return { items: answer.items.filter((trigger) => trigger.type === 'BOARD'), skipped: answer.skipped };
    };
    return this.cachedRead('boards', '', fetch, (answer) => answer, cachedBoards);
  }

  /** A page of a board's tickets in `query`'s order (a direction alone is ignored: the board's own sort applies). */
  boardTickets(id: number, query: BoardTicketsQuery): Promise<BoardTicketPage> {
    const searchParams = new URLSearchParams({ page: String(query.page), size: String(query.size) });
    if (query.sortBy !== undefined) {
      searchParams.set('sortBy', query.sortBy);
      searchParams.set('direction', query.direction ?? 'ASC');
    }
    if (query.search?.trim()) searchParams.set('search', query.search.trim());
    const fetch = async (): Promise<TolerantPage<Ticket>> => boardTicketsAnswer(await this.options.session.api().requestWithStatus('GET', TICKETING_API_PATHS.boardTickets(id), { searchParams }));
    const stored = ({ results, totalElements, totalPages, skipped }: TolerantPage<Ticket>) => ({ page: { results, totalElements, totalPages }, skipped });
    return this.cachedRead('board_page', `${id}?${searchParams.toString()}`, fetch, stored, cachedBoardPage);
  }

  /** A ticket's page: the ticket and its conversation, read together; NOT_FOUND 'This ticket no longer exists.'. */
  async view(id: number): Promise<TicketView> {
    const scope = this.options.scope();
    const api = this.options.session.api();
    const fetch = async () => {
      try {
        const [ticket, conversation] = await Promise.all([api.getJson(TICKETING_API_PATHS.ticket(id), ticketDetailSchema), api.getJson(WORKSPACE_API_PATHS.conversation(id), conversationSchema)]);
        return { ticket, conversation: conversation.items, skipped: conversation.skipped };
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          this.forgetTicket(scope, id);
          throw new AppError('NOT_FOUND', TICKET_GONE_MESSAGE, { cause: error });
        }
        throw error;
      }
    };
    const view = await this.cachedRead('ticket_view', String(id), fetch, (answer) => answer, cachedView);
    // Read for the identity signed in when the call started; another since keeps its own versions and files.
    if (this.stillSignedIn(scope)) this.options.known.remember(view);
    this.recordRead(scope, id, view.conversation);
    return view;
  }

  /** The conversation's files, on record as read by `scope` in that ticket (what a draft and a status call may name). */
  private recordRead(scope: string, ticketId: number, conversation: readonly ConversationEntry[]): void {
    try {
      const files = conversation.flatMap((entry) => entry.attachments.map((attachment) => ({ id: attachment.id, name: attachment.metadata.name || null })));
      this.options.drafts.issued.read(scope, 'conversation', ticketId, files);
    } catch (error) {
      // The page is shown either way; its files are then refused where the record is asked, never sent blind.
      this.log('tickets: recording the files of a conversation', error);
    }
  }

  /** The ticket's page read again after a reply of `scope`'s; refused when someone else has signed in since. */
  reloadFor(scope: string, id: number): Promise<TicketView> {
    if (!this.stillSignedIn(scope)) return Promise.reject(new AppError('NOT_SIGNED_IN', 'The session changed while the reply was sent.'));
    return this.view(id);
  }

  /** `scope`'s cached page of the ticket, with its age; null when none is cached. */
  cachedView(scope: string, id: number): TicketView | null {
    const cached = this.readCache(scope, 'ticket_view', String(id), cachedView);
    return cached ? { ...cached.data, cachedAt: cached.fetchedAt } : null;
  }

  /** The entry's html as this identity read it: the cached page, else the ticket read again; null when there is no such entry. */
  async entryHtml(ticketId: number, entryId: string): Promise<string | null> {
    const cached = this.cachedView(this.options.scope(), ticketId)?.conversation.find((entry) => entry.id === entryId);
    if (cached) return cached.htmlBody;
    return (await this.view(ticketId)).conversation.find((entry) => entry.id === entryId)?.htmlBody ?? null;
  }

  /**
   * The instance answered a change of `scope`'s ticket: the version known
   * (while `scope` is still signed in) and the cached page show it (its
   * conversation as it was, its age unchanged). Never another identity's.
   */
  ticketChanged(scope: string, ticket: TicketDetail): void {
    if (this.stillSignedIn(scope)) this.options.known.updated(ticket.id, ticket.version);
    const cached = this.readCache(scope, 'ticket_view', String(ticket.id), cachedView);
    if (!cached) return;
    try {
      this.options.cache.put(scope, 'ticket_view', String(ticket.id), { ...cached.data, ticket }, cached.fetchedAt);
    } catch (error) {
      this.log('tickets: caching a changed ticket', error);
    }
  }

  private forgetTicket(scope: string, id: number): void {
    if (this.stillSignedIn(scope)) this.options.known.forget(id);
    try {
      this.options.cache.remove(scope, 'ticket_view', String(id));
    } catch (error) {
      this.log('tickets: forgetting a deleted ticket', error);
    }
  }

  /** The agreements an organization's tickets and time entries may name (some organizations have none). */
  agreements(organizationId: number): Promise<TicketAgreement[]> {
    return this.reporting(this.options.session.api().getJson(WORKSPACE_API_PATHS.agreements, agreementsAnswer, { searchParams: new URLSearchParams({ organizationId: String(organizationId) }) }));
  }

  /** Technicians a reply may mention, with their §6 flags for this ticket (deleted, permitted) as the instance sends them. */
  mentions(ticketId?: number, search?: string): Promise<Mention[]> {
    const searchParams = new URLSearchParams();
    if (ticketId !== undefined) searchParams.set('ticketId', String(ticketId));
    if (search?.trim()) searchParams.set('search', search.trim());
    return this.reporting(this.options.session.api().getJson(WORKSPACE_API_PATHS.mentions, mentionsAnswer, { searchParams }));
  }

  /** §6: the assignee picker lists technicians only. */
  technicians(page: number, search?: string): Promise<LookupPage> {
    return this.reporting(this.options.ticketing.users(page, search, true));
  }
}
