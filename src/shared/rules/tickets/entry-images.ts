/**
 * Pictures written into a conversation entry itself (`<img src="data:…">`,
 * no attachment), pure: the renderer names one by the entry it is in and a
 * fingerprint of its src, never by handing over bytes; the main process
 * finds the picture in the entry's html as the instance sent it (so only a
 * picture it read can be saved) and saves its bytes like any other image.
 * Both sides fingerprint the same normalized src with the one function
 * below (SHA-256, hex): attribute whitespace is dropped (a wrapped base64
 * body is the same picture).
 */

/** A data: URL of an image (any declared image type: the bytes are sniffed before anything is saved). */
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[^,]*)?,/i;

/** The named references a src of a data: URL may use (HTML5 spells these characters so). */
const NAMED: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  sol: '/',
  plus: '+',
  equals: '=',
  colon: ':',
  semi: ';',
  comma: ',',
  newline: '\n',
  tab: '\t',
};

function codePoint(value: number): string {
  return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : '\uFFFD';
}

/** An attribute value with its character references decoded, as a browser's parser reads it. */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') return codePoint(ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10));
    return Object.hasOwn(NAMED, ref.toLowerCase()) ? NAMED[ref.toLowerCase()]! : whole;
  });
}

/** The src of every `<img>` in `html`, decoded, in order. */
export function htmlImageSources(html: string): string[] {
  const sources: string[] = [];
  for (const tag of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag[0]);
    if (src) sources.push(decodeAttribute(src[1] ?? src[2] ?? src[3] ?? ''));
  }
  return sources;
}

/** The src as both sides fingerprint it: without whitespace. */
function normalizedImageSource(src: string): string {
  return src.replace(/\s+/g, '');
}

/** Whether a src is a data: image (after normalizing). */
export function isDataImageSource(src: string): boolean {
  return DATA_IMAGE.test(normalizedImageSource(src));
}

/** The base64 body of a data: image, or null (not a data: image, or not base64: pictures are always base64). */
export function dataImageBase64(src: string): string | null {
  const normalized = normalizedImageSource(src);
  const match = DATA_IMAGE.exec(normalized);
  if (!match || !/;base64,$/i.test(match[0])) return null;
  const body = normalized.slice(match[0].length);
  return /^[A-Za-z0-9+/]*={0,2}$/.test(body) && body.length > 0 ? body : null;
}

/** The fingerprint a picture is named by: SHA-256 of its normalized src, hex (Web Crypto: the renderer and the main process alike). */
export async function imageFingerprint(src: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalizedImageSource(src)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A SHA-256 fingerprint, 64 lowercase hex digits (what the renderer sends). */
export const IMAGE_FINGERPRINT = /^[0-9a-f]{64}$/;

/** The messages of a picture saved from an entry (§8.4's own text is shown; these stay in the log). */
export const ENTRY_IMAGE_MESSAGES = {
  notInEntry: 'This picture is not in that entry of the ticket as the instance sent it.',
  notAnImage: 'This picture is not a JPEG, PNG or GIF image.',
} as const;
