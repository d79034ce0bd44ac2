/**
 * The browser-mode transport over real HTTP: token, Host/Origin checks, static
 * files, calls and events. The token never goes into a
 * cookie (a cookie for 127.0.0.1 reaches every port), calls carry it as a
 * header, the event stream opens with a one-time ticket, and every answer
 * carries Cross-Origin-Opener-Policy.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENT_TICKET_TTL_MS, startBrowserModeServer, type BrowserModeServer } from '../../src/main/ipc/http-transport';
import { createRouter, type Handlers } from '../../src/main/ipc/router';
import { EventBus } from '../../src/main/services/platform/events';
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

/** An event stream's status and headers; `close` ends it. */
function openStream(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers, close: () => req.destroy() });
    });
    req.on('error', (error) => {
      if (!String(error).includes('socket hang up')) reject(error);
    });
    req.end();
  });
}

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
  it('serves the page for the token URL without any cookie, uncached, with a CSP and COOP', async () => {
    const first = await raw(`/?token=${server.token}`, { host: host() });
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.body).toContain('<title>console</title>');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(String(first.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    // A reload (no token in the URL) gets the same public shell; the page keeps its token itself.
    const reload = await raw('/', { host: host() });
    expect(reload.status).toBe(200);
    expect(reload.headers['set-cookie']).toBeUndefined();
  });

  it('sets no cookie and sends COOP on every answer, refused ones included', async () => {
    const answers = await Promise.all([
      raw('/', { host: host() }),
      raw(`/?token=${server.token}`, { host: host() }),
      raw('/?token=nope', { host: host() }),
      raw('/assets/app.js', { host: host() }),
      raw('/rpc/session.get', { ...auth(), 'content-type': 'application/json' }, 'POST', '{}'),
      raw('/rpc/session.get', { host: host(), 'content-type': 'application/json' }, 'POST', '{}'),
      raw('/events/ticket', auth(), 'POST'),
      raw('/events?ticket=nope', { host: host() }),
      raw('/', { host: 'evil.example' }),
    ]);
    for (const answer of answers) {
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('refuses a call that brings the token only in a cookie', async () => {
    const cookies = [`rmmc_${server.port}=${server.token}`, `token=${server.token}`, `rmmc=${server.token}`].join('; ');
    const call = await raw('/rpc/session.get', { host: host(), cookie: cookies, 'content-type': 'application/json' }, 'POST', '{}');
    expect(call.status).toBe(403);
    expect((await raw('/events', { host: host(), cookie: cookies })).status).toBe(403);
    expect((await raw('/events/ticket', { host: host(), cookie: cookies }, 'POST')).status).toBe(403);
  });

  it('answers 403 without the token, with a wrong token, a foreign Host or a foreign Origin', async () => {
    expect((await raw('/?token=nope', { host: host() })).status).toBe(403);
    expect((await raw('/rpc/session.get', { host: host(), authorization: 'Bearer nope', 'content-type': 'application/json' }, 'POST', '{}')).status).toBe(403);
    expect((await raw('/', { host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await raw('/', { ...auth(), host: `evil.example:${server.port}` })).status).toBe(403);
    const foreign = await raw('/rpc/session.get', { ...auth(), origin: 'https://evil.example', 'content-type': 'application/json' }, 'POST', '{}');
    expect(foreign.status).toBe(403);
    const crossSite = await raw('/rpc/session.get', { ...auth(), 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, 'POST', '{}');
    expect(crossSite.status).toBe(403);
  });

  it('refuses non-JSON calls (no form-post CSRF) and paths outside the app', async () => {
    const form = await raw('/rpc/session.get', { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'a=1');
    expect(form.status).toBe(403);
    // The build output is public (no token needed), and nothing outside it is.
    const asset = await raw('/assets/app.js', { host: host() });
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    for (const path of ['/..%2foutside.txt', '/assets/..%2f..%2foutside.txt', '/%2e%2e/outside.txt']) {
      const traversal = await raw(path, { host: host() });
      expect([403, 404], path).toContain(traversal.status);
      expect(traversal.body).not.toContain('secret');
    }
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

  it('opens the event stream with a one-time ticket: no ticket, a wrong one, a spent one or an expired one is refused', async () => {
    expect((await raw('/events', { host: host() })).status).toBe(403);
    expect((await raw('/events?ticket=', { host: host() })).status).toBe(403);
    expect((await raw('/events?ticket=made-up', { host: host() })).status).toBe(403);
    // A ticket needs the token, as a header.
    expect((await raw('/events/ticket', { host: host() }, 'POST')).status).toBe(403);
    expect((await raw('/events/ticket', auth(), 'GET')).status).toBe(405);
    const issued = await raw('/events/ticket', auth(), 'POST');
    expect(issued.status).toBe(200);
    const { ticket } = JSON.parse(issued.body) as { ticket: string };
    expect(ticket).toMatch(/^[\w-]{40,}$/);
    expect(ticket).not.toContain(server.token);
    const first = await openStream(`/events?ticket=${ticket}`, { host: host() });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/event-stream');
    first.close();
    expect((await raw(`/events?ticket=${ticket}`, { host: host() })).status).toBe(403);
  });

  it('lets an event ticket expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { ticket } = JSON.parse((await raw('/events/ticket', auth(), 'POST')).body) as { ticket: string };
      vi.setSystemTime(Date.now() + EVENT_TICKET_TTL_MS + 1);
      expect((await raw(`/events?ticket=${ticket}`, { host: host() })).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it('delivers events as server-sent events to a stream opened with a ticket', async () => {
    const { ticket } = JSON.parse((await raw('/events/ticket', auth(), 'POST')).body) as { ticket: string };
    const received = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: `/events?ticket=${ticket}`, headers: { host: host() } }, (res) => {
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
