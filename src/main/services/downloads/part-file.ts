/**
 * Writing a download into its `.part` file: bytes go to disk at the right
 * offset, and only bytes the file system accepted count as received (and go
 * into the running checksum), so after any failure the `.part` on disk and
 * the recorded offset agree and the download resumes exactly where it stopped.
 */
import { createHash, type Hash } from 'node:crypto';
import { promises as fsp } from 'node:fs';
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
}

/** A Writable that appends to the `.part` at `position`, counting only bytes the disk took. */
export class PartWriter extends Writable {
  position: number;
  private readonly options: PartWriterOptions;

  constructor(options: PartWriterOptions) {
    super({ highWaterMark: 1024 * 1024 });
    this.options = options;
    this.position = options.position;
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    this.writeAll(Buffer.concat(chunks.map((c) => c.chunk))).then(() => callback(), callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeAll(chunk).then(() => callback(), callback);
  }

  private async writeAll(buffer: Buffer): Promise<void> {
    const { handle, hash, limiter, signal } = this.options;
    if (limiter) await limiter.take(buffer.length, signal);
    let offset = 0;
    while (offset < buffer.length) {
      // A short write (a disk filling up) writes some bytes; those count, the rest is retried or fails.
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset, this.position);
      if (bytesWritten === 0) throw Object.assign(new Error('No space left on the device'), { code: 'ENOSPC' });
      if (hash) {
        hash.hash.update(buffer.subarray(offset, offset + bytesWritten));
        hash.bytes += bytesWritten;
      }
      offset += bytesWritten;
      this.position += bytesWritten;
      this.options.onWritten(this.position);
    }
  }
}
