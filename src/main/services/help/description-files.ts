/**
 * Files pasted or dropped into the help ticket's description (issue 11 point
 * 8; spec §4 "Rich-text editor", §7 attachment upload): the renderer hands
 * their bytes over in pieces (a clipboard image has no path on disk), this
 * store checks them as it checks files from disk (type, size, the file
 * check), uploads each through the attachment call, and keeps its upload
 * token here: the renderer only ever names a file by the id it chose, and the
 * ticket gets the tokens of the ids it names.
 */
import { AppError } from '../../../shared/errors';
import type { AttachmentInfo, UploadedAttachment } from '../../../shared/model/help';
import { extensionOf, FILE_CHECK_BYTES, HELP_MESSAGES, isAllowedAttachmentExtension, passesFileCheck } from '../../../shared/rules/help';
import { DESCRIPTION_FILE_MAX_BYTES, DESCRIPTION_MESSAGES, descriptionCountMessage, TICKET_MAX_DESCRIPTION_FILES } from '../../../shared/rules/help-description';
import type { UploadSource } from './help-api';

/** How many description files may be staged or uploaded at once (all drafts together): bounds the memory they take. */
const MAX_FILES_HELD = TICKET_MAX_DESCRIPTION_FILES * 2;

interface DescriptionFile {
  name: string;
  size: number;
  chunks: Buffer[];
  received: number;
  controller: AbortController | null;
  uploaded: UploadedAttachment | null;
}

export interface DescriptionFilesOptions {
  upload: (file: UploadSource, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<UploadedAttachment>;
  remove: (token: string) => Promise<void>;
  log?: (what: string, error: unknown) => void;
}

export interface StagePiece {
  uploadId: string;
  name: string;
  size: number;
  offset: number;
  /** Base64 of the bytes at offset. */
  data: string;
}

function info(attachment: UploadedAttachment): AttachmentInfo {
  const { token: _token, ...rest } = attachment;
  return rest;
}

export class DescriptionFiles {
  private readonly files = new Map<string, DescriptionFile>();

  constructor(private readonly options: DescriptionFilesOptions) {}

  /** One piece, in order; the first one names the file and is checked against the rules before anything is kept. */
  stage(piece: StagePiece): { received: number } {
    let file = this.files.get(piece.uploadId);
    if (!file) {
      if (piece.offset !== 0) throw new AppError('INVALID_INPUT', 'This file was not started.');
      checkNameAndSize(piece.name, piece.size);
      if (this.files.size >= MAX_FILES_HELD) throw new AppError('INVALID_INPUT', descriptionCountMessage());
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
  async upload(uploadId: string): Promise<AttachmentInfo> {
    const file = this.files.get(uploadId);
    if (!file) throw new AppError('NOT_FOUND', DESCRIPTION_MESSAGES.gone);
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

  /** The upload tokens of the files a ticket names, in its order; each must be uploaded by now. */
  tokens(uploadIds: readonly string[]): string[] {
    if (uploadIds.length > TICKET_MAX_DESCRIPTION_FILES) throw new AppError('INVALID_INPUT', descriptionCountMessage());
    return uploadIds.map((id) => {
      const file = this.files.get(id);
      if (!file?.uploaded) throw new AppError(file ? 'CONFLICT' : 'NOT_FOUND', file ? DESCRIPTION_MESSAGES.stillUploading : DESCRIPTION_MESSAGES.gone);
      return file.uploaded.token;
    });
  }

  /** The ticket that carries them was created: they belong to it now. */
  forget(uploadIds: readonly string[]): void {
    for (const id of uploadIds) this.files.delete(id);
  }

  /** A new session: nothing of the last one is kept (its uploads are the old session's). */
  reset(): void {
    for (const file of this.files.values()) file.controller?.abort();
    this.files.clear();
  }

  private async removeFromServer(attachment: UploadedAttachment): Promise<void> {
    await this.options.remove(attachment.token).catch((error: unknown) => this.options.log?.('help: removing a description file', error));
  }
}

/** §5 (the ticket's attachment types) and the editor's 1 byte to 20 MiB. */
function checkNameAndSize(name: string, size: number): void {
  if (!name || name.length > 255 || /[/\\\0]/.test(name)) throw new AppError('INVALID_INPUT', 'Invalid file name.');
  if (!isAllowedAttachmentExtension(extensionOf(name))) throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentType);
  if (!(size >= 1)) throw new AppError('INVALID_INPUT', HELP_MESSAGES.attachmentEmpty);
  if (size > DESCRIPTION_FILE_MAX_BYTES) throw new AppError('INVALID_INPUT', 'Maximum file size is 20 MiB');
}
