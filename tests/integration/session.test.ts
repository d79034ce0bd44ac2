/**
 * Sign-in, silent sign-in, token renewal and expiry against the demo server
 * over real HTTP, with secrets in the real OS keychain (a Secret Service).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/shared/model/session';
import type { Device, Page } from '../../src/shared/model/device';
import { CredentialVault, KEYCHAIN_SERVICE, loadKeytar, type KeytarLike } from '../../src/main/services/session/vault';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { approveInBrowser, createTestServices, type TestServices } from '../helpers/services';

let keytar: KeytarLike;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  const loaded = await loadKeytar();
  if (!loaded) throw new Error('keytar could not load');
  keytar = loaded;
  const status = await new CredentialVault(keytar).probe();
  if (!status.available) throw new Error('These tests need a Secret Service: run them through scripts/with-keyring.sh (npm test does).');
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function demo(overrides: Parameters<typeof startDemoServer>[0] = {}): Promise<DemoServer> {
  const server = await startDemoServer({ sizes: { bigFolderItems: 1000 }, ...overrides });
  cleanups.push(() => server.close());
  return server;
}

async function services(server: DemoServer, dataDir?: string, keytarOverride?: KeytarLike | null): Promise<TestServices> {
  const created = await createTestServices({ demo: server, dataDir, keytar: keytarOverride });
  cleanups.push(() => created.dispose());
  return created;
}

const signInDemo = (s: TestServices, remember = true) =>
  s.call<SessionState>('session.signInWithClientCredentials', {
    target: { kind: 'demo' },
    clientId: 'demo-console',
    clientSecret: 'demo-console-secret',
    remember,
  });

async function signInThroughBrowser(s: TestServices, remember = true): Promise<SessionState> {
  const signedIn = s.waitForEvent('session.changed', (state) => state.status === 'signed-in');
  const { authorizeUrl, openedExternally } = await s.call<{ authorizeUrl: string; openedExternally: boolean }>('session.beginBrowserSignIn', {
    target: { kind: 'demo' },
    remember,
  });
  expect(openedExternally).toBe(false);
  expect(new URL(authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256');
  await approveInBrowser(authorizeUrl);
  return signedIn;
}

function storedAccount(dataDir: string): string {
  const doc = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { lastProfileId: string };
  return doc.lastProfileId;
}

describe('client credentials', () => {
  it('signs in, keeps the secret in the keychain only, and reads the devices', async () => {
    const server = await demo();
    const s = await services(server);
    const state = await signInDemo(s);
    expect(state.status).toBe('signed-in');
    if (state.status !== 'signed-in') return;
    expect(state.user.name).toBe('Alex Morgan');
    expect(state.user.permissions.canViewAndRestoreBackupData).toBe(true);
    expect(state.persisted).toBe(true);
    expect(JSON.stringify(state)).not.toContain('demo-console-secret');

    const account = storedAccount(s.dataDir);
    const stored = await keytar.getPassword(KEYCHAIN_SERVICE, account);
    expect(JSON.parse(stored!)).toEqual({ kind: 'client_secret', value: 'demo-console-secret' });
    expect(readFileSync(join(s.dataDir, 'profiles.json'), 'utf8')).not.toContain('demo-console-secret');

    const page = await s.call<Page<Device>>('devices.query', { page: 2 });
    expect(page.results).toHaveLength(20);
    expect(page.totalElements).toBe(120);

    await s.call('session.signOut');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });

  it('refuses a wrong secret with a clear message and stores nothing', async () => {
    const server = await demo();
    const s = await services(server);
    await expect(
      s.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'wrong', remember: true }),
    ).rejects.toMatchObject({ code: 'SIGN_IN_FAILED', message: 'The client id or client secret was not accepted by the instance.' });
    expect(existsSync(join(s.dataDir, 'profiles.json'))).toBe(false);
  });

  it('signs in silently after a restart with the secret from the keychain', async () => {
    const server = await demo();
    const first = await services(server);
    await signInDemo(first);
    const account = storedAccount(first.dataDir);
    await first.dispose();

    const second = await services(server, first.dataDir);
    await second.start();
    const state = await second.call<SessionState>('session.get');
    expect(state.status).toBe('signed-in');
    if (state.status === 'signed-in') expect(state.profile.id).toBe(account);
    expect((await second.call<Page<Device>>('devices.query', { page: 0 })).results).toHaveLength(50);
    await second.call('session.signOut');
  });
});

describe('authorization code with PKCE', () => {
  it('signs in through the browser and keeps only the refresh token in the keychain', async () => {
    const server = await demo();
    const s = await services(server);
    const state = await signInThroughBrowser(s);
    expect(state.status).toBe('signed-in');
    const stored = JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, storedAccount(s.dataDir)))!) as { kind: string; value: string };
    expect(stored.kind).toBe('refresh_token');
    expect(JSON.stringify(state)).not.toContain(stored.value);
    await s.call('session.signOut');
  });

  it('reports a denied sign-in', async () => {
    const server = await demo();
    const s = await services(server);
    const failed = s.waitForEvent('session.browserSignInFailed');
    const { authorizeUrl } = await s.call<{ authorizeUrl: string }>('session.beginBrowserSignIn', { target: { kind: 'demo' }, remember: false });
    const url = new URL(authorizeUrl);
    const form = new URLSearchParams(url.searchParams);
    form.set('decision', 'deny');
    const answer = await fetch(`${url.origin}/ws/oauth/authorize`, { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await fetch(answer.headers.get('location')!);
    expect((await failed).message).toBe('Sign-in was denied in the browser.');
  });

  it('silent sign-in after restart rotates the refresh token in the keychain', async () => {
    const server = await demo();
    const first = await services(server);
    await signInThroughBrowser(first);
    const account = storedAccount(first.dataDir);
    const before = await keytar.getPassword(KEYCHAIN_SERVICE, account);
    await first.dispose();
    const second = await services(server, first.dataDir);
    await second.start();
    expect((await second.call<SessionState>('session.get')).status).toBe('signed-in');
    const after = await keytar.getPassword(KEYCHAIN_SERVICE, account);
    expect(after).not.toBe(before);
    await second.call('session.signOut');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });
});

describe('token renewal', () => {
  it('renews once after a 401 and retries the call', async () => {
    const server = await demo();
    const s = await services(server);
    await signInThroughBrowser(s);
    server.config.faults.tokenMaxAgeSeconds = 1;
    await new Promise((r) => setTimeout(r, 1100));
    const refreshesBefore = server.authority.stats.refreshes;
    const unauthorizedBefore = server.stats.unauthorized;
    const page = await s.call<Page<Device>>('devices.query', { page: 0 });
    expect(page.results).toHaveLength(50);
    expect(server.authority.stats.refreshes - refreshesBefore).toBe(1);
    expect(server.stats.unauthorized - unauthorizedBefore).toBe(1);
  });

  it('retries only once when the renewed token is refused too', async () => {
    const server = await demo();
    const s = await services(server);
    await signInThroughBrowser(s, false);
    server.config.faults.tokenMaxAgeSeconds = 0;
    const refreshesBefore = server.authority.stats.refreshes;
    await expect(s.call('devices.query', { page: 0 })).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(server.authority.stats.refreshes - refreshesBefore).toBe(1);
  });

  it('signs out with the expiry message when the refresh token has expired', async () => {
    const server = await demo({ accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 2 });
    const s = await services(server);
    await signInThroughBrowser(s);
    const account = storedAccount(s.dataDir);
    await new Promise((r) => setTimeout(r, 2100));
    const signedOut = s.waitForEvent('session.changed', (state) => state.status === 'signed-out');
    await expect(s.call('devices.query', { page: 0 })).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    const state = await signedOut;
    expect(state).toMatchObject({ status: 'signed-out', reason: 'expired', message: 'Your session has expired. Please sign in again.' });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });

  it('keeps a client-credentials session alive by asking for a new token', async () => {
    const server = await demo({ accessTokenTtlSeconds: 1 });
    const s = await services(server);
    await signInDemo(s, false);
    await new Promise((r) => setTimeout(r, 1100));
    const issued = server.authority.stats.issuedAccess;
    expect((await s.call<Page<Device>>('devices.query', { page: 0 })).results).toHaveLength(50);
    expect(server.authority.stats.issuedAccess).toBe(issued + 1);
  });
});

describe('without a keychain', () => {
  it('refuses to remember but allows a session-only sign-in that writes nothing', async () => {
    const server = await demo();
    const s = await services(server, undefined, null);
    const signedOut = await s.call<SessionState>('session.get');
    expect(signedOut.status === 'signed-out' && signedOut.keychain.available).toBe(false);
    await expect(signInDemo(s, true)).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    const state = await signInDemo(s, false);
    expect(state).toMatchObject({ status: 'signed-in', persisted: false });
    expect(existsSync(join(s.dataDir, 'profiles.json'))).toBe(false);
  });

  it('treats a keychain that throws (no Secret Service) as unavailable', async () => {
    const broken: KeytarLike = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus')),
      setPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus')),
      deletePassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus')),
      findCredentials: () => Promise.reject(new Error('Cannot autolaunch D-Bus')),
    };
    const status = await new CredentialVault(broken).probe();
    expect(status.available).toBe(false);
    expect(status.message).toContain('this session only');
  });
});

describe('credential vault', () => {
  it('round-trips a secret through the real keychain', async () => {
    const vault = new CredentialVault(keytar, 'RMM Technician Console (tests)');
    await vault.save('profile-roundtrip', { kind: 'refresh_token', value: 'r-123' });
    expect(await vault.load('profile-roundtrip')).toEqual({ kind: 'refresh_token', value: 'r-123' });
    await vault.remove('profile-roundtrip');
    expect(await vault.load('profile-roundtrip')).toBeNull();
  });
});
