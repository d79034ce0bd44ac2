/**
 * Opens a SQLite file of the console (see ./migrations.ts): WAL, foreign
 * keys, `PRAGMA quick_check`, migrations. Nothing here may block start
 * (DESIGN.md "Data rules"):
 * - a damaged file (unreadable header, a bad page found by quick_check) is
 *   moved aside and rebuilt;
 * - a file that cannot be opened for another reason (not readable, a
 *   companion it cannot create, a write that fails because the disk is full)
 *   is moved aside and rebuilt too, and put back when the rebuild fails as
 *   well, so that a full disk never costs the technician the file;
 * - where neither works (a read-only data folder), an in-memory database
 *   stands in and the notice says that nothing survives a restart;
 * - a file from a newer version of the console is never touched.
 * The database file is created owner-only (0600) before SQLite opens it, so its
 * -wal and -shm files are too.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { checkMigrationOrder, migrate, SchemaTooNewError, type Migration } from './migrations';
import { preparePrivateFile } from '../private-files';

export interface OpenedCache {
  db: Database.Database;
  /** False when the file could not be used and an in-memory database stands in. */
  persistent: boolean;
  /** Something the technician should be told about the file. */
  notice?: string;
  /** Where a damaged or unusable file was moved. */
  movedAside?: string;
}

const CORRUPT_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);
const COMPANIONS = ['-wal', '-shm'] as const;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function isCorruptionError(error: unknown): boolean {
  return CORRUPT_CODES.has(codeOf(error));
}

/** `PRAGMA quick_check` found a problem: the file is damaged even though its header reads. */
class IntegrityCheckError extends Error {
  readonly code = 'SQLITE_CORRUPT';
  constructor(readonly findings: string[]) {
    super(`The database failed its integrity check: ${findings.slice(0, 3).join('; ')}`);
    this.name = 'IntegrityCheckError';
  }
}

/**
 * What went wrong, in words for the technician (never a path from the error
 * text: codes only). SQLite's extended codes (SQLITE_IOERR_SHMSIZE, ...) and
 * Node's errno codes both come through here.
 */
export function describeOpenFailure(error: unknown): string {
  const code = codeOf(error);
  if (isCorruptionError(error)) return 'the file is damaged';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'SQLITE_IOERR_SHMSIZE' || code === 'SQLITE_IOERR_WRITE') {
    return 'a write failed; the disk may be full';
  }
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'the data folder is read-only';
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return 'the console is not allowed to write to the data folder';
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'its folder is missing and could not be created';
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'EISDIR') return 'the file could not be opened';
  if (code.startsWith('SQLITE_IOERR') || code === 'EIO') return 'a read or write error occurred';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'another program is using it';
  return 'an unexpected error occurred';
}

function isBusyError(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 3000');
  db.pragma('cache_size = -32000');
}

/** Every page and index is read once: a bad page is found at open, not in the middle of a download. */
function quickCheck(db: Database.Database): void {
  const rows = db.pragma('quick_check') as Array<{ quick_check: string }>;
  const findings = rows.map((row) => row.quick_check).filter((finding) => finding !== 'ok');
  if (findings.length > 0) throw new IntegrityCheckError(findings);
}

function openFile(file: string, migrations: readonly Migration[]): Database.Database {
  preparePrivateFile(file, COMPANIONS.map((suffix) => file + suffix));
  const db = new Database(file);
  try {
    configure(db);
    quickCheck(db);
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function openInMemory(migrations: readonly Migration[]): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

/**
 * Moves the database and its WAL/SHM files aside; returns the new name of the
 * main file. `why` names the copy: `corrupt` (damaged) or `unusable` (could not be opened).
 */
export function moveAside(file: string, now = Date.now(), why: 'corrupt' | 'unusable' = 'corrupt'): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.${why}-${stamp}`;
  for (const suffix of ['', ...COMPANIONS]) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/** Puts a file moved aside back (its rebuild failed too, and it was not damaged). */
function moveBack(movedAside: string, file: string): boolean {
  try {
    for (const suffix of ['', ...COMPANIONS]) {
      rmSync(file + suffix, { force: true });
      if (existsSync(movedAside + suffix)) renameSync(movedAside + suffix, file + suffix);
    }
    return true;
  } catch {
    return false;
  }
}

function removeQuietly(file: string): void {
  for (const suffix of ['', ...COMPANIONS]) {
    try {
      rmSync(file + suffix, { force: true });
    } catch {
      // A read-only folder: nothing was created there either.
    }
  }
}

/** What the technician is told about one database file (the cache, the download list). */
export interface DatabaseWording {
  /** e.g. "The offline cache". */
  subject: string;
  /** What happens while a newer file is left alone, e.g. "listings are kept in memory until you update the console". */
  meanwhile: string;
  /** What a rebuilt file means, e.g. "listings will be cached again as you browse". */
  rebuilt: string;
  /** What an in-memory stand-in means, e.g. "downloads started now will not be remembered after a restart". */
  memoryOnly: string;
}


function inMemory(migrations: readonly Migration[], notice: string, movedAside?: string): OpenedCache {
  return { db: openInMemory(migrations), persistent: false, notice, ...(movedAside ? { movedAside } : {}) };
}

/**
 * Opens a SQLite file with its migrations; never throws for the file's sake
 * (see the file comment for what happens when it cannot be used).
 */
export function openDatabase(file: string, migrations: readonly Migration[], wording: DatabaseWording, now: () => number = Date.now): OpenedCache {
  // A misnumbered list is the console's own bug: said at start, before any file is touched (or moved aside).
  checkMigrationOrder(migrations);
  if (file === ':memory:') return { db: openInMemory(migrations), persistent: false };
  let failure: unknown;
  try {
    return { db: openFile(file, migrations), persistent: true };
  } catch (error) {
    if (error instanceof SchemaTooNewError) {
      return inMemory(
        migrations,
        `${wording.subject} was written by a newer version of the console (schema ${error.found}; this version reads up to ${migrations.length}). ` +
          `It was left untouched; ${wording.meanwhile}.`,
      );
    }
    // Another process holds it (the data-folder lock should prevent that): never move a live file away.
    if (isBusyError(error)) return inMemory(migrations, `${wording.subject} is in use by another program; ${wording.memoryOnly}.`);
    failure = error;
  }

  const damaged = isCorruptionError(failure);
  const reason = describeOpenFailure(failure);
  const existed = existsSync(file);
  let movedAside: string | undefined;
  if (existed) {
    try {
      movedAside = moveAside(file, now(), damaged ? 'corrupt' : 'unusable');
    } catch (moveError) {
      return inMemory(
        migrations,
        `${wording.subject} could not be opened (${reason}) and could not be moved aside (${describeOpenFailure(moveError)}); ${wording.memoryOnly}.`,
      );
    }
  }
  try {
    const db = openFile(file, migrations);
    const what = damaged ? `${wording.subject} file was damaged.` : `${wording.subject} file could not be opened (${reason}).`;
    return {
      db,
      persistent: true,
      ...(movedAside ? { movedAside } : {}),
      notice: `${what} It was moved aside and a new one was started; ${wording.rebuilt}.`,
    };
  } catch (rebuildError) {
    // An undamaged file goes back where it was: once the folder is writable again it works as before.
    if (movedAside && !damaged && moveBack(movedAside, file)) movedAside = undefined;
    else if (!existed) removeQuietly(file);
    const where = existed ? 'could not be opened or rebuilt' : `could not be created in ${dirname(file)}`;
    return inMemory(migrations, `${wording.subject} ${where} (${describeOpenFailure(rebuildError)}); ${wording.memoryOnly}.`, movedAside);
  }
}
