/**
 * The download points, against the demo server over real HTTP with
 * real files: the file name comes from what the console fetched, a
 * stray `.part` or a planted link is never written through, a
 * restart trusts the `.part` only up to the offset recorded as flushed
 *, and a finished file gets the "from the internet" mark.
 */
import { appendFileSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import type { DownloadRequest } from '../../src/shared/model/downloads';
import type { ApiClient } from '../../src/main/services/platform/api/api-client';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { DownloadManager } from '../../src/main/services/downloads/download-manager';
import { DownloadStore } from '../../src/main/services/downloads/download-store';
import { EventBus } from '../../src/main/services/platform/events';
import { cleanups, demo, downloadedFiles, listAccounting, MIB, nextFinished, sha256Of, signedIn, start, throttledVmDisk, waitFor } from '../helpers/downloads';
import { tempDir, type TestServices } from '../helpers/services';

const F = DEMO_FIXTURES;

function accounting(name: string): DownloadRequest {
  return { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name };
}

describe('download names come from the API', () => {
  it('takes the file name from the listing the console fetched, not from the request', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const parent = tempDir('rmm-dl-');
    const folder = join(parent, 'chosen');
    await listAccounting(services);
    const hostile = (name: string): DownloadRequest => ({ kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name });
    const { started } = await start(services, folder, [hostile('../../evil.exe'), hostile('x.exe')]);
    expect(started.map((s) => s.fileName)).toEqual(['Accounting 2026.xlsx', 'Accounting 2026 (1).xlsx']);
    for (const item of started) expect((await waitFor(services, item.id, ['completed', 'failed'])).state).toBe('completed');
    expect(readdirSync(parent)).toEqual(['chosen']);
    expect(downloadedFiles(folder).sort()).toEqual(['Accounting 2026 (1).xlsx', 'Accounting 2026.xlsx']);
    // An existing file is asked about under its listed name, whatever the request called it.
    const asked = await start(services, folder, [hostile('x.exe')]);
    expect(asked.conflicts).toEqual([{ index: 0, fileName: 'Accounting 2026.xlsx' }]);
  });

  it('names an item the console never listed after the answer (Content-Disposition), never after the request', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const odd = F.oddNames;
    const request: DownloadRequest = { kind: 'folder', nodeId: odd.nodeId, planUid: odd.plan.uid, folderId: odd.handoff.folder.id, jobId: odd.cloudJobId, restoreDeleted: false, name: 'run.exe' };
    const { started } = await start(services, folder, [request]);
    // Until the answer names it, a stand-in from its ids (never the request's name).
    expect(started[0]!.fileName).not.toMatch(/run|exe/);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    expect(done.fileName).toBe('Handoff.zip');
    expect(downloadedFiles(folder)).toEqual(['Handoff.zip']);
  });

});

describe('the .part is never a stray file or a link', () => {
  it('a new download leaves a .part it did not create alone and takes another name', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    writeFileSync(join(folder, 'Accounting 2026.xlsx.part'), 'half of something the technician was saving');
    await listAccounting(services);
    const { started } = await start(services, folder, [accounting('Accounting 2026.xlsx')]);
    expect(started[0]!.fileName).toBe('Accounting 2026 (1).xlsx');
    expect((await waitFor(services, started[0]!.id, ['completed', 'failed'])).state).toBe('completed');
    expect(readFileSync(join(folder, 'Accounting 2026.xlsx.part'), 'utf8')).toBe('half of something the technician was saving');
    expect(downloadedFiles(folder).sort()).toEqual(['Accounting 2026 (1).xlsx', 'Accounting 2026.xlsx.part']);
  });

  it('a link planted at a new download’s .part is not written through', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const victim = join(tempDir('rmm-victim-'), 'precious.txt');
    writeFileSync(victim, 'do not touch');
    symlinkSync(victim, join(folder, 'Accounting 2026.xlsx.part'));
    await listAccounting(services);
    const { started } = await start(services, folder, [accounting('Accounting 2026.xlsx')]);
    expect((await waitFor(services, started[0]!.id, ['completed', 'failed'])).state).toBe('completed');
    expect(readFileSync(victim, 'utf8')).toBe('do not touch');
    expect(readlinkSync(join(folder, 'Accounting 2026.xlsx.part'))).toBe(victim);
    expect(readdirSync(folder)).toContain('Accounting 2026 (1).xlsx');
  });

  it('a link swapped in for a paused download’s .part is refused with a clear error, its target untouched', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const { folder, id } = await throttledVmDisk(services, server, MIB);
    await services.call('downloads.pause', { id });
    await waitFor(services, id, ['paused']);
    const part = join(folder, 'vm-disk.vhdx.part');
    const victim = join(tempDir('rmm-victim-'), 'precious.bin');
    writeFileSync(victim, 'do not touch');
    rmSync(part);
    symlinkSync(victim, part);

    await services.call('settings.update', { downloadLimitKBps: 0 });
    await services.call('downloads.resume', { id });
    const failed = await waitFor(services, id, ['failed', 'completed']);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toBe('vm-disk.vhdx.part in ' + folder + ' is a link, not a file, so nothing was written to it. Remove the link, then press Retry.');
    expect(readFileSync(victim, 'utf8')).toBe('do not touch');
    expect(readlinkSync(part)).toBe(victim);
  });
});

describe('durable resume', () => {
  it('after a restart of the machine, bytes past the offset recorded as flushed are cut off, so a zero-filled tail is never trusted', async () => {
    const server = await demo();
    const dataDir = tempDir('rmm-data-');
    const first = await signedIn(server, dataDir);
    const { folder, id, revision, expected } = await throttledVmDisk(first, server, 3 * MIB);
    await first.dispose();
    const part = join(folder, 'vm-disk.vhdx.part');
    const flushed = statSync(part).size;
    // A power loss after the file system grew the file but before its data reached the disk: a zero tail.
    appendFileSync(part, Buffer.alloc(2 * MIB));

    const sentBefore = server.stats.downloadBytesSent;
    // The console starts again on another boot of the machine (after the power came back).
    const second = await signedIn(server, { dataDir, bootId: 'linux:00000000-0000-4000-8000-000000000000' });
    await second.call('settings.update', { downloadLimitKBps: 0 });
    const done = await waitFor(second, id, ['completed', 'failed']);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('completed');
    expect(done.verified).toBe('checksum');
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
    // It resumed from the flushed offset, not from 0.
    expect(server.stats.downloadBytesSent - sentBefore).toBeLessThan(revision.size - flushed + MIB);
  });
});

describe('the "from the internet" mark', () => {
  async function managerWith(
    services: TestServices,
    markFromInternet: (file: string, origin: string) => Promise<void>,
    log: (what: string, error: unknown) => void,
    api: () => ApiClient = () => services.session.api(),
  ) {
    const store = new DownloadStore(join(tempDir('rmm-store-'), 'downloads.sqlite'));
    const events = new EventBus();
    const manager = new DownloadManager({
      store,
      api,
      scope: () => services.session.identityScope(),
      events,
      settings: () => ({ parallelDownloads: 1, downloadLimitKBps: 0 }),
      markFromInternet,
      log,
      retryDelaysMs: [50],
    });
    cleanups.push(async () => {
      await manager.dispose();
      store.close();
    });
    return { manager, events };
  }

  it('marks a finished file with the instance it came from before it takes its name; a mark that fails never fails the download', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-dl-');
    const marked: Array<{ file: string; origin: string; size: number }> = [];
    const logged: string[] = [];
    let failMark = false;
    const { manager, events } = await managerWith(
      services,
      async (file, origin) => {
        if (failMark) throw Object.assign(new Error('not supported'), { code: 'ENOTSUP' });
        marked.push({ file, origin, size: statSync(file).size });
      },
      (what) => logged.push(what),
    );
    const first = nextFinished(events);
    manager.start({ nodeId: F.nodeId, folder, items: [accounting('x.exe')] });
    const done = await first;
    expect(done.state).toBe('completed');
    // The complete .part is marked just before it takes its name: the file never exists unmarked.
    expect(marked).toEqual([{ file: `${done.targetPath}.part`, origin: new URL(server.url).origin, size: done.totalBytes }]);
    expect(statSync(done.targetPath).size).toBe(done.totalBytes);

    failMark = true;
    const second = nextFinished(events);
    manager.start({ nodeId: F.nodeId, folder, items: [accounting('x.exe')] });
    const alsoDone = await second;
    expect(alsoDone.state).toBe('completed');
    expect(logged).toEqual([`downloads: the "from the internet" mark could not be set on ${alsoDone.fileName}`]);
  });

  it('marks the file with the instance it came from even when the session ended before it finished', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const marked: string[] = [];
    const logged: string[] = [];
    // The session's client for the attempt; by the time the file is finished, nobody is signed in.
    let asked = 0;
    const api = () => {
      if (asked++ > 0) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
      return services.session.api();
    };
    const { manager, events } = await managerWith(services, async (_file, origin) => void marked.push(origin), (what) => logged.push(what), api);
    const finished = nextFinished(events);
    manager.start({ nodeId: F.nodeId, folder: tempDir('rmm-dl-'), items: [accounting('x.exe')] });
    expect((await finished).state).toBe('completed');
    expect(marked).toEqual([new URL(server.url).origin]);
    expect(logged).toEqual([]);
  });
});
