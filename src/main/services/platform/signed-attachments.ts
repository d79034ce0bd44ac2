/**
 * Attachments behind signed URLs, one copy for every area that shows them:
 * the help ticket's (spec/help-shared-blocks-editor.md §4, §7, §8) and an
 * automation's (spec/ticketing-automations-psa.md §4.1, §7.1). An
 * attachment's signed URL is cached 55 s; its image preview is fetched here,
 * in the main process, because the renderer's CSP allows data: images only:
 * at most 5 MiB of jpg/jpeg/png/gif whose first bytes agree, a new URL asked
 * for once when the cached one turns out expired, 'Resource Not Found' for an
 * attachment the server has no URL or no content for. `downloadSigned` is
 * the bounded download itself.
 */
import got from 'got';
import { AppError } from '../../../shared/errors';
import type { AttachmentPreview } from '../../../shared/model/platform/attachments';
import { ATTACHMENT_MESSAGES, ATTACHMENT_PREVIEW_MAX_BYTES, ATTACHMENT_PREVIEW_MIME_TYPES, SIGNED_URL_CACHE_MS, sniffImageType } from '../../../shared/rules/platform/attachments';
import { surfaceAppErrors } from './api/guarded-hooks';
import { hostOf, toAppError } from './api/http-errors';
import { redirectRefusedError, refusedRedirectReason } from './api/redirect-policy';

/** What a signed URL answered: its content type (without parameters) and its bytes, bounded. */
export interface SignedDownload {
  contentType: string;
  bytes: Buffer;
}

/** In `accept`: a file of any type (one that is saved and opened, never shown by the console). */
export const ANY_CONTENT_TYPE = '*/*';

export interface SignedDownloadLimits {
  /** More bytes than this (announced or received) are refused. */
  maxBytes: number;
  /** Accepted content types (lower case, without parameters), or ANY_CONTENT_TYPE; others are refused before their body is read. */
  accept: readonly string[];
  /** The whole download, answer and body, ends by then (SIGNED_DOWNLOAD_DEADLINE_MS when not given). */
  deadlineMs?: number;
}

/**
 * How long a signed download may take in all. got's timeouts here are per
 * stage and per socket: a server that sends a byte now and then never trips
 * them, and an inline image or a preview would wait for ever.
 */
const SIGNED_DOWNLOAD_DEADLINE_MS = 60_000;

export function deadlineMessage(host: string): string {
  return `The server ${host} did not send the attachment in time.`;
}

function contentTypeOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  return value.split(';')[0]!.trim().toLowerCase();
}

/**
 * Downloads what a signed URL points at (no bearer token: the signature is
 * the permission), refusing another content type before reading the body
 * and stopping past `maxBytes`. Signed URLs are https, or on the API's own
 * origin (`baseUrl`); redirects are not followed (REDIRECT_REFUSED), so
 * nothing goes on to another server or from https to http. No credential of the console is ever sent. A 403 (expired or refused
 * signature) is FORBIDDEN, so the caller may ask for a new URL; 404/410 are
 * 'Resource Not Found'.
 */
export async function downloadSigned(baseUrl: string, signedUrl: string, limits: SignedDownloadLimits, signal?: AbortSignal): Promise<SignedDownload> {
  let url: URL;
  try {
    url = new URL(signedUrl);
  } catch {
    throw new AppError('BAD_RESPONSE', `The server ${hostOf(baseUrl)} sent an attachment address the console cannot read.`);
  }
  const sameOrigin = url.origin === new URL(baseUrl).origin;
  if (url.username || url.password || (url.protocol !== 'https:' && !sameOrigin)) {
    throw new AppError('BAD_RESPONSE', `The server ${hostOf(baseUrl)} sent an attachment address the console does not use.`);
  }
  const deadline = AbortSignal.timeout(limits.deadlineMs ?? SIGNED_DOWNLOAD_DEADLINE_MS);
  const stream = got.stream(url, {
    headers: { accept: limits.accept.join(', '), 'user-agent': 'rmm-technician-console' },
    timeout: { connect: 10_000, response: 30_000, socket: 30_000 },
    retry: { limit: 0 },
    followRedirect: false,
    throwHttpErrors: false,
    // The signature in the URL is the permission: got's errors would carry it in their options.
    hooks: { beforeError: [surfaceAppErrors] },
    signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
  });
  const failed = (error: unknown): AppError => {
    stream.destroy();
    if (error instanceof AppError) return error;
    if (signal?.aborted) return new AppError('CANCELED', 'The download was canceled.');
    if (deadline.aborted) return new AppError('OFFLINE', deadlineMessage(url.host));
    return toAppError(error, url.origin);
  };
  let response: { statusCode: number; headers: Record<string, string | string[] | undefined> };
  try {
    response = await new Promise((resolve, reject) => {
      stream.once('response', resolve);
      stream.once('error', reject);
    });
  } catch (error) {
    throw failed(error);
  }
  const status = response.statusCode;
  if (status === 403) throw failed(new AppError('FORBIDDEN', 'The attachment address has expired.'));
  if (status === 404 || status === 410) throw failed(new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound));
  if (status >= 500) throw failed(new AppError('SERVER_ERROR', `The server ${url.host} answered with an error (${status}).`));
  if (status >= 300 && status < 400) {
    const location = (response.headers.location as string | undefined) ?? '';
    throw failed(redirectRefusedError(url.host, refusedRedirectReason(url, location, url.origin)));
  }
  if (status !== 200) throw failed(new AppError('BAD_RESPONSE', `The server ${url.host} answered the attachment address with ${status}.`));
  const contentType = contentTypeOf(response.headers['content-type']);
  if (!limits.accept.includes(ANY_CONTENT_TYPE) && !limits.accept.includes(contentType)) throw failed(new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.previewUnsupported));
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw failed(new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.previewTooLarge));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      total += buffer.length;
      if (total > limits.maxBytes) throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.previewTooLarge);
      chunks.push(buffer);
    }
  } catch (error) {
    throw failed(error);
  }
  return { contentType, bytes: Buffer.concat(chunks, total) };
}

interface SignedAttachmentsOptions {
  /** The area's signed-URL call for an attachment id (NOT_FOUND when the server has none for it). */
  signedUrl: (id: string) => Promise<string>;
  /** The bounded download of a signed URL (`downloadSigned`, on the session's API origin). */
  download: (signedUrl: string, limits: SignedDownloadLimits) => Promise<SignedDownload>;
  now?: () => number;
}

/** One area's signed attachment URLs (cached 55 s) and image previews, forgotten with `reset` when the session changes. */
export class SignedAttachments {
  private readonly urls = new Map<string, { url: string; fetchedAt: number }>();
  /** Previews being fetched, so two cards of one attachment share one download. */
  private readonly previews = new Map<string, Promise<AttachmentPreview>>();
  /** Bumped by `reset`: an answer asked for before it is not cached after it. */
  private generation = 0;

  constructor(private readonly options: SignedAttachmentsOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  reset(): void {
    this.generation += 1;
    this.urls.clear();
    this.previews.clear();
  }

  /** A signed URL for the attachment, reused for 55 s. */
  async url(id: string): Promise<{ signedUrl: string; cached: boolean }> {
    const cached = this.urls.get(id);
    if (cached && this.now() - cached.fetchedAt < SIGNED_URL_CACHE_MS) return { signedUrl: cached.url, cached: true };
    const generation = this.generation;
    const url = await this.options.signedUrl(id);
    if (generation === this.generation) {
      this.urls.set(id, { url, fetchedAt: this.now() });
      for (const [key, entry] of this.urls) if (this.now() - entry.fetchedAt >= SIGNED_URL_CACHE_MS) this.urls.delete(key);
    }
    return { signedUrl: url, cached: false };
  }

  /** The attachment's image as a data URL (see the header); one download for callers asking at once. */
  preview(id: string): Promise<AttachmentPreview> {
    const pending = this.previews.get(id);
    if (pending) return pending;
    const preview = this.fetchPreview(id).finally(() => {
      if (this.previews.get(id) === preview) this.previews.delete(id);
    });
    this.previews.set(id, preview);
    return preview;
  }

  private async fetchPreview(id: string): Promise<AttachmentPreview> {
    for (let attempt = 0; ; attempt++) {
      let signedUrl: string;
      try {
        signedUrl = (await this.url(id)).signedUrl;
      } catch (error) {
        // Help §8, ticketing §4.1: an attachment without a URL (broken, quarantined, unknown) is 'Resource Not Found'.
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.resourceNotFound, { cause: error });
        throw error;
      }
      try {
        const { bytes } = await this.options.download(signedUrl, { maxBytes: ATTACHMENT_PREVIEW_MAX_BYTES, accept: ATTACHMENT_PREVIEW_MIME_TYPES });
        const type = sniffImageType(bytes.subarray(0, 16));
        if (!type) throw new AppError('INVALID_INPUT', ATTACHMENT_MESSAGES.previewUnsupported);
        return { dataUrl: `data:${type};base64,${bytes.toString('base64')}`, contentType: type, size: bytes.length };
      } catch (error) {
        // An expired signature: forget the cached URL and ask for a new one, once.
        if (attempt === 0 && error instanceof AppError && error.code === 'FORBIDDEN') {
          this.urls.delete(id);
          continue;
        }
        throw error;
      }
    }
  }
}
