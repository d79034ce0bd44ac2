/**
 * Inline images of a ticket's conversation (spec
 * ticketing-automations-psa.md §2.5 viewer with download, §4.4, §8.4): the
 * main process fetches them through the attachment's signed URL (cached
 * 55 s, one copy of that mechanism: ../platform/signed-attachments.ts), since the
 * renderer's CSP allows data: images only. Only the ticket's own files are
 * fetched (the renderer is untrusted): attachments of its conversation as
 * last read, not while PROCESSING (§4.4: a placeholder until updated), and
 * the files of the reply being written to it (uploaded this session, or
 * named by its saved draft: a picture of a draft restored after a restart;
 * the instance answers for the technician's own uploads only). The viewer's
 * Download is saved by the main process (DESIGN "Security rules"): into the
 * folder downloads already go to (browser mode: the downloads root; Electron:
 * the user's Downloads folder), under the attachment's name made safe,
 * never over a file ('name (1).png'), through a `.part`, with the "from the
 * internet" mark (../platform/files/saved-file.ts). Every failure keeps its code
 * and carries §8.4's text: 'Failed to load inline image' for the
 * conversation, 'Error while downloading image.' for the viewer's Download.
 * A picture written into an entry itself (a data: image) is saved the same
 * way (saveEntryImage): found by its fingerprint in the entry's html as the
 * main process read it, its type sniffed from its bytes, named 'image' with
 * that type's extension. An id the main process never issued is refused
 * (INVALID_INPUT) before anything is asked of the instance.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { AttachmentPreview } from '../../../shared/model/platform/attachments';
import { ATTACHMENT_MESSAGES, ATTACHMENT_PREVIEW_MAX_BYTES, attachmentDisplay, sniffImageType } from '../../../shared/rules/platform/attachments';
import { dataImageBase64, ENTRY_IMAGE_MESSAGES, htmlImageSources, imageFingerprint, isDataImageSource } from '../../../shared/rules/tickets/entry-images';
import { sanitizeFileName, splitExtension } from '../../../shared/rules/platform/file-names';
import { INLINE_IMAGE_MESSAGES } from '../../../shared/rules/tickets/reply';
import type { MarkFromInternet } from '../platform/files/internet-mark';
import { saveNewFile } from '../platform/files/saved-file';
import type { SessionService } from '../session';
import { downloadSigned, SignedAttachments } from '../platform/signed-attachments';
import { TICKETING_API_PATHS } from '../ticketing';

const signedUrlAnswer = z.object({ signedUrl: z.string().max(4096) });

/** The name a downloaded image is offered under when the attachment has none of its own. */
export const IMAGE_FALLBACK_NAME = 'image';

/** A file of the ticket an image may be fetched for: its name, and its upload status when known. */
export interface TicketFile {
  name: string;
  uploadStatus: string | null;
}

/** Where and how the viewer's Download saves an image (Electron-free: plain values and functions from app-services). */
interface ImageSaving {
  /** The folder downloads go to: browser mode's downloads root, or the user's Downloads folder. */
  folder: () => string;
  markFromInternet: MarkFromInternet;
  /** Tests pretend to be another platform. */
  platform?: NodeJS.Platform;
}

interface WorkspaceImagesOptions {
  session: SessionService;
  /** The ticket's file of that id (its conversation as last read, or the reply being written); 'elsewhere': issued, but not this ticket's; 'unknown': never issued. */
  fileOf: (ticketId: number, attachmentId: string) => TicketFile | 'elsewhere' | 'unknown';
  saving: ImageSaving;
  now?: () => number;
  log?: (what: string, error: unknown) => void;
}

export class WorkspaceImages {
  private readonly attachments: SignedAttachments;
  private readonly session: SessionService;

  constructor(private readonly options: WorkspaceImagesOptions) {
    this.session = options.session;
    this.attachments = new SignedAttachments({
      signedUrl: async (id) => (await this.session.api().getJson(TICKETING_API_PATHS.attachmentSignedUrl(id), signedUrlAnswer)).signedUrl,
      download: (url, limits) => downloadSigned(this.session.api().baseUrl, url, limits),
      now: options.now,
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

  /**
   * The viewer's Download saved to disk: fetched as `downloadImage` fetches it
   * (the same checks: the ticket's own file, not PROCESSING, an image whose
   * bytes agree), written into the downloads folder under a new name;
   * answers that name and the full path. §8.4 'Error while downloading
   * image.' on any failure, nothing left on disk.
   */
  async saveImage(ticketId: number, attachmentId: string): Promise<{ name: string; path: string }> {
    try {
      const attachment = this.check(ticketId, attachmentId);
      // The origin the bytes come from, taken before the fetch (the session may end meanwhile).
      const origin = this.session.api().baseUrl;
      const preview = await this.attachments.preview(attachmentId);
      return await this.save(downloadName(attachment.name, preview.contentType), bytesOf(preview), origin);
    } catch (error) {
      throw withMessage(error, INLINE_IMAGE_MESSAGES.downloadFailed);
    }
  }

  /**
   * The viewer's Download of a picture written into an entry (a data: image):
   * `entryHtml` answers the entry's html as the main process read it (null:
   * no such entry); the picture is the one whose normalized src has this
   * SHA-256 `fingerprint`. Its bytes are sniffed (JPEG, PNG, GIF, at most
   * 5 MiB) and saved as any other image, named 'image' with their type's
   * extension. §8.4 'Error while downloading image.' on any failure.
   */
  async saveEntryImage(entryHtml: () => Promise<string | null>, fingerprint: string): Promise<{ name: string; path: string }> {
    try {
      const origin = this.session.api().baseUrl;
      const html = await entryHtml();
      let src: string | undefined;
      for (const source of html === null ? [] : htmlImageSources(html)) {
        if (isDataImageSource(source) && (await imageFingerprint(source)) === fingerprint) {
          src = source;
          break;
        }
      }
      if (src === undefined) throw new AppError('INVALID_INPUT', ENTRY_IMAGE_MESSAGES.notInEntry);
      const base64 = dataImageBase64(src);
      const bytes = base64 === null || base64.length > Math.ceil(ATTACHMENT_PREVIEW_MAX_BYTES / 3) * 4 ? null : Buffer.from(base64, 'base64');
      const type = bytes ? sniffImageType(bytes.subarray(0, 16)) : null;
      if (!bytes || !type) throw new AppError('INVALID_INPUT', ENTRY_IMAGE_MESSAGES.notAnImage);
      return await this.save(downloadName(IMAGE_FALLBACK_NAME, type), bytes, origin);
    } catch (error) {
      throw withMessage(error, INLINE_IMAGE_MESSAGES.downloadFailed);
    }
  }

  /** Into the downloads folder, never over a file, through a `.part`, marked as from the internet. */
  private async save(name: string, bytes: Buffer, origin: string): Promise<{ name: string; path: string }> {
    const saving = this.options.saving;
    return saveNewFile({ folder: saving.folder(), name, bytes, origin, markFromInternet: saving.markFromInternet, platform: saving.platform, log: this.options.log }).catch((error: unknown) => {
      // §8.4's text replaces the file system's words (a full disk, a folder refused): the log keeps them.
      this.options.log?.('tickets: saving an image', error);
      throw error;
    });
  }

  private check(ticketId: number, attachmentId: string): TicketFile {
    const attachment = this.options.fileOf(ticketId, attachmentId);
    if (attachment === 'unknown') throw new AppError('INVALID_INPUT', 'This image was never shown or uploaded in this console for you.');
    if (attachment === 'elsewhere') throw new AppError('NOT_FOUND', 'This image is not a file of the ticket as it was last read.');
    // §4.4: no signed URL until the instance has the file; the renderer shows the placeholder meanwhile.
    if (attachment.uploadStatus === 'PROCESSING') throw new AppError('INVALID_INPUT', 'This image is still being processed.');
    // FAILURE and SUSPICIOUS (help spec §4): no content to fetch, show or save.
    if (attachmentDisplay(attachment.uploadStatus ?? '').kind === 'notFound') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound);
    return attachment;
  }
}

/**
 * The attachment's name made safe for Windows and macOS, ending in the
 * extension of what was fetched: a name ending otherwise (`x.hta`, `x.exe`)
 * keeps it as part of the name and gets the image's own ('x.hta.png', 'photo.jpg' kept), so the
 * saved file always opens as the image it is.
 */
export function downloadName(name: string, contentType: AttachmentPreview['contentType']): string {
  const safe = sanitizeFileName(name, IMAGE_FALLBACK_NAME);
  const type = contentType.slice('image/'.length);
  const allowed = type === 'jpeg' ? ['jpg', 'jpeg'] : [type];
  const extension = splitExtension(safe).extension.replace(/^\./, '').toLowerCase();
  return allowed.includes(extension) ? safe : `${safe}.${type}`;
}

/** The bytes of a fetched image (its data URL is base64 of exactly what was downloaded and checked). */
function bytesOf(preview: AttachmentPreview): Buffer {
  return Buffer.from(preview.dataUrl.slice(preview.dataUrl.indexOf(',') + 1), 'base64');
}

/** §8.4's text, the failure's code kept (OFFLINE, NOT_FOUND, … tell the renderer what happened). */
function withMessage(error: unknown, message: string): AppError {
  return new AppError(error instanceof AppError ? error.code : 'INTERNAL', message, { cause: error });
}
