/**
 * Files pasted or dropped into the help ticket's description (spec/help-shared-blocks-editor.md §4 "Rich-text editor": images
 * pasted or dropped with no cid are uploaded, the attachment tray shows them;
 * §5/§9: uploads of 1 byte to 20 MiB). They go through the attachment call
 * like the form's attachments, and their upload tokens join the ticket's
 * `imageTokens` (§3, §7). The renderer holds their bytes (a clipboard has no
 * path), so it hands them to the main process in pieces small enough for
 * either transport. Pure: no DOM, no Node.
 */
import { extensionOf, fillPlaceholders, isAllowedAttachmentExtension } from '../platform/attachments';

/** §5/§9 "Rich-text editor": file uploads are at most 20 MiB (the editor is a shared block: platform's limit). */
export { DESCRIPTION_FILE_MAX_BYTES } from '../platform/attachments';
export { DESCRIPTION_CHUNK_BASE64_MAX, DESCRIPTION_CHUNK_BYTES } from '../platform/attachment-schemas';

/** How many files one description may carry (the spec gives no number; the form's attachments are 5 more). */
export const TICKET_MAX_DESCRIPTION_FILES = 10;
/** Types the tray accepts: the ticket attachment types (§5), as the editor's allow-list reads them. */
export const DESCRIPTION_FILE_TYPES: readonly string[] = ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg', '.mov', '.txt'];

/** The console's own texts (the spec words none of these). */
export const DESCRIPTION_MESSAGES = {
  trayLabel: 'Files in the description',
  count: 'Only {{maxFiles}} files are allowed in the description.',
  stillUploading: 'Wait until the files in the description are uploaded, or remove them.',
  gone: 'A file of the description is no longer uploaded. Remove it and paste it again.',
} as const;

export function descriptionCountMessage(maxFiles = TICKET_MAX_DESCRIPTION_FILES): string {
  return fillPlaceholders(DESCRIPTION_MESSAGES.count, { maxFiles });
}

/** A pasted picture may come without a usable extension: its type names one (the main process checks the bytes). */
export function descriptionFileName(name: string, type: string): string {
  if (isAllowedAttachmentExtension(extensionOf(name))) return name;
  const base = name.trim() || 'pasted-image';
  if (type === 'image/png') return `${base}.png`;
  if (type === 'image/jpeg' || type === 'image/jpg') return `${base}.jpg`;
  return name;
}

/** Image tags whose source is inline data or local to this computer: never part of a ticket. */
const IMG_TAG = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** A numeric character reference as a browser reads it: out of range (or too long to be a number) is U+FFFD, never a thrown RangeError. */
function codePointOf(value: number): string {
  return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD';
}

/** The attribute as a browser reads it: character references decoded, control characters and spaces dropped. */
function decodedAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePointOf(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => codePointOf(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .split('')
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
}

function isInlineOrLocalSrc(src: string): boolean {
  return /^(data|blob|file|filesystem):/i.test(decodedAttribute(src));
}

/**
 * The ticket body as it is sent: every `<img>` whose source is a data:,
 * blob: or file: URL, or that has no source, is left out. The description's
 * images travel as uploads (their tokens in `imageTokens`), never inlined.
 */
export function ticketBodyWithoutInlineImages(html: string): string {
  return html.replace(IMG_TAG, (tag) => {
    const match = SRC_ATTRIBUTE.exec(tag);
    const src = match ? (match[1] ?? match[2] ?? match[3] ?? '') : '';
    return !src.trim() || isInlineOrLocalSrc(src) ? '' : tag;
  });
}
