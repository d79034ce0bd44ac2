/**
 * The ticket workspace (spec ticketing-automations-psa.md §2.5, §3.5, §4.4,
 * §5.5, §6, §8.4, §9.4), composed here so that the channels
 * (../../ipc/handlers/tickets.ts) see one service:
 * - the boards, their tickets, a ticket's page and the lookups, cached for
 *   offline reading: ./reads.ts
 * - replies, new tickets and field updates: ./writes.ts
 * - a reply's files, and which files a ticket's calls may name: ./files.ts
 * - the inline images (and the viewer's Download saved to disk): ./images.ts
 * - reply drafts and the technician's tabs: ./drafts.ts
 * Everything is kept per signed-in identity (SessionService.identityScope).
 */
import { AppError } from '../../../shared/errors';
import type { TicketFieldUpdate } from '../../../shared/contract/tickets';
import type { AttachmentPreview } from '../../../shared/model/platform/attachments';
import type { LookupPage } from '../../../shared/model/ticketing';
import type { BoardList, ConversationEntry, StoredReplyDraft, TicketAgreement, TicketAttachment, TicketDetail, TicketView, WorkspaceTab, WorkspaceTabs } from '../../../shared/model/tickets';
import type { Mention, ReplyDraft } from '../../../shared/rules/tickets/reply';
import type { Connectivity } from '../platform/connectivity';
import { internetMarkFor, type MarkFromInternet } from '../platform/files/internet-mark';
import { defaultDownloadsFolder } from '../platform/files/paths';
import type { SessionService } from '../session';
import type { StagePiece } from '../platform/staged-uploads';
import type { ReplyDraftStore } from './draft-store';
import type { TicketingService } from '../ticketing';
import type { WorkspaceCache } from './cache';
import { WorkspaceDrafts } from './drafts';
import { WorkspaceFiles } from './files';
import { WorkspaceImages } from './images';
import { KnownTickets } from './known';
import { WorkspaceReads, type BoardTicketPage, type BoardTicketsQuery } from './reads';
import { WorkspaceWrites, type NewTicketInput } from './writes';

export type { NewTicketInput } from './writes';
export type { BoardTicketPage, BoardTicketsQuery } from './reads';

interface TicketWorkspaceOptions {
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

export class TicketWorkspaceService {
  private readonly known = new KnownTickets();
  private readonly reads: WorkspaceReads;
  private readonly images: WorkspaceImages;
  private readonly writes: WorkspaceWrites;
  private readonly files: WorkspaceFiles;
  private readonly drafting: WorkspaceDrafts;

  constructor(private readonly options: TicketWorkspaceOptions) {
    const scope = () => this.scope();
    this.reads = new WorkspaceReads({ ...options, known: this.known, scope });
    this.files = new WorkspaceFiles({ session: options.session, drafts: options.drafts, known: this.known, scope, log: options.log });
    this.images = new WorkspaceImages({
      session: options.session,
      fileOf: (ticketId, attachmentId) => this.files.fileOf(ticketId, attachmentId),
      saving: {
        folder: options.downloadsFolder ?? (() => defaultDownloadsFolder()),
        markFromInternet: options.markFromInternet ?? internetMarkFor(options.platform),
        platform: options.platform,
      },
      now: options.now,
      log: options.log,
    });
    this.writes = new WorkspaceWrites({
      session: options.session,
      drafts: options.drafts,
      known: this.known,
      scope,
      reload: (scope, id) => this.reads.reloadFor(scope, id),
      cachedView: (scope, id) => this.reads.cachedView(scope, id),
      ticketChanged: (scope, ticket) => this.reads.ticketChanged(scope, ticket),
      checkDraftFiles: (scope, key, draft) => this.files.checkDraftFiles(scope, key, draft),
      log: options.log,
    });
    this.drafting = new WorkspaceDrafts({ drafts: options.drafts, cache: options.cache, files: this.files, scope });
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

  // ---------------------------------------------------------------------------
  // Reads (./reads.ts)
  // ---------------------------------------------------------------------------

  boards(): Promise<BoardList> {
    return this.reads.boards();
  }

  boardTickets(id: number, query: BoardTicketsQuery): Promise<BoardTicketPage> {
    return this.reads.boardTickets(id, query);
  }

  view(id: number): Promise<TicketView> {
    return this.reads.view(id);
  }

  agreements(organizationId: number): Promise<TicketAgreement[]> {
    return this.reads.agreements(organizationId);
  }

  mentions(ticketId?: number, search?: string): Promise<Mention[]> {
    return this.reads.mentions(ticketId, search);
  }

  technicians(page: number, search?: string): Promise<LookupPage> {
    return this.reads.technicians(page, search);
  }

  // ---------------------------------------------------------------------------
  // Writes, files and images (see their files); Connectivity hears of each call
  // ---------------------------------------------------------------------------

  update(id: number, update: TicketFieldUpdate): Promise<TicketDetail> {
    return this.reads.reporting(this.writes.update(id, update));
  }

  reply(ticketId: number, draft: ReplyDraft): Promise<{ entry: ConversationEntry; ticket: TicketDetail }> {
    return this.reads.reporting(this.writes.reply(ticketId, draft));
  }

  create(input: NewTicketInput): Promise<TicketDetail> {
    return this.reads.reporting(this.writes.create(input));
  }

  stageFile(piece: StagePiece): { received: number } {
    return this.files.stageFile(piece);
  }

  uploadFile(uploadId: string, inline: boolean): Promise<TicketAttachment> {
    return this.reads.reporting(this.files.uploadFile(uploadId, inline));
  }

  discardFile(target: { uploadId: string } | { id: string }): Promise<{ discarded: boolean }> {
    return this.files.discardFile(target);
  }

  uploadStatuses(ids: readonly string[]): Promise<Record<string, string>> {
    return this.reads.reporting(this.files.uploadStatuses(ids));
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
    return this.images.saveEntryImage(() => this.reads.entryHtml(ticketId, entryId), fingerprint);
  }

  // ---------------------------------------------------------------------------
  // Drafts and tabs: this computer's, they work offline (./drafts.ts)
  // ---------------------------------------------------------------------------

  draft(key: string): StoredReplyDraft | null {
    return this.drafting.draft(key);
  }

  saveDraft(key: string, draft: ReplyDraft): { updatedAt: number } {
    return this.drafting.saveDraft(key, draft);
  }

  drafts(): Array<{ key: string; updatedAt: number }> {
    return this.drafting.drafts();
  }

  discardDraft(key: string): { discarded: boolean } {
    return this.drafting.discardDraft(key);
  }

  tabs(): WorkspaceTabs {
    return this.drafting.tabs();
  }

  openTab(tab: WorkspaceTab): WorkspaceTabs {
    return this.drafting.openTab(tab);
  }

  setFavorite(tab: WorkspaceTab, favorite: boolean): WorkspaceTabs {
    return this.drafting.setFavorite(tab, favorite);
  }
}
