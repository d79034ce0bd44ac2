/**
 * Local files for help ticket attachments: the main process looks at them
 * (size, type, first bytes) and later streams them to the upload call; the
 * renderer only ever sees their path, name and size.
 *
 * Which files may be looked at at all (issue 10 point 2): in Electron only
 * files picked in the system dialog; in browser mode only files under the
 * downloads root. Anything else gets one answer, whether it exists or not, so
 * an untrusted renderer cannot probe the disk.
 */
import { open, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { AttachmentFile } from '../../../shared/model/help';
import { extensionOf, FILE_CHECK_BYTES, passesFileCheck } from '../../../shared/rules/help';
import { existingFileUnderRoot } from '../file-policy';

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

/** Browser mode's one answer for a typed path that is missing, unreadable or outside the root. */
export function attachmentRefusedMessage(root: string): string {
  return `This file cannot be attached. Attach a file that is in ${root} or a folder under it.`;
}

/** Electron: a typed path is never accepted; files come from the system dialog. */
export const CHOOSE_WITH_DIALOG_MESSAGE = 'This file cannot be attached. Choose it with "Attach files".';

/** A submitted path that was not picked (or changed since): the same answer whatever is at that path. */
export function attachAgainMessage(path: string): string {
  return `Attach ${basename(path)} again: only files you picked can be uploaded.`;
}

/**
 * Browser mode: the typed path (resolved) and its real location, when it is an
 * existing file under `root`; otherwise FORBIDDEN with the same message.
 */
export async function typedAttachmentPath(rawPath: string, root: string): Promise<{ path: string; real: string }> {
  const trimmed = rawPath.trim();
  if (!isAbsolute(trimmed)) throw new AppError('INVALID_INPUT', 'Enter the full path of a file on this computer.');
  const real = await existingFileUnderRoot(trimmed, root);
  if (!real) throw new AppError('FORBIDDEN', attachmentRefusedMessage(root));
  return { path: resolve(trimmed), real };
}

/** Where a path really points now (symlinks resolved), or null when it cannot be resolved. */
export async function currentRealPath(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

/**
 * What the ticket form needs to know about a file, or a typed error for a path
 * that is not a readable file. `real` is where it is read from (its resolved
 * location, already allowed); the answer keeps the path the technician knows.
 */
export async function inspectAttachmentFile(rawPath: string, real = resolve(rawPath.trim())): Promise<AttachmentFile> {
  const trimmed = rawPath.trim();
  if (!isAbsolute(trimmed)) throw new AppError('INVALID_INPUT', 'Enter the full path of a file on this computer.');
  const path = resolve(trimmed);
  let info;
  try {
    info = await stat(real);
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
    head = await readHead(real, FILE_CHECK_BYTES);
  } catch {
    throw new AppError('FORBIDDEN', `The console may not read ${path}.`);
  }
  return { path, name, size: info.size, extension, passesFileCheck: passesFileCheck(extension, head) };
}
