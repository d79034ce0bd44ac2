/**
 * The demo's PSA catalogues (spec/ticketing-automations-psa.md §2.3, §2.4,
 * §3.3, §3.4): what the two PSAs hold and the RMM side they are mapped from.
 * A pure function of the seed and the organizations: the RMM device roles
 * and groups; Autotask accounts (near-duplicate names of the organizations,
 * plus unrelated ones), account types, account locations, products and
 * installed product categories; ConnectWise companies with types and
 * statuses, sites, products, agreement types, agreements, configuration
 * types and statuses. Names come from ./names.ts; the mutable settings
 * and mappings are ./autotask.ts and ./connectwise.ts, held per
 * world by ./store.ts.
 *
 * The organizations themselves are the ticketing lookups (../ticketing/ticketing.ts
 * `lookupOrganizations`), which take PSA_CLIENT_NAMES below among theirs, so
 * ticketing and the PSA settings see the same organizations and locations.
 */
import { AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES } from '../../../shared/model/psa';
import { FORMS, nearDuplicate, shuffled, unrelatedNames } from './names';
import { rngFor, type Rng } from '../random';

export interface Named {
  id: number;
  name: string;
}

/** §3.4: a device role, system or custom. */
export interface DeviceRole extends Named {
  custom: boolean;
}

export interface AutotaskAccount extends Named {
  /** An id of AUTOTASK_ACCOUNT_TYPES (the Account Type Filter's values). */
  accountType: number;
}

export interface AutotaskLocation extends Named {
  accountId: number;
  primary: boolean;
}

export interface AutotaskProduct extends Named {
  sku: string;
}

export interface ConnectWiseCompany extends Named {
  identifier: string;
  types: Named[];
  status: Named;
}

interface ConnectWiseSite extends Named {
  companyId: number;
}

export interface ConnectWiseProduct extends Named {
  identifier: string;
}

export interface FinanceAgreement extends Named {
  companyId: number;
  agreementTypeId: number;
  agreementTypeName: string;
  /** ISO dates (YYYY-MM-DD); endDate null for an open-ended agreement. */
  startDate: string;
  endDate: string | null;
}

/** The organizations the PSA demo adds to the ticketing lookups: several hundred, so the mapping tables page and search for real. */
const BRANDS = [
  'Summit', 'Riverbend', 'Northgate', 'Pinecrest', 'Lakeside', 'Redwood', 'Silverline', 'Brightwater', 'Oakridge', 'Stonebridge',
  'Clearview', 'Evergreen', 'Highland', 'Maplewood', 'Bayview', 'Crescent', 'Ironwood', 'Westbrook', 'Fairfield', 'Goldleaf',
  'Hillcrest', 'Kingsley', 'Meridian', 'Newport', 'Orchard', 'Parkside', 'Quarry', 'Rosewood', 'Sandstone', 'Thornton',
  'Unity', 'Valley', 'Willow', 'Yardley', 'Zenith', 'Ashford', 'Globex', 'Initech', 'Vantage', 'Wexford',
];
const TRADES = ['Dental', 'Law', 'Freight', 'Medical', 'Design', 'Accounting', 'Properties', 'Auto', 'Foods', 'Engineering', 'Insurance', 'Construction', 'Veterinary', 'Architects'];

/** The two pairs of §2.3's example kind, whatever the seed: 'Acme, Inc.' vs 'ACME Inc', 'Contoso Ltd' vs 'Contoso Limited'. */
export const PSA_FIXTURES = {
  acme: { organization: 'Acme, Inc.', autotaskAccount: 'ACME Inc', connectWiseCompany: 'Acme Incorporated' },
  contoso: { organization: 'Contoso Ltd', autotaskAccount: 'Contoso Limited', autotaskTypo: 'Contosso Ltd', connectWiseCompany: 'Contoso Ltd.' },
  /** A ConnectWise company whose agreements call always fails (§8.3 'Error fetching Company agreements'). */
  brokenAgreementsCompany: 'Broken Agreements Inc',
  /** A ConnectWise client company with no sites and no agreements (the empty states of §8.3). */
  emptyCompany: 'Fresh Start Co',
  /** A PSA connection whose instance URL host ends so is unreachable (RFC 2606): see ../../routes/psa/psa.ts. */
  unreachableHostSuffix: '.invalid',
} as const;

export const PSA_CLIENT_NAMES: readonly string[] = (() => {
  const names = new Set<string>([PSA_FIXTURES.acme.organization, PSA_FIXTURES.contoso.organization]);
  for (let i = 0; names.size < 282; i++) {
    const round = Math.floor(i / BRANDS.length);
    const brand = BRANDS[i % BRANDS.length];
    const trade = TRADES[(i * 5 + round) % TRADES.length];
    const form = FORMS[(i * 3 + round) % FORMS.length];
    names.add(`${brand} ${trade}${form}`);
  }
  return [...names];
})();

/** §3.4 device roles: the system ones (ids below 1000), then custom ones. */
export const DEVICE_ROLES: readonly DeviceRole[] = [
  ...['Windows Server', 'Windows Desktop', 'Windows Laptop', 'Mac', 'Mac Server', 'Linux Server', 'Linux Workstation', 'VMware Host', 'Hyper-V Host', 'Hyper-V Guest', 'Network Switch', 'Router', 'Firewall', 'Printer', 'NAS', 'Android', 'Apple iOS'].map(
    (name, i) => ({ id: i + 1, name, custom: false }),
  ),
  ...['Domain Controller', 'SQL Server', 'Point of Sale', 'Kiosk', 'Exchange Server', 'Executive Laptop'].map((name, i) => ({ id: 1001 + i, name, custom: true })),
];

/** Device groups, for the product role mappings' Group(s) (§2.4). */
export const DEVICE_GROUPS: readonly Named[] = [
  'All Servers', 'Critical Servers', 'Workstations', 'Laptops', 'Finance Department', 'Remote Workers', 'Patch Ring 1', 'Patch Ring 2',
  'Patch Ring 3', 'Offline 30+ days', 'Low Disk Space', 'Windows 10', 'Windows 11', 'Mac Fleet', 'Kiosks', 'VIP Users',
  'BitLocker Off', 'Backup Enabled', 'Pilot Group', 'Branch Office', 'Head Office', 'Legacy Hardware', 'Needs Reboot', 'Contractors',
].map((name, i) => ({ id: i + 1, name }));

/** Autotask's company types, the Account Type Filter's choices. */
export const AUTOTASK_ACCOUNT_TYPES: readonly Named[] = [
  { id: 1, name: 'Customer' },
  { id: 2, name: 'Lead' },
  { id: 3, name: 'Prospect' },
  { id: 4, name: 'Dead' },
  { id: 6, name: 'Cancellation' },
  { id: 7, name: 'Vendor' },
  { id: 8, name: 'Partner' },
];

export const INSTALLED_PRODUCT_CATEGORIES: readonly Named[] = ['Workstation', 'Server', 'Laptop', 'Network Device', 'Printer', 'Virtual Machine', 'Mobile Device', 'Storage', 'Firewall', 'Mac', 'Software License'].map(
  (name, i) => ({ id: 101 + i, name }),
);

export const CW_COMPANY_TYPES: readonly Named[] = ['Client', 'Prospect', 'Vendor', 'Partner', 'Former Client', 'Competitor', 'Owner'].map((name, i) => ({ id: i + 1, name }));
export const CW_COMPANY_STATUSES: readonly Named[] = ['Active', 'Inactive', 'Not Approved', 'Credit Hold', 'Delinquent'].map((name, i) => ({ id: i + 1, name }));
export const CW_AGREEMENT_TYPES: readonly Named[] = ['Managed Services', 'Block Time', 'Break/Fix', 'Backup as a Service', 'Security Bundle', 'Hardware as a Service', 'Microsoft 365'].map(
  (name, i) => ({ id: 11 + i, name }),
);
export const CW_CONFIGURATION_TYPES: readonly Named[] = ['Managed Workstation', 'Managed Server', 'Laptop', 'Network Switch', 'Firewall', 'Printer', 'Virtual Machine', 'Mac', 'NAS', 'Mobile Device'].map(
  (name, i) => ({ id: 21 + i, name }),
);
export const CW_CONFIGURATION_STATUSES: readonly Named[] = ['Active', 'Inactive', 'Pending Setup', 'Retired', 'Decommissioned'].map((name, i) => ({ id: 31 + i, name }));

/** §9.4: the default device data sync attributes (Autotask's); the spec names no others, so they are also its checklist. */
export const AUTOTASK_DEFAULT_SYNC_ATTRIBUTES: readonly string[] = AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES;
/** §9.3, to the letter (its optional 'cpuSPeed' included as spelled). */
export const CW_REQUIRED_SYNC_ATTRIBUTES: readonly string[] = ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType'];
export const CW_OPTIONAL_SYNC_ATTRIBUTES: readonly string[] = ['cpuSPeed', 'defaultGateway', 'lastLoginName', 'localHardDrives', 'macAddress', 'model', 'osInfo', 'ram', 'serialNumber'];
export const CW_SYNC_QUESTIONS: readonly string[] = ['nodeUrl', 'privateIpAddress', 'teamViewerUrl', 'productKey'];

// ---------------------------------------------------------------------------
// Generation

/** Ascending ids from `first`, each 1–9 above the last (real PSA ids are neither small nor contiguous). */
function idsFrom(first: number, count: number, rng: Rng): number[] {
  const ids: number[] = [];
  let id = first;
  for (let i = 0; i < count; i++) {
    id += rng.int(1, 9);
    ids.push(id);
  }
  return ids;
}

interface Draft {
  name: string;
  /** The organization it is a near-duplicate of, if any. */
  organizationId: number | null;
}

/** Each organization's near-duplicates in one PSA, then unrelated names, shuffled and numbered. */
function draftsFor(seed: string, psa: 'at' | 'cw', organizations: readonly Named[], share: number, unrelated: number): Draft[] {
  const drafts: Draft[] = [];
  for (const org of organizations) {
    const fixed = org.name === PSA_FIXTURES.acme.organization ? PSA_FIXTURES.acme : org.name === PSA_FIXTURES.contoso.organization ? PSA_FIXTURES.contoso : null;
    if (fixed) {
      drafts.push({ name: psa === 'at' ? fixed.autotaskAccount : fixed.connectWiseCompany, organizationId: org.id });
      if (psa === 'at' && 'autotaskTypo' in fixed) drafts.push({ name: fixed.autotaskTypo, organizationId: org.id });
      continue;
    }
    const rng = rngFor(seed, 'psa', psa, 'org', org.name);
    if (!rng.chance(share)) continue;
    drafts.push({ name: nearDuplicate(org.name, rng), organizationId: org.id });
    // Now and then a second near-duplicate, so that an automatic mapping has to choose.
    if (rng.chance(0.12)) drafts.push({ name: nearDuplicate(org.name, rng), organizationId: org.id });
  }
  const taken = new Set(drafts.map((d) => d.name));
  for (const name of unrelatedNames(seed, psa, unrelated, taken)) drafts.push({ name, organizationId: null });
  return shuffled(drafts, rngFor(seed, 'psa', psa, 'order'));
}

// ---------------------------------------------------------------------------
// The catalogues

export interface AutotaskCatalogue {
  accounts: AutotaskAccount[];
  /** Account id → its locations (the first one primary). */
  locations: Map<number, AutotaskLocation[]>;
  products: AutotaskProduct[];
  /** Organization id → ids of its near-duplicate accounts. */
  accountsOf: Map<number, number[]>;
}

export interface ConnectWiseCatalogue {
  companies: ConnectWiseCompany[];
  sites: Map<number, ConnectWiseSite[]>;
  agreements: Map<number, FinanceAgreement[]>;
  products: ConnectWiseProduct[];
  /** Organization id → ids of its near-duplicate companies. */
  companiesOf: Map<number, number[]>;
  brokenAgreementsCompanyId: number;
  emptyCompanyId: number;
}

function autotaskCatalogue(seed: string, organizations: readonly Named[]): AutotaskCatalogue {
  const drafts = draftsFor(seed, 'at', organizations, 0.82, 700);
  const rng = rngFor(seed, 'psa', 'at', 'ids');
  const ids = idsFrom(29_682_000, drafts.length, rng);
  const accountsOf = new Map<number, number[]>();
  const accounts = drafts.map((draft, i): AutotaskAccount => {
    const id = ids[i] as number;
    const typeRng = rngFor(seed, 'psa', 'at', 'type', draft.name);
    if (draft.organizationId !== null) accountsOf.set(draft.organizationId, [...(accountsOf.get(draft.organizationId) ?? []), id]);
    const accountType = draft.organizationId !== null ? (typeRng.chance(0.9) ? 1 : typeRng.pick([3, 6, 8])) : typeRng.pick([1, 2, 2, 3, 3, 4, 6, 7, 7, 8]);
    return { id, name: draft.name, accountType };
  });
  const locations = new Map<number, AutotaskLocation[]>();
  let locationId = 40_000;
  for (const account of accounts) {
    const lrng = rngFor(seed, 'psa', 'at', 'locations', account.id);
    const extra = shuffled(['Branch Office', 'Warehouse', 'Remote Site', 'Data Center', 'Satellite Office', 'Downtown Office'], lrng).slice(0, lrng.int(0, 3));
    locations.set(
      account.id,
      ['Main Office', ...extra].map((name, i) => ({ id: ++locationId, name, accountId: account.id, primary: i === 0 })),
    );
  }
  const products = productNames(seed, 'at', 1200);
  const productIds = idsFrom(29_700_000, products.length, rngFor(seed, 'psa', 'at', 'product-ids'));
  return { accounts, locations, products: products.map((p, i) => ({ id: productIds[i] as number, ...p })), accountsOf };
}

const HARDWARE: Array<[string, string, string[]]> = [
  ['Dell', 'DL', ['OptiPlex', 'Latitude', 'PowerEdge', 'Precision', 'UltraSharp']],
  ['HP', 'HP', ['EliteBook', 'ProDesk', 'ProLiant', 'LaserJet', 'EliteDisplay']],
  ['Lenovo', 'LN', ['ThinkPad', 'ThinkCentre', 'ThinkSystem', 'ThinkVision']],
  ['Cisco', 'CS', ['Catalyst', 'Meraki MX', 'Meraki MR', 'ISR']],
  ['Ubiquiti', 'UB', ['UniFi Switch', 'UniFi AP', 'EdgeRouter']],
  ['Synology', 'SY', ['DiskStation DS', 'RackStation RS']],
  ['Fortinet', 'FT', ['FortiGate', 'FortiSwitch', 'FortiAP']],
  ['APC', 'AP', ['Smart-UPS', 'Back-UPS']],
  ['Brother', 'BR', ['HL-L', 'MFC-L']],
  ['Apple', 'AA', ['MacBook Pro', 'MacBook Air', 'iMac', 'Mac mini']],
];
const SERVICES = [
  'Managed Workstation - Tier 1', 'Managed Workstation - Tier 2', 'Managed Workstation - Tier 3', 'Managed Server - Standard', 'Managed Server - Premium',
  'Managed Network Device', 'Managed Firewall', 'Managed Printer', 'Managed Mac', 'Cloud Backup 100 GB', 'Cloud Backup 1 TB', 'Endpoint Security',
  'Microsoft 365 Business Basic', 'Microsoft 365 Business Standard', 'Microsoft 365 Business Premium', 'Windows Server Standard License', 'SQL Server Standard License',
  'Email Security', 'Security Awareness Training', 'After-hours Support',
];

/** Service products first, then hardware models (family × model number), `count` in all. */
function productNames(seed: string, psa: string, count: number): Array<{ name: string; sku: string }> {
  const out = SERVICES.map((name, i) => ({ name, sku: `SVC-${String(i + 1).padStart(3, '0')}` }));
  const families = HARDWARE.flatMap(([vendor, code, lines]) => lines.map((line) => ({ vendor, code, line })));
  const rng = rngFor(seed, 'psa', psa, 'models');
  const base = families.map(() => rng.int(1, 8) * 1000);
  for (let j = 0; out.length < count; j++) {
    for (let f = 0; f < families.length && out.length < count; f++) {
      const { vendor, code, line } = families[f]!;
      const model = (base[f] as number) + ((j * 97 + f * 13) % 1000);
      out.push({ name: `${vendor} ${line} ${model}`, sku: `${code}-${line.replace(/[^A-Za-z]/g, '').slice(0, 4).toUpperCase()}-${model}` });
    }
  }
  return out;
}

const FIXED_COMPANY_NAMES = new Set<string>([PSA_FIXTURES.acme.connectWiseCompany, PSA_FIXTURES.contoso.connectWiseCompany]);

function connectWiseCatalogue(seed: string, organizations: readonly Named[]): ConnectWiseCatalogue {
  const drafts = draftsFor(seed, 'cw', organizations, 0.75, 320);
  const special = [
    { name: PSA_FIXTURES.brokenAgreementsCompany, organizationId: null },
    { name: PSA_FIXTURES.emptyCompany, organizationId: null },
  ];
  const all = [...special, ...drafts];
  const ids = idsFrom(19_300, all.length, rngFor(seed, 'psa', 'cw', 'ids'));
  const companiesOf = new Map<number, number[]>();
  const identifiers = new Set<string>();
  const type = (id: number) => CW_COMPANY_TYPES.find((t) => t.id === id) as Named;
  const status = (id: number) => CW_COMPANY_STATUSES.find((s) => s.id === id) as Named;
  const companies = all.map((draft, i): ConnectWiseCompany => {
    const id = ids[i] as number;
    const rng = rngFor(seed, 'psa', 'cw', 'company', draft.name);
    if (draft.organizationId !== null) companiesOf.set(draft.organizationId, [...(companiesOf.get(draft.organizationId) ?? []), id]);
    // The fixed ones (the two special companies, Acme's and Contoso's) are active clients whatever the seed.
    const fixed = i < special.length || FIXED_COMPANY_NAMES.has(draft.name);
    const client = fixed || draft.organizationId !== null;
    const types = client ? [type(fixed || rng.chance(0.92) ? 1 : 5), ...(rng.chance(0.08) ? [type(4)] : [])] : [type(rng.pick([1, 2, 2, 3, 3, 4, 6]))];
    const statusId = fixed || rng.chance(client ? 0.88 : 0.6) ? 1 : rng.pick([2, 3, 4, 5]);
    let identifier = draft.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || `Company${id}`;
    while (identifiers.has(identifier)) identifier = `${identifier.slice(0, 22)}${rng.int(100, 999)}`;
    identifiers.add(identifier);
    return { id, identifier, name: draft.name, types, status: status(statusId) };
  });
  const sites = new Map<number, ConnectWiseSite[]>();
  const agreements = new Map<number, FinanceAgreement[]>();
  let siteId = 700;
  let agreementId = 2_000;
  const [broken, empty] = companies;
  for (const company of companies) {
    const rng = rngFor(seed, 'psa', 'cw', 'sites', company.id);
    const names = company === empty ? [] : ['Main', ...shuffled(['Branch', 'Warehouse', 'Remote Office', 'Data Center', 'Clinic'], rng).slice(0, rng.int(0, 2))];
    sites.set(company.id, names.map((name) => ({ id: ++siteId, name, companyId: company.id })));
    const count = company === empty ? 0 : company === broken ? 2 : rng.int(0, 3);
    agreements.set(
      company.id,
      shuffled(CW_AGREEMENT_TYPES, rng)
        .slice(0, count)
        .map((agreementType) => {
          const year = rng.int(2022, 2026);
          const open = rng.chance(0.6);
          return {
            id: ++agreementId,
            name: `${agreementType.name} ${year}`,
            companyId: company.id,
            agreementTypeId: agreementType.id,
            agreementTypeName: agreementType.name,
            startDate: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-01`,
            endDate: open ? null : `${year + rng.int(1, 3)}-12-31`,
          };
        }),
    );
  }
  const products = productNames(seed, 'cw', 320);
  return {
    companies: [...companies].sort((a, b) => a.id - b.id),
    sites,
    agreements,
    products: products.map((p, i) => ({ id: 5_000 + i * 3 + 1, identifier: p.sku, name: p.name })),
    companiesOf,
    brokenAgreementsCompanyId: (broken as ConnectWiseCompany).id,
    emptyCompanyId: (empty as ConnectWiseCompany).id,
  };
}

export interface PsaCatalogue {
  autotask: AutotaskCatalogue;
  connectWise: ConnectWiseCatalogue;
}

/** Everything both PSAs hold, for these (live) organizations. */
export function psaCatalogue(seed: string, organizations: readonly Named[]): PsaCatalogue {
  return { autotask: autotaskCatalogue(seed, organizations), connectWise: connectWiseCatalogue(seed, organizations) };
}
