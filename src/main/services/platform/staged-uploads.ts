/**
 * Files pasted or dropped into a rich-text editor (the help ticket's
 * description; the ticketing editors' email and comment
 * bodies; spec help §4 "Rich-text editor", §7 attachment upload):
 * the renderer hands their bytes over in pieces (a clipboard image has no path
 * on disk), this store checks them as it checks files from disk (type, size,
 * the file check), uploads each through the caller's upload call, and keeps
 * its upload token (the help call's token, a ticketing tempId) here: the
 * renderer only ever names a file by the id it chose, and what is saved gets
 * the tokens of the ids it names.
 */
import { AppError } from '../../../shared/errors';
import type { UploadedAttachment } from '../../../shared/model/platform/attachments';
import {
  ATTACHMENT_MESSAGES,
  DESCRIPTION_FILE_MAX_BYTES,
  extensionOf,
  FILE_CHECK_BYTES,
  isAllowedAttachmentExtension,
  passesFileCheck,
} from '../../../shared/rules/platform/attachments';
import type { UploadSource } from './api/post-file';

/** What an upload call answered: at least the token the server keeps the file under (never shown to the renderer). */
interface UploadToken {
  token: string;
}

interface StagedFile<T extends UploadToken> {
  name: string;
  size: number;
  chunks: Buffer[];
  received: number;
  controller: AbortController | null;
  uploaded: T | null;
  /** When its last piece arrived (the store's clock). */
  lastPieceAt: number;
}

/** A file whose pieces stopped coming is let go this long after its last one (the renderer was closed, or lost it). */
export const STAGED_PIECES_TTL_MS = 30 * 60_000;
/**
 * How many bytes the files still being staged may announce together. A
 * store is emptied whenever the signed-in identity changes (`reset`), so
 * this bounds what one identity holds in memory in it.
 */
export const STAGED_BYTES_MAX = 64 * 1024 * 1024;
/** How many let-go ids are remembered, to say why a late piece is refused. */
const EXPIRED_REMEMBERED = 100;

export const STAGING_MESSAGES = {
  tooMuch: `The files being added take more than ${STAGED_BYTES_MAX / (1024 * 1024)} MiB together. Add this one once the others are uploaded, or remove some.`,
  expired: `This file waited more than ${STAGED_PIECES_TTL_MS / 60_000} minutes for its next piece and was let go. Add it again.`,
} as const;

/** What the files are for, in the user's words: the texts of the refusals. */
interface StagedUploadsMessages {
  /** A file the renderer names is not held (never uploaded, or discarded). */
  gone: string;
  /** A file the renderer names is still on its way. */
  stillUploading: string;
  /** More files than `maxPerUse`, or than may be held. */
  count: string;
}

/** `T`: the upload call's answer as the caller reads it (the help attachment by default; the ticket workspace keeps its own, statuses raw). */
export interface StagedUploadsOptions<T extends UploadToken = UploadedAttachment> {
  upload: (file: UploadSource, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<T>;
  remove: (token: string) => Promise<void>;
  log?: (what: string, error: unknown) => void;
  /** How many files one save may name. */
  maxPerUse: number;
  messages: StagedUploadsMessages;
  /** What the log calls these files. */
  what: string;
  /** Tests set the clock, the expiry and the byte cap. */
  now?: () => number;
  piecesTtlMs?: number;
  maxStagedBytes?: number;
  /** The largest file, and what a larger one is told (default: the editor's 20 MiB). */
  maxFile?: { bytes: number; message(name: string): string };
}

export interface StagePiece {
  uploadId: string;
  name: string;
  size: number;
  offset: number;
  /** Base64 of the bytes at offset. */
  data: string;
}

/** The answer without its token: the token stays in the main process. */
function info<T extends UploadToken>(attachment: T): Omit<T, 'token'> {
  const { token: _token, ...rest } = attachment;
  return rest;
}

export class StagedUploads<T extends UploadToken = UploadedAttachment> {
  private readonly files = new Map<string, StagedFile<T>>();
  /** Ids let go for waiting too long (the newest EXPIRED_REMEMBERED). */
  private readonly expired = new Set<string>();
  private sweepTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: StagedUploadsOptions<T>) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private get ttl(): number {
    return this.options.piecesTtlMs ?? STAGED_PIECES_TTL_MS;
  }

  /** Bytes announced by the files still being staged (an uploaded file's pieces are let go). */
  private stagedBytes(): number {
    let total = 0;
    for (const file of this.files.values()) if (!file.uploaded) total += file.size;
    return total;
  }

  /** Lets go of the files whose next piece is overdue (never one being uploaded, nor an uploaded one: it holds no pieces). */
  private sweep(): void {
    const now = this.now();
    for (const [id, file] of this.files) {
      if (file.uploaded || file.controller || now - file.lastPieceAt < this.ttl) continue;
      this.files.delete(id);
      this.expired.add(id);
      if (this.expired.size > EXPIRED_REMEMBERED) this.expired.delete(this.expired.values().next().value!);
    }
    this.armSweep();
  }

  /** While files wait for pieces, a sweep comes when the first of them would be overdue, so their bytes go even if nothing else is asked. */
  private armSweep(): void {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    let due = Infinity;
    for (const file of this.files.values()) if (!file.uploaded && !file.controller) due = Math.min(due, file.lastPieceAt + this.ttl);
    if (due === Infinity) return;
    this.sweepTimer = setTimeout(() => this.sweep(), Math.max(0, due - this.now()) + 1_000);
    this.sweepTimer.unref?.();
  }

  /** How many files may be staged or uploaded at once (all drafts together): bounds the memory they take. */
  private get maxHeld(): number {
    return this.options.maxPerUse * 2;
  }

  /** One piece, in order; the first one names the file and is checked against the rules before anything is kept. */
  stage(piece: StagePiece): { received: number } {
    this.sweep();
    let file = this.files.get(piece.uploadId);
    if (!file) {
      if (piece.offset !== 0) throw new AppError('INVALID_INPUT', this.expired.has(piece.uploadId) ? STAGING_MESSAGES.expired : 'This file was not started.');
      checkNameAndSize(piece.name, piece.size, this.options.maxFile);
      if (this.files.size >= this.maxHeld) throw new AppError('INVALID_INPUT', this.options.messages.count);
      // Counted by the size announced, before any of its bytes are kept: a refusal loses nothing.
      if (this.stagedBytes() + piece.size > (this.options.maxStagedBytes ?? STAGED_BYTES_MAX)) throw new AppError('INVALID_INPUT', STAGING_MESSAGES.tooMuch);
      file = { name: piece.name, size: piece.size, chunks: [], received: 0, controller: null, uploaded: null, lastPieceAt: this.now() };
      this.files.set(piece.uploadId, file);
      this.expired.delete(piece.uploadId);
    }
    if (file.name !== piece.name || file.size !== piece.size) throw new AppError('INVALID_INPUT', 'This piece belongs to another file.');
    if (file.controller || file.uploaded) throw new AppError('CONFLICT', 'This file is already being uploaded.');
    if (piece.offset !== file.received) throw new AppError('INVALID_INPUT', 'The pieces of this file arrived out of order.');
    const bytes = Buffer.from(piece.data, 'base64');
    if (bytes.length === 0 || file.received + bytes.length > file.size) throw new AppError('INVALID_INPUT', 'This piece does not fit the file.');
    file.chunks.push(bytes);
    file.received += bytes.length;
    file.lastPieceAt = this.now();
    this.armSweep();
    return { received: file.received };
  }

  /** All pieces are in: the file check, then the attachment call; the answer without its token. */
  async upload(uploadId: string): Promise<Omit<T, 'token'>> {
    this.sweep();
    const file = this.files.get(uploadId);
    if (!file) throw new AppError('NOT_FOUND', this.expired.has(uploadId) ? STAGING_MESSAGES.expired : this.options.messages.gone);
    if (file.uploaded) return info(file.uploaded);
    if (file.controller) throw new AppError('CONFLICT', 'This file is already being uploaded.');
    if (file.received !== file.size) throw new AppError('INVALID_INPUT', 'This file has not been received whole.');
    const bytes = Buffer.concat(file.chunks, file.received);
    if (!passesFileCheck(extensionOf(file.name), bytes.subarray(0, FILE_CHECK_BYTES))) {
      this.files.delete(uploadId);
      throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.attachmentType);
    }
    const controller = new AbortController();
    file.controller = controller;
    try {
      const uploaded = await this.options.upload({ name: file.name, size: file.size, bytes }, () => {}, controller.signal);
      // Discarded while the call ran: the server keeps nothing of it either.
      if (this.files.get(uploadId) !== file) {
        await this.removeFromServer(uploaded);
        throw new AppError('CANCELED', 'The upload was canceled.');
      }
      file.uploaded = uploaded;
      file.chunks = [];
      return info(uploaded);
    } catch (error) {
      if (this.files.get(uploadId) === file) this.files.delete(uploadId);
      throw error;
    } finally {
      file.controller = null;
    }
  }

  /** Removed from the tray, canceled, or the draft closed: forgotten, and deleted on the server once uploaded. */
  async discard(uploadId: string): Promise<{ discarded: boolean }> {
    const file = this.files.get(uploadId);
    if (!file) return { discarded: false };
    this.files.delete(uploadId);
    file.controller?.abort();
    if (file.uploaded) await this.removeFromServer(file.uploaded);
    return { discarded: true };
  }

  /** The upload tokens of the files a save names, in its order; each must be uploaded by now. */
  tokens(uploadIds: readonly string[]): string[] {
    if (uploadIds.length > this.options.maxPerUse) throw new AppError('INVALID_INPUT', this.options.messages.count);
    return uploadIds.map((id) => {
      const file = this.files.get(id);
      if (!file?.uploaded) throw new AppError(file ? 'CONFLICT' : 'NOT_FOUND', file ? this.options.messages.stillUploading : this.options.messages.gone);
      return file.uploaded.token;
    });
  }

  /** Whether this id names a file staged here (and not discarded). */
  has(uploadId: string): boolean {
    return this.files.has(uploadId);
  }

  /** What was saved with them was stored: they belong to it now. */
  forget(uploadIds: readonly string[]): void {
    for (const id of uploadIds) this.files.delete(id);
  }

  /** A new session: nothing of the last one is kept (its uploads are the old session's). */
  reset(): void {
    for (const file of this.files.values()) file.controller?.abort();
    this.files.clear();
    this.expired.clear();
    this.armSweep();
  }

  private async removeFromServer(attachment: T): Promise<void> {
    await this.options.remove(attachment.token).catch((error: unknown) => this.options.log?.(this.options.what, error));
  }
}

/** The editor's largest file: 20 MiB. */
const EDITOR_MAX_FILE = { bytes: DESCRIPTION_FILE_MAX_BYTES, message: () => 'Maximum file size is 20 MiB' };

/** Help §5 (the ticket's attachment types, also those of the ticketing editors' files) and the editor's 1 byte to 20 MiB (or the store's own maximum). */
function checkNameAndSize(name: string, size: number, maxFile: { bytes: number; message(name: string): string } = EDITOR_MAX_FILE): void {
  if (!name || name.length > 255 || /[/\\\0]/.test(name)) throw new AppError('INVALID_INPUT', 'Invalid file name.');
  if (!isAllowedAttachmentExtension(extensionOf(name))) throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.attachmentType);
  if (!(size >= 1)) throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.attachmentEmpty);
  if (size > maxFile.bytes) throw new AppError('INVALID_INPUT', maxFile.message(name));
}
