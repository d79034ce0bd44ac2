/**
 * The restore area's main-process services against the demo server over real
 * HTTP: job creation and its §8 messages, jobs that progress, cancel and
 * clear, client settings, the device folder tree and New Folder, mounting,
 * deletion with a second factor (and the cache marking what is gone), and
 * bounded previews.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingPage } from '../../src/shared/model/backup/browser';
import type { ClientSettings, DeletionResult, DirectoryPage, FilePreview, RestoreJob, RestoreJobList, RestoreJobSpec } from '../../src/shared/model/restore';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { IDS_PER_REQUEST } from '../../src/main/services/devices/id-chunked-query';
import { PREVIEW_TEXT_BYTES } from '../../src/main/services/restore/restore-service';
import type { Device, Page } from '../../src/shared/model/devices';
import { allowedTargetClasses } from '../../src/shared/rules/restore';
import { marketingRestoreSpec } from '../helpers/demo-data';
import { createTestServices, type TestServices } from '../helpers/services';

const F = DEMO_FIXTURES;
const R = F.restore;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function demo(): Promise<DemoServer> {
  const server = await startDemoServer({ sizes: { bigFolderItems: 1000, restoreJobSeconds: 1, largestFileBytes: 24 * 1024 * 1024 } });
  cleanups.push(() => server.close());
  return server;
}

async function signedIn(server: DemoServer, client = { id: 'demo-console', secret: 'demo-console-secret' }): Promise<TestServices> {
  const services = await createTestServices({ demo: server, keytar: null });
  cleanups.push(() => services.dispose());
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: client.id, clientSecret: client.secret, remember: false });
  return services;
}

function folderSpec(overrides: Partial<RestoreJobSpec> = {}): RestoreJobSpec {
  return marketingRestoreSpec(overrides);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('restore jobs', () => {
  it('creates a batch whose jobs progress to completed, listed for the device', async () => {
    const services = await signedIn(await demo());
    const fileSpec = folderSpec({ sourcePath: R.file.path, backupJobId: undefined, revisionId: R.fileRevisionId });
    const jobs = await services.call<RestoreJob[]>('restore.create', { specs: [folderSpec(), fileSpec] });
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.status).toBe('PROCESSING');
    const done = await until(
      () => services.call<RestoreJob>('restore.job', { jobUID: jobs[0]!.jobUID }),
      (job) => job.status !== 'PROCESSING',
    );
    expect(['COMPLETED', 'FAILED']).toContain(done.status);
    const listed = await services.call<RestoreJobList>('restore.jobs', { nodeId: R.nodeId });
    expect(listed.jobs.map((j) => j.jobUID)).toEqual(expect.arrayContaining(jobs.map((j) => j.jobUID)));
    expect(listed.skipped).toBe(0);
  });

  it("says 'Error creating restore job' when the resultCode is not SUCCESS", async () => {
    const services = await signedIn(await demo());
    await expect(services.call('restore.create', { specs: [folderSpec({ destinationPath: 'C:\\FAIL-RESULT' })] })).rejects.toThrow(/^Error creating restore job$/);
  });

  it("says 'Error creating/updating jobs' when the request fails", async () => {
    const services = await signedIn(await demo());
    // The server refuses a path that is not in the backup (400).
    await expect(services.call('restore.create', { specs: [folderSpec({ sourcePath: 'D:\\Nope' })] })).rejects.toThrow(/^Error creating\/updating jobs$/);
  });

  it('refuses a specification without a revision or date, or without a destination, before calling the server', async () => {
    const services = await signedIn(await demo());
    await expect(services.call('restore.create', { specs: [folderSpec({ backupJobId: undefined })] })).rejects.toThrow(/either a revision or a backup date/);
    await expect(services.call('restore.create', { specs: [folderSpec({ destinationPath: '' })] })).rejects.toThrow(/Choose where to restore to/);
  });

  it('cancels a running job and clears a finished one from the device list', async () => {
    const services = await signedIn(await demo());
    const [job] = await services.call<RestoreJob[]>('restore.create', { specs: [folderSpec({ destinationPath: 'C:\\Data\\SLOW-JOB' })] });
    await services.call('restore.cancel', { jobUID: job!.jobUID });
    const canceled = await services.call<RestoreJob>('restore.job', { jobUID: job!.jobUID });
    expect(canceled.status).toBe('CANCELED');
    await expect(services.call('restore.cancel', { jobUID: job!.jobUID })).rejects.toThrow(/already finished/);
    await services.call('restore.clear', { jobUID: job!.jobUID });
    const listed = await services.call<RestoreJobList>('restore.jobs', { nodeId: R.nodeId });
    expect(listed.jobs.map((j) => j.jobUID)).not.toContain(job!.jobUID);
  });

  it('a job names its target device, and a failed one says why', async () => {
    const services = await signedIn(await demo());
    const [job] = await services.call<RestoreJob[]>('restore.create', { specs: [folderSpec({ destinationPath: 'C:\\Data\\FAIL-JOB' })] });
    expect(job!.nodeName).toBe('File Server (NT-SRV-001)');
    const failed = await until(
      () => services.call<RestoreJob>('restore.job', { jobUID: job!.jobUID }),
      (current) => current.status !== 'PROCESSING',
    );
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'Access to the destination folder was denied.' });
  });

  it('reads client settings: MANUAL with the device among nodeIds on device 1, AUTOMATIC on device 2', async () => {
    const services = await signedIn(await demo());
    const manual = await services.call<ClientSettings>('restore.clientSettings', { nodeId: 1 });
    expect(manual.backupMode).toBe('MANUAL');
    expect(manual.nodeIds).toContain(1);
    expect((await services.call<ClientSettings>('restore.clientSettings', { nodeId: 2 })).backupMode).toBe('AUTOMATIC');
  });
});

describe('restore targets', () => {
  const classes = allowedTargetClasses({ macff: true });
  const filters = { online: true, lockhartEnabled: true, nodeClass: classes };
  const eligible = (server: DemoServer, nodeIds: number[]) =>
    server.world
      .devices()
      .filter((d) => nodeIds.includes(d.id) && d.isUp && d.lockhartEnabled && (classes as string[]).includes(d.nodeClass))
      .map((d) => d.id);

  it('page 0 holds the eligible targets even when the first 50 devices are of other organizations', async () => {
    // Devices in organization blocks: the last organization's devices come after page 0 of the device list.
    const server = await startDemoServer({ organizationLayout: 'blocks', sizes: { bigFolderItems: 1000 } });
    cleanups.push(() => server.close());
    const services = await signedIn(server);
    const source = [...server.world.devices()].reverse().find((d) => d.isUp && d.lockhartEnabled)!;
    const { nodeIds } = await services.call<ClientSettings>('restore.clientSettings', { nodeId: source.id });

    const unfiltered = await services.call<Page<Device>>('devices.query', { page: 0, ...filters });
    expect(unfiltered.results.filter((d) => nodeIds.includes(d.id))).toEqual([]);

    const page = await services.call<Page<Device>>('devices.query', { page: 0, nodeIds, ...filters });
    expect(page.results.map((d) => d.id)).toEqual(eligible(server, nodeIds));
    expect(page.results.length).toBeGreaterThan(1);
    expect(page.totalElements).toBe(page.results.length);
  });

  it('a long list of targets is asked for in chunks and paged end to end, 50 a page', async () => {
    const server = await startDemoServer({ sizes: { devices: 600, organizations: 1, bigFolderItems: 1000 } });
    cleanups.push(() => server.close());
    const services = await signedIn(server);
    const { nodeIds } = await services.call<ClientSettings>('restore.clientSettings', { nodeId: 1 });
    expect(nodeIds.length).toBeGreaterThan(2 * IDS_PER_REQUEST);
    const expected = eligible(server, nodeIds);
    const seen: number[] = [];
    for (let page = 0; ; page++) {
      const answer = await services.call<Page<Device>>('devices.query', { page, nodeIds, ...filters });
      expect(answer.totalElements).toBe(expected.length);
      expect(answer.results.length).toBeLessThanOrEqual(50);
      seen.push(...answer.results.map((d) => d.id));
      if (page + 1 >= answer.totalPages) break;
    }
    expect(seen).toEqual(expected);
  });
});

describe('the device folder tree', () => {
  it('lists drives, folders case-insensitively on Windows, pages of 1000, and says when a listing is unavailable', async () => {
    const services = await signedIn(await demo());
    const D = F.directories;
    const root = await services.call<DirectoryPage>('restore.listDirectory', { nodeId: 1, path: '', page: 0 });
    expect(root.results.map((e) => e.path)).toEqual(D.drives);
    const data = await services.call<DirectoryPage>('restore.listDirectory', { nodeId: 1, path: D.data.toLowerCase(), page: 0 });
    expect(data.results.length).toBeGreaterThan(0);
    const exportsFirst = await services.call<DirectoryPage>('restore.listDirectory', { nodeId: 1, path: D.exports, page: 0 });
    expect(exportsFirst.results).toHaveLength(1000);
    expect(exportsFirst.totalElements).toBe(2500);
    const exportsLast = await services.call<DirectoryPage>('restore.listDirectory', { nodeId: 1, path: D.exports, page: 2 });
    expect(exportsLast.results).toHaveLength(500);
    await expect(services.call('restore.listDirectory', { nodeId: 1, path: D.locked, page: 0 })).rejects.toThrow(/^Directory listing unavailable\.$/);
    await expect(services.call('restore.listDirectory', { nodeId: D.offlineNodeId, path: '', page: 0 })).rejects.toThrow(/^Directory listing unavailable\.$/);
  });

  it('creates a folder, and reports an invalid or existing name', async () => {
    const services = await signedIn(await demo());
    const parent = F.directories.restores;
    const created = await services.call<{ created: boolean; path?: string }>('restore.createFolder', { nodeId: 1, path: parent, name: 'From backup' });
    expect(created).toEqual({ created: true, path: `${parent}\\From backup` });
    const listed = await services.call<DirectoryPage>('restore.listDirectory', { nodeId: 1, path: parent, page: 0 });
    expect(listed.results.map((e) => e.name)).toContain('From backup');
    expect(await services.call('restore.createFolder', { nodeId: 1, path: parent, name: 'a:b' })).toEqual({ created: false, message: 'Invalid' });
    expect(await services.call('restore.createFolder', { nodeId: 1, path: parent, name: 'from backup' })).toEqual({
      created: false,
      message: 'A folder with this name already exists.',
    });
  });
});

describe('mounting, deletion and previews', () => {
  it('mounts an image revision in the cloud; refuses one that is not, and a technician without the permission', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const M = F.mount;
    expect(await services.call('backup.mount', { nodeId: M.nodeId, planUid: M.plan.uid, revisionId: M.revisionId })).toEqual({ mounted: true });
    await expect(services.call('backup.mount', { nodeId: M.notInCloud.nodeId, planUid: M.notInCloud.planUid, revisionId: M.notInCloud.revisionId })).rejects.toThrow(
      /not in the cloud/,
    );
    const limited = await signedIn(server, { id: 'demo-limited', secret: 'demo-limited-secret' });
    await expect(limited.call('backup.mount', { nodeId: M.nodeId, planUid: M.plan.uid, revisionId: M.revisionId })).rejects.toThrow(/permission|not allowed|forbidden/i);
  });

  it('asks for the second factor, reports a wrong code, then schedules the deletion; the file is gone and the cache marks it', async () => {
    const services = await signedIn(await demo());
    const D = F.deletion;
    // Cache the listing that holds the file (D:\Shares) by browsing it.
    const sharesFolder = (await services.call<ListingPage>('backup.listPage', { location: { level: 'folders', nodeId: 1, planUid: D.plan.uid, volumeId: F.volumeD.id }, page: 0 })).rows.find(
      (row) => row.kind === 'folder' && row.folder.name === 'Shares',
    );
    expect(sharesFolder).toBeDefined();
    const location = { level: 'files' as const, nodeId: 1, planUid: D.plan.uid, folderId: sharesFolder!.kind === 'folder' ? sharesFolder!.folder.id : '' };
    const before = await services.call<ListingPage>('backup.listPage', { location, page: 0 });
    expect(before.rows.some((row) => row.kind === 'item' && row.item.id === D.file.id)).toBe(true);

    const target = { kind: 'items', nodeId: 1, planUid: D.plan.uid, planName: D.plan.name, fileIds: [D.file.id], folderIds: [] };
    expect(await services.call<DeletionResult>('backup.delete', { target })).toMatchObject({ status: 'second-factor', invalid: false });
    expect(await services.call<DeletionResult>('backup.delete', { target, mfaCode: '000000' })).toMatchObject({ status: 'second-factor', invalid: true });
    expect(await services.call<DeletionResult>('backup.delete', { target, mfaCode: D.mfaCode })).toEqual({ status: 'scheduled' });

    // The cached row is marked deleted at once; offline search no longer finds it.
    const cached = services.cache.readPage(before.key, 0)!;
    const marked = cached.rows.find((row) => row.kind === 'item' && row.item.id === D.file.id);
    expect(marked && marked.kind === 'item' && marked.item.deleted && marked.item.status).toBe('DELETED');
    // The server no longer lists it.
    const fresh = await services.call<ListingPage>('backup.search', { nodeId: 1, planUid: D.plan.uid, term: 'shared-calendar', page: 0 });
    expect(fresh.rows).toEqual([]);
  });

  it("says 'Error deleting plan files' when the deletion itself fails", async () => {
    const services = await signedIn(await demo());
    const target = { kind: 'items', nodeId: 1, planUid: F.deletion.plan.uid, planName: 'x', fileIds: ['no-such-file'], folderIds: [] };
    await expect(services.call('backup.delete', { target, mfaCode: F.deletion.mfaCode })).rejects.toThrow(/^Error deleting plan files$/);
  });

  it('previews text from a bounded range and images whole; other files are not previewed', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const sentBefore = server.stats.downloadBytesSent;
    const odd = F.oddNames;
    const report = odd.files.find((file) => file.name === 'report.txt')!;
    const text = await services.call<FilePreview>('backup.preview', { nodeId: odd.nodeId, planUid: odd.plan.uid, revisionId: report.revisionId, name: 'report.txt', size: 6 * 1024 });
    expect(text.kind).toBe('text');
    expect(text.kind === 'text' && text.text.length).toBeGreaterThan(0);
    expect(server.stats.downloadBytesSent - sentBefore).toBeLessThanOrEqual(PREVIEW_TEXT_BYTES);
    const vm = (await services.call<{ results: Array<{ id: string; size: number }> }>('backup.downloadRevisions', { nodeId: 1, planUid: F.filePlan.uid, fileId: F.files.vmDisk.id, page: 0 })).results[0]!;
    const other = await services.call<FilePreview>('backup.preview', { nodeId: 1, planUid: F.filePlan.uid, revisionId: vm.id, name: 'vm-disk.vhdx', size: vm.size });
    expect(other.kind).toBe('unsupported');
    // A large file shown as text is read only up to the bound, never whole (24 MiB here).
    const beforeBig = server.stats.downloadBytesSent;
    const bounded = await services.call<FilePreview>('backup.preview', { nodeId: 1, planUid: F.filePlan.uid, revisionId: vm.id, name: 'huge.log', size: vm.size });
    expect(bounded).toMatchObject({ kind: 'text', truncated: true });
    expect(server.stats.downloadBytesSent - beforeBig).toBeLessThanOrEqual(PREVIEW_TEXT_BYTES);
  });
});
