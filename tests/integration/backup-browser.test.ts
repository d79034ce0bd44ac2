/**
 * The backup browser's reads against the demo server over real HTTP, with the
 * real SQLite cache file: cache-first with background revalidation, offline
 * fallback when the server stops, corrupt-file recovery and newer-schema refusal.
 */
import { existsSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BrowserLocation, CacheStatus, ListingPage } from '../../src/shared/model/backup/browser';
import type { ConnectivityState } from '../../src/shared/model/platform/connectivity';
import { listingKey } from '../../src/main/services/backup/browser-service';
import { LATEST_SCHEMA_VERSION } from '../../src/main/services/backup/cache/migrations/listing-cache';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { cleanups, signedIn as signedInToDemo, type SignedInOptions } from '../helpers/downloads';
import { tempDir, type TestServices } from '../helpers/services';

async function demo(port = 0): Promise<DemoServer> {
  const server = await startDemoServer({ port, sizes: { bigFolderItems: 1000 } });
  cleanups.push(() => server.close());
  return server;
}

/** Signed in, with the connectivity probe every 200 ms so offline and back are seen quickly. */
function signedIn(server: { url: string }, options: SignedInOptions = {}): Promise<TestServices> {
  return signedInToDemo(server, { probeIntervalMs: 200, ...options });
}

const F = DEMO_FIXTURES;
const node = F.nodeId;
const plans: BrowserLocation = { level: 'plans', nodeId: node };
const volumes: BrowserLocation = { level: 'volumes', nodeId: node, planUid: F.filePlan.uid };
const folders: BrowserLocation = { level: 'folders', nodeId: node, planUid: F.filePlan.uid, volumeId: F.volumeC.id };
const data: BrowserLocation = { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.data.id };
const archive: BrowserLocation = { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.archive.id };

const list = (s: TestServices, location: BrowserLocation, page = 0) => s.call<ListingPage>('backup.listPage', { location, page });

function names(page: ListingPage): string[] {
  return page.rows.map((row) => (row.kind === 'item' || row.kind === 'mounted' ? row.item.name : row.kind === 'folder' ? row.folder.name : row.kind === 'plan' ? row.plan.name : row.kind === 'volume' ? row.volume.name : row.revision.id));
}

describe('browsing through the cache', () => {
  it('reads from the network first, then from the cache, page by page', async () => {
    const server = await demo();
    const s = await signedIn(server);
    const first = await list(s, plans);
    expect(first.source).toBe('network');
    expect(first.live).toBe(true);
    expect(names(first)).toContain('Server files');
    const again = await list(s, plans);
    expect(again.source).toBe('cache');
    expect(again.fetchedAt).toBe(first.fetchedAt);
    // Read back from the cache, but as this session fetched it: still "updated", not "cached".
    expect(again.live).toBe(true);

    const folderPage = await list(s, folders);
    expect(names(folderPage)).toEqual(expect.arrayContaining(['Users', 'Data']));
    const big = await list(s, archive, 2);
    expect(big).toMatchObject({ total: 1000, totalPages: 4, pageSize: 250, complete: false, source: 'network' });
    expect(big.rows).toHaveLength(250);
    // Only the page asked for was fetched: 250 per request, never the whole folder.
    const info = s.cache.listingInfo(listingKey(s.session.profileId()!, archive));
    expect(info?.pages).toEqual([2]);
    for (const page of [0, 1, 3]) await list(s, archive, page);
    expect(s.cache.listingInfo(listingKey(s.session.profileId()!, archive))?.complete).toBe(true);
  });

  it('revalidation replaces a stale page and tells the renderer', async () => {
    const server = await demo();
    const s = await signedIn(server, { revalidateAfterMs: 0 });
    const scope = s.session.profileId()!;
    const key = listingKey(scope, data);
    s.cache.storePage(
      { key, scope, nodeId: node, planUid: F.filePlan.uid, level: 'files' },
      0,
      250,
      1,
      [{ row: { kind: 'item', key: 'stale', item: { id: 'stale', name: 'stale.txt', path: 'C:\\Data\\stale.txt', type: 'FILE', deleted: false, backupSize: 1, size: 1, status: 'DEFINED' } }, name: 'stale.txt', searchable: true }],
      Date.parse('2026-01-01T00:00:00Z'),
    );
    const updated = s.waitForEvent('backup.listingUpdated', (e) => e.key === key);
    const stale = await list(s, data);
    expect(stale.source).toBe('cache');
    // Stored by an earlier run: "cached" until the server's answer replaces it.
    expect(stale.live).toBe(false);
    expect(names(stale)).toEqual(['stale.txt']);
    const event = await updated;
    expect(event.reset).toBe(true);
    const fresh = await list(s, data);
    expect(names(fresh)).not.toContain('stale.txt');
    expect(names(fresh)).toEqual(expect.arrayContaining(['Archive', 'readme.txt']));
    expect(fresh.fetchedAt).toBeGreaterThan(stale.fetchedAt);
    expect(fresh.source).toBe('cache');
    expect(fresh.live).toBe(true);
  });

  it('a failing folder answers with a server error and stores nothing', async () => {
    const server = await demo();
    const s = await signedIn(server);
    const broken: BrowserLocation = { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.broken.id };
    await expect(list(s, broken)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(s.cache.listingInfo(listingKey(s.session.profileId()!, broken))).toBeNull();
  });
});

describe('offline', () => {
  it('keeps browsing and searching cached listings when the server stops, and comes back online', async () => {
    const server = await demo();
    const port = server.port;
    const s = await signedIn(server, { revalidateAfterMs: 0 });
    for (const location of [plans, volumes, folders, data]) await list(s, location);
    const archiveNames: string[] = [];
    for (let page = 0; page < 4; page++) archiveNames.push(...names(await list(s, archive, page)));

    await server.close();
    const offline = s.waitForEvent('connectivity.changed', (state) => !state.online);
    const cached = await list(s, data);
    expect(cached.source).toBe('cache');
    expect(names(cached)).toContain('readme.txt');
    await offline;
    expect((await list(s, data)).live).toBe(false);
    expect((await s.call<ConnectivityState>('connectivity.get')).online).toBe(false);

    const uncached: BrowserLocation = { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.media.id };
    await expect(list(s, uncached)).rejects.toMatchObject({ code: 'NOT_AVAILABLE_OFFLINE', message: expect.stringMatching(/not available offline/) });

    const found = await s.call<ListingPage>('backup.search', { nodeId: node, planUid: F.filePlan.uid, term: '*.txt', page: 0 });
    expect(found.source).toBe('cache');
    expect(found.offline).toBe(true);
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.every((row) => row.kind === 'item' && row.item.name.toLowerCase().endsWith('.txt'))).toBe(true);
    const inFolder = await s.call<ListingPage>('backup.search', {
      nodeId: node,
      planUid: F.filePlan.uid,
      folderId: F.folders.archive.id,
      folderPath: F.folders.archive.path,
      term: 'txt',
      page: 0,
    });
    expect(inFolder.total).toBeGreaterThan(0);
    expect(inFolder.rows.every((row) => row.kind === 'item' && row.item.path.startsWith(`${F.folders.archive.path}\\`))).toBe(true);
    // A full page answers before its count; the exact total follows, announced for page 0.
    const everyFile = { nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.archive.id, folderPath: F.folders.archive.path, term: '*.*', page: 0 };
    const files = archiveNames.filter((name) => name.includes('.')).length;
    expect(files).toBeGreaterThan(500);
    const counted = s.waitForEvent('backup.listingUpdated', (update) => update.key.endsWith('|*.*'));
    const early = await s.call<ListingPage>('backup.search', everyFile);
    expect(early).toMatchObject({ source: 'cache', counting: true, total: 250, totalPages: 1 });
    expect(await counted).toEqual({ key: early.key, page: 0, reset: false });
    const exact = await s.call<ListingPage>('backup.search', everyFile);
    expect(exact).toMatchObject({ total: files, totalPages: Math.ceil(files / 250) });
    expect(exact.counting).toBeUndefined();
    expect(exact.rows).toEqual(early.rows);
    expect((await s.call<ListingPage>('backup.search', { ...everyFile, page: 1 })).total).toBe(files);

    const deviceWide = await s.call<ListingPage>('backup.search', { nodeId: node, term: 'Accounting*', page: 0 });
    expect(names(deviceWide)).toEqual(expect.arrayContaining(['Accounting 2026.xlsx', 'Accounting notes.txt']));
    // Offline too, each result keeps its own plan.
    expect(deviceWide.rows.every((row) => row.kind === 'item' && row.plan?.uid === F.filePlan.uid && row.key === `${F.filePlan.uid}|${row.item.id}`)).toBe(true);

    const online = s.waitForEvent('connectivity.changed', (state) => state.online);
    await demo(port);
    await online;
    const live = await s.call<ListingPage>('backup.search', { nodeId: node, planUid: F.filePlan.uid, term: '*.txt', page: 0 });
    expect(live.source).toBe('network');
  });
});

describe('search from All plans', () => {
  const search = (s: TestServices, input: Record<string, unknown>) => s.call<ListingPage>('backup.search', input);

  it('searches every file/folder plan of the device; each result carries its own plan', async () => {
    const server = await demo();
    const s = await signedIn(server);
    const found = await search(s, { nodeId: node, term: 'budget*', page: 0 });
    expect(found.source).toBe('network');
    const byName = new Map(found.rows.map((row) => [row.kind === 'item' ? row.item.name : '', row]));
    const planOf = (name: string) => {
      const row = byName.get(name);
      return row?.kind === 'item' ? row.plan?.uid : undefined;
    };
    expect(planOf('Budget 2026.xlsx')).toBe(F.filePlan.uid);
    expect(planOf('budget-2024.xlsx')).toBe(F.deletedPlan.uid);
    expect(new Set(found.rows.map((row) => row.key)).size).toBe(found.rows.length);
  });

  it('merges the plans page by page, in the order of the plans, with every total counted', async () => {
    const server = await demo();
    const s = await signedIn(server);
    const inFiles = await search(s, { nodeId: node, planUid: F.filePlan.uid, term: '*.txt', page: 0 });
    const inOld = await search(s, { nodeId: node, planUid: F.deletedPlan.uid, term: '*.txt', page: 0 });
    expect(inFiles.total).toBeGreaterThan(250);
    const first = await search(s, { nodeId: node, term: '*.txt', page: 0 });
    expect(first.total).toBe(inFiles.total + inOld.total);
    expect(first.rows).toHaveLength(250);
    const all = [...first.rows];
    for (let page = 1; page < first.totalPages; page++) all.push(...(await search(s, { nodeId: node, term: '*.txt', page })).rows);
    expect(all).toHaveLength(first.total);
    const expected: string[] = [];
    for (let page = 0; page < inFiles.totalPages; page++) {
      const part = page === 0 ? inFiles : await search(s, { nodeId: node, planUid: F.filePlan.uid, term: '*.txt', page });
      expected.push(...part.rows.map((row) => `${F.filePlan.uid}|${row.key}`));
    }
    expected.push(...inOld.rows.map((row) => `${F.deletedPlan.uid}|${row.key}`));
    expect(all.map((row) => row.key)).toEqual(expected);
    const last = all[all.length - 1]!;
    expect(last.kind === 'item' && last.plan?.name).toBe('Old file plan');
  });

  it('names a plan that cannot be searched and shows what the others found', async () => {
    const server = await demo();
    const s = await signedIn(server);
    const found = await search(s, { nodeId: F.device2.nodeId, term: 'scan', page: 0 });
    expect(names(found)).toEqual(expect.arrayContaining(['id-scan-001.pdf', 'id-scan-002.pdf']));
    expect(found.rows.every((row) => row.kind === 'item' && row.plan?.uid === F.device2.openPlan.uid)).toBe(true);
    expect(found.notice).toBe(`The plan '${F.device2.brokenFoldersPlan.name}' could not be searched: its results are missing.`);
  });
});

describe('the cache file', () => {
  it('moves a corrupt file aside and rebuilds it', async () => {
    const server = await demo();
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'cache'), { recursive: true });
    writeFileSync(join(dataDir, 'cache', 'listings.sqlite'), Buffer.from('this is not a database'.repeat(400)));
    const s = await signedIn(server, { dataDir });
    const status = await s.call<CacheStatus>('cache.status');
    expect(status).toMatchObject({ persistent: true, notice: expect.stringMatching(/damaged/) });
    expect(readdirSync(join(dataDir, 'cache')).some((name) => name.startsWith('listings.sqlite.corrupt-'))).toBe(true);
    await list(s, plans);
    expect((await s.call<CacheStatus>('cache.status')).listings).toBe(1);
    const cleared = await s.call<CacheStatus>('cache.clear');
    expect(cleared).toMatchObject({ listings: 0, items: 0 });
  });

  it('refuses a database from a newer schema clearly and leaves it untouched', async () => {
    const server = await demo();
    const dataDir = tempDir();
    const file = join(dataDir, 'cache', 'listings.sqlite');
    mkdirSync(join(dataDir, 'cache'), { recursive: true });
    const newer = new Database(file);
    newer.exec('CREATE TABLE from_the_future (x)');
    newer.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 5}`);
    newer.close();
    const s = await signedIn(server, { dataDir });
    const status = await s.call<CacheStatus>('cache.status');
    expect(status.persistent).toBe(false);
    expect(status.notice).toMatch(/newer version of the console/);
    expect((await list(s, plans)).rows.length).toBeGreaterThan(0);
    await s.dispose();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 5);
    check.close();
    expect(existsSync(file)).toBe(true);
  });
});
