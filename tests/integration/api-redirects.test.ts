/**
 * Against hostile servers on loopback over real HTTP:
 * the instance answers API calls, a download, a preview's signed URL and the
 * attachment upload with 301/302/303/307/308 to a second server on another
 * port. That second server must never receive a request carrying the bearer
 * (it must receive nothing at all), and the console's call must fail with a
 * clear REDIRECT_REFUSED error. A redirect that stays on the instance is
 * followed. JSON answers past 16 MiB are refused with a clear error.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inspect } from 'node:util';
import type { Request } from 'got';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/shared/errors';
import { ApiClient } from '../../src/main/services/platform/api/api-client';
import { HelpApi } from '../../src/main/services/help/help-api';
import { RestoreService } from '../../src/main/services/restore/restore-service';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import { tempDir } from '../helpers/temp';

const ACCESS = 'ACCESS-TOKEN-7f3e9a';
const REDIRECTS = [301, 302, 303, 307, 308] as const;
const MiB = 1024 * 1024;

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  bodyBytes: number;
}

type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** A loopback server that records every request (method, path, Authorization, body size) and answers through `route`. */
async function recordingServer(route: Route): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, bodyBytes: body.length });
      route(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let collector: Awaited<ReturnType<typeof recordingServer>>;
let instance: Awaited<ReturnType<typeof recordingServer>>;
/** The status the instance redirects with in the current test. */
let status: number = 302;
let api: ApiClient;
let help: HelpApi;
let dir: string;

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(status, { location, 'content-length': '0' });
  res.end();
}

function json(res: ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

beforeAll(async () => {
  dir = tempDir('rmm-redirects-');
  collector = await recordingServer((_req, res) => json(res, { id: 1, stolen: true }));
  instance = await recordingServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/appuser/current') return redirect(res, `${collector.url}/collect?what=api`);
    if (path === '/api/backup/lockhart/nodes/1/plans') return redirect(res, `${collector.url}/collect?what=status`);
    if (path === '/api/backup/lockhart/nodes/1/plans/p/revisions/r/data') return redirect(res, `${collector.url}/collect?what=download`);
    if (path === '/api/zendesk/uploads' && req.url?.includes('filename=same-origin.txt')) return redirect(res, '/api/zendesk/uploads-moved');
    if (path === '/api/zendesk/uploads') return redirect(res, `${collector.url}/collect?what=upload`);
    if (path === '/storage/signed/a.png') return redirect(res, `${collector.url}/collect?what=signed`);
    // Same origin: followed, with the bearer (the same server asked for it).
    if (path === '/api/moved') return redirect(res, '/api/moved-here');
    if (path === '/api/moved-here') return json(res, { id: 7 });
    // Answers past the 16 MiB bound: streamed without a length, and announced with one.
    if (path === '/api/huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(MiB, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 40 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('[');
      return pump();
    }
    if (path === '/api/huge-announced') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(17 * MiB) });
      res.write('{"a":');
      return; // never finishes: the console must not wait for it
    }
    if (path === '/api/reset') return void req.socket.destroy();
    if (path === '/api/large-but-fine') {
      const text = JSON.stringify({ blob: 'x'.repeat(15 * MiB) });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(text);
    }
    res.writeHead(404, { 'content-length': '0' });
    res.end();
  });
  const tokens = new TokenManager(async () => ({ accessToken: ACCESS, expiresAt: Date.now() + 3_600_000 }), {
    accessToken: ACCESS,
    expiresAt: Date.now() + 3_600_000,
  });
  api = new ApiClient({ baseUrl: instance.url, tokens, onSessionExpired: () => {}, retryLimit: 0 });
  help = new HelpApi(() => api);
});

afterAll(async () => {
  for (const s of [collector?.server, instance?.server]) {
    s?.closeAllConnections();
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
});

beforeEach(() => {
  collector.seen.length = 0;
  instance.seen.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the call to fail');
}

function streamError(stream: Request): Promise<{ code?: string; message: string }> {
  return new Promise((resolve, reject) => {
    stream.once('response', (response: { statusCode: number }) => reject(new Error(`unexpected answer ${response.statusCode}`)));
    stream.once('error', (error: { code?: string; message: string }) => resolve(error));
  });
}

const host = () => new URL(instance.url).host;
const refused = () => ({
  code: 'REDIRECT_REFUSED',
  message: `The server ${host()} redirected the request to another address; the console does not follow it with your credentials.`,
});

describe.each(REDIRECTS)('an instance that answers with %i to another port', (code) => {
  beforeEach(() => {
    status = code;
  });

  it('JSON calls: the bearer never reaches the other server, and the call fails clearly', async () => {
    const error = await failure(api.getJson('appuser/current', z.object({ id: z.number() })));
    expect(error).toMatchObject(refused());
    expect(instance.seen).toEqual([expect.objectContaining({ url: '/api/appuser/current', authorization: `Bearer ${ACCESS}` })]);
    expect(collector.seen).toEqual([]);
  });

  it('calls read with their status (requestWithStatus), POST with a body too', async () => {
    const error = await failure(api.requestWithStatus('POST', 'backup/lockhart/nodes/1/plans', { json: { secret: 'body' } }));
    expect(error).toMatchObject(refused());
    expect(collector.seen).toEqual([]);
  });

  it('download streams (downloads, previews): the stream fails with REDIRECT_REFUSED, nothing reaches the other server', async () => {
    const stream = api.downloadStream('/backup/lockhart/nodes/1/plans/p/revisions/r/data', { authorization: `Bearer ${ACCESS}`, range: 'bytes=0-99' });
    const error = await streamError(stream);
    stream.destroy();
    expect(error).toMatchObject(refused());
    expect(instance.seen[0]?.authorization).toBe(`Bearer ${ACCESS}`);
    expect(collector.seen).toEqual([]);
  });

  it('the attachment upload: neither the file nor the bearer follows the redirect', async () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'private notes');
    const error = await failure(help.upload({ path, name: 'notes.txt', size: 13 }, () => {}));
    expect(error).toMatchObject(refused());
    expect(instance.seen).toEqual([expect.objectContaining({ method: 'POST', authorization: `Bearer ${ACCESS}`, bodyBytes: 13 })]);
    expect(collector.seen).toEqual([]);
  });

  it('a restore preview: the refused redirect is what the technician is told, not "could not be loaded"', async () => {
    const restore = new RestoreService(
      () => api,
      () => {
        throw new Error('no cache in this test');
      },
      () => 'scope',
    );
    const error = await failure(restore.preview(1, 'p', 'r', 'notes.txt', 100));
    expect(error).toMatchObject(refused());
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).cause).toBeUndefined();
    expect(collector.seen).toEqual([]);
  });

  it('a signed URL (attachment preview) is not followed elsewhere and carries no credential', async () => {
    const error = await failure(help.downloadSigned(`${instance.url}/storage/signed/a.png?sig=abc`, { maxBytes: 1000, accept: ['image/png'] }));
    expect(error).toMatchObject({ code: 'REDIRECT_REFUSED' });
    expect(error.message).not.toContain('sig=');
    expect(error.message).not.toContain(collector.url);
    expect(instance.seen).toEqual([expect.objectContaining({ url: '/storage/signed/a.png?sig=abc', authorization: undefined })]);
    expect(collector.seen).toEqual([]);
  });
});

describe('redirects on the instance itself', () => {
  it('are followed with the bearer (same origin)', async () => {
    status = 302;
    await expect(api.getJson('moved', z.object({ id: z.number() }))).resolves.toEqual({ id: 7 });
    expect(instance.seen.map((s) => [s.url, s.authorization])).toEqual([
      ['/api/moved', `Bearer ${ACCESS}`],
      ['/api/moved-here', `Bearer ${ACCESS}`],
    ]);
  });

  it('the attachment upload is not redirected at all, and a same-origin redirect is not called one to another origin', async () => {
    status = 307;
    const path = join(dir, 'same-origin.txt');
    writeFileSync(path, 'private notes');
    const error = await failure(help.upload({ path, name: 'same-origin.txt', size: 13 }, () => {}));
    expect(error).toMatchObject({
      code: 'REDIRECT_REFUSED',
      message: `The server ${host()} answered with a redirect; the console does not send credentials on to another address.`,
    });
    expect(instance.seen.map((s) => s.url)).toEqual(['/api/zendesk/uploads?filename=same-origin.txt']);
  });
});

describe('JSON answers are bounded (16 MiB)', () => {
  const tooLarge = () => ({ code: 'BAD_RESPONSE', message: `The server ${host()} sent an answer larger than 16 MiB.` });

  it('an endless answer without a length is cut off with a clear error', async () => {
    await expect(api.getJson('huge', z.unknown())).rejects.toMatchObject(tooLarge());
  });

  it('an answer announced larger than the bound is refused without waiting for it', async () => {
    const started = Date.now();
    await expect(api.getJson('huge-announced', z.unknown())).rejects.toMatchObject(tooLarge());
    await expect(api.requestWithStatus('GET', 'huge-announced')).rejects.toMatchObject(tooLarge());
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an answer under the bound is read', async () => {
    const answer = await api.getJson('large-but-fine', z.object({ blob: z.string() }));
    expect(answer.blob.length).toBe(15 * MiB);
  });
});

describe('errors of a failed request', () => {
  it("a download stream's error does not show the bearer it was sent with, even held as a cause", async () => {
    const stream = api.downloadStream('reset', { authorization: `Bearer ${ACCESS}` });
    const error = await streamError(stream);
    stream.destroy();
    expect((error as { code?: string }).code).toBe('ECONNRESET');
    // As the restore preview does: its own AppError with the stream's error as the cause.
    const held = new Error('The preview could not be loaded.', { cause: error });
    for (const value of [error, held]) {
      expect(inspect(value, { depth: 12 })).not.toContain(ACCESS);
      expect(JSON.stringify(value)).not.toContain(ACCESS);
    }
  });

  it('a JSON call cut off by the server becomes a clear OFFLINE error without the request', async () => {
    const error = await failure(api.getJson('reset', z.unknown()));
    expect(error).toMatchObject({ code: 'OFFLINE', message: `Cannot reach ${host()}. Check your connection.` });
    expect(inspect(error, { depth: 12, showHidden: true })).not.toContain(ACCESS);
  });
});
