/**
 * Attachments, for every area that uploads or shows them
 * (spec/help-shared-blocks-editor.md §3 "Attachment", §4 "Attachment
 * display", §5, §8 'Resource Not Found' and 'Attachment preview fails', §9):
 * the limits and allow-list of attachment files and the checks of a
 * selection, what a card shows for an upload status, upload progress and a
 * preview, and the bounds of an image preview fetched by the main process.
 * Pure: no DOM, no Node.
 */
import type { AttachmentFile, UploadStatus } from '../../model/platform/attachments';
import { ownValue } from './own-keys';

/** §9 */
export const TICKET_MAX_ATTACHMENTS = 5;
/** 50 MB per attachment (binary megabytes, as file sizes are shown). */
export const TICKET_ATTACHMENT_MAX_BYTES = 50 * 1024 * 1024;
export const TICKET_ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'mov', 'txt'] as const;
export const SIGNED_URL_CACHE_MS = 55_000;
/** §5/§9 "Rich-text editor" (a shared block): file uploads are at most 20 MiB. */
export const DESCRIPTION_FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The texts of attachments: the spec's, to the letter (§5, §8 'Resource Not
 * Found'), and the console's own (the processing placeholder, the previews,
 * an attachment no longer held).
 */
export const ATTACHMENT_MESSAGES = {
  attachmentType: 'Only jpg, jpeg, png, mov, txt file extensions are supported.',
  attachmentDuplicate: 'File {{fileName}} has already been uploaded.',
  attachmentsTooLarge: 'Please select a different file. The following file(s) are too large: ',
  attachmentCount: 'Only {{maxFiles}} attachments are allowed.',
  attachmentEmpty: 'Minimum file size is 1 byte',
  resourceNotFound: 'Resource Not Found',
  /** An attachment the main process no longer holds (canceled, or let go): the form hands it over again at the next submit. */
  attachmentGone: 'An attachment was not received whole. Submit the ticket again.',
  processing: 'Processing attachment…',
  /** Asked for the content of an attachment still PROCESSING (ticketing §4.1 fetches none for it). */
  stillProcessing: 'This attachment is still being processed.',
  previewFailed: 'The preview could not be loaded.',
  previewUnsupported: 'There is no preview for this kind of file.',
  previewTooLarge: 'This image is too large to preview.',
} as const;

export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isAllowedAttachmentExtension(extension: string): boolean {
  return (TICKET_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}

/** How many leading bytes `passesFileCheck` looks at. */
export const FILE_CHECK_BYTES = 4096;

const QUICKTIME_ATOMS = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'];

/**
 * The spec's "file check": the first bytes agree with the extension
 * (JPEG and PNG signatures, a QuickTime atom, text without NUL bytes).
 */
export function passesFileCheck(extension: string, head: Uint8Array): boolean {
  const bytes = (...values: number[]) => values.every((value, i) => head[i] === value);
  switch (extension.toLowerCase()) {
    case 'jpg':
    case 'jpeg':
      return bytes(0xff, 0xd8, 0xff);
    case 'png':
      return bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'mov': {
      if (head.length < 8) return false;
      const atom = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
      return QUICKTIME_ATOMS.includes(atom);
    }
    case 'txt':
      return !head.subarray(0, FILE_CHECK_BYTES).includes(0);
    default:
      return false;
  }
}

export interface AttachmentSelection {
  /** The files that may be added. */
  accepted: AttachmentFile[];
  /** Messages to show (type, duplicate, count, empty). */
  errors: string[];
  /** Names of files over the size limit (shown in the danger alert). */
  tooLarge: string[];
}

/**
 * §5: up to 5 files, each up to 50 MB, jpg/jpeg/png/mov/txt passing the file
 * check, no duplicate names. A selection that would exceed the count is
 * refused whole, as the file picker does.
 */
export function validateAttachmentSelection(
  current: readonly Pick<AttachmentFile, 'name'>[],
  incoming: readonly AttachmentFile[],
  maxFiles = TICKET_MAX_ATTACHMENTS,
): AttachmentSelection {
  if (current.length + incoming.length > maxFiles) {
    return { accepted: [], errors: [fillPlaceholders(ATTACHMENT_MESSAGES.attachmentCount, { maxFiles })], tooLarge: [] };
  }
  const accepted: AttachmentFile[] = [];
  const errors = new Set<string>();
  const tooLarge: string[] = [];
  const names = new Set(current.map((file) => file.name));
  for (const file of incoming) {
    if (!isAllowedAttachmentExtension(file.extension || extensionOf(file.name)) || !file.passesFileCheck) {
      errors.add(ATTACHMENT_MESSAGES.attachmentType);
    } else if (names.has(file.name)) {
      errors.add(fillPlaceholders(ATTACHMENT_MESSAGES.attachmentDuplicate, { fileName: file.name }));
    } else if (file.size > TICKET_ATTACHMENT_MAX_BYTES) {
      tooLarge.push(file.name);
    } else if (file.size < 1) {
      errors.add(ATTACHMENT_MESSAGES.attachmentEmpty);
    } else {
      names.add(file.name);
      accepted.push(file);
    }
  }
  return { accepted, errors: [...errors], tooLarge };
}

/** The danger alert for files over the size limit. */
export function tooLargeMessage(names: readonly string[]): string {
  return `${ATTACHMENT_MESSAGES.attachmentsTooLarge}${names.join(', ')}`;
}

/** §4: what an uploaded attachment's status leads to. */
type AttachmentDisplay =
  /** FAILURE or SUSPICIOUS: 'Resource Not Found'. */
  | { kind: 'notFound'; message: string }
  /** PROCESSING: a processing placeholder. */
  | { kind: 'processing'; message: string }
  /** SUCCESS: loaded via a signed URL. */
  | { kind: 'signedUrl'; message: null };

/**
 * A status a real instance sends that §3 does not list is loaded like
 * SUCCESS: ticketing §4.1 fetches a signed URL for every attachment that is
 * not PROCESSING, FAILURE or SUSPICIOUS.
 */
export function attachmentDisplay(status: UploadStatus | (string & {})): AttachmentDisplay {
  switch (status) {
    case 'FAILURE':
    case 'SUSPICIOUS':
      return { kind: 'notFound', message: ATTACHMENT_MESSAGES.resourceNotFound };
    case 'PROCESSING':
      return { kind: 'processing', message: ATTACHMENT_MESSAGES.processing };
    default:
      return { kind: 'signedUrl', message: null };
  }
}

/** §4: the file card variants: PROCESSING (loading icon), ERROR, or the default icon by file type. */
type FileCardVariant = 'PROCESSING' | 'ERROR' | 'DEFAULT';

/** The kind of file a card's default icon stands for. */
type FileKind = 'image' | 'video' | 'text' | 'other';

const KIND_BY_EXTENSION: Readonly<Record<string, FileKind>> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  bmp: 'image',
  webp: 'image',
  mov: 'video',
  mp4: 'video',
  avi: 'video',
  webm: 'video',
  txt: 'text',
  log: 'text',
  csv: 'text',
};

/** A type given as a file name, an extension ('png') or a MIME type ('image/png'). */
function normalizedType(type: string): { extension: string; mime: string } {
  const value = type.trim().toLowerCase();
  if (value.includes('/')) return { extension: '', mime: value.split(';')[0]!.trim() };
  return { extension: value.includes('.') ? extensionOf(value) : value, mime: '' };
}

export function fileKindOf(type: string): FileKind {
  const { extension, mime } = normalizedType(type);
  if (mime) {
    if (mime.startsWith('image/')) return 'image';
    if (mime.startsWith('video/')) return 'video';
    if (mime.startsWith('text/')) return 'text';
    return 'other';
  }
  return ownValue(KIND_BY_EXTENSION, extension) ?? 'other';
}

/** The type a card shows (§3 "File card": name, type, size): the extension in capitals, else the MIME subtype. */
export function fileTypeLabel(name: string, type?: string): string {
  const extension = extensionOf(name);
  if (extension) return extension.toUpperCase();
  if (type) {
    const { extension: ext, mime } = normalizedType(type);
    if (ext) return ext.toUpperCase();
    if (mime) return (mime.split('/')[1] ?? mime).toUpperCase();
  }
  return 'FILE';
}

/** Images the main process fetches for a preview (jpg, jpeg, png, gif), at most 5 MiB. */
export const ATTACHMENT_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
const ATTACHMENT_PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const ATTACHMENT_PREVIEW_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
type PreviewMimeType = (typeof ATTACHMENT_PREVIEW_MIME_TYPES)[number];

/** Whether a file (by name, extension or MIME type) gets an image preview. */
export function isPreviewableImage(type: string): boolean {
  const { extension, mime } = normalizedType(type);
  if (mime) return (ATTACHMENT_PREVIEW_MIME_TYPES as readonly string[]).includes(mime);
  return (ATTACHMENT_PREVIEW_EXTENSIONS as readonly string[]).includes(extension);
}

/** The image type the first bytes say (JPEG, PNG or GIF signatures), or null. */
export function sniffImageType(head: Uint8Array): PreviewMimeType | null {
  const starts = (...values: number[]) => head.length >= values.length && values.every((value, i) => head[i] === value);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // GIF87a / GIF89a
  if (starts(0x47, 0x49, 0x46, 0x38) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) return 'image/gif';
  return null;
}

interface AttachmentCardInput {
  name: string;
  /** Extension or MIME type; the name's extension when absent. */
  type?: string;
  /** The server's status once uploaded; null or absent for a file not uploaded (yet). */
  uploadStatus?: UploadStatus | (string & {}) | null;
  /** Upload progress in percent while uploading; null or absent otherwise. */
  progress?: number | null;
  /** The upload itself failed. */
  uploadFailed?: boolean;
  /** The preview was tried and failed (§8: fallback icon and error report). */
  previewFailed?: boolean;
}

export type AttachmentIcon = 'loading' | 'error' | 'fallback' | FileKind;

interface AttachmentCardView {
  variant: FileCardVariant;
  icon: AttachmentIcon;
  /** 'Resource Not Found', the processing placeholder, or nothing. */
  message: string | null;
  /** SUCCESS image: load its preview through the signed URL. */
  loadPreview: boolean;
  /** §4: progress under 100 shows a progress bar and a cancel button. */
  uploading: boolean;
}

/** Whether an upload is under way: progress known and under 100. */
export function isUploading(progress: number | null | undefined): boolean {
  return typeof progress === 'number' && Number.isFinite(progress) && progress < 100;
}

/** §4 and §8, all together: what an attachment card shows. */
export function attachmentCardView(input: AttachmentCardInput): AttachmentCardView {
  const type = input.type || input.name;
  const kind = fileKindOf(type) === 'other' ? fileKindOf(input.name) : fileKindOf(type);
  const uploading = isUploading(input.progress);
  if (input.uploadFailed) return { variant: 'ERROR', icon: 'error', message: null, loadPreview: false, uploading: false };
  // Not uploaded (yet): the default icon by file type; while uploading, the progress bar and cancel button too.
  if (!input.uploadStatus) return { variant: 'DEFAULT', icon: kind, message: null, loadPreview: false, uploading };
  const display = attachmentDisplay(input.uploadStatus);
  switch (display.kind) {
    case 'notFound':
      return { variant: 'ERROR', icon: 'error', message: display.message, loadPreview: false, uploading: false };
    case 'processing':
      return { variant: 'PROCESSING', icon: 'loading', message: display.message, loadPreview: false, uploading: false };
    case 'signedUrl': {
      const previewable = isPreviewableImage(type) || isPreviewableImage(input.name);
      if (input.previewFailed) return { variant: 'DEFAULT', icon: 'fallback', message: null, loadPreview: false, uploading: false };
      return { variant: 'DEFAULT', icon: kind, message: null, loadPreview: previewable, uploading: false };
    }
  }
}
