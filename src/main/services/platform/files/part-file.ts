/**
 * Writing a download into its `.part` file: bytes go to disk at the right
 * offset, and only bytes the file system accepted count as received (and go
 * into the running checksum), so after any failure the `.part` on disk and
 * the recorded offset agree and the download resumes exactly where it stopped.
 *
 * The `.part` is opened without following links (checked by identity where
 * the platform cannot refuse them at open) and, for a download that has not
 * created it yet, only if nothing is there; it is
 * flushed to disk every so often (every 64 MiB on Linux: `syncEveryBytesFor`
 * in download-decisions.ts) so the offset SQLite records is one that
 * survives a power loss. A flush (fdatasync) runs in the thread pool while
 * the receiving thread goes on reading and writing; it only counts once it
 * returned, for the offset it started at.
 */
import { createHash } from 'node:crypto';
import { constants as fsConstants, promises as fsp, writeSync, writevSync } from 'node:fs';
import { Writable } from 'node:stream';
import { hashesInWorker, RunningHash, type FollowedFile } from './hash-worker';

/** The file operations the writer needs; tests may inject failures (a full disk). */
export interface PartFileSystem {
  open(path: string, flags: number): Promise<fsp.FileHandle>;
}

export const realPartFileSystem: PartFileSystem = {
  open: (path, flags) => fsp.open(path, flags, 0o644),
};

/**
 * How a `.part` is opened:
 * - `create`: the download has no `.part` of its own yet: create one, and fail
 *   (EEXIST) when anything is at the path, a stray file or a link;
 * - `truncate`: its own `.part`, written again from the start (emptied only
 *   once it is known to be that file, never through a link);
 * - `resume`: its own `.part`, written on from where it ends.
 */
type PartOpenMode = 'create' | 'truncate' | 'resume';

/** O_NOFOLLOW where the platform has it (not on Windows, where the identity check below decides). */
const NO_FOLLOW = fsConstants.O_NOFOLLOW ?? 0;

const OPEN_FLAGS: Record<PartOpenMode, number> = {
  create: fsConstants.O_RDWR | fsConstants.O_CREAT | fsConstants.O_EXCL | NO_FOLLOW,
  truncate: fsConstants.O_RDWR | fsConstants.O_CREAT | NO_FOLLOW,
  resume: fsConstants.O_RDWR | NO_FOLLOW,
};

/** Which file a `.part` is (device and inode): what this process opened, so a swapped-in file is told apart. */
export interface PartIdentity {
  dev: number;
  ino: number;
}

const sameFile = (a: PartIdentity, b: PartIdentity) => a.dev === b.dev && a.ino === b.ino;

/** A link where the `.part` should be: refused, its target left untouched. */
class PartIsLinkError extends Error {
  readonly code = 'ELOOP';
  constructor() {
    super('The partial file is a link');
    this.name = 'PartIsLinkError';
  }
}

/** Another file stands where this download's own `.part` was (replaced meanwhile): not written to. */
class PartReplacedError extends Error {
  readonly code = 'EPARTREPLACED';
  constructor() {
    super('The partial file was replaced');
    this.name = 'PartReplacedError';
  }
}

/**
 * Opens a `.part` for reading and writing, never through a link: an lstat
 * first, then O_NOFOLLOW where the platform has it so a link planted between
 * the two fails (ELOOP). Windows has no O_NOFOLLOW, so the file opened is then compared with what lstat saw (or, when
 * nothing was there, with what is at the path now): a link planted meanwhile
 * is refused before anything is written, and `truncate` empties the file only
 * after that check. `expected` is the identity this download's `.part` had
 * when it was last written; another file there is refused too.
 */
export async function openPartFile(fs: PartFileSystem, path: string, mode: PartOpenMode, expected: PartIdentity | null = null): Promise<fsp.FileHandle> {
  const before = await fsp.lstat(path).catch(() => null); // Nothing there is fine for create and truncate; open reports the rest.
  if (before?.isSymbolicLink()) throw new PartIsLinkError();
  let handle: fsp.FileHandle;
  try {
    handle = await fs.open(path, OPEN_FLAGS[mode]);
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    // Linux and macOS answer ELOOP, BSDs EMLINK, for a link under O_NOFOLLOW.
    if (mode !== 'create' && (code === 'ELOOP' || code === 'EMLINK')) throw new PartIsLinkError();
    throw error;
  }
  try {
    const opened = await handle.stat();
    const atPath = before ?? (await fsp.lstat(path).catch(() => null));
    if (!atPath || atPath.isSymbolicLink() || !sameFile(atPath, opened)) throw new PartIsLinkError();
    if (expected && !sameFile(expected, opened)) throw new PartReplacedError();
    if (mode === 'truncate') await handle.truncate(0);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** Whether `error` is a link found where the `.part` should be. */
export function isPartLinkError(error: unknown): boolean {
  return error instanceof PartIsLinkError;
}

/** Whether `error` is another file found where this download's own `.part` was. */
export function isPartReplacedError(error: unknown): boolean {
  return error instanceof PartReplacedError;
}

export { RunningHash, type FollowedFile };

/**
 * A running sha256 of a download's bytes; given the `.part` they are
 * written to, the hashing worker reads them from there (nothing copied on
 * the receiving thread).
 */
export function newRunningHash(file: FollowedFile | null = null): RunningHash {
  return new RunningHash(hashesInWorker(), file);
}

/**
 * Hashes the first `length` bytes of a file (a resumed download whose earlier
 * hash was lost with a restart): of the open `.part` handle, or of a path
 * opened here without following a link. With `file` (or a path), the
 * hashing worker reads them itself.
 */
export async function hashPrefix(source: string | fsp.FileHandle, length: number, signal?: AbortSignal, file: FollowedFile | null = null): Promise<RunningHash> {
  const running = newRunningHash(file ?? (typeof source === 'string' ? { path: source, identity: null } : null));
  if (length === 0) return running;
  if (running.followsFile) {
    running.advance(length);
    return running;
  }
  const handle = typeof source === 'string' ? await fsp.open(source, fsConstants.O_RDONLY | NO_FOLLOW) : source;
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    while (running.bytes < length) {
      signal?.throwIfAborted();
      const want = Math.min(buffer.length, length - running.bytes);
      const { bytesRead } = await handle.read(buffer, 0, want, running.bytes);
      if (bytesRead === 0) throw Object.assign(new Error('The partial file is shorter than recorded'), { code: 'PART_SHORT' });
      running.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    if (typeof source === 'string') await handle.close();
  }
  return running;
}

/** The sha256 of a file's first `length` bytes, computed on this thread (the hashing worker's fallback). */
export async function sha256OfFile(path: string, length: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fsp.open(path, fsConstants.O_RDONLY | NO_FOLLOW);
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - done), done);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      done += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/** Waits so that the bytes written by all downloads together stay under a rate. */
export class RateLimiter {
  private bytesPerSecond = 0;
  private available = 0;
  private last = Date.now();

  constructor(bytesPerSecond = 0) {
    this.setRate(bytesPerSecond);
  }

  /** Writes waiting for their share: a new rate wakes them to wait by it instead of the old one. */
  private readonly waiting = new Set<() => void>();

  /** 0 means no limit. Applies to writes already under way (a running download changes speed without restarting). */
  setRate(bytesPerSecond: number): void {
    this.bytesPerSecond = Math.max(0, bytesPerSecond);
    this.available = Math.min(this.available, this.burst());
    for (const wake of [...this.waiting]) wake();
  }

  get rate(): number {
    return this.bytesPerSecond;
  }

  private burst(): number {
    return Math.max(64 * 1024, this.bytesPerSecond / 4);
  }

  /** Resolves when `bytes` may be written. */
  async take(bytes: number, signal?: AbortSignal): Promise<void> {
    if (this.bytesPerSecond === 0) return;
    for (;;) {
      const now = Date.now();
      this.available = Math.min(this.burst(), this.available + ((now - this.last) / 1000) * this.bytesPerSecond);
      this.last = now;
      if (this.available >= Math.min(bytes, this.burst())) {
        this.available -= bytes;
        return;
      }
      const waitMs = Math.ceil(((Math.min(bytes, this.burst()) - this.available) / this.bytesPerSecond) * 1000);
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          signal?.removeEventListener('abort', aborted);
        };
        const wake = () => {
          done();
          resolve();
        };
        const aborted = () => {
          done();
          reject(signal!.reason as Error);
        };
        const timer = setTimeout(wake, Math.max(5, waitMs));
        this.waiting.add(wake);
        signal?.addEventListener('abort', aborted, { once: true });
      });
      if (this.bytesPerSecond === 0) return;
    }
  }
}

interface PartWriterOptions {
  handle: fsp.FileHandle;
  /** Where the next byte goes (bytes already on disk). */
  position: number;
  /** The running hash of bytes 0..position, when the download is checked by checksum. */
  hash: RunningHash | null;
  limiter?: RateLimiter;
  signal?: AbortSignal;
  onWritten(position: number): void;
  /** Bytes gathered before one write to disk (default 1 MiB). */
  batchBytes?: number;
  /**
   * Write batches synchronously while the disk takes them quickly (the page
   * cache: about a millisecond per MiB), which is twice as fast as a round
   * trip through the thread pool per batch; a write slower than
   * SLOW_SYNC_WRITE_MS (a network share, a USB stick) switches this download
   * to asynchronous writes so the main process never stalls on it again.
   */
  syncWrites?: boolean;
  /** Flush to disk (fdatasync) each time this many more bytes were written; 0 = only when asked (`flush`). */
  syncEveryBytes?: number;
  /** Bytes up to `position` are on disk (fdatasync returned): the offset that may be recorded. */
  onSynced?(position: number): void;
  /** The file may not grow past this many bytes: a chunk that would is refused with `limitError()`. */
  maxPosition?: number;
  limitError?(): Error;
}

/** A synchronous write taking longer than this, with no flush under way, means the disk is slow. */
const SLOW_SYNC_WRITE_MS = 25;
/** This many slow writes in a row and the download stops blocking on the disk (one slow write is a hiccup). */
export const SLOW_WRITES_TO_GIVE_UP = 3;

/**
 * Slow synchronous writes in a row after one that took `tookMs`: a write
 * held up by a flush under way says nothing about the disk (a journaling
 * file system makes writes wait for its commit), so it leaves the count as
 * it is; a quick one starts it again.
 */
export function slowWritesAfter(count: number, tookMs: number, flushing: boolean): number {
  if (flushing) return count;
  return tookMs > SLOW_SYNC_WRITE_MS ? count + 1 : 0;
}

/**
 * A Writable that appends to the `.part` at `position`, counting only bytes
 * the disk took. Network chunks (64 KiB) are gathered into batches written
 * with one `writev` while the next batch fills, since a round trip to the file
 * system per chunk would cost more than the network.
 */
export class PartWriter extends Writable {
  position: number;
  private readonly options: PartWriterOptions;
  private readonly batchBytes: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private flushing: Promise<void> | null = null;
  private failure: Error | null = null;
  private syncWrites: boolean;
  /** Bytes accepted so far (written, pending or in flight), checked against maxPosition. */
  private accepted: number;
  /** Bytes known to be on disk (the position when the last fdatasync started). */
  private synced: number;
  private syncing: Promise<void> | null = null;
  /** Synchronous writes in a row that were slow without a flush to blame. */
  private slowWrites = 0;

  constructor(options: PartWriterOptions) {
    super({ highWaterMark: 256 * 1024 });
    this.options = options;
    this.position = options.position;
    this.accepted = options.position;
    this.synced = options.position;
    this.batchBytes = options.batchBytes ?? 1024 * 1024;
    this.syncWrites = options.syncWrites ?? true;
  }

  /** Bytes known to be on disk. */
  get syncedPosition(): number {
    return this.synced;
  }

  /**
   * Waits for a flush under way, then flushes what was written since (one
   * fdatasync): the returned position is on disk. Called before an offset is
   * recorded (the end of an attempt, a pause, a drop) and before completion.
   */
  async flush(): Promise<number> {
    if (this.syncing) await this.syncing;
    if (this.position > this.synced) {
      this.startSync();
      await this.syncing;
    }
    return this.synced;
  }

  private startSync(): void {
    const at = this.position;
    this.syncing = this.options.handle
      .datasync()
      .then(() => {
        this.synced = Math.max(this.synced, at);
        this.options.onSynced?.(this.synced);
      })
      .catch((error: unknown) => {
        // Bytes that may not be on disk must not count as durable: the write fails like any write error.
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        this.syncing = null;
      });
  }

  /** Every ~syncEveryBytes, one fdatasync in the background (the next batches keep writing meanwhile). */
  private maybeSync(): void {
    const every = this.options.syncEveryBytes ?? 0;
    if (every > 0 && !this.syncing && this.position - this.synced >= every) this.startSync();
  }

  /** Whether writes are still synchronous (false once the disk proved slow). */
  get writesSynchronously(): boolean {
    return this.syncWrites;
  }

  /**
   * Writes `bytes` to disk at once, without a copy, when nothing else is on
   * its way (no batch pending or in flight, no bandwidth limit, writes still
   * synchronous): the socket reader's path, which may reuse
   * `bytes` as soon as this returns. Returns false, writing nothing, when that
   * is not possible: the caller then writes a copy through `write`. A failure
   * destroys the writer with it (its 'error' event), like a failed batch.
   */
  writeNow(bytes: Buffer): boolean {
    const limiter = this.options.limiter;
    if (!this.syncWrites || this.flushing || this.pendingBytes > 0 || this.failure || this.writableEnded || this.destroyed || (limiter && limiter.rate > 0)) return false;
    const max = this.options.maxPosition;
    if (max !== undefined && this.accepted + bytes.length > max) {
      this.failure = this.options.limitError?.() ?? new Error('The download is larger than allowed');
      this.destroy(this.failure);
      return true;
    }
    this.accepted += bytes.length;
    const { hash, handle } = this.options;
    let at = 0;
    try {
      while (at < bytes.length) {
        const started = performance.now();
        const written = writeSync(handle.fd, bytes, at, bytes.length - at, this.position);
        if (written === 0) throw Object.assign(new Error('No space left on the device'), { code: 'ENOSPC' });
        this.judgeWrite(started);
        hash?.update(bytes.subarray(at, at + written));
        this.position += written;
        at += written;
      }
    } catch (error) {
      // What the disk took counts (position), the rest does not.
      this.accepted = this.position;
      this.failure = error instanceof Error ? error : new Error(String(error));
      this.destroy(this.failure);
      return true;
    } finally {
      if (at > 0) {
        this.options.onWritten(this.position);
        this.maybeSync();
      }
    }
    return true;
  }

  /** A promise to wait on before handing over more bytes, when the hashing worker is far behind; null otherwise. */
  hashBacklog(): Promise<void> | null {
    const hash = this.options.hash;
    return hash?.behind ? hash.caughtUp() : null;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.failure) return callback(this.failure);
    const max = this.options.maxPosition;
    if (max !== undefined && this.accepted + chunk.length > max) {
      this.failure = this.options.limitError?.() ?? new Error('The download is larger than allowed');
      return callback(this.failure);
    }
    this.accepted += chunk.length;
    const accept = () => {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      if (!this.flushing && this.pendingBytes >= this.batchBytes) this.startFlush();
      // Keep reading while one batch is written and the next fills; wait when both are full.
      if (this.pendingBytes < 2 * this.batchBytes || !this.flushing) return callback(this.failure);
      this.flushing.then(() => callback(this.failure), callback);
    };
    const limiter = this.options.limiter;
    if (limiter && limiter.rate > 0) limiter.take(chunk.length, this.options.signal).then(accept, callback);
    else accept();
  }

  override _final(callback: (error?: Error | null) => void): void {
    const finish = async () => {
      while (this.flushing || this.pendingBytes > 0) {
        if (this.flushing) await this.flushing;
        else this.startFlush();
      }
    };
    finish().then(() => callback(this.failure), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Let a batch already on its way to disk (and a flush) land, so position matches the file.
    const inFlight = Promise.all([this.flushing, this.syncing]);
    inFlight.then(() => callback(error), () => callback(error));
  }

  private startFlush(): void {
    const batch = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    this.flushing = this.writeAll(batch)
      .catch((error: unknown) => {
        this.failure = error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        this.flushing = null;
        if (!this.failure && this.pendingBytes >= this.batchBytes) this.startFlush();
      });
  }

  private async writev(buffers: Buffer[]): Promise<number> {
    const { handle } = this.options;
    if (!this.syncWrites) return (await handle.writev(buffers, this.position)).bytesWritten;
    const started = performance.now();
    const written = writevSync(handle.fd, buffers, this.position);
    this.judgeWrite(started);
    return written;
  }

  /** A few slow synchronous writes in a row (a network share, a USB stick): this download writes asynchronously from then on. */
  private judgeWrite(started: number): void {
    this.slowWrites = slowWritesAfter(this.slowWrites, performance.now() - started, this.syncing !== null);
    if (this.slowWrites >= SLOW_WRITES_TO_GIVE_UP) this.syncWrites = false;
  }

  private async writeAll(buffers: Buffer[]): Promise<void> {
    const { hash } = this.options;
    let queue = buffers;
    while (queue.length > 0) {
      // A short write (a disk filling up) writes some bytes; those count, the rest is retried or fails.
      const bytesWritten = await this.writev(queue);
      if (bytesWritten === 0) throw Object.assign(new Error('No space left on the device'), { code: 'ENOSPC' });
      let left = bytesWritten;
      const rest: Buffer[] = [];
      for (const buffer of queue) {
        if (left >= buffer.length) {
          hash?.update(buffer);
          left -= buffer.length;
        } else if (left > 0) {
          hash?.update(buffer.subarray(0, left));
          rest.push(buffer.subarray(left));
          left = 0;
        } else {
          rest.push(buffer);
        }
      }
      this.position += bytesWritten;
      this.options.onWritten(this.position);
      this.maybeSync();
      // The hashing worker is far behind: let it catch up before the next batch (memory stays bounded).
      if (hash?.behind) await hash.caughtUp();
      queue = rest;
    }
  }
}
