/**
 * File content of the demo RMM API, generated on the fly: the bytes of a
 * (key, size) pair are a pure function of the key, so a file of several GiB
 * is never stored, any byte range costs only its own length, and a test can
 * compute the expected SHA-256 without keeping the file.
 *
 * Each key gets a 1 MiB pseudo-random base buffer (AES-256-CTR keystream from
 * the key's SHA-256: deterministic on every platform). Block b (256 KiB) of the
 * file is the base slice that starts at an offset derived from the key and b,
 * so blocks differ from each other and a block is a zero-copy view of the base:
 * generating is as fast as the consumer can take the bytes.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DemoConfig } from '../../config';

/** Bytes per generated block (the unit of offsets; chunks never cross a block). */
export const CONTENT_BLOCK_BYTES = 256 * 1024;
const BASE_BYTES = 1024 * 1024;
/** Block offsets into the base lie in [0, BASE_BYTES - CONTENT_BLOCK_BYTES]. */
const OFFSET_SPAN = BASE_BYTES - CONTENT_BLOCK_BYTES + 1;
/** Base buffers kept (1 MiB each). */
const BASE_MEMO_LIMIT = 32;

/** Parts that identify a content: the demo server uses seed, content version, kind and ids. */
export function contentKey(...parts: Array<string | number | boolean>): string {
  return parts.map(String).join('|');
}

/** What the demo server's content keys depend on besides ids. */
type ContentConfig = Pick<DemoConfig, 'seed' | 'contentVersion'>;

/**
 * Key of the bytes of a file revision of a file/folder plan (the revision
 * download, and the same file inside folder zips). Expected bytes of a
 * download: `contentBytes(revisionContentKey(...), revision.size)`.
 */
export function revisionContentKey(config: ContentConfig, nodeId: number, planUid: string, revisionId: string): string {
  return contentKey(config.seed, `v${config.contentVersion}`, 'file', nodeId, planUid, revisionId);
}

/** Key of the bytes of a file inside a mounted image revision; `path` is its exact path (`/Windows/win.ini`). */
export function imageFileContentKey(config: ContentConfig, nodeId: number, planUid: string, revisionId: string, path: string): string {
  return contentKey(config.seed, `v${config.contentVersion}`, 'image-file', nodeId, planUid, revisionId, path);
}

interface Base {
  bytes: Buffer;
  /** 32-bit salt for block offsets. */
  salt: number;
}

const baseMemo = new Map<string, Base>();

function baseFor(key: string): Base {
  const known = baseMemo.get(key);
  if (known) {
    // Most recently used last.
    baseMemo.delete(key);
    baseMemo.set(key, known);
    return known;
  }
  const digest = createHash('sha256').update(`demo-content|${key}`).digest();
  const cipher = createCipheriv('aes-256-ctr', digest, Buffer.alloc(16));
  const base: Base = { bytes: cipher.update(Buffer.alloc(BASE_BYTES)), salt: digest.readUInt32LE(0) };
  if (baseMemo.size >= BASE_MEMO_LIMIT) baseMemo.delete(baseMemo.keys().next().value as string);
  baseMemo.set(key, base);
  return base;
}

/** A well-mixed 32-bit value of the salt and a block index (a murmur3 finaliser). */
function mix(salt: number, block: number): number {
  let h = (salt ^ Math.imul(block >>> 0, 0x9e3779b1) ^ Math.floor(block / 0x100000000)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A byte range `[start, end)` (end exclusive). */
export interface ByteSpan {
  start: number;
  end: number;
}

function checkSpan(size: number, span: ByteSpan): void {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid size ${size}`);
  const { start, end } = span;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end > size) {
    throw new RangeError(`Invalid range [${start}, ${end}) of ${size} bytes`);
  }
}

/**
 * The bytes `[start, end)` of the content (key, size), as views of a shared
 * buffer (at most CONTENT_BLOCK_BYTES each; do not modify them).
 */
export function* contentChunks(key: string, size: number, span: ByteSpan = { start: 0, end: size }): Generator<Buffer> {
  checkSpan(size, span);
  const base = baseFor(key);
  let position = span.start;
  while (position < span.end) {
    const block = Math.floor(position / CONTENT_BLOCK_BYTES);
    const within = position - block * CONTENT_BLOCK_BYTES;
    const length = Math.min(CONTENT_BLOCK_BYTES - within, span.end - position);
    const offset = mix(base.salt, block) % OFFSET_SPAN;
    yield base.bytes.subarray(offset + within, offset + within + length);
    position += length;
  }
}

/** The bytes `[start, end)` of the content as one (copied) buffer: for tests and small slices. */
export function contentBytes(key: string, size: number, span: ByteSpan = { start: 0, end: size }): Buffer {
  checkSpan(size, span);
  return Buffer.concat([...contentChunks(key, size, span)], span.end - span.start);
}

/** A byte stream of the content (or a range of it), for pipes such as the zip streamer. */
export function contentStream(key: string, size: number, span: ByteSpan = { start: 0, end: size }): Readable {
  return Readable.from(contentChunks(key, size, span), { objectMode: false, highWaterMark: 4 * CONTENT_BLOCK_BYTES });
}

/** Lowercase hex SHA-256 of the whole content (key, size), computed synchronously (tests). */
export function expectedSha256(key: string, size: number): string {
  const hash = createHash('sha256');
  for (const chunk of contentChunks(key, size)) hash.update(chunk);
  return hash.digest('hex');
}

/** Bytes hashed between two yields to the event loop in contentSha256. */
const HASH_SLICE_BYTES = 32 * 1024 * 1024;

/** As expectedSha256, without blocking the event loop for long (servers). */
export async function contentSha256(key: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  let sinceYield = 0;
  for (const chunk of contentChunks(key, size)) {
    hash.update(chunk);
    sinceYield += chunk.length;
    if (sinceYield >= HASH_SLICE_BYTES) {
      sinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return hash.digest('hex');
}

const CHECKSUM_MEMO_LIMIT = 512;
const checksumMemo = new Map<string, Promise<string>>();

/** contentSha256, computed once per (key, size) and memoised (the server's checksum header). */
export function memoisedContentSha256(key: string, size: number): Promise<string> {
  const memoKey = `${size}|${key}`;
  let known = checksumMemo.get(memoKey);
  if (!known) {
    if (checksumMemo.size >= CHECKSUM_MEMO_LIMIT) checksumMemo.delete(checksumMemo.keys().next().value as string);
    known = contentSha256(key, size);
    known.catch(() => checksumMemo.delete(memoKey));
    checksumMemo.set(memoKey, known);
  }
  return known;
}
