/**
 * Issue 10 point 2, the renderer is untrusted: in browser mode downloads and
 * typed attachment paths are confined under one root (symlinks and `..`
 * resolved), and a refused attachment path reads the same whether anything
 * is there or not. Electron takes attachments only from its file dialog.
 * Real services, the demo server over real HTTP, real files and symlinks.
 */
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupWorld, DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { DownloadItem, DownloadRequest, DownloadStartResult } from '../../src/shared/model/downloads';
import type { AttachmentFile } from '../../src/shared/model/help';
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

function ticket(attachments: string[]) {
  return {
    submissionId: randomUUID(),
    ticketSubject: 'Backup of the file server fails',
    ticketBody: '<p>Since Monday the nightly backup fails.</p>',
    ticketPriority: 'HIGH',
    ticketPhoneNumber: '',
    ticketCategory: 'Backup',
    ticketCallback: false,
    ticketCc: [],
    attachments,
  };
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

describe('browser mode: attachments only from under the root', () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await signedIn({ downloadsRoot: root });
  });

  it('accepts a file under the root', async () => {
    const path = join(root, 'notes.txt');
    writeFileSync(path, 'The backup log says: access denied.\n');
    expect(await services.call<AttachmentFile>('help.inspectAttachment', { path })).toMatchObject({ path, name: 'notes.txt', extension: 'txt' });
  });

  it('answers the same for an existing file elsewhere, a missing one, a symlink out of the root and a .. path', async () => {
    const secret = join(outside, 'secret.txt');
    writeFileSync(secret, 'not for the renderer');
    symlinkSync(secret, join(root, 'innocent.txt'));
    const answers = await Promise.all(
      [secret, join(outside, 'missing.txt'), join(root, 'innocent.txt'), `${root}/../${basename(outside)}/secret.txt`, join(root, 'missing.txt')].map((path) =>
        failure(services.call('help.inspectAttachment', { path })),
      ),
    );
    const expected = { code: 'FORBIDDEN', message: `This file cannot be attached. Attach a file that is in ${root} or a folder under it.` };
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it('refuses an unpicked path at submission with one answer, whether it exists or not', async () => {
    const secret = join(outside, 'secret2.txt');
    writeFileSync(secret, 'not picked');
    const existing = await failure(services.call('help.submitTicket', ticket([secret])));
    const missing = await failure(services.call('help.submitTicket', ticket([join(outside, 'secret3.txt')])));
    expect(existing.code).toBe('FORBIDDEN');
    expect(missing.code).toBe('FORBIDDEN');
    expect(existing.message.replace('secret2', 'X')).toBe(missing.message.replace('secret3', 'X'));
  });

  it('refuses a picked file swapped for a symlink before submission', async () => {
    const picked = join(root, 'log.txt');
    writeFileSync(picked, 'picked');
    const secret = join(outside, 'secret4.txt');
    writeFileSync(secret, 'swapped in');
    await services.call('help.inspectAttachment', { path: picked });
    rmSync(picked);
    symlinkSync(secret, picked);
    expect(await failure(services.call('help.submitTicket', ticket([picked])))).toEqual({
      code: 'FORBIDDEN',
      message: 'Attach log.txt again: only files you picked can be uploaded.',
    });
  });
});

describe('Electron: attachments only from the file dialog', () => {
  it('refuses every typed path alike and uploads only the file picked, from where it was picked', async () => {
    const pickedDir = tempDir('rmm-picked-');
    const picked = join(pickedDir, 'picked.txt');
    writeFileSync(picked, 'picked in the dialog');
    const services = await signedIn({ chooseFiles: async () => [picked], chooseFolder: async () => null });
    const typed = [picked, join(pickedDir, 'missing.txt')];
    for (const path of typed) {
      expect(await failure(services.call('help.inspectAttachment', { path }))).toEqual({ code: 'FORBIDDEN', message: 'This file cannot be attached. Choose it with "Attach files".' });
    }
    const chosen = await services.call<{ files: AttachmentFile[] }>('help.chooseAttachments');
    expect(chosen.files.map((f) => f.path)).toEqual([picked]);
    // Moved away and replaced by another file through a symlink: refused.
    renameSync(picked, join(pickedDir, 'moved.txt'));
    mkdirSync(join(pickedDir, 'elsewhere'));
    writeFileSync(join(pickedDir, 'elsewhere', 'other.txt'), 'other');
    symlinkSync(join(pickedDir, 'elsewhere', 'other.txt'), picked);
    expect((await failure(services.call('help.submitTicket', ticket([picked])))).code).toBe('FORBIDDEN');
    rmSync(pickedDir, { recursive: true, force: true });
  });
});
