/**
 * Speed of naming: queuing downloads into a folder
 * looks at the folder once per plan, not once per item and per numbered
 * candidate (" (1)" up to " (9999)"), while names that differ only in case
 * still never collide. The folder reads are counted through node:fs.
 */
import type * as NodeFs from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DownloadRequest } from '../../src/shared/model/downloads';
import { AppError } from '../../src/shared/errors';
import { DownloadManager } from '../../src/main/services/downloads/download-manager';
import { DownloadStore } from '../../src/main/services/downloads/download-store';
import { EventBus } from '../../src/main/services/platform/events';
import { tempDir } from '../helpers/temp';

const reads = vi.hoisted(() => ({ folder: '', count: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const readdirSync = ((path: string, ...rest: unknown[]) => {
    if (String(path) === reads.folder) reads.count++;
    return (fs.readdirSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readdirSync;
  return { ...fs, default: { ...fs, readdirSync }, readdirSync };
});

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function manager(): DownloadManager {
  const store = new DownloadStore(join(tempDir('rmm-store-'), 'downloads.sqlite'));
  const downloads = new DownloadManager({
    store,
    // Never signed in for real: the queued downloads only wait, nothing is fetched.
    api: () => {
      throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    },
    scope: () => 'scope',
    events: new EventBus(),
    settings: () => ({ parallelDownloads: 1, downloadLimitKBps: 0 }),
    markFromInternet: async () => undefined,
  });
  cleanups.push(async () => {
    await downloads.dispose();
    store.close();
  });
  return downloads;
}

describe('naming downloads in a full folder', () => {
  it('reads the folder once for a whole batch, and still keeps names apart that differ only in case', () => {
    const folder = join(tempDir('rmm-dl-'), 'target');
    mkdirSync(folder);
    // Stand-in names ("revision-r1") are taken up to " (299)", some in another case.
    writeFileSync(join(folder, 'REVISION-R1'), '');
    for (let n = 1; n < 300; n++) writeFileSync(join(folder, n % 2 ? `revision-r1 (${n})` : `Revision-R1 (${n})`), '');
    const request: DownloadRequest = { kind: 'revision', nodeId: 1, planUid: 'p', revisionId: 'r1', name: 'ignored' };
    reads.folder = folder;
    reads.count = 0;

    const { started } = manager().start({ nodeId: 1, folder, items: Array.from({ length: 20 }, () => request), applyToAll: 'keepBoth' });

    expect(started.map((item) => item.fileName)).toEqual(Array.from({ length: 20 }, (_, i) => `revision-r1 (${300 + i})`));
    expect(reads.count).toBe(1);
  });
});
