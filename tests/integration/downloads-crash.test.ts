/**
 * A console killed outright (SIGKILL) in the middle of a download, as a crash
 * or the task manager would: started again on the same boot of the machine,
 * it resumes from the end of the `.part` and fetches nothing a second time
 * (the operating system kept every byte written, flushed or not). The real
 * browser-mode process, the demo server over real HTTP, real files.
 */
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { ConsoleContract } from '../helpers/console-contract';
import { demo, MIB, sha256Of, until, vmDiskRequest, vmDiskRevision } from '../helpers/downloads';
import { tempDir } from '../helpers/temp';

const F = DEMO_FIXTURES;
const consoles: ConsoleContract[] = [];
afterEach(async () => {
  for (const running of consoles.splice(0)) await running.stop();
});

/** The contract is all these tests use: a stand-in page instead of the built renderer. */
function stubRenderer(): string {
  const dir = tempDir('rmm-renderer-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

describe('a console killed mid-download', () => {
  it('resumes from the end of its .part on the same boot: bytes fetched again after a SIGKILL at 50 % stay under 1 MiB', async () => {
    const server = await demo(48 * MIB);
    const { revision, expected } = vmDiskRevision(server);
    const half = Math.floor(revision.size / 2);
    // The demo stops every download answer at half the file until the switch is off: the kill lands at a known offset.
    server.config.faults.holdDownloadsAtByte = half;
    const folder = tempDir('rmm-dl-');
    const dataDir = tempDir('rmm-data-');
    const rendererDir = stubRenderer();
    const first = await ConsoleContract.start({ demoUrl: server.url, downloadsRoot: folder, dataDir, rendererDir });
    consoles.push(first);
    const [id] = await first.start(F.nodeId, folder, [vmDiskRequest(revision.id)]);
    const part = join(folder, 'vm-disk.vhdx.part');
    // Every byte before the hold is in the .part (far less than the 64 MiB between flushes: none of it was flushed yet).
    await until(() => statSync(part, { throwIfNoEntry: false })?.size === half, 'half the file is in the .part');
    await first.kill();
    expect(server.stats.downloadBytesSent).toBe(half);
    expect(statSync(part).size).toBe(half);

    delete server.config.faults.holdDownloadsAtByte;
    const second = await ConsoleContract.start({ demoUrl: server.url, downloadsRoot: folder, dataDir, rendererDir });
    consoles.push(second);
    // Signed in again, the download that was running continues by itself.
    const [done] = await second.finished([id!]);
    expect(done!.verified).toBe('checksum');
    expect(await sha256Of(join(folder, 'vm-disk.vhdx'))).toBe(expected);
    const fetchedAgain = server.stats.downloadBytesSent - revision.size;
    expect(fetchedAgain).toBeGreaterThanOrEqual(0);
    expect(fetchedAgain).toBeLessThan(MIB);
  });
});
