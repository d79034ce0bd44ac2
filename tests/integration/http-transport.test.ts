/** The browser-mode transport over real HTTP: token, Host/Origin checks, static files, calls and events. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserModeServer, type BrowserModeServer } from '../../src/main/ipc/http-transport';
import { createRouter, type Handlers } from '../../src/main/ipc/router';
import { EventBus } from '../../src/main/services/events';
import { CALL_CHANNELS } from '../../src/shared/contract';
import { tempDir } from '../helpers/services';

let server: BrowserModeServer;
const events = new EventBus();

beforeAll(async () => {
  const rendererDir = tempDir();
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, '..', 'outside.txt'), 'secret');
  const handlers = Object.fromEntries(CALL_CHANNELS.map((c) => [c, () => ({ echo: c })])) as unknown as Handlers;
  server = await startBrowserModeServer({ router: createRouter(handlers), events, rendererDir });
});
afterAll(() => server.close());

/** A raw request, so tests can send any Host header. */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const host = () => `127.0.0.1:${server.port}`;
const auth = () => ({ host: host(), authorization: `Bearer ${server.token}` });

describe('browser-mode transport', () => {
  it('moves the URL token into a port-scoped HttpOnly cookie and serves the app with a CSP', async () => {
    const first = await raw(`/?token=${server.token}`, { host: host() });
    expect(first.status).toBe(302);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toContain(`rmmc_${server.port}=${server.token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const page = await raw('/', { host: host(), cookie: `rmmc_${server.port}=${server.token}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>console</title>');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('answers 403 without the token, with a wrong token, a foreign Host or a foreign Origin', async () => {
    expect((await raw('/', { host: host() })).status).toBe(403);
    expect((await raw('/?token=nope', { host: host() })).status).toBe(403);
    expect((await raw('/assets/app.js', { host: host() })).status).toBe(403);
    expect((await raw('/', { ...auth(), host: `evil.example:${server.port}` })).status).toBe(403);
    const foreign = await raw('/rpc/session.get', { ...auth(), origin: 'https://evil.example', 'content-type': 'application/json' }, 'POST', '{}');
    expect(foreign.status).toBe(403);
    const crossSite = await raw('/rpc/session.get', { ...auth(), 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, 'POST', '{}');
    expect(crossSite.status).toBe(403);
  });

  it('refuses non-JSON calls (no form-post CSRF) and paths outside the app', async () => {
    const form = await raw('/rpc/session.get', { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'a=1');
    expect(form.status).toBe(403);
    const traversal = await raw('/..%2foutside.txt', auth());
    expect([403, 404]).toContain(traversal.status);
    expect(traversal.body).not.toContain('secret');
  });

  it('dispatches calls through the router, including validation errors', async () => {
    const ok = await raw('/rpc/session.get', { ...auth(), 'content-type': 'application/json' }, 'POST', '{}');
    expect(JSON.parse(ok.body)).toEqual({ ok: true, value: { echo: 'session.get' } });
    const invalid = await raw('/rpc/devices.query', { ...auth(), 'content-type': 'application/json' }, 'POST', '{"page":"x"}');
    expect(JSON.parse(invalid.body).error.code).toBe('INVALID_INPUT');
    const notJson = await raw('/rpc/devices.query', { ...auth(), 'content-type': 'application/json' }, 'POST', '{');
    expect(JSON.parse(notJson.body).error.code).toBe('INVALID_INPUT');
    const unknown = await raw('/rpc/no.such', { ...auth(), 'content-type': 'application/json' }, 'POST', '{}');
    expect(JSON.parse(unknown.body).error.code).toBe('UNKNOWN_CHANNEL');
  });

  it('delivers events as server-sent events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/events', headers: auth() }, (res) => {
        expect(res.headers['content-type']).toBe('text/event-stream');
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('browserSignInFailed')) {
            req.destroy();
            resolve(text);
          }
        });
        setTimeout(() => events.emit('session.browserSignInFailed', { message: 'hello' }), 50);
      });
      req.on('error', (error) => {
        if (!String(error).includes('socket hang up')) reject(error);
      });
      req.end();
    });
    const frame = received.split('\n').find((line) => line.startsWith('data: '))!;
    expect(JSON.parse(frame.slice(6))).toEqual({ event: 'session.browserSignInFailed', payload: { message: 'hello' } });
  });
});
