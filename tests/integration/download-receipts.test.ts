/**
 * Receipts of downloads from the demo over real HTTP, with the real download
 * list in SQLite and real files: a file's receipt beside it whose sha256 is
 * the file's, a folder zip's receipt listing its entries, receipts in the
 * receipts folder of the settings, `downloads.receipt` for the clipboard, and
 * the receipt still there after a restart.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadReceiptCopy, DownloadRequest } from '../../src/shared/model/downloads';
import type { DownloadReceipt } from '../../src/shared/rules/downloads/receipt';
import { DEMO_FIXTURES } from '../../src/demo-server/data/backup';
import { demo, listAccounting, sha256Of, signedIn, start, waitFor } from '../helpers/downloads';
import { tempDir } from '../helpers/services';

const F = DEMO_FIXTURES;

const accounting: DownloadRequest = { kind: 'revision', nodeId: F.nodeId, planUid: F.filePlan.uid, revisionId: F.downloads.smallRevisionId, name: 'Accounting 2026.xlsx' };

function readJson(path: string): DownloadReceipt {
  return JSON.parse(readFileSync(path, 'utf8')) as DownloadReceipt;
}

describe('download receipts', () => {
  it('writes a receipt beside a completed file whose sha256 is the file’s, with the names the console listed', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-receipt-');
    // What the renderer does before the download: the device opened, its plans and the file's folder listed.
    await services.call('devices.open', { nodeId: F.nodeId });
    await services.call('backup.listPage', { location: { level: 'plans', nodeId: F.nodeId }, page: 0 });
    await listAccounting(services);
    const { started } = await start(services, folder, [{ ...accounting, name: 'shown <name>' }]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    const file = join(folder, 'Accounting 2026.xlsx');
    expect(done.receipt).toEqual({ jsonPath: `${file}.receipt.json`, htmlPath: `${file}.receipt.html` });

    const receipt = readJson(`${file}.receipt.json`);
    expect(receipt.receiptVersion).toBe(1);
    expect(receipt.file).toEqual({ name: 'Accounting 2026.xlsx', path: file, sizeBytes: statSync(file).size, sha256: await sha256Of(file) });
    expect(receipt.source.instance).toBe(new URL(server.url).origin);
    expect(receipt.device.id).toBe(F.nodeId);
    expect(typeof receipt.device.name).toBe('string');
    expect(receipt.plan).toEqual({ uid: F.filePlan.uid, name: F.filePlan.name });
    expect(receipt.item).toMatchObject({ kind: 'revision', path: 'C:\\Data\\Accounting 2026.xlsx', revisionId: F.downloads.smallRevisionId, nameShownInListing: 'shown <name>' });
    expect(receipt.item.backupDate).toEqual(expect.any(String));
    expect(['checksum', 'size']).toContain(receipt.verification.method);
    expect(Date.parse(receipt.startedAt!)).toBeLessThanOrEqual(Date.parse(receipt.finishedAt));
    expect(receipt.technician).toEqual({ name: expect.any(String), email: expect.any(String) });
    expect(receipt.console.version).toBe('0.0.0-test');

    const html = readFileSync(`${file}.receipt.html`, 'utf8');
    expect(html).toContain(receipt.file.sha256);
    expect(html).toContain('shown &lt;name&gt;');
    expect(html).not.toMatch(/<script/i);

    // Nothing of the session in it: no token, no Authorization.
    const json = readFileSync(`${file}.receipt.json`, 'utf8');
    expect(json).not.toMatch(/bearer|authorization|access_token|demo-console-secret/i);

    const copy = await services.call<DownloadReceiptCopy>('downloads.receipt', { id: done.id });
    expect(copy.jsonPath).toBe(`${file}.receipt.json`);
    expect(copy.htmlPath).toBe(`${file}.receipt.html`);
    expect(JSON.parse(copy.json)).toEqual(receipt);
    expect(copy.text).toContain(`SHA-256: ${receipt.file.sha256}`);
    expect(copy.text).toMatch(/^Plan: Server files/m);
  });

  it('lists a folder zip’s entries in its receipt', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-receipt-');
    const odd = F.oddNames;
    const request: DownloadRequest = { kind: 'folder', nodeId: odd.nodeId, planUid: odd.plan.uid, folderId: odd.handoff.folder.id, jobId: odd.cloudJobId, restoreDeleted: true, name: 'Handoff' };
    await services.call('backup.downloadJobs', { nodeId: odd.nodeId, planUid: odd.plan.uid, page: 0, cloudOnly: true });
    const { started } = await start(services, folder, [request]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    const zip = join(folder, 'Handoff.zip');
    const receipt = readJson(`${zip}.receipt.json`);
    expect(receipt.file.sha256).toBe(await sha256Of(zip));
    expect(receipt.item).toMatchObject({ kind: 'folder', folderId: odd.handoff.folder.id, jobId: odd.cloudJobId, restoreDeleted: true });
    expect(receipt.item.backupDate).toEqual(expect.any(String));
    const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(receipt.zip).toMatchObject({ readable: true, entryCount: names.length, moreEntries: 0 });
    const entries = receipt.zip?.readable ? receipt.zip.entries : [];
    expect(entries.map((e) => e.name)).toEqual(names);
    expect(entries.find((e) => e.name.endsWith('brief.txt'))).toMatchObject({ sizeBytes: expect.any(Number), crc32: expect.stringMatching(/^[0-9a-f]{8}$/) });
    const copy = await services.call<DownloadReceiptCopy>('downloads.receipt', { id: done.id });
    expect(copy.text).toMatch(new RegExp(`^Zip entries: ${names.length}$`, 'm'));
  });

  it('writes receipts into the receipts folder, never over another receipt, and answers them after a restart', async () => {
    const server = await demo();
    const dataDir = tempDir('rmm-receipt-data-');
    const services = await signedIn(server, dataDir);
    const folder = tempDir('rmm-receipt-');
    const receipts = join(tempDir('rmm-receipts-'), 'receipts', 'new');
    await expect(services.call('settings.update', { receiptsFolder: 'relative/path' })).rejects.toThrow();
    const settings = await services.call<{ receiptsFolder: string | null }>('settings.update', { receiptsFolder: receipts });
    expect(settings.receiptsFolder).toBe(receipts);
    expect(statSync(receipts).isDirectory()).toBe(true);

    await listAccounting(services);
    const first = await start(services, folder, [accounting]);
    const one = await waitFor(services, first.started[0]!.id, ['completed', 'failed']);
    const second = await start(services, folder, [accounting], { applyToAll: 'keepBoth' });
    const two = await waitFor(services, second.started[0]!.id, ['completed', 'failed']);
    const third = await start(services, folder, [accounting], { applyToAll: 'overwrite' });
    const three = await waitFor(services, third.started[0]!.id, ['completed', 'failed']);
    expect([one.state, two.state, three.state]).toEqual(['completed', 'completed', 'completed']);
    expect(existsSync(join(folder, 'Accounting 2026.xlsx.receipt.json'))).toBe(false);
    expect(one.receipt).toEqual({ jsonPath: join(receipts, 'Accounting 2026.xlsx.receipt.json'), htmlPath: join(receipts, 'Accounting 2026.xlsx.receipt.html') });
    expect(two.receipt).toEqual({ jsonPath: join(receipts, 'Accounting 2026 (1).xlsx.receipt.json'), htmlPath: join(receipts, 'Accounting 2026 (1).xlsx.receipt.html') });
    // The same file name again: its receipt takes a numbered name, the first one's stays.
    expect(three.receipt).toEqual({ jsonPath: join(receipts, 'Accounting 2026.xlsx.receipt (1).json'), htmlPath: join(receipts, 'Accounting 2026.xlsx.receipt (1).html') });
    expect(readJson(join(receipts, 'Accounting 2026.xlsx.receipt.json')).finishedAt).not.toBe(readJson(join(receipts, 'Accounting 2026.xlsx.receipt (1).json')).finishedAt);

    // Back to beside each download.
    expect((await services.call<{ receiptsFolder: string | null }>('settings.update', { receiptsFolder: '' })).receiptsFolder).toBeNull();

    // After a restart the receipt is still known (SQLite) and read back from its file.
    await services.dispose();
    const again = await signedIn(server, dataDir);
    const listed = await again.call<DownloadItem[]>('downloads.list');
    expect(listed.find((d) => d.id === one.id)?.receipt).toEqual(one.receipt);
    const copy = await again.call<DownloadReceiptCopy>('downloads.receipt', { id: one.id });
    expect(copy.text).toContain(`SHA-256: ${readJson(join(receipts, 'Accounting 2026.xlsx.receipt.json')).file.sha256}`);
  });

  it('completes a download whose receipt cannot be written, and says why it has none', async () => {
    const server = await demo();
    const services = await signedIn(server);
    const folder = tempDir('rmm-receipt-');
    const receipts = join(tempDir('rmm-receipts-'), 'gone');
    await services.call('settings.update', { receiptsFolder: receipts });
    // The folder is replaced by a file meanwhile: no receipt can go there.
    rmSync(receipts, { recursive: true });
    writeFileSync(receipts, 'not a folder');
    await listAccounting(services);
    const { started } = await start(services, folder, [accounting]);
    const done = await waitFor(services, started[0]!.id, ['completed', 'failed']);
    expect(done.state).toBe('completed');
    expect(done.receipt).toEqual({ error: expect.stringMatching(/is a file, not a folder/) });
    expect(await sha256Of(join(folder, 'Accounting 2026.xlsx'))).toEqual(expect.stringMatching(/^[0-9a-f]{64}$/));
    await expect(services.call('downloads.receipt', { id: done.id })).rejects.toThrow(/has no receipt/);
  });

  it('refuses a receipt for a download that is not completed, and an id it never issued', async () => {
    const server = await demo();
    const services = await signedIn(server);
    await expect(services.call('downloads.receipt', { id: 'not-a-uuid' })).rejects.toThrow();
    await expect(services.call('downloads.receipt', { id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/no longer in the list/);
  });
});
