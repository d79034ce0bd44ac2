/**
 * The `integrations.*` channels through the console's router and service
 * against the demo server over real HTTP, with the real OS keychain (run
 * inside scripts/with-keyring.sh): the defaults (web security
 * NOT_CONFIGURED), a connection saved (its secret in the keychain, never in
 * an answer), the Enabled toggles and the failure that puts one back with
 * the server's words, the webhook (an http address refused in the modal's
 * words, the test delivery's answer, a redirect to another origin not
 * followed with the secret), and the web security registration held
 * REGISTERING, then REGISTERED, or FAILED with its reason.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationsOverview, ToolConnection, WebhookSettings, WebhookTestResult, WebSecurityIntegration } from '../../src/shared/model/integrations';
import { URL_MESSAGES } from '../../src/shared/rules/integrations/url';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { integrationSecretAccount } from '../../src/main/services/integrations/integration-secrets';
import { CredentialVault, KEYCHAIN_SERVICE, loadKeytar, type KeytarLike } from '../../src/main/services/session/vault';
import { createTestServices, type TestServices } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const CLIENT = { clientId: 'demo-console', clientSecret: 'demo-console-secret' };

let keytar: KeytarLike;
let demo: DemoServer;
let services: TestServices;
const accounts: string[] = [];

const call = <T>(channel: string, input: unknown = {}) => services.call<T>(channel, input);
const refusal = (promise: Promise<unknown>) => promise.then(() => ({ code: 'NONE', message: '' }), (error: { code: string; message: string }) => ({ code: error.code, message: error.message }));
async function switches(patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${demo.url}/__demo/integrations`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
const demoView = () => switches({});

beforeAll(async () => {
  const loaded = await loadKeytar();
  if (!loaded) throw new Error('keytar could not load');
  keytar = loaded;
  if (!(await new CredentialVault(keytar).probe()).available) throw new Error('These tests need a Secret Service: run them through scripts/with-keyring.sh (npm test does).');
  demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 } });
  services = await createTestServices({ demo, keytar });
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, ...CLIENT, remember: true });
  const scope = services.session.identityScope()!;
  accounts.push(...(['projectManagement', 'serviceDesk', 'webhook'] as const).map((kind) => integrationSecretAccount(scope, kind)));
});
afterEach(async () => {
  await switches({ holdRegistration: false, failRegistration: false, failToggle: false });
});
afterAll(async () => {
  await services?.call('session.signOut').catch(() => {});
  await services?.dispose();
  for (const account of accounts) await keytar?.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false);
  await demo?.close();
});

describe('other integrations', () => {
  it('lists the defaults: no project management connection, the service desk disabled, the demo webhook, web security NOT_CONFIGURED', async () => {
    const list = await call<IntegrationsOverview>('integrations.list');
    expect(list).toEqual({
      projectManagement: null,
      serviceDesk: { kind: 'serviceDesk', tool: 'Zendesk', url: 'https://contoso.zendesk.com', enabled: false, secretSet: false, secretInKeychain: false },
      webhook: { url: 'https://hooks.demo.example/console', enabled: true, secretSet: false, secretInKeychain: false },
      webSecurity: { status: 'NOT_CONFIGURED', enabled: false, reason: null },
    });
  });

  it('saves a connection: the secret goes to the keychain and the server, never into an answer; a later save sends the kept one', async () => {
    const SECRET = 'jira-api-token-7c2f1e9a';
    const answers: unknown[] = [];
    const saved = await call<ToolConnection>('integrations.saveConnection', { kind: 'projectManagement', tool: 'Jira', url: 'https://acme.atlassian.net', enabled: true, secret: SECRET });
    answers.push(saved);
    expect(saved).toEqual({ kind: 'projectManagement', tool: 'Jira', url: 'https://acme.atlassian.net', enabled: true, secretSet: true, secretInKeychain: true });
    expect(JSON.parse((await keytar.getPassword(KEYCHAIN_SERVICE, accounts[0]!))!)).toMatchObject({ value: SECRET, origin: 'https://acme.atlassian.net' });

    const later = await call<ToolConnection>('integrations.saveConnection', { kind: 'projectManagement', tool: 'Jira', url: 'https://acme.atlassian.net/', enabled: false });
    answers.push(later, await call('integrations.list'));
    expect(later).toMatchObject({ enabled: false, secretSet: true, secretInKeychain: true });
    expect((answers.at(-1) as IntegrationsOverview).projectManagement).toMatchObject({ tool: 'Jira', secretInKeychain: true });
    expect(JSON.stringify(answers)).not.toContain(SECRET);
    expect(JSON.stringify(services.received)).not.toContain(SECRET);

    // Moved to another host without a new secret: refused before anything is sent.
    const moved = await refusal(call('integrations.saveConnection', { kind: 'projectManagement', tool: 'Jira', url: 'https://other.atlassian.net', enabled: true }));
    expect(moved.code).toBe('INVALID_INPUT');
    expect(((await demoView()).connections as Record<string, { url: string }>).projectmanagement?.url).toBe('https://acme.atlassian.net/');

    // A free-text tool; an http address and one without a host are refused by the contract.
    expect(await call<ToolConnection>('integrations.saveConnection', { kind: 'serviceDesk', tool: 'Our own desk', url: 'https://desk.contoso.example', enabled: true, secret: 's3cret-desk' })).toMatchObject({ tool: 'Our own desk', secretInKeychain: true });
    expect((await refusal(call('integrations.saveConnection', { kind: 'serviceDesk', tool: 'X', url: 'http://desk.contoso.example', enabled: true }))).code).toBe('INVALID_INPUT');
    expect((await refusal(call('integrations.saveConnection', { kind: 'serviceDesk', tool: 'X', url: 'https://desk.example', enabled: true, extra: 1 }))).code).toBe('INVALID_INPUT');
  });

  it('toggles off and on at once, and a failed save leaves the server value with its words', async () => {
    expect(await call('integrations.setEnabled', { id: 'webhook', enabled: false })).toEqual({ id: 'webhook', enabled: false });
    expect((await call<IntegrationsOverview>('integrations.list')).webhook?.enabled).toBe(false);
    expect(await call('integrations.setEnabled', { id: 'webhook', enabled: true })).toEqual({ id: 'webhook', enabled: true });
    expect(await call('integrations.setEnabled', { id: 'webSecurity', enabled: true })).toEqual({ id: 'webSecurity', enabled: true });

    await switches({ failToggle: true });
    const failed = await refusal(call('integrations.setEnabled', { id: 'webhook', enabled: false }));
    expect(failed.code).toBe('SERVER_ERROR');
    expect(failed.message).toContain('demo switch failToggle');
    expect((await call<IntegrationsOverview>('integrations.list')).webhook?.enabled).toBe(true);
    expect((await refusal(call('integrations.setEnabled', { id: 'nothing', enabled: true }))).code).toBe('INVALID_INPUT');
  });

  it('refuses an http webhook address in words; tests the webhook and shows its answer', async () => {
    const http = await refusal(call('integrations.saveWebhook', { url: 'http://hooks.demo.example/console', enabled: true }));
    expect(http).toEqual({ code: 'INVALID_INPUT', message: expect.stringContaining(URL_MESSAGES.notHttps) });
    const noHost = await refusal(call('integrations.saveWebhook', { url: 'https://', enabled: true }));
    expect(noHost.code).toBe('INVALID_INPUT');

    const ok = await call<WebhookTestResult>('integrations.testWebhook');
    expect(ok).toMatchObject({ reached: true, status: 200, message: expect.stringContaining('200') });
    expect(ok.body).toContain('"received":true');

    const SECRET = 'whsec-91b2c3d4e5';
    const saved = await call<WebhookSettings>('integrations.saveWebhook', { url: 'https://hooks.demo.example/status/503', enabled: true, secret: SECRET });
    expect(saved).toEqual({ url: 'https://hooks.demo.example/status/503', enabled: true, secretSet: true, secretInKeychain: true });
    const refused = await call<WebhookTestResult>('integrations.testWebhook');
    expect(refused).toMatchObject({ reached: true, status: 503 });
    expect(JSON.stringify([saved, refused])).not.toContain(SECRET);

    const unreachable = await call<WebhookTestResult>('integrations.saveWebhook', { url: 'https://nowhere.invalid/hook', enabled: true, secret: SECRET }).then(() => call<WebhookTestResult>('integrations.testWebhook'));
    expect(unreachable).toMatchObject({ reached: false, status: null, message: expect.stringContaining('could not be reached') });
  });

  it('does not follow a redirect to another origin with the secret', async () => {
    await call('integrations.saveWebhook', { url: 'https://hooks.demo.example/redirect-elsewhere', enabled: true, secret: 'whsec-redirect-1' });
    const result = await call<WebhookTestResult>('integrations.testWebhook');
    expect(result).toMatchObject({ reached: false, status: null, message: expect.stringContaining('https://elsewhere.demo.example') });
    const deliveries = (await demoView()).deliveries as Array<{ url: string; signed: boolean }>;
    expect(deliveries.some((d) => d.url.startsWith('https://elsewhere.demo.example'))).toBe(false);
    expect(deliveries.at(-1)).toEqual({ url: 'https://hooks.demo.example/redirect-elsewhere', signed: true });
  });

  it('holds the registration REGISTERING until released, then REGISTERED; FAILED with its reason', async () => {
    await switches({ holdRegistration: true });
    expect(await call<WebSecurityIntegration>('integrations.registerWebSecurity')).toMatchObject({ status: 'REGISTERING' });
    expect((await call<IntegrationsOverview>('integrations.list')).webSecurity.status).toBe('REGISTERING');
    expect((await refusal(call('integrations.registerWebSecurity'))).code).toBe('CONFLICT');
    await switches({ holdRegistration: false });
    expect((await call<IntegrationsOverview>('integrations.list')).webSecurity).toMatchObject({ status: 'REGISTERED', reason: null });

    await switches({ holdRegistration: true, failRegistration: true });
    await call('integrations.registerWebSecurity');
    await switches({ holdRegistration: false });
    expect((await call<IntegrationsOverview>('integrations.list')).webSecurity).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('failRegistration') });

    // A status of a real server's own is answered raw.
    await switches({ webSecurityStatus: 'PENDING_VENDOR_APPROVAL' });
    expect((await call<IntegrationsOverview>('integrations.list')).webSecurity.status).toBe('PENDING_VENDOR_APPROVAL');
  });

  it('forgets the secrets at sign-out', async () => {
    await services.call('session.signOut');
    for (const account of accounts) expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
  });
});
