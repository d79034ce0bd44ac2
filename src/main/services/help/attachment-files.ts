/**
 * Local files for help ticket attachments: the main process looks at them
 * (size, type, first bytes) and later streams them to the upload call; the
 * renderer only ever sees their path, name and size.
 */
import { open, stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { AttachmentFile } from '../../../shared/model/help';
import { extensionOf, FILE_CHECK_BYTES, passesFileCheck } from '../../../shared/rules/help';

async function readHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What the ticket form needs to know about a file, or a typed error for a path that is not a readable file. */
export async function inspectAttachmentFile(rawPath: string): Promise<AttachmentFile> {
  const trimmed = rawPath.trim();
  if (!isAbsolute(trimmed)) throw new AppError('INVALID_INPUT', 'Enter the full path of a file on this computer.');
  const path = resolve(trimmed);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new AppError('NOT_FOUND', `No file was found at ${path}.`);
    if (code === 'EACCES' || code === 'EPERM') throw new AppError('FORBIDDEN', `The console may not read ${path}.`);
    throw new AppError('IO_ERROR', `The file ${path} could not be read.`);
  }
  if (!info.isFile()) throw new AppError('INVALID_INPUT', `${path} is not a file.`);
  const name = basename(path);
  const extension = extensionOf(name);
  let head: Uint8Array;
  try {
    head = await readHead(path, FILE_CHECK_BYTES);
  } catch {
    throw new AppError('FORBIDDEN', `The console may not read ${path}.`);
  }
  return { path, name, size: info.size, extension, passesFileCheck: passesFileCheck(extension, head) };
}
