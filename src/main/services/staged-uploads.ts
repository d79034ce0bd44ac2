/**
 * Files pasted or dropped into a rich-text editor (the help ticket's
 * description, issue 11 point 8; the ticketing editors' email and comment
 * bodies, issue 14; spec help §4 "Rich-text editor", §7 attachment upload):
 * the renderer hands their bytes over in pieces (a clipboard image has no path
 * on disk), this store checks them as it checks files from disk (type, size,
 * the file check), uploads each through the caller's upload call, and keeps
 * its upload token (the help call's token, a ticketing tempId) here: the
 * renderer only ever names a file by the id it chose, and what is saved gets
 * the tokens of the ids it names.
 */
import { AppError } from '../../shared/errors';
import type { UploadedAttachment } from '../../shared/model/help';
import { extensionOf, FILE_CHECK_BYTES, HELP_MESSAGES, isAllowedAttachmentExtension, passesFileCheck } from '../../shared/rules/help';
import { DESCRIPTION_FILE_MAX_BYTES, DESCRIPTION_MESSAGES, descriptionCountMessage, TICKET_MAX_DESCRIPTION_FILES } from '../../shared/rules/help-description';
import type { UploadSource } from './api/post-file';

/** What an upload call answered: at least the token the server keeps the file under (never shown to the renderer). */
export interface UploadToken {
  token: string;
}

interface StagedFile<T extends UploadToken> {
  name: string;
  size: number;
  chunks: Buffer[];
  received: number;
  controller: AbortController | null;
  uploaded: T | null;
}

/** What the files are for, in the user's words: the texts of the refusals. */
export interface StagedUploadsMessages {
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
}

/** The help ticket description's files (issue 11 point 8). */
export const DESCRIPTION_UPLOADS = {
  maxPerUse: TICKET_MAX_DESCRIPTION_FILES,
  messages: { gone: DESCRIPTION_MESSAGES.gone, stillUploading: DESCRIPTION_MESSAGES.stillUploading, count: descriptionCountMessage() },
  what: 'help: removing a description file',
} as const satisfies Pick<StagedUploadsOptions, 'maxPerUse' | 'messages' | 'what'>;

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

  constructor(private readonly options: StagedUploadsOptions<T>) {}

  /** How many files may be staged or uploaded at once (all drafts together): bounds the memory they take. */
  private get maxHeld(): number {
    return this.options.maxPerUse * 2;
  }

  /** One piece, in order; the first one names the file and is checked against the rules before anything is kept. */
  stage(piece: StagePiece): { received: number } {
    let file = this.files.get(piece.uploadId);
    if (!file) {
      if (piece.offset !== 0) throw new AppError('INVALID_INPUT', 'This file was not started.');
      checkNameAndSize(piece.name, piece.size);
      if (this.files.size >= this.maxHeld) throw new AppError('INVALID_INPUT', this.options.messages.count);
      file = { name: piece.name, size: piece.size, chunks: [], received: 0, controller: null, uploaded: null };
      this.files.set(piece.uploadId, file);
    }
    if (file.name !== piece.name || file.size !== piece.size) throw new AppError('INVALID_INPUT', 'This piece belongs to another file.');
    if (file.controller || file.uploaded) throw new AppError('CONFLICT', 'This file is already being uploaded.');
    if (piece.offset !== file.received) throw new AppError('INVALID_INPUT', 'The pieces of this file arrived out of order.');
    const bytes = Buffer.from(piece.data, 'base64');
    if (bytes.length === 0 || file.received + bytes.length > file.size) throw new AppError('INVALID_INPUT', 'This piece does not fit the file.');
    file.chunks.push(bytes);
    file.received += bytes.length;
    return { received: file.received };
  }

  /** All pieces are in: the file check, then the attachment call; the answer without its token. */
  async upload(uploadId: string): Promise<Omit<T, 'token'>> {
    const file = this.files.get(uploadId);
    if (!file) throw new AppError('NOT_FOUND', this.options.messages.gone);
    if (file.uploaded) return info(file.uploaded);
    if (file.controller) throw new AppError('CONFLICT', 'This file is already being uploaded.');
    if (file.received !== file.size) throw new AppError('INVALID_INPUT', 'This file has not been received whole.');
    const bytes = Buffer.concat(file.chunks, file.received);
    if (!passesFileCheck(extensionOf(file.name), bytes.subarray(0, FILE_CHECK_BYTES))) {
      this.files.delete(uploadId);
      throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentType);
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
  }

  private async removeFromServer(attachment: T): Promise<void> {
    await this.options.remove(attachment.token).catch((error: unknown) => this.options.log?.(this.options.what, error));
  }
}

/** Help §5 (the ticket's attachment types, also those of the ticketing editors' files) and the editor's 1 byte to 20 MiB. */
function checkNameAndSize(name: string, size: number): void {
  if (!name || name.length > 255 || /[/\\\0]/.test(name)) throw new AppError('INVALID_INPUT', 'Invalid file name.');
  if (!isAllowedAttachmentExtension(extensionOf(name))) throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentType);
  if (!(size >= 1)) throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentEmpty);
  if (size > DESCRIPTION_FILE_MAX_BYTES) throw new AppError('INVALID_INPUT', 'Maximum file size is 20 MiB');
}
