/**
 * Token and revocation calls never follow a redirect
 * (a hostile instance answering 301/302/303/307/308 to a second server on
 * another port never gets the client secret, refresh token, code or verifier
 * forwarded there), and a token answer is read only up to 16 MiB.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OAuthClient } from '../../src/main/services/session/oauth-client';
import { MAX_TOKEN_ANSWER_BYTES } from '../../src/main/services/session/oauth-http';
import { createTestServices } from '../helpers/services';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface TestServer {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      handle(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}`, seen, close };
}

/** The second server: whatever reaches it was forwarded by a redirect. Answers like a willing token endpoint. */
const collector = () =>
  serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ access_token: 'stolen', token_type: 'Bearer', expires_in: 3600, refresh_token: 'stolen-rt' }));
  });

/** The hostile instance: every OAuth call is redirected to `target` with `status`. */
const redirector = (status: number, target: string) =>
  serve((_req, res) => {
    res.writeHead(status, { location: `${target}/collect`, 'content-type': 'text/plain' });
    res.end('moved');
  });

const REDIRECTS = [301, 302, 303, 307, 308] as const;
const SECRETS = ['s3cret-value', 'refresh-token-value', 'the-code', 'verifier-value-0123456789012345678901234567890'];

describe('token and revocation calls never follow a redirect', () => {
  for (const status of REDIRECTS) {
    it(`${status}: nothing reaches the second server, and the token call fails with a clear error`, async () => {
      const second = await collector();
      const hostile = await redirector(status, second.url);
      const oauth = new OAuthClient(hostile.url);
      // The redirect goes to another server: the message says so (the API's words for it).
      const refused = {
        code: 'REDIRECT_REFUSED',
        message: `The server ${new URL(hostile.url).host} redirected the request to another address; the console does not follow it with your credentials.`,
      };

      await expect(oauth.clientCredentials({ clientId: 'console', clientSecret: 's3cret-value' })).rejects.toMatchObject(refused);
      await expect(oauth.refresh('console', 'refresh-token-value')).rejects.toMatchObject(refused);
      await expect(
        oauth.exchangeCode({ clientId: 'console', code: 'the-code', verifier: SECRETS[3]!, redirectUri: 'http://127.0.0.1:1/oauth/callback' }),
      ).rejects.toMatchObject(refused);
      // Revocation is best effort: it resolves, but sends nothing on either.
      await oauth.revoke({ clientId: 'console', token: 'refresh-token-value', hint: 'refresh_token' });
      await oauth.revoke({ clientId: 'console', token: 'access-token-value', hint: 'access_token', secret: { clientId: 'console', clientSecret: 's3cret-value' } });

      expect(second.seen).toEqual([]);
      // The hostile instance itself got each call once: a redirect is not a refused client authentication.
      expect(hostile.seen.map((s) => s.url)).toEqual([
        '/ws/oauth/token',
        '/ws/oauth/token',
        '/ws/oauth/token',
        '/ws/oauth/revoke',
        '/ws/oauth/revoke',
      ]);
      const forwarded = JSON.stringify(second.seen);
      for (const secret of SECRETS) expect(forwarded).not.toContain(secret);
    });
  }

  it('a sign-in through the console against a redirecting instance stores nothing and forwards nothing', async () => {
    const second = await collector();
    const hostile = await redirector(307, second.url);
    const services = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, keytar: null });
    cleanups.push(() => services.dispose());
    await expect(
      services.call('session.signInWithClientCredentials', {
        target: { kind: 'instance', baseUrl: hostile.url },
        clientId: 'console',
        clientSecret: 's3cret-value',
        remember: false,
      }),
    ).rejects.toMatchObject({
      code: 'REDIRECT_REFUSED',
      message: `The server ${new URL(hostile.url).host} redirected the request to another address; the console does not follow it with your credentials.`,
    });
    expect(second.seen).toEqual([]);
    expect(existsSync(join(services.dataDir, 'profiles.json'))).toBe(false);
  });
});

describe('token answers are bounded', () => {
  it('stops reading an endless token answer past 16 MiB with a clear error', async () => {
    let sent = 0;
    let closed = false;
    const hostile = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"access_token":"');
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!closed && sent < 256 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('"}');
      };
      res.on('close', () => (closed = true));
      pump();
    });
    await expect(new OAuthClient(hostile.url).clientCredentials({ clientId: 'c', clientSecret: 's' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: `The server ${new URL(hostile.url).host} sent an answer larger than 16 MiB.`,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect(MAX_TOKEN_ANSWER_BYTES).toBe(16 * 1024 * 1024);
  });

  it('refuses an answer whose announced length is past the bound before reading it', async () => {
    const hostile = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_TOKEN_ANSWER_BYTES + 1) });
      res.write('{');
    });
    await expect(new OAuthClient(hostile.url).refresh('c', 'rt')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});
