import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES as F } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { BackupFolder, BackupJob, BackupPlan, FolderContentItem, MountedContentItem, PagedAnswer, Revision, Volume } from '../../src/shared/model/backup';
import { demoAccessToken } from '../helpers/demo-token';

let demo: DemoServer;
let token: string;

beforeAll(async () => {
  demo = await startDemoServer({ sizes: { bigFolderItems: 1000 } });
  token = await demoAccessToken(demo.url);
});
afterAll(async () => demo.close());

const LH = '/api/backup/lockhart';
const seg = encodeURIComponent;
const filePlan = `${LH}/nodes/1/plans/${seg(F.filePlan.uid)}`;
const filePlanV2 = `${LH}/v2/nodes/1/plans/${seg(F.filePlan.uid)}`;

async function call(path: string, query: Record<string, string | number> = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${demo.url}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, body: await res.json() };
}

async function ok<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
  const { status, body } = await call(path, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

async function expectError(path: string, query: Record<string, string | number>, status: number): Promise<void> {
  const answer = await call(path, query);
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ error: expect.any(String), message: expect.any(String) });
}

describe('demo backup API', () => {
  it('requires a bearer token', async () => {
    const res = await fetch(`${demo.url}${LH}/nodes/1/plans`);
    expect(res.status).toBe(401);
    const content = await fetch(`${demo.url}${filePlanV2}/folders/${F.folders.data.id}/content`);
    expect(content.status).toBe(401);
  });

  it('lists plans, volumes and root folders of the showcase device', async () => {
    const plans = await ok<BackupPlan[]>(`${LH}/nodes/1/plans`);
    expect(plans.map((p) => [p.uid, p.id, p.name, p.type])).toEqual([
      [F.filePlan.uid, F.filePlan.id, F.filePlan.name, 'FILE_FOLDER'],
      [F.imagePlan.uid, F.imagePlan.id, F.imagePlan.name, 'IMAGE'],
      [F.deletedPlan.uid, F.deletedPlan.id, F.deletedPlan.name, 'FILE_FOLDER'],
      [F.disabledPlan.uid, F.disabledPlan.id, F.disabledPlan.name, 'IMAGE'],
    ]);
    for (const plan of plans) {
      expect(Object.keys(plan).sort()).toEqual(
        ['allowFileFolderBackupAccess', 'backupPermissions', 'deleted', 'destination', 'enabled', 'id', 'lastSuccess', 'name', 'schedule', 'storage', 'type', 'uid'].sort(),
      );
      expect(plan.storage).toEqual({ volumes: expect.any(Number), local: expect.any(Number), cloud: expect.any(Number) });
    }

    const volumes = await ok<Volume[]>(`${filePlan}/volumes`);
    expect(volumes.map((v) => [v.id, v.name])).toEqual([
      [F.volumeC.id, 'C:'],
      [F.volumeD.id, 'D:'],
    ]);
    const stats = volumes[0]?.stats;
    expect(Object.keys(stats ?? {}).sort()).toEqual(['capacityBytes', 'cloudBytes', 'cloudDeduplicationBytes', 'localBytes', 'usedBytes']);
    expect(stats?.usedBytes).toBeLessThanOrEqual(stats?.capacityBytes ?? 0);

    const folders = await ok<BackupFolder[]>(`${filePlan}/folders`);
    expect(Array.isArray(folders)).toBe(true);
    expect(folders.map((f) => f.path)).toEqual(['C:\\Users', 'C:\\Data', 'D:\\Shares']);
    expect(folders[1]).toMatchObject({ id: F.folders.data.id, name: 'Data', status: 'DEFINED', deleted: false, volumeId: F.volumeC.id, cfid: expect.any(String) });
    // Paged as a plain array slice; volumeId (a braced GUID) filters.
    expect((await ok<BackupFolder[]>(`${filePlan}/folders`, { page: 1, size: 1 })).map((f) => f.id)).toEqual([F.folders.data.id]);
    expect((await ok<BackupFolder[]>(`${filePlan}/folders`, { page: 3, size: 1 }))).toEqual([]);
    expect((await ok<BackupFolder[]>(`${filePlan}/folders`, { volumeId: F.volumeD.id })).map((f) => f.path)).toEqual(['D:\\Shares']);
    await expectError(`${filePlan}/folders`, { volumeId: '{00000000-0000-0000-0000-000000000000}' }, 404);

    // The deleted plan stays browsable.
    const old = await ok<BackupFolder[]>(`${LH}/nodes/1/plans/${F.deletedPlan.uid}/folders`);
    expect(old.map((f) => f.path)).toEqual(['C:\\Old']);
    const oldContent = await ok<PagedAnswer<FolderContentItem>>(`${LH}/v2/nodes/1/plans/${F.deletedPlan.uid}/folders/${old[0]?.id}/content`);
    expect(oldContent.totalElements).toBe(3);
  });

  it('pages folder content: folders first, then files, 250 by default', async () => {
    const data = await ok<PagedAnswer<FolderContentItem>>(`${filePlanV2}/folders/${F.folders.data.id}/content`);
    expect(data.totalElements).toBe(data.results.length);
    expect(data.totalPages).toBe(1);
    expect(data.results.slice(0, 4).map((i) => [i.name, i.type])).toEqual([
      ['Archive', 'FOLDER'],
      ['Broken', 'FOLDER'],
      ['Empty', 'FOLDER'],
      ['Media', 'FOLDER'],
    ]);
    const files = data.results.slice(4);
    expect(files.every((i) => i.type === 'FILE')).toBe(true);
    expect(files.map((i) => i.name)).toEqual([...files.map((i) => i.name)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(files[0]).toEqual({
      id: F.files.accounting.id,
      name: 'Accounting 2026.xlsx',
      path: F.files.accounting.path,
      type: 'FILE',
      deleted: false,
      backupSize: expect.any(Number),
      size: expect.any(Number),
      status: 'DEFINED',
      modified: expect.stringMatching(/^2026-11-\d\dT/),
      backupPermissions: true,
    });

    const archive = `${filePlanV2}/folders/${F.folders.archive.id}/content`;
    const first = await ok<PagedAnswer<FolderContentItem>>(archive);
    expect(first.results).toHaveLength(250);
    expect(first).toMatchObject({ totalElements: 1000, totalPages: 4 });
    expect(first.results.slice(0, 2).map((i) => i.name)).toEqual(['batch-000000', 'batch-000500']);
    expect(first.results[2]?.name).toBe('invoice-000003.pdf');
    const last = await ok<PagedAnswer<FolderContentItem>>(archive, { page: 3, size: 250 });
    expect(last.results).toHaveLength(250);
    expect(last.results[249]?.name).toBe('report-000996.docx');
    expect((await ok<PagedAnswer<FolderContentItem>>(archive, { page: 4 })).results).toEqual([]);
    const small = await ok<PagedAnswer<FolderContentItem>>(archive, { page: 2, size: 300 });
    expect(small).toMatchObject({ totalElements: 1000, totalPages: 4 });
    expect(small.results).toHaveLength(300);

    // A subfolder of the huge folder is entered by its id.
    const batch = await ok<PagedAnswer<FolderContentItem>>(`${filePlanV2}/folders/${first.results[1]?.id}/content`);
    expect(batch.results.length).toBeGreaterThan(0);
    expect(batch.results.every((i) => i.path.startsWith('C:\\Data\\Archive\\batch-000500\\'))).toBe(true);

    expect(await ok(`${filePlanV2}/folders/${F.folders.empty.id}/content`)).toEqual({ results: [], totalElements: 0, totalPages: 0 });
  });

  it('refuses bad paging with 400 and unknown items with 404', async () => {
    const archive = `${filePlanV2}/folders/${F.folders.archive.id}/content`;
    await expectError(archive, { size: 1001 }, 400);
    await expectError(archive, { size: 0 }, 400);
    await expectError(archive, { page: -1 }, 400);
    await expectError(archive, { page: 'x' }, 400);
    await expectError(`${LH}/nodes/1/plans/${F.filePlan.uid}/jobs`, { size: 5000 }, 400);
    await expectError(`${LH}/nodes/abc/plans`, {}, 400);
    await expectError(`${LH}/nodes/99999/plans`, {}, 404);
    await expectError(`${LH}/nodes/1/plans/not-a-plan/volumes`, {}, 404);
    await expectError(`${filePlanV2}/folders/not-a-folder/content`, {}, 404);
    await expectError(`${filePlanV2}/files/not-a-file/revisions`, {}, 404);
    await expectError(`${LH}/v3/nodes/1/plans/999/files/${F.imageVolume.fileId}/revisions`, {}, 404);
  });

  it('answers the deliberately broken showcase calls with 500', async () => {
    await expectError(`${LH}/nodes/${F.failingPlansNodeId}/plans`, {}, 500);
    await expectError(`${filePlanV2}/folders/${F.folders.broken.id}/content`, {}, 500);
    await expectError(`${filePlanV2}/files/${F.files.unreadable.id}/revisions`, {}, 500);
    await expectError(`${filePlan}/files/${F.files.unreadable.id}/revisions`, {}, 500);
    await expectError(`${LH}/nodes/2/plans/${F.device2.brokenVolumesPlan.uid}/volumes`, {}, 500);
    await expectError(`${LH}/nodes/2/plans/${F.device2.brokenFoldersPlan.uid}/folders`, {}, 500);
    // Their neighbours work.
    expect((await ok<Volume[]>(`${LH}/nodes/2/plans/${F.device2.brokenFoldersPlan.uid}/volumes`)).length).toBe(1);
    const open = await ok<BackupPlan[]>(`${LH}/nodes/2/plans`);
    expect(open.find((p) => p.uid === F.device2.openPlan.uid)).toMatchObject({ name: 'Documents', allowFileFolderBackupAccess: true });
  });

  it('pages file revisions (v2), and v1 with the cloud filters and a default of 100', async () => {
    const revisions = await ok<PagedAnswer<Revision>>(`${filePlanV2}/files/${F.files.accounting.id}/revisions`);
    expect(revisions).toMatchObject({ totalElements: 12, totalPages: 1 });
    expect(revisions.results[0]).toMatchObject({ id: expect.stringMatching(/^[A-Za-z0-9_-]+$/), planId: F.filePlan.uid, type: 'FILE', file: F.files.accounting.id });
    expect(revisions.results.map((r) => r.bldType).reverse()).toEqual(['FULL', 'DELTA', 'DELTA', 'DELTA', 'DELTA', 'DELTA', 'DELTA', 'FULL', 'DELTA', 'DELTA', 'DELTA', 'DELTA']);
    const paged = await ok<PagedAnswer<Revision>>(`${filePlanV2}/files/${F.files.accounting.id}/revisions`, { page: 2, size: 5 });
    expect(paged).toMatchObject({ totalElements: 12, totalPages: 3 });
    expect(paged.results).toEqual(revisions.results.slice(10));
    expect((await ok<PagedAnswer<Revision>>(`${filePlanV2}/files/${F.files.readme.id}/revisions`)).totalElements).toBe(1);

    const v1 = `${filePlan}/files/${F.files.accounting.id}/revisions`;
    expect(await ok(v1)).toEqual(revisions);
    for (const filter of ['onCloud', 'upsyncedData']) {
      const cloud = await ok<PagedAnswer<Revision>>(v1, { [filter]: 'true' });
      expect(cloud.totalElements).toBe(10);
      expect(cloud.results.every((r) => r.onS3)).toBe(true);
    }
    await expectError(v1, { onCloud: 'yes' }, 400);
  });

  it('answers v3 revisions by numeric plan id, for image volumes and files', async () => {
    const image = await ok<PagedAnswer<Revision>>(`${LH}/v3/nodes/1/plans/${F.imagePlan.id}/files/${F.imageVolume.fileId}/revisions`);
    expect(image.totalElements).toBe(F.imageRevisionCount);
    expect(image.results.every((r) => r.type === 'IMAGE' && r.planId === F.imagePlan.uid)).toBe(true);
    const page = await ok<PagedAnswer<Revision>>(`${LH}/v3/nodes/1/plans/${F.imagePlan.id}/files/${F.imageVolume.fileId}/revisions`, { page: 1, size: 10 });
    expect(page).toMatchObject({ totalElements: F.imageRevisionCount, totalPages: 2 });
    expect(page.results).toEqual(image.results.slice(10));
    const file = await ok<PagedAnswer<Revision>>(`${LH}/v3/nodes/1/plans/${F.filePlan.id}/files/${F.files.accounting.id}/revisions`);
    expect(file.totalElements).toBe(12);
    await expectError(`${LH}/v3/nodes/1/plans/${F.imagePlan.uid}/files/${F.imageVolume.fileId}/revisions`, {}, 400);
    const [disabledVolume] = await ok<Volume[]>(`${LH}/nodes/1/plans/${F.disabledPlan.uid}/volumes`);
    expect((await ok<PagedAnswer<Revision>>(`${LH}/v3/nodes/1/plans/${F.disabledPlan.id}/files/${disabledVolume?.fileId}/revisions`)).totalElements).toBe(2);
  });

  it('pages backup jobs newest first, 100 by default, with the cloud filter', async () => {
    const jobs = await ok<PagedAnswer<BackupJob>>(`${filePlan}/jobs`);
    expect(jobs).toMatchObject({ totalElements: 240, totalPages: 3 });
    expect(jobs.results).toHaveLength(100);
    expect(jobs.results[0]).toMatchObject({ planId: F.filePlan.uid, created: '2026-11-20T02:00:00.000Z', completed: null });
    expect(jobs.results[1]?.completed).toBeNull();
    expect(jobs.results[2]?.completed).not.toBeNull();
    expect(jobs.results[1]?.created).toBe('2026-11-19T02:00:00.000Z');
    const last = await ok<PagedAnswer<BackupJob>>(`${filePlan}/jobs`, { page: 2 });
    expect(last.results).toHaveLength(40);
    const cloud = await ok<PagedAnswer<BackupJob>>(`${filePlan}/jobs`, { onCloud: 'true', size: 1000 });
    expect(cloud.totalElements).toBe(236);
    expect(cloud.results.every((j) => j.onCloud)).toBe(true);
    expect((await ok<PagedAnswer<BackupJob>>(`${filePlan}/jobs`, { upsyncedData: 'false' })).totalElements).toBe(4);
  });

  it('searches a plan by name, with wildcards, inside a folder, and refuses short terms', async () => {
    const search = `${filePlan}/search`;
    const accounting = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: 'Accounting*' });
    expect(accounting.results.map((i) => i.path).sort()).toEqual(['C:\\Data\\Accounting 2026.xlsx', 'C:\\Data\\Accounting notes.txt']);
    expect(accounting).toMatchObject({ totalElements: 2, totalPages: 1 });
    // A wildcard term matches the whole name: 'ccounting*' must start the name.
    expect((await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: 'ccounting*' })).totalElements).toBe(0);
    expect((await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: 'ccounting' })).totalElements).toBe(2);

    const txt = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: '*.txt', size: 100 });
    expect(txt.totalElements).toBeGreaterThan(250);
    expect(txt.totalPages).toBe(Math.ceil(txt.totalElements / 100));
    expect(txt.results.every((i) => i.name.endsWith('.txt') && i.path.endsWith(`\\${i.name}`))).toBe(true);
    const txtLast = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: '*.txt', size: 100, page: txt.totalPages - 1 });
    expect(txtLast.results).toHaveLength(txt.totalElements - 100 * (txt.totalPages - 1));

    const substring = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: 'invoice-00012' });
    expect(substring.results.map((i) => i.name)).toEqual(['invoice-000123.pdf', 'invoice-000127.pdf']);

    const inUsers = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: '*.docx', folderId: F.folders.users.id });
    const everywhere = await ok<PagedAnswer<FolderContentItem>>(search, { searchTerm: '*.docx' });
    expect(inUsers.totalElements).toBeGreaterThan(0);
    expect(inUsers.totalElements).toBeLessThan(everywhere.totalElements);
    expect(inUsers.results.every((i) => i.path.startsWith('C:\\Users\\'))).toBe(true);
    expect(inUsers.results.map((i) => i.path)).toContain('C:\\Users\\alex\\Documents\\Q3 report.docx');

    await expectError(search, { searchTerm: 'ab' }, 400);
    await expectError(search, {}, 400);
    await expectError(`${LH}/nodes/1/plans/${F.imagePlan.uid}/search`, { searchTerm: 'windows' }, 400);
  });

  it('pages a mounted image revision by start and count', async () => {
    const image = await ok<PagedAnswer<Revision>>(`${LH}/v3/nodes/1/plans/${F.imagePlan.id}/files/${F.imageVolume.fileId}/revisions`);
    const mounted = (revisionId: string) => `${LH}/image/v2/nodes/1/plans/${F.imagePlan.uid}/revisions/${seg(revisionId)}/content`;
    const newest = mounted(image.results[0]?.id ?? '');

    const root = await ok<PagedAnswer<MountedContentItem>>(newest, { folder: '/' });
    expect(root.results.map((i) => i.name)).toEqual(['Corrupt', 'Program Files', 'Users', 'Windows', 'pagefile.sys']);
    expect(root.results[4]).toEqual({ name: 'pagefile.sys', type: 'FILE', size: expect.any(Number), modified: expect.any(String) });
    expect(root).toMatchObject({ totalElements: 5, totalPages: 1 });
    // Every revision mounts the same tree.
    expect(await ok(mounted(image.results[9]?.id ?? ''), { folder: '/' })).toEqual(root);

    const all = await ok<PagedAnswer<MountedContentItem>>(newest, { folder: '/Windows/System32', start: 0, count: 250 });
    expect(all.totalElements).toBeGreaterThanOrEqual(40);
    const second = await ok<PagedAnswer<MountedContentItem>>(newest, { folder: '/Windows/System32', start: 10, count: 10 });
    expect(second.results).toEqual(all.results.slice(10, 20));
    expect(second).toMatchObject({ totalElements: all.totalElements, totalPages: Math.ceil(all.totalElements / 10) });
    const public_ = await ok<PagedAnswer<MountedContentItem>>(newest, { folder: '/Users/Public' });
    expect(public_.results.map((i) => i.name)).toContain('Documents');
    const docs = await ok<PagedAnswer<MountedContentItem>>(newest, { folder: '/Users/Public/Documents' });
    expect(docs.results.length).toBeGreaterThan(0);
    expect(docs.results.every((i) => i.name.endsWith('.txt'))).toBe(true);

    await expectError(newest, { folder: F.corruptMountedFolder }, 500);
    await expectError(newest, { folder: '/Nowhere' }, 404);
    await expectError(newest, { folder: '/', count: 0 }, 400);
    await expectError(newest, { folder: '/', start: -5 }, 400);
    await expectError(mounted('not-a-revision'), { folder: '/' }, 404);
  });
});
