import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';

let demo: DemoServer;

beforeAll(async () => {
  demo = await startDemoServer({ sizes: { bigFolderItems: 1000 } });
});
afterAll(async () => demo.close());

async function clientCredentials(id: string, secret: string) {
  return fetch(`${demo.url}/ws/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret }),
  });
}

describe('demo OAuth', () => {
  it('issues a bearer token for client credentials and refuses API calls without one', async () => {
    const bad = await clientCredentials('demo-console', 'wrong');
    expect(bad.status).toBe(401);
    const res = await clientCredentials('demo-console', 'demo-console-secret');
    expect(res.status).toBe(200);
    const token = (await res.json()) as { access_token: string; expires_in: number; refresh_token?: string };
    expect(token.expires_in).toBe(3600);
    expect(token.refresh_token).toBeUndefined();
    const anonymous = await fetch(`${demo.url}/api/query/devices`);
    expect(anonymous.status).toBe(401);
    const ok = await fetch(`${demo.url}/api/query/devices?page=0`, { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(ok.status).toBe(200);
    const page = (await ok.json()) as { results: unknown[]; totalElements: number; totalPages: number };
    expect(page.results).toHaveLength(50);
    expect(page.totalElements).toBe(120);
    expect(page.totalPages).toBe(3);
  });
});

describe('demo fault injection', () => {
  async function token(): Promise<string> {
    const res = await clientCredentials('demo-console', 'demo-console-secret');
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('answers 503 at the configured error rate and adds latency', async () => {
    const bearer = await token();
    demo.config.faults.errorRate = 1;
    demo.config.faults.latencyMs = 120;
    try {
      const started = Date.now();
      const res = await fetch(`${demo.url}/api/query/devices`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      demo.config.faults.errorRate = 0;
      demo.config.faults.latencyMs = 0;
    }
  });

  it('drops the connection after N body bytes, the given number of times', async () => {
    const bearer = await token();
    demo.config.faults.dropAfterBytes = 100;
    demo.config.faults.dropTimes = 1;
    try {
      const dropped = fetch(`${demo.url}/api/query/devices`, { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.text());
      await expect(dropped).rejects.toThrow();
      expect(demo.stats.droppedConnections).toBe(1);
      const whole = await fetch(`${demo.url}/api/query/devices`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(((await whole.json()) as { results: unknown[] }).results).toHaveLength(50);
    } finally {
      delete demo.config.faults.dropAfterBytes;
      delete demo.config.faults.dropTimes;
    }
  });

  it('refuses tokens older than the early-expiry limit', async () => {
    const bearer = await token();
    demo.config.faults.tokenMaxAgeSeconds = 0;
    try {
      const res = await fetch(`${demo.url}/api/query/devices`, { headers: { authorization: `Bearer ${bearer}` } });
      expect(res.status).toBe(401);
    } finally {
      delete demo.config.faults.tokenMaxAgeSeconds;
    }
  });
});
