/**
 * Shared pieces of the download tests: a demo server and signed-in services
 * cleaned up after each test, waiting for a download's state, the showcase
 * files' revisions and their expected checksums.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { DownloadItem, DownloadRequest, DownloadStartResult } from '../../src/shared/model/downloads';
import { BackupWorld, DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { expectedSha256, revisionContentKey } from '../../src/demo-server/data/backup/content';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { EventBus } from '../../src/main/services/platform/events';
import type { PlatformHooks } from '../../src/main/app-services';
import { createTestServices, tempDir, type TestServices } from './services';

export const MIB = 1024 * 1024;
const F = DEMO_FIXTURES;

/**
 * Run after the current test, last registered first: by the hook below, and
 * by the integration suite's setup file for every test file (a module
 * evaluated once for several files registers its hook for the first only).
 */
export const cleanups: Array<() => Promise<void> | void> = [];
export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
afterEach(runCleanups);

export async function demo(largestFileBytes = 24 * MIB): Promise<DemoServer> {
  const server = await startDemoServer({ sizes: { bigFolderItems: 1000, largestFileBytes } });
  cleanups.push(() => server.close());
  return server;
}

/** What a test may set on the services it signs in with (a data folder, or more). */
export interface SignedInOptions {
  dataDir?: string;
  revalidateAfterMs?: number;
  probeIntervalMs?: number;
  /** Another boot of the machine: the services stand for a console started after a restart of the machine. */
  bootId?: string;
  /** Electron-only hooks, faked (notifications, opening a folder, the downloads summary). */
  platform?: Partial<PlatformHooks>;
}

/** Services signed in to `server` with the demo's client credentials; disposed after the test. */
export async function signedIn(server: DemoServer | { url: string }, options: string | SignedInOptions = {}): Promise<TestServices> {
  const settings = typeof options === 'string' ? { dataDir: options } : options;
  const services = await createTestServices({ demo: server, keytar: null, downloadRetryDelaysMs: [50, 100, 200, 400], ...settings });
  let disposed = false;
  cleanups.push(async () => {
    if (!disposed) await services.dispose();
    disposed = true;
  });
  const dispose = services.dispose;
  services.dispose = async () => {
    if (disposed) return;
    disposed = true;
    await dispose();
  };
  await services.call('session.signInWithClientCredentials', {
    target: { kind: 'demo' },
    clientId: 'demo-console',
    clientSecret: 'demo-console-secret',
    remember: false,
  });
  return services;
}

/** The vm-disk.vhdx revision in the cloud (its size is the server's largestFileBytes, give or take a revision's shrink). */
export function vmDiskRevision(server: DemoServer) {
  const file = BackupWorld.of(server.world).file(F.nodeId, F.filePlan.uid, F.files.vmDisk.id)!;
  const revision = file.revisions.find((r) => r.onS3)!;
  return { revision, expected: expectedSha256(revisionContentKey(server.config, F.nodeId, F.filePlan.uid, revision.id), revision.size) };
}

export function vmDiskRequest(revisionId: string): DownloadRequest {
  return { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId, name: 'vm-disk.vhdx' };
}

/** What the renderer does before a Download File dialog: list the file's folder and its revisions, so the console holds its name. */
export async function listFile(services: TestServices, folderId: string, fileId: string): Promise<void> {
  await services.call('backup.listPage', { location: { level: 'files', nodeId: F.nodeId, planUid: F.filePlan.uid, folderId }, page: 0 });
  await services.call('backup.downloadRevisions', { nodeId: F.nodeId, planUid: F.filePlan.uid, fileId, page: 0, cloudOnly: true });
}

/** C:\Data\Accounting 2026.xlsx listed as the renderer would. */
export function listAccounting(services: TestServices): Promise<void> {
  return listFile(services, F.folders.data.id, F.files.accounting.id);
}

/** A download's receipt files (`<name>.receipt.json`, `<name>.receipt (1).html`...). */
export const RECEIPT_FILE = /\.receipt(?: \(\d+\))?\.(?:json|html)$/;

/** The names in a folder but the receipts written beside the downloads. */
export function downloadedFiles(folder: string): string[] {
  return readdirSync(folder).filter((name) => !RECEIPT_FILE.test(name));
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Resolves with the download once it is in one of `states` (now, or by a later event). */
export function waitFor(services: TestServices, id: string, states: DownloadItem['state'][], timeoutMs = 30_000): Promise<DownloadItem> {
  return waitForItem(services, id, (item) => states.includes(item.state), timeoutMs, `one of ${states.join(', ')}`);
}

export function waitForItem(services: TestServices, id: string, predicate: (item: DownloadItem) => boolean, timeoutMs = 30_000, what = 'the expected state'): Promise<DownloadItem> {
  return new Promise((resolve, reject) => {
    const now = services.downloads.item(id);
    if (predicate(now)) return resolve(now);
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Download ${id} did not reach ${what} within ${timeoutMs} ms (now ${JSON.stringify(services.downloads.item(id))})`));
    }, timeoutMs);
    const unsubscribe = services.events.subscribe((event, payload) => {
      if (event !== 'downloads.changed') return;
      const item = payload as DownloadItem;
      if (item.id !== id || !predicate(item)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(item);
    });
  });
}

/** The next downloads.finished event on a bus (for managers built by a test). */
export function nextFinished(events: EventBus, timeoutMs = 30_000): Promise<DownloadItem> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`No download finished within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = events.subscribe((event, payload) => {
      if (event !== 'downloads.finished') return;
      clearTimeout(timer);
      unsubscribe();
      resolve(payload as DownloadItem);
    });
  });
}

export async function start(services: TestServices, folder: string, items: DownloadRequest[], extra: Record<string, unknown> = {}): Promise<DownloadStartResult> {
  return services.call<DownloadStartResult>('downloads.start', { nodeId: items[0]!.nodeId, folder, items, ...extra });
}

/**
 * vm-disk.vhdx started at 4 MiB/s into a new folder, waited for until more
 * than `atLeast` bytes arrived: a download caught mid-way for pause, restart
 * and resume tests.
 */
export async function throttledVmDisk(services: TestServices, server: DemoServer, atLeast: number) {
  const folder = tempDir('rmm-dl-');
  const { revision, expected } = vmDiskRevision(server);
  await services.call('settings.update', { downloadLimitKBps: 4 * 1024 });
  const { started } = await start(services, folder, [vmDiskRequest(revision.id)]);
  const id = started[0]!.id;
  await waitForItem(services, id, (item) => item.receivedBytes > atLeast);
  return { folder, id, revision, expected };
}

/** Resolves once `condition()` holds (looked at every 10 ms); fails naming `what` after `timeoutMs`. */
export async function until(condition: () => boolean, what = 'the condition holds', timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
