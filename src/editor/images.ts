/** Image rules of the spec: accepted data URLs, local files ignored, resize bounds. */
import { IMAGE_DATA_URL_TYPES, IMAGE_EDITOR_WIDTH_MARGIN, IMAGE_MIN_WIDTH, IMAGE_UPLOAD_TYPES } from './constants';

const ACCEPTED_DATA_URL = new RegExp(`^data:image/(?:${IMAGE_DATA_URL_TYPES.join('|')})(?:;[^,]*)?,`, 'i');

/** Images accept only jpeg, jpg, png and gif data URLs. */
export function isAcceptedImageDataUrl(src: string): boolean {
  return ACCEPTED_DATA_URL.test(src.trim());
}

/** A src with a local file scheme (file:), which is ignored on import. */
export function isLocalFileSrc(src: string): boolean {
  return /^\s*file:/i.test(src);
}

/**
 * Whether an imported image is kept. Local-file srcs are ignored. An image
 * that already has a cid is content the host uploaded (its src is the
 * signed URL); one without a cid is kept only as an accepted data URL, which
 * the editor then uploads.
 */
export function acceptImportedImageSrc(src: string, cid: string | null): boolean {
  if (!src || isLocalFileSrc(src)) return false;
  if (cid) return true;
  return isAcceptedImageDataUrl(src);
}

/** An image without a cid that must still go through the host upload. */
export function needsImageUpload(attrs: { cid?: unknown; src?: unknown }): boolean {
  return !attrs.cid && typeof attrs.src === 'string' && isAcceptedImageDataUrl(attrs.src);
}

/** Resized width: at least 100, at most the editor width minus 20. */
export function clampImageWidth(width: number, editorWidth: number): number {
  const max = Math.max(IMAGE_MIN_WIDTH, editorWidth - IMAGE_EDITOR_WIDTH_MARGIN);
  return Math.round(Math.min(max, Math.max(IMAGE_MIN_WIDTH, width)));
}

/** Height that keeps the aspect ratio for a new width, or null when unknown. */
export function scaledHeight(width: number, naturalWidth: number, naturalHeight: number): number | null {
  if (!(naturalWidth > 0 && naturalHeight > 0)) return null;
  return Math.round((width * naturalHeight) / naturalWidth);
}

/** Inline drops accept only image types. */
export function isInlineImageFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return (IMAGE_UPLOAD_TYPES as readonly string[]).includes(type) || (ext !== '' && (IMAGE_UPLOAD_TYPES as readonly string[]).includes(`.${ext}`));
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Decodes an accepted data URL into a File for the host upload. */
export function dataUrlToFile(dataUrl: string, baseName = 'pasted-image'): File | null {
  const match = /^data:(image\/[a-z]+)(;base64)?,(.*)$/is.exec(dataUrl.trim());
  if (!match || !isAcceptedImageDataUrl(dataUrl)) return null;
  const [, mime, base64, payload] = match as unknown as [string, string, string | undefined, string];
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (base64) {
      const binary = atob(payload);
      bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    } else {
      bytes = new TextEncoder().encode(decodeURIComponent(payload)) as Uint8Array<ArrayBuffer>;
    }
  } catch {
    return null;
  }
  const ext = mime.toLowerCase() === 'image/jpeg' ? 'jpg' : mime.slice('image/'.length).toLowerCase();
  return new File([bytes], `${baseName}.${ext}`, { type: mime.toLowerCase() === 'image/jpg' ? 'image/jpeg' : mime.toLowerCase() });
}
