/**
 * The download manager against the demo server over real HTTP, writing real
 * files: checksums, resume after a drop (counting the bytes re-sent), resume
 * after a restart, token expiry mid-download, a changed file, cancel, hostile
 * names, a full disk, and folder zips that pass `unzip -t`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadRequest } from '../../src/shared/model/downloads';
import { BackupWorld, DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { expectedSha256, revisionContentKey } from '../../src/demo-server/data/backup/content';
import { DownloadManager } from '../../src/main/services/downloads/download-manager';
import { DownloadStore } from '../../src/main/services/downloads/download-store';
import type { PartFileSystem } from '../../src/main/services/platform/files/part-file';
import { EventBus } from '../../src/main/services/platform/events';
import { cleanups, demo, downloadedFiles, listAccounting, MIB, sha256Of, signedIn, start, throttledVmDisk, vmDiskRequest, vmDiskRevision, waitFor, waitForItem } from '../helpers/downloads';
import { createTestServices, tempDir } from '../helpers/services';

const F = DEMO_FIXTURES;

describe('downloads', () => {
  it('streams a file revision to disk, renames it only when complete, and verifies its checksum', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const { revision, expected } = vmDiskRevision(server);
    const progress: number[] = [];
    services.events.subscribe((event, payload) => {
      if (event === 'downloads.changed' && (payload as DownloadItem).state === 'downloading') progress.push((payload as DownloadItem).receivedBytes);
    });
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    expect(started).toHaveLength(1);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    expect(done.verified).toBe('checksum');
    const target = join(folder, 'vm-disk.vhdx');
    expect(statSync(target).size).toBe(revision.size);
    expect(await sha256Of(target)).toBe(expected);
    expect(existsSync(`${target}.part`)).toBe(false);
    // The folder is remembered for the device.
    expect(await services.call('downloads.defaultFolder', { nodeId: F.nodeId })).toEqual({ folder, remembered: true });
    // Progress was reported along the way, throttled (a 24 MiB file on loopback is far fewer than 1 event per 64 KiB chunk).
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThan(revision.size / (64 * 1024));
  });

  it('resumes after a dropped connection and re-transfers only the rest', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const { revision, expected } = vmDiskRevision(server);
    const half = Math.floor(revision.size / 2);
    Object.assign(server.config.faults, { dropAfterBytes: half, dropPathPattern: '/revisions/.+/data$', dropTimes: 1 });
    const sentBefore = server.stats.downloadBytesSent;
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    expect(server.stats.droppedConnections).toBe(1);
    const resent = server.stats.downloadBytesSent - sentBefore - revision.size;
    expect(resent).toBeGreaterThanOrEqual(0);
    expect(resent).toBeLessThan(MIB);
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('continues after the access token expires mid-download (renewed, then resumed)', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const { revision, expected } = vmDiskRevision(server);
    // Slow enough that the token (max age 1 s) is refused when the dropped download comes back.
    await services.call('settings.update', { downloadLimitKBps: 12 * 1024 });
    Object.assign(server.config.faults, { dropAfterBytes: Math.floor(revision.size * 0.6), dropPathPattern: '/revisions/.+/data$', dropTimes: 1, tokenMaxAgeSeconds: 1 });
    const unauthorizedBefore = server.stats.unauthorized;
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed'], 60_000);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('completed');
    expect(server.stats.unauthorized).toBeGreaterThan(unauthorizedBefore);
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('resumes after the service stops and a new one starts, from the .part on disk', async () => {
    const server = await demo();
    const dataDir = tempDir('rmm-data-');
    const first = await signedIn(server, dataDir);
    const { folder, id, revision, expected } = await throttledVmDisk(first, server, 3 * MIB);
    await first.dispose();
    const partSize = statSync(join(folder, 'vm-disk.vhdx.part')).size;
    expect(partSize).toBeGreaterThan(3 * MIB);
    expect(partSize).toBeLessThan(revision.size);

    const sentBefore = server.stats.downloadBytesSent;
    const second = await signedIn(server, dataDir);
    await second.call('settings.update', { downloadLimitKBps: 0 });
    const listed = await second.call<DownloadItem[]>('downloads.list');
    expect(listed.map((d) => d.id)).toContain(id);
    const done = await waitFor(second, id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    // Only the rest came over the wire the second time.
    expect(server.stats.downloadBytesSent - sentBefore).toBeLessThan(revision.size - partSize + MIB);
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('restarts cleanly when the file changed on the server while paused', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const { folder, id, revision } = await throttledVmDisk(services, server, 2 * MIB);
    await services.call('downloads.pause', { id });
    const paused = await waitFor(services, id, ['paused']);
    expect(paused.receivedBytes).toBeGreaterThan(0);
    expect(existsSync(join(folder, 'vm-disk.vhdx.part'))).toBe(true);

    server.config.contentVersion = 1;
    await services.call('settings.update', { downloadLimitKBps: 0 });
    await services.call('downloads.resume', { id });
    const done = await waitFor(services, id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    const changed = expectedSha256(revisionContentKey(server.config, F.nodeId, F.filePlan.uid, revision.id), revision.size);
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(changed);
  });

  it('cancel stops the download and removes its .part', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const { revision } = vmDiskRevision(server);
    await services.call('settings.update', { downloadLimitKBps: 2 * 1024 });
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    const id = started[0]!.id;
    await waitForItem(services, id, (item) => item.receivedBytes > 0);
    expect(existsSync(join(folder, 'vm-disk.vhdx.part'))).toBe(true);
    const canceled = await services.call<DownloadItem>('downloads.cancel', { id });
    expect(canceled.state).toBe('canceled');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('asks about existing targets, then keeps both, overwrites or skips', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const small: DownloadRequest = { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name: 'Accounting 2026.xlsx' };
    writeFileSync(join(folder, 'Accounting 2026.xlsx'), 'mine');
    await listAccounting(services);
    const asked = await start(services, folder, [small]);
    expect(asked.started).toEqual([]);
    expect(asked.conflicts).toEqual([{ index: 0, fileName: 'Accounting 2026.xlsx' }]);

    const kept = await start(services, folder, [small], { applyToAll: 'keepBoth' });
    expect(kept.started[0]!.fileName).toBe('Accounting 2026 (1).xlsx');
    await waitFor(services, kept.started[0]!.id, ['completed']);

    const skipped = await start(services, folder, [small], { policies: { '0': 'skip' } });
    expect(skipped).toEqual({ started: [], skipped: ['Accounting 2026.xlsx'], conflicts: [] });

    const overwritten = await start(services, folder, [small], { applyToAll: 'overwrite' });
    await waitFor(services, overwritten.started[0]!.id, ['completed']);
    expect(statSync(join(folder, 'Accounting 2026.xlsx')).size).toBeGreaterThan(4);
    expect(downloadedFiles(folder).sort()).toEqual(['Accounting 2026 (1).xlsx', 'Accounting 2026.xlsx']);
  });

  it('lands hostile names inside the chosen folder, sanitized, and keeps names that differ only in case apart', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const parent = tempDir('rmm-dl-');
    const folder = join(parent, 'target');
    const odd = F.oddNames;
    const items: DownloadRequest[] = odd.files.map((file) => ({ kind: 'revision', nodeId: odd.nodeId, planUid: odd.plan.uid, revisionId: file.revisionId, name: file.name }));
    const { started, conflicts } = await start(services, folder, items);
    expect(conflicts).toEqual([]);
    for (const item of started) expect((await waitFor(services, item.id, ['completed', 'failed'])).state).toBe('completed');
    // Nothing outside the target folder; everything directly inside it.
    expect(readdirSync(parent)).toEqual(['target']);
    const names = downloadedFiles(folder);
    expect(names).toHaveLength(odd.files.length);
    for (const name of names) {
      expect(name).not.toMatch(/[<>:"/\\|?*]/);
      expect(name).not.toMatch(/[. ]$/);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)).toBe(false);
    }
    const lower = names.map((n) => n.toLowerCase());
    expect(new Set(lower).size).toBe(names.length);
    expect(names).toContain('x');
    expect(names).toContain('passwd');
  });

  it('refuses clearly before starting when the file is larger than the free space', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const mount = tryTmpfs(1);
    if (!mount) return; // No tmpfs here (not root): the injected-failure test below covers the disk.
    const { revision } = vmDiskRevision(server);
    const { started } = await start(services, mount, [vmDiskRequest(revision.id)]);
    const failed = await waitFor(services, started[0]!.id, ['failed']);
    expect(failed.error?.code).toBe('DISK_FULL');
    expect(failed.error?.message).toMatch(/Not enough free space in .+: vm-disk\.vhdx needs .+ and .+ is free\./);
  });

  it('a disk that fills mid-way leaves a resumable .part and a clear error; Retry finishes it', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const mount = tryTmpfs(32);
    if (!mount) return;
    const { revision, expected } = vmDiskRevision(server);
    await services.call('settings.update', { downloadLimitKBps: 6 * 1024 });
    const { started } = await start(services, mount, [vmDiskRequest(revision.id)]);
    const id = started[0]!.id;
    await waitForItem(services, id, (item) => item.receivedBytes > MIB);
    // Something else fills the disk while the download runs.
    writeFileSync(join(mount, 'filler.bin'), Buffer.alloc(30 * MIB - statSync(join(mount, 'vm-disk.vhdx.part')).size - 2 * MIB));
    const failed = await waitFor(services, id, ['failed']);
    expect(failed.error?.code).toBe('DISK_FULL');
    expect(failed.error?.message).toMatch(/is full\. .+ are kept; free some space, then press Retry to resume\./);
    const partSize = statSync(join(mount, 'vm-disk.vhdx.part')).size;
    expect(partSize).toBeGreaterThan(MIB);
    expect(failed.receivedBytes).toBe(partSize);

    execFileSync('rm', [join(mount, 'filler.bin')]);
    await services.call('settings.update', { downloadLimitKBps: 0 });
    const sentBefore = server.stats.downloadBytesSent;
    await services.call('downloads.retry', { id });
    const done = await waitFor(services, id, ['completed', 'failed']);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('completed');
    expect(server.stats.downloadBytesSent - sentBefore).toBeLessThan(revision.size - partSize + MIB);
    expect(await sha256Of(join(mount, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('a write error (disk full, injected) keeps the .part with exactly the bytes written, and the download resumes', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const { revision, expected } = vmDiskRevision(server);
    let allowed = 5 * MIB;
    const failingFs: PartFileSystem = {
      async open(path, flags) {
        const { promises } = await import('node:fs');
        const handle = await promises.open(path, flags);
        const writev = handle.writev.bind(handle) as (buffers: Buffer[], position: number) => Promise<{ bytesWritten: number; buffers: Buffer[] }>;
        Object.assign(handle, {
          // Like a disk filling up: a short write, then ENOSPC.
          writev: async (buffers: Buffer[], position: number) => {
            if (allowed <= 0) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
            const all = Buffer.concat(buffers);
            const take = Math.min(all.length, allowed);
            allowed -= take;
            return writev([all.subarray(0, take)], position);
          },
        });
        return handle;
      },
    };
    const store = new DownloadStore(join(tempDir('rmm-store-'), 'downloads.sqlite'));
    const events = new EventBus();
    const manager = new DownloadManager({
      store,
      api: () => services.session.api(),
      scope: () => services.session.identityScope(),
      events,
      settings: () => ({ parallelDownloads: 3, downloadLimitKBps: 0 }),
      fs: failingFs,
      retryDelaysMs: [50],
    });
    cleanups.push(async () => {
      await manager.dispose();
      store.close();
    });
    const finished = new Promise<DownloadItem>((resolve) => events.subscribe((event, payload) => event === 'downloads.finished' && resolve(payload as DownloadItem)));
    const { started } = manager.start({ nodeId: F.nodeId, folder, items: [vmDiskRequest(revision.id)] });
    const failed = await finished;
    expect(failed.state).toBe('failed');
    expect(failed.error?.code).toBe('DISK_FULL');
    expect(statSync(join(folder, 'vm-disk.vhdx.part')).size).toBe(5 * MIB);
    expect(store.get(started[0]!.id)?.receivedBytes).toBe(5 * MIB);

    allowed = Number.POSITIVE_INFINITY;
    const completed = new Promise<DownloadItem>((resolve) => events.subscribe((event, payload) => event === 'downloads.finished' && resolve(payload as DownloadItem)));
    manager.retry(started[0]!.id);
    expect((await completed).state).toBe('completed');
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
  });

  it('downloads a folder as a zip that passes unzip -t', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const odd = F.oddNames;
    const request: DownloadRequest = {
      kind: 'folder',
      nodeId: odd.nodeId,
      planUid: odd.plan.uid,
      folderId: odd.handoff.folder.id,
      jobId: odd.cloudJobId,
      restoreDeleted: true,
      name: 'Handoff',
    };
    const { started } = await start(services, folder, [request]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    const zip = join(folder, 'Handoff.zip');
    const test = spawnSync('unzip', ['-t', zip], { encoding: 'utf8' });
    expect(test.status).toBe(0);
    expect(test.stdout).toMatch(/No errors detected/);
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' });
    expect(listing).toMatch(/brief\.txt/);
    expect(listing).toMatch(/superseded\.txt/);
  });

  it('says browser download is not available for a file the server cannot read', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const file = BackupWorld.of(server.world).file(F.nodeId, F.filePlan.uid, F.files.unreadable.id)!;
    const revision = file.revisions.find((r) => r.onS3)!;
    const { started } = await start(services, folder, [{ kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: revision.id, name: 'unreadable.dat' }]);
    const failed = await waitFor(services, started[0]!.id, ['failed']);
    expect(failed.error?.message).toBe('Browser download is not available for the selected file(s). To recover the file(s), please use the restore option.');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('with a system folder picker, downloads go only to a folder the technician chose', async () => {
    const server = await demo();
    const picked = tempDir('rmm-dl-picked-');
    const services = await createTestServices({ demo: server, keytar: null, platform: { chooseFolder: async () => picked } });
    cleanups.push(() => services.dispose());
    await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    const small: DownloadRequest = { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name: 'Accounting 2026.xlsx' };
    const elsewhere = tempDir('rmm-dl-elsewhere-');
    await expect(start(services, elsewhere, [small])).rejects.toThrow(/Choose the folder to download to/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(await services.call('downloads.chooseFolder', {})).toEqual({ supported: true, folder: picked });
    const { started } = await start(services, picked, [small]);
    expect((await waitFor(services, started[0]!.id, ['completed', 'failed'])).state).toBe('completed');
  });

  it('rejects bad input from the renderer with a clear error', async () => {
    const server = await demo();
    const services = await signedIn(server);
    await expect(services.call('downloads.start', { nodeId: 1, folder: 'relative/folder', items: [vmDiskRequest('x_r0')] })).rejects.toThrow(/full folder path/);
    await expect(services.call('downloads.start', { nodeId: 1, folder: '/tmp', items: [] })).rejects.toThrow(/Invalid input/);
    await expect(services.call('downloads.pause', { id: 'not-a-uuid' })).rejects.toThrow(/Invalid input/);
  });
});

/** A small tmpfs (a real, size-limited file system) when this process may mount one; null otherwise. */
function tryTmpfs(megabytes: number): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = tempDir('rmm-tmpfs-');
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  if (mounted.status !== 0) return null;
  cleanups.push(() => {
    spawnSync('umount', ['-l', dir]);
  });
  return dir;
}
