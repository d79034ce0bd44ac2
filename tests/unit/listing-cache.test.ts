import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { describeOpenFailure, openDatabase } from '../../src/main/services/platform/db/open';
import { globPatternFor, ListingCache, pathPrefixPattern, type CachedRow, type ListingMeta } from '../../src/main/services/backup/cache/listing-cache';
import { LATEST_SCHEMA_VERSION } from '../../src/main/services/backup/cache/migrations/listing-cache';
import { migrate, type Migration } from '../../src/main/services/platform/db/migrations';
import { tempDir } from '../helpers/temp';

const open: ListingCache[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
});

function cacheAt(file: string, limitBytes = 1e9, now?: () => number): ListingCache {
  const cache = new ListingCache(file, { limitBytes, now });
  open.push(cache);
  return cache;
}

function meta(key: string, nodeId = 1, planUid = 'plan-a'): ListingMeta {
  return { key, scope: 'profile-1', nodeId, planUid, level: 'files' };
}

function rows(from: number, count: number, folder = 'C:\\Data'): CachedRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const name = `file-${String(n).padStart(5, '0')}.${['txt', 'pdf', 'docx'][n % 3]}`;
    const path = `${folder}\\${name}`;
    return {
      row: { kind: 'item', key: `id-${n}`, item: { id: `id-${n}`, name, path, type: 'FILE', deleted: false, backupSize: 1, size: 2, status: 'DEFINED' } },
      name,
      path,
      searchable: true,
    };
  });
}

describe('listing cache pages', () => {
  it('marks a listing complete only when every page is stored', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storePage(meta('k'), 0, 250, 600, rows(0, 250), 1000);
    cache.storePage(meta('k'), 2, 250, 600, rows(500, 100), 1000);
    expect(cache.listingInfo('k')).toMatchObject({ total: 600, complete: false, pages: [0, 2] });
    expect(cache.readPage('k', 1)).toBeNull();
    cache.storePage(meta('k'), 1, 250, 600, rows(250, 250), 2000);
    expect(cache.listingInfo('k')?.complete).toBe(true);
    const middle = cache.readPage('k', 1);
    expect(middle?.rows).toHaveLength(250);
    expect(middle?.fetchedAt).toBe(2000);
    expect(middle?.rows[0]).toMatchObject({ key: 'id-250' });
    expect(middle?.totalPages).toBe(3);
  });

  it('drops the other pages when the server total changes, never mixing listings', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storePage(meta('k'), 0, 250, 500, rows(0, 250), 1000);
    cache.storePage(meta('k'), 1, 250, 500, rows(250, 250), 1000);
    expect(cache.listingInfo('k')?.complete).toBe(true);
    const { reset } = cache.storePage(meta('k'), 0, 250, 501, rows(0, 250), 5000);
    expect(reset).toBe(true);
    expect(cache.readPage('k', 1)).toBeNull();
    expect(cache.listingInfo('k')).toMatchObject({ total: 501, complete: false, pages: [0] });
  });

  it('an empty listing is complete with one stored page', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storePage(meta('empty'), 0, 250, 0, [], 1000);
    expect(cache.readPage('empty', 0)).toMatchObject({ rows: [], total: 0, complete: true });
  });

  it('storeWhole replaces every earlier row of a listing', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storeWhole(meta('plans'), 250, rows(0, 300), 1000);
    expect(cache.readPage('plans', 1)?.rows).toHaveLength(50);
    cache.storeWhole(meta('plans'), 250, rows(0, 3), 2000);
    expect(cache.readPage('plans', 1)).toBeNull();
    expect(cache.readPage('plans', 0)).toMatchObject({ total: 3, fetchedAt: 2000, complete: true });
  });
});

describe('offline search', () => {
  it('turns terms into name patterns: * is a wildcard, no * is a substring', () => {
    expect(globPatternFor('*.txt')).toBe('*.txt');
    expect(globPatternFor('Accounting*')).toBe('accounting*');
    expect(globPatternFor('report')).toBe('*report*');
    expect(globPatternFor('a[1]?')).toBe('*a[[]1[]][?]*');
    expect(pathPrefixPattern('C:\\Data')).toBe('c:\\data\\*');
    expect(pathPrefixPattern('/Users/x/')).toBe('/users/x/*');
  });

  it('searches names and extensions over everything cached for a device, in name order, paged', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storePage(meta('a', 1, 'plan-a'), 0, 250, 300, rows(0, 250, 'C:\\Data'), 1);
    cache.storePage(meta('b', 1, 'plan-b'), 0, 250, 90, rows(1000, 90, 'D:\\Other'), 1);
    cache.storePage(meta('c', 2, 'plan-a'), 0, 250, 10, rows(0, 10), 1);
    const txt = cache.search({ scope: 'profile-1', nodeId: 1, term: '*.TXT', offset: 0, limit: 250 });
    expect(txt.total).toBe(84 + 30);
    expect(txt.rows.every((r) => r.kind === 'item' && r.item.name.endsWith('.txt'))).toBe(true);
    const inPlan = cache.search({ scope: 'profile-1', nodeId: 1, planUid: 'plan-a', term: '*.txt', offset: 80, limit: 250 });
    expect(inPlan.total).toBe(84);
    expect(inPlan.rows).toHaveLength(4);
    const names = cache.search({ scope: 'profile-1', nodeId: 1, planUid: 'plan-a', term: '*.txt', offset: 0, limit: 5 }).rows.map((r) => (r.kind === 'item' ? r.item.name : ''));
    expect(names).toEqual([...names].sort());
    expect(cache.search({ scope: 'profile-1', nodeId: 1, term: '0012', offset: 0, limit: 250 }).total).toBe(11);
    expect(cache.search({ scope: 'profile-1', nodeId: 1, term: 'file-0000*', offset: 0, limit: 250 }).total).toBe(10);
    expect(cache.search({ scope: 'profile-1', nodeId: 1, term: '*.pdf', pathPrefix: 'd:\\other', offset: 0, limit: 250 }).total).toBe(30);
    expect(cache.search({ scope: 'other-profile', nodeId: 1, term: '*.pdf', offset: 0, limit: 250 }).total).toBe(0);
  });
});

describe('size limit', () => {
  it('evicts the least recently used listings first and keeps the one just stored', () => {
    let clock = 0;
    const cache = cacheAt(join(tempDir(), 'c.sqlite'), 1e9, () => (clock += 60_000));
    cache.storePage(meta('old'), 0, 250, 250, rows(0, 250), 1);
    cache.storePage(meta('used'), 0, 250, 250, rows(0, 250), 1);
    cache.storePage(meta('newer'), 0, 250, 250, rows(0, 250), 1);
    cache.readPage('used', 0);
    const oneListing = cache.status().bytes / 3;
    cache.setLimit(Math.ceil(oneListing * 2.5));
    expect(cache.listingInfo('old')).toBeNull();
    expect(cache.listingInfo('used')).not.toBeNull();
    expect(cache.listingInfo('newer')).not.toBeNull();
    cache.storePage(meta('latest'), 0, 250, 250, rows(0, 250), 1);
    expect(cache.listingInfo('latest')).not.toBeNull();
    expect(cache.listingInfo('newer')).toBeNull();
    expect(cache.status().bytes).toBeLessThanOrEqual(Math.ceil(oneListing * 2.5));
  });

  it('clear removes everything', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    cache.storePage(meta('k'), 0, 250, 250, rows(0, 250), 1);
    cache.clear();
    expect(cache.status()).toMatchObject({ listings: 0, items: 0, bytes: 0 });
  });
});

describe('database file', () => {
  it('migrates in one transaction per version and refuses a newer schema', () => {
    const db = new Database(':memory:');
    const failing: Migration[] = [
      { version: 1, name: 'one', up: (d) => d.exec('CREATE TABLE a (x)') },
      {
        version: 2,
        name: 'two',
        up: (d) => {
          d.exec('CREATE TABLE b (x)');
          throw new Error('boom');
        },
      },
    ];
    expect(() => migrate(db, failing)).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'b'").get()).toEqual({ n: 0 });
    db.pragma('user_version = 9');
    expect(() => migrate(db, failing)).toThrow(/schema version 9/);
  });

  it('opens with WAL and foreign keys at the latest version', () => {
    const file = join(tempDir(), 'c.sqlite');
    cacheAt(file).close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    db.close();
  });

  it('moves a corrupt file aside and starts a new cache', () => {
    const dir = tempDir();
    const file = join(dir, 'c.sqlite');
    writeFileSync(file, Buffer.alloc(8192, 7));
    const cache = cacheAt(file);
    expect(cache.isPersistent).toBe(true);
    expect(cache.status().notice).toMatch(/damaged/);
    expect(readdirSync(dir).some((name) => name.startsWith('c.sqlite.corrupt-'))).toBe(true);
    cache.storePage(meta('k'), 0, 250, 1, rows(0, 1), 1);
    expect(cache.readPage('k', 0)?.rows).toHaveLength(1);
  });

  it('leaves a database from a newer version untouched and keeps listings in memory', () => {
    const file = join(tempDir(), 'c.sqlite');
    const newer = new Database(file);
    newer.exec('CREATE TABLE future (x)');
    newer.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    newer.close();
    const cache = cacheAt(file);
    expect(cache.isPersistent).toBe(false);
    expect(cache.status().notice).toMatch(/newer version of the console/);
    cache.storePage(meta('k'), 0, 250, 1, rows(0, 1), 1);
    expect(cache.readPage('k', 0)?.rows).toHaveLength(1);
    cache.close();
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(again.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'listings'").get()).toEqual({ n: 0 });
    again.close();
    expect(existsSync(file)).toBe(true);
  });

  it('finds a damaged page at open with quick_check, moves the file aside and starts a new cache', () => {
    const dir = tempDir();
    const file = join(dir, 'c.sqlite');
    const first = cacheAt(file);
    first.storePage(meta('k'), 0, 250, 2000, rows(0, 250), 1);
    first.storePage(meta('k'), 1, 250, 2000, rows(250, 250), 1);
    first.close();
    const bytes = readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    const pages = bytes.length / pageSize;
    expect(pages).toBeGreaterThan(10);
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, Math.floor(pages / 2) * pageSize);
    closeSync(fd);

    const cache = cacheAt(file);
    expect(cache.status().notice).toMatch(/^The offline cache file was damaged\. It was moved aside/);
    expect(cache.listingInfo('k')).toBeNull();
    expect(readdirSync(dir).some((name) => name.startsWith('c.sqlite.corrupt-'))).toBe(true);
    cache.storePage(meta('k'), 0, 250, 1, rows(0, 1), 2);
    expect(cache.readPage('k', 0)?.rows).toHaveLength(1);
  });

  it.skipIf(process.platform === 'win32')('creates the cache file owner-only (0600), and its WAL and SHM too', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    cache.storePage(meta('k'), 0, 250, 1, rows(0, 1), 1);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(statSync(path).mode & 0o777, path).toBe(0o600);
  });
});

describe('a database that cannot be written (disk full)', () => {
  const wording = { subject: 'The test list', meanwhile: 'later', rebuilt: 'rebuilt', memoryOnly: 'nothing survives a restart' };
  const v1: Migration = { version: 1, name: 'one', up: (db) => db.exec("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('kept')") };
  /** A real SQLITE_FULL from SQLite on file databases: the page limit is where the file already ends. */
  const fillsTheDisk: Migration = {
    version: 2,
    name: 'fills the disk',
    up: (db) => {
      if (db.memory) return;
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
      db.exec('CREATE TABLE big (x BLOB); INSERT INTO big VALUES (randomblob(1000000))');
    },
  };

  it('keeps the file where it was, untouched, and runs in memory with a notice saying why', () => {
    const dir = tempDir();
    const file = join(dir, 'list.sqlite');
    openDatabase(file, [v1], wording).db.close();
    const before = readFileSync(file);

    const opened = openDatabase(file, [v1, fillsTheDisk], wording);
    expect(opened.persistent).toBe(false);
    expect(opened.notice).toBe('The test list could not be opened or rebuilt (a write failed; the disk may be full); nothing survives a restart.');
    expect(opened.movedAside).toBeUndefined();
    expect(opened.db.pragma('user_version', { simple: true })).toBe(2);
    opened.db.close();

    expect(readdirSync(dir).filter((name) => name.includes('.unusable-') || name.includes('.corrupt-'))).toEqual([]);
    expect(readFileSync(file).equals(before)).toBe(true);
    const again = openDatabase(file, [v1], wording);
    expect(again.db.prepare('SELECT x FROM t').all()).toEqual([{ x: 'kept' }]);
    again.db.close();
  });

  it('words what went wrong from the error code, never from its text', () => {
    expect(describeOpenFailure({ code: 'SQLITE_FULL', message: '/home/alex/secret path' })).toBe('a write failed; the disk may be full');
    expect(describeOpenFailure({ code: 'EROFS' })).toBe('the data folder is read-only');
    expect(describeOpenFailure({ code: 'SQLITE_READONLY_DIRECTORY' })).toBe('the data folder is read-only');
    expect(describeOpenFailure({ code: 'EACCES' })).toBe('the console is not allowed to write to the data folder');
    expect(describeOpenFailure({ code: 'SQLITE_NOTADB' })).toBe('the file is damaged');
    expect(describeOpenFailure(new Error('boom'))).toBe('an unexpected error occurred');
  });
});
