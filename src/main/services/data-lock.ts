/**
 * One data folder, one process (issue 10 point 6): two consoles writing the
 * same download list and cache would resume the same `.part` twice. The lock
 * is `console.lock` in the data folder, created exclusively (O_EXCL) and
 * holding the owner's pid. A lock whose pid is no longer alive (a crash, a
 * power loss) is taken over. Applies to Electron and browser mode alike.
 *
 * Electron's single-instance lock covers two Electron windows only; this one
 * also covers `npm run serve` next to the app, or two `serve` runs.
 */
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export const LOCK_FILE_NAME = 'console.lock';
/** A lock file still empty after this long was left by a process that died between creating and writing it. */
const EMPTY_LOCK_GRACE_MS = 5_000;

export class DataFolderInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`Another RMM Technician Console is already using ${dir}. Close it first.`);
    this.name = 'DataFolderInUseError';
  }
}

export interface DataLock {
  /** False when the folder cannot hold a lock (read-only); the console then runs without one. */
  held: boolean;
  file: string;
  release(): void;
}

export interface DataLockOptions {
  pid?: number;
  /** Whether a process is running (tests fake it). */
  isAlive?: (pid: number) => boolean;
  now?: () => number;
}

/** `kill(pid, 0)` delivers nothing: ESRCH means gone; EPERM means alive but someone else's. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { pid: number | null; ageMs: number } | null {
  try {
    const text = readFileSync(file, 'utf8').trim();
    const pid = /^\d{1,10}$/.test(text) ? Number(text) : null;
    return { pid, ageMs: Date.now() - statSync(file).mtimeMs };
  } catch {
    return null; // Gone meanwhile: try again.
  }
}

function tryCreate(file: string, pid: number): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Holds the data folder for this process, or throws DataFolderInUseError naming the folder. */
export function acquireDataLock(dir: string, options: DataLockOptions = {}): DataLock {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? isProcessAlive;
  const file = join(dir, LOCK_FILE_NAME);
  ensurePrivateDir(dir);
  const unlocked: DataLock = { held: false, file, release: () => undefined };

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      if (tryCreate(file, pid)) return heldLock(file, pid);
    } catch (error) {
      // A read-only or full data folder cannot hold a lock; the databases then run in memory
      // anyway (see cache/database.ts), so starting without one is safe and better than not starting.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC') return unlocked;
      throw error;
    }
    const owner = readOwner(file);
    if (owner === null) continue;
    if (owner.pid === null) {
      // Being written right now by a process that is starting, or left empty by a crash.
      if (owner.ageMs < EMPTY_LOCK_GRACE_MS) throw new DataFolderInUseError(dir, 0);
    } else if (owner.pid !== pid && isAlive(owner.pid)) {
      throw new DataFolderInUseError(dir, owner.pid);
    }
    takeOver(file, owner.pid);
  }
  throw new DataFolderInUseError(dir, 0);
}

/**
 * Removes a stale lock. Renamed to a unique name first, then checked: if two
 * processes race for the same stale lock, only one rename succeeds, and a
 * fresh lock renamed by mistake (its pid changed meanwhile) is put back.
 */
function takeOver(file: string, stalePid: number | null): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Someone else moved it: the next attempt sees what is there now.
  }
  const text = readFileSync(aside, 'utf8').trim();
  const pidNow = /^\d{1,10}$/.test(text) ? Number(text) : null;
  if (pidNow !== stalePid) {
    try {
      renameSync(aside, file);
      return;
    } catch {
      // Fall through: a new lock exists again; ours is just removed.
    }
  }
  rmSync(aside, { force: true });
}

function heldLock(file: string, pid: number): DataLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      // Only our own lock: never one another process took over after we were presumed dead.
      if (readFileSync(file, 'utf8').trim() === String(pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  // Also on process.exit() and uncaught errors; a crash or SIGKILL leaves a stale lock, taken over next time.
  process.on('exit', release);
  return { held: true, file, release };
}
