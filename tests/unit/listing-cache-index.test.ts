/**
 * Offline search through the trigram index: the index plan
 * must give exactly what the plain scan gives (rows, order, paging, totals),
 * the index must hold exactly the cached names through every store and
 * removal, migration 002 must index rows cached by schema version 1 and
 * migration 004 rebuild the index of version 3; a full page may answer before
 * its count, and the exact total follows (kept with the plan until the cache
 * changes); the rarest trigrams narrow the candidates.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserRow } from '../../src/shared/model/backup/browser';
import { ListingCache, type CachedRow, type CacheSearch, type ListingMeta } from '../../src/main/services/backup/cache/listing-cache';
import { migration001 } from '../../src/main/services/backup/cache/migrations/listing-cache/001-listing-cache';
import { migration002 } from '../../src/main/services/backup/cache/migrations/listing-cache/002-name-trigram-index';
import { migration003 } from '../../src/main/services/backup/cache/migrations/listing-cache/003-candidate-check-index';
import { LATEST_SCHEMA_VERSION } from '../../src/main/services/backup/cache/migrations/listing-cache';
import { migrate, type Migration } from '../../src/main/services/platform/db/migrations';
import { coveringTrigramsFor, globPatternFor, literalRuns, trigramQueryFor, trigramsFor } from '../../src/main/services/backup/cache/name-pattern';
import { chooseTrigrams } from '../../src/main/services/backup/cache/offline-search';
import { tempDir } from '../helpers/temp';

const open: ListingCache[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
});

function cacheAt(file: string, limitBytes = 1e9): ListingCache {
  const cache = new ListingCache(file, { limitBytes });
  open.push(cache);
  return cache;
}

function meta(key: string, nodeId = 1, planUid = 'plan-a'): ListingMeta {
  return { key, scope: 'profile-1', nodeId, planUid, level: 'files' };
}

function itemRow(name: string, folder: string, id: string, searchable = true): CachedRow {
  const path = `${folder}\\${name}`;
  return { row: { kind: 'item', key: id, item: { id, name, path, type: 'FILE', deleted: false, backupSize: 1, size: 2, status: 'DEFINED' } }, name, path, searchable };
}

/** Names that exercise case, code points, GLOB and FTS5 query syntax, and ties. */
const SPECIAL_NAMES = [
  'Invoice-2026.PDF',
  'invoice-2026.pdf',
  'INV-001-2026.pdf',
  'inv_2025_draft.docx',
  'Report Q1.xlsx',
  'report q1.xlsx',
  'ÄRGER.txt',
  'Ärger-Notiz.TXT',
  '📄 report.pdf',
  'say "hi".txt',
  'a[1]?.txt',
  'a*b.txt',
  'ab',
  'a',
  '.pdf',
  'x.pdf.bak',
  'archive.tar.gz',
  'pdf',
  'Résumé 2026.doc',
  '  spaced  name .log',
];

function keyOf(row: BrowserRow): string {
  return row.key;
}

/** Every name stored: special names (twice in one plan: ties), generated files, another plan, another device. */
function fill(cache: ListingCache): void {
  const special = SPECIAL_NAMES.map((name, i) => itemRow(name, 'C:\\Data', `s-${i}`));
  const again = SPECIAL_NAMES.map((name, i) => itemRow(name, 'C:\\Data\\Copy', `t-${i}`));
  cache.storeWhole(meta('special'), 250, [...special, ...again], 1);
  for (let page = 0; page < 4; page++) {
    const rows = Array.from({ length: 100 }, (_, i) => {
      const n = page * 100 + i;
      return itemRow(`file-${String(n).padStart(4, '0')}.${['pdf', 'txt', 'DOCX', 'jpg'][n % 4]}`, n % 2 ? 'C:\\Data\\Odd' : 'D:\\Even', `f-${n}`, n % 37 !== 0);
    });
    cache.storePage(meta('files'), page, 100, 400, rows, 1);
  }
  cache.storePage(meta('plan-b', 1, 'plan-b'), 0, 250, 3, [itemRow('inv-2026-b.pdf', 'E:\\B', 'b-1'), itemRow('Invoice-2026.PDF', 'E:\\B', 'b-2'), itemRow('zz.pdf', 'E:\\B', 'b-3')], 1);
  cache.storePage(meta('device-2', 2), 0, 250, 1, [itemRow('invoice-2026.pdf', 'C:\\Other', 'd2-1')], 1);
}

const TERMS = [
  '*',
  '**',
  'inv*',
  'INV*',
  'invoice*',
  '*2026',
  '*2026.pdf',
  '*.pdf',
  '*.PDF',
  '*.txt',
  '*.docx',
  '*.x',
  '*.gz',
  '*tar*',
  '*voice*',
  'voice',
  'VOICE',
  'inv*2026',
  'inv*2026*',
  'inv*2026*.pdf',
  '*-*-*',
  'in*26',
  'a',
  'ab',
  'pd',
  '*e*',
  'file-01',
  'file-0*7.txt',
  'ärger',
  'ÄRG*',
  '📄 r',
  '📄',
  'say "hi"',
  '"hi"',
  'a[1]?',
  '[1]',
  'a*b',
  'résumé',
  '  report  ',
  'spaced  name',
  'nothing-matches-this',
  '.pdf',
];

/** An independent reading of the rules: `*` is the only wildcard; no `*` means "anywhere in the name". */
function referenceMatch(term: string, name: string): boolean {
  const lower = term.trim().toLowerCase();
  const target = name.toLowerCase();
  if (!lower.includes('*')) return target.includes(lower);
  const pieces = lower.split(/\*+/).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${pieces.join('[\\s\\S]*')}$`, 'u').test(target);
}

describe('trigram queries for search patterns', () => {
  it('splits patterns into literal runs, reading escaped characters as literals', () => {
    expect(literalRuns('*')).toEqual([]);
    expect(literalRuns('inv*2026*.pdf')).toEqual(['inv', '2026', '.pdf']);
    expect(literalRuns(globPatternFor('a[1]?'))).toEqual(['a[1]?']);
    expect(literalRuns('a?b')).toBeNull();
  });

  it('asks the index only for runs of 3 or more code points, quoting each trigram', () => {
    expect(trigramQueryFor('*')).toBeNull();
    expect(trigramQueryFor('in*26')).toBeNull();
    expect(trigramQueryFor('*.x')).toBeNull();
    expect(trigramQueryFor('*.pdf')).toBe('".pd" AND "pdf"');
    expect(trigramQueryFor('inv*2026')).toBe('"inv" AND "202" AND "026"');
    expect(trigramQueryFor(globPatternFor('"hi"'))).toBe('"""hi" AND "hi"""');
    expect(trigramQueryFor(globPatternFor('📄 r'))).toBe('"📄 r"');
    expect(trigramQueryFor('*aaaa*')).toBe('"aaa"');
  });

  it('covers every literal character with fewer trigrams: positions 0, 3, 6, … and the last of each run', () => {
    expect(coveringTrigramsFor(globPatternFor('*-3-*5.pdf'))).toEqual(['-3-', '5.p', 'pdf']);
    expect(coveringTrigramsFor(globPatternFor('file-7-0123*'))).toEqual(['fil', 'e-7', '-01', '123']);
    expect(coveringTrigramsFor(globPatternFor('abcdef'))).toEqual(['abc', 'def']);
    expect(coveringTrigramsFor(globPatternFor('📄 report'))).toEqual(['📄 r', 'epo', 'ort']);
    expect(coveringTrigramsFor(globPatternFor('*.pd*'))).toEqual(['.pd']);
    expect(coveringTrigramsFor(globPatternFor('*.p*'))).toBeNull();
    expect(coveringTrigramsFor('a?c')).toBeNull();
    // Each is one of the pattern's trigrams: the candidates are still a superset of the matches.
    for (const term of TERMS) {
      const pattern = globPatternFor(term);
      const all = trigramsFor(pattern);
      const covering = coveringTrigramsFor(pattern);
      expect(covering === null, term).toBe(all === null);
      for (const trigram of covering ?? []) expect(all, term).toContain(trigram);
    }
  });
});

describe('offline search through the trigram index', () => {
  function search(cache: ListingCache, query: Omit<CacheSearch, 'scope' | 'nodeId'> & { nodeId?: number }, plan: 'auto' | 'index' | 'scan') {
    const result = cache.search({ scope: 'profile-1', nodeId: 1, ...query }, plan);
    return { keys: result.rows.map(keyOf), planUids: result.planUids, total: result.total, plan: result.plan };
  }

  it('gives exactly the rows, order and totals of the plain scan for every pattern, and the index serves 3+ literal characters', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    fill(cache);
    let indexed = 0;
    for (const term of TERMS) {
      const scan = search(cache, { term, offset: 0, limit: 1000 }, 'scan');
      const index = search(cache, { term, offset: 0, limit: 1000 }, 'index');
      const auto = search(cache, { term, offset: 0, limit: 1000 }, 'auto');
      expect(index, term).toEqual({ ...scan, plan: trigramQueryFor(globPatternFor(term)) ? 'index' : 'scan' });
      expect({ ...auto, plan: 'scan' }, term).toEqual({ ...scan, plan: 'scan' });
      if (trigramQueryFor(globPatternFor(term))) {
        expect(auto.plan, term).toBe('index');
        indexed++;
      } else {
        expect(auto.plan, term).toBe('scan');
      }
      // Independently: the right rows, by plan then name (UTF-8 byte order), ties in storing order.
      expect(scan.total, term).toBe(scan.keys.length);
      expect(scan.keys.length, term).toBeLessThan(1000);
    }
    expect(indexed).toBeGreaterThan(25);
  });

  it('finds what an independent reading of the pattern rules finds, in plan and name order', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    const stored: Array<{ key: string; name: string; plan: string; order: number }> = [];
    const special = SPECIAL_NAMES.flatMap((name, i) => [itemRow(name, 'C:\\Data', `s-${i}`)]);
    cache.storeWhole(meta('special'), 250, special, 1);
    special.forEach((row, i) => stored.push({ key: row.row.key, name: row.name, plan: 'plan-a', order: i }));
    const other = [itemRow('Invoice-2026.PDF', 'E:\\B', 'b-1'), itemRow('a', 'E:\\B', 'b-2')];
    cache.storeWhole(meta('other', 1, 'plan-0'), 250, other, 1);
    other.forEach((row, i) => stored.push({ key: row.row.key, name: row.name, plan: 'plan-0', order: 100 + i }));
    const utf8 = (text: string) => Buffer.from(text.toLowerCase(), 'utf8');
    for (const term of TERMS) {
      const expected = stored
        .filter((s) => referenceMatch(term, s.name))
        .sort((x, y) => (x.plan === y.plan ? Buffer.compare(utf8(x.name), utf8(y.name)) || x.order - y.order : x.plan < y.plan ? -1 : 1))
        .map((s) => s.key);
      for (const plan of ['index', 'scan', 'auto'] as const) {
        const found = search(cache, { term, offset: 0, limit: 250 }, plan);
        expect(found.keys, `${term} (${plan})`).toEqual(expected);
        expect(found.total, `${term} (${plan})`).toBe(expected.length);
      }
    }
  });

  it('pages the same way: every offset, short and full pages, pages past the end', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    fill(cache);
    for (const term of ['*.pdf', 'file-0*', '*2026*', 'inv*2026', '*.txt', 'voice']) {
      for (const limit of [1, 7, 50]) {
        for (let offset = 0; offset <= 220; offset += limit === 1 ? 37 : limit) {
          const scan = search(cache, { term, offset, limit }, 'scan');
          const index = search(cache, { term, offset, limit }, 'index');
          expect(index.keys, `${term} ${offset}+${limit}`).toEqual(scan.keys);
          expect(index.planUids).toEqual(scan.planUids);
          expect(index.total, `${term} ${offset}+${limit}`).toBe(scan.total);
        }
      }
    }
    expect(search(cache, { term: '*.pdf', offset: 0, limit: 1000 }, 'index').total).toBeGreaterThan(100);
  });

  it('keeps the other conditions: plan, folder path, device, profile, searchable', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    fill(cache);
    const cases: Array<Omit<CacheSearch, 'scope' | 'nodeId'> & { nodeId?: number }> = [
      { term: 'invoice-2026', planUid: 'plan-b', offset: 0, limit: 250 },
      { term: 'invoice-2026', planUid: 'plan-a', offset: 0, limit: 250 },
      { term: '*.pdf', pathPrefix: 'C:\\Data\\Odd', offset: 0, limit: 250 },
      { term: '*.pdf', pathPrefix: 'c:\\data', offset: 0, limit: 250 },
      { term: 'invoice', nodeId: 2, offset: 0, limit: 250 },
      { term: 'file-0*', offset: 0, limit: 1000 },
    ];
    for (const query of cases) {
      const scan = search(cache, query, 'scan');
      expect(search(cache, query, 'index'), JSON.stringify(query)).toEqual({ ...scan, plan: 'index' });
    }
    expect(search(cache, { term: 'invoice-2026', planUid: 'plan-b', offset: 0, limit: 250 }, 'index').keys).toEqual(['b-2']);
    expect(search(cache, { term: 'invoice', nodeId: 2, offset: 0, limit: 250 }, 'index').keys).toEqual(['d2-1']);
    // Every 37th generated file is not searchable (file-0000, file-0037, ...).
    expect(search(cache, { term: 'file-0*', offset: 0, limit: 1000 }, 'index').total).toBe(400 - 11);
    expect(cache.search({ scope: 'other-profile', nodeId: 1, term: 'invoice', offset: 0, limit: 250 }, 'index').total).toBe(0);
  });
});

/** The trigrams the tokenizer makes of a lower-cased name: every run of 3 code points. */
function trigramsOfName(name: string): string[] {
  const chars = Array.from(name);
  return chars.slice(0, Math.max(0, chars.length - 2)).map((_, i) => chars.slice(i, i + 3).join(''));
}

/**
 * What the index holds and what it should hold, as `id trigram` entries: each
 * cached item's trigrams, nothing of a removed item (read with a second
 * connection, through an fts5vocab table: the index keeps no list of its rows).
 */
function indexEntries(file: string): { expected: string[]; indexed: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    const items = db.prepare('SELECT id, name_lower FROM items').all() as Array<{ id: number; name_lower: string }>;
    const expected = [...new Set(items.flatMap(({ id, name_lower }) => trigramsOfName(name_lower).map((trigram) => `${id} ${trigram}`)))].sort();
    db.exec('CREATE VIRTUAL TABLE temp.names_vocabulary USING fts5vocab(main, items_names, instance)');
    const indexed = (db.prepare('SELECT doc, term FROM temp.names_vocabulary').all() as Array<{ doc: number; term: string }>).map(({ doc, term }) => `${doc} ${term}`).sort();
    return { expected, indexed };
  } finally {
    db.close();
  }
}

function expectConsistent(file: string): void {
  const { expected, indexed } = indexEntries(file);
  expect(indexed).toEqual(expected);
}

describe('the index follows every change in the same transaction', () => {
  const find = (cache: ListingCache, term: string) => cache.search({ scope: 'profile-1', nodeId: 1, term, offset: 0, limit: 250 }, 'index').rows.map(keyOf);

  it('replaced pages, changed listings, storeWhole and forget', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    cache.storePage(meta('k'), 0, 2, 4, [itemRow('alpha-one.txt', 'C:', 'a1'), itemRow('alpha-two.txt', 'C:', 'a2')], 1);
    cache.storePage(meta('k'), 1, 2, 4, [itemRow('beta-one.txt', 'C:', 'b1'), itemRow('beta-two.txt', 'C:', 'b2')], 1);
    expectConsistent(file);
    expect(find(cache, 'alpha')).toEqual(['a1', 'a2']);

    cache.storePage(meta('k'), 0, 2, 4, [itemRow('gamma-one.txt', 'C:', 'g1'), itemRow('gamma-two.txt', 'C:', 'g2')], 2);
    expectConsistent(file);
    expect(find(cache, 'alpha')).toEqual([]);
    expect(find(cache, 'gamma')).toEqual(['g1', 'g2']);

    // The total changed: the other pages go, and so do their names.
    cache.storePage(meta('k'), 0, 2, 5, [itemRow('delta-one.txt', 'C:', 'd1')], 3);
    expectConsistent(file);
    expect(find(cache, 'beta')).toEqual([]);
    expect(find(cache, '*one.txt')).toEqual(['d1']);

    cache.storeWhole(meta('whole'), 2, [itemRow('eps-1.pdf', 'C:', 'e1'), itemRow('eps-2.pdf', 'C:', 'e2'), itemRow('eps-3.pdf', 'C:', 'e3')], 4);
    cache.storeWhole(meta('whole'), 2, [itemRow('zeta-1.pdf', 'C:', 'z1')], 5);
    expectConsistent(file);
    expect(find(cache, 'eps-')).toEqual([]);
    expect(find(cache, 'zeta')).toEqual(['z1']);

    cache.forget('whole');
    expectConsistent(file);
    expect(find(cache, 'zeta')).toEqual([]);
  });

  it('marking rows deleted takes them out of search, through the index too', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    cache.storePage(meta('k'), 0, 250, 2, [itemRow('keep-me.pdf', 'C:', 'k1'), itemRow('drop-me.pdf', 'C:', 'k2')], 1);
    expect(cache.markDeleted('profile-1', 1, { planUid: 'plan-a', itemIds: ['k2'] })).toBe(1);
    expect(find(cache, '*-me.pdf')).toEqual(['k1']);
    expectConsistent(file);
  });

  it('eviction and clear', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    const many = (prefix: string) => Array.from({ length: 200 }, (_, i) => itemRow(`${prefix}-${i}.pdf`, 'C:', `${prefix}-${i}`));
    cache.storePage(meta('old'), 0, 250, 200, many('oldest'), 1);
    cache.storePage(meta('new'), 0, 250, 200, many('newest'), 1);
    cache.setLimit(Math.ceil(cache.status().bytes * 0.6));
    expect(cache.listingInfo('old')).toBeNull();
    expectConsistent(file);
    expect(find(cache, 'oldest')).toEqual([]);
    expect(find(cache, 'newest-199')).toEqual(['newest-199']);

    cache.clear();
    expectConsistent(file);
    expect(indexEntries(file).indexed).toEqual([]);
    cache.storePage(meta('again'), 0, 250, 1, [itemRow('after-clear.doc', 'C:', 'x1')], 2);
    expectConsistent(file);
    expect(find(cache, 'after-clear')).toEqual(['x1']);
  });

  it('a full page (one statement) and a short one, stored and stored again over themselves', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    const page = (tag: string, first: number, count: number) => Array.from({ length: count }, (_, i) => itemRow(`${tag}-${first + i}.txt`, 'C:', `${tag}-${first + i}`));
    const bytes: number[] = [];
    for (const tag of ['first', 'again']) {
      cache.storePage(meta('k'), 0, 250, 257, page(tag, 0, 250), 1);
      cache.storePage(meta('k'), 1, 250, 257, page(tag, 250, 7), 1);
      expectConsistent(file);
      expect(cache.readPage('k', 0)?.rows.map(keyOf)).toEqual(page(tag, 0, 250).map(({ row }) => row.key));
      expect(cache.readPage('k', 1)?.rows.map(keyOf)).toEqual(page(tag, 250, 7).map(({ row }) => row.key));
      expect(find(cache, `${tag}-25*`)).toEqual(['25', '250', '251', '252', '253', '254', '255', '256'].map((n) => `${tag}-${n}`));
      bytes.push(cache.status().bytes);
    }
    expect(find(cache, 'first')).toEqual([]);
    expect(cache.listingInfo('k')).toEqual({ total: 257, pageSize: 250, complete: true, pages: [0, 1] });
    expect(cache.status().items).toBe(257);
    // The same amount of text stored again over itself: the listing's size is what it was.
    expect(bytes[1]).toBe(bytes[0]);
  });
});

/**
 * A cache written by an older version (`migrations`): one listing of 300 rows
 * on two pages, `Legacy-000.txt`, `Legacy-001.PDF`, …, stored as that version did.
 */
function oldCache(file: string, migrations: readonly Migration[], searchable: (n: number) => boolean, alsoStored: (db: Database.Database) => void = () => undefined): void {
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  migrate(old, migrations);
  expect(old.pragma('user_version', { simple: true })).toBe(migrations.length);
  old.exec(`
    INSERT INTO nodes (id, scope, node_id) VALUES (1, 'profile-1', 1);
    INSERT INTO listings (id, key, node_ref, plan_uid, level, total, page_size, complete, bytes, last_used) VALUES (1, 'k', 1, 'plan-a', 'files', 300, 250, 1, 1000, 1);
    INSERT INTO pages (listing_id, page, fetched_at, row_count) VALUES (1, 0, 1, 250), (1, 1, 1, 50);
  `);
  const insert = old.prepare('INSERT INTO items (listing_id, idx, node_ref, plan_uid, searchable, name_lower, path_lower, row) VALUES (1, ?, 1, ?, ?, ?, ?, ?)');
  old.transaction(() => {
    for (let n = 0; n < 300; n++) {
      const row = itemRow(`Legacy-${String(n).padStart(3, '0')}.${n % 2 ? 'PDF' : 'txt'}`, 'C:\\Old', `old-${n}`);
      insert.run(n, 'plan-a', searchable(n) ? 1 : 0, row.name.toLowerCase(), (row.path ?? '').toLowerCase(), JSON.stringify(row.row));
    }
    alsoStored(old);
  })();
  old.close();
}

describe('migration 002 indexes what version 1 cached', () => {
  it('builds the index over existing rows: an old cache opened by the new code finds them through the index', () => {
    const file = join(tempDir(), 'c.sqlite');
    oldCache(file, [migration001], () => true);

    const cache = cacheAt(file);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    db.close();
    expectConsistent(file);
    const query = { scope: 'profile-1', nodeId: 1, term: 'legacy-1*.pdf', offset: 0, limit: 250 };
    const viaIndex = cache.search(query, 'index');
    expect(viaIndex.total).toBe(50);
    expect(viaIndex.rows[0]?.key).toBe('old-101');
    expect(cache.search(query, 'auto')).toMatchObject({ plan: 'index', total: 50 });
    expect({ ...viaIndex, plan: 'scan' }).toEqual(cache.search(query, 'scan'));
    expect(cache.search({ ...query, term: '*.pdf' }, 'index').total).toBe(150);

    // New pages of the migrated listing are indexed like any other.
    cache.storePage(meta('k'), 1, 250, 300, [itemRow('Legacy-new.PDF', 'C:\\Old', 'old-new')], 2);
    expectConsistent(file);
    expect(cache.search({ ...query, term: 'legacy-new' }, 'index').rows.map(keyOf)).toEqual(['old-new']);
    expect(cache.search({ ...query, term: '*.pdf' }, 'index').total).toBe(126);
  });
});

describe('which trigrams narrow the candidates', () => {
  /**
   * 1000 names, ids 1-1000 in storing order: `pdf` in every 5th (dense),
   * `zzz` in every 20th (sparse), `qqq` in 100 in a row (clustered), `rrr` in 5.
   */
  function names(): CachedRow[] {
    return Array.from({ length: 1000 }, (_, n) => {
      const tags = `${n % 20 === 0 ? 'zzz-' : ''}${n >= 300 && n < 400 ? 'qqq-' : ''}${n % 200 === 1 ? 'rrr-' : ''}`;
      return itemRow(`${tags}n${String(n).padStart(4, '0')}.${n % 5 === 0 ? 'pdf' : 'txt'}`, 'C:', `n-${n}`);
    });
  }
  const caps = { first: 20, second: 80 };

  it('takes the rare ones, counting the sparse ones further when none is rare at first, else the covering ones', () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = cacheAt(file);
    cache.storeWhole(meta('names'), 250, names(), 1);
    const db = new Database(file, { readonly: true });
    try {
      const choose = (term: string) => {
        const pattern = globPatternFor(term);
        return chooseTrigrams(db, pattern, trigramsFor(pattern)!, caps);
      };
      // Rare at the first count: 5 names.
      expect(choose('*rrr*.pdf')).toEqual({ trigrams: ['rrr'], atMost: 5 });
      // `zzz` (50 names) hits the first cap, but its 20 names lie 380 ids apart: counted again, rare at 80.
      expect(choose('*zzz*.pdf')).toEqual({ trigrams: ['zzz'], atMost: 50 });
      // `qqq` lies close together (dense-looking) and `5.p` (100 names) is not rare at 80: the covering trigrams, no bound.
      expect(choose('*qqq*5.pdf')).toEqual({ trigrams: ['qqq', '5.p', 'pdf'] });
    } finally {
      db.close();
    }
    // Whichever trigrams are chosen, the index finds what the scan finds.
    for (const term of ['*rrr*.pdf', '*zzz*.pdf', '*qqq*5.pdf', '*zzz*', 'qqq-n03', '*.pdf', '*0.pdf']) {
      for (const limit of [7, 250]) {
        const query = { scope: 'profile-1', nodeId: 1, term, offset: 0, limit };
        const scan = cache.search(query, 'scan');
        expect({ ...cache.search(query, 'index'), plan: 'scan' }, term).toEqual(scan);
        expect({ ...cache.search(query, 'auto'), plan: 'scan' }, term).toEqual(scan);
      }
    }
  });
});

describe('a full page answers before its count', () => {
  const query = (term: string, limit: number): CacheSearch => ({ scope: 'profile-1', nodeId: 1, term, offset: 0, limit });

  it('says `counting` with the lower bound and the same rows; the count follows and is kept until the cache changes', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    fill(cache);
    let deferred = 0;
    for (const term of ['*', '*.pdf', 'file-0*', '*.x', 'inv*', 'nothing-matches-this']) {
      for (const limit of [7, 1000]) {
        const early = cache.search({ ...query(term, limit), countLater: true });
        const counted = cache.countSearch(query(term, limit));
        const exact = cache.search(query(term, limit), 'scan');
        expect(early.rows, term).toEqual(exact.rows);
        expect(counted, term).toBe(exact.total);
        if (exact.total > limit) {
          expect(early, term).toMatchObject({ counting: true, total: limit });
          deferred++;
        } else {
          expect(early.counting, term).toBeUndefined();
          expect(early.total, term).toBe(exact.total);
        }
        // The count is kept: the same search now answers with it.
        const again = cache.search({ ...query(term, limit), countLater: true });
        expect(again.counting, term).toBeUndefined();
        expect(again.total, term).toBe(exact.total);
      }
    }
    expect(deferred).toBeGreaterThan(3);

    // A change to the cache forgets kept counts: counting again, and the new total.
    const before = cache.countSearch(query('*.pdf', 7));
    cache.storePage(meta('more'), 0, 250, 2, [itemRow('added-1.pdf', 'C:', 'm1'), itemRow('added-2.pdf', 'C:', 'm2')], 2);
    expect(cache.search({ ...query('*.pdf', 7), countLater: true })).toMatchObject({ counting: true, total: 7 });
    expect(cache.countSearch(query('*.pdf', 7))).toBe(before + 2);
    expect(cache.search({ ...query('*.pdf', 7), offset: 7, countLater: true })).toMatchObject({ total: before + 2 });
    // A page past the end is never a lower bound.
    expect(cache.search({ ...query('inv*', 5), offset: 500, countLater: true })).toMatchObject({ rows: [], total: cache.countSearch(query('inv*', 5)) });
  });

  it('keeps the plan with the count until the cache changes, then plans again', () => {
    const cache = cacheAt(join(tempDir(), 'c.sqlite'));
    const notes = (first: number, count: number) => Array.from({ length: count }, (_, i) => itemRow(`note-${first + i}.txt`, 'C:', `n-${first + i}`));
    const early = { ...query('*.txt', 250), countLater: true };
    // 600 candidates: the index serves (up to 1,000 it always does).
    cache.storeWhole(meta('some'), 250, notes(0, 600), 1);
    expect(cache.search(early)).toMatchObject({ plan: 'index', counting: true, total: 250 });
    // A forced plan is not kept as the search's own.
    expect(cache.search(early, 'scan').plan).toBe('scan');
    expect(cache.search(early).plan).toBe('index');
    expect(cache.countSearch(early)).toBe(600);
    expect(cache.search(early)).toMatchObject({ plan: 'index', total: 600 });
    // 1,600 candidates among 1,600 items are more than the index serves: the scan answers, with the same rows.
    cache.storeWhole(meta('more'), 250, notes(600, 1000), 2);
    const after = cache.search(early);
    expect(after).toMatchObject({ plan: 'scan', counting: true, total: 250 });
    expect(after.rows).toEqual(cache.search(early, 'index').rows);
    expect(cache.countSearch(early)).toBe(1600);
  });
});

describe('migration 003 adds the narrow candidate index to a version 2 cache', () => {
  it('an index by id over what candidates are checked against, built over the rows already cached; searches through it find what the scan finds', () => {
    const file = join(tempDir(), 'c.sqlite');
    // Version 2 indexed every row's name as it stored it.
    oldCache(file, [migration001, migration002], (n) => n % 10 !== 0, (db) => db.exec('INSERT INTO items_names (rowid, name_lower) SELECT id, name_lower FROM items'));

    const cache = cacheAt(file);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'items_candidates'").pluck().get()).toMatch(/ON items \(id, node_ref, plan_uid, name_lower\) WHERE searchable = 1/);
      // One entry per searchable row already cached (every 10th is not searchable).
      expect(db.prepare('SELECT count(*) FROM items INDEXED BY items_candidates WHERE searchable = 1 AND id > 0').pluck().get()).toBe(270);
    } finally {
      db.close();
    }
    for (const term of ['legacy-1*.pdf', '*.txt', 'legacy-0']) {
      const q = { scope: 'profile-1', nodeId: 1, term, offset: 0, limit: 250 };
      const scan = cache.search(q, 'scan');
      expect({ ...cache.search(q, 'index'), plan: 'scan' }, term).toEqual(scan);
      expect(scan.total, term).toBeGreaterThan(0);
    }
    expect(cache.search({ scope: 'profile-1', nodeId: 1, term: 'legacy-1*.pdf', offset: 0, limit: 250 }, 'index').total).toBe(50);
  });
});

describe('migration 004 rebuilds the name index of a version 3 cache for bulk removal', () => {
  it('indexes every cached name again, without tombstones; pages replaced, listings dropped keep it exact', () => {
    const file = join(tempDir(), 'c.sqlite');
    // Version 3: the names indexed as version 2 stored them, some of them removed through its trigger (tombstones).
    oldCache(file, [migration001, migration002, migration003], () => true, (db) => {
      db.exec('INSERT INTO items_names (rowid, name_lower) SELECT id, name_lower FROM items');
      db.exec("DELETE FROM items WHERE idx >= 290; UPDATE pages SET row_count = 40 WHERE page = 1");
    });

    const cache = cacheAt(file);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
      const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'items_names'").pluck().get() as string;
      expect(sql).toMatch(/columnsize = 0/);
      expect(sql).not.toMatch(/contentless_delete/);
    } finally {
      db.close();
    }
    expectConsistent(file);
    expect(indexEntries(file).indexed.length).toBeGreaterThan(290 * 10);
    for (const term of ['legacy-1*.pdf', '*.txt', 'legacy-28', 'legacy-29']) {
      const q = { scope: 'profile-1', nodeId: 1, term, offset: 0, limit: 250 };
      expect({ ...cache.search(q, 'index'), plan: 'scan' }, term).toEqual(cache.search(q, 'scan'));
    }
    const found = (term: string) => cache.search({ scope: 'profile-1', nodeId: 1, term, offset: 0, limit: 250 }, 'index').total;
    expect(found('legacy-29')).toBe(0);

    // The migrated listing's first page replaced, then the listing dropped: the old names go in bulk.
    cache.storePage(meta('k'), 0, 250, 300, [itemRow('Fresh-1.txt', 'C:\\New', 'fresh-1')], 2);
    expectConsistent(file);
    expect([found('legacy-0*'), found('legacy-2*'), found('fresh')]).toEqual([0, 40, 1]);
    cache.forget('k');
    expectConsistent(file);
    expect(indexEntries(file).indexed).toEqual([]);
  });
});
