/**
 * Bandwidth windows against the demo over real HTTP: a running download slows
 * down when a window with a lower limit comes into force, without being
 * restarted (one request to the server, bytes only ever growing).
 */
import { describe, expect, it } from 'vitest';
import type { DownloadItem } from '../../src/shared/model/downloads';
import type { BandwidthNow, BandwidthWindow } from '../../src/shared/rules/downloads/bandwidth-windows';
import { DAYS_OF_WEEK } from '../../src/shared/rules/platform/schedule-model';
import { demo, MIB, signedIn, start, vmDiskRequest, vmDiskRevision, waitFor, waitForItem } from '../helpers/downloads';
import { tempDir } from '../helpers/services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A window of every day that covers the present moment (from an hour ago to two hours ahead, across midnight if need be). */
function windowCoveringNow(limitKBps: number): BandwidthWindow {
  const now = new Date();
  return {
    id: 'now',
    days: [...DAYS_OF_WEEK],
    start: { hour: (now.getHours() + 23) % 24, minute: 0 },
    end: { hour: (now.getHours() + 2) % 24, minute: 0 },
    limitKBps,
  };
}

/** Bytes the download received over `ms`, watched from outside (its item), and every value seen meanwhile. */
async function bytesOver(services: Awaited<ReturnType<typeof signedIn>>, id: string, ms: number): Promise<{ bytes: number; seen: number[] }> {
  const seen: number[] = [];
  const before = services.downloads.item(id).receivedBytes;
  const off = services.events.subscribe((event, payload) => {
    if (event === 'downloads.changed' && (payload as DownloadItem).id === id) seen.push((payload as DownloadItem).receivedBytes);
  });
  await sleep(ms);
  off();
  return { bytes: services.downloads.item(id).receivedBytes - before, seen: [before, ...seen] };
}

describe('bandwidth windows', () => {
  it('slows a running download when a window with a lower limit comes into force, without restarting it', async () => {
    const server = await demo(96 * MIB);
    const services = await signedIn(server);
    const folder = tempDir('rmm-bw-');
    const { revision } = vmDiskRevision(server);
    // Outside every window: 16 MiB/s (loopback without a limit would finish before it could be measured).
    await services.call('settings.update', { downloadLimitKBps: 16 * 1024, bandwidthWindows: [] });
    expect(await services.call<BandwidthNow>('downloads.bandwidth')).toMatchObject({ activeWindowId: null, limitKBps: 16 * 1024, label: 'No windows: 16 MB/s' });

    const dataRequests = () => Object.entries(server.stats.byRoute).filter(([route]) => route.includes('data')).reduce((n, [, count]) => n + count, 0);
    const requestsBefore = dataRequests();
    const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
    const id = started[0]!.id;
    await waitForItem(services, id, (item) => item.receivedBytes > 2 * MIB);
    const fast = await bytesOver(services, id, 1_000);

    // A window covering this moment at 2 MiB/s: the limit changes at once, and says where it comes from.
    const changed = services.waitForEvent('downloads.bandwidth', (now) => now.activeWindowId === 'now');
    await services.call('settings.update', { bandwidthWindows: [windowCoveringNow(2 * 1024)] });
    expect(await changed).toMatchObject({ activeWindowId: 'now', limitKBps: 2 * 1024, label: expect.stringMatching(/^Every day \d\d:00–\d\d:00: 2 MB\/s$/) as unknown });
    // What was already accepted before the change (a batch on its way to disk) lands first.
    await sleep(500);
    const slow = await bytesOver(services, id, 3_000);

    expect(services.downloads.item(id).state).toBe('downloading');
    expect(slow.bytes).toBeLessThan(3 * 2 * MIB * 1.5);
    expect(fast.bytes).toBeGreaterThan((slow.bytes / 3) * 2);
    // The same answer throughout: one request for the data, and no byte count that went back.
    expect(dataRequests() - requestsBefore).toBe(1);
    const all = [...fast.seen, ...slow.seen];
    expect(all.every((bytes, i) => i === 0 || bytes >= all[i - 1]!)).toBe(true);

    // Outside the window again: the download finishes at the general limit, still without a second request.
    await services.call('settings.update', { bandwidthWindows: [], downloadLimitKBps: 0 });
    const done = await waitFor(services, id, ['completed', 'failed'], 60_000);
    expect(done.state).toBe('completed');
    expect(dataRequests() - requestsBefore).toBe(1);
  });
});
