/**
 * Opens the SQLite cache: WAL, foreign keys, migrations. A corrupt file is
 * moved aside and rebuilt (it is only a cache); a file from a newer version of
 * the console is never touched, and listings then live in memory only.
 */
import { existsSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS, migrate, SchemaTooNewError, type Migration } from './migrations/index';

export interface OpenedCache {
  db: Database.Database;
  /** False when the file could not be used and an in-memory database stands in. */
  persistent: boolean;
  /** Something the technician should be told about the cache file. */
  notice?: string;
  /** Where a corrupt file was moved. */
  movedAside?: string;
}

const CORRUPT_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);

export function isCorruptionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CORRUPT_CODES.has(code);
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 3000');
  db.pragma('cache_size = -32000');
}

function openFile(file: string, migrations: readonly Migration[]): Database.Database {
  const db = new Database(file);
  try {
    configure(db);
    // Touch the schema so a damaged header or page is found now, not mid-browse.
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function openInMemory(migrations: readonly Migration[] = MIGRATIONS): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

/** Moves the database and its WAL/SHM files aside; returns the new name of the main file. */
export function moveAside(file: string, now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/** What the technician is told about one database file (the cache, the download list). */
export interface DatabaseWording {
  /** e.g. "The offline cache". */
  subject: string;
  /** What happens while a newer file is left alone, e.g. "listings are kept in memory until you update the console". */
  meanwhile: string;
  /** What a rebuilt file means, e.g. "listings will be cached again as you browse". */
  rebuilt: string;
}

const CACHE_WORDING: DatabaseWording = {
  subject: 'The offline cache',
  meanwhile: 'listings are kept in memory until you update the console',
  rebuilt: 'listings will be cached again as you browse',
};

/**
 * Opens a SQLite file with its migrations. A corrupt file is moved aside and
 * rebuilt; a file from a newer version is left untouched and an in-memory
 * database stands in, with a notice saying so.
 */
export function openDatabase(file: string, migrations: readonly Migration[], wording: DatabaseWording): OpenedCache {
  try {
    return { db: openFile(file, migrations), persistent: true };
  } catch (error) {
    if (error instanceof SchemaTooNewError) {
      return {
        db: openInMemory(migrations),
        persistent: false,
        notice:
          `${wording.subject} was written by a newer version of the console (schema ${error.found}; this version reads up to ${migrations.length}). ` +
          `It was left untouched; ${wording.meanwhile}.`,
      };
    }
    if (!isCorruptionError(error)) throw error;
  }
  const movedAside = moveAside(file);
  try {
    return {
      db: openFile(file, migrations),
      persistent: true,
      movedAside,
      notice: `${wording.subject} file was damaged. It was moved aside and a new one was started; ${wording.rebuilt}.`,
    };
  } catch {
    return { db: openInMemory(migrations), persistent: false, movedAside, notice: `${wording.subject} could not be rebuilt; it is kept in memory only.` };
  }
}

export function openCacheDatabase(file: string): OpenedCache {
  return openDatabase(file, MIGRATIONS, CACHE_WORDING);
}
