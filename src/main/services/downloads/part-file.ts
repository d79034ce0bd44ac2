/**
 * Writing a download into its `.part` file: bytes go to disk at the right
 * offset, and only bytes the file system accepted count as received (and go
 * into the running checksum), so after any failure the `.part` on disk and
 * the recorded offset agree and the download resumes exactly where it stopped.
 */
import { createHash, type Hash } from 'node:crypto';
import { promises as fsp, writevSync } from 'node:fs';
import { Writable } from 'node:stream';

/** The file operations the writer needs; tests may inject failures (a full disk). */
export interface PartFileSystem {
  open(path: string, flags: string): Promise<fsp.FileHandle>;
}

export const realPartFileSystem: PartFileSystem = {
  open: (path, flags) => fsp.open(path, flags),
};

/** A running sha256 of a file's first `bytes` bytes. */
export interface RunningHash {
  hash: Hash;
  bytes: number;
}

export function newRunningHash(): RunningHash {
  return { hash: createHash('sha256'), bytes: 0 };
}

/** Hashes the first `length` bytes of `path` (a resumed download whose earlier hash was lost with a restart). */
export async function hashPrefix(path: string, length: number, signal?: AbortSignal): Promise<RunningHash> {
  const running = newRunningHash();
  if (length === 0) return running;
  const handle = await fsp.open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
    while (running.bytes < length) {
      signal?.throwIfAborted();
      const want = Math.min(buffer.length, length - running.bytes);
      const { bytesRead } = await handle.read(buffer, 0, want, running.bytes);
      if (bytesRead === 0) throw Object.assign(new Error('The partial file is shorter than recorded'), { code: 'PART_SHORT' });
      running.hash.update(buffer.subarray(0, bytesRead));
      running.bytes += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return running;
}

/** Waits so that the bytes written by all downloads together stay under a rate. */
export class RateLimiter {
  private bytesPerSecond = 0;
  private available = 0;
  private last = Date.now();

  constructor(bytesPerSecond = 0) {
    this.setRate(bytesPerSecond);
  }

  /** 0 means no limit. */
  setRate(bytesPerSecond: number): void {
    this.bytesPerSecond = Math.max(0, bytesPerSecond);
    this.available = Math.min(this.available, this.burst());
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
        const timer = setTimeout(resolve, Math.max(5, waitMs));
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
      if (this.bytesPerSecond === 0) return;
    }
  }
}

export interface PartWriterOptions {
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
}

/** A synchronous write taking longer than this means the disk is slow: stop blocking on it. */
export const SLOW_SYNC_WRITE_MS = 25;

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

  constructor(options: PartWriterOptions) {
    super({ highWaterMark: 256 * 1024 });
    this.options = options;
    this.position = options.position;
    this.batchBytes = options.batchBytes ?? 1024 * 1024;
    this.syncWrites = options.syncWrites ?? true;
  }

  /** Whether writes are still synchronous (false once the disk proved slow). */
  get writesSynchronously(): boolean {
    return this.syncWrites;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.failure) return callback(this.failure);
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
    // Let a batch already on its way to disk land, so position matches the file.
    const inFlight = this.flushing;
    if (inFlight) inFlight.then(() => callback(error), () => callback(error));
    else callback(error);
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
    if (performance.now() - started > SLOW_SYNC_WRITE_MS) this.syncWrites = false;
    return written;
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
          hash?.hash.update(buffer);
          left -= buffer.length;
        } else if (left > 0) {
          hash?.hash.update(buffer.subarray(0, left));
          rest.push(buffer.subarray(left));
          left = 0;
        } else {
          rest.push(buffer);
        }
      }
      if (hash) hash.bytes += bytesWritten;
      this.position += bytesWritten;
      this.options.onWritten(this.position);
      queue = rest;
    }
  }
}
