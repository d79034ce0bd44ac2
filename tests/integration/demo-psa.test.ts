/**
 * The demo server's PSA calls over real HTTP
 * (spec/ticketing-automations-psa.md §7.3 and the demo's own documented
 * paths): every §7.3 call's shape, the big-data paginated calls (page size
 * 500, keyed by the last id, name filters, refused without the feature
 * autotask_big_data), save round trips, the refresh, and each §8.3 failure
 * switch and marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDemoArgs } from '../../src/demo-server/cli-args';
import { defaultDemoConfig } from '../../src/demo-server/config';
import { psaCatalogue, PSA_FIXTURES } from '../../src/demo-server/data/psa/psa';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { demoAccessToken } from '../helpers/demo-token';

const ADMIN_KEY = 'psa-admin-key';
let demo: DemoServer;
let token: string;

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 } });
  token = await demoAccessToken(demo.url);
});
afterAll(async () => demo.close());

interface Answer<T> {
  status: number;
  body: T;
}
type Named = { id: number; name: string };
type Account = Named & { accountType: number };
type Product = Named & { sku: string };
type Agreement = Named & { companyId: number; agreementTypeId: number; agreementTypeName: string; startDate: string; endDate: string | null };
type AccountMappingRow = { clientId: number; clientName: string; accountId: number | null; accountName: string | null; installedProductCategoryMappingId: number | null; installedProductCategoryMappingName: string | null };
type LocationMappingRow = { locationId: number; locationName: string; clientId: number; autotaskAccountId: number | null; autotaskAccountName: string | null; autotaskLocationId: number | null; autotaskLocationName: string | null };
type SiteRow = { locationId: number; psaSiteId: number | null; psaSiteName: string | null; productMappingType: string; productMappingId: number | null; productMappingName: string | null; agreementId: number | null; agreementName: string | null; mapped: boolean };
type CompanyMappingRow = { clientId: number; companyId: number | null; companyName: string | null; productMappingId: number | null; productMappingName: string | null; locationSiteMappings: SiteRow[] };

async function call<T = unknown>(method: string, path: string, options: { body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
  const url = new URL(`${demo.url}${path}`);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function ok<T>(method: string, path: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
  const answer = await call<T>(method, path, options);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const admin = (patch: Record<string, unknown>) => call('PATCH', '/__demo/psa', { body: patch, headers: { 'x-demo-admin': ADMIN_KEY } });
const features = (patch: Record<string, boolean>) => call('PATCH', '/__demo/config', { body: { features: patch }, headers: { 'x-demo-admin': ADMIN_KEY } });
const organizationId = async (name: string) => (await ok<Named[]>('GET', '/api/client/list')).find((o) => o.name === name)!.id;
const accountNamed = async (name: string) => (await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accounts', { query: { accountNameParam: name } })).accountList.find((a) => a.name === name)!;

describe('§7.3 calls and their shapes', () => {
  it('installed product categories, an account\'s locations, the full account and product lists', async () => {
    const categories = await ok<Named[]>('GET', '/api/psaat/v3/installedProductCategoriesList');
    expect(categories.length).toBeGreaterThan(5);
    for (const c of categories) expect(c).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const { accountList } = await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accounts');
    expect(accountList.length).toBeGreaterThan(1000);
    expect(accountList[0]).toEqual({ id: expect.any(Number), name: expect.any(String), accountType: expect.any(Number) });
    const locations = await ok<Array<Named & { accountId: number; primary: boolean }>>('GET', `/api/psaat/v3/locations/${accountList[0]!.id}`);
    expect(locations.length).toBeGreaterThan(0);
    expect(locations.every((l) => l.accountId === accountList[0]!.id)).toBe(true);
    expect(locations.filter((l) => l.primary)).toHaveLength(1);
    expect((await call('GET', '/api/psaat/v3/locations/1')).status).toBe(404);
    expect((await call('GET', '/api/psaat/v3/locations/abc')).status).toBe(404);

    const { productList } = await ok<{ productList: Product[] }>('GET', '/api/psaat/v2/products');
    expect(productList.length).toBeGreaterThan(1000);
    expect(productList[0]).toEqual({ id: expect.any(Number), name: expect.any(String), sku: expect.any(String) });
  });

  it('ConnectWise agreements of a company: field financeAgreementList; companyId required, unknown 404', async () => {
    const companies = await ok<Array<Named & { identifier: string; types: Named[]; status: Named }>>('GET', '/api/psacw/v2/companies');
    let withAgreements: Agreement[] = [];
    for (const company of companies.slice(2, 40)) {
      const { financeAgreementList } = await ok<{ financeAgreementList: Agreement[] }>('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: company.id } });
      expect(financeAgreementList.every((a) => a.companyId === company.id)).toBe(true);
      if (financeAgreementList.length > 0) withAgreements = financeAgreementList;
    }
    const [agreement] = withAgreements;
    expect(Object.keys(agreement!).sort()).toEqual(['agreementTypeId', 'agreementTypeName', 'companyId', 'endDate', 'id', 'name', 'startDate']);
    expect(agreement).toMatchObject({ id: expect.any(Number), name: expect.any(String), agreementTypeName: expect.any(String), startDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    expect(agreement!.endDate === null || /^\d{4}-\d\d-\d\d$/.test(agreement!.endDate)).toBe(true);
    expect((await call('GET', '/api/psacw/v2/finance/agreements')).status).toBe(400);
    expect((await call('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: 'x' } })).status).toBe(400);
    expect((await call('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: 1 } })).status).toBe(404);
  });

  it('near-duplicate names on both sides, the same several hundred organizations as ticketing, roles and groups; a bearer token needed', async () => {
    const organizations = await ok<Named[]>('GET', '/api/client/list');
    expect(organizations.length).toBeGreaterThan(300);
    expect(organizations.map((o) => o.name)).toEqual(expect.arrayContaining([PSA_FIXTURES.acme.organization, PSA_FIXTURES.contoso.organization]));
    expect(await accountNamed(PSA_FIXTURES.acme.autotaskAccount)).toBeDefined();
    expect(await accountNamed(PSA_FIXTURES.contoso.autotaskAccount)).toBeDefined();
    const rows = await ok<AccountMappingRow[]>('GET', '/api/psaat/v2/accountMappings');
    expect(rows.map((r) => r.clientId)).toEqual(organizations.map((o) => o.id));
    const mapped = rows.filter((r) => r.accountId !== null).length;
    expect(mapped).toBeGreaterThan(5);
    expect(mapped).toBeLessThan(rows.length / 4);

    const roles = await ok<Array<Named & { custom: boolean }>>('GET', '/api/noderole/list');
    expect(roles.some((r) => r.custom) && roles.some((r) => !r.custom)).toBe(true);
    expect((await ok<Named[]>('GET', '/api/group/list')).length).toBeGreaterThan(10);
    expect((await fetch(`${demo.url}/api/psaat/v2/accounts`)).status).toBe(401);
  });
});

describe('generated data', () => {
  it('is a pure function of the seed and the organizations', () => {
    const organizations = [
      { id: 1, name: PSA_FIXTURES.acme.organization },
      { id: 2, name: 'Summit Dental, Inc.' },
    ];
    const once = psaCatalogue('seed-a', organizations);
    expect(psaCatalogue('seed-a', organizations)).toEqual(once);
    expect(psaCatalogue('seed-b', organizations).autotask.accounts).not.toEqual(once.autotask.accounts);
    // §2.3's example pair, whatever the seed.
    expect(psaCatalogue('seed-b', organizations).autotask.accounts.map((a) => a.name)).toContain(PSA_FIXTURES.acme.autotaskAccount);
  });
});

describe('big-data paginated calls (§6 autotask_big_data, §7.3, §9.3)', () => {
  it('are refused while the feature is off (the demo default), which the command line and config set', async () => {
    expect(defaultDemoConfig().features.autotask_big_data).toBe(false);
    expect(parseDemoArgs(['--feature', 'autotask_big_data=on']).features).toEqual({ autotask_big_data: true });
    expect((await call('GET', '/api/psaat/v2/accountsPaginated')).status).toBe(403);
    expect((await call('GET', '/api/psaat/v2/productsPaginated')).status).toBe(403);
  });

  it('page accounts by 500 after the last id, the name filter applied on the server', async () => {
    await features({ autotask_big_data: true });
    try {
      expect((await ok<{ features: Record<string, boolean> }>('GET', '/api/appuser/current')).features.autotask_big_data).toBe(true);
      const { accountList: all } = await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accounts');
      const pages: Account[][] = [];
      let lastId: number | undefined;
      for (;;) {
        const { accountList } = await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accountsPaginated', { query: lastId === undefined ? {} : { lastId } });
        if (accountList.length === 0) break;
        pages.push(accountList);
        lastId = accountList.at(-1)!.id;
        if (accountList.length < 500) break;
      }
      expect(pages.slice(0, -1).every((p) => p.length === 500)).toBe(true);
      expect(pages.at(-1)!.length).toBeLessThan(500);
      expect(pages.flat().map((a) => a.id)).toEqual(all.map((a) => a.id));
      expect((await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accountsPaginated', { query: { lastId: all.at(-1)!.id } })).accountList).toEqual([]);

      const contoso = (await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accountsPaginated', { query: { accountNameParam: 'CONTOSO' } })).accountList;
      expect(contoso.map((a) => a.name)).toEqual(expect.arrayContaining([PSA_FIXTURES.contoso.autotaskAccount]));
      expect(contoso.every((a) => a.name.toLowerCase().includes('contoso'))).toBe(true);
      const after = (await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accountsPaginated', { query: { accountNameParam: 'contoso', lastId: contoso[0]!.id } })).accountList;
      expect(after).toEqual(contoso.slice(1));
      expect((await call('GET', '/api/psaat/v2/accountsPaginated', { query: { lastId: '12x' } })).status).toBe(400);
    } finally {
      await features({ autotask_big_data: false });
    }
  });

  it('page products the same way, with productNameParam', async () => {
    await features({ autotask_big_data: true });
    try {
      const first = (await ok<{ productList: Product[] }>('GET', '/api/psaat/v2/productsPaginated')).productList;
      expect(first).toHaveLength(500);
      expect(first.every((p, i) => i === 0 || first[i - 1]!.id < p.id)).toBe(true);
      const second = (await ok<{ productList: Product[] }>('GET', '/api/psaat/v2/productsPaginated', { query: { lastId: first.at(-1)!.id } })).productList;
      expect(second[0]!.id).toBeGreaterThan(first.at(-1)!.id);
      const optiplex = (await ok<{ productList: Product[] }>('GET', '/api/psaat/v2/productsPaginated', { query: { productNameParam: 'optiplex' } })).productList;
      expect(optiplex.length).toBeGreaterThan(0);
      expect(optiplex.every((p) => p.name.includes('OptiPlex'))).toBe(true);
    } finally {
      await features({ autotask_big_data: false });
    }
  });
});

describe('save round trips', () => {
  it('Autotask: an account mapping, its location mappings, and a remap resetting them (§4.3)', async () => {
    const clientId = await organizationId(PSA_FIXTURES.contoso.organization);
    const limited = await accountNamed(PSA_FIXTURES.contoso.autotaskAccount);
    const saved = await ok<{ accountMappings: AccountMappingRow[]; locationMappingsReset: number[] }>('PUT', '/api/psaat/v2/accountMappings', {
      body: [{ clientId, clientName: 'ignored', accountId: limited.id, installedProductCategoryMappingId: 1 }],
    });
    expect(saved).toEqual({
      accountMappings: [{ clientId, clientName: PSA_FIXTURES.contoso.organization, accountId: limited.id, accountName: PSA_FIXTURES.contoso.autotaskAccount, installedProductCategoryMappingId: 1, installedProductCategoryMappingName: 'Standard workstations' }],
      locationMappingsReset: [],
    });
    expect((await ok<AccountMappingRow[]>('GET', '/api/psaat/v2/accountMappings')).find((r) => r.clientId === clientId)).toEqual(saved.accountMappings[0]);

    const rows = await ok<LocationMappingRow[]>('GET', '/api/psaat/v2/locationMappings', { query: { clientId } });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.autotaskAccountId === limited.id && r.autotaskLocationId === null)).toBe(true);
    const main = (await ok<Array<Named & { primary: boolean }>>('GET', `/api/psaat/v3/locations/${limited.id}`)).find((l) => l.primary)!;
    const [located] = await ok<LocationMappingRow[]>('PUT', '/api/psaat/v2/locationMappings', { body: [{ locationId: rows[0]!.locationId, autotaskLocationId: main.id }] });
    expect(located).toMatchObject({ autotaskLocationId: main.id, autotaskLocationName: 'Main Office' });
    expect((await call('PUT', '/api/psaat/v2/locationMappings', { body: [{ locationId: rows[1]!.locationId, autotaskLocationId: 1 }] })).status).toBe(400);

    const typo = await accountNamed(PSA_FIXTURES.contoso.autotaskTypo);
    const remapped = await ok<{ locationMappingsReset: number[] }>('PUT', '/api/psaat/v2/accountMappings', { body: [{ clientId, accountId: typo.id }] });
    expect(remapped.locationMappingsReset).toEqual([clientId]);
    expect((await ok<LocationMappingRow[]>('GET', '/api/psaat/v2/locationMappings', { query: { clientId } })).every((r) => r.autotaskLocationId === null)).toBe(true);
    // Clear Mapping.
    await ok('PUT', '/api/psaat/v2/accountMappings', { body: [{ clientId, accountId: null, installedProductCategoryMappingId: null }] });
    expect(await ok('GET', '/api/psaat/v2/locationMappings', { query: { clientId } })).toEqual([]);
  });

  it('Autotask: device role mappings CRUD with §5.3 checks; filter, helpdesk and sync attributes', async () => {
    const { productList } = await ok<{ productList: Product[] }>('GET', '/api/psaat/v2/products');
    const row = { nodeRoleId: 2, productId: productList[0]!.id, installedProductCategoryId: 101 };
    const created = await ok<{ id: number; name: string; disableInstalledProductOnNodeDelete: boolean; overrideProductMapping: boolean; nodeRoleInstalledProductCategoryMappings: unknown[] }>('POST', '/api/psaat/v2/deviceRoleMappings', {
      body: { name: '  Kiosks  ', nodeRoleInstalledProductCategoryMappings: [row] },
    });
    expect(created).toMatchObject({ name: 'Kiosks', disableInstalledProductOnNodeDelete: false, overrideProductMapping: true });
    expect(created.nodeRoleInstalledProductCategoryMappings).toEqual([{ id: 1, ...row, productName: productList[0]!.name, installedProductCategoryName: 'Workstation' }]);
    expect((await call<{ message: string }>('POST', '/api/psaat/v2/deviceRoleMappings', { body: { name: 'kiosks', nodeRoleInstalledProductCategoryMappings: [] } })).body.message).toMatch(/Invalid/);
    expect((await call('POST', '/api/psaat/v2/deviceRoleMappings', { body: { name: 'Two', nodeRoleInstalledProductCategoryMappings: [row, row] } })).status).toBe(400);
    const edited = await ok<{ overrideProductMapping: boolean }>('PUT', `/api/psaat/v2/deviceRoleMappings/${created.id}`, { body: { name: 'Kiosks', overrideProductMapping: false, nodeRoleInstalledProductCategoryMappings: [] } });
    expect(edited.overrideProductMapping).toBe(false);
    expect((await call('DELETE', `/api/psaat/v2/deviceRoleMappings/${created.id}`)).status).toBe(204);
    expect((await call('GET', `/api/psaat/v2/deviceRoleMappings/${created.id}`)).status).toBe(404);

    await ok('PUT', '/api/psaat/v2/companyFilterMap', { body: { types: [7] } });
    expect((await ok<{ accountList: Account[] }>('GET', '/api/psaat/v2/accounts')).accountList.every((a) => a.accountType === 7)).toBe(true);
    await ok('PUT', '/api/psaat/v2/companyFilterMap', { body: { types: [] } });
    expect((await call('PUT', '/api/psaat/v2/companyFilterMap', { body: { types: [5] } })).status).toBe(400);

    expect(await ok('PUT', '/api/psaat/v2/helpdeskSettings', { body: { createContact: false, embedHelpRequestImagesInTickets: true } })).toEqual({ createContact: false, embedHelpRequestImagesInTickets: true });
    expect((await ok<{ deviceDataSyncAttributes: string[] }>('GET', '/api/psaat/v2/deviceDataSyncAttributes')).deviceDataSyncAttributes).toHaveLength(11);
    expect(await ok('PUT', '/api/psaat/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['ram', 'model'] } })).toEqual({ deviceDataSyncAttributes: ['ram', 'model'] });
    expect((await call('PUT', '/api/psaat/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['teleporter'] } })).status).toBe(400);
  });

  it('ConnectWise: product and configuration type mappings, a company mapping with location-site mappings, schedule, filter, help desk', async () => {
    const products = await ok<Named[]>('GET', '/api/psacw/v2/products');
    const rows = [
      { nodeRoleId: 1, productId: products[0]!.id, agreementTypeId: 11, groups: [2], ranking: 2 },
      { nodeRoleId: 1, productId: products[1]!.id, agreementTypeId: 11, groups: [], groupsLogicOperator: 'OR', ranking: 1 },
    ];
    const product = await ok<{ id: number; productMappingType: string; nodeRoleProductMappings: Array<{ ranking: number; groups: number[]; groupsLogicOperator: string }> }>('POST', '/api/psacw/v2/productMappings', { body: { name: 'Ranked', nodeRoleProductMappings: rows } });
    expect(product.productMappingType).toBe('SINGLE_HIT');
    expect(product.nodeRoleProductMappings.map((r) => [r.ranking, r.groups, r.groupsLogicOperator])).toEqual([[1, [], 'OR'], [2, [2], 'AND']]);
    const duplicate = await call<{ message: string }>('POST', '/api/psacw/v2/productMappings', { body: { name: 'Dup', nodeRoleProductMappings: [rows[0], { ...rows[0], ranking: 1 }] } });
    expect(duplicate.body.message).toContain('Already exists a mapping with the same role and groups');
    expect((await call<{ message: string }>('POST', '/api/psacw/v2/productMappings', { body: { name: 'ranked', nodeRoleProductMappings: [] } })).body.message).toContain('Product mapping name already taken');
    expect((await call<{ message: string }>('POST', '/api/psacw/v2/productMappings', { body: { name: 'n'.repeat(51), nodeRoleProductMappings: [] } })).body.message).toContain('Max length for name is 50 chars');

    const configuration = await ok<{ id: number; nodeRoleConfigurationTypeMappings: unknown[] }>('POST', '/api/psacw/v2/configurationTypeMappings', {
      body: { name: 'Kiosk configs', nodeRoleConfigurationTypeMappings: [{ nodeRoleId: 1004, configurationTypeId: 21, onCreateStatusId: 31, onDeleteStatusId: null }] },
    });
    expect(configuration.nodeRoleConfigurationTypeMappings).toEqual([{ id: 1, nodeRoleId: 1004, configurationTypeId: 21, configurationTypeName: 'Managed Workstation', onCreateStatusId: 31, onCreateStatusName: 'Active', onDeleteStatusId: null, onDeleteStatusName: null }]);
    expect((await call<{ message: string }>('POST', '/api/psacw/v2/configurationTypeMappings', { body: { name: 'KIOSK CONFIGS ', nodeRoleConfigurationTypeMappings: [] } })).body.message).toContain('Configuration type mapping name already taken');

    const clientId = await organizationId(PSA_FIXTURES.contoso.organization);
    const company = (await ok<Named[]>('GET', '/api/psacw/v2/companies')).find((c) => c.name === PSA_FIXTURES.contoso.connectWiseCompany)!;
    const [site] = await ok<Array<Named & { companyId: number }>>('GET', `/api/psacw/v2/companies/${company.id}/sites`);
    const { financeAgreementList } = await ok<{ financeAgreementList: Agreement[] }>('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: company.id } });
    const [before] = await ok<CompanyMappingRow[]>('GET', '/api/psacw/v2/companyMappings', { query: { clientId } });
    expect(before!.companyId).toBeNull();
    const head = before!.locationSiteMappings[0]!;
    const siteRow = { locationId: head.locationId, psaSiteId: site!.id, productMappingType: 'SPECIFIED', productMappingId: product.id, configurationTypeMappingType: 'NONE', agreementId: financeAgreementList[0]?.id ?? null };
    const [saved] = await ok<CompanyMappingRow[]>('PUT', '/api/psacw/v2/companyMappings', { body: [{ clientId, companyId: company.id, productMappingId: 1, configurationTypeMappingId: configuration.id, locationSiteMappings: [siteRow] }] });
    expect(saved).toMatchObject({ companyName: PSA_FIXTURES.contoso.connectWiseCompany, productMappingName: 'Managed services' });
    expect(saved!.locationSiteMappings[0]).toMatchObject({ psaSiteId: site!.id, psaSiteName: site!.name, productMappingName: 'Ranked', productMappingType: 'SPECIFIED', mapped: true });
    expect(saved!.locationSiteMappings[1]).toMatchObject({ psaSiteId: null, mapped: false, productMappingType: 'CLIENT_DEFAULT' });
    expect((await ok<CompanyMappingRow[]>('GET', '/api/psacw/v2/companyMappings', { query: { clientId } }))[0]).toEqual(saved);
    // §4.3: None clears the agreement; a site of another company is refused.
    expect((await call('PUT', '/api/psacw/v2/companyMappings', { body: [{ clientId, companyId: company.id, locationSiteMappings: [{ ...siteRow, productMappingType: 'NONE', agreementId: 2001 }] }] })).status).toBe(400);
    expect((await call('PUT', '/api/psacw/v2/companyMappings', { body: [{ clientId, companyId: company.id, locationSiteMappings: [{ ...siteRow, psaSiteId: 1 }] }] })).status).toBe(400);
    // Deleting the product mapping sends the location back to the organization's default.
    expect((await call('DELETE', `/api/psacw/v2/productMappings/${product.id}`)).status).toBe(204);
    expect((await ok<CompanyMappingRow[]>('GET', '/api/psacw/v2/companyMappings', { query: { clientId } }))[0]!.locationSiteMappings[0]).toMatchObject({ productMappingType: 'CLIENT_DEFAULT', productMappingId: null });

    const sync = { enabled: true, runCount: 12, schedule: { dayOfMonth: 0, repeats: 'MONTHLY', runAtHour: 22, runAtMinute: 30, startDate: Date.UTC(2027, 0, 1), endType: 'ON', endDate: Date.UTC(2027, 11, 31) } };
    expect(await ok('PUT', '/api/psacw/v2/productAgreementSync', { body: sync })).toEqual(sync);
    expect(await ok('GET', '/api/psacw/v2/productAgreementSync')).toEqual(sync);
    expect((await call('PUT', '/api/psacw/v2/productAgreementSync', { body: { ...sync, schedule: { ...sync.schedule, repeats: 'WEEKLY' } } })).status).toBe(400);
    expect((await call('PUT', '/api/psacw/v2/productAgreementSync', { body: { ...sync, runCount: 13 } })).status).toBe(400);
    expect((await call('PUT', '/api/psacw/v2/productAgreementSync', { body: { ...sync, schedule: { ...sync.schedule, endDate: null } } })).status).toBe(400);

    expect(await ok('PUT', '/api/psacw/v2/companyFilter', { body: { types: [1, 4], statuses: [] } })).toEqual({ types: [1, 4], statuses: [] });
    expect(await ok('PUT', '/api/psacw/v2/helpDesk', { body: { createContact: true } })).toEqual({ createContact: true });
    const attributes = ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType', 'cpuSPeed', 'teamViewerUrl'];
    expect(await ok('PUT', '/api/psacw/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: attributes } })).toEqual({ deviceDataSyncAttributes: attributes });
    expect((await call<{ message: string }>('PUT', '/api/psacw/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['name'] } })).body.message).toContain('required attributes');
  });

  it('connections answer without the secret; bad bodies are 400 with a clear message', async () => {
    const saved = await ok<Record<string, unknown>>('PUT', '/api/psacw/v2/connection', { body: { instanceUrl: 'https://eu.myconnectwise.net', username: 'msp+api', enabled: false, secret: 'hunter2-private-key' } });
    expect(saved).toEqual({ instanceUrl: 'https://eu.myconnectwise.net', username: 'msp+api', enabled: false, secretSet: true });
    // §3.5 the session's psaType follows the connections: ConnectWise disabled leaves Autotask; both disabled, none.
    const psaType = async () => (await ok<{ psaType: string | null; permissions: { canAdministerPsa: boolean } }>('GET', '/api/appuser/current'));
    expect(await psaType()).toMatchObject({ psaType: 'AUTOTASK', permissions: { canAdministerPsa: true } });
    const autotask = await ok<{ instanceUrl: string; username: string }>('GET', '/api/psaat/v2/connection');
    await ok('PUT', '/api/psaat/v2/connection', { body: { instanceUrl: autotask.instanceUrl, username: autotask.username, enabled: false } });
    expect((await psaType()).psaType).toBeNull();
    await ok('PUT', '/api/psaat/v2/connection', { body: { instanceUrl: autotask.instanceUrl, username: autotask.username, enabled: true } });
    await ok('PUT', '/api/psacw/v2/connection', { body: { instanceUrl: 'https://eu.myconnectwise.net', username: 'msp+api', enabled: true } });
    expect((await psaType()).psaType).toBe('CONNECTWISE');
    expect(JSON.stringify(await ok('GET', '/api/psacw/v2/connection'))).not.toContain('hunter2');
    expect((await call<{ message: string }>('PUT', '/api/psaat/v2/connection', { body: { instanceUrl: 'http://x.example', username: 'u', enabled: true } })).body.message).toContain('instanceUrl');
    const notJson = await call<{ error: string; message: string }>('PUT', '/api/psaat/v2/helpdeskSettings', { body: '{oops' });
    expect(notJson).toEqual({ status: 400, body: { error: 'bad_request', message: 'The body is not valid JSON' } });
    const missing = await call<{ message: string }>('PUT', '/api/psaat/v2/accountMappings', { body: [{ clientId: 1 }] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('body[0].accountId');
  });
});

describe("'Refresh ConnectWise Data' and the §8.3 failure switches", () => {
  it('the refresh takes about 1.5 s and answers SUCCESS', async () => {
    const started = Date.now();
    const answer = await ok<{ resultCode: string; refreshedAt: string; companies: number }>('POST', '/api/psacw/v2/refresh');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(answer).toMatchObject({ resultCode: 'SUCCESS', companies: expect.any(Number) });
    expect(Date.parse(answer.refreshedAt)).not.toBeNaN();
  });

  it("'Error fetching Company agreements': switch failAgreements, and the company 'Broken Agreements Inc' always", async () => {
    const state = (await call<{ brokenAgreementsCompanyId: number }>('GET', '/__demo/psa', { headers: { 'x-demo-admin': ADMIN_KEY } })).body;
    expect((await call('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: state.brokenAgreementsCompanyId } })).status).toBe(500);
    const [, , company] = await ok<Named[]>('GET', '/api/psacw/v2/companies');
    expect((await admin({ failAgreements: true })).status).toBe(200);
    expect((await call('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: company!.id } })).status).toBe(500);
    await admin({ failAgreements: false });
    expect((await call('GET', '/api/psacw/v2/finance/agreements', { query: { companyId: company!.id } })).status).toBe(200);
  });

  it("'Error while refreshing ConnectWise entities': switch failRefresh, and a connection host under .invalid", async () => {
    await admin({ refreshDelayMs: 10, failRefresh: true });
    expect((await call('POST', '/api/psacw/v2/refresh')).status).toBe(500);
    await admin({ failRefresh: false });
    const connection = await ok<Record<string, unknown>>('GET', '/api/psacw/v2/connection');
    await ok('PUT', '/api/psacw/v2/connection', { body: { instanceUrl: 'https://cw.invalid', username: 'u', enabled: true } });
    expect((await call('POST', '/api/psacw/v2/refresh')).status).toBe(500);
    await ok('PUT', '/api/psacw/v2/connection', { body: { instanceUrl: connection.instanceUrl, username: connection.username, enabled: true } });
    expect((await call('POST', '/api/psacw/v2/refresh')).status).toBe(200);
    await admin({ refreshDelayMs: 1500 });
  });

  it("'Error setting device sync attributes': switch failSyncAttributes (both PSAs, nothing stored), and a connection host under .invalid", async () => {
    const before = await ok('GET', '/api/psaat/v2/deviceDataSyncAttributes');
    await admin({ failSyncAttributes: true });
    expect((await call('PUT', '/api/psaat/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['ram'] } })).status).toBe(500);
    expect((await call('PUT', '/api/psacw/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType'] } })).status).toBe(500);
    expect(await ok('GET', '/api/psaat/v2/deviceDataSyncAttributes')).toEqual(before);
    await admin({ failSyncAttributes: false });
    await ok('PUT', '/api/psaat/v2/connection', { body: { instanceUrl: 'https://at.invalid/atservicesrest', username: 'u', enabled: true } });
    expect((await call('PUT', '/api/psaat/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['ram'] } })).status).toBe(500);
    await ok('PUT', '/api/psaat/v2/connection', { body: { instanceUrl: 'https://webservices5.autotask.net', username: 'u', enabled: true } });
    expect((await call('PUT', '/api/psaat/v2/deviceDataSyncAttributes', { body: { deviceDataSyncAttributes: ['ram'] } })).status).toBe(200);
  });

  it('the switches need the admin key and refuse unknown ones', async () => {
    expect((await call('PATCH', '/__demo/psa', { body: { failRefresh: true }, headers: { 'x-demo-admin': 'wrong-key-123' } })).status).toBe(403);
    expect((await admin({ failEverything: true })).status).toBe(400);
    expect((await admin({ refreshDelayMs: -1 })).status).toBe(400);
  });
});
