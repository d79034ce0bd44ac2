import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_BLOCK_BYTES,
  contentBytes,
  contentChunks,
  contentSha256,
  expectedSha256,
  imageFileContentKey,
  memoisedContentSha256,
  revisionContentKey,
} from '../../src/demo-server/data/backup/content';
import { contentDisposition, etagFor, ifRangeAllows, parseRangeHeader } from '../../src/demo-server/download';
import { HttpError } from '../../src/demo-server/http';
import { decodeBase64Path } from '../../src/demo-server/routes/downloads/downloads';
import { streamZip, zipEntryPath, type ZipItem } from '../../src/demo-server/zip';

const GIB = 1024 ** 3;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('demo download content', () => {
  const size = 3 * CONTENT_BLOCK_BYTES + 12_345;
  const whole = contentBytes('key-a', size);

  it('is deterministic and as long as asked', () => {
    expect(whole).toHaveLength(size);
    expect(contentBytes('key-a', size).equals(whole)).toBe(true);
    expect(contentBytes('key-a', 0)).toHaveLength(0);
    for (const chunk of contentChunks('key-a', size)) expect(chunk.length).toBeLessThanOrEqual(CONTENT_BLOCK_BYTES);
  });

  it('gives every range the matching part of the whole', () => {
    const ranges = [
      [0, 1],
      [0, size],
      [1, 2],
      [CONTENT_BLOCK_BYTES - 3, CONTENT_BLOCK_BYTES + 3],
      [CONTENT_BLOCK_BYTES, 2 * CONTENT_BLOCK_BYTES],
      [12_345, 3 * CONTENT_BLOCK_BYTES + 1],
      [size - 1, size],
      [size, size],
    ] as const;
    for (const [start, end] of ranges) expect(contentBytes('key-a', size, { start, end }).equals(whole.subarray(start, end)), `${start}-${end}`).toBe(true);
    expect(() => contentBytes('key-a', size, { start: 5, end: size + 1 })).toThrow(RangeError);
    expect(() => contentBytes('key-a', size, { start: 6, end: 5 })).toThrow(RangeError);
  });

  it('does not depend on the size beyond its length, and reaches far offsets at once', () => {
    expect(contentBytes('key-a', 2 * size, { start: 0, end: size }).equals(whole)).toBe(true);
    const far = 7 * GIB + 123;
    const slice = contentBytes('key-a', 8 * GIB, { start: far, end: far + 2 * CONTENT_BLOCK_BYTES });
    expect(slice.equals(contentBytes('key-a', 8 * GIB, { start: far, end: far + 2 * CONTENT_BLOCK_BYTES }))).toBe(true);
  });

  it('differs between keys, content versions and blocks', () => {
    expect(contentBytes('key-b', size).equals(whole)).toBe(false);
    const config = { seed: 'rmm-demo', contentVersion: 0 };
    const v0 = revisionContentKey(config, 1, 'plan', 'file_r0');
    const v1 = revisionContentKey({ ...config, contentVersion: 1 }, 1, 'plan', 'file_r0');
    expect(v0).not.toBe(v1);
    expect(contentBytes(v0, 4096).equals(contentBytes(v1, 4096))).toBe(false);
    expect(revisionContentKey({ ...config, seed: 'other' }, 1, 'plan', 'file_r0')).not.toBe(v0);
    expect(imageFileContentKey(config, 1, 'plan', 'file_r0', '/win.ini')).not.toBe(v0);
    const blocks = [0, 1, 2].map((b) => whole.subarray(b * CONTENT_BLOCK_BYTES, (b + 1) * CONTENT_BLOCK_BYTES));
    expect(blocks[0]?.equals(blocks[1] as Buffer)).toBe(false);
    expect(blocks[1]?.equals(blocks[2] as Buffer)).toBe(false);
    // Not trivially compressible: every byte value occurs.
    expect(new Set(whole.subarray(0, 65_536)).size).toBe(256);
  });

  it('computes the SHA-256 without storing the content, sync, async and memoised', async () => {
    const expected = sha256(whole);
    expect(expectedSha256('key-a', size)).toBe(expected);
    await expect(contentSha256('key-a', size)).resolves.toBe(expected);
    const first = memoisedContentSha256('key-a', size);
    expect(memoisedContentSha256('key-a', size)).toBe(first);
    await expect(first).resolves.toBe(expected);
  });
});

describe('Range header parsing', () => {
  const size = 1000;
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-499', { kind: 'partial', first: 0, last: 499 }],
    ['bytes=500-', { kind: 'partial', first: 500, last: 999 }],
    ['bytes=-200', { kind: 'partial', first: 800, last: 999 }],
    ['bytes=-5000', { kind: 'partial', first: 0, last: 999 }],
    ['bytes=900-5000', { kind: 'partial', first: 900, last: 999 }],
    ['bytes=999-999', { kind: 'partial', first: 999, last: 999 }],
    ['Bytes = 10 - 20', { kind: 'partial', first: 10, last: 20 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1200', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=a-b', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['', { kind: 'full' }],
  ])('%s', (header, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });

  it('handles empty representations and If-Range', () => {
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-10', 0)).toEqual({ kind: 'full' });
    const etag = etagFor('key', 10);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(etagFor('key', 11)).not.toBe(etag);
    const date = 'Thu, 19 Nov 2026 02:21:00 GMT';
    expect(ifRangeAllows(undefined, etag, date)).toBe(true);
    expect(ifRangeAllows(etag, etag, date)).toBe(true);
    expect(ifRangeAllows(` ${etag} `, etag, date)).toBe(true);
    expect(ifRangeAllows('"other"', etag, date)).toBe(false);
    expect(ifRangeAllows(`W/${etag}`, etag, date)).toBe(false);
    expect(ifRangeAllows(date, etag, date)).toBe(true);
    expect(ifRangeAllows('Fri, 20 Nov 2026 02:21:00 GMT', etag, date)).toBe(false);
  });
});

describe('download headers and parameters', () => {
  it('builds Content-Disposition with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('report.txt')).toBe(`attachment; filename="report.txt"; filename*=UTF-8''report.txt`);
    expect(contentDisposition('Q3 report (final)*.docx')).toBe(`attachment; filename="Q3 report (final)*.docx"; filename*=UTF-8''Q3%20report%20%28final%29%2A.docx`);
    expect(contentDisposition('say "hi" \\ bye')).toBe(`attachment; filename="say \\"hi\\" \\\\ bye"; filename*=UTF-8''say%20%22hi%22%20%5C%20bye`);
    expect(contentDisposition('\u{1F4F7} Übersicht.jpg')).toBe(`attachment; filename="_ _bersicht.jpg"; filename*=UTF-8''%F0%9F%93%B7%20%C3%9Cbersicht.jpg`);
    expect(contentDisposition('a\r\nb')).toBe(`attachment; filename="a__b"; filename*=UTF-8''a%0D%0Ab`);
  });

  it('decodes fileBase64 (standard or URL-safe, padding optional) and refuses bad values with 400', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64');
    expect(decodeBase64Path(encode('/Windows/win.ini'))).toBe('/Windows/win.ini');
    expect(decodeBase64Path(encode('/Users/Public/Documents').replace(/=+$/, ''))).toBe('/Users/Public/Documents');
    expect(decodeBase64Path(Buffer.from('/ü?>').toString('base64url'))).toBe('/ü?>');
    expect(decodeBase64Path(Buffer.from('/ü?>').toString('base64').replaceAll('+', ' '))).toBe('/ü?>');
    for (const bad of [null, '', '%%%', 'a', encode('\0'), encode('   '), Buffer.from([0xff, 0xfe]).toString('base64')]) {
      let status: number | undefined;
      try {
        decodeBase64Path(bad);
      } catch (error) {
        status = error instanceof HttpError ? error.status : undefined;
      }
      expect(status, String(bad)).toBe(400);
    }
  });

  it('makes zip entry paths from names the zip format can carry', () => {
    expect(zipEntryPath(['assets', 'logo.png'])).toBe('assets/logo.png');
    expect(zipEntryPath(['../../x'])).toBe('.._.._x');
    expect(zipEntryPath(['..\\..\\y.txt'])).toBe('.._.._y.txt');
    expect(zipEntryPath(['/etc/passwd'])).toBe('_etc_passwd');
    expect(zipEntryPath(['a:b.txt'])).toBe('a_b.txt');
    expect(zipEntryPath(['..', '.', 'x'])).toBe('__/_/x');
    expect(zipEntryPath(['trailing. ', 'CON'])).toBe('trailing. /CON');
  });
});

describe('streamed zips', () => {
  const items: ZipItem[] = [
    { kind: 'file', path: 'a/one.bin', key: 'one', size: 3 * CONTENT_BLOCK_BYTES + 7, modified: Date.parse('2026-11-18T10:00:00Z') },
    { kind: 'folder', path: 'a/empty', modified: Date.parse('2026-11-19T02:00:00Z') },
    { kind: 'file', path: '\u{1F4F7}.jpg', key: 'two', size: 1234, modified: Date.parse('2026-03-29T02:30:00Z') },
  ];

  async function read(span?: { start: number; end: number }): Promise<Buffer> {
    const zip = streamZip(items);
    const chunks: Buffer[] = [];
    for await (const chunk of zip.bytes(span ?? { start: 0, end: zip.size }, new AbortController().signal)) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  it('knows its size before the first byte, and is deterministic whatever the time zone', async () => {
    const zip = streamZip(items);
    zip.discard();
    const whole = await read();
    expect(whole).toHaveLength(zip.size);
    expect(whole.readUInt32LE(0)).toBe(0x04034b50);
    expect(whole.includes(contentBytes('one', 1000))).toBe(true);
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      expect((await read()).equals(whole)).toBe(true);
      process.env.TZ = 'Asia/Kolkata';
      expect((await read()).equals(whole)).toBe(true);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('serves any range as the matching slice of the whole', async () => {
    const whole = await read();
    for (const [start, end] of [
      [0, 10],
      [30, CONTENT_BLOCK_BYTES + 100],
      [whole.length - 22, whole.length],
      [1000, whole.length],
    ] as const) {
      expect((await read({ start, end })).equals(whole.subarray(start, end)), `${start}-${end}`).toBe(true);
    }
  });
});
