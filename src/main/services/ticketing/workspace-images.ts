/**
 * Inline images of a ticket's conversation (issue 16 point 2; spec
 * ticketing-automations-psa.md §2.5 viewer with download, §4.4, §8.4): the
 * main process fetches them through the attachment's signed URL (cached
 * 55 s, one copy of that mechanism: ../signed-attachments.ts), since the
 * renderer's CSP allows data: images only. Only the ticket's own files are
 * fetched (the renderer is untrusted): attachments of its conversation as
 * last read, not while PROCESSING (§4.4: a placeholder until updated), and
 * the files of the reply being written to it (uploaded this session, or
 * named by its saved draft: a picture of a draft restored after a restart;
 * the instance answers for the technician's own uploads only). Every failure keeps
 * its code and carries §8.4's text: 'Failed to load inline image' for the
 * conversation, 'Error while downloading image.' for the viewer's Download.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { AttachmentPreview } from '../../../shared/model/help';
import { sanitizeFileName, splitExtension } from '../../../shared/rules/file-names';
import { INLINE_IMAGE_MESSAGES } from '../../../shared/rules/ticketing/reply';
import type { SessionService } from '../session/session-service';
import { downloadSigned, SignedAttachments } from '../signed-attachments';
import { TICKETING_API_PATHS } from './ticketing-service';

const signedUrlAnswer = z.object({ signedUrl: z.string().max(4096) });

/** The name a downloaded image is offered under when the attachment has none of its own. */
export const IMAGE_FALLBACK_NAME = 'image';

/** A file of the ticket an image may be fetched for: its name, and its upload status when known. */
export interface TicketFile {
  name: string;
  uploadStatus: string | null;
}

export class WorkspaceImages {
  private readonly attachments: SignedAttachments;

  /** `fileOf`: the ticket's file of that id (its conversation as last read, or the reply being written), else undefined. */
  constructor(
    private readonly session: SessionService,
    private readonly fileOf: (ticketId: number, attachmentId: string) => TicketFile | undefined,
    now?: () => number,
  ) {
    this.attachments = new SignedAttachments({
      signedUrl: async (id) => (await this.session.api().getJson(TICKETING_API_PATHS.attachmentSignedUrl(id), signedUrlAnswer)).signedUrl,
      download: (url, limits) => downloadSigned(this.session.api().baseUrl, url, limits),
      now,
    });
  }

  /** A new session: its signed URLs are not the next one's. */
  reset(): void {
    this.attachments.reset();
  }

  /** §8.4: the image as a data URL, or 'Failed to load inline image' (with the failure's code). */
  async inlineImage(ticketId: number, attachmentId: string): Promise<AttachmentPreview> {
    try {
      this.check(ticketId, attachmentId);
      return await this.attachments.preview(attachmentId);
    } catch (error) {
      throw withMessage(error, INLINE_IMAGE_MESSAGES.loadFailed);
    }
  }

  /**
   * The viewer's Download: the image fetched again (a new signed URL once the
   * cached one is 55 s old), with a name safe on Windows and macOS; §8.4
   * 'Error while downloading image.' on failure.
   */
  async downloadImage(ticketId: number, attachmentId: string): Promise<AttachmentPreview & { name: string }> {
    try {
      const attachment = this.check(ticketId, attachmentId);
      const preview = await this.attachments.preview(attachmentId);
      return { ...preview, name: downloadName(attachment.name, preview.contentType) };
    } catch (error) {
      throw withMessage(error, INLINE_IMAGE_MESSAGES.downloadFailed);
    }
  }

  private check(ticketId: number, attachmentId: string): TicketFile {
    const attachment = this.fileOf(ticketId, attachmentId);
    if (!attachment) throw new AppError('NOT_FOUND', 'This image is not a file of the ticket as it was last read.');
    // §4.4: no signed URL until the instance has the file; the renderer shows the placeholder meanwhile.
    if (attachment.uploadStatus === 'PROCESSING') throw new AppError('INVALID_INPUT', 'This image is still being processed.');
    return attachment;
  }
}

/** The attachment's name made safe for Windows and macOS, with the extension of what was fetched when it has none. */
export function downloadName(name: string, contentType: AttachmentPreview['contentType']): string {
  const safe = sanitizeFileName(name, IMAGE_FALLBACK_NAME);
  return splitExtension(safe).extension ? safe : `${safe}.${contentType.slice('image/'.length)}`;
}

/** §8.4's text, the failure's code kept (OFFLINE, NOT_FOUND, … tell the renderer what happened). */
function withMessage(error: unknown, message: string): AppError {
  return new AppError(error instanceof AppError ? error.code : 'INTERNAL', message, { cause: error });
}
