/**
 * The SQLite plumbing shared by the listing cache and the download list
 * (src/main/services/platform/db): migration lists must run 1, 2, 3,
 * … (a gap or a duplicate is an error at start, before any file is touched),
 * and each version of the download list's migrations does what it says on a
 * file written by the version before. (The cache's versions are tested in
 * listing-cache.test.ts and listing-cache-index.test.ts.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/main/services/backup/cache/migrations/listing-cache';
import { checkMigrationOrder, migrate, MigrationOrderError, type Migration } from '../../src/main/services/platform/db/migrations';
import { openDatabase } from '../../src/main/services/platform/db/open';
import { DOWNLOAD_MIGRATIONS } from '../../src/main/services/downloads/migrations/downloads';
import { tempDir } from '../helpers/temp';

const step = (version: number): Migration => ({ version, name: `v${version}`, up: (db) => db.exec(`CREATE TABLE t${version} (x)`) });
const wording = { subject: 'The test file', meanwhile: 'meanwhile', rebuilt: 'rebuilt', memoryOnly: 'memory only' };

describe('migration order', () => {
  it('accepts 1, 2, 3, … and the console’s own lists', () => {
    expect(() => checkMigrationOrder([step(1), step(2), step(3)])).not.toThrow();
    expect(() => checkMigrationOrder([])).not.toThrow();
    expect(() => checkMigrationOrder(MIGRATIONS)).not.toThrow();
    expect(() => checkMigrationOrder(DOWNLOAD_MIGRATIONS)).not.toThrow();
  });

  it('refuses a gap, a duplicate, another order or another start, naming the versions', () => {
    for (const versions of [[1, 3], [1, 2, 2], [2, 1], [0, 1], [2, 3]]) {
      expect(() => checkMigrationOrder(versions.map(step)), versions.join()).toThrow(MigrationOrderError);
    }
    expect(() => migrate(new Database(':memory:'), [step(1), step(3)])).toThrow('found 1, 3.');
  });

  it('a misnumbered list stops the start before the file is opened: nothing is moved aside or changed', () => {
    const file = join(tempDir(), 'c.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE kept (x); INSERT INTO kept VALUES (1)');
    db.close();
    const before = readFileSync(file);
    expect(() => openDatabase(file, [step(1), step(1)], wording)).toThrow(MigrationOrderError);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});

describe('the download list, version by version', () => {
  it('version 1: the downloads and the remembered folders', () => {
    const db = new Database(':memory:');
    migrate(db, DOWNLOAD_MIGRATIONS.slice(0, 1));
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(['download_folders', 'downloads']);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'downloads_by_state'").pluck().get()).toBe('downloads_by_state');
  });

  it('versions 2 to 4 on a version 1 file: the flushed offset of unfinished downloads is what they received; names settled; the boot they were written on, the start time and the receipt unknown', () => {
    const file = join(tempDir(), 'downloads.sqlite');
    const old = new Database(file);
    migrate(old, DOWNLOAD_MIGRATIONS.slice(0, 1));
    const insert = old.prepare(
      `INSERT INTO downloads (id, scope, request, file_name, folder, target_path, state, received_bytes, created_at, updated_at, position)
       VALUES (?, 's', '{}', ?, '/d', ?, ?, ?, 1, 1, ?)`,
    );
    const states = ['queued', 'downloading', 'paused', 'failed', 'completed', 'canceled'];
    states.forEach((state, i) => insert.run(`id-${state}`, `${state}.bin`, `/d/${state}.bin`, state, 1000 + i, i));
    old.close();

    const opened = openDatabase(file, DOWNLOAD_MIGRATIONS, wording);
    expect(opened.persistent).toBe(true);
    expect(opened.db.pragma('user_version', { simple: true })).toBe(DOWNLOAD_MIGRATIONS.length);
    // Downloads from before queues: each its own queue with the default actions (read as such by the store).
    expect(opened.db.prepare('SELECT count(*) FROM downloads WHERE queue_id IS NULL AND on_complete IS NULL').pluck().get()).toBe(6);
    // Downloads from before receipts: none written, no start time known.
    expect(opened.db.prepare('SELECT count(*) FROM downloads WHERE started_at IS NOT NULL OR receipt_json_path IS NOT NULL OR receipt_html_path IS NOT NULL OR receipt_error IS NOT NULL').pluck().get()).toBe(0);
    const rows = opened.db.prepare('SELECT state, received_bytes, flushed_bytes, name_settled, written_boot FROM downloads ORDER BY position').all() as Array<{
      state: string;
      received_bytes: number;
      flushed_bytes: number | null;
      name_settled: number;
      written_boot: string | null;
    }>;
    for (const row of rows) {
      const unfinished = ['queued', 'downloading', 'paused', 'failed'].includes(row.state);
      expect(row.flushed_bytes, row.state).toBe(unfinished ? row.received_bytes : null);
      expect(row.name_settled, row.state).toBe(1);
      // Unknown: a restart trusts such a .part only up to its flushed offset, as before.
      expect(row.written_boot, row.state).toBeNull();
    }
    opened.db.close();
  });
});
