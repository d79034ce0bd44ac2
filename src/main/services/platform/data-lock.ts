/**
 * One data folder, one process: two consoles writing the
 * same download list and cache would resume the same `.part` twice. The lock
 * is `console.lock` in the data folder, created exclusively (O_EXCL) and
 * holding who wrote it: the pid, a random id of this run, when the process
 * started and when the lock was written. Applies to Electron and browser mode.
 *
 * A lock is stale (taken over) when its process is gone, and also when its
 * pid is alive but belongs to another process: after a crash and a reboot
 * pids are handed out again, and a console that trusted any live pid would
 * refuse to start until someone deleted the file.
 * On Linux the process's start (boot id and start time from /proc) tells
 * exactly; elsewhere a lock written before this boot is stale.
 *
 * Electron's single-instance lock covers two Electron windows only; this one
 * also covers `npm run serve` next to the app, or two `serve` runs.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export const LOCK_FILE_NAME = 'console.lock';
/** A lock file still empty after this long was left by a process that died between creating and writing it. */
const EMPTY_LOCK_GRACE_MS = 5_000;
/** The boot time is estimated from the clock and the uptime; a lock this close to it counts as written after it. */
const BOOT_TIME_SLACK_MS = 5_000;

export class DataFolderInUseError extends Error {
  readonly code = 'DATA_FOLDER_IN_USE';
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    // The lock may be left over in a way no check can tell (a pid reused on a system without /proc): say how to go on.
    super(`Another RMM Technician Console is already using ${dir}. Close it first. If none is open, delete ${join(dir, LOCK_FILE_NAME)}.`);
    this.name = 'DataFolderInUseError';
  }
}

export interface DataLock {
  /** False when the folder cannot hold a lock (read-only); the console then runs without one. */
  held: boolean;
  file: string;
  release(): void;
}

/** What a lock file says about the process that wrote it. */
interface LockOwner {
  pid: number;
  /** Its run's random id (a lock without one was written by an older version). */
  run: string | null;
  /** When that process started, as `processStartOf` tells it; null where it cannot be told. */
  start: string | null;
  /** When the lock was written (epoch ms). */
  writtenAt: number;
}

/** What this process knows about the machine, to judge a lock (tests fake each). */
export interface LockFacts {
  ownPid: number;
  /** When the machine booted (epoch ms). */
  bootTime: number;
  isAlive(pid: number): boolean;
  processStart(pid: number): string | null;
}

interface DataLockOptions {
  pid?: number;
  isAlive?: (pid: number) => boolean;
  processStart?: (pid: number) => string | null;
  bootTime?: number;
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

/**
 * Linux: `<boot id>:<start time in clock ticks since boot>` of a process, from
 * /proc, so a pid reused by another process (or on another boot) never
 * matches. Null elsewhere or when /proc does not tell.
 */
export function processStartOf(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19]; // field 22, starttime
    return bootId && startTicks && /^\d+$/.test(startTicks) ? `${bootId}:${startTicks}` : null;
  } catch {
    return null;
  }
}

/** The machine's boot time from the clock and the uptime (epoch ms). */
function bootTimeNow(): number {
  return Date.now() - uptime() * 1000;
}

/**
 * Pure: whether a lock is left over. Its process is gone; or its pid is alive
 * but started at another time than the lock says (Linux: exact); or, where
 * the start cannot be compared, the lock was written before this boot.
 */
export function isStaleLock(owner: LockOwner, facts: LockFacts): boolean {
  // An earlier run that had this process's pid (this run has not written its lock yet).
  if (owner.pid === facts.ownPid) return true;
  if (!facts.isAlive(owner.pid)) return true;
  const start = owner.start === null ? null : facts.processStart(owner.pid);
  if (owner.start !== null && start !== null) return start !== owner.start;
  return owner.writtenAt < facts.bootTime - BOOT_TIME_SLACK_MS;
}

/** Reads a lock: its owner (null when empty or unreadable as a lock), its text and its age; null when gone meanwhile. */
function readLock(file: string): { owner: LockOwner | null; text: string; ageMs: number } | null {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(file, 'utf8');
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  return { owner: parseOwner(text.trim(), mtimeMs), text, ageMs: Date.now() - mtimeMs };
}

function parseOwner(text: string, mtimeMs: number): LockOwner | null {
  // An older version wrote the pid alone.
  if (/^\d{1,10}$/.test(text)) return { pid: Number(text), run: null, start: null, writtenAt: mtimeMs };
  try {
    const value = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return {
      pid: value.pid,
      run: typeof value.run === 'string' ? value.run : null,
      start: typeof value.start === 'string' ? value.start : null,
      writtenAt: typeof value.writtenAt === 'number' ? value.writtenAt : mtimeMs,
    };
  } catch {
    return null;
  }
}

function tryCreate(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Holds the data folder for this process, or throws DataFolderInUseError naming the folder. */
export function acquireDataLock(dir: string, options: DataLockOptions = {}): DataLock {
  const pid = options.pid ?? process.pid;
  const facts: LockFacts = {
    ownPid: pid,
    bootTime: options.bootTime ?? bootTimeNow(),
    isAlive: options.isAlive ?? isProcessAlive,
    processStart: options.processStart ?? processStartOf,
  };
  const file = join(dir, LOCK_FILE_NAME);
  ensurePrivateDir(dir);
  const unlocked: DataLock = { held: false, file, release: () => undefined };
  const own: LockOwner = { pid, run: randomBytes(12).toString('hex'), start: facts.processStart(pid), writtenAt: Date.now() };
  const content = `${JSON.stringify(own)}\n`;

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      if (tryCreate(file, content)) return heldLock(file, content);
    } catch (error) {
      // A read-only or full data folder cannot hold a lock; the databases then run in memory
      // anyway (see cache/database.ts), so starting without one is safe and better than not starting.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC') return unlocked;
      throw error;
    }
    const found = readLock(file);
    if (found === null) continue;
    if (found.owner === null) {
      // Being written right now by a process that is starting, or left empty (or garbled) by a crash.
      if (found.ageMs < EMPTY_LOCK_GRACE_MS) throw new DataFolderInUseError(dir, 0);
    } else if (!isStaleLock(found.owner, facts)) {
      throw new DataFolderInUseError(dir, found.owner.pid);
    }
    takeOver(file, found.text);
  }
  throw new DataFolderInUseError(dir, 0);
}

/**
 * Removes a stale lock. Renamed to a unique name first, then checked: if two
 * processes race for the same stale lock, only one rename succeeds, and a
 * fresh lock renamed by mistake (its content changed meanwhile) is put back.
 */
function takeOver(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // Someone else moved it: the next attempt sees what is there now.
  }
  if (readFileSync(aside, 'utf8') !== staleText) {
    try {
      renameSync(aside, file);
      return;
    } catch {
      // Fall through: a new lock exists again; ours is just removed.
    }
  }
  rmSync(aside, { force: true });
}

function heldLock(file: string, content: string): DataLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      // Only our own lock (this run's id): never one another process took over after we were presumed dead.
      if (readFileSync(file, 'utf8') === content) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  // Also on process.exit() and uncaught errors; a crash or SIGKILL leaves a stale lock, taken over next time.
  process.on('exit', release);
  return { held: true, file, release };
}
