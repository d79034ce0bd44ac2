/**
 * The demo server's admin endpoints: absent unless an admin
 * key is configured (`--admin-key`, or a test's config), so the demo embedded
 * in the console never has them; and their fault paths are never compiled as
 * regular expressions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../../src/demo-server/cli-args';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../src/demo-server/config';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { embeddedDemo } from '../../src/main/embedded-demo';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function demo(overrides: Parameters<typeof startDemoServer>[0] = {}): Promise<DemoServer> {
  const server = await startDemoServer({ sizes: { bigFolderItems: 100 }, ...overrides });
  running.push(server);
  return server;
}

const ADMIN_CALLS: Array<[string, string]> = [
  ['GET', '/__demo/state'],
  ['PATCH', '/__demo/config'],
  ['POST', '/__demo/revoke-all'],
  ['GET', '/__demo/help'],
  ['PATCH', '/__demo/help'],
];

async function adminStatuses(url: string, key: string): Promise<number[]> {
  return Promise.all(
    ADMIN_CALLS.map(async ([method, path]) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'x-demo-admin': key, 'content-type': 'application/json' },
        body: method === 'PATCH' ? '{}' : undefined,
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

async function bearer(url: string): Promise<string> {
  const res = await fetch(`${url}/ws/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('demo admin endpoints', () => {
  it('do not exist by default, whatever key is sent (the old default key included)', async () => {
    const server = await demo();
    expect(await adminStatuses(server.url, 'demo-admin')).toEqual([404, 404, 404, 404, 404]);
    expect(await adminStatuses(server.url, '')).toEqual([404, 404, 404, 404, 404]);
  });

  it('do not exist in the demo embedded in the console', async () => {
    const embedded = embeddedDemo();
    running.push(embedded);
    const url = await embedded.url();
    expect(await adminStatuses(url, 'demo-admin')).toEqual([404, 404, 404, 404, 404]);
  });

  it('exist with an admin key and answer only to it', async () => {
    const server = await demo({ adminKey: 'test-admin-key' });
    expect(await adminStatuses(server.url, 'test-admin-key')).toEqual([200, 200, 200, 200, 200]);
    expect(await adminStatuses(server.url, 'wrong-key')).toEqual([403, 403, 403, 403, 403]);
  });

  it('the command line turns them on only with --admin-key (at least 8 characters)', () => {
    expect(parseDemoArgs([]).adminKey).toBeUndefined();
    expect(parseDemoArgs(['--admin-key', 'e2e-admin']).adminKey).toBe('e2e-admin');
    expect(() => parseDemoArgs(['--admin-key', 'short'])).toThrow('--admin-key must be at least 8 characters');
  });
});

describe('demo fault paths', () => {
  it('take a pattern literally: regular-expression syntax neither breaks every call nor matches', async () => {
    const server = await demo({ adminKey: 'test-admin-key' });
    const token = await bearer(server.url);
    const devices = () => fetch(`${server.url}/api/query/devices?page=0`, { headers: { authorization: `Bearer ${token}` } });
    const setFault = (errorPathPattern: string) =>
      fetch(`${server.url}/__demo/config`, {
        method: 'PATCH',
        headers: { 'x-demo-admin': 'test-admin-key', 'content-type': 'application/json' },
        body: JSON.stringify({ faults: { errorRate: 1, errorPathPattern } }),
      });

    expect((await setFault('devices[')).status).toBe(200);
    expect((await devices()).status).toBe(200);
    expect((await setFault('(x+x+)+y')).status).toBe(200);
    expect((await devices()).status).toBe(200);
    expect((await setFault('/query/devices$')).status).toBe(200);
    expect((await devices()).status).toBe(503);
  });
});
