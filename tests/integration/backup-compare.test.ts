/**
 * Comparing a folder between two backup dates against the demo server over
 * real HTTP, with the real SQLite listing cache: a real folder between two
 * dates, the same comparison again from the cache with the server stopped,
 * and a date that could not be read.
 */
import { describe, expect, it } from 'vitest';
import type { BackupJob } from '../../src/shared/model/backup';
import type { FolderComparison } from '../../src/shared/model/backup/compare';
import type { Page } from '../../src/shared/model/devices';
import { listingKey } from '../../src/main/services/backup/browser-service';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { cleanups, signedIn, type SignedInOptions } from '../helpers/downloads';
import type { TestServices } from '../helpers/services';

const F = DEMO_FIXTURES;
const node = F.nodeId;

async function demo(options: { realInstance?: boolean } = {}): Promise<DemoServer> {
  const server = await startDemoServer({ port: 0, sizes: { bigFolderItems: 1000 }, ...options });
  cleanups.push(() => server.close());
  return server;
}

function online(server: { url: string }, options: SignedInOptions = {}): Promise<TestServices> {
  return signedIn(server, { probeIntervalMs: 200, ...options });
}

/** The plan's backup dates, newest first (the date list of Download Folder). */
async function jobs(s: TestServices): Promise<BackupJob[]> {
  const page = await s.call<Page<BackupJob>>('backup.downloadJobs', { nodeId: node, planUid: F.filePlan.uid, page: 0, cloudOnly: false });
  return page.results.filter((job) => job.completed !== null);
}

function compare(s: TestServices, folder: { id: string; path: string }, from: BackupJob, to: BackupJob): Promise<FolderComparison> {
  return s.call<FolderComparison>('backup.compareFolder', {
    nodeId: node,
    planUid: F.filePlan.uid,
    folderId: folder.id,
    folderPath: folder.path,
    fromJobId: from.id,
    toJobId: to.id,
  });
}

describe('comparing a folder between two backup dates', () => {
  it('lists what was added, removed and changed in C:\\Data between two dates, with totals', async () => {
    const server = await demo();
    const s = await online(server);
    const dates = await jobs(s);
    // The newest completed backup against one 23 nights older.
    const [later, earlier] = [dates[0]!, dates[23]!];
    const c = await compare(s, F.folders.data, earlier, later);
    const kindOf = (path: string) => c.rows.find((row) => row.relativePath === path)?.kind;
    expect(kindOf('readme.txt')).toBe('added');
    expect(kindOf('temp-export.csv')).toBe('removed');
    expect(kindOf('Accounting 2026.xlsx')).toBe('added');
    expect(kindOf('lost.docx')).toBe('changed');
    const changed = c.rows.find((row) => row.relativePath === 'lost.docx')!;
    expect(changed.from!.size).not.toBe(changed.to!.size);
    expect(Date.parse(changed.from!.modified!)).toBeLessThan(Date.parse(changed.to!.modified!));
    for (const kind of ['added', 'removed', 'changed'] as const) expect(c.totals[kind].count).toBe(c.rows.filter((row) => row.kind === kind).length);
    expect(c.totals.added.bytes).toBe(c.rows.filter((r) => r.kind === 'added').reduce((sum, r) => sum + r.to!.size, 0));
    expect(c.caseInsensitive).toBe(true);
    expect(c.limits).toEqual({ depth: 8, itemsPerSide: 100_000 });
    expect(c.capped).toEqual([]);
    // The broken subfolder could not be listed on either side: said, and left out.
    expect(c.to).toMatchObject({ state: 'partial', unreadFolders: ['Broken'], source: 'network' });
    expect(c.from.state).toBe('partial');

    // Older still, the users' folders had not been backed up: each is one added row holding its files.
    const users = await compare(s, F.folders.users, dates[30]!, later);
    const alex = users.rows.find((row) => row.relativePath === 'alex')!;
    expect(alex).toMatchObject({ kind: 'added', folder: true });
    expect(alex.inside).toBeGreaterThan(2);
    expect(alex.to!.size).toBeGreaterThan(0);

    // Dated pages are cached apart from today's listing, which is untouched.
    const scope = s.session.profileId()!;
    const dated = listingKey(scope, { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.data.id, jobId: later.id });
    const today = listingKey(scope, { level: 'files', nodeId: node, planUid: F.filePlan.uid, folderId: F.folders.data.id });
    expect(dated).not.toBe(today);
    expect(s.cache.listingInfo(dated)?.complete).toBe(true);
    expect(s.cache.listingInfo(today)).toBeNull();
  });

  it('compares again from the cache with the server stopped, and says which date could not be read', async () => {
    const server = await demo();
    const s = await online(server, { revalidateAfterMs: 0 });
    const dates = await jobs(s);
    const first = await compare(s, F.folders.users, dates[12]!, dates[0]!);
    expect(first.rows.length).toBeGreaterThan(0);

    await server.close();
    const offline = s.waitForEvent('connectivity.changed', (state) => !state.online);
    // A backup's content does not change: its cached pages are read without asking the server again.
    const again = await compare(s, F.folders.users, dates[12]!, dates[0]!);
    expect(again.rows).toEqual(first.rows);
    expect(again.totals).toEqual(first.totals);
    expect(again.from.source).toBe('cache');
    expect(again.to.source).toBe('cache');

    // A date never opened is not cached: that side is reported, nothing is made up.
    const missing = await compare(s, F.folders.users, dates[12]!, dates[5]!);
    await offline;
    expect(missing.from.state).toBe('read');
    expect(missing.to).toMatchObject({ state: 'unread', message: expect.stringMatching(/not available offline/) });
    expect(missing.rows).toEqual([]);
  });

  it('an instance that ignores the date is caught: a side listing items modified after its backup could not be read as of that date', async () => {
    const server = await demo({ realInstance: true });
    const s = await online(server);
    const dates = await jobs(s);
    const c = await compare(s, F.folders.users, dates[20]!, dates[0]!);
    expect(c.from).toMatchObject({ state: 'unread', message: expect.stringMatching(/as of that date.*after the backup was taken/) });
    expect(c.rows).toEqual([]);
  });

  it('refuses the same date twice before any call', async () => {
    const server = await demo();
    const s = await online(server);
    const dates = await jobs(s);
    await expect(compare(s, F.folders.users, dates[0]!, dates[0]!)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('takes only dates of the plan as the console listed them: a job it never listed is refused', async () => {
    const server = await demo();
    const s = await online(server);
    const dates = await jobs(s);
    const invented = { ...dates[1]!, id: 'job-never-listed' };
    await expect(compare(s, F.folders.users, invented, dates[0]!)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Pick both dates from the backup dates of the plan.' });
  });
});
