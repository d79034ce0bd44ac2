/**
 * A queue of downloads (started together) against the demo over real HTTP:
 * its notification and the opening of its folder run once, when both of its
 * downloads have finished; the computer is kept awake only while a queue that
 * asked for it runs.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DownloadRequest, DownloadsSummary } from '../../src/shared/model/downloads';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { demo, listAccounting, MIB, signedIn, start, until, vmDiskRequest, vmDiskRevision, waitFor, waitForItem } from '../helpers/downloads';
import { tempDir } from '../helpers/services';

const F = DEMO_FIXTURES;

describe('download queues', () => {
  it('runs the queue actions once when all of its downloads have finished, and keeps the computer awake only meanwhile', async () => {
    const server = await demo();
    const notify = vi.fn();
    const openPath = vi.fn(() => Promise.resolve());
    const summaries: DownloadsSummary[] = [];
    const services = await signedIn(server, { platform: { notify, openPath, onDownloadsSummary: (summary) => summaries.push(summary) } });
    const folder = tempDir('rmm-queue-');
    const { revision } = vmDiskRevision(server);
    await listAccounting(services);
    const small: DownloadRequest = { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name: 'Accounting 2026.xlsx' };

    // The large file is held by the demo after 8 MiB until released: the queue stays open meanwhile.
    server.config.faults.holdDownloadsAtByte = 8 * MIB;
    const { started } = await start(services, folder, [vmDiskRequest(revision.id), small], { onComplete: { notify: true, openFolder: true, keepAwake: true } });
    expect(started).toHaveLength(2);
    expect(new Set(started.map((item) => item.queueId)).size).toBe(1);
    const [large, accounting] = started;
    await waitFor(services, accounting!.id, ['completed']);
    await waitForItem(services, large!.id, (item) => item.receivedBytes >= 8 * MIB);
    expect(services.downloads.summary()).toMatchObject({ active: 1, keepAwake: true });
    expect(summaries.at(-1)?.keepAwake).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    expect(openPath).not.toHaveBeenCalled();

    delete server.config.faults.holdDownloadsAtByte;
    await waitFor(services, large!.id, ['completed']);
    await until(() => notify.mock.calls.length > 0, 'the queue notification');
    expect(notify).toHaveBeenCalledExactlyOnceWith('Downloads complete', `2 downloads finished in ${folder}`);
    // Opened once the folder was seen to be a folder.
    await until(() => openPath.mock.calls.length > 0, 'the folder opened');
    expect(openPath).toHaveBeenCalledExactlyOnceWith(folder);
    expect(summaries.at(-1)).toMatchObject({ active: 0, keepAwake: false });

    // A queue that did not ask to keep the computer awake: running, yet sleep stays allowed; canceled, no notification.
    server.config.faults.holdDownloadsAtByte = 1 * MIB;
    const second = await start(services, tempDir('rmm-queue-'), [vmDiskRequest(revision.id)], { onComplete: { notify: false, openFolder: false, keepAwake: false } });
    const id = second.started[0]!.id;
    await waitForItem(services, id, (item) => item.receivedBytes >= MIB);
    expect(services.downloads.summary()).toMatchObject({ active: 1, keepAwake: false });
    await services.call('downloads.cancel', { id });
    delete server.config.faults.holdDownloadsAtByte;
    expect(notify).toHaveBeenCalledTimes(1);
    expect(openPath).toHaveBeenCalledTimes(1);
  });

  it('refuses actions that are not the three known switches', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const { revision } = vmDiskRevision(server);
    await expect(start(services, tempDir('rmm-queue-'), [vmDiskRequest(revision.id)], { onComplete: { notify: true, openFolder: true, keepAwake: true, run: 'calc.exe' } })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
