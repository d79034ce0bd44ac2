/**
 * The PSA connections' secrets through the console's router against the demo
 * over real HTTP (a forwarder in between records what the instance
 * receives), in the real OS keychain (run inside scripts/with-keyring.sh, as
 * npm test does): a secret typed once is kept and sent again only to its
 * own host and user; a save that moves the connection to another host or
 * user without a new secret is refused before anything is sent; the secrets
 * live as long as the sign-in (memory only for "this session only", removed
 * from the keychain at sign-out and when a remembered sign-in is forgotten).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/shared/model/session';
import type { PsaConnection, PsaOverview } from '../../src/shared/model/psa/views';
import { secretMovedMessage } from '../../src/shared/rules/psa/connection';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { psaSecretAccount } from '../../src/main/services/psa/psa-secrets';
import { CredentialVault, KEYCHAIN_SERVICE, loadKeytar, type KeytarLike } from '../../src/main/services/session/vault';
import { approveInBrowser, createTestServices, type TestServices } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const CLIENT = { clientId: 'demo-console', clientSecret: 'demo-console-secret' };
const AUTOTASK = 'https://webservices5.autotask.net';
const OTHER_AUTOTASK = 'https://webservices2.autotask.net';

/** Forwards every request to the demo, keeping the bodies of the connection saves (what the instance received). */
async function recordingForwarder(target: string): Promise<{ url: string; connectionSaves: Array<Record<string, unknown>>; server: Server }> {
  const connectionSaves: Array<Record<string, unknown>> = [];
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'PUT' && req.url?.endsWith('/connection')) connectionSaves.push(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
      const forwarded = request(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connectionSaves, server };
}

let keytar: KeytarLike;
let demo: DemoServer;
let forwarder: Awaited<ReturnType<typeof recordingForwarder>>;
/** Every PSA keychain account a test filed something under, removed after it whatever happened. */
const accounts = new Set<string>();
const opened: TestServices[] = [];

beforeAll(async () => {
  const loaded = await loadKeytar();
  if (!loaded) throw new Error('keytar could not load');
  keytar = loaded;
  if (!(await new CredentialVault(keytar).probe()).available) throw new Error('These tests need a Secret Service: run them through scripts/with-keyring.sh (npm test does).');
  demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 } });
  forwarder = await recordingForwarder(demo.url);
});
afterEach(async () => {
  for (const services of opened.splice(0)) {
    await services.call('session.signOut').catch(() => {});
    await services.dispose();
  }
  for (const account of accounts) await keytar.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false);
  accounts.clear();
});
afterAll(async () => {
  forwarder?.server.closeAllConnections();
  await new Promise<void>((resolve) => (forwarder ? forwarder.server.close(() => resolve()) : resolve()));
  await demo?.close();
});

/** Services on the forwarder (or `target`), signed in with the demo's client credentials; `account`: its Autotask secret's keychain account. */
async function signedIn(remember: boolean, dataDir?: string): Promise<{ services: TestServices; account: string }> {
  const services = await createTestServices({ demo: { url: forwarder.url }, keytar, dataDir });
  opened.push(services);
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, ...CLIENT, remember });
  const account = psaSecretAccount(services.session.identityScope()!, 'autotask');
  accounts.add(account);
  return { services, account };
}

const save = (services: TestServices, fields: { instanceUrl: string; username: string; secret?: string; enabled?: boolean }) =>
  services.call<PsaConnection>('psa.saveConnection', { kind: 'autotask', enabled: true, ...fields });
const stored = async () =>
  (await fetch(`${demo.url}/__demo/psa`, { headers: { 'x-demo-admin': ADMIN_KEY } }).then((res) => res.json() as Promise<{ connections: Record<string, PsaConnection> }>)).connections.autotask;
/** The keychain entries whose value holds `text`. */
const inKeychain = async (text: string) => (await keytar.findCredentials(KEYCHAIN_SERVICE)).filter((entry) => entry.password.includes(text));

describe('a kept secret goes only to its own host and user', () => {
  it('keeps a new secret in the keychain, sends it again on a later save the renderer sends none with, and never answers it', async () => {
    const SECRET = 'autotask-api-secret-4f1c9e';
    const { services, account } = await signedIn(true);
    const original = await services.call<PsaConnection>('psa.connection', { kind: 'autotask' });
    expect(original.secretInKeychain).toBe(false);
    const answers: unknown[] = [original];

    const saved = await save(services, { instanceUrl: original.instanceUrl, username: 'api@acme.example', secret: SECRET });
    answers.push(saved);
    expect(saved).toEqual({ kind: 'autotask', instanceUrl: original.instanceUrl, username: 'api@acme.example', enabled: true, secretSet: true, secretInKeychain: true });
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toEqual({ kind: 'psa_secret', value: SECRET, origin: original.instanceUrl, username: 'api@acme.example' });
    expect(account).toMatch(/^psa:demo\|demo\|\d+:autotask$/);
    expect(forwarder.connectionSaves.at(-1)).toEqual({ instanceUrl: original.instanceUrl, username: 'api@acme.example', enabled: true, secret: SECRET });

    // Later: the technician only turns the connection off; the renderer sends no secret.
    const later = await save(services, { instanceUrl: original.instanceUrl, username: 'api@acme.example', enabled: false });
    answers.push(later);
    expect(later).toMatchObject({ enabled: false, secretSet: true, secretInKeychain: true });
    expect(forwarder.connectionSaves.at(-1)).toEqual({ instanceUrl: original.instanceUrl, username: 'api@acme.example', enabled: false, secret: SECRET });
    expect(await stored()).toEqual({ instanceUrl: original.instanceUrl, username: 'api@acme.example', enabled: false, secretSet: true });

    answers.push(await services.call('psa.connection', { kind: 'autotask' }), await services.call('psa.overview'));
    expect(answers.at(-2)).toMatchObject({ secretInKeychain: true });
    expect((answers.at(-1) as PsaOverview).autotask.connection).toMatchObject({ secretInKeychain: true });
    expect((answers.at(-1) as PsaOverview).connectwise.connection).toMatchObject({ secretInKeychain: false });

    // Never in an answer, an event, or a file of the data folder.
    expect(JSON.stringify(answers)).not.toContain(SECRET);
    expect(JSON.stringify(services.received)).not.toContain(SECRET);
    await services.call('psa.setNeverMap', { kind: 'autotask', clientId: 1, on: true });
    const files = readdirSync(services.dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toContain('psa-never-map.json');
    for (const entry of files) expect(readFileSync(join(entry.parentPath, entry.name)).includes(SECRET), entry.name).toBe(false);
  });

  it('a save naming another host or user without a new secret is refused before anything is sent; the instance never gets a secret at a host it was not given for', async () => {
    const FIRST = 'first-host-secret-81d2';
    const SECOND = 'second-host-secret-c07a';
    const { services, account } = await signedIn(true);
    await save(services, { instanceUrl: AUTOTASK, username: 'api@acme.example', secret: FIRST });
    const sentBefore = forwarder.connectionSaves.length;
    const refused = { code: 'INVALID_INPUT', message: secretMovedMessage('autotask') };
    for (const moved of [
      { instanceUrl: 'https://psa.attacker.example', username: 'api@acme.example' },
      { instanceUrl: 'https://webservices5.autotask.net.attacker.example/atservicesrest', username: 'api@acme.example' },
      { instanceUrl: 'https://webservices5.autotask.net:8443', username: 'api@acme.example' },
      { instanceUrl: AUTOTASK, username: 'someone-else@acme.example' },
    ]) {
      await expect(save(services, moved), moved.instanceUrl).rejects.toMatchObject(refused);
    }
    // Nothing reached the instance's connection: it still names the host and user its secret was given for.
    expect(forwarder.connectionSaves.length).toBe(sentBefore);
    expect(await stored()).toMatchObject({ instanceUrl: AUTOTASK, username: 'api@acme.example' });
    // The same origin spelled otherwise is the same host: its own secret goes with it.
    await save(services, { instanceUrl: 'https://WebServices5.Autotask.net/', username: ' api@acme.example ' });
    expect(forwarder.connectionSaves.at(-1)).toMatchObject({ secret: FIRST });

    // With a new secret the move is the technician's: that secret goes, and is the one kept.
    const moved = await save(services, { instanceUrl: OTHER_AUTOTASK, username: 'api@acme.example', secret: SECOND });
    expect(moved).toMatchObject({ instanceUrl: OTHER_AUTOTASK, secretInKeychain: true });
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toMatchObject({ value: SECOND, origin: OTHER_AUTOTASK });
    // Back to the first host without a secret: the instance holds the second host's, the keychain no first one: refused.
    await expect(save(services, { instanceUrl: AUTOTASK, username: 'api@acme.example' })).rejects.toMatchObject(refused);
    expect(await stored()).toMatchObject({ instanceUrl: OTHER_AUTOTASK });

    for (const body of forwarder.connectionSaves) {
      if (body.secret === FIRST) expect(new URL(String(body.instanceUrl)).origin).toBe(AUTOTASK);
      if (body.secret === SECOND) expect(body.instanceUrl).toBe(OTHER_AUTOTASK);
    }
    await save(services, { instanceUrl: AUTOTASK, username: 'api@acme.example', secret: FIRST });
  });
});

describe('the PSA secrets live as long as the sign-in', () => {
  it('"this session only" keeps them in memory: sent again while signed in, never in the keychain, gone after sign-out', async () => {
    const SECRET = 'session-only-secret-5e9b';
    const { services, account } = await signedIn(false);
    const saved = await save(services, { instanceUrl: AUTOTASK, username: 'session@acme.example', secret: SECRET });
    expect(saved).toMatchObject({ secretSet: true, secretInKeychain: false });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    expect(await inKeychain(SECRET)).toEqual([]);
    // Kept for this session: a save without one sends it again (to its own host and user only).
    await save(services, { instanceUrl: AUTOTASK, username: 'session@acme.example', enabled: false });
    expect(forwarder.connectionSaves.at(-1)).toMatchObject({ enabled: false, secret: SECRET });
    await expect(save(services, { instanceUrl: OTHER_AUTOTASK, username: 'session@acme.example' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });

    await services.call('session.signOut');
    await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, ...CLIENT, remember: false });
    await save(services, { instanceUrl: AUTOTASK, username: 'session@acme.example' });
    expect(forwarder.connectionSaves.at(-1)).not.toHaveProperty('secret');
    expect(await inKeychain(SECRET)).toEqual([]);
  });

  it('a remembered sign-in keeps them in the keychain until sign-out removes them', async () => {
    const SECRET = 'remembered-secret-2a61';
    const { services, account } = await signedIn(true);
    await save(services, { instanceUrl: AUTOTASK, username: 'kept@acme.example', secret: SECRET });
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toMatchObject({ value: SECRET });

    await services.call<SessionState>('session.signOut');
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    expect(await inKeychain(SECRET)).toEqual([]);
    await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, ...CLIENT, remember: true });
    expect(await services.call<PsaConnection>('psa.connection', { kind: 'autotask' })).toMatchObject({ secretInKeychain: false });
    await save(services, { instanceUrl: AUTOTASK, username: 'kept@acme.example' });
    expect(forwarder.connectionSaves.at(-1)).not.toHaveProperty('secret');
  });

  it('an app quit keeps them with the remembered sign-in; a sign-in forgotten for good (its refresh token dead at the next start) takes them along', async () => {
    const SECRET = 'forgotten-secret-93fd';
    const first = await createTestServices({ demo, keytar });
    opened.push(first);
    const signedInState = first.waitForEvent('session.changed', (state) => state.status === 'signed-in');
    const { authorizeUrl } = await first.call<{ authorizeUrl: string }>('session.beginBrowserSignIn', { target: { kind: 'demo' }, remember: true });
    await approveInBrowser(authorizeUrl);
    await signedInState;
    const account = psaSecretAccount(first.session.identityScope()!, 'autotask');
    accounts.add(account);
    await save(first, { instanceUrl: AUTOTASK, username: 'browser@acme.example', secret: SECRET });
    opened.splice(opened.indexOf(first), 1);
    await first.dispose();
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, account))!)).toMatchObject({ value: SECRET });

    // The instance calls every token issued so far invalid: the refresh token kept is dead.
    demo.authority.revokeAll();
    const second = await createTestServices({ demo, keytar, dataDir: first.dataDir });
    opened.push(second);
    await second.start();
    expect(await second.call<SessionState>('session.get')).toMatchObject({ status: 'signed-out', reason: 'expired' });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    expect(await inKeychain(SECRET)).toEqual([]);
  });
});
