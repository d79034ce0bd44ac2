/**
 * The renderer is untrusted: in browser mode downloads are confined under
 * one root (symlinks and `..` resolved), and nothing is created outside it.
 * Real services, the demo server over real HTTP, real folders and symlinks.
 */
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupWorld, DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { DownloadItem, DownloadRequest, DownloadStartResult } from '../../src/shared/model/downloads';
import { createTestServices, tempDir, type TestServices } from '../helpers/services';

const F = DEMO_FIXTURES;
let demo: DemoServer;
let root: string;
let outside: string;
const opened: TestServices[] = [];

beforeAll(async () => {
  demo = await startDemoServer({ sizes: { bigFolderItems: 100, largestFileBytes: 256 * 1024 } });
  root = tempDir('rmm-root-');
  outside = tempDir('rmm-outside-');
});

afterAll(async () => {
  for (const services of opened) await services.dispose();
  await demo.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function signedIn(platform: Parameters<typeof createTestServices>[0]['platform']): Promise<TestServices> {
  const services = await createTestServices({ demo, keytar: null, platform });
  opened.push(services);
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
  return services;
}

async function failure(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { code?: string }) | null;
  expect(error, 'expected the call to fail').not.toBeNull();
  return { code: error!.code, message: error!.message };
}

function vmDisk(): DownloadRequest {
  const file = BackupWorld.of(demo.world).file(F.nodeId, F.filePlan.uid, F.files.vmDisk.id)!;
  const revision = file.revisions.find((r) => r.onS3)!;
  return { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: revision.id, name: 'vm-disk.vhdx' };
}

describe('browser mode: downloads only under the root', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await signedIn({ downloadsRoot: root });
  });

  it('proposes the root as the default folder', async () => {
    expect(await services.call('downloads.defaultFolder', { nodeId: F.nodeId })).toEqual({ folder: root, remembered: false });
  });

  it('refuses a folder outside the root, through .. or through a symlink, and creates nothing there', async () => {
    const link = join(root, 'link-out');
    symlinkSync(outside, link, 'dir');
    for (const folder of [outside, join(outside, 'new'), `${root}/../${basename(outside)}/dotdot`, link, join(link, 'sub')]) {
      const refused = await failure(services.call('downloads.start', { nodeId: F.nodeId, folder, items: [vmDisk()] }));
      expect(refused.code).toBe('FORBIDDEN');
      expect(refused.message).toBe(`Downloads in browser mode go to folders under ${root}. Choose a folder there, or start the console with --downloads-root.`);
    }
    expect(existsSync(join(outside, 'new'))).toBe(false);
    expect(existsSync(join(outside, 'dotdot'))).toBe(false);
    expect(existsSync(join(outside, 'sub'))).toBe(false);
    expect(await services.call<DownloadItem[]>('downloads.list')).toEqual([]);
  });

  it('downloads into a new folder under the root', async () => {
    const folder = join(root, 'device', 'restores');
    const result = await services.call<DownloadStartResult>('downloads.start', { nodeId: F.nodeId, folder, items: [vmDisk()] });
    expect(result.started).toHaveLength(1);
    expect(result.started[0]!.folder).toBe(folder);
    const deadline = Date.now() + 20_000;
    let item = result.started[0]!;
    while (item.state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      item = (await services.call<DownloadItem[]>('downloads.list')).find((d) => d.id === item.id)!;
    }
    expect(item.state).toBe('completed');
    expect(existsSync(join(folder, item.fileName))).toBe(true);
    // Browser mode never launches anything: it says where the file is.
    expect(await services.call('downloads.open', { id: item.id })).toEqual({ opened: false, path: join(folder, item.fileName) });
  });
});
