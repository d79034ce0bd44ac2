/**
 * Where a download lands: always directly inside the folder the technician
 * chose, under a sanitized name, never anywhere else, with Windows long paths
 * handled. Also the free-space check made before a download starts.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as nodePath from 'node:path';
import { AppError } from '../../../../shared/errors';
import { collisionKey, numberedName, sanitizeFileName } from '../../../../shared/rules/platform/file-names';

export const PART_SUFFIX = '.part';

/** Windows' classic limit for a full path; beyond it the `\\?\` form is needed. */
const WINDOWS_MAX_PATH = 259;

type PathApi = typeof nodePath.posix;

export function pathApiFor(platform: NodeJS.Platform): PathApi {
  return platform === 'win32' ? nodePath.win32 : nodePath.posix;
}

/** The folder a download goes to when none was chosen for the device: the user's Downloads. */
export function defaultDownloadsFolder(home = homedir(), platform: NodeJS.Platform = process.platform): string {
  return pathApiFor(platform).join(home, 'Downloads');
}

/**
 * Checks a folder typed or chosen by the technician: an absolute path, created
 * when missing, and a folder (not a file). Returns its normalized form.
 */
export function prepareFolder(folder: string, platform: NodeJS.Platform = process.platform): string {
  const path = pathApiFor(platform);
  const trimmed = folder.trim();
  if (!trimmed || trimmed.includes('\0')) throw new AppError('INVALID_INPUT', 'Choose a folder to download to.');
  if (!path.isAbsolute(trimmed)) throw new AppError('INVALID_INPUT', `Enter a full folder path (for example ${defaultDownloadsFolder(undefined, platform)}).`);
  const normalized = path.resolve(trimmed);
  try {
    if (!existsSync(normalized)) mkdirSync(normalized, { recursive: true });
    if (!statSync(normalized).isDirectory()) throw new AppError('INVALID_INPUT', `${normalized} is a file, not a folder.`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('IO_ERROR', `The folder ${normalized} cannot be used: ${describeFsError(error)}.`);
  }
  return normalized;
}

/**
 * The full path of `name` inside `folder`. The name is sanitized again here,
 * and the result is checked to be directly inside the folder, so nothing a
 * server says can make the console write elsewhere.
 */
export function targetInside(folder: string, name: string, platform: NodeJS.Platform = process.platform): string {
  const path = pathApiFor(platform);
  const safe = sanitizeFileName(name);
  const target = path.join(folder, safe);
  const parent = path.dirname(target);
  if (path.relative(folder, parent) !== '' || path.basename(target) !== safe) {
    throw new AppError('INVALID_INPUT', 'The file name from the server is not usable.');
  }
  return target;
}

/** The form of `target` to hand to the file system: `\\?\` for long Windows paths. */
export function fsPath(target: string, platform: NodeJS.Platform = process.platform): string {
  if (platform !== 'win32' || target.length <= WINDOWS_MAX_PATH || target.startsWith('\\\\?\\')) return target;
  if (target.startsWith('\\\\')) return `\\\\?\\UNC\\${target.slice(2)}`;
  return `\\\\?\\${target}`;
}

/**
 * A name in `folder` that neither exists on disk nor is taken by another
 * download (case-insensitive, as on Windows and macOS): "a.txt", "a (1).txt"...
 */
export function uniqueName(folder: string, name: string, taken: ReadonlySet<string>, exists: (path: string) => boolean, platform: NodeJS.Platform = process.platform): string {
  const path = pathApiFor(platform);
  const free = (candidate: string) => {
    const full = path.join(folder, candidate);
    return !taken.has(collisionKey(full)) && !exists(fsPath(full, platform)) && !exists(fsPath(full + PART_SUFFIX, platform));
  };
  if (free(name)) return name;
  for (let n = 1; n < 10_000; n++) {
    const candidate = numberedName(name, n);
    if (free(candidate)) return candidate;
  }
  throw new AppError('CONFLICT', `Too many files named like ${name} in ${folder}.`);
}

/**
 * Whether anything is at `path`, links included (a broken link too): unlike
 * existsSync, which follows links, so a link planted at a name is never taken
 * for a free name.
 */
function pathTaken(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    return (error as { code?: string } | null)?.code !== 'ENOENT';
  }
}

/**
 * Whether `path` or a sibling whose name differs only in case is there: names
 * are kept apart case-insensitively on every platform (as Windows and macOS
 * would), also against files that finished earlier.
 */
export function nameTaken(path: string): boolean {
  if (pathTaken(path)) return true;
  const wanted = collisionKey(nodePath.basename(path));
  try {
    return readdirSync(nodePath.dirname(path)).some((entry) => collisionKey(entry) === wanted);
  } catch {
    return false;
  }
}

/**
 * `nameTaken` for many names of one folder at once: the folder is read once, here, instead of once per name asked about
 * (a plan asks per item, a numbered name per candidate, up to 10,000). The
 * answer is the same: a name is taken when anything is there under it or
 * under a name differing only in case. Paths outside `folder`, or a folder
 * that cannot be read, are asked about one by one.
 */
export function folderNames(folder: string, platform: NodeJS.Platform = process.platform): (path: string) => boolean {
  const path = pathApiFor(platform);
  let keys: Set<string>;
  try {
    keys = new Set(readdirSync(fsPath(folder, platform)).map(collisionKey));
  } catch {
    return nameTaken;
  }
  const folderKeys = new Set([collisionKey(folder), collisionKey(fsPath(folder, platform))]);
  return (candidate) => (folderKeys.has(collisionKey(path.dirname(candidate))) ? keys.has(collisionKey(path.basename(candidate))) : nameTaken(candidate));
}

/** Bytes free for this user on the file system holding `folder`; null when it cannot be told. */
export async function freeBytes(folder: string): Promise<number | null> {
  try {
    const stats = await statfs(folder);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function describeFsError(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the disk is read-only';
    case 'ENOENT':
      return 'it does not exist';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'EDQUOT':
      return 'the disk quota is used up';
    default:
      return code ? `error ${code}` : 'unknown error';
  }
}
