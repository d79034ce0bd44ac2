/**
 * Sign-in, silent sign-in, token renewal and expiry against the demo server
 * over real HTTP, with secrets in the real OS keychain (a Secret Service).
 * A 401 that survives a renewal keeps the keychain entry,
 * new instances are confirmed, servers without refresh tokens or
 * with Basic-only client authentication work, and sign-out revokes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/shared/model/session';
import type { Device, Page } from '../../src/shared/model/devices';
import { CredentialVault, KEYCHAIN_SERVICE, loadKeytar, type KeytarLike } from '../../src/main/services/session/vault';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { approveInBrowser, createTestServices, type TestServices } from '../helpers/services';
import type { PlatformHooks } from '../../src/main/app-services';

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

async function services(
  server: DemoServer,
  dataDir?: string,
  keytarOverride?: KeytarLike | null,
  platform?: Partial<PlatformHooks>,
): Promise<TestServices> {
  const created = await createTestServices({ demo: server, dataDir, keytar: keytarOverride, platform });
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

function storedProfiles(dataDir: string): Array<{ id: string; remembered: boolean; clientAuth?: string; baseUrl?: string }> {
  return (JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: Array<{ id: string; remembered: boolean }> }).profiles;
}

/** The demo's authorize form, approved; returns the redirect back to the console's loopback receiver. */
async function approvedRedirect(authorizeUrl: string): Promise<URL> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'allow');
  form.set('login', 'tech');
  const answer = await fetch(`${url.origin}/ws/oauth/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return new URL(answer.headers.get('location')!);
}

describe('when the instance refuses the session', () => {
  it('a 401 that survives a renewal keeps the keychain entry and offers to sign in again with that profile', async () => {
    const server = await demo();
    const s = await services(server);
    await signInDemo(s);
    const account = storedAccount(s.dataDir);
    server.config.faults.tokenMaxAgeSeconds = 0;
    const signedOut = s.waitForEvent('session.changed', (state) => state.status === 'signed-out');
    await expect(s.call('restore.listDirectory', { nodeId: 1, path: '', page: 0 })).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await signedOut).toMatchObject({
      status: 'signed-out',
      reason: 'credentials-refused',
      message: 'The instance refused the saved credentials. Sign in again to continue.',
      lastProfile: { id: account, kind: 'demo', method: 'client_credentials', remembered: true },
    });
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toEqual({ kind: 'client_secret', value: 'demo-console-secret' });
    expect(storedProfiles(s.dataDir).find((p) => p.id === account)?.remembered).toBe(true);

    // The instance is fixed: one click signs in again with the kept entry.
    delete server.config.faults.tokenMaxAgeSeconds;
    const again = await s.call<SessionState>('session.signInAgain', { profileId: account });
    expect(again).toMatchObject({ status: 'signed-in', persisted: true, profile: { id: account } });
    await s.call('session.signOut');
  });

  it('a JSON call whose renewed token is refused too ends the session the same way, not silently', async () => {
    const server = await demo();
    const s = await services(server);
    await signInDemo(s);
    const account = storedAccount(s.dataDir);
    server.config.faults.tokenMaxAgeSeconds = 0;
    const signedOut = s.waitForEvent('session.changed', (state) => state.status === 'signed-out');
    await expect(s.call('devices.query', { page: 0 })).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await signedOut).toMatchObject({ status: 'signed-out', reason: 'credentials-refused', lastProfile: { id: account } });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).not.toBeNull();
    delete server.config.faults.tokenMaxAgeSeconds;
  });

  it('a silent sign-in whose fresh token is refused keeps the entry too', async () => {
    const server = await demo();
    const first = await services(server);
    await signInThroughBrowser(first);
    const account = storedAccount(first.dataDir);
    await first.dispose();
    server.config.faults.tokenMaxAgeSeconds = 0;

    const second = await services(server, first.dataDir);
    await second.start();
    expect(await second.call<SessionState>('session.get')).toMatchObject({
      status: 'signed-out',
      reason: 'credentials-refused',
      lastProfile: { id: account, method: 'browser', remembered: true },
    });
    // Kept (and rotated by the renewals that did succeed at the token endpoint).
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toMatchObject({ kind: 'refresh_token' });
    delete server.config.faults.tokenMaxAgeSeconds;
    const third = await services(server, first.dataDir);
    await third.start();
    expect((await third.call<SessionState>('session.get')).status).toBe('signed-in');
    await third.call('session.signOut');
  });
});

describe('signing in to a new instance', () => {
  const instanceTarget = (server: DemoServer) => ({ kind: 'instance' as const, baseUrl: server.url });

  it('asks a native confirmation naming the host; refused, nothing is sent and nothing stored', async () => {
    const server = await demo();
    const asked: string[] = [];
    const opened: string[] = [];
    const s = await services(server, undefined, undefined, {
      confirmNewInstance: async (host) => {
        asked.push(host);
        return false;
      },
      openExternal: async (url) => void opened.push(url),
    });
    const requestsBefore = server.stats.requests;
    const declined = { code: 'CANCELED', message: `Sign-in to ${new URL(server.url).host} was not confirmed, so nothing was sent to it.` };
    await expect(
      s.call('session.signInWithClientCredentials', { target: instanceTarget(server), clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: true }),
    ).rejects.toMatchObject(declined);
    await expect(s.call('session.beginBrowserSignIn', { target: instanceTarget(server), clientId: 'rmm-console', remember: true })).rejects.toMatchObject(declined);
    expect(asked).toEqual([new URL(server.url).host, new URL(server.url).host]);
    expect(opened).toEqual([]);
    expect(server.stats.requests).toBe(requestsBefore);
    expect(existsSync(join(s.dataDir, 'profiles.json'))).toBe(false);
  });

  it('confirmed once, the instance is known: no second question', async () => {
    const server = await demo();
    const asked: string[] = [];
    const s = await services(server, undefined, undefined, {
      confirmNewInstance: async (host) => {
        asked.push(host);
        return true;
      },
    });
    const signIn = () =>
      s.call<SessionState>('session.signInWithClientCredentials', {
        target: instanceTarget(server),
        clientId: 'demo-console',
        clientSecret: 'demo-console-secret',
        remember: true,
      });
    expect((await signIn()).status).toBe('signed-in');
    await s.call('session.signOut');
    const restarted = await services(server, s.dataDir, undefined, {
      confirmNewInstance: async (host) => {
        asked.push(`again ${host}`);
        return true;
      },
    });
    expect(
      (
        await restarted.call<SessionState>('session.signInWithClientCredentials', {
          target: instanceTarget(server),
          clientId: 'demo-console',
          clientSecret: 'demo-console-secret',
          remember: false,
        })
      ).status,
    ).toBe('signed-in');
    expect(asked).toEqual([new URL(server.url).host]);
  });

  it('browser mode refuses a new non-loopback instance and says how to allow it', async () => {
    const server = await demo();
    const s = await services(server);
    await expect(
      s.call('session.beginBrowserSignIn', { target: { kind: 'instance', baseUrl: 'https://rmm.example.com' }, clientId: 'rmm-console', remember: false }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'The console in browser mode signs in only to instances it already knows. To allow rmm.example.com, start it with --allow-instance https://rmm.example.com.',
    });
  });
});

describe('standard OAuth behaviour against the demo', () => {
  it('an instance that issues no refresh token: signed in for the access token\'s life, nothing kept, then says why', async () => {
    const server = await demo({ accessTokenTtlSeconds: 2 });
    server.authority.switches.omitRefreshToken = true;
    const s = await services(server);
    const state = await signInThroughBrowser(s, true);
    expect(state).toMatchObject({ status: 'signed-in', persisted: false });
    const [profile] = storedProfiles(s.dataDir);
    expect(profile).toMatchObject({ remembered: false });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile!.id)).toBeNull();
    const ended = await s.waitForEvent('session.changed', (next) => next.status === 'signed-out', 10_000);
    expect(ended).toMatchObject({
      reason: 'expired',
      message: 'The instance did not issue a refresh token, so the session ended when its access token expired. Sign in again.',
    });
  });

  it('a Basic-only token endpoint: falls back to HTTP Basic once and remembers it in the profile', async () => {
    const server = await demo();
    server.authority.switches.clientAuth = 'client_secret_basic';
    const s = await services(server);
    expect((await signInDemo(s)).status).toBe('signed-in');
    expect(storedProfiles(s.dataDir)[0]).toMatchObject({ clientAuth: 'client_secret_basic' });
    expect(readFileSync(join(s.dataDir, 'profiles.json'), 'utf8')).not.toContain('demo-console-secret');
    await s.dispose();
    // Silent sign-in after a restart uses it (and a renewal would too).
    const again = await services(server, s.dataDir);
    await again.start();
    expect((await again.call<SessionState>('session.get')).status).toBe('signed-in');
    await again.call('session.signOut');
  });

  it('client credentials ask only for the API scopes (no offline_access)', async () => {
    const server = await demo();
    const s = await services(server);
    await signInDemo(s, false);
    // The demo answers invalid_scope to offline_access with client credentials, as standard servers do.
    const refused = await fetch(`${server.url}/ws/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-console', client_secret: 'demo-console-secret', scope: 'monitoring management offline_access' }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('sign-out revokes the access token and the refresh token', async () => {
    const server = await demo();
    const s = await services(server);
    await signInThroughBrowser(s, false);
    await s.call('session.signOut');
    expect(server.authority.stats).toMatchObject({ revokedAccess: 1, revokedRefresh: 1 });
    const c = await services(server);
    await signInDemo(c, false);
    await c.call('session.signOut');
    expect(server.authority.stats).toMatchObject({ revokedAccess: 2, revokedRefresh: 1 });
  });

  it('the browser page says "Signed in" only after the exchange worked; otherwise it shows why', async () => {
    const server = await demo();
    const s = await services(server);
    const failed = s.waitForEvent('session.browserSignInFailed');
    const { authorizeUrl } = await s.call<{ authorizeUrl: string }>('session.beginBrowserSignIn', { target: { kind: 'demo' }, remember: false });
    const redirect = await approvedRedirect(authorizeUrl);
    expect(redirect.searchParams.get('iss')).toBe(server.url);
    redirect.searchParams.set('code', 'v1.forged.code');
    const page = await fetch(redirect);
    const html = await page.text();
    expect(html).not.toContain('Signed in');
    expect(html).toContain('Sign-in failed');
    expect(html).toContain('The sign-in was not accepted (the code expired or was already used). Please try again.');
    expect((await failed).message).toBe('The sign-in was not accepted (the code expired or was already used). Please try again.');
    expect((await s.call<SessionState>('session.get')).status).toBe('signed-out');
  });

  it('an iss that names another server is refused before any code exchange (RFC 9207)', async () => {
    const server = await demo();
    const s = await services(server);
    const failed = s.waitForEvent('session.browserSignInFailed');
    const { authorizeUrl } = await s.call<{ authorizeUrl: string }>('session.beginBrowserSignIn', { target: { kind: 'demo' }, remember: false });
    const redirect = await approvedRedirect(authorizeUrl);
    redirect.searchParams.set('iss', 'https://evil.example');
    const page = await fetch(redirect);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('The sign-in answer came from a different server than the instance');
    expect((await failed).message).toContain('different server');
    // The code was good: had the console exchanged it, the demo would have issued a token.
    expect(server.authority.stats.issuedAccess).toBe(0);
    expect((await s.call<SessionState>('session.get')).status).toBe('signed-out');
  });
});
