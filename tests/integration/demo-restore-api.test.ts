import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingRestoreSpec } from '../helpers/demo-data';
import { DEMO_FIXTURES as F } from '../../src/demo-server/data/backup';
import { planRestoreJob, type RestoreJob, type RestoreJobSpec } from '../../src/demo-server/data/restore/jobs';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { FolderContentItem, PagedAnswer } from '../../src/shared/model/backup';

let demo: DemoServer;
let token: string;
let limitedToken: string;

async function tokenFor(clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${demo.url}/ws/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: 'demo-admin', sizes: { bigFolderItems: 1000, restoreJobSeconds: 1 } });
  token = await tokenFor('demo-console', 'demo-console-secret');
  limitedToken = await tokenFor('demo-limited', 'demo-limited-secret');
});
afterAll(async () => demo.close());

const LH = '/api/backup/lockhart';
const seg = encodeURIComponent;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer<T = unknown> {
  status: number;
  body: T;
}

async function call<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string>; as?: string } = {},
): Promise<Answer<T>> {
  const url = new URL(`${demo.url}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${options.as ?? token}`,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  expect(res.headers.get('content-type')).toContain('application/json');
  return { status: res.status, body: (await res.json()) as T };
}

async function ok<T>(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
  const answer = await call<T>(method, path, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function expectError(answer: Promise<Answer>, status: number, error?: string): Promise<{ error: string; message: string }> {
  const { status: actual, body } = await answer;
  expect(actual, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({ error: error ?? expect.any(String), message: expect.any(String) });
  return body as { error: string; message: string };
}

/** Restores D:\Shares\Marketing (3 files) as of a completed job, to C:\Data\Restores on the same device. */
function folderSpec(overrides: Partial<RestoreJobSpec> = {}): RestoreJobSpec {
  return { ...marketingRestoreSpec({ restorePermissions: true }), ...overrides };
}

/** A destination under C:\Data\Restores whose job (deterministically) completes without warnings. */
function completingDestination(): string {
  for (let i = 0; ; i++) {
    const destinationPath = `C:\\Data\\Restores\\run-${i}`;
    if (planRestoreJob(demo.config.seed, folderSpec({ destinationPath }), { files: F.restore.folderFileCount, bytes: 0 }, 1).outcome === 'COMPLETED') return destinationPath;
  }
}

const createJobs = (specs: unknown, as?: string) => call<{ resultCode: string; jobs: RestoreJob[] }>('POST', `${LH}/restore/jobs`, { body: specs, as });
const job = (jobUID: string) => ok<RestoreJob>('GET', `${LH}/restore/jobs/${seg(jobUID)}`);

describe('demo restore API: restore jobs', () => {
  it('creates a batch and the jobs progress over time to their outcomes', async () => {
    const completing = completingDestination();
    const specs = [
      folderSpec({ destinationPath: completing }),
      folderSpec({ destinationPath: 'C:\\Data\\Restores\\FAIL-JOB' }),
      folderSpec({ destinationPath: 'C:\\Data\\Restores\\WARN-JOB' }),
      {
        ...folderSpec({ sourcePath: F.restore.file.path, revisionId: F.restore.fileRevisionId, collisionHandling: 'OVERWRITE' }),
        backupJobId: null,
      },
    ];
    const created = await createJobs(specs);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.resultCode).toBe('SUCCESS');
    const jobs = created.body.jobs;
    expect(jobs).toHaveLength(4);
    expect(new Set(jobs.map((j) => j.jobUID)).size).toBe(4);
    expect(Object.keys(jobs[0]!).sort()).toEqual(
      [
        'actionType', 'type', 'sourcePath', 'file', 'destinationPath', 'jobUID', 'jobFilesProcessed', 'jobTotalFiles', 'jobProcessedBytes',
        'jobTotalBytes', 'status', 'percentage', 'sourcePlanId', 'sourcePlanName', 'createTime', 'nodeId', 'nodeName', 'sourceNodeId', 'ignored',
      ].sort(),
    );
    expect(jobs[0]).toMatchObject({
      actionType: 'RESTORE',
      type: 'FOLDER',
      sourcePath: F.restore.folder.path,
      file: 'Marketing',
      destinationPath: completing,
      status: 'PROCESSING',
      percentage: 0,
      jobTotalFiles: 0,
      jobFilesProcessed: 0,
      sourcePlanId: F.restore.plan.uid,
      sourcePlanName: 'Server files',
      nodeId: 1,
      nodeName: 'File Server (NT-SRV-001)',
      sourceNodeId: 1,
      ignored: false,
    });
    expect(jobs[0]).not.toHaveProperty('failureReason');
    expect(Date.parse(jobs[0]!.createTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(jobs[3]).toMatchObject({ type: 'FILE', file: 'Brochure 2026.pdf' });

    await sleep(450);
    const midway = await job(jobs[0]!.jobUID);
    expect(midway.status).toBe('PROCESSING');
    expect(midway.jobTotalFiles).toBe(F.restore.folderFileCount);
    expect(midway.jobTotalBytes).toBeGreaterThan(0);
    expect(midway.percentage).toBeGreaterThan(0);
    expect(midway.percentage).toBeLessThan(100);

    await sleep(700);
    const [done, failed, warned, single] = await Promise.all(jobs.map((j) => job(j.jobUID)));
    expect(done).toMatchObject({ status: 'COMPLETED', percentage: 100, jobFilesProcessed: 3, jobTotalFiles: 3 });
    expect(done!.jobProcessedBytes).toBe(done!.jobTotalBytes);
    expect(failed!.status).toBe('FAILED');
    expect(failed!.percentage).toBeLessThan(100);
    // A failed job says why.
    expect(failed!.failureReason).toBe('Access to the destination folder was denied.');
    expect(done).not.toHaveProperty('failureReason');
    expect(warned).toMatchObject({ status: 'COMPLETED', jobTotalFiles: 3 });
    expect(warned!.jobFilesProcessed).toBeLessThan(3);
    expect(single).toMatchObject({ jobTotalFiles: 1 });
    expect(['COMPLETED', 'FAILED']).toContain(single!.status);

    // The device list: newest first, these four among them.
    const list = await ok<RestoreJob[]>('GET', `${LH}/nodes/1/restore/jobs`);
    expect(list.map((j) => j.jobUID)).toEqual(expect.arrayContaining(jobs.map((j) => j.jobUID)));
    const times = list.map((j) => Date.parse(j.createTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers resultCode FAILURE (200, no jobs) for a FAIL-RESULT destination', async () => {
    const before = (await ok<RestoreJob[]>('GET', `${LH}/nodes/1/restore/jobs`)).length;
    const answer = await createJobs([folderSpec(), folderSpec({ destinationPath: 'C:\\Data\\FAIL-RESULT' })]);
    expect(answer).toEqual({ status: 200, body: { resultCode: 'FAILURE', jobs: [] } });
    expect(await ok<RestoreJob[]>('GET', `${LH}/nodes/1/restore/jobs`)).toHaveLength(before);
  });

  it('cancels a running job (keeping its progress), refuses ended ones, clears jobs from the device list', async () => {
    const created = await createJobs([folderSpec({ destinationPath: 'C:\\Data\\Restores\\SLOW-JOB' }), folderSpec({ destinationPath: completingDestination() })]);
    const [slow, quick] = created.body.jobs;
    await sleep(400);
    const canceled = await ok<RestoreJob>('POST', `${LH}/restore/jobs/${seg(slow!.jobUID)}/cancel`);
    expect(canceled.status).toBe('CANCELED');
    await sleep(100);
    expect(await job(slow!.jobUID)).toEqual(canceled);
    await expectError(call('POST', `${LH}/restore/jobs/${seg(slow!.jobUID)}/cancel`), 409, 'job_not_running');

    await sleep(800);
    expect((await job(quick!.jobUID)).status).toBe('COMPLETED');
    await expectError(call('POST', `${LH}/restore/jobs/${seg(quick!.jobUID)}/cancel`), 409, 'job_not_running');

    const cleared = await ok<RestoreJob>('POST', `${LH}/restore/jobs/${seg(quick!.jobUID)}/clear`);
    expect(cleared.ignored).toBe(true);
    const list = await ok<RestoreJob[]>('GET', `${LH}/nodes/1/restore/jobs`);
    expect(list.map((j) => j.jobUID)).not.toContain(quick!.jobUID);
    expect(list.map((j) => j.jobUID)).toContain(slow!.jobUID);
    expect(await job(quick!.jobUID)).toMatchObject({ ignored: true, status: 'COMPLETED' });

    await expectError(call('GET', `${LH}/restore/jobs/nope`), 404, 'not_found');
    await expectError(call('POST', `${LH}/restore/jobs/nope/cancel`), 404, 'not_found');
    await expectError(call('POST', `${LH}/restore/jobs/nope/clear`), 404, 'not_found');
    await expectError(call('GET', `${LH}/nodes/99999/restore/jobs`), 404, 'not_found');
  });

  it('restores image items (EXTRACT) and batches, to another device', async () => {
    const answer = await createJobs([
      folderSpec({ sourcePlanId: F.restore.image.plan.uid, sourcePlanName: 'System image', sourcePath: F.restore.image.folder, backupJobId: undefined, revisionId: F.restore.image.revisionId, restoreType: 'EXTRACT', batch: 'b-1' }),
      folderSpec({ sourcePlanId: F.restore.image.plan.id, sourcePlanName: 'System image', sourcePath: F.restore.image.file, backupJobId: undefined, revisionId: F.restore.image.revisionId, restoreType: 'EXTRACT', batch: 'b-1' }),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.jobs.map((j) => [j.type, j.file, j.sourcePlanId])).toEqual([
      ['BATCH', 'Documents', F.restore.image.plan.uid],
      ['BATCH', 'win.ini', F.restore.image.plan.id],
    ]);
    // Device 1's organization holds other lockhart devices? Then one of them is a valid target.
    const settings = await ok<{ nodeIds: number[] }>('GET', `${LH}/nodes/1/client-settings`);
    const other = settings.nodeIds.find((id) => id !== 1);
    if (other !== undefined) {
      const device = demo.world.device(other)!;
      const destinationPath = device.nodeClass.startsWith('MAC') ? '/Users/Shared' : 'D:\\Restored';
      const toOther = await createJobs([folderSpec({ nodeId: other, nodeName: device.displayName, destinationPath })]);
      expect(toOther.status, JSON.stringify(toOther.body)).toBe(200);
      expect((await ok<RestoreJob[]>('GET', `${LH}/nodes/${other}/restore/jobs`)).map((j) => j.jobUID)).toContain(toOther.body.jobs[0]!.jobUID);
    }
  });

  it('validates every specification (400 bad_request)', async () => {
    const bad: Array<[string, unknown]> = [
      ['not an array', folderSpec()],
      ['empty', []],
      ['too many', Array.from({ length: 501 }, () => folderSpec())],
      ['unknown field', [{ ...folderSpec(), extra: 1 }]],
      ['missing field', [{ ...folderSpec(), batch: undefined }]],
      ['collision handling', [folderSpec({ collisionHandling: 'REPLACE' as never })]],
      ['both ids', [folderSpec({ revisionId: F.restore.fileRevisionId })]],
      ['neither id', [folderSpec({ backupJobId: null })]],
      ['unknown source', [folderSpec({ sourcePath: 'D:\\Shares\\Nope' })]],
      ['unknown plan', [folderSpec({ sourcePlanId: 'no-such-plan' })]],
      ['unknown device', [folderSpec({ nodeId: 99999 })]],
      ['folder with a revision', [folderSpec({ backupJobId: null, revisionId: F.restore.fileRevisionId })]],
      ['revision of another file', [folderSpec({ sourcePath: F.restore.file.path, backupJobId: null, revisionId: F.downloads.smallRevisionId })]],
      ['running job', [folderSpec({ backupJobId: `${F.restore.plan.uid}_j20261120` })]],
      ['EXTRACT from a file plan', [folderSpec({ restoreType: 'EXTRACT' })]],
      ['relative destination', [folderSpec({ destinationPath: 'Restores' })]],
      ['original location on another device', [folderSpec({ originalLocation: true, nodeId: 2 })]],
      ['original location on an AUTOMATIC device', [folderSpec({ originalLocation: true, nodeId: 2, sourceNodeId: 2, sourcePlanId: F.device2.openPlan.uid, sourcePath: 'C:\\Users\\reception\\Documents', backupJobId: `${F.device2.openPlan.uid}_j20261118` })]],
      ['two batch ids', [folderSpec({ batch: 'a' }), folderSpec({ batch: 'b' })]],
    ];
    for (const [what, body] of bad) {
      const error = await expectError(createJobs(body), 400, 'bad_request');
      expect(error.message, what).not.toBe('');
    }
    await expectError(call('POST', `${LH}/restore/jobs`, { body: '{not json' }), 400, 'bad_request');
    // Original location on device 1 (MANUAL, online) is fine.
    const original = await createJobs([folderSpec({ originalLocation: true, destinationPath: '' })]);
    expect(original.status, JSON.stringify(original.body)).toBe(200);
  });
});

describe('demo restore API: client settings and directories', () => {
  it('answers client settings: MANUAL with itself for device 1, AUTOMATIC for device 2', async () => {
    const one = await ok<{ backupMode: string; nodeIds: number[] }>('GET', `${LH}/nodes/1/client-settings`);
    expect(one.backupMode).toBe('MANUAL');
    expect(one.nodeIds).toContain(1);
    for (const id of one.nodeIds) {
      const device = demo.world.device(id)!;
      expect(device.clientId).toBe(demo.world.device(1)!.clientId);
      expect(device.lockhartEnabled).toBe(true);
    }
    expect((await ok<{ backupMode: string }>('GET', `${LH}/nodes/${F.restore.automaticNodeId}/client-settings`)).backupMode).toBe('AUTOMATIC');
    expect((await ok<{ backupMode: string }>('GET', `${LH}/nodes/${F.restore.macNodeId}/client-settings`)).backupMode).toBe('MANUAL');
    await expectError(call('GET', `${LH}/nodes/99999/client-settings`), 404, 'not_found');
    await expectError(call('GET', `${LH}/nodes/x/client-settings`), 400, 'bad_request');
  });

  const dirs = (nodeId: number, query: Record<string, string | number>) => call<PagedAnswer<{ name: string; path: string; type: string }>>('GET', `${LH}/nodes/${nodeId}/directories`, { query });

  it('lists drives, children, case-insensitively on Windows', async () => {
    const root = await dirs(1, { path: '' });
    expect(root.body.results.map((e) => e.path)).toEqual(F.directories.drives);
    expect((await dirs(1, { path: '/' })).body).toEqual(root.body);
    expect((await dirs(1, {})).body).toEqual(root.body);
    const c = await dirs(1, { path: 'C:\\' });
    expect(c.body.results.map((e) => e.name)).toEqual(['Data', 'Locked', 'Program Files', 'ProgramData', 'Users', 'Windows']);
    const users = await dirs(1, { path: 'c:\\users' });
    expect(users.status).toBe(200);
    expect(users.body.results.map((e) => e.path)).toEqual(['C:\\Users\\alex', 'C:\\Users\\Public', 'C:\\Users\\robin']);
    const data = (await dirs(1, { path: F.directories.data })).body.results;
    const firstFile = data.findIndex((e) => e.type === 'FILE');
    expect(data.slice(firstFile).every((e) => e.type === 'FILE')).toBe(true);
    const mac = await dirs(F.directories.mac.nodeId, { path: '/' });
    expect(mac.body.results.map((e) => e.path)).toEqual(['/Applications', '/Library', '/System', '/Users']);
    await expectError(dirs(F.directories.mac.nodeId, { path: '/users' }), 404, 'not_found');
  });

  it('pages 1000 and 2500 children at the tree limit (1000 by default)', async () => {
    const thousand = await dirs(1, { path: F.directories.thousand });
    expect(thousand.body).toMatchObject({ totalElements: 1000, totalPages: 1 });
    expect(thousand.body.results).toHaveLength(1000);
    const pages = await Promise.all([0, 1, 2, 3].map((page) => dirs(1, { path: F.directories.exports, page })));
    expect(pages.map((p) => p.body.results.length)).toEqual([1000, 1000, 500, 0]);
    expect(pages[0]!.body).toMatchObject({ totalElements: 2500, totalPages: 3 });
    expect(new Set(pages.flatMap((p) => p.body.results.map((e) => e.path))).size).toBe(2500);
    const small = await dirs(1, { path: F.directories.exports, page: 4, size: 100 });
    expect(small.body.results[0]?.name).toBe('export-0401.csv');
    await expectError(dirs(1, { path: F.directories.exports, size: 1001 }), 400, 'bad_request');
    await expectError(dirs(1, { path: F.directories.exports, page: -1 }), 400, 'bad_request');
  });

  it('answers 503 offline, 403 locked, 404 unknown, 400 malformed', async () => {
    const offline = await expectError(dirs(F.directories.offlineNodeId, { path: '' }), 503, 'directory_listing_unavailable');
    expect(offline.message).toBe('Directory listing unavailable.');
    const locked = await expectError(dirs(1, { path: F.directories.locked }), 403, 'directory_listing_unavailable');
    expect(locked.message).toBe('Directory listing unavailable.');
    await expectError(dirs(1, { path: 'C:\\Nowhere' }), 404, 'not_found');
    await expectError(dirs(99999, { path: '' }), 404, 'not_found');
    await expectError(dirs(1, { path: 'Users' }), 400, 'bad_request');
  });

  it('creates folders: valid (then listed), invalid, existing, offline', async () => {
    const create = (nodeId: number, body: unknown) => call<{ created: boolean; path?: string; message?: string }>('POST', `${LH}/nodes/${nodeId}/directories`, { body });
    expect((await create(1, { path: F.directories.restores, name: 'From test' })).body).toEqual({ created: true, path: 'C:\\Data\\Restores\\From test' });
    expect((await dirs(1, { path: 'c:\\data\\restores' })).body.results.map((e) => e.name)).toContain('From test');
    expect((await create(1, { path: F.directories.restores, name: 'from TEST' })).body).toEqual({ created: false, message: 'A folder with this name already exists.' });
    for (const name of ['a:b', 'CON', 'x?', 'trailing.']) expect((await create(1, { path: F.directories.restores, name })).body, name).toEqual({ created: false, message: 'Invalid' });
    expect((await create(3, { path: F.directories.mac.home, name: '.secret' })).body).toEqual({ created: false, message: 'Invalid' });
    expect((await create(3, { path: F.directories.mac.home, name: 'CON' })).body).toMatchObject({ created: true, path: '/Users/design/CON' });
    const offline = await expectError(create(F.directories.offlineNodeId, { path: 'C:\\', name: 'x' }), 503, 'directory_listing_unavailable');
    expect(offline.message).toBe('Directory listing unavailable.');
    await expectError(create(1, { path: F.directories.locked, name: 'x' }), 403, 'directory_listing_unavailable');
    await expectError(create(1, { path: 'C:\\Nowhere', name: 'x' }), 404, 'not_found');
    await expectError(create(1, { path: F.directories.restores }), 400, 'bad_request');
    await expectError(create(1, ['x']), 400, 'bad_request');
  });
});

describe('demo restore API: mounting', () => {
  const mount = (nodeId: number, planUid: string, revisionId: string, as?: string) =>
    call('POST', `${LH}/image/nodes/${nodeId}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/mount`, { as });

  it('mounts a cloud revision, refuses one not in the cloud (409), and without permission or feature (403)', async () => {
    const mounted = await mount(F.mount.nodeId, F.mount.plan.uid, F.mount.revisionId);
    expect(mounted.status).toBe(200);
    expect(mounted.body).toEqual({ status: 'MOUNTED', revisionId: F.mount.revisionId, mountedAt: expect.any(String) });
    const { nodeId, planUid, revisionId } = F.mount.notInCloud;
    await expectError(mount(nodeId, planUid, revisionId), 409, 'not_in_cloud');
    await expectError(mount(F.mount.nodeId, F.mount.plan.uid, F.mount.revisionId, limitedToken), 403, 'forbidden');
    await expectError(mount(F.mount.nodeId, F.mount.plan.uid, `${F.imageVolume.fileId}_r999`), 404, 'not_found');
    await expectError(mount(F.mount.nodeId, F.filePlan.uid, F.mount.revisionId), 400, 'bad_request');

    const admin = { 'x-demo-admin': demo.config.adminKey, 'content-type': 'application/json' };
    await fetch(`${demo.url}/__demo/config`, { method: 'PATCH', headers: admin, body: JSON.stringify({ features: { cloud_image_mounting: false } }) });
    try {
      await expectError(mount(F.mount.nodeId, F.mount.plan.uid, F.mount.revisionId), 403, 'forbidden');
    } finally {
      await fetch(`${demo.url}/__demo/config`, { method: 'PATCH', headers: admin, body: JSON.stringify({ features: { cloud_image_mounting: true } }) });
    }
  });
});

describe('demo restore API: deletion with a second factor', () => {
  const planPath = `${LH}/nodes/1/plans/${seg(F.deletion.plan.uid)}`;
  const content = (folderId: string) => ok<PagedAnswer<FolderContentItem>>('GET', `${LH}/v2/nodes/1/plans/${seg(F.deletion.plan.uid)}/folders/${folderId}/content`);

  it('asks for the code, refuses a wrong one, then deletes files and folders everywhere', async () => {
    const shares = (await ok<Array<{ id: string; path: string }>>('GET', `${planPath}/folders`)).find((f) => f.path === 'D:\\Shares')!;
    const body = { fileIds: [F.deletion.file.id], folderIds: [F.deletion.folder.id], planName: F.deletion.plan.name };
    const remove = (headers: Record<string, string> = {}, as?: string) => call('POST', `${planPath}/delete-revisions`, { body, headers, as });

    await expectError(remove({}, limitedToken), 403, 'forbidden');
    const required = await expectError(remove(), 403, 'mfa_required');
    expect(required.message).toBe('Enter the code from your authenticator app to confirm the deletion.');
    const invalid = await expectError(remove({ 'x-mfa-code': '000000' }), 403, 'mfa_invalid');
    expect(invalid.message).toBe('The code is not valid.');
    expect((await content(shares.id)).results.map((i) => i.name)).toEqual(['HR', 'Marketing', 'shared-calendar.ics']);

    const done = await remove({ 'x-mfa-code': F.deletion.mfaCode });
    expect(done).toEqual({ status: 200, body: { resultCode: 'SUCCESS', scheduledAt: expect.any(String) } });
    expect((await content(shares.id)).results.map((i) => i.name)).toEqual(['Marketing']);
    const search = await ok<PagedAnswer<FolderContentItem>>('GET', `${planPath}/search`, { query: { searchTerm: 'shared-calendar' } });
    expect(search.totalElements).toBe(0);
    expect((await ok<PagedAnswer<FolderContentItem>>('GET', `${planPath}/search`, { query: { searchTerm: 'Handbook' } })).totalElements).toBe(0);
    await expectError(call('GET', `${LH}/v2/nodes/1/plans/${seg(F.deletion.plan.uid)}/files/${F.deletion.file.id}/revisions`), 404, 'not_found');
    await expectError(call('GET', `${LH}/v2/nodes/1/plans/${seg(F.deletion.plan.uid)}/folders/${F.deletion.folder.id}/content`), 404, 'not_found');
    // Deleted once: unknown now.
    await expectError(remove({ 'x-mfa-code': F.deletion.mfaCode }), 404, 'not_found');
    // Bad input is refused before the code is asked for.
    await expectError(call('POST', `${planPath}/delete-revisions`, { body: { fileIds: [], folderIds: [], planName: 'x' } }), 400, 'bad_request');
    await expectError(call('POST', `${planPath}/delete-revisions`, { body: { fileIds: [F.folders.empty.id], folderIds: [], planName: 'x' } }), 400, 'bad_request');
  });

  it('deletes whole plans with the code', async () => {
    const path = `${LH}/nodes/1/delete-plan-revisions`;
    const query = { planName: F.deletion.wholePlan.name };
    const body = [F.deletion.wholePlan.uid];
    await expectError(call('POST', path, { body, query }), 403, 'mfa_required');
    await expectError(call('POST', path, { body, query, headers: { 'x-mfa-code': '12345' } }), 403, 'mfa_invalid');
    await expectError(call('POST', path, { body: ['no-such-plan'], query, headers: { 'x-mfa-code': F.deletion.mfaCode } }), 404, 'not_found');
    await expectError(call('POST', path, { body, headers: { 'x-mfa-code': F.deletion.mfaCode } }), 400, 'bad_request');
    await expectError(call('POST', path, { body: { uids: body }, query }), 400, 'bad_request');
    expect((await call('POST', path, { body, query, headers: { 'x-mfa-code': F.deletion.mfaCode } })).body).toEqual({ resultCode: 'SUCCESS', scheduledAt: expect.any(String) });
    const plans = await ok<Array<{ uid: string }>>('GET', `${LH}/nodes/1/plans`);
    expect(plans.map((p) => p.uid)).not.toContain(F.deletion.wholePlan.uid);
    expect(plans.map((p) => p.uid)).toContain(F.filePlan.uid);
    await expectError(call('GET', `${LH}/nodes/1/plans/${seg(F.deletion.wholePlan.uid)}/volumes`), 404, 'not_found');
  });
});

describe('demo restore API: received specifications', () => {
  it('/__demo/state lists the specifications of the latest jobs as received', async () => {
    const admin = { 'x-demo-admin': demo.config.adminKey };
    const sent = folderSpec({ collisionHandling: 'SKIP', restoreDeletedFiles: true, destinationPath: 'C:\\Data\\Restores\\seen' });
    expect((await createJobs([sent])).status).toBe(200);
    const state = (await (await fetch(`${demo.url}/__demo/state`, { headers: admin })).json()) as { restoreSpecs: RestoreJobSpec[] };
    expect(state.restoreSpecs.at(-1)).toEqual(sent);
  });
});

describe('demo restore API: admin', () => {
  it('shows restore job counts and sets restoreJobSeconds and mfaCode', async () => {
    const admin = { 'x-demo-admin': demo.config.adminKey, 'content-type': 'application/json' };
    const state = (await (await fetch(`${demo.url}/__demo/state`, { headers: admin })).json()) as { restoreJobs: Record<string, number>; restoreJobSeconds: number };
    expect(state.restoreJobSeconds).toBe(1);
    expect(state.restoreJobs.total).toBeGreaterThan(0);
    expect(Object.keys(state.restoreJobs).sort()).toEqual(['CANCELED', 'COMPLETED', 'FAILED', 'PROCESSING', 'ignored', 'total']);
    const patch = await fetch(`${demo.url}/__demo/config`, { method: 'PATCH', headers: admin, body: JSON.stringify({ restoreJobSeconds: 2.5, mfaCode: '654321' }) });
    expect(patch.status).toBe(200);
    expect(demo.config.sizes.restoreJobSeconds).toBe(2.5);
    expect(demo.config.mfaCode).toBe('654321');
    const bad = await fetch(`${demo.url}/__demo/config`, { method: 'PATCH', headers: admin, body: JSON.stringify({ mfaCode: 'abc' }) });
    expect(bad.status).toBe(400);
    await fetch(`${demo.url}/__demo/config`, { method: 'PATCH', headers: admin, body: JSON.stringify({ restoreJobSeconds: 1, mfaCode: '123456' }) });
  });
});
