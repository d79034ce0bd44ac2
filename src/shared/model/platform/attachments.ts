/**
 * Attachments, as every area that uploads or shows them reads them: the help
 * ticket's, the ticketing editors' and a ticket's
 * (spec/help-shared-blocks-editor.md §3 "Attachment", §4, §5).
 */

/** A file the technician picked for a ticket, as the §5 checks read it. */
export interface AttachmentFile {
  /** How the form names it (a picked file's name: the renderer knows no path on disk). */
  path: string;
  name: string;
  size: number;
  /** Lower-case extension without the dot ('' when none). */
  extension: string;
  /** Whether its first bytes look like its extension says (the spec's "file check"). */
  passesFileCheck: boolean;
}

export const UPLOAD_STATUSES = ['SUCCESS', 'FAILURE', 'SUSPICIOUS', 'PROCESSING'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Attachment (§3) as the upload call answers it, with its upload token. */
export interface UploadedAttachment {
  id: string;
  resourceId: string;
  contentId: string;
  uploadStatus: UploadStatus;
  metadata: { name: string; size: number; contentType: string };
  token: string;
}

/** An uploaded attachment as the renderer sees it: the Attachment of §3, without its upload token. */
export type AttachmentInfo = Omit<UploadedAttachment, 'token'>;

/** The image of a SUCCESS attachment, fetched by the main process through its signed URL (the renderer's CSP allows data: images only). */
export interface AttachmentPreview {
  /** data:image/(png|jpeg|gif);base64,... */
  dataUrl: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/gif';
  size: number;
}
