/**
 * Sign-in works with a standards-compliant OAuth 2.0
 * server, not only the demo. The server is oidc-provider (a certified OpenID
 * provider) in-process on loopback with the instance's paths; see
 * tests/helpers/standard-oauth-server.ts. Needs a Secret Service (run through
 * scripts/with-keyring.sh) because profiles are remembered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/shared/model/session';
import { CredentialVault, KEYCHAIN_SERVICE, loadKeytar, type KeytarLike } from '../../src/main/services/session/vault';
import { createTestServices, type TestServices } from '../helpers/services';
import {
  authorizeInBrowser,
  BASIC_CLIENT,
  BROWSER_CLIENT,
  NARROW_CLIENT,
  NO_REFRESH_CLIENT,
  startStandardServer,
  type StandardServer,
} from '../helpers/standard-oauth-server';

let keytar: KeytarLike;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  const loaded = await loadKeytar();
  if (!loaded || !(await new CredentialVault(loaded).probe()).available) {
    throw new Error('These tests need a Secret Service: run them through scripts/with-keyring.sh (npm test does).');
  }
  keytar = loaded;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standard(options?: Parameters<typeof startStandardServer>[0]): Promise<StandardServer> {
  const server = await startStandardServer(options);
  cleanups.push(() => server.close());
  return server;
}

async function consoleFor(server: StandardServer, dataDir?: string): Promise<TestServices> {
  // The embedded demo is not used here: every sign-in targets the standard server as an instance.
  const services = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, dataDir, keytar });
  cleanups.push(() => services.dispose());
  return services;
}

const instance = (server: StandardServer) => ({ kind: 'instance' as const, baseUrl: server.url });

function profiles(dataDir: string): Array<{ id: string; clientAuth?: string; remembered: boolean; method: string }> {
  return (JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as { profiles: never[] }).profiles;
}

async function browserSignIn(s: TestServices, server: StandardServer, clientId: string, remember: boolean): Promise<{ page: string; state: SessionState }> {
  const { authorizeUrl } = await s.call<{ authorizeUrl: string }>('session.beginBrowserSignIn', { target: instance(server), clientId, remember });
  const authorize = new URL(authorizeUrl);
  expect(authorize.searchParams.get('prompt')).toBe('consent');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const redirect = await authorizeInBrowser(authorizeUrl);
  // RFC 9207: the standard server names itself; the console checks it.
  expect(redirect.searchParams.get('iss')).toBe(server.url);
  const page = await (await fetch(redirect)).text();
  return { page, state: await s.call<SessionState>('session.get') };
}

describe('client credentials against a Basic-only standard server', () => {
  it('falls back to HTTP Basic once, remembers it, and uses it first from then on', async () => {
    const server = await standard();
    const s = await consoleFor(server);
    const signIn = (remember: boolean) =>
      s.call<SessionState>('session.signInWithClientCredentials', {
        target: instance(server),
        clientId: BASIC_CLIENT.id,
        clientSecret: BASIC_CLIENT.secret,
        remember,
      });
    const state = await signIn(true);
    expect(state).toMatchObject({ status: 'signed-in', user: { name: 'Standard Server Technician' } });
    expect(server.tokenCalls).toEqual([
      { auth: 'none', status: 401 },
      { auth: 'basic', status: 200 },
    ]);
    const [profile] = profiles(s.dataDir);
    expect(profile).toMatchObject({ clientAuth: 'client_secret_basic', remembered: true });
    expect(readFileSync(join(s.dataDir, 'profiles.json'), 'utf8')).not.toContain(BASIC_CLIENT.secret);

    // Sign-out revokes the access token, authenticating as the token endpoint accepted.
    const bearer = server.bearers.at(-1)!;
    expect(await server.provider.ClientCredentials.find(bearer)).toBeDefined();
    await s.call('session.signOut');
    expect(server.revocations).toEqual([200]);
    expect(await server.provider.ClientCredentials.find(bearer)).toBeUndefined();

    // The next sign-in with that client starts with Basic.
    await signIn(true);
    expect(server.tokenCalls.slice(2)).toEqual([{ auth: 'basic', status: 200 }]);
    await s.dispose();

    // So does the silent sign-in after a restart.
    const restarted = await consoleFor(server, s.dataDir);
    await restarted.start();
    expect((await restarted.call<SessionState>('session.get')).status).toBe('signed-in');
    expect(server.tokenCalls.slice(3)).toEqual([{ auth: 'basic', status: 200 }]);
  });

  it('names the scope the instance refused', async () => {
    const server = await standard();
    const s = await consoleFor(server);
    await expect(
      s.call('session.signInWithClientCredentials', {
        target: instance(server),
        clientId: NARROW_CLIENT.id,
        clientSecret: NARROW_CLIENT.secret,
        remember: false,
      }),
    ).rejects.toMatchObject({
      code: 'SIGN_IN_FAILED',
      message: 'The instance refused the requested scope (monitoring management): requested scope is not allowed.',
    });
  });
});

describe('browser sign-in against a standard server (authorization code, PKCE)', () => {
  it('gets a refresh token (offline_access with prompt=consent), keeps it, and revokes both tokens at sign-out', async () => {
    const server = await standard();
    const s = await consoleFor(server);
    const { page, state } = await browserSignIn(s, server, BROWSER_CLIENT, true);
    expect(page).toContain('Signed in');
    expect(state).toMatchObject({ status: 'signed-in', persisted: true, user: { name: 'Standard Server Technician' } });
    const [profile] = profiles(s.dataDir);
    const stored = JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, profile!.id))!) as { kind: string; value: string };
    expect(stored.kind).toBe('refresh_token');
    expect(await server.provider.RefreshToken.find(stored.value)).toBeDefined();
    await s.dispose();

    // A restart signs in silently with the refresh token (the public client's refresh grant).
    const restarted = await consoleFor(server, s.dataDir);
    await restarted.start();
    expect((await restarted.call<SessionState>('session.get')).status).toBe('signed-in');
    const current = JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, profile!.id))!) as { value: string };
    const bearer = server.bearers.at(-1)!;
    expect(await server.provider.AccessToken.find(bearer)).toBeDefined();

    await restarted.call('session.signOut');
    expect(server.revocations).toEqual([200, 200]);
    expect(await server.provider.RefreshToken.find(current.value)).toBeUndefined();
    expect(await server.provider.AccessToken.find(bearer)).toBeUndefined();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile!.id)).toBeNull();
  });

  it('without a refresh token: signs in, keeps nothing, and ends with the access token saying why', async () => {
    const server = await standard({ noRefreshTokenTtlSeconds: 2 });
    const s = await consoleFor(server);
    const { page, state } = await browserSignIn(s, server, NO_REFRESH_CLIENT, true);
    expect(page).toContain('Signed in');
    expect(state).toMatchObject({ status: 'signed-in', persisted: false });
    const [profile] = profiles(s.dataDir);
    expect(profile).toMatchObject({ method: 'browser', remembered: false });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile!.id)).toBeNull();
    const ended = await s.waitForEvent('session.changed', (next) => next.status === 'signed-out', 10_000);
    expect(ended).toMatchObject({
      reason: 'expired',
      message: 'The instance did not issue a refresh token, so the session ended when its access token expired. Sign in again.',
    });
  });
});
