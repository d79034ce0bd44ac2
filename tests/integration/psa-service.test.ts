/**
 * The PSA channels through the console's router and services
 * against the demo server over real HTTP: the Integrations overview and its
 * unmapped counts, the "never map" marks kept across a restart, the Autotask
 * account lookups full and paged (§6 autotask_big_data, §7.3), the saves and
 * their §5 refusals, each §8.3 failure through the demo's switches and
 * markers, and the contract refusing bad input. The connections' secrets:
 * ./psa-secrets.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutotaskAccountMapping, AutotaskDeviceRoleMapping, AutotaskLocationMapping, ConnectWiseCompanyMapping, ConnectWiseProductMapping, PsaRecord } from '../../src/shared/model/psa';
import type { AutotaskSettings, ConnectWiseCompany, ConnectWiseSettings, PsaConnection, PsaOverview, PsaPage } from '../../src/shared/model/psa/views';
import { PSA_MESSAGES } from '../../src/shared/rules/psa/messages';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { createTestServices, signedInDemo, type TestServices } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const ctx = signedInDemo();
const call = <T>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);

async function admin<T = Record<string, unknown>>(demo: DemoServer, path: string, patch?: unknown): Promise<T> {
  const res = await fetch(`${demo.url}${path}`, {
    method: patch === undefined ? 'GET' : 'PATCH',
    headers: { 'x-demo-admin': ADMIN_KEY, ...(patch === undefined ? {} : { 'content-type': 'application/json' }) },
    body: patch === undefined ? undefined : JSON.stringify(patch),
  });
  expect(res.status, `${path}`).toBe(200);
  return (await res.json()) as T;
}
const psaAdmin = (patch?: Record<string, unknown>) => admin<{ connections: Record<string, PsaConnection>; refreshes: number; brokenAgreementsCompanyId: number }>(ctx.demo(), '/__demo/psa', patch);
const faults = (patch: Record<string, unknown>) => admin(ctx.demo(), '/__demo/config', { faults: patch });

const overview = () => call<PsaOverview>('psa.overview');
const CLIENT = { clientId: 'demo-console', clientSecret: 'demo-console-secret' };
const signInDemo = (services: TestServices) => services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, ...CLIENT, remember: false });

describe('the Integrations overview and the never-map marks', () => {
  it('answers both connections (never a secret) and their unmapped counts', async () => {
    const view = await overview();
    expect(view.autotask).toMatchObject({ connection: { kind: 'autotask', instanceUrl: 'https://webservices5.autotask.net', enabled: true, secretSet: true, secretInKeychain: false } });
    expect(view.connectwise).toMatchObject({ connection: { kind: 'connectwise', instanceUrl: 'https://na.myconnectwise.net', secretSet: true } });
    for (const item of [view.autotask, view.connectwise]) {
      expect(item.error).toBeUndefined();
      expect(item.unmapped!.organizations).toBeGreaterThan(100);
      expect(item.unmapped!.neverMapped).toBe(0);
      expect(Object.keys(item.connection!).sort()).toEqual(['enabled', 'instanceUrl', 'kind', 'secretInKeychain', 'secretSet', 'username']);
    }
  });

  it('Autotask counts follow an account mapping save, a location mapping and a remap (which resets the locations, §4.3)', async () => {
    const before = (await overview()).autotask.unmapped!;
    const settings = await call<AutotaskSettings>('psa.autotask.settings');
    expect(settings).toMatchObject({ bigData: false, skipped: 0 });
    expect(settings.accountTypes.map((t) => t.name)).toContain('Customer');
    expect(settings.categories.length).toBeGreaterThan(5);
    const row = settings.accountMappings.find((r) => r.accountId === null)!;
    const accounts = await call<PsaPage<PsaRecord>>('psa.autotask.accounts', {});
    const [first, second] = accounts.items;

    const saved = await call<{ accountMappings: AutotaskAccountMapping[]; locationMappingsReset: number[] }>('psa.autotask.saveAccountMappings', { rows: [{ clientId: row.clientId, accountId: first!.id }] });
    expect(saved).toEqual({ accountMappings: [expect.objectContaining({ clientId: row.clientId, accountId: first!.id, accountName: first!.name })], locationMappingsReset: [] });
    const locations = await call<AutotaskLocationMapping[]>('psa.autotask.locationMappings', { clientId: row.clientId });
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.every((l) => l.autotaskLocationId === null && l.autotaskAccountId === first!.id)).toBe(true);
    const mapped = await overview();
    expect(mapped.autotask.unmapped).toEqual({ organizations: before.organizations - 1, locations: before.locations + locations.length, neverMapped: 0 });

    const atLocations = await call<PsaRecord[]>('psa.autotask.accountLocations', { accountId: first!.id });
    const savedLocations = await call<AutotaskLocationMapping[]>('psa.autotask.saveLocationMappings', { rows: [{ locationId: locations[0]!.locationId, autotaskLocationId: atLocations[0]!.id }] });
    expect(savedLocations).toEqual([expect.objectContaining({ locationId: locations[0]!.locationId, autotaskLocationId: atLocations[0]!.id, autotaskLocationName: atLocations[0]!.name })]);
    expect((await overview()).autotask.unmapped!.locations).toBe(before.locations + locations.length - 1);

    const remapped = await call<{ locationMappingsReset: number[] }>('psa.autotask.saveAccountMappings', { rows: [{ clientId: row.clientId, accountId: second!.id }] });
    expect(remapped.locationMappingsReset).toEqual([row.clientId]);
    expect((await overview()).autotask.unmapped!.locations).toBe(before.locations + locations.length);

    await call('psa.autotask.saveAccountMappings', { rows: [{ clientId: row.clientId, accountId: null, installedProductCategoryMappingId: null }] });
    expect((await overview()).autotask.unmapped).toEqual(before);
  });

  it('ConnectWise counts follow a company mapping with a site', async () => {
    const before = (await overview()).connectwise.unmapped!;
    const settings = await call<ConnectWiseSettings>('psa.connectwise.settings');
    expect(settings.skipped).toBe(0);
    expect(settings.companyFilter).toEqual({ types: [1], statuses: [1] });
    expect(settings.productMappings.map((m) => m.name)).toContain('Managed services');
    expect(settings.deviceDataSyncAttributes).toEqual(expect.arrayContaining(['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType']));
    const row = settings.companyMappings.find((r) => r.companyId === null && r.locationSiteMappings.length > 0)!;
    const companies = await call<ConnectWiseCompany[]>('psa.connectwise.companies');
    expect(companies.length).toBeGreaterThan(100);
    expect(companies[0]).toMatchObject({ identifier: expect.any(String), types: expect.any(Array), status: { id: 1, name: 'Active' } });
    const company = companies.find((c) => c.name !== 'Fresh Start Co' && c.name !== 'Broken Agreements Inc')!;
    const sites = await call<PsaRecord[]>('psa.connectwise.sites', { companyId: company.id });
    expect(sites[0]!.name).toBe('Main');
    const location = row.locationSiteMappings[0]!;
    const saved = await call<ConnectWiseCompanyMapping[]>('psa.connectwise.saveCompanyMappings', {
      rows: [
        {
          clientId: row.clientId,
          companyId: company.id,
          locationSiteMappings: [{ locationId: location.locationId!, psaSiteId: sites[0]!.id, productMappingType: 'CLIENT_DEFAULT', configurationTypeMappingType: 'CLIENT_DEFAULT' }],
        },
      ],
    });
    expect(saved[0]).toMatchObject({ clientId: row.clientId, companyId: company.id, companyName: company.name });
    expect(saved[0]!.locationSiteMappings.find((s) => s.locationId === location.locationId)).toMatchObject({ psaSiteId: sites[0]!.id, psaSiteName: 'Main', mapped: true });
    expect((await overview()).connectwise.unmapped).toEqual({ organizations: before.organizations - 1, locations: before.locations - 1, neverMapped: 0 });
    await call('psa.connectwise.saveCompanyMappings', { rows: [{ clientId: row.clientId, companyId: null }] });
    expect((await overview()).connectwise.unmapped).toEqual(before);
  });

  it('a never-map mark leaves the counts, is kept per PSA, and survives a new services instance on the same data folder', async () => {
    const before = await overview();
    const settings = await call<AutotaskSettings>('psa.autotask.settings');
    const clientId = settings.accountMappings.find((r) => r.accountId === null)!.clientId;
    expect(await call('psa.neverMap', { kind: 'autotask' })).toEqual([]);
    expect(await call('psa.setNeverMap', { kind: 'autotask', clientId, on: true })).toEqual([clientId]);
    expect(await call('psa.setNeverMap', { kind: 'autotask', clientId, on: true })).toEqual([clientId]);
    const after = await overview();
    expect(after.autotask.unmapped).toEqual({ ...before.autotask.unmapped, organizations: before.autotask.unmapped!.organizations - 1, neverMapped: 1 });
    expect(after.connectwise.unmapped).toEqual(before.connectwise.unmapped);
    expect(await call('psa.neverMap', { kind: 'connectwise' })).toEqual([]);

    const again = await createTestServices({ demo: ctx.demo(), dataDir: ctx.services().dataDir, keytar: null });
    try {
      await signInDemo(again);
      expect(await again.call('psa.neverMap', { kind: 'autotask' })).toEqual([clientId]);
      expect((await again.call<PsaOverview>('psa.overview')).autotask.unmapped!.neverMapped).toBe(1);
      expect(await again.call('psa.setNeverMap', { kind: 'autotask', clientId, on: false })).toEqual([]);
    } finally {
      await again.dispose();
    }
    expect(await call('psa.neverMap', { kind: 'autotask' })).toEqual([]);
    expect((await overview()).autotask.unmapped).toEqual(before.autotask.unmapped);
  });

  it('one PSA failing gives its item an error and no counts; the other is answered', async () => {
    await faults({ errorRate: 1, errorPathPattern: 'psacw/v2/companyMappings' });
    try {
      const view = await overview();
      expect(view.connectwise.unmapped).toBeNull();
      expect(view.connectwise.error).toMatch(/^The ConnectWise Manage settings could not be read\. The server .+ answered with an error \(503\)\.$/);
      expect(view.connectwise.connection).toMatchObject({ kind: 'connectwise' });
      expect(view.autotask.error).toBeUndefined();
      expect(view.autotask.unmapped).not.toBeNull();
    } finally {
      await faults({ errorRate: 0, errorPathPattern: null });
    }
  });

  it('the device roles and groups the mapping modals pick from', async () => {
    const roles = await call<Array<{ id: number; name: string; custom: boolean }>>('psa.roles');
    expect(roles.find((r) => r.id === 1)).toEqual({ id: 1, name: 'Windows Server', custom: false });
    expect(roles.some((r) => r.custom)).toBe(true);
    expect((await call<PsaRecord[]>('psa.groups')).map((g) => g.name)).toContain('All Servers');
  });
});

describe('Autotask lookups: the full lists without autotask_big_data', () => {
  it('answers every account at once (next null), searched by name; `after` answers what follows', async () => {
    const all = await call<PsaPage<PsaRecord & { accountType: number | null }>>('psa.autotask.accounts', {});
    expect(all.next).toBeNull();
    expect(all.skipped).toBe(0);
    expect(all.items.length).toBeGreaterThan(1000);
    expect(all.items[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), accountType: expect.any(Number) });
    const acme = await call<PsaPage<PsaRecord>>('psa.autotask.accounts', { search: 'acme inc' });
    expect(acme.items.map((a) => a.name)).toContain('ACME Inc');
    const rest = await call<PsaPage<PsaRecord>>('psa.autotask.accounts', { after: all.items[9]!.id });
    expect(rest.items).toEqual(all.items.slice(10));
    const products = await call<PsaPage<PsaRecord>>('psa.autotask.products', {});
    expect(products).toMatchObject({ next: null, skipped: 0 });
    expect(products.items.length).toBe(1200);
  });
});

describe('Autotask lookups paged with autotask_big_data (§6, §7.3: 500 a page, keyed by the last id)', () => {
  let demo: DemoServer;
  let services: TestServices;
  beforeAll(async () => {
    demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 }, features: { autotask_big_data: true } });
    services = await createTestServices({ demo, keytar: null });
    await signInDemo(services);
  });
  afterAll(async () => {
    await services?.dispose();
    await demo?.close();
  });

  it('pages through every account and product with `after` until `next` is null', async () => {
    expect((await services.call<AutotaskSettings>('psa.autotask.settings')).bigData).toBe(true);
    const { counts } = await admin<{ counts: { accounts: number; autotaskProducts: number } }>(demo, '/__demo/psa');
    for (const [channel, total] of [
      ['psa.autotask.accounts', counts.accounts],
      ['psa.autotask.products', counts.autotaskProducts],
    ] as const) {
      const seen: Array<string | number> = [];
      const sizes: number[] = [];
      let after: string | number | undefined;
      for (let guard = 0; guard < 10; guard++) {
        const page = await services.call<PsaPage<PsaRecord>>(channel, after === undefined ? {} : { after });
        sizes.push(page.items.length);
        seen.push(...page.items.map((item) => item.id));
        if (page.next === null) break;
        expect(page.next).toBe(page.items[page.items.length - 1]!.id);
        after = page.next;
      }
      expect(sizes.slice(0, -1).every((size) => size === 500)).toBe(true);
      expect(sizes[sizes.length - 1]).toBeLessThan(500);
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
    }
    const searched = await services.call<PsaPage<PsaRecord>>('psa.autotask.accounts', { search: 'conto' });
    expect(searched.next).toBeNull();
    expect(searched.items.map((a) => a.name)).toEqual(expect.arrayContaining(['Contoso Limited', 'Contosso Ltd']));
  });
});

describe('saves, their §5 refusals and §8.3 failures', () => {
  it('product mappings: created, edited, deleted; a taken name, a repeated role and groups and an unknown product refused in the server words', async () => {
    const settings = await call<ConnectWiseSettings>('psa.connectwise.settings');
    const row = { nodeRoleId: 1, productId: settings.products[0]!.id, agreementTypeId: settings.agreementTypes[0]!.id, groups: [], groupsLogicOperator: 'AND', ranking: 1 };
    const created = await call<ConnectWiseProductMapping>('psa.connectwise.saveProductMapping', { name: 'Printer bundle', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [row] });
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Printer bundle', nodeRoleProductMappings: [{ nodeRoleId: 1, productName: settings.products[0]!.name, ranking: 1 }] });
    const edited = await call<ConnectWiseProductMapping>('psa.connectwise.saveProductMapping', { id: created.id, name: 'Printer bundle v2', productMappingType: 'MULTIPLE_HIT', nodeRoleProductMappings: [] });
    expect(edited).toMatchObject({ id: created.id, name: 'Printer bundle v2', productMappingType: 'MULTIPLE_HIT', nodeRoleProductMappings: [] });

    const refused = (input: unknown) => call('psa.connectwise.saveProductMapping', input);
    await expect(refused({ name: 'Managed services', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [] })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: PSA_MESSAGES.productMappingNameTaken });
    await expect(refused({ name: 'Twice', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [row, { ...row, ranking: 2 }] })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: PSA_MESSAGES.sameRoleAndGroups });
    // A lower-case remainder keeps its field: it is what makes the message clear.
    await expect(refused({ name: 'Unknown product', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [{ ...row, productId: 1 }] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/productId: .*product/),
    });
    await expect(call('psa.connectwise.saveConfigurationTypeMapping', { name: 'standard configuration ', nodeRoleConfigurationTypeMappings: [] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: PSA_MESSAGES.configurationTypeNameTaken,
    });

    expect(await call('psa.connectwise.deleteProductMapping', { id: created.id })).toEqual({ deleted: true });
    await expect(call('psa.connectwise.deleteProductMapping', { id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This product mapping no longer exists.' });
    await expect(call('psa.connectwise.saveProductMapping', { id: created.id, name: 'Gone', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'This product mapping no longer exists.',
    });
  });

  it('Autotask device role mappings: POST without an id, PUT with one, DELETE; a taken name is §5.3 Invalid', async () => {
    const settings = await call<AutotaskSettings>('psa.autotask.settings');
    const products = await call<PsaPage<PsaRecord>>('psa.autotask.products', {});
    const mapping = {
      name: 'Server role mapping',
      disableInstalledProductOnNodeDelete: false,
      overrideProductMapping: true,
      nodeRoleInstalledProductCategoryMappings: [{ nodeRoleId: 2, productId: products.items[0]!.id, installedProductCategoryId: settings.categories[0]!.id }],
    };
    const created = await call<AutotaskDeviceRoleMapping>('psa.autotask.saveDeviceRoleMapping', mapping);
    expect(created).toMatchObject({ name: mapping.name, nodeRoleInstalledProductCategoryMappings: [{ nodeRoleId: 2, productName: products.items[0]!.name, installedProductCategoryName: settings.categories[0]!.name }] });
    const edited = await call<AutotaskDeviceRoleMapping>('psa.autotask.saveDeviceRoleMapping', { ...mapping, id: created.id, disableInstalledProductOnNodeDelete: true });
    expect(edited).toMatchObject({ id: created.id, disableInstalledProductOnNodeDelete: true });
    await expect(call('psa.autotask.saveDeviceRoleMapping', { ...mapping, name: 'servers' })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^Invalid/) });
    expect(await call('psa.autotask.deleteDeviceRoleMapping', { id: created.id })).toEqual({ deleted: true });
    await expect(call('psa.autotask.deleteDeviceRoleMapping', { id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This device role mapping no longer exists.' });
    await expect(call('psa.autotask.accountLocations', { accountId: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This Autotask account no longer exists.' });
    await expect(call('psa.connectwise.sites', { companyId: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This ConnectWise company no longer exists.' });
  });

  it('the filters, help desk options, sync attributes and product agreement sync are saved and answered', async () => {
    expect(await call('psa.autotask.saveCompanyFilter', { types: [1, 8] })).toEqual({ types: [1, 8] });
    expect((await call<AutotaskSettings>('psa.autotask.settings')).companyFilterMap).toEqual({ types: [1, 8] });
    expect(await call('psa.autotask.saveCompanyFilter', { types: [] })).toEqual({ types: [] });
    expect(await call('psa.autotask.saveHelpdesk', { createContact: false, embedHelpRequestImagesInTickets: true })).toEqual({ createContact: false, embedHelpRequestImagesInTickets: true });
    expect(await call('psa.autotask.saveSyncAttributes', { names: ['model', 'ram'] })).toEqual(['model', 'ram']);
    expect(await call('psa.connectwise.saveCompanyFilter', { types: [1, 2], statuses: [1] })).toEqual({ types: [1, 2], statuses: [1] });
    await call('psa.connectwise.saveCompanyFilter', { types: [1], statuses: [1] });
    expect(await call('psa.connectwise.saveHelpDesk', { createContact: true })).toEqual({ createContact: true });
    const names = ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType', 'cpuSPeed', 'nodeUrl'];
    expect(await call('psa.connectwise.saveSyncAttributes', { names })).toEqual(names);
    const sync = { enabled: true, runCount: 3, schedule: { dayOfMonth: 0, repeats: 'MONTHLY', runAtHour: 22, runAtMinute: 30, startDate: Date.UTC(2027, 0, 1), endType: 'AFTER', endDate: null } };
    expect(await call('psa.connectwise.saveProductAgreementSync', sync)).toEqual(sync);
  });

  it("§8.3 'Error fetching Company agreements': the marker company, and the switch", async () => {
    const companies = await call<ConnectWiseCompany[]>('psa.connectwise.companies');
    const broken = companies.find((c) => c.name === 'Broken Agreements Inc')!;
    await expect(call('psa.connectwise.agreements', { companyId: broken.id })).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error fetching Company agreements' });
    const other = companies.find((c) => c.name !== 'Broken Agreements Inc')!;
    const agreements = await call<Array<PsaRecord & { agreementTypeId: number | null }>>('psa.connectwise.agreements', { companyId: other.id });
    for (const agreement of agreements) expect(agreement).toMatchObject({ id: expect.any(Number), name: expect.any(String), agreementTypeId: expect.any(Number) });
    await psaAdmin({ failAgreements: true });
    try {
      await expect(call('psa.connectwise.agreements', { companyId: other.id })).rejects.toMatchObject({ message: 'Error fetching Company agreements' });
    } finally {
      await psaAdmin({ failAgreements: false });
    }
  });

  it("§8.3 the refresh: 'Successfully updated ConnectWise entities' after about 1.5 s, 'Error while refreshing ConnectWise entities' by switch, marker or a 503", async () => {
    const before = (await psaAdmin()).refreshes;
    const started = Date.now();
    expect(await call('psa.connectwise.refresh')).toEqual({ message: 'Successfully updated ConnectWise entities' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect((await psaAdmin()).refreshes).toBe(before + 1);
    const failed = { code: 'SERVER_ERROR', message: 'Error while refreshing ConnectWise entities' };

    await psaAdmin({ failRefresh: true, refreshDelayMs: 10 });
    try {
      await expect(call('psa.connectwise.refresh')).rejects.toMatchObject(failed);
    } finally {
      await psaAdmin({ failRefresh: false });
    }
    await faults({ errorRate: 1, errorPathPattern: 'psacw/v2/refresh' });
    try {
      await expect(call('psa.connectwise.refresh')).rejects.toMatchObject(failed);
    } finally {
      await faults({ errorRate: 0, errorPathPattern: null });
    }

    const original = await call<PsaConnection>('psa.connection', { kind: 'connectwise' });
    const unreachable = await call<PsaConnection>('psa.saveConnection', { kind: 'connectwise', instanceUrl: 'https://cw.invalid', username: original.username, enabled: true, secret: 'cw-invalid-key' });
    expect(unreachable).toMatchObject({ instanceUrl: 'https://cw.invalid', secretSet: true, secretInKeychain: false });
    try {
      await expect(call('psa.connectwise.refresh')).rejects.toMatchObject(failed);
      await expect(call('psa.connectwise.saveSyncAttributes', { names: ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType'] })).rejects.toMatchObject({
        code: 'SERVER_ERROR',
        message: 'Error setting device sync attributes',
      });
      // The other PSA is not concerned.
      expect(await call('psa.autotask.saveSyncAttributes', { names: ['model'] })).toEqual(['model']);
    } finally {
      await call('psa.saveConnection', { kind: 'connectwise', instanceUrl: original.instanceUrl, username: original.username, enabled: original.enabled, secret: 'cw-key' });
      await psaAdmin({ refreshDelayMs: 1500 });
    }
  });

  it("§8.3 'Error setting device sync attributes' by switch for both PSAs; nothing is stored", async () => {
    const before = (await call<AutotaskSettings>('psa.autotask.settings')).deviceDataSyncAttributes;
    await psaAdmin({ failSyncAttributes: true });
    try {
      for (const [channel, names] of [
        ['psa.autotask.saveSyncAttributes', ['cpuSpeed']],
        ['psa.connectwise.saveSyncAttributes', ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType']],
      ] as const) {
        await expect(call(channel, { names })).rejects.toMatchObject({ code: 'SERVER_ERROR', message: PSA_MESSAGES.syncAttributesFailed });
      }
    } finally {
      await psaAdmin({ failSyncAttributes: false });
    }
    expect((await call<AutotaskSettings>('psa.autotask.settings')).deviceDataSyncAttributes).toEqual(before);
    // Refused by the instance (an unknown name): the same §8.3 words.
    await expect(call('psa.autotask.saveSyncAttributes', { names: ['bogus'] })).rejects.toMatchObject({ message: PSA_MESSAGES.syncAttributesFailed });
  });

  it('without a keychain a connection with a new secret is still saved on the instance; the secret comes back nowhere', async () => {
    const original = await call<PsaConnection>('psa.connection', { kind: 'autotask' });
    const saved = await call<PsaConnection>('psa.saveConnection', { kind: 'autotask', instanceUrl: original.instanceUrl, username: 'no-keychain@example.com', enabled: true, secret: 'no-keychain-secret' });
    expect(saved).toEqual({ kind: 'autotask', instanceUrl: original.instanceUrl, username: 'no-keychain@example.com', enabled: true, secretSet: true, secretInKeychain: false });
    expect((await psaAdmin()).connections.autotask).toMatchObject({ username: 'no-keychain@example.com' });
    expect(JSON.stringify([saved, await overview(), await call('psa.connection', { kind: 'autotask' })])).not.toContain('no-keychain-secret');
    // A plain-http address, or one with credentials, is refused before anything is sent.
    await expect(call('psa.saveConnection', { kind: 'autotask', instanceUrl: 'http://plain.example', username: 'x', enabled: true })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/https:\/\//) });
    await expect(call('psa.saveConnection', { kind: 'autotask', instanceUrl: 'https://user:pw@at.example', username: 'x', enabled: true })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // The instance's 400 keeps its field when what follows is not a sentence.
    await expect(call('psa.autotask.saveLocationMappings', { rows: [{ locationId: 2_000_000_000, autotaskLocationId: null }] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/locationId: no such location/),
    });
    await call('psa.saveConnection', { kind: 'autotask', instanceUrl: original.instanceUrl, username: original.username, enabled: original.enabled, secret: 'at-secret' });
  });
});

describe('the contract refuses bad input before anything is sent', () => {
  const refused: Array<[string, unknown]> = [
    ['psa.overview', { extra: 1 }],
    ['psa.connection', { kind: 'halopsa' }],
    ['psa.saveConnection', { kind: 'autotask', instanceUrl: 'not a url', username: 'x', enabled: true }],
    ['psa.saveConnection', { kind: 'autotask', instanceUrl: 'https://a.example', username: ' ', enabled: true }],
    ['psa.saveConnection', { kind: 'autotask', instanceUrl: 'https://a.example', username: 'x', enabled: true, secretInKeychain: true }],
    ['psa.saveConnection', { kind: 'autotask', instanceUrl: 'https://a.example', username: 'x', enabled: true, secret: '' }],
    ['psa.setNeverMap', { kind: 'autotask', clientId: -1, on: true }],
    ['psa.setNeverMap', { kind: 'autotask', clientId: 1 }],
    ['psa.autotask.accounts', { search: 'x'.repeat(201) }],
    ['psa.autotask.accounts', { after: '' }],
    ['psa.autotask.saveAccountMappings', { rows: [] }],
    ['psa.autotask.saveAccountMappings', { rows: [{ clientId: 1.5, accountId: 1 }] }],
    ['psa.autotask.saveDeviceRoleMapping', { name: 'x', disableInstalledProductOnNodeDelete: false, overrideProductMapping: true, nodeRoleInstalledProductCategoryMappings: [], extra: true }],
    ['psa.connectwise.saveProductMapping', { name: 'x'.repeat(101), productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [] }],
    ['psa.connectwise.saveProductMapping', { name: 'x', productMappingType: 'ALL_HIT', nodeRoleProductMappings: [] }],
    ['psa.connectwise.saveProductAgreementSync', { enabled: true, runCount: 13, schedule: { dayOfMonth: 1, repeats: 'MONTHLY', runAtHour: 9, runAtMinute: 0, startDate: 0, endType: 'NEVER', endDate: null } }],
    ['psa.connectwise.saveSyncAttributes', { names: ['x'.repeat(101)] }],
    ['psa.connectwise.agreements', {}],
  ];
  it.each(refused)('%s %j', async (channel, input) => {
    await expect(call(channel, input)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
