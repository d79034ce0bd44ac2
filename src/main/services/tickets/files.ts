/**
 * The files a reply carries (spec ticketing-automations-psa.md §3.5
 * attachment, §4.4): picked, pasted or dropped files handed over in pieces
 * and uploaded by the main process (PROCESSING until the instance has
 * scanned them), removed before sending, their statuses asked again.
 *
 * The renderer names files only by ids the main process issued
 * (../platform/issued-files.ts, per signed-in identity, kept with the drafts): the
 * tempIds its uploads were answered with, and the attachment ids it read in
 * a conversation. A draft, reply or new ticket naming another file, a
 * status asked for one, or a removal of one is refused (INVALID_INPUT)
 * before anything reaches the instance.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { TicketAttachment } from '../../../shared/model/tickets';
import { REPLY_UPLOADS_MAX, ticketDraftKey, type ReplyDraft } from '../../../shared/rules/tickets/reply';
import { postFile } from '../platform/api/post-file';
import type { SessionService } from '../session';
import { StagedUploads, type StagePiece } from '../platform/staged-uploads';
import type { ReplyDraftStore } from './draft-store';
import { TICKETING_API_PATHS } from '../ticketing';
import { IMAGE_FALLBACK_NAME, type TicketFile } from './images';
import type { KnownTickets } from './known';
import { statusesAnswer, uploadedTicketFile, type UploadedTicketFile } from './schemas';
import { WORKSPACE_API_PATHS, WORKSPACE_MESSAGES } from './writes';

/** Files uploaded this session remembered (the oldest forgotten first). */
const REMEMBERED_UPLOADS = 1000;

interface WorkspaceFilesOptions {
  session: SessionService;
  /** The drafts, and with them the record of the files issued per identity. */
  drafts: ReplyDraftStore;
  known: KnownTickets;
  scope: () => string;
  log?: (what: string, error: unknown) => void;
}

export class WorkspaceFiles {
  private readonly files: StagedUploads<UploadedTicketFile>;
  /** The files uploaded this session, by tempId: the instance's attachment id (the status call may know them by either) and name. */
  private readonly uploads = new Map<string, { attachmentId: string; name: string }>();
  /** The `inline` of the upload being started: StagedUploads calls `upload` synchronously from `files.upload` (before its first await). */
  private startingInline: boolean | undefined;

  constructor(private readonly options: WorkspaceFilesOptions) {
    const api = () => options.session.api();
    this.files = new StagedUploads<UploadedTicketFile>({
      maxPerUse: REPLY_UPLOADS_MAX,
      messages: { gone: WORKSPACE_MESSAGES.fileGone, stillUploading: WORKSPACE_MESSAGES.fileUploading, count: WORKSPACE_MESSAGES.fileCount },
      what: 'tickets: removing an uploaded reply file',
      // The demo's POST /ticketing/attachments/upload?filename= (the trigger editors' call): the file waits under a tempId.
      // `inline` (the workspace's own parameter): metadata.inline as given, and PROCESSING until the instance has scanned it (§4.4).
      // The answer's status is kept raw (uploadedTicketFile): a status of the instance's own reaches the renderer as it is.
      upload: (file, onProgress, signal) => {
        const inline = this.takeInline();
        return postFile(api(), TICKETING_API_PATHS.upload, file, uploadedTicketFile(file, inline), onProgress, signal, { inline: String(inline) });
      },
      remove: (tempId) => this.removeUploaded(tempId),
      log: options.log,
    });
  }

  reset(): void {
    this.files.reset();
    this.uploads.clear();
  }

  stageFile(piece: StagePiece): { received: number } {
    return this.files.stage(piece);
  }

  /**
   * All its pieces are in: checked and uploaded. Answers the attachment with
   * the instance's tempId as its id: what the draft keeps and the reply names.
   * The staged bytes are let go at once (the draft holds the file from now on).
   */
  async uploadFile(uploadId: string, inline: boolean): Promise<TicketAttachment> {
    const scope = this.options.scope();
    this.startingInline = inline;
    let uploading: Promise<Omit<UploadedTicketFile, 'token'>>;
    try {
      uploading = this.files.upload(uploadId);
    } finally {
      this.startingInline = undefined;
    }
    const { attachmentId, ...file } = await uploading;
    this.files.forget([uploadId]);
    this.uploads.delete(file.id);
    this.uploads.set(file.id, { attachmentId: attachmentId ?? file.id, name: file.metadata.name });
    while (this.uploads.size > REMEMBERED_UPLOADS) this.uploads.delete(this.uploads.keys().next().value!);
    // Issued to the identity that started the upload: only its drafts, removals and images may name it.
    this.issued.uploaded(scope, { id: file.id, name: file.metadata.name, attachmentId: attachmentId ?? null });
    return file;
  }

  /**
   * The technician removed a file from a reply before sending it. A file
   * still being staged or uploaded (`uploadId`) is dropped (and deleted on
   * the instance should its upload finish). An uploaded one (`id`: the
   * tempId the draft keeps) is deleted on the instance and forgotten, but
   * only one this console uploaded for this identity and not removed yet
   * (the renderer cannot make the main process delete any upload it names):
   * else INVALID_INPUT, nothing sent. A file of a ticket's conversation (a
   * draft may reuse one by its id) is no waiting upload: nothing is deleted
   * (`discarded` false). A DELETE that fails is logged, never reported: the
   * file is out of the reply either way, and the instance drops a waiting
   * upload no reply names.
   */
  async discardFile(target: { uploadId: string } | { id: string }): Promise<{ discarded: boolean }> {
    if ('uploadId' in target) return this.files.discard(target.uploadId);
    const scope = this.options.scope();
    const { id } = target;
    const upload = this.issued.upload(scope, id);
    const conversationFile = this.options.known.isConversationFile(id) || this.issued.readFile(scope, 'conversation', id) !== null;
    if (!this.uploads.has(id) && conversationFile) return { discarded: false };
    if (!upload || upload.discarded) throw new AppError('INVALID_INPUT', WORKSPACE_MESSAGES.fileUnknown);
    this.uploads.delete(id);
    this.issued.discarded(scope, id);
    await this.removeUploaded(id).catch((error: unknown) => this.options.log?.('tickets: deleting a discarded reply file', error));
    return { discarded: true };
  }

  /**
   * The files of a draft the technician threw away, dropped on the instance
   * (in the background: the draft is gone either way). Only uploads this
   * console made for `scope` and not removed yet are deleted: files of a
   * conversation, files another saved draft still names, and ids it never
   * issued are left alone.
   */
  dropDraftFiles(scope: string, ids: readonly string[]): void {
    for (const id of ids) {
      try {
        const upload = this.issued.upload(scope, id);
        if (!upload || upload.discarded || this.options.known.isConversationFile(id) || this.options.drafts.namesFile(scope, id)) continue;
        this.issued.discarded(scope, id);
      } catch (error) {
        this.options.log?.('tickets: reading the drafts for a discarded file', error);
        continue;
      }
      this.uploads.delete(id);
      this.removeUploaded(id).catch((error: unknown) => this.options.log?.('tickets: deleting a discarded draft\'s file', error));
    }
  }

  /**
   * Each file a draft of `key` names is one this identity uploaded here, or
   * (a reply to a ticket) a file of that ticket's conversation as read:
   * else INVALID_INPUT, nothing saved or sent.
   */
  checkDraftFiles(scope: string, key: string, draft: Pick<ReplyDraft, 'uploads'>): void {
    const ticketId = /^\d+$/.test(key) ? Number(key) : null;
    for (const { id } of draft.uploads) {
      if (this.issued.upload(scope, id)) continue;
      if (ticketId !== null && (this.options.known.has(ticketId, id) || this.issued.readFile(scope, 'conversation', id)?.owner === ticketId)) continue;
      throw new AppError('INVALID_INPUT', WORKSPACE_MESSAGES.fileNotIssued);
    }
  }

  private get issued() {
    return this.options.drafts.issued;
  }

  /** DELETE ticketing/attachments/upload/{tempId}: a waiting upload dropped on the instance. */
  private async removeUploaded(tempId: string): Promise<void> {
    await this.options.session.api().requestJson('DELETE', TICKETING_API_PATHS.uploaded(tempId), z.unknown());
  }

  /** The `inline` of the upload `uploadFile` is starting; loud if StagedUploads ever calls `upload` later than it does now. */
  private takeInline(): boolean {
    const inline = this.startingInline;
    if (inline === undefined) throw new AppError('INTERNAL', 'An upload started without saying whether it is inline.');
    return inline;
  }

  /**
   * A file of the ticket: an attachment of its conversation as last read, or
   * a file of the reply being written to it (uploaded this session, or named
   * by its saved draft), named as the instance named it (never by a draft).
   * 'elsewhere': a file this identity was given, but not one of this
   * ticket; 'unknown': an id the main process never issued to it.
   */
  fileOf(ticketId: number, attachmentId: string): TicketFile | 'elsewhere' | 'unknown' {
    const attachment = this.options.known.attachment(ticketId, attachmentId);
    if (attachment) return { name: attachment.metadata.name, uploadStatus: attachment.uploadStatus };
    const scope = this.options.scope();
    const upload = this.issued.upload(scope, attachmentId);
    if (upload && !upload.discarded) {
      let ours = this.uploads.has(attachmentId);
      try {
        ours ||= this.options.drafts.namesFile(scope, attachmentId, ticketDraftKey(ticketId));
      } catch (error) {
        this.options.log?.('tickets: reading a draft for its pictures', error);
      }
      if (ours) return { name: upload.name ?? IMAGE_FALLBACK_NAME, uploadStatus: null };
    }
    if (upload || this.options.known.isConversationFile(attachmentId) || this.issued.readFile(scope, 'conversation', attachmentId)) return 'elsewhere';
    return 'unknown';
  }

  /**
   * §4.4: the statuses of files still PROCESSING, by the ids the renderer
   * holds: tempIds of this identity's uploads, or attachment ids of files it
   * read in a conversation. Any other id: INVALID_INPUT, nothing asked.
   */
  async uploadStatuses(ids: readonly string[]): Promise<Record<string, string>> {
    const scope = this.options.scope();
    const asked = ids.map((id) => {
      const upload = this.issued.upload(scope, id);
      if (upload) return [id, upload.attachmentId ?? id] as const;
      if (this.options.known.isConversationFile(id) || this.issued.readFile(scope, 'conversation', id)) return [id, id] as const;
      throw new AppError('INVALID_INPUT', WORKSPACE_MESSAGES.statusNotIssued);
    });
    const searchParams = new URLSearchParams({ ids: [...new Set(asked.map(([, instanceId]) => instanceId))].join(',') });
    const statuses = await this.options.session.api().getJson(WORKSPACE_API_PATHS.statuses, statusesAnswer, { searchParams });
    const answer: Record<string, string> = {};
    // Own keys only: an id such as 'constructor' must not read Object's own members.
    const statusOf = (id: string) => (Object.hasOwn(statuses, id) ? statuses[id] : undefined);
    for (const [id, instanceId] of asked) {
      const status = statusOf(instanceId) ?? statusOf(id);
      if (status !== undefined) answer[id] = status;
    }
    this.options.known.statusesRead(answer);
    return answer;
  }
}
