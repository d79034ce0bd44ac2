/**
 * Search wherever the search bar is and the browser's spec
 * details: the scope rules, the device-wide merge of
 * per-plan answers, the cache's plans per result, tags and the age line.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupPlan, FolderContentItem } from '../../src/shared/model/backup';
import type { BrowserRow } from '../../src/shared/model/backup/browser';
import { AppError } from '../../src/shared/errors';
import { describeAge, statusTagKeys } from '../../src/shared/rules/backup/browser';
import {
  isRowRestricted,
  planOfRow,
  searchQueryOf,
  searchScopeOf,
  singlePlanOf,
  SEARCH_UNAVAILABLE_IMAGE,
  SEARCH_UNAVAILABLE_MOUNTED,
  SEARCH_UNAVAILABLE_PLAN_TYPE,
} from '../../src/shared/rules/backup/search';
import { DeviceSearch, type PlanSearchPage } from '../../src/main/services/backup/device-search';
import { failedPlansNotice } from '../../src/main/services/backup/backup-search';
import { ListingCache } from '../../src/main/services/backup/cache/listing-cache';
import { tempDir } from '../helpers/temp';

function plan(uid: string, overrides: Partial<BackupPlan> = {}): BackupPlan {
  return {
    uid,
    id: 1,
    name: `Plan ${uid}`,
    type: 'FILE_FOLDER',
    schedule: '',
    enabled: true,
    deleted: false,
    destination: 'CLOUD',
    backupPermissions: false,
    lastSuccess: null,
    storage: { volumes: 1, local: 0, cloud: 0 },
    allowFileFolderBackupAccess: false,
    ...overrides,
  };
}

function item(id: string, type: 'FILE' | 'FOLDER' = 'FILE'): FolderContentItem {
  return { id, name: `${id}.txt`, path: `C:\\${id}.txt`, type, deleted: false, backupSize: 1, size: 1, status: 'DEFINED' };
}

describe('where the search bar searches', () => {
  const files = plan('files');
  it("searches the whole device at 'All plans', the plan inside it, the folder inside a folder", () => {
    expect(searchScopeOf({ level: 'plans' })).toEqual({ kind: 'device' });
    expect(searchScopeOf({ level: 'volumes', plan: files })).toEqual({ kind: 'plan', planUid: 'files' });
    expect(searchScopeOf({ level: 'folders', plan: files })).toEqual({ kind: 'plan', planUid: 'files' });
    expect(searchScopeOf({ level: 'files', plan: files, folder: { id: 'f1', path: 'C:\\Data' } })).toEqual({
      kind: 'folder',
      planUid: 'files',
      folderId: 'f1',
      folderPath: 'C:\\Data',
    });
  });

  it('says so where the API has no search: image plans, mounted images, plan types it does not know', () => {
    const image = plan('image', { type: 'IMAGE' });
    expect(searchScopeOf({ level: 'volumes', plan: image })).toEqual({ kind: 'none', reason: SEARCH_UNAVAILABLE_IMAGE });
    expect(searchScopeOf({ level: 'revisions', plan: image })).toEqual({ kind: 'none', reason: SEARCH_UNAVAILABLE_IMAGE });
    expect(searchScopeOf({ level: 'mounted-folders', plan: image })).toEqual({ kind: 'none', reason: SEARCH_UNAVAILABLE_MOUNTED });
    expect(searchScopeOf({ level: 'mounted-files', plan: image })).toEqual({ kind: 'none', reason: SEARCH_UNAVAILABLE_MOUNTED });
    expect(searchScopeOf({ level: 'volumes', plan: plan('vm', { type: 'HYPER_V' }) })).toEqual({ kind: 'none', reason: SEARCH_UNAVAILABLE_PLAN_TYPE });
  });

  it('turns a scope into the query the main process runs', () => {
    expect(searchQueryOf({ kind: 'device' }, 7, '  budget* ')).toEqual({ nodeId: 7, term: 'budget*' });
    expect(searchQueryOf({ kind: 'plan', planUid: 'p' }, 7, '*.txt')).toEqual({ nodeId: 7, term: '*.txt', planUid: 'p' });
    expect(searchQueryOf({ kind: 'folder', planUid: 'p', folderId: 'f', folderPath: 'C:\\X' }, 7, 'abc')).toEqual({
      nodeId: 7,
      term: 'abc',
      planUid: 'p',
      folderId: 'f',
      folderPath: 'C:\\X',
    });
    expect(searchQueryOf({ kind: 'none', reason: 'x' }, 7, 'abc')).toBeNull();
  });
});

describe('each result keeps its own plan', () => {
  const a = plan('a');
  const b = plan('b', { allowFileFolderBackupAccess: true });
  const rowIn = (p: BackupPlan | undefined, id: string): BrowserRow => ({ kind: 'item', key: `${p?.uid}|${id}`, item: item(id), ...(p ? { plan: p } : {}) });

  it("a row's plan is its own, else the listing's", () => {
    expect(planOfRow(rowIn(b, '1'), a)).toBe(b);
    expect(planOfRow(rowIn(undefined, '1'), a)).toBe(a);
    expect(singlePlanOf([rowIn(a, '1'), rowIn(a, '2')], undefined)).toBe(a);
    expect(singlePlanOf([rowIn(a, '1'), rowIn(b, '2')], undefined)).toBeNull();
    expect(singlePlanOf([rowIn(undefined, '1')], undefined)).toBeNull();
  });

  it('§4 restriction is judged by the row’s own plan', () => {
    const limited = { canViewAndRestoreBackupData: false, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false };
    expect(isRowRestricted(rowIn(a, '1'), undefined, limited)).toBe(true);
    expect(isRowRestricted(rowIn(b, '1'), undefined, limited)).toBe(false);
    expect(isRowRestricted(rowIn(a, '1'), undefined, { canViewAndRestoreBackupData: true, canAdministerPsa: false, canApproveNodes: false, canRejectNodes: false })).toBe(false);
    expect(isRowRestricted(rowIn(undefined, '1'), plan('img', { type: 'IMAGE' }), limited)).toBe(false);
  });
});

describe('device-wide search merges the per-plan answers', () => {
  /** Plan uid → its results; `calls` records every (plan, page) asked. */
  function fakeServer(results: Record<string, number>, failing: Record<string, unknown> = {}) {
    const calls: string[] = [];
    const fetch = async (p: BackupPlan, page: number, size: number): Promise<PlanSearchPage> => {
      calls.push(`${p.uid}#${page}`);
      if (failing[p.uid]) throw failing[p.uid];
      const total = results[p.uid] ?? 0;
      const ids = Array.from({ length: Math.max(0, Math.min(size, total - page * size)) }, (_, i) => `${p.uid}-${page * size + i}`);
      return { results: ids.map((id) => item(id)), totalElements: total, skipped: 0 };
    };
    return { calls, fetch };
  }
  const plans = [plan('a'), plan('b'), plan('c')];

  it('page 0 asks every plan at once; later pages only the plans and pages holding their rows', async () => {
    const server = fakeServer({ a: 260, b: 3, c: 300 });
    const search = new DeviceSearch();
    const first = await search.page('k', plans, server.fetch, 0, 250);
    expect(first.total).toBe(563);
    expect(first.found).toHaveLength(250);
    expect(first.found.every((f) => f.plan.uid === 'a')).toBe(true);
    expect(server.calls.sort()).toEqual(['a#0', 'b#0', 'c#0']);

    server.calls.length = 0;
    const second = await search.page('k', plans, server.fetch, 1, 250);
    // Rows 250..499: a's last 10, b's 3, c's first 237.
    expect(second.found.map((f) => f.item.id)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `a-${250 + i}`),
      'b-0',
      'b-1',
      'b-2',
      ...Array.from({ length: 237 }, (_, i) => `c-${i}`),
    ]);
    expect(second.found.slice(10, 13).every((f) => f.plan.uid === 'b')).toBe(true);
    expect(server.calls.sort()).toEqual(['a#1', 'b#0', 'c#0']);

    server.calls.length = 0;
    const last = await search.page('k', plans, server.fetch, 2, 250);
    expect(last.found.map((f) => f.item.id)).toEqual(Array.from({ length: 63 }, (_, i) => `c-${237 + i}`));
    expect(server.calls.sort()).toEqual(['c#0', 'c#1']);
  });

  it('a plan whose search fails is left out and named; the server out of reach fails the whole search', async () => {
    const broken = fakeServer({ a: 2, b: 5, c: 1 }, { b: new AppError('SERVER_ERROR', 'boom') });
    const merged = await new DeviceSearch().page('k', plans, broken.fetch, 0, 250);
    expect(merged.total).toBe(3);
    expect(merged.failed.map((p) => p.uid)).toEqual(['b']);
    expect(failedPlansNotice(merged.failed)).toBe("The plan 'Plan b' could not be searched: its results are missing.");

    const offline = fakeServer({ a: 2 }, { c: new AppError('OFFLINE', 'unreachable') });
    await expect(new DeviceSearch().page('k', plans, offline.fetch, 0, 250)).rejects.toMatchObject({ code: 'OFFLINE' });
    const allBroken = fakeServer({}, { a: new AppError('SERVER_ERROR', '1'), b: new AppError('SERVER_ERROR', '2'), c: new AppError('SERVER_ERROR', '3') });
    await expect(new DeviceSearch().page('k', plans, allBroken.fetch, 0, 250)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('a plan whose later page fails is named and left out of that page; the other plans still show', async () => {
    const server = fakeServer({ a: 260, b: 3, c: 300 });
    const search = new DeviceSearch();
    await search.page('k', plans, server.fetch, 0, 250);
    const flaky = async (p: BackupPlan, page: number, size: number): Promise<PlanSearchPage> => {
      if (p.uid === 'a' && page === 1) throw new AppError('SERVER_ERROR', 'boom');
      return server.fetch(p, page, size);
    };
    const second = await search.page('k', plans, flaky, 1, 250);
    expect(second.failed.map((p) => p.uid)).toEqual(['a']);
    expect(second.found.map((f) => f.item.id)).toEqual(['b-0', 'b-1', 'b-2', ...Array.from({ length: 237 }, (_, i) => `c-${i}`)]);
    const offline = async (p: BackupPlan, page: number, size: number): Promise<PlanSearchPage> => {
      if (p.uid === 'c') throw new AppError('OFFLINE', 'unreachable');
      return server.fetch(p, page, size);
    };
    await expect(search.page('k', plans, offline, 2, 250)).rejects.toMatchObject({ code: 'OFFLINE' });
  });

  it('a later page asked first learns the totals first', async () => {
    const server = fakeServer({ a: 300, b: 10 });
    const page = await new DeviceSearch().page('fresh', plans.slice(0, 2), server.fetch, 1, 250);
    expect(page.found.map((f) => f.item.id)).toEqual([...Array.from({ length: 50 }, (_, i) => `a-${250 + i}`), ...Array.from({ length: 10 }, (_, i) => `b-${i}`)]);
  });
});

describe('the offline cache tells each result’s plan', () => {
  const open: ListingCache[] = [];
  afterEach(() => {
    for (const cache of open.splice(0)) cache.close();
  });
  it('returns the plan of every row found', () => {
    const cache = new ListingCache(join(tempDir(), 'c.sqlite'), { limitBytes: 1e9 });
    open.push(cache);
    for (const uid of ['plan-a', 'plan-b']) {
      const found = item(`budget-${uid}`);
      cache.storePage({ key: uid, scope: 's', nodeId: 1, planUid: uid, level: 'files' }, 0, 250, 1, [{ row: { kind: 'item', key: found.id, item: found }, name: found.name, path: found.path, searchable: true }], 1);
    }
    const result = cache.search({ scope: 's', nodeId: 1, term: 'budget*', offset: 0, limit: 250 });
    expect(result.total).toBe(2);
    expect(result.planUids).toEqual(['plan-a', 'plan-b']);
    expect(result.rows.map((r) => (r.kind === 'item' ? r.item.id : ''))).toEqual(['budget-plan-a', 'budget-plan-b']);
  });
});

describe('spec details of the listing', () => {
  it("tags 'Removed' only for items removed from the plan, not every deleted one", () => {
    expect(statusTagKeys('REMOVED')).toEqual(['removed']);
    expect(statusTagKeys('MISSING')).toEqual(['missing']);
    expect(statusTagKeys('DELETED')).toEqual([]);
    expect(statusTagKeys('DEFINED')).toEqual([]);
    expect(statusTagKeys(undefined)).toEqual([]);
  });

  it('says "updated" for live rows and "cached" only for cached ones', () => {
    const t = Date.parse('2026-03-01T10:00:00Z');
    expect(describeAge(t, t + 5_000, true)).toBe('updated just now');
    expect(describeAge(t, t + 12 * 60_000, true)).toBe('updated 12 min ago');
    expect(describeAge(t, t + 5_000, false)).toBe('cached just now');
    expect(describeAge(t, t + 12 * 60_000)).toBe('cached 12 min ago');
    expect(describeAge(t, t + 3 * 3_600_000)).toBe('cached 3 h ago');
  });
});
