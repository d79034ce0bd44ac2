import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupWorld, DEMO_FIXTURES as F, ODD_FILE_NAMES } from '../../src/demo-server/data/backup';
import { contentBytes, expectedSha256, imageFileContentKey, revisionContentKey } from '../../src/demo-server/data/backup/content';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { tempDir } from '../helpers/temp';
import { demoAccessToken } from '../helpers/demo-token';

const LH = '/api/backup/lockhart';
const seg = encodeURIComponent;
const UNAVAILABLE = {
  error: 'download_unavailable',
  message: 'Browser download is not available for the selected file(s). To recover the file(s), please use the restore option.',
};

let demo: DemoServer;
let token: string;
let dir: string;

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: 'demo-admin', sizes: { bigFolderItems: 1000 } });
  token = await demoAccessToken(demo.url);
  dir = tempDir('demo-downloads-');
});
afterAll(async () => {
  await demo.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET', server = demo, bearer = token): Promise<Response> {
  return fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, ...headers } });
}

async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function patchConfig(body: unknown, server = demo): Promise<void> {
  const res = await fetch(`${server.url}/__demo/config`, {
    method: 'PATCH',
    headers: { 'x-demo-admin': 'demo-admin', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function expectJsonError(res: Response, status: number, error?: string): Promise<{ error: string; message: string }> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as { error: string; message: string };
  expect(body).toEqual({ error: error ?? expect.any(String), message: expect.any(String) });
  return body;
}

/** Streams a response body to a temp file (zips are checked with unzip, which needs a file). */
async function saveTo(res: Response, name: string): Promise<string> {
  const file = join(dir, name);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  return file;
}

function unzipTest(file: string): string {
  return execFileSync('/usr/bin/unzip', ['-t', file], { encoding: 'utf8' });
}

function unzipNames(file: string): string[] {
  return execFileSync('/usr/bin/unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

// ---------------------------------------------------------------------------

const plan = F.filePlan.uid;
const revisionPath = (revisionId: string, planUid = plan, nodeId = 1) => `${LH}/nodes/${nodeId}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/data`;
const folderZipPath = (folderId: string, jobId: string, restoreDeleted?: boolean, planUid = plan, nodeId = 1) =>
  `${LH}/nodes/${nodeId}/plans/${seg(planUid)}/folders/${seg(folderId)}/jobs/${seg(jobId)}/data${restoreDeleted === undefined ? '' : `?restoreDeleted=${restoreDeleted}`}`;
const imagePath = (path: string, type: 'FILE' | 'FOLDER', revisionId: string = F.downloads.image.revisionId) =>
  `${LH}/image/nodes/1/plans/${seg(F.imagePlan.uid)}/revisions/${seg(revisionId)}/download?fileBase64=${seg(Buffer.from(path).toString('base64'))}&type=${type}`;

function smallRevision() {
  const found = BackupWorld.of(demo.world).fileRevision(1, plan, F.downloads.smallRevisionId);
  if (!found) throw new Error('fixture revision missing');
  return { ...found, key: revisionContentKey(demo.config, 1, plan, F.downloads.smallRevisionId) };
}

describe('demo download API: file revisions', () => {
  it('requires a bearer token', async () => {
    const res = await fetch(`${demo.url}${revisionPath(F.downloads.smallRevisionId)}`);
    expect(res.status).toBe(401);
  });

  it('sends the whole revision with its headers; the body hashes to expectedSha256 and the checksum header', async () => {
    const { revision, file, key } = smallRevision();
    const before = demo.stats.downloadBytesSent;
    const res = await get(revisionPath(F.downloads.smallRevisionId));
    expect(res.status).toBe(200);
    const expected = expectedSha256(key, revision.size);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-length': String(revision.size),
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      'last-modified': new Date(revision.modified).toUTCString(),
      'content-disposition': `attachment; filename="${file.item.name}"; filename*=UTF-8''${encodeURIComponent(file.item.name)}`,
      'x-checksum-sha256': expected,
    });
    const body = await bytesOf(res);
    expect(body).toHaveLength(revision.size);
    expect(sha256(body)).toBe(expected);
    expect(demo.stats.downloadBytesSent - before).toBe(revision.size);
  });

  it('answers ranges with 206 and the matching slice, 416 past the end, and ignores several ranges', async () => {
    const { revision, key } = smallRevision();
    const size = revision.size;
    const whole = (await get(revisionPath(F.downloads.smallRevisionId))).headers;
    for (const [header, first, last] of [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ] as const) {
      const res = await get(revisionPath(F.downloads.smallRevisionId), { range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${first}-${last}/${size}`);
      expect(res.headers.get('content-length')).toBe(String(last - first + 1));
      expect(res.headers.get('etag')).toBe(whole.get('etag'));
      // The checksum is of the whole representation, on 206 too.
      expect(res.headers.get('x-checksum-sha256')).toBe(whole.get('x-checksum-sha256'));
      expect((await bytesOf(res)).equals(contentBytes(key, size, { start: first, end: last + 1 })), header).toBe(true);
    }
    const past = await get(revisionPath(F.downloads.smallRevisionId), { range: `bytes=${size}-` });
    await expectJsonError(past, 416, 'range_not_satisfiable');
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const several = await get(revisionPath(F.downloads.smallRevisionId), { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect((await bytesOf(several)).length).toBe(size);
  });

  it('honours If-Range only when it matches the current ETag', async () => {
    const { revision } = smallRevision();
    const etag = (await get(revisionPath(F.downloads.smallRevisionId), {}, 'HEAD')).headers.get('etag') ?? '';
    const matching = await get(revisionPath(F.downloads.smallRevisionId), { range: 'bytes=10-19', 'if-range': etag });
    expect(matching.status).toBe(206);
    expect((await bytesOf(matching)).length).toBe(10);
    const stale = await get(revisionPath(F.downloads.smallRevisionId), { range: 'bytes=10-19', 'if-range': '"stale-etag"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-range')).toBeNull();
    expect((await bytesOf(stale)).length).toBe(revision.size);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { revision } = smallRevision();
    const before = demo.stats.downloadBytesSent;
    const head = await get(revisionPath(F.downloads.smallRevisionId), {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(revision.size));
    expect(head.headers.get('x-checksum-sha256')).toMatch(/^[0-9a-f]{64}$/);
    expect((await bytesOf(head)).length).toBe(0);
    const ranged = await get(revisionPath(F.downloads.smallRevisionId), { range: 'bytes=0-9' }, 'HEAD');
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-length')).toBe('10');
    expect(demo.stats.downloadBytesSent).toBe(before);
  });

  it('answers 409 download_unavailable for unreadable files and revisions not in the cloud, 404 for unknown ids', async () => {
    expect(await expectJsonError(await get(revisionPath(F.downloads.unreadableRevisionId)), 409)).toEqual(UNAVAILABLE);
    expect(await expectJsonError(await get(revisionPath(F.downloads.notInCloudRevisionId)), 409)).toEqual(UNAVAILABLE);
    await expectJsonError(await get(revisionPath(`${F.files.accounting.id}_r999`)), 404, 'not_found');
    await expectJsonError(await get(revisionPath('no-such-revision')), 404, 'not_found');
    await expectJsonError(await get(revisionPath(F.downloads.smallRevisionId, 'no-such-plan')), 404, 'not_found');
    await expectJsonError(await get(revisionPath(F.downloads.smallRevisionId, plan, 99_999)), 404, 'not_found');
    await expectJsonError(await get(revisionPath(F.downloads.smallRevisionId, plan, 'x' as unknown as number)), 400, 'bad_request');
  });

  it('sends hostile names as they are: the ASCII fallback and the exact UTF-8 name', async () => {
    expect(F.oddNames.files.map((f) => f.name)).toEqual([...ODD_FILE_NAMES]);
    const dispositions = new Map<string, string>();
    for (const file of F.oddNames.files) {
      const res = await get(revisionPath(file.revisionId, F.oddNames.plan.uid, F.oddNames.nodeId));
      expect(res.status, file.name).toBe(200);
      const disposition = res.headers.get('content-disposition') ?? '';
      const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
      expect(decodeURIComponent(star)).toBe(file.name);
      dispositions.set(file.name, disposition);
      expect((await bytesOf(res)).length).toBeLessThan(8 * 1024);
    }
    expect(dispositions.get('..\\..\\y.txt')).toContain('filename="..\\\\..\\\\y.txt"');
    expect(dispositions.get('\u{1F4F7} holiday snap.jpg')).toContain('filename="_ holiday snap.jpg"');
    expect(new Set(F.oddNames.files.map((f) => f.id)).size).toBe(F.oddNames.files.length);
  });
});

describe('demo download API: folder zips', () => {
  it('zips C:\\Users as of a cloud job: Content-Length up front, unzip -t passes, paths relative to the folder', async () => {
    const res = await get(folderZipPath(F.folders.users.id, F.downloads.cloudJobId));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Users.zip"; filename*=UTF-8''Users.zip`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-checksum-sha256')).toBeNull();
    const length = Number(res.headers.get('content-length'));
    const file = await saveTo(res, 'users.zip');
    expect(unzipTest(file)).toContain('No errors detected');
    const names = unzipNames(file);
    expect(names).toContain('alex/Documents/Q3 report.docx');
    expect(names).toContain('robin/Pictures/whiteboard.jpg');
    expect(names.every((name) => !name.startsWith('Users') && !name.includes('\\'))).toBe(true);
    expect(names).toHaveLength(11);
    const again = await bytesOf(await get(folderZipPath(F.folders.users.id, F.downloads.cloudJobId)));
    expect(again).toHaveLength(length);
  });

  it('puts a file in the zip with exactly the bytes of its revision download', async () => {
    const { handoff, plan: oddPlan, nodeId, cloudJobId } = F.oddNames;
    const file = await saveTo(await get(folderZipPath(handoff.folder.id, cloudJobId, false, oddPlan.uid, nodeId)), 'handoff-brief.zip');
    const inZip = execFileSync('/usr/bin/unzip', ['-p', file, 'brief.txt']);
    const revisionId = `${handoff.brief.id}_r0`;
    const direct = await bytesOf(await get(revisionPath(revisionId, oddPlan.uid, nodeId)));
    expect(Buffer.from(inZip).equals(direct)).toBe(true);
  });

  it('includes deleted files only with restoreDeleted=true, and empty folders as entries', async () => {
    const { handoff, plan: oddPlan, nodeId, cloudJobId } = F.oddNames;
    const without = await saveTo(await get(folderZipPath(handoff.folder.id, cloudJobId, false, oddPlan.uid, nodeId)), 'handoff.zip');
    const withDeleted = await saveTo(await get(folderZipPath(handoff.folder.id, cloudJobId, true, oddPlan.uid, nodeId)), 'handoff-deleted.zip');
    const byDefault = await saveTo(await get(folderZipPath(handoff.folder.id, cloudJobId, undefined, oddPlan.uid, nodeId)), 'handoff-default.zip');
    for (const file of [without, withDeleted, byDefault]) expect(unzipTest(file)).toContain('No errors detected');
    expect(unzipNames(without)).toEqual(['assets/logo.png', 'Empty drafts/', 'brief.txt']);
    expect(unzipNames(byDefault)).toEqual(unzipNames(without));
    expect(unzipNames(withDeleted)).toEqual(['assets/logo.png', 'Empty drafts/', 'brief.txt', 'superseded.txt']);
    const etags = await Promise.all(
      [false, true].map(async (flag) => (await get(folderZipPath(handoff.folder.id, cloudJobId, flag, oddPlan.uid, nodeId), {}, 'HEAD')).headers.get('etag')),
    );
    expect(etags[0]).not.toBe(etags[1]);
  });

  it('zips the odd names into entries unzip accepts', async () => {
    const { folder, plan: oddPlan, nodeId, cloudJobId } = F.oddNames;
    const res = await get(folderZipPath(folder.id, cloudJobId, false, oddPlan.uid, nodeId));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Odd names.zip"; filename*=UTF-8''Odd%20names.zip`);
    const file = await saveTo(res, 'odd.zip');
    expect(unzipTest(file)).toContain('No errors detected');
    const names = unzipNames(file);
    expect(names).toHaveLength(ODD_FILE_NAMES.length);
    expect(names).toEqual(expect.arrayContaining(['.._.._x', '.._.._y.txt', '_etc_passwd', 'CON', 'aux.txt', 'a_b.txt', 'Report.TXT', 'report.txt']));
  });

  it('supports Range, If-Range and HEAD on zips (regenerated deterministically)', async () => {
    const path = folderZipPath(F.folders.users.id, F.downloads.cloudJobId);
    const whole = await bytesOf(await get(path));
    const head = await get(path, {}, 'HEAD');
    expect(head.headers.get('content-length')).toBe(String(whole.length));
    const etag = head.headers.get('etag') ?? '';
    const start = Math.floor(whole.length / 3);
    const part = await get(path, { range: `bytes=${start}-`, 'if-range': etag });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${whole.length - 1}/${whole.length}`);
    expect((await bytesOf(part)).equals(whole.subarray(start))).toBe(true);
    const tail = await get(path, { range: 'bytes=-22' });
    expect((await bytesOf(tail)).equals(whole.subarray(whole.length - 22))).toBe(true);
    expect((await get(path, { range: 'bytes=0-9', 'if-range': '"other"' })).status).toBe(200);
    await expectJsonError(await get(path, { range: `bytes=${whole.length}-` }), 416, 'range_not_satisfiable');
  });

  it('answers the documented errors', async () => {
    const job = F.downloads.cloudJobId;
    expect(await expectJsonError(await get(folderZipPath(F.folders.users.id, F.downloads.notInCloudJobId)), 409)).toEqual(UNAVAILABLE);
    await expectJsonError(await get(folderZipPath(F.folders.users.id, `${plan}_j19990101`)), 404, 'not_found');
    await expectJsonError(await get(folderZipPath(F.folders.users.id, 'nope')), 404, 'not_found');
    await expectJsonError(await get(folderZipPath('no-such-folder', job)), 404, 'not_found');
    await expectJsonError(await get(folderZipPath(F.files.readme.id, job)), 400, 'bad_request');
    await expectJsonError(await get(`${folderZipPath(F.folders.users.id, job)}?restoreDeleted=yes`), 400, 'bad_request');
    await expectJsonError(await get(folderZipPath(F.folders.broken.id, job)), 500, 'internal');
    await expectJsonError(await get(folderZipPath(F.folders.users.id, job, false, F.imagePlan.uid)), 400, 'bad_request');
  });

  it('refuses folders with more entries than zipMaxEntries with 422', async () => {
    const big = await startDemoServer({ sizes: { bigFolderItems: 30_000 } });
    try {
      const bearer = await demoAccessToken(big.url);
      const res = await get(folderZipPath(F.folders.archive.id, F.downloads.cloudJobId), {}, 'GET', big, bearer);
      const body = await expectJsonError(res, 422, 'too_many_items');
      expect(body.message).toContain('20,000');
    } finally {
      await big.close();
    }
    const small = await startDemoServer({ sizes: { zipMaxEntries: 5 } });
    try {
      const res = await get(folderZipPath(F.folders.users.id, F.downloads.cloudJobId), {}, 'GET', small, await demoAccessToken(small.url));
      await expectJsonError(res, 422, 'too_many_items');
    } finally {
      await small.close();
    }
  });
});

describe('demo download API: mounted images', () => {
  it('downloads a file by its base64 path (case-insensitive)', async () => {
    const { node, path } = BackupWorld.of(demo.world).mountedItem(F.downloads.image.file);
    const key = imageFileContentKey(demo.config, 1, F.imagePlan.uid, F.downloads.image.revisionId, path);
    const res = await get(imagePath('\\WINDOWS\\Win.ini', 'FILE'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="win.ini"; filename*=UTF-8''win.ini`);
    expect(res.headers.get('x-checksum-sha256')).toBe(expectedSha256(key, node.item.size));
    expect(sha256(await bytesOf(res))).toBe(expectedSha256(key, node.item.size));
    const ranged = await get(imagePath(F.downloads.image.file, 'FILE'), { range: 'bytes=5-14' });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).equals(contentBytes(key, node.item.size, { start: 5, end: 15 }))).toBe(true);
  });

  it('downloads a folder as a zip that unzip -t accepts', async () => {
    const res = await get(imagePath(F.downloads.image.folder, 'FOLDER'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="Documents.zip"');
    const file = await saveTo(res, 'image-documents.zip');
    expect(unzipTest(file)).toContain('No errors detected');
    expect(unzipNames(file).sort()).toEqual(['install-log.txt', 'network-setup.txt', 'readme.txt', 'welcome.txt']);
  });

  it('answers 400, 404, 409 and 500 as documented', async () => {
    const revision = F.downloads.image.revisionId;
    const base = `${LH}/image/nodes/1/plans/${seg(F.imagePlan.uid)}/revisions/${seg(revision)}/download`;
    await expectJsonError(await get(`${base}?fileBase64=%25%25&type=FILE`), 400, 'bad_request');
    await expectJsonError(await get(`${base}?type=FILE`), 400, 'bad_request');
    await expectJsonError(await get(`${base}?fileBase64=${seg(btoa('/win.ini'))}&type=BOTH`), 400, 'bad_request');
    await expectJsonError(await get(imagePath('/Windows', 'FILE')), 400, 'bad_request');
    await expectJsonError(await get(imagePath('/Windows/win.ini', 'FOLDER')), 400, 'bad_request');
    await expectJsonError(await get(imagePath('/No/such/file.txt', 'FILE')), 404, 'not_found');
    await expectJsonError(await get(imagePath('/Windows/win.ini', 'FILE', `${F.imageVolume.fileId}_r999`)), 404, 'not_found');
    await expectJsonError(await get(imagePath(F.downloads.image.corruptFolder, 'FOLDER')), 500, 'internal');
    const notInCloud = F.downloads.imageNotInCloud;
    const path = `${LH}/image/nodes/${notInCloud.nodeId}/plans/${seg(notInCloud.planUid)}/revisions/${seg(notInCloud.revisionId)}/download?fileBase64=${seg(btoa('/Windows/win.ini'))}&type=FILE`;
    expect(await expectJsonError(await get(path), 409)).toEqual(UNAVAILABLE);
  });
});

describe('demo download API: content changes and faults', () => {
  it('changes ETag and bytes with contentVersion; a stale If-Range then gets the whole new file', async () => {
    const { revision } = smallRevision();
    const before = await get(revisionPath(F.downloads.smallRevisionId));
    const oldEtag = before.headers.get('etag') ?? '';
    const oldBody = await bytesOf(before);
    const zipEtag = (await get(folderZipPath(F.folders.users.id, F.downloads.cloudJobId), {}, 'HEAD')).headers.get('etag');
    await patchConfig({ contentVersion: 1 });
    try {
      const after = await get(revisionPath(F.downloads.smallRevisionId), { range: 'bytes=100-', 'if-range': oldEtag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(oldEtag);
      const newBody = await bytesOf(after);
      expect(newBody).toHaveLength(revision.size);
      expect(newBody.equals(oldBody)).toBe(false);
      const key = revisionContentKey(demo.config, 1, plan, F.downloads.smallRevisionId);
      expect(sha256(newBody)).toBe(expectedSha256(key, revision.size));
      expect(after.headers.get('x-checksum-sha256')).toBe(sha256(newBody));
      expect((await get(folderZipPath(F.folders.users.id, F.downloads.cloudJobId), {}, 'HEAD')).headers.get('etag')).not.toBe(zipEtag);
    } finally {
      await patchConfig({ contentVersion: 0 });
    }
    expect((await get(revisionPath(F.downloads.smallRevisionId), {}, 'HEAD')).headers.get('etag')).toBe(oldEtag);
  });

  it('drops a download after dropAfterBytes; counts only the bytes sent; a Range request resumes it', async () => {
    const { revision, key } = smallRevision();
    const limit = Math.floor(revision.size / 2);
    await patchConfig({ faults: { dropAfterBytes: limit, dropPathPattern: '/revisions/.*/data$', dropTimes: 1 } });
    try {
      const sentBefore = demo.stats.downloadBytesSent;
      const droppedBefore = demo.stats.droppedConnections;
      const res = await get(revisionPath(F.downloads.smallRevisionId));
      expect(res.status).toBe(200);
      const received: Buffer[] = [];
      const reader = res.body?.getReader();
      await expect(
        (async () => {
          for (;;) {
            const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
            if (done) return;
            received.push(Buffer.from(value));
          }
        })(),
      ).rejects.toThrow();
      const first = Buffer.concat(received);
      expect(first).toHaveLength(limit);
      expect(demo.stats.droppedConnections - droppedBefore).toBe(1);
      expect(demo.stats.downloadBytesSent - sentBefore).toBe(limit);

      const rest = await get(revisionPath(F.downloads.smallRevisionId), { range: `bytes=${limit}-`, 'if-range': res.headers.get('etag') ?? '' });
      expect(rest.status).toBe(206);
      const whole = Buffer.concat([first, await bytesOf(rest)]);
      expect(sha256(whole)).toBe(expectedSha256(key, revision.size));
      expect(demo.stats.downloadBytesSent - sentBefore).toBe(revision.size);
    } finally {
      await patchConfig({ faults: { dropAfterBytes: null, dropPathPattern: null, dropTimes: null } });
    }
  });

  it('stops generating when the client goes away', async () => {
    const sentBefore = demo.stats.downloadBytesSent;
    const controller = new AbortController();
    const res = await fetch(`${demo.url}${revisionPath(`${F.files.vmDisk.id}_r2`)}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-checksum-sha256')).toBeNull();
    const size = Number(res.headers.get('content-length'));
    const reader = res.body?.getReader();
    await reader?.read();
    controller.abort();
    // Wait until the server stops writing: the count settles far below the file's 8 GiB.
    let settled = -1;
    for (let i = 0; i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = demo.stats.downloadBytesSent - sentBefore;
      if (sent === settled) break;
      settled = sent;
    }
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan(size / 16);
  });
});

describe('demo download API: ZIP64 structure', () => {
  it('ends a > 4 GiB zip with the ZIP64 end records (its tail served by a Range request)', { timeout: 60_000 }, async () => {
    const server = await startDemoServer({ sizes: { largestFileBytes: 1024 * 1024 } });
    try {
      const bearer = await demoAccessToken(server.url);
      const path = folderZipPath(F.folders.media.id, F.downloads.cloudJobId);
      const head = await get(path, {}, 'HEAD', server, bearer);
      const length = Number(head.headers.get('content-length'));
      expect(length).toBeGreaterThan(4 * 1024 ** 3);
      // ZIP64 end of central directory record (56 bytes), its locator (20), the classic end record (22).
      const tail = await bytesOf(await get(path, { range: 'bytes=-98' }, 'GET', server, bearer));
      expect(tail).toHaveLength(98);
      expect(tail.readUInt32LE(0)).toBe(0x06064b50);
      expect(tail.readUInt32LE(56)).toBe(0x07064b50);
      expect(tail.readUInt32LE(76)).toBe(0x06054b50);
      const centralDirectoryOffset = Number(tail.readBigUInt64LE(48));
      expect(centralDirectoryOffset).toBeGreaterThan(0xffffffff);
      expect(Number(tail.readBigUInt64LE(56 + 8))).toBe(length - 98);
    } finally {
      await server.close();
    }
  });
});

// Opt-in (writes ~4.8 GB to a temp file): DEMO_ZIP64_TEST=1 npx vitest run --project integration tests/integration/demo-download-api.test.ts
describe.runIf(process.env.DEMO_ZIP64_TEST === '1')('demo download API: ZIP64', () => {
  it('zips C:\\Data\\Media (> 4 GiB) into a zip that unzip -t accepts', { timeout: 180_000 }, async () => {
    const server = await startDemoServer({ sizes: { largestFileBytes: 1024 * 1024 } });
    try {
      const res = await get(folderZipPath(F.folders.media.id, F.downloads.cloudJobId), {}, 'GET', server, await demoAccessToken(server.url));
      expect(res.status).toBe(200);
      const length = Number(res.headers.get('content-length'));
      expect(length).toBeGreaterThan(4 * 1024 ** 3);
      const file = await saveTo(res, 'media.zip');
      expect(unzipTest(file)).toContain('No errors detected');
      expect(unzipNames(file).sort()).toEqual(['database.bak', 'training.mp4', 'vm-disk.vhdx']);
      rmSync(file);
    } finally {
      await server.close();
    }
  });
});
