/**
 * The data folder holds profiles, settings, the listing cache and the
 * download list: owner-only (folders 0700, files 0600), also
 * when an older version or another tool created them wider. POSIX only: on
 * Windows the folder inherits the user profile's ACL and modes mean little.
 *
 * Best effort by design: a folder or file we cannot chmod (read-only medium,
 * another owner) must never block start; the caller finds out soon enough
 * when it tries to write.
 */
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync } from 'node:fs';

const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const applies = process.platform !== 'win32';

/**
 * Takes away what `mask` does not allow (group and other bits) from an existing
 * file or folder; never adds a bit, so a folder the user made read-only stays
 * so. Never follows a symlink.
 */
export function restrictMode(path: string, mask: number): void {
  if (!applies) return;
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const current = stat.mode & 0o777;
    if ((current & mask) !== current) chmodSync(path, current & mask);
  } catch {
    // Absent, or not ours to change: see the file comment.
  }
}

/** Creates `dir` (and missing parents) owner-only, and narrows it when it already exists. Returns false when it cannot be created. */
export function ensurePrivateDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch {
    return existsSync(dir);
  }
  restrictMode(dir, PRIVATE_DIR_MODE);
  return true;
}

/**
 * Makes sure `file` exists owner-only before a library (SQLite) opens it: SQLite
 * gives its -wal and -shm files the mode of the database file, so creating the
 * database 0600 first keeps them 0600 too. Existing companions are narrowed.
 * Throws when the file cannot be created (read-only folder, disk full).
 */
export function preparePrivateFile(file: string, companions: readonly string[] = []): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, ...companions]) restrictMode(path, PRIVATE_FILE_MODE);
}
