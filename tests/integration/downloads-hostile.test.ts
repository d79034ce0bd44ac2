/**
 * The download manager against small hostile HTTP servers on 127.0.0.1: a server that sends a byte per answer and drops, one
 * that streams without a length and without end, one that changes the file
 * mid-download, and one that names nothing.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadRequest } from '../../src/shared/model/downloads';
import { ApiClient } from '../../src/main/services/platform/api/api-client';
import { resumePlan } from '../../src/main/services/downloads/download-decisions';
import { DownloadManager, type DownloadSettings } from '../../src/main/services/downloads/download-manager';
import { DownloadStore } from '../../src/main/services/downloads/download-store';
import { EventBus } from '../../src/main/services/platform/events';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import { cleanups, downloadedFiles, MIB, nextFinished, until } from '../helpers/downloads';
import { tempDir } from '../helpers/temp';

const REVISION: DownloadRequest = { kind: 'revision', nodeId: 1, planUid: 'plan', revisionId: 'rev-7', name: 'x.exe' };

async function hostileServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; requests: Array<{ range?: string }> }> {
  const requests: Array<{ range?: string }> = [];
  const server = createServer((req, res) => {
    requests.push({ range: req.headers.range });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function managerFor(url: string, settings: DownloadSettings, retryDelaysMs: number[]) {
  const expiresAt = Date.now() + 3_600_000;
  const tokens = new TokenManager(async () => ({ accessToken: 'token', expiresAt }), { accessToken: 'token', expiresAt });
  const api = new ApiClient({ baseUrl: url, tokens, onSessionExpired: () => undefined });
  const store = new DownloadStore(join(tempDir('rmm-store-'), 'downloads.sqlite'));
  const events = new EventBus();
  const manager = new DownloadManager({ store, api: () => api, scope: () => 'hostile', events, settings: () => settings, retryDelaysMs, markFromInternet: async () => undefined });
  cleanups.push(async () => {
    await manager.dispose();
    store.close();
  });
  return { manager, events, store };
}

describe('downloads from hostile servers', () => {
  it('gives up on a server that sends a byte per answer and drops, instead of retrying forever', async () => {
    const size = 10 * MIB;
    const { url, requests } = await hostileServer((req, res) => {
      const from = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
      const headers = { etag: '"v1"', 'content-length': String(size - from) };
      if (from > 0) res.writeHead(206, { ...headers, 'content-range': `bytes ${from}-${size - 1}/${size}` });
      else res.writeHead(200, headers);
      res.write(Buffer.from('x'), () => setTimeout(() => res.destroy(), 100));
    });
    const { manager, events } = managerFor(url, { parallelDownloads: 1, downloadLimitKBps: 0 }, [5, 5, 5, 5]);
    const finished = nextFinished(events, 10_000);
    manager.start({ nodeId: 1, folder: tempDir('rmm-dl-'), items: [REVISION] });
    const failed = await finished;
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/^The connection to 127\.0\.0\.1:\d+ (failed|was lost|ended early)\. The download stopped after 4 tries without progress; press Retry to resume it\.$/);
    // One first request and four retries: each single byte was not counted as progress.
    expect(requests.length).toBe(5);
    expect(requests.slice(1).every((r) => r.range !== undefined)).toBe(true);
  });

  it('stops a download of unknown length at the limit, keeps the .part, and says how to go on', async () => {
    let sent = 0;
    const { url } = await hostileServer((_req, res) => {
      // No Content-Length, and more than any limit: a stream without end (bounded here only so a failing test ends).
      res.writeHead(200, { 'content-type': 'application/zip' });
      const chunk = Buffer.alloc(256 * 1024, 7);
      const pump = () => {
        while (sent < 64 * MIB && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const folder = tempDir('rmm-dl-');
    const { manager, events } = managerFor(url, { parallelDownloads: 1, downloadLimitKBps: 0, maxUnknownSizeGb: 4 / 1024 }, [5]);
    const finished = nextFinished(events, 20_000);
    manager.start({ nodeId: 1, folder, items: [REVISION] });
    const failed: DownloadItem = await finished;
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toBe(
      'revision-rev-7 grew past 4.0 MB, the limit for downloads whose size the server does not tell, so the download stopped. ' +
        'What arrived is kept; raise "Unknown size limit" in the downloads panel, then press Retry to resume.',
    );
    const part = join(folder, 'revision-rev-7.part');
    expect(existsSync(part)).toBe(true);
    expect(statSync(part).size).toBeLessThanOrEqual(4 * MIB);
    expect(statSync(part).size).toBeGreaterThan(3 * MIB);
    expect(sent).toBeLessThan(64 * MIB);
  });

  it('a download written again from 0 records 0 as flushed before it writes, so a power loss never trusts the old offset', async () => {
    const size = 4 * MIB;
    let answers = 0;
    const { url } = await hostileServer((_req, res) => {
      answers++;
      if (answers === 1) {
        // The first answer: 2 MiB of version 1, then the connection drops (2 MiB are flushed and recorded).
        res.writeHead(200, { etag: '"v1"', 'content-length': String(size) });
        res.write(Buffer.alloc(2 * MIB, 1), () => setTimeout(() => res.destroy(), 50));
        return;
      }
      // The file changed (If-Range fails): the whole new version from 0; 1.5 MiB arrive, then it stalls.
      res.writeHead(200, { etag: '"v2"', 'content-length': String(size) });
      res.write(Buffer.alloc(MIB + MIB / 2, 2));
    });
    const folder = tempDir('rmm-dl-');
    const { manager, store } = managerFor(url, { parallelDownloads: 1, downloadLimitKBps: 0 }, [5]);
    const id = manager.start({ nodeId: 1, folder, items: [REVISION] }).started[0]!.id;
    const part = join(folder, 'revision-rev-7.part');
    // The second answer's bytes (2s) are in the .part: the first answer's 2 MiB of 1s were there before it was even asked for.
    await until(() => answers === 2 && existsSync(part) && statSync(part).size >= MIB && readFileSync(part).subarray(0, 1)[0] === 2, 'the second answer is in the .part', 10_000);

    // What a power loss now leaves in SQLite: the new bytes are not flushed yet, so nothing may be trusted.
    const row = store.get(id)!;
    expect(row.flushedBytes).toBe(0);
    const afterRestart = resumePlan({ partSize: statSync(part).size, flushedBytes: row.flushedBytes, afterRestart: true, sameBoot: false, validator: row.etag ?? row.lastModified, knownTotal: row.totalBytes });
    expect(afterRestart).toEqual({ start: 0, truncateTo: 0 });
  });

  it('names a file the console never listed with a safe stand-in when the answer names nothing, never with the request’s name', async () => {
    const body = Buffer.from('MZ pretend this is a program');
    const { url } = await hostileServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(body.length) });
      res.end(body);
    });
    const folder = tempDir('rmm-dl-');
    const { manager, events } = managerFor(url, { parallelDownloads: 1, downloadLimitKBps: 0 }, [5]);
    const done: DownloadItem[] = [];
    const both = new Promise<void>((resolve) =>
      events.subscribe((event, payload) => {
        if (event === 'downloads.finished' && done.push(payload as DownloadItem) === 2) resolve();
      }),
    );
    manager.start({ nodeId: 1, folder, items: [REVISION, { ...REVISION, name: '../../evil.exe' }] });
    await both;
    expect(done.map((d) => d.state)).toEqual(['completed', 'completed']);
    expect(downloadedFiles(folder).sort()).toEqual(['revision-rev-7', 'revision-rev-7 (1)']);
  });
});
