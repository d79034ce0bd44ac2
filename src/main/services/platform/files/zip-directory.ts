/**
 * The entries of a zip file as its central directory lists them (name, size,
 * compressed size, CRC-32), read without unpacking anything. Bounded: the
 * end-of-central-directory record is looked for in the file's last 64 KiB +
 * 22 bytes (its largest possible comment plus itself), the directory read is
 * capped, and at most `maxEntries` entries are listed (the rest counted).
 * ZIP64 archives (more than 65,535 entries or 4 GiB) are read through their
 * ZIP64 records. A malformed zip never throws: the answer says why its
 * entries could not be read.
 */
import { constants as fsConstants, promises as fsp } from 'node:fs';

/** One entry as the central directory lists it; CRC-32 as 8 lowercase hex digits. */
export interface ZipEntry {
  name: string;
  sizeBytes: number;
  compressedBytes: number;
  crc32: string;
}

/** The entries read (`moreEntries` past the cap, counted only), or why they could not be. */
export type ZipListing = { readable: true; entryCount: number; entries: ZipEntry[]; moreEntries: number } | { readable: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const CENTRAL_ENTRY_SIZE = 46;
const MAX_COMMENT = 0xffff;

/** The entries a receipt lists (the rest are counted): enough to find a file, small enough for the main process. */
export const ZIP_ENTRY_LIMIT = 10_000;
/** The most of a central directory read (names of 10,000 entries fit many times over). */
const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;

class MalformedZip extends Error {}

async function readAt(handle: fsp.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) throw new MalformedZip('the file ends early');
    done += bytesRead;
  }
  return buffer;
}

/** A 64-bit little-endian number that must fit a JS number exactly. */
function safeBig(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new MalformedZip('a size is too large');
  return Number(value);
}

interface Directory {
  count: number;
  size: number;
  offset: number;
}

async function findDirectory(handle: fsp.FileHandle, fileSize: number): Promise<Directory> {
  if (fileSize < EOCD_SIZE) throw new MalformedZip('it is too short to be a zip');
  const tailLength = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(handle, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    // The record's comment must end exactly at the end of the file.
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new MalformedZip('no end of central directory was found');
  let directory: Directory = { count: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), offset: tail.readUInt32LE(at + 16) };
  const eocdPosition = tailStart + at;
  const needsZip64 = directory.count === 0xffff || directory.size === 0xffffffff || directory.offset === 0xffffffff;
  if (eocdPosition >= ZIP64_LOCATOR_SIZE) {
    const locator = await readAt(handle, eocdPosition - ZIP64_LOCATOR_SIZE, ZIP64_LOCATOR_SIZE);
    if (locator.readUInt32LE(0) === ZIP64_LOCATOR_SIGNATURE) {
      const recordAt = safeBig(locator.readBigUInt64LE(8));
      if (recordAt + 56 > fileSize) throw new MalformedZip('its ZIP64 record is outside the file');
      const record = await readAt(handle, recordAt, 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) throw new MalformedZip('its ZIP64 record is damaged');
      directory = { count: safeBig(record.readBigUInt64LE(32)), size: safeBig(record.readBigUInt64LE(40)), offset: safeBig(record.readBigUInt64LE(48)) };
    } else if (needsZip64) {
      throw new MalformedZip('its ZIP64 record is missing');
    }
  }
  if (directory.offset + directory.size > fileSize) throw new MalformedZip('its central directory is outside the file');
  return directory;
}

/** A central entry's ZIP64 extra field replaces the 32-bit values that are all ones, in this order. */
function applyZip64Extra(extra: Buffer, sizes: { size: number; compressed: number }, rawSize: number, rawCompressed: number): void {
  for (let i = 0; i + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let at = i + 4;
      const end = Math.min(extra.length, at + length);
      if (rawSize === 0xffffffff && at + 8 <= end) {
        sizes.size = safeBig(extra.readBigUInt64LE(at));
        at += 8;
      }
      if (rawCompressed === 0xffffffff && at + 8 <= end) sizes.compressed = safeBig(extra.readBigUInt64LE(at));
      return;
    }
    i += 4 + length;
  }
}

/** The zip's entries (at most `maxEntries` listed), or why they could not be read. */
export async function readZipEntries(path: string, maxEntries = ZIP_ENTRY_LIMIT): Promise<ZipListing> {
  let handle: fsp.FileHandle | null = null;
  try {
    handle = await fsp.open(path, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
    const { size: fileSize } = await handle.stat();
    const directory = await findDirectory(handle, fileSize);
    const readable = Math.min(directory.size, MAX_DIRECTORY_BYTES);
    const data = await readAt(handle, directory.offset, readable);
    const entries: ZipListing & { readable: true } = { readable: true, entryCount: directory.count, entries: [], moreEntries: 0 };
    let at = 0;
    for (let n = 0; n < directory.count && n < maxEntries; n++) {
      if (at + CENTRAL_ENTRY_SIZE > data.length) {
        if (readable < directory.size) break; // The cap was reached: the rest is counted.
        throw new MalformedZip('its central directory ends early');
      }
      if (data.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) throw new MalformedZip('its central directory is damaged');
      const flags = data.readUInt16LE(at + 8);
      const crc = data.readUInt32LE(at + 16);
      const rawCompressed = data.readUInt32LE(at + 20);
      const rawSize = data.readUInt32LE(at + 24);
      const nameLength = data.readUInt16LE(at + 28);
      const extraLength = data.readUInt16LE(at + 30);
      const commentLength = data.readUInt16LE(at + 32);
      const end = at + CENTRAL_ENTRY_SIZE + nameLength + extraLength + commentLength;
      if (end > data.length) {
        if (readable < directory.size) break;
        throw new MalformedZip('its central directory ends early');
      }
      const nameBytes = data.subarray(at + CENTRAL_ENTRY_SIZE, at + CENTRAL_ENTRY_SIZE + nameLength);
      // Bit 11: the name is UTF-8; otherwise CP437, read here as latin1 (exact for ASCII names).
      const name = nameBytes.toString(flags & 0x0800 ? 'utf8' : 'latin1');
      const sizes = { size: rawSize, compressed: rawCompressed };
      applyZip64Extra(data.subarray(at + CENTRAL_ENTRY_SIZE + nameLength, at + CENTRAL_ENTRY_SIZE + nameLength + extraLength), sizes, rawSize, rawCompressed);
      entries.entries.push({ name, sizeBytes: sizes.size, compressedBytes: sizes.compressed, crc32: crc.toString(16).padStart(8, '0') });
      at = end;
    }
    entries.moreEntries = directory.count - entries.entries.length;
    return entries;
  } catch (error) {
    const reason = error instanceof MalformedZip ? error.message : `it could not be read (${(error as { code?: string } | null)?.code ?? 'error'})`;
    return { readable: false, reason };
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
