/**
 * The download manager's decisions, pure and unit-tested without a server
 * (DESIGN.md "pure decision tables beside the I/O that uses them"): what an
 * answer means, where a resume starts, how far an answer may go, and when a
 * run of failed attempts is over.
 */
import type { IncomingHttpHeaders } from 'node:http';

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;

/**
 * An attempt that gained less than this made no real progress: a server that sends a byte per 206 and drops must not reset the retry
 * count every time, or it keeps a download retrying forever.
 */
export const MEANINGFUL_PROGRESS_BYTES = MIB;

/**
 * How often a `.part` is flushed to disk while it is written (its flushed size
 * is what SQLite records; it is always flushed once more before it is
 * complete). It only matters after a restart of the machine: a console that
 * crashed resumes from the end of the `.part` whatever was flushed.
 * - Linux: every 64 MiB (fdatasync, in the thread pool, while reading goes on).
 * - Windows: every 256 MiB (FlushFileBuffers also empties the drive's cache).
 * - macOS: every GiB: Node's fdatasync there is F_FULLFSYNC, which empties the
 *   drive's cache and is slow, so it is asked for rarely and at the end.
 */
export function syncEveryBytesFor(platform: NodeJS.Platform): number {
  if (platform === 'darwin') return GIB;
  if (platform === 'win32') return 256 * MIB;
  return 64 * MIB;
}

/** The sha256 the server announced: `x-checksum-sha256: <hex>`, or `Repr-Digest`/`Digest` with sha-256 (base64). */
export function checksumFrom(headers: IncomingHttpHeaders): string | null {
  const hex = headers['x-checksum-sha256'];
  if (typeof hex === 'string' && /^[0-9a-f]{64}$/i.test(hex.trim())) return hex.trim().toLowerCase();
  for (const name of ['repr-digest', 'digest']) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    const match = /sha-256=:?([A-Za-z0-9+/=]{44}):?/i.exec(value);
    if (match?.[1]) {
      const bytes = Buffer.from(match[1], 'base64');
      if (bytes.length === 32) return bytes.toString('hex');
    }
  }
  return null;
}

/** `bytes a-b/total` → its parts; null when unreadable. */
export function parseContentRange(value: string | undefined): { start: number; end: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '*' ? null : Number(match[3]);
  if (end < start || (total !== null && end >= total)) return null;
  return { start, end, total };
}

type AnswerDecision =
  /** The token was refused: renew it once and ask again. */
  | { kind: 'renew' }
  /** The renewed token was refused too: the instance refuses the credentials, the session ends. */
  | { kind: 'rejected-after-renewal' }
  /** 416 for a start at exactly the known size: every byte is already on disk. */
  | { kind: 'already-complete' }
  /** The bytes on disk are not this file's any more (416, or a 206 for another range): start over. */
  | { kind: 'start-over' }
  /** An error answer: read its (bounded) body and say what it means. */
  | { kind: 'error' }
  /** Write the body from `start`; `total` is the whole file's size when the server said. */
  | { kind: 'write'; start: number; total: number | null };

/** What an answer to a request from `start` (a Range when > 0) means. */
export function interpretAnswer(status: number, headers: IncomingHttpHeaders, request: { start: number; knownTotal: number | null; renewed: boolean }): AnswerDecision {
  if (status === 401) return request.renewed ? { kind: 'rejected-after-renewal' } : { kind: 'renew' };
  if (status === 416) return request.knownTotal !== null && request.start === request.knownTotal ? { kind: 'already-complete' } : { kind: 'start-over' };
  if (status === 206) {
    const range = parseContentRange(headers['content-range']);
    if (!range || range.start !== request.start) return { kind: 'start-over' };
    return { kind: 'write', start: request.start, total: range.total };
  }
  if (status === 200) {
    // The whole file: when a range was asked for, the file changed (If-Range) or ranges are not served.
    const length = Number(headers['content-length']);
    return { kind: 'write', start: 0, total: headers['content-length'] !== undefined && Number.isFinite(length) && length >= 0 ? length : null };
  }
  return { kind: 'error' };
}

export interface ResumeFacts {
  /** Bytes of the `.part` on disk (0 when there is none). */
  partSize: number;
  /**
   * The offset SQLite recorded as flushed to disk, or null when unknown. What
   * counts after a restart of the machine: a power loss may leave the file
   * longer than what reached the disk, its tail zero-filled.
   */
  flushedBytes: number | null;
  /** The console (re)started since this `.part` was last written. */
  afterRestart: boolean;
  /**
   * The `.part` was last written on this boot of the machine: the console
   * crashed or was killed, not the machine, so every byte written is still
   * in the operating system's cache and the whole `.part` counts.
   */
  sameBoot: boolean;
  /** ETag or Last-Modified for If-Range. */
  validator: string | null;
  knownTotal: number | null;
}

/**
 * Where a download resumes, and whether its `.part` must first be cut back:
 * - within one run, or after the console restarted on the same boot of the
 *   machine (a crash, a kill), from the `.part`'s end: nothing is fetched again;
 * - after the machine restarted, bytes beyond the recorded flushed offset are
 *   never trusted (they may be a zero-filled tail) and are cut off;
 * - a `.part` shorter than recorded resumes from its real size; without a
 *   validator the bytes cannot be tied to this file.
 */
export function resumePlan(facts: ResumeFacts): { start: number; truncateTo: number | null } {
  let size = facts.partSize;
  let truncateTo: number | null = null;
  if (facts.afterRestart && !facts.sameBoot && facts.flushedBytes !== null && size > facts.flushedBytes) {
    size = facts.flushedBytes;
    truncateTo = facts.flushedBytes;
  }
  if (size > 0 && !facts.validator) return { start: 0, truncateTo };
  if (facts.knownTotal !== null && size > facts.knownTotal) return { start: 0, truncateTo };
  return { start: size, truncateTo };
}

/** How many attempts in a row have now failed without real progress (the count picks the retry delay). */
export function failuresWithoutProgress(previous: number, gainedBytes: number): number {
  return gainedBytes >= MEANINGFUL_PROGRESS_BYTES ? 1 : previous + 1;
}

/**
 * The most bytes the `.part` may hold during an answer:
 * the announced size, or the unknown-size limit when the server did not say.
 */
export function sizeLimitFor(total: number | null, maxUnknownSizeGb: number): { limit: number; announced: boolean } {
  return total !== null ? { limit: total, announced: true } : { limit: Math.max(MIB, Math.floor(maxUnknownSizeGb * GIB)), announced: false };
}
