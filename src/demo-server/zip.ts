/**
 * Folder downloads as zips streamed by yazl: STORE (no compression), so the
 * total size is known before the first byte (Content-Length), ZIP64 wherever a
 * size or offset needs it, and deterministic bytes (entry times come from the
 * data, never from the clock or the server's time zone), so a Range request
 * regenerates the same zip and skips to its start.
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { contentStream, type ByteSpan } from './data/backup/content';

type Crc32Unsigned = (data: unknown, previous?: unknown) => number;

/**
 * yazl checksums entries with buffer-crc32, in JavaScript (about 0.5 GB/s
 * here); Node's zlib.crc32 computes the same CRC-32 about ten times faster,
 * and zips of several GiB are what this server is for. So yazl's copy of
 * buffer-crc32 gets zlib's for buffers, after a check that both agree; when
 * anything is unexpected yazl keeps its own.
 */
function useNativeCrc32InYazl(): boolean {
  try {
    const requireFromYazl = createRequire(createRequire(import.meta.url).resolve('yazl'));
    const bufferCrc32 = requireFromYazl('buffer-crc32') as { unsigned?: Crc32Unsigned };
    const original = bufferCrc32.unsigned;
    if (typeof original !== 'function') return false;
    const native: Crc32Unsigned = (data, previous) =>
      Buffer.isBuffer(data) && (previous === undefined || typeof previous === 'number') ? crc32(data, previous ?? 0) : original(data, previous);
    const [a, b] = [Buffer.from('demo zip: check that'), Buffer.from(' both CRC-32 agree \u00ff')];
    if (native(b, native(a)) !== original(b, original(a)) || native(Buffer.concat([a, b])) !== original(Buffer.concat([a, b]))) return false;
    bufferCrc32.unsigned = native;
    return true;
  } catch {
    return false;
  }
}

// From here on yazl computes CRC-32 natively when it can (see useNativeCrc32InYazl).
useNativeCrc32InYazl();

export type ZipItem =
  /** A file whose bytes are the generated content (key, size). */
  | { kind: 'file'; path: string; key: string; size: number; modified: number }
  /** An empty folder (folders with files need no entry of their own). */
  | { kind: 'folder'; path: string; modified: number };

/**
 * A zip entry path from name segments relative to the zipped folder. `\`, `/`
 * and `:` inside a name, and names `.` and `..`, become `_`: the zip format
 * has one separator, and yazl (rightly) refuses absolute and `..` paths.
 */
export function zipEntryPath(segments: readonly string[]): string {
  return segments.map((name) => (name === '.' || name === '..' ? name.replaceAll('.', '_') : name.replace(/[\\/:]/g, '_'))).join('/');
}

/**
 * A Date whose local-time getters answer UTC: yazl encodes the DOS time of an
 * entry from the local getters, and the zip must not depend on the server's
 * time zone (its Info-ZIP timestamp uses getTime() and stays correct).
 */
class UtcWallClockDate extends Date {
  override getFullYear(): number {
    return this.getUTCFullYear();
  }
  override getMonth(): number {
    return this.getUTCMonth();
  }
  override getDate(): number {
    return this.getUTCDate();
  }
  override getHours(): number {
    return this.getUTCHours();
  }
  override getMinutes(): number {
    return this.getUTCMinutes();
  }
  override getSeconds(): number {
    return this.getUTCSeconds();
  }
}

interface StreamedZip {
  /** Total bytes, known before any is produced. */
  readonly size: number;
  /** The bytes [start, end): the zip is produced from its start and the bytes before `start` skipped. Once only. */
  bytes(span: ByteSpan, signal: AbortSignal): AsyncGenerator<Buffer>;
  /** Stops the producer when the bytes will not be read. */
  discard(): void;
}

/** Builds the zip of the items (in order); until `bytes()` is read, only stream buffers' worth of it is produced. */
export function streamZip(items: readonly ZipItem[]): StreamedZip {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A failure inside yazl ends the output with it (the reader sees it); unread, it is dropped.
  zip.on('error', (error: Error) => output.destroy(error));
  output.on('error', () => undefined);
  const open = new Set<Readable>();
  for (const item of items) {
    const mtime = new UtcWallClockDate(item.modified);
    if (item.kind === 'folder') {
      zip.addEmptyDirectory(item.path, { mtime });
      continue;
    }
    zip.addReadStreamLazy(item.path, { mtime, size: item.size, compress: false }, (callback) => {
      const stream = contentStream(item.key, item.size);
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      callback(null, stream);
    });
  }
  let size = -1;
  // With STORE and every size given, yazl calls back synchronously with the exact total.
  (zip.end as (options: object, callback: (total: number) => void) => void)({}, (total) => {
    size = total;
  });
  if (size < 0) throw new Error('The zip size could not be computed in advance');
  const discard = () => {
    output.destroy();
    for (const stream of open) stream.destroy();
    open.clear();
  };
  let started = false;

  async function* bytes(span: ByteSpan, signal: AbortSignal): AsyncGenerator<Buffer> {
    if (started) throw new Error('A streamed zip can be read once');
    started = true;
    let position = 0;
    try {
      for await (const chunk of output) {
        if (signal.aborted) return;
        const buffer = chunk as Buffer;
        const chunkStart = position;
        position += buffer.length;
        if (position <= span.start) continue;
        const from = Math.max(0, span.start - chunkStart);
        const to = Math.min(buffer.length, span.end - chunkStart);
        if (to > from) yield buffer.subarray(from, to);
        if (position >= span.end) return;
      }
      if (position < span.end) throw new Error(`The zip ended after ${position} of ${size} bytes`);
    } finally {
      discard();
    }
  }

  return { size, bytes, discard };
}
