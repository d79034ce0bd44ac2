/**
 * The ticket workspace (issue 16; spec ticketing-automations-psa.md §2.5,
 * §3.5, §4.4, §5.5, §6, §8.4, §9.4): the boards and their tickets, a
 * ticket's page (the ticket and its conversation), the lookups a reply and
 * the header fields pick from, reply drafts, the technician's tabs; the
 * writes are in ./workspace-writes.ts, a reply's files in
 * ./workspace-files.ts, the inline images (and the viewer's Download saved
 * to disk) in ./workspace-images.ts.
 *
 * Offline (point 4): boards, board pages and ticket pages are cached
 * (./workspace-cache.ts) when the instance answers them whole; a read that
 * fails with OFFLINE is answered from the cache with `cachedAt` (when it was
 * fetched), and without a cached copy the OFFLINE failure stands. Reads tell
 * Connectivity what they saw, so the offline banner follows. Everything is
 * kept per signed-in identity (SessionService.identityScope).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { TicketFieldUpdate } from '../../../shared/contract/tickets';
import type { AttachmentPreview } from '../../../shared/model/help';
import type { LookupPage, Ticket } from '../../../shared/model/ticketing';
import type { BoardList, ConversationEntry, StoredReplyDraft, TicketAgreement, TicketAttachment, TicketDetail, TicketView, WorkspaceTab, WorkspaceTabs } from '../../../shared/model/ticket-workspace';
import { ticketDraftKey, type Mention, type ReplyDraft } from '../../../shared/rules/ticketing/reply';
import { readItems, tolerantArray, tolerantPage, type TolerantPage } from '../api/tolerant';
import type { Connectivity } from '../connectivity';
import { internetMarkFor, type MarkFromInternet } from '../downloads/internet-mark';
import { defaultDownloadsFolder } from '../downloads/paths';
import type { SessionService } from '../session/session-service';
import type { StagePiece } from '../staged-uploads';
import type { ReplyDraftStore } from './draft-store';
import { ticketSchema } from './ticket-schemas';
import { BOARD_GONE_MESSAGE, BOARD_TICKETS_REFUSED_MESSAGE, NOT_A_BOARD_MESSAGE, TICKET_GONE_MESSAGE, TICKETING_API_PATHS, type TicketingService } from './ticketing-service';
import { triggerSchema } from './trigger-schemas';
import type { CachedKind, WorkspaceCache } from './workspace-cache';
import { IMAGE_FALLBACK_NAME, WorkspaceImages, type TicketFile } from './workspace-images';
import { WorkspaceFiles } from './workspace-files';
import { KnownTickets } from './workspace-known';
import { agreementsAnswer, conversationSchema, entrySchema, mentionsAnswer, ticketDetailSchema } from './workspace-schemas';
import { WORKSPACE_API_PATHS, WorkspaceWrites, type NewTicketInput } from './workspace-writes';

export type { NewTicketInput } from './workspace-writes';

export interface TicketWorkspaceOptions {
  session: SessionService;
  ticketing: TicketingService;
  cache: WorkspaceCache;
  drafts: ReplyDraftStore;
  /** Told of every read that reached the instance or failed offline (the offline banner). */
  connectivity?: Connectivity;
  /**
   * Where the viewer's Download saves images: the folder downloads go to
   * (browser mode: the downloads root; Electron: the user's Downloads
   * folder, the default). Decided by the main process, never the renderer.
   */
  downloadsFolder?: () => string;
  /** The "from the internet" mark of a saved image (default: this platform's, internetMarkFor()). */
  markFromInternet?: MarkFromInternet;
  /** Tests pretend to be another platform (file names, the mark). */
  platform?: NodeJS.Platform;
  now?: () => number;
  log?: (what: string, error: unknown) => void;
}

export interface BoardTicketsQuery {
  page: number;
  size: number;
  sortBy?: string;
  direction?: 'ASC' | 'DESC';
  search?: string;
}

export type BoardTicketPage = TolerantPage<Ticket> & { cachedAt: number | null };

/** What the cache holds, read back as the instance's answers are (a row of an older shape reads as none). */
const cachedBoards = z.object({ items: z.array(z.unknown()), skipped: z.number().int().min(0) }).transform(({ items, skipped }) => {
  const read = readItems(triggerSchema, items);
  return { items: read.items, skipped: skipped + read.skipped };
});
const cachedBoardPage = z.object({ page: tolerantPage(ticketSchema), skipped: z.number().int().min(0) }).transform(({ page, skipped }) => ({ ...page, skipped: skipped + page.skipped }));
const cachedView = z.object({ ticket: ticketDetailSchema, conversation: z.array(entrySchema), skipped: z.number().int().min(0) });

export class TicketWorkspaceService {
  private readonly known = new KnownTickets();
  private readonly images: WorkspaceImages;
  private readonly writes: WorkspaceWrites;
  private readonly files: WorkspaceFiles;

  constructor(private readonly options: TicketWorkspaceOptions) {
    this.images = new WorkspaceImages({
      session: options.session,
      fileOf: (ticketId, attachmentId) => this.fileOf(ticketId, attachmentId),
      saving: {
        folder: options.downloadsFolder ?? (() => defaultDownloadsFolder()),
        markFromInternet: options.markFromInternet ?? internetMarkFor(options.platform),
        platform: options.platform,
      },
      now: options.now,
      log: options.log,
    });
    this.files = new WorkspaceFiles({ session: options.session, drafts: options.drafts, known: this.known, scope: () => this.scope(), log: options.log });
    this.writes = new WorkspaceWrites({
      session: options.session,
      drafts: options.drafts,
      known: this.known,
      scope: () => this.scope(),
      reload: (scope, id) => this.reloadFor(scope, id),
      cachedView: (scope, id) => this.cachedView(scope, id),
      ticketChanged: (scope, ticket) => this.ticketChanged(scope, ticket),
      checkDraftFiles: (scope, key, draft) => this.files.checkDraftFiles(scope, key, draft),
      log: options.log,
    });
  }

  /** Forgets what belongs to the last session (signed URLs, files waiting to be sent, tickets last read). */
  reset(): void {
    this.known.reset();
    this.images.reset();
    this.files.reset();
  }

  private scope(): string {
    const scope = this.options.session.identityScope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return scope;
  }

  /** Whether `scope` is still who is signed in: a call that started for another identity must not touch this one's state. */
  private stillSignedIn(scope: string): boolean {
    return this.options.session.identityScope() === scope;
  }

  private log(what: string, error: unknown): void {
    this.options.log?.(what, error);
  }

  /**
   * Reads from the instance and caches the whole answer; offline, the cached
   * copy with its age (`cachedAt`), or the OFFLINE failure when there is none.
   */
  private async cachedRead<T extends object>(kind: CachedKind, key: string, fetch: () => Promise<T>, stored: (answer: T) => unknown, schema: z.ZodType<T, unknown>): Promise<T & { cachedAt: number | null }> {
    const scope = this.scope();
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
  private async reporting<T>(call: Promise<T>): Promise<T> {
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

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  // ---------------------------------------------------------------------------
  // Reads
  // ---------------------------------------------------------------------------

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
    const fetch = async (): Promise<TolerantPage<Ticket>> => {
      const { status, body } = await this.options.session.api().requestWithStatus('GET', TICKETING_API_PATHS.boardTickets(id), { searchParams });
      if (status === 404) throw new AppError('NOT_FOUND', BOARD_GONE_MESSAGE);
      if (status === 400) throw new AppError('INVALID_INPUT', (body as { error?: unknown } | undefined)?.error === 'not_a_board' ? NOT_A_BOARD_MESSAGE : BOARD_TICKETS_REFUSED_MESSAGE);
      if (status === 403) throw new AppError('FORBIDDEN', 'You do not have permission for this action.');
      if (status >= 400) throw new AppError('SERVER_ERROR', `The board's tickets could not be loaded (${status}).`);
      const parsed = tolerantPage(ticketSchema).safeParse(body);
      if (!parsed.success) throw new AppError('BAD_RESPONSE', "The server sent the board's tickets in an unexpected shape.");
      return parsed.data;
    };
    const stored = ({ results, totalElements, totalPages, skipped }: TolerantPage<Ticket>) => ({ page: { results, totalElements, totalPages }, skipped });
    return this.cachedRead('board_page', `${id}?${searchParams.toString()}`, fetch, stored, cachedBoardPage);
  }

  /** A ticket's page: the ticket and its conversation, read together; NOT_FOUND 'This ticket no longer exists.'. */
  async view(id: number): Promise<TicketView> {
    const scope = this.scope();
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
    if (this.stillSignedIn(scope)) this.known.remember(view);
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
  private reloadFor(scope: string, id: number): Promise<TicketView> {
    if (!this.stillSignedIn(scope)) return Promise.reject(new AppError('NOT_SIGNED_IN', 'The session changed while the reply was sent.'));
    return this.view(id);
  }

  /**
   * A file of the ticket: an attachment of its conversation as last read, or
   * a file of the reply being written to it (uploaded this session, or named
   * by its saved draft), named as the instance named it (never by a draft).
   * 'elsewhere': a file this identity was given, but not one of this
   * ticket; 'unknown': an id the main process never issued to it.
   */
  private fileOf(ticketId: number, attachmentId: string): TicketFile | 'elsewhere' | 'unknown' {
    const attachment = this.known.attachment(ticketId, attachmentId);
    if (attachment) return { name: attachment.metadata.name, uploadStatus: attachment.uploadStatus };
    const scope = this.scope();
    const issued = this.options.drafts.issued;
    const upload = issued.upload(scope, attachmentId);
    if (upload && !upload.discarded) {
      let ours = this.files.uploaded(attachmentId) !== undefined;
      try {
        ours ||= this.options.drafts.namesFile(scope, attachmentId, ticketDraftKey(ticketId));
      } catch (error) {
        this.log('tickets: reading a draft for its pictures', error);
      }
      if (ours) return { name: upload.name ?? IMAGE_FALLBACK_NAME, uploadStatus: null };
    }
    if (upload || this.known.isConversationFile(attachmentId) || issued.readFile(scope, 'conversation', attachmentId)) return 'elsewhere';
    return 'unknown';
  }

  private cachedView(scope: string, id: number): TicketView | null {
    const cached = this.readCache(scope, 'ticket_view', String(id), cachedView);
    return cached ? { ...cached.data, cachedAt: cached.fetchedAt } : null;
  }

  /**
   * The instance answered a change of `scope`'s ticket: the version known
   * (while `scope` is still signed in) and the cached page show it (its
   * conversation as it was, its age unchanged). Never another identity's.
   */
  private ticketChanged(scope: string, ticket: TicketDetail): void {
    if (this.stillSignedIn(scope)) this.known.updated(ticket.id, ticket.version);
    const cached = this.readCache(scope, 'ticket_view', String(ticket.id), cachedView);
    if (!cached) return;
    try {
      this.options.cache.put(scope, 'ticket_view', String(ticket.id), { ...cached.data, ticket }, cached.fetchedAt);
    } catch (error) {
      this.log('tickets: caching a changed ticket', error);
    }
  }

  private forgetTicket(scope: string, id: number): void {
    if (this.stillSignedIn(scope)) this.known.forget(id);
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

  // ---------------------------------------------------------------------------
  // Writes, files and images (see their files)
  // ---------------------------------------------------------------------------

  update(id: number, update: TicketFieldUpdate): Promise<TicketDetail> {
    return this.reporting(this.writes.update(id, update));
  }

  reply(ticketId: number, draft: ReplyDraft): Promise<{ entry: ConversationEntry; ticket: TicketDetail }> {
    return this.reporting(this.writes.reply(ticketId, draft));
  }

  create(input: NewTicketInput): Promise<TicketDetail> {
    return this.reporting(this.writes.create(input));
  }

  stageFile(piece: StagePiece): { received: number } {
    return this.files.stageFile(piece);
  }

  uploadFile(uploadId: string, inline: boolean): Promise<TicketAttachment> {
    return this.reporting(this.files.uploadFile(uploadId, inline));
  }

  discardFile(target: { uploadId: string } | { id: string }): Promise<{ discarded: boolean }> {
    return this.files.discardFile(target);
  }

  uploadStatuses(ids: readonly string[]): Promise<Record<string, string>> {
    return this.reporting(this.files.uploadStatuses(ids));
  }

  inlineImage(ticketId: number, attachmentId: string): Promise<AttachmentPreview> {
    return this.images.inlineImage(ticketId, attachmentId);
  }

  /** The image fetched again with its safe name, as `saveImage` fetches it (no channel of its own: the renderer only saves). */
  downloadImage(ticketId: number, attachmentId: string): Promise<AttachmentPreview & { name: string }> {
    return this.images.downloadImage(ticketId, attachmentId);
  }

  saveImage(ticketId: number, attachmentId: string): Promise<{ name: string; path: string }> {
    return this.images.saveImage(ticketId, attachmentId);
  }

  /** A picture written into an entry (a data: image), named by the entry and its src's fingerprint; saved as saveImage saves. */
  saveEntryImage(ticketId: number, entryId: string, fingerprint: string): Promise<{ name: string; path: string }> {
    return this.images.saveEntryImage(() => this.entryHtml(ticketId, entryId), fingerprint);
  }

  /** The entry's html as this identity read it: the cached page, else the ticket read again; null when there is no such entry. */
  private async entryHtml(ticketId: number, entryId: string): Promise<string | null> {
    const cached = this.cachedView(this.scope(), ticketId)?.conversation.find((entry) => entry.id === entryId);
    if (cached) return cached.htmlBody;
    return (await this.view(ticketId)).conversation.find((entry) => entry.id === entryId)?.htmlBody ?? null;
  }

  // ---------------------------------------------------------------------------
  // Drafts and tabs: this computer's, they work offline
  // ---------------------------------------------------------------------------

  draft(key: string): StoredReplyDraft | null {
    return this.options.drafts.load(this.scope(), key);
  }

  /** Saved as typed; INVALID_INPUT (the draft saved before kept) when it names a file this identity was never given. */
  saveDraft(key: string, draft: ReplyDraft): { updatedAt: number } {
    const scope = this.scope();
    this.files.checkDraftFiles(scope, key, draft);
    return { updatedAt: this.options.drafts.save(scope, key, draft) };
  }

  drafts(): Array<{ key: string; updatedAt: number }> {
    return this.options.drafts.list(this.scope());
  }

  /** Thrown away by the technician: the draft, and its files on the instance (./workspace-files.ts dropDraftFiles). */
  discardDraft(key: string): { discarded: boolean } {
    const scope = this.scope();
    let files: string[] = [];
    try {
      files = this.options.drafts.filesOf(scope, key);
    } catch {
      // An unreadable draft is still thrown away; its files wait on the instance until it forgets them.
    }
    const discarded = this.options.drafts.remove(scope, key);
    if (discarded) this.files.dropDraftFiles(scope, files);
    return { discarded };
  }

  tabs(): WorkspaceTabs {
    return this.options.cache.tabs(this.scope());
  }

  openTab(tab: WorkspaceTab): WorkspaceTabs {
    return this.options.cache.openTab(this.scope(), tab);
  }

  setFavorite(tab: WorkspaceTab, favorite: boolean): WorkspaceTabs {
    return this.options.cache.setFavorite(this.scope(), tab, favorite);
  }
}
