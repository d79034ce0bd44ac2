/**
 * Serving a download (spec/backup-restore.md §7): validators, Range and
 * If-Range, Content-Disposition, a whole-representation checksum header, HEAD,
 * and a body streamed with backpressure that stops when the client goes away.
 * The representations themselves (file revisions, zips) come from the routes.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ByteSpan } from './data/backup/content';
import { sendJson, type RequestContext } from './http';

// ---------------------------------------------------------------------------
// Range (RFC 9110 §14)

/**
 * What a Range header asks of a representation of `size` bytes:
 * - `full`: no Range, or one to ignore (another unit, bad syntax, several ranges): answer 200 with everything;
 * - `partial`: answer 206 with the bytes `first..last` (both inclusive, as in `content-range`);
 * - `unsatisfiable`: answer 416 with `content-range: bytes *\/size`.
 */
type RangeRequest = { kind: 'full' } | { kind: 'partial'; first: number; last: number } | { kind: 'unsatisfiable' };

const FULL: RangeRequest = { kind: 'full' };

export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return FULL;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return FULL;
  const specs = (match[1] ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  // Several ranges would need multipart/byteranges; a server may answer them in full instead.
  if (specs.length !== 1) return FULL;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0] as string);
  if (!spec) return FULL;
  const [, firstText = '', lastText = ''] = spec;
  if (firstText === '' && lastText === '') return FULL;
  if (firstText === '') {
    // Suffix range: the last n bytes.
    const n = Number(lastText);
    if (n === 0) return { kind: 'unsatisfiable' };
    if (size === 0) return FULL;
    return { kind: 'partial', first: Math.max(0, size - n), last: size - 1 };
  }
  const first = Number(firstText);
  const last = lastText === '' ? Number.POSITIVE_INFINITY : Number(lastText);
  if (last < first) return FULL;
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', first, last: Math.min(last, size - 1) };
}

/**
 * If-Range (RFC 9110 §13.1.5): whether a Range may be honoured. An entity tag
 * must equal the current strong ETag; a date must equal Last-Modified exactly;
 * a weak tag never matches. Without the header the Range stands.
 */
export function ifRangeAllows(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('W/')) return false;
  if (value.startsWith('"')) return value === etag;
  return value === lastModified;
}

// ---------------------------------------------------------------------------
// Headers

/** A strong entity tag (quoted) of the parts, e.g. a content key and a size. */
export function etagFor(...parts: Array<string | number | boolean>): string {
  return `"${createHash('sha256').update(`etag|${parts.join('|')}`).digest('hex').slice(0, 32)}"`;
}

/** RFC 5987 value chars: everything else percent-encoded (encodeURIComponent leaves ' ( ) * alone). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="<ascii fallback>"; filename*=UTF-8''<percent-encoded>`
 * (RFC 6266). The fallback keeps printable ASCII (non-ASCII and control
 * characters become `_`, `"` and `\` are escaped); the name is otherwise sent
 * as the server has it: sanitizing it for a disk is the client's job.
 */
export function contentDisposition(fileName: string): string {
  const fallback = Array.from(fileName, (ch) => (ch >= ' ' && ch <= '~' ? ch : '_'))
    .join('')
    .replace(/["\\]/g, '\\$&');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

// ---------------------------------------------------------------------------
// Sending

/** One downloadable representation: a file revision, an image file, or a zip. */
export interface Representation {
  /** File name for Content-Disposition. */
  fileName: string;
  contentType: 'application/octet-stream' | 'application/zip';
  size: number;
  etag: string;
  /** Milliseconds since the epoch (Last-Modified, whole seconds). */
  lastModified: number;
  /** Lowercase hex SHA-256 of the whole representation; absent: no checksum header. */
  checksum?: () => Promise<string>;
  /** The bytes [start, end); iteration stops early when the client goes away (the signal aborts). */
  body(span: ByteSpan, signal: AbortSignal): Iterable<Buffer> | AsyncIterable<Buffer>;
  /** Called when the body will not be read (HEAD, 416, client gone before the headers). */
  discard?(): void;
}

const downloadResponses = new WeakSet<ServerResponse>();

/**
 * Counts the body bytes of download responses (stats.downloadBytesSent). The
 * server installs it on every API response before fault injection wraps
 * `write`, so a connection dropped after N bytes counts exactly N.
 */
export function countDownloadBodyBytes(res: ServerResponse, onBytes: (bytes: number) => void): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const count = (chunk: unknown) => {
    if (!downloadResponses.has(res) || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    onBytes(typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    count(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    count(chunk);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
}

/** Resolves on 'drain', or at once when the response is closed or the signal aborts. */
function drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    if (signal.aborted || res.destroyed) return resolve();
    res.on('drain', done);
    res.on('close', done);
    signal.addEventListener('abort', done);
  });
}

/**
 * Answers a download: 416 JSON for an unsatisfiable Range, otherwise 200 or
 * 206 with validators, `accept-ranges`, Content-Disposition and (when the
 * representation has one) `x-checksum-sha256`; then the body unless HEAD.
 */
export async function sendRepresentation(ctx: RequestContext, rep: Representation, holdAt: () => number | undefined = () => undefined): Promise<void> {
  const { req, res } = ctx;
  const lastModified = new Date(Math.floor(rep.lastModified / 1000) * 1000).toUTCString();
  const validators: Record<string, string> = {
    etag: rep.etag,
    'last-modified': lastModified,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-cache',
  };
  let range = parseRangeHeader(req.headers.range, rep.size);
  const ifRange = req.headers['if-range'];
  if (range.kind !== 'full' && !ifRangeAllows(Array.isArray(ifRange) ? ifRange.join(', ') : ifRange, rep.etag, lastModified)) range = FULL;
  if (range.kind === 'unsatisfiable') {
    rep.discard?.();
    const message = `Range not satisfiable: the representation has ${rep.size} bytes`;
    sendJson(res, 416, { error: 'range_not_satisfiable', message }, { ...validators, 'content-range': `bytes */${rep.size}` });
    return;
  }
  const checksum = rep.checksum ? await rep.checksum() : undefined;
  if (res.destroyed) {
    rep.discard?.();
    return;
  }
  const span: ByteSpan = range.kind === 'partial' ? { start: range.first, end: range.last + 1 } : { start: 0, end: rep.size };
  const headers: Record<string, string | number> = {
    ...validators,
    'content-type': rep.contentType,
    'content-length': span.end - span.start,
    'content-disposition': contentDisposition(rep.fileName),
    'x-content-type-options': 'nosniff',
  };
  if (checksum !== undefined) headers['x-checksum-sha256'] = checksum;
  if (range.kind === 'partial') headers['content-range'] = `bytes ${range.first}-${range.last}/${rep.size}`;
  downloadResponses.add(res);
  res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
  if (req.method === 'HEAD' || span.end === span.start) {
    rep.discard?.();
    res.end();
    return;
  }
  const signal = abortOnClose(res);
  await writeBody(res, rep.body(span, signal), signal, { at: span.start, holdAt });
}

function abortOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  if (res.destroyed) controller.abort();
  else res.once('close', () => controller.abort());
  return controller.signal;
}

/**
 * Writes the body. `holdAt` (a fault switch) names a byte of the file where
 * the answer stops, every byte before it sent, until the switch is off (then
 * the rest follows) or the client goes away: a test sees a download standing
 * still at a known offset for as long as it needs.
 */
async function writeBody(
  res: ServerResponse,
  body: Iterable<Buffer> | AsyncIterable<Buffer>,
  signal: AbortSignal,
  place: { at: number; holdAt: () => number | undefined },
): Promise<void> {
  let at = place.at;
  const write = async (chunk: Buffer) => {
    if (chunk.length > 0 && !res.write(chunk)) await drained(res, signal);
    at += chunk.length;
  };
  for await (const chunk of body) {
    if (signal.aborted || res.destroyed) return;
    const hold = place.holdAt();
    if (hold === undefined || at > hold || at + chunk.length <= hold) {
      await write(chunk);
      continue;
    }
    const before = hold - at;
    await write(chunk.subarray(0, before));
    while (place.holdAt() === hold && !signal.aborted && !res.destroyed) await new Promise((resolve) => setTimeout(resolve, 20));
    if (signal.aborted || res.destroyed) return;
    await write(chunk.subarray(before));
  }
  if (!signal.aborted && !res.destroyed) res.end();
}
