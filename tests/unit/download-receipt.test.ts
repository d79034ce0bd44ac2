/**
 * A download's receipt: its contents for a file and for a zip, the wording of
 * its verification, HTML that escapes every value and loads nothing, no
 * credential whatever the facts carried, and the zip central-directory reader
 * on a real zip and on garbage.
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { buildReceipt, instanceOrigin, receiptHtml, receiptJson, receiptText, withoutCredentials, type ReceiptFacts } from '../../src/shared/rules/downloads/receipt';
import { downloadReceiptSchema } from '../../src/shared/rules/downloads/receipt-schema';
import { readZipEntries } from '../../src/main/services/platform/files/zip-directory';
import { tempDir } from '../helpers/temp';

const SHA = 'ab'.repeat(32);

function facts(overrides: Partial<ReceiptFacts> = {}): ReceiptFacts {
  return {
    instance: 'https://eu.rmm.example:8443/ws/api/v2?x=1',
    request: { kind: 'revision', nodeId: 42, planUid: 'plan-1', revisionId: 'rev-9', name: 'Report.xlsx' },
    deviceName: 'FINANCE-PC',
    planName: 'Daily files',
    itemPath: 'C:\\Data\\Report.xlsx',
    backupDate: '2026-03-01T02:00:00.000Z',
    fileName: 'Report.xlsx',
    localPath: '/home/tech/Downloads/Report.xlsx',
    sizeBytes: 1234,
    sha256: SHA,
    verified: 'checksum',
    announcedSha256: SHA,
    startedAt: Date.UTC(2026, 2, 2, 10, 0, 0),
    finishedAt: Date.UTC(2026, 2, 2, 10, 0, 5),
    technician: { name: 'Ada Tech', email: 'ada@example.com' },
    consoleVersion: '1.2.3',
    ...overrides,
  };
}

describe('the receipt of a file', () => {
  it('holds the source, device, plan, path, revision, file, sha256, verification, times, technician and version', () => {
    const receipt = buildReceipt(facts());
    expect(receipt).toEqual({
      receiptVersion: 1,
      source: { instance: 'https://eu.rmm.example:8443' },
      device: { id: 42, name: 'FINANCE-PC' },
      plan: { uid: 'plan-1', name: 'Daily files' },
      item: {
        kind: 'revision',
        path: 'C:\\Data\\Report.xlsx',
        nameShownInListing: 'Report.xlsx',
        revisionId: 'rev-9',
        folderId: null,
        jobId: null,
        backupDate: '2026-03-01T02:00:00.000Z',
      },
      file: { name: 'Report.xlsx', path: '/home/tech/Downloads/Report.xlsx', sizeBytes: 1234, sha256: SHA },
      verification: { method: 'checksum', description: expect.stringMatching(/sha256 the server announced/), announcedSha256: SHA },
      startedAt: '2026-03-02T10:00:00.000Z',
      finishedAt: '2026-03-02T10:00:05.000Z',
      technician: { name: 'Ada Tech', email: 'ada@example.com' },
      console: { version: '1.2.3' },
    });
    // What is written is what Copy receipt reads back.
    expect(downloadReceiptSchema.parse(JSON.parse(receiptJson(receipt)))).toEqual(receipt);
  });

  it('says what the file was verified against, or that it was not', () => {
    expect(buildReceipt(facts({ verified: 'size', announcedSha256: null })).verification).toEqual({
      method: 'size',
      description: expect.stringMatching(/as many bytes as the server announced \(Content-Length\)/),
      announcedSha256: null,
    });
    const none = buildReceipt(facts({ verified: null, announcedSha256: null }));
    expect(none.verification.method).toBe('none');
    expect(none.verification.description).toMatch(/^Not verified/);
    expect(receiptText(none)).toMatch(/Verification: Not verified/);
  });

  it('shows the id when a name is not known, and the listing name only as such', () => {
    const receipt = buildReceipt(facts({ deviceName: null, planName: null, itemPath: null }));
    const text = receiptText(receipt);
    expect(text).toMatch(/^Device: 42$/m);
    expect(text).toMatch(/^Plan: plan-1$/m);
    expect(text).toMatch(/^Path in the backup: Not known \(shown in the listing as Report\.xlsx\)$/m);
    expect(receiptText(buildReceipt(facts()))).toMatch(/^Device: FINANCE-PC \(42\)$/m);
  });

  it('names a folder zip by its folder, backup job and date', () => {
    const receipt = buildReceipt(
      facts({
        request: { kind: 'folder', nodeId: 42, planUid: 'plan-1', folderId: 'fold-3', jobId: 'job-5', restoreDeleted: true, name: 'Data' },
        zip: { readable: false, reason: 'no end of central directory was found' },
      }),
    );
    expect(receipt.item).toMatchObject({ kind: 'folder', folderId: 'fold-3', jobId: 'job-5', revisionId: null, restoreDeleted: true });
    expect(receiptText(receipt)).toMatch(/^Zip entries: Could not be read: no end of central directory was found$/m);
  });
});

describe('a receipt never contains a credential', () => {
  it('keeps only the origin of the instance', () => {
    expect(instanceOrigin('https://user:pw@rmm.example/oauth?token=abc')).toBe('https://rmm.example');
    expect(instanceOrigin('javascript:alert(1)')).toBeNull();
    expect(instanceOrigin('not a url')).toBeNull();
  });

  it("keeps the file's own facts as they are, and puts the server's names on one line", () => {
    const receipt = buildReceipt(facts({ fileName: 'session=notes key: x.txt', localPath: '/d/session=notes key: x.txt', planName: 'Plan\nSHA-256: 00ff', deviceName: 'PC\u202eexe.txt' }));
    expect(receipt.file.name).toBe('session=notes key: x.txt');
    expect(receipt.file.path).toBe('/d/session=notes key: x.txt');
    expect(receipt.plan.name).toBe('Plan SHA-256: 00ff');
    expect(receipt.device.name).toBe('PC exe.txt');
    expect(receiptText(receipt).split('\n').filter((line) => line.startsWith('SHA-256'))).toHaveLength(1);
  });

  it('cuts token-ish queries, bearer values and secret pairs out of every text', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.sig123';
    const receipt = buildReceipt(
      facts({
        instance: `https://rmm.example/ws?access_token=${token}`,
        itemPath: `https://s3.example/bucket/file?X-Amz-Signature=${token}&X-Amz-Credential=AKIA`,
        deviceName: `PC Authorization: Bearer ${token}`,
        planName: `plan token=${token}`,
        technician: { name: 'Ada', email: 'ada@example.com' },
      }),
    );
    for (const text of [receiptJson(receipt), receiptHtml(receipt), receiptText(receipt)]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain('AKIA');
      expect(text).not.toMatch(/Bearer [A-Za-z0-9]/);
    }
    expect(receipt.item.path).toBe('https://s3.example/bucket/file');
    expect(withoutCredentials('client_secret=abc password: hunter2 plain words')).toBe('client_secret=[removed] password: [removed] plain words');
  });
});

describe('the readable receipt', () => {
  it('escapes every value and loads nothing: no script, no external resource', () => {
    const hostile = '<script>alert("x")</script><img src=https://evil.example/x.png>';
    const html = receiptHtml(buildReceipt(facts({ fileName: hostile, deviceName: `"><a href='//evil'>`, zip: { readable: true, entryCount: 1, entries: [{ name: hostile, sizeBytes: 1, compressedBytes: 1, crc32: '00000000' }], moreEntries: 0 } })));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a\s/i);
    expect(html).not.toMatch(/<[^>]*\b(?:src|href)=/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toMatch(/<table>/);
  });

  it('lists a zip’s entries, and says how many more were not listed', () => {
    const receipt = buildReceipt(
      facts({
        request: { kind: 'folder', nodeId: 42, planUid: 'plan-1', folderId: 'f', jobId: 'j', restoreDeleted: false, name: 'Data' },
        zip: { readable: true, entryCount: 3, entries: [{ name: 'a.txt', sizeBytes: 5, compressedBytes: 7, crc32: '12345678' }], moreEntries: 2 },
      }),
    );
    const html = receiptHtml(receipt);
    expect(html).toContain('<td>a.txt</td><td class="num">5</td><td class="num">7</td><td class="hash">12345678</td>');
    expect(html).toContain('And 2 more entries');
    expect(receiptText(receipt)).toMatch(/^Zip entries: 3$/m);
  });
});

async function makeZip(file: string, entries: Array<[string, Buffer]>, zip64 = false): Promise<void> {
  const zip = new ZipFile();
  for (const [name, data] of entries) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(data, name, { compress: name.endsWith('.txt'), forceZip64Format: zip64 });
  }
  zip.end({ forceZip64Format: zip64, comment: '' });
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.pipe(out);
  });
}

describe('the zip central-directory reader', () => {
  it('lists a real zip’s entries with sizes and CRC-32', async () => {
    const file = join(tempDir('rmm-receipt-'), 'data.zip');
    const text = Buffer.from('hello hello hello hello hello\n'.repeat(50));
    await makeZip(file, [
      ['docs/readme.txt', text],
      ['Übersicht.bin', Buffer.from([1, 2, 3])],
      ['empty/', Buffer.alloc(0)],
    ]);
    const listing = await readZipEntries(file);
    expect(listing.readable).toBe(true);
    if (!listing.readable) return;
    expect(listing.entryCount).toBe(3);
    expect(listing.moreEntries).toBe(0);
    expect(listing.entries.map((e) => e.name)).toEqual(['docs/readme.txt', 'Übersicht.bin', 'empty/']);
    expect(listing.entries[0]).toMatchObject({ sizeBytes: text.length });
    expect(listing.entries[0]!.compressedBytes).toBeLessThan(text.length);
    // CRC-32 of [1, 2, 3].
    expect(listing.entries[1]).toEqual({ name: 'Übersicht.bin', sizeBytes: 3, compressedBytes: 3, crc32: '55bc801d' });
  });

  it('reads a ZIP64 archive through its ZIP64 records', async () => {
    const file = join(tempDir('rmm-receipt-'), 'big.zip');
    await makeZip(file, [['a.bin', Buffer.from([1, 2, 3])], ['b.txt', Buffer.from('b'.repeat(1000))]], true);
    const listing = await readZipEntries(file);
    expect(listing).toMatchObject({ readable: true, entryCount: 2, moreEntries: 0 });
    if (!listing.readable) return;
    expect(listing.entries[0]).toEqual({ name: 'a.bin', sizeBytes: 3, compressedBytes: 3, crc32: '55bc801d' });
    expect(listing.entries[1]).toMatchObject({ name: 'b.txt', sizeBytes: 1000 });
  });

  it('lists at most the cap and counts the rest', async () => {
    const file = join(tempDir('rmm-receipt-'), 'many.zip');
    await makeZip(file, Array.from({ length: 12 }, (_, i) => [`f${i}.bin`, Buffer.from([i])] as [string, Buffer]));
    const listing = await readZipEntries(file, 5);
    expect(listing).toMatchObject({ readable: true, entryCount: 12, moreEntries: 7 });
    if (listing.readable) expect(listing.entries).toHaveLength(5);
  });

  it('never throws on garbage: it says the entries could not be read', async () => {
    const folder = tempDir('rmm-receipt-');
    const garbage = join(folder, 'garbage.zip');
    writeFileSync(garbage, Buffer.from('this is not a zip at all, only some text'.repeat(100)));
    expect(await readZipEntries(garbage)).toEqual({ readable: false, reason: 'no end of central directory was found' });
    const tiny = join(folder, 'tiny.zip');
    writeFileSync(tiny, 'PK');
    expect((await readZipEntries(tiny)).readable).toBe(false);
    // An end record pointing past the end of the file.
    const lying = Buffer.alloc(22);
    lying.writeUInt32LE(0x06054b50, 0);
    lying.writeUInt16LE(5, 10);
    lying.writeUInt32LE(1000, 12);
    lying.writeUInt32LE(5000, 16);
    const liar = join(folder, 'liar.zip');
    writeFileSync(liar, lying);
    expect(await readZipEntries(liar)).toEqual({ readable: false, reason: 'its central directory is outside the file' });
    expect((await readZipEntries(join(folder, 'missing.zip'))).readable).toBe(false);
  });
});
