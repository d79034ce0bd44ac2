/** Comparing a folder between two backup dates: the pure diff of two listings. */
import { describe, expect, it } from 'vitest';
import { CompareService } from '../../src/main/services/backup/compare-service';
import { AppError } from '../../src/shared/errors';
import type { BrowserLocation, ListingPage } from '../../src/shared/model/backup/browser';
import { compareCapText, compareLimitsText, compareListings, listedAfterBackup, type CompareEntry } from '../../src/shared/rules/backup/compare';

const T1 = '2026-03-01T01:00:00.000Z';
const T2 = '2026-03-05T01:00:00.000Z';

function file(relativePath: string, size: number, modified: string | null = T1): CompareEntry {
  const name = relativePath.split('/').pop()!;
  return { relativePath, folder: false, id: `id-${relativePath}`, path: `C:\\Data\\${relativePath.replaceAll('/', '\\')}`, name, size, modified };
}
function dir(relativePath: string): CompareEntry {
  return { ...file(relativePath, 0, null), folder: true };
}

describe('comparing two listings of a folder', () => {
  const from = [dir('docs'), file('docs/a.txt', 10), file('docs/b.txt', 20), file('docs/c.txt', 30), file('same.txt', 5), file('touched.txt', 7), dir('old'), dir('old/deep'), file('old/x.bin', 100), file('old/deep/y.bin', 50)];
  const to = [dir('docs'), file('docs/a.txt', 10), file('docs/b.txt', 25, T2), file('docs/d.txt', 40, T2), file('same.txt', 5), file('touched.txt', 7, T2), dir('new'), file('new/z.bin', 70), dir('new/empty')];
  const { rows, totals } = compareListings(from, to, { caseInsensitive: false });
  const byPath = new Map(rows.map((r) => [r.relativePath, r]));

  it('lists added, removed and changed items; unchanged ones are not rows', () => {
    expect(rows.map((r) => [r.kind, r.relativePath])).toEqual([
      ['changed', 'docs/b.txt'],
      ['removed', 'docs/c.txt'],
      ['added', 'docs/d.txt'],
      ['added', 'new'],
      ['removed', 'old'],
      ['changed', 'touched.txt'],
    ]);
    expect(byPath.has('same.txt')).toBe(false);
    expect(byPath.has('docs/a.txt')).toBe(false);
  });

  it('a change is of size or of modified time, and keeps both sides', () => {
    const b = byPath.get('docs/b.txt')!;
    expect(b.from).toMatchObject({ size: 20, modified: T1, id: 'id-docs/b.txt' });
    expect(b.to).toMatchObject({ size: 25, modified: T2 });
    expect(byPath.get('touched.txt')!.to!.size).toBe(7);
  });

  it('a folder on one side only is one row, its content counted in its bytes', () => {
    const old = byPath.get('old')!;
    expect(old).toMatchObject({ kind: 'removed', folder: true, inside: 3 });
    expect(old.from!.size).toBe(150);
    expect(old.to).toBeUndefined();
    const added = byPath.get('new')!;
    expect(added).toMatchObject({ kind: 'added', folder: true, inside: 2 });
    expect(added.to!.size).toBe(70);
    expect(byPath.has('old/deep')).toBe(false);
    expect(byPath.has('new/z.bin')).toBe(false);
  });

  it('totals: added at the later date, removed at the earlier, changed at both', () => {
    expect(totals).toEqual({ added: { count: 2, bytes: 40 + 70 }, removed: { count: 2, bytes: 30 + 150 }, changed: { count: 2, fromBytes: 27, toBytes: 32 } });
  });

  it('matches paths ignoring case on Windows devices, exactly otherwise', () => {
    const upper = [dir('Docs'), file('Docs/A.TXT', 10)];
    const lower = [dir('docs'), file('docs/a.txt', 10)];
    expect(compareListings(upper, lower, { caseInsensitive: true }).rows).toEqual([]);
    const exact = compareListings(upper, lower, { caseInsensitive: false });
    expect(exact.rows.map((r) => [r.kind, r.relativePath])).toEqual([
      ['removed', 'Docs'],
      ['added', 'docs'],
    ]);
  });

  it('a folder that became a file is one removed and one added item', () => {
    const result = compareListings([dir('x'), file('x/in.txt', 3)], [file('x', 9)], { caseInsensitive: false });
    expect(result.rows.map((r) => [r.kind, r.folder, r.relativePath])).toEqual([
      ['removed', true, 'x'],
      ['added', false, 'x'],
    ]);
  });

  it('leaves out what is under a folder that could not be listed', () => {
    const result = compareListings([dir('broken'), file('broken/a', 1), file('k', 1)], [dir('broken')], { caseInsensitive: false, unknown: ['broken'] });
    expect(result.rows.map((r) => r.relativePath)).toEqual(['k']);
  });

  it('a folder whose content is unknown is still reported when it is on one side only; what is inside it is not', () => {
    const result = compareListings([dir('gone'), file('gone/a', 5), dir('kept'), file('kept/b', 1)], [dir('kept')], { caseInsensitive: false, unknown: ['gone', 'kept'] });
    expect(result.rows.map((r) => [r.kind, r.relativePath])).toEqual([['removed', 'gone']]);
  });

  it("with the compared folder's own content unknown (a cap stopped the walk in it), nothing in it is added or removed; an item on both sides still changes", () => {
    const result = compareListings([file('a', 1), dir('d'), file('d/x', 2)], [file('a', 2), file('b', 1)], { caseInsensitive: false, unknown: [''] });
    expect(result.rows.map((r) => [r.kind, r.relativePath])).toEqual([['changed', 'a']]);
  });

  it('an item listed twice counts once; modified times compare as instants', () => {
    const same = compareListings([file('a', 1, '2026-03-01T01:00:00Z')], [file('a', 1, '2026-03-01T01:00:00.000Z'), file('a', 1)], { caseInsensitive: false });
    expect(same.rows).toEqual([]);
  });

  it('compares 100,000 items a side (the time is a figure of `npm run bench`)', () => {
    const n = 100_000;
    const left: CompareEntry[] = [];
    const right: CompareEntry[] = [];
    for (let i = 0; i < n; i++) {
      left.push(file(`f${i}.txt`, i));
      right.push(file(`f${i + 1000}.txt`, i % 10 === 0 ? i + 1 : i + 1000));
    }
    const result = compareListings(left, right, { caseInsensitive: true });
    expect(result.totals.removed.count).toBe(1000);
    expect(result.totals.added.count).toBe(1000);
  });
});

describe('a listing that cannot be the backup of its date', () => {
  it('finds an item modified after the backup was taken', () => {
    expect(listedAfterBackup([file('a', 1, T1)], T2)).toBeUndefined();
    expect(listedAfterBackup([file('a', 1, T2)], T1)?.relativePath).toBe('a');
    expect(listedAfterBackup([file('a', 1, null)], T1)).toBeUndefined();
  });
});

describe('walking a folder at two dates within the caps', () => {
  /** A fake browser: `tree[folderId]` lists a folder's items at every date; `failing` folders answer an error. */
  function browserOf(tree: Record<string, Array<{ name: string; folder?: boolean; size?: number }>>, failing: string[] = []) {
    return {
      listPage: async (location: BrowserLocation, page: number): Promise<ListingPage> => {
        if (location.level !== 'files') throw new Error('only folder content');
        if (failing.includes(location.folderId)) throw new AppError('SERVER_ERROR', 'Content of folder cannot be read');
        const items = (tree[location.folderId] ?? []).map((entry) => ({
          id: `${location.folderId}/${entry.name}`,
          name: entry.name,
          path: `C:\\Top\\${entry.name}`,
          type: entry.folder ? ('FOLDER' as const) : ('FILE' as const),
          deleted: false,
          backupSize: 0,
          size: entry.size ?? 1,
          status: 'DEFINED',
          modified: null,
        }));
        const rows = items.slice(page * 2, page * 2 + 2).map((item) => ({ kind: 'item' as const, key: item.id, item }));
        return { key: 'k', level: 'files', page, pageSize: 2, rows, total: items.length, totalPages: Math.max(1, Math.ceil(items.length / 2)), complete: true, fetchedAt: 1, source: 'cache', offline: true };
      },
    };
  }
  const input = { nodeId: 1, planUid: 'p', folderId: 'top', folderPath: 'C:\\Top', fromJobId: 'j1', fromTime: T1, toJobId: 'j2', toTime: T2 };

  it('stops at the depth cap and says so', async () => {
    const tree = { top: [{ name: 'a', folder: true }], 'top/a': [{ name: 'b', folder: true }], 'top/a/b': [{ name: 'deep.txt' }] };
    const result = await new CompareService({ browser: browserOf(tree), limits: { depth: 2, itemsPerSide: 100 } }).compareFolder(input);
    expect(result.capped).toEqual(['depth']);
    expect(result.from.items).toBe(2);
    expect(result.limits).toEqual({ depth: 2, itemsPerSide: 100 });
  });

  it('stops at the items cap, across pages, and says so', async () => {
    const tree = { top: Array.from({ length: 7 }, (_, i) => ({ name: `f${i}.txt` })) };
    const result = await new CompareService({ browser: browserOf(tree), limits: { depth: 8, itemsPerSide: 5 } }).compareFolder(input);
    expect(result.capped).toEqual(['items']);
    expect(result.to.items).toBe(5);
    expect(result.rows).toEqual([]);
  });

  it('names a subfolder that could not be listed, and a folder that could not be read at all', async () => {
    const tree = { top: [{ name: 'ok.txt' }, { name: 'Broken', folder: true }] };
    const partial = await new CompareService({ browser: browserOf(tree, ['top/Broken']) }).compareFolder(input);
    expect(partial.from).toMatchObject({ state: 'partial', unreadFolders: ['Broken'], source: 'cache' });
    const unread = await new CompareService({ browser: browserOf(tree, ['top']) }).compareFolder(input);
    expect(unread.to).toMatchObject({ state: 'unread', message: expect.stringMatching(/could not be read: Content of folder cannot be read/) });
  });

  it('the notices say what was compared and when a cap cut it short', () => {
    expect(compareLimitsText({ depth: 8, itemsPerSide: 100_000 })).toBe('Compared 8 levels deep, up to 100,000 items per side.');
    expect(compareCapText([], { depth: 8, itemsPerSide: 100_000 })).toBeNull();
    expect(compareCapText(['depth', 'items'], { depth: 8, itemsPerSide: 100_000 })).toMatch(/deeper than 8 levels.*more than 100,000 items/);
  });
});
