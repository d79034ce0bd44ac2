/**
 * Files added to an automation's email and comment bodies (spec
 * ticketing-automations-psa.md §3.5 attachment): staged in pieces, uploaded
 * by the help description's rules (../platform/staged-uploads.ts) with ticketing's
 * words, and kept in the main process as their tempIds until a save names
 * them. The renderer names a new file by the upload id it chose; the save
 * sends its tempId, and once the trigger is stored the file is the
 * trigger's (forgotten here: a retry or a close must not send or drop it
 * again).
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { UPLOAD_STATUSES, type AttachmentInfo, type UploadedAttachment } from '../../../shared/model/platform/attachments';
import { attachmentId } from '../../../shared/rules/platform/attachment-schemas';
import { TRIGGER_MESSAGES } from '../../../shared/rules/ticketing/trigger';
import { TRIGGER_MAX_NEW_FILES, TRIGGER_UPLOAD_MESSAGES, triggerFilesCountMessage } from '../../../shared/rules/ticketing/uploads';
import { postFile } from '../platform/api/post-file';
import type { SessionService } from '../session';
import { StagedUploads, type StagePiece } from '../platform/staged-uploads';
import { text, TICKETING_API_PATHS } from './ticketing-api';

/**
 * The upload call's answer (§3.5 attachment: id, resourceId, tempId,
 * uploadStatus, metadata with name, contentId, inline): read tolerantly, only
 * the tempId is needed (what a save names; kept in the main process, checked
 * as an attachment id is, as it goes into a path). What the answer lacks is
 * the file's own (its name and size as sent).
 */
export function uploadAnswer(file: { name: string; size: number }) {
  const optionalText = (max: number) => z.union([text(max), z.number().transform(String)]).optional().catch(undefined);
  return z
    .object({
      tempId: attachmentId,
      id: optionalText(200),
      resourceId: optionalText(200),
      contentId: optionalText(200),
      uploadStatus: z.enum(UPLOAD_STATUSES).catch('PROCESSING'),
      metadata: z
        .object({ name: text(1024).optional().catch(undefined), size: z.number().int().nonnegative().optional().catch(undefined), contentType: text(200).optional().catch(undefined), contentId: optionalText(200) })
        .catch({}),
    })
    .transform(
      ({ tempId, id, resourceId, contentId, uploadStatus, metadata }): UploadedAttachment => ({
        id: id || tempId,
        resourceId: resourceId ?? '',
        contentId: contentId ?? metadata.contentId ?? '',
        uploadStatus,
        metadata: { name: metadata.name ?? file.name, size: metadata.size ?? file.size, contentType: metadata.contentType ?? 'application/octet-stream' },
        token: tempId,
      }),
    );
}

/** Files of the email and comment bodies: the help description's rules, ticketing's words. */
const TRIGGER_FILES = {
  maxPerUse: TRIGGER_MAX_NEW_FILES,
  messages: { gone: TRIGGER_UPLOAD_MESSAGES.gone, stillUploading: TRIGGER_UPLOAD_MESSAGES.stillUploading, count: triggerFilesCountMessage() },
  what: 'ticketing: removing an uploaded file',
} as const;

export class TriggerUploads {
  private readonly files: StagedUploads;

  constructor(session: SessionService, log?: (what: string, error: unknown) => void) {
    this.files = new StagedUploads({
      ...TRIGGER_FILES,
      upload: (file, onProgress, signal) => postFile(session.api(), TICKETING_API_PATHS.upload, file, uploadAnswer(file), onProgress, signal),
      remove: async (tempId) => {
        await session.api().requestJson('DELETE', TICKETING_API_PATHS.uploaded(tempId), z.unknown());
      },
      log,
    });
  }

  /** Forgets the files waiting for a save when the session changes. */
  reset(): void {
    this.files.reset();
  }

  /** A piece of a file added to an email or comment body (in order; the first names it and is checked). */
  stage(piece: StagePiece): { received: number } {
    return this.files.stage(piece);
  }

  /** All its pieces are in: the file check, then the upload call; answers it without its tempId. */
  upload(uploadId: string): Promise<AttachmentInfo> {
    return this.files.upload(uploadId);
  }

  /** Removed before a save, or the editor closed unsaved: forgotten, and dropped on the instance once uploaded. */
  discard(uploadId: string): Promise<{ discarded: boolean }> {
    return this.files.discard(uploadId);
  }

  /** Whether `uploadId` names a file uploaded here and waiting for a save (else it names a kept attachment). */
  has(uploadId: string): boolean {
    return this.files.has(uploadId);
  }

  /**
   * Saves with `uploads` (kept attachments by id, new files by upload id),
   * each once (a tempId named twice would be claimed twice), the new files
   * sent as their tempIds (each uploaded by now).
   */
  async sending<T>(uploads: readonly string[], save: (sent: string[]) => Promise<T>): Promise<T> {
    const unique = [...new Set(uploads)];
    const newFiles = unique.filter((upload) => this.files.has(upload));
    const tempIds = new Map(this.files.tokens(newFiles).map((tempId, i) => [newFiles[i]!, tempId]));
    try {
      const saved = await save(unique.map((upload) => tempIds.get(upload) ?? upload));
      this.files.forget(newFiles);
      return saved;
    } catch (error) {
      // Stored, but the answer could not be read: the files are the trigger's now (a retry or a close must not send or drop them again).
      if (error instanceof AppError && error.message === TRIGGER_MESSAGES.savedUnreadable) this.files.forget(newFiles);
      throw error;
    }
  }
}
