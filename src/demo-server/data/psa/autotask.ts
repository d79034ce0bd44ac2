/**
 * The demo's Autotask settings (spec/ticketing-automations-psa.md §2.3, §3.3,
 * §4.3, §5.3, §9.4): the Account Type Filter (companyFilterMap.types),
 * account mappings, location mappings, device role mappings, helpdesk
 * settings and device data sync attributes, with the §3.3 field names. Some
 * organizations start mapped (the world's own, Acme and about one in ten of
 * the others), most not. Saves check every reference (400 `bad_request`
 * naming the field) and change the state for the server's life.
 */
import { PSA_NAME_MAX, PSA_PAGE_SIZE } from '../../../shared/model/psa';
import { badRequest, notFound } from '../../http';
import {
  AUTOTASK_ACCOUNT_TYPES,
  AUTOTASK_DEFAULT_SYNC_ATTRIBUTES,
  DEVICE_ROLES,
  INSTALLED_PRODUCT_CATEGORIES,
  PSA_FIXTURES,
  type AutotaskAccount,
  type AutotaskCatalogue,
  type AutotaskLocation,
  type AutotaskProduct,
  type Named,
} from './psa';
import { rngFor } from '../random';
import type { LocationLookup, Lookup } from '../ticketing/ticketing';

export interface AccountMappingRow {
  clientId: number;
  clientName: string;
  accountId: number | null;
  accountName: string | null;
  installedProductCategoryMappingId: number | null;
  installedProductCategoryMappingName: string | null;
}

export interface LocationMappingRow {
  locationId: number;
  locationName: string;
  clientId: number;
  autotaskAccountId: number | null;
  autotaskAccountName: string | null;
  autotaskLocationId: number | null;
  autotaskLocationName: string | null;
}

interface RoleProductRow {
  id: number;
  nodeRoleId: number;
  productId: number;
  productName: string;
  installedProductCategoryId: number;
  installedProductCategoryName: string;
}

interface DeviceRoleMapping {
  id: number;
  name: string;
  disableInstalledProductOnNodeDelete: boolean;
  overrideProductMapping: boolean;
  nodeRoleInstalledProductCategoryMappings: RoleProductRow[];
}

interface AccountMappingInput {
  clientId: number;
  accountId: number | null;
  installedProductCategoryMappingId: number | null;
}

interface LocationMappingInput {
  locationId: number;
  autotaskLocationId: number | null;
}

export interface DeviceRoleMappingInput {
  name: string;
  disableInstalledProductOnNodeDelete?: boolean | undefined;
  overrideProductMapping?: boolean | undefined;
  nodeRoleInstalledProductCategoryMappings: Array<{ id?: number | undefined; nodeRoleId: number; productId: number; installedProductCategoryId: number }>;
}

/** Keyset paging of §7.3: the items after `lastId` (ids ascending), at most one page. */
export function pageAfter<T extends { id: number }>(items: readonly T[], lastId: number | null, size = PSA_PAGE_SIZE): T[] {
  const start = lastId === null ? 0 : items.findIndex((item) => item.id > lastId);
  return start < 0 ? [] : items.slice(start, start + size);
}

/** Case-insensitive substring match on the name; a blank filter keeps everything. */
export function byName<T extends Named>(items: readonly T[], name: string | null | undefined): T[] {
  const wanted = name?.trim().toLowerCase();
  return wanted ? items.filter((item) => item.name.toLowerCase().includes(wanted)) : [...items];
}

/** The next id of a list: the highest plus one (§4.3). */
export function nextId(ids: Iterable<number>, floor = 0): number {
  let highest = floor;
  for (const id of ids) highest = Math.max(highest, id);
  return highest + 1;
}

/**
 * §5.3, §5.4: a mapping name is required, at most 50 characters and unique
 * (case-insensitive, surrounding spaces ignored). `invalid`: the one word for
 * every refusal (§5.3's Autotask 'Invalid').
 */
export function checkMappingName(name: string, others: Iterable<{ name: string }>, taken: string, invalid?: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(`name: ${invalid ?? 'Required'}`);
  if (trimmed.length > PSA_NAME_MAX) throw badRequest(`name: ${invalid ?? 'Max length for name is 50 chars'}`);
  for (const other of others) if (other.name.trim().toLowerCase() === trimmed.toLowerCase()) throw badRequest(`name: ${taken}`);
  return trimmed;
}

/** A role mapping row's role (`at` names the row): a device role that exists, once per mapping (`used` collects them). */
export function checkRowRole(used: Set<number>, nodeRoleId: number, at: string): void {
  if (!DEVICE_ROLES.some((r) => r.id === nodeRoleId)) throw badRequest(`${at}.nodeRoleId: no such device role`);
  if (used.has(nodeRoleId)) throw badRequest(`${at}.nodeRoleId: the role is already used in this mapping`);
  used.add(nodeRoleId);
}

/** A row's own id, when it has one: given once (`used` collects them; new rows get ids after the highest). */
export function checkRowId(used: Set<number>, id: number | undefined, at: string): void {
  if (id !== undefined && used.has(id)) throw badRequest(`${at}.id: the row id is given twice`);
  if (id !== undefined) used.add(id);
}

const INITIAL_ROLE_MAPPINGS: Array<{ name: string; disable: boolean; override: boolean; rows: Array<[role: number, product: string, category: number]> }> = [
  { name: 'Standard workstations', disable: false, override: true, rows: [[2, 'Managed Workstation - Tier 1', 101], [3, 'Managed Workstation - Tier 2', 103], [4, 'Managed Mac', 110]] },
  { name: 'Servers', disable: true, override: true, rows: [[1, 'Managed Server - Standard', 102], [6, 'Managed Server - Standard', 102], [9, 'Managed Server - Premium', 106], [1002, 'SQL Server Standard License', 111]] },
  { name: 'Network gear', disable: false, override: false, rows: [[11, 'Managed Network Device', 104], [12, 'Managed Network Device', 104], [13, 'Managed Firewall', 109], [14, 'Managed Printer', 105]] },
];

export class AutotaskSettings {
  /** §3.3 companyFilterMap.types: account type ids; empty lists every account. */
  companyFilterTypes: number[] = [];
  helpdeskSettings = { createContact: true, embedHelpRequestImagesInTickets: false };
  /** §9.4 defaults. */
  deviceDataSyncAttributes: string[] = [...AUTOTASK_DEFAULT_SYNC_ATTRIBUTES];
  readonly roleMappings = new Map<number, DeviceRoleMapping>();
  private readonly accountOf = new Map<number, { accountId: number; roleMappingId: number | null }>();
  /** RMM location id → Autotask location id. */
  private readonly locationOf = new Map<number, number>();
  private readonly accountById = new Map<number, AutotaskAccount>();
  private readonly locationById = new Map<number, AutotaskLocation>();
  private readonly productById = new Map<number, AutotaskProduct>();
  private readonly organizationById: Map<number, Lookup>;
  private readonly locationsOf = new Map<number, LocationLookup[]>();
  private readonly rmmLocationById = new Map<number, LocationLookup>();

  constructor(
    seed: string,
    readonly catalogue: AutotaskCatalogue,
    private readonly organizations: readonly Lookup[],
    locations: readonly LocationLookup[],
    worldOrganizationIds: ReadonlySet<number>,
  ) {
    for (const account of catalogue.accounts) this.accountById.set(account.id, account);
    for (const list of catalogue.locations.values()) for (const location of list) this.locationById.set(location.id, location);
    for (const product of catalogue.products) this.productById.set(product.id, product);
    this.organizationById = new Map(organizations.map((o) => [o.id, o]));
    for (const location of locations) {
      this.rmmLocationById.set(location.id, location);
      this.locationsOf.set(location.organizationId, [...(this.locationsOf.get(location.organizationId) ?? []), location]);
    }
    this.seedMappings(seed, worldOrganizationIds);
  }

  private seedMappings(seed: string, worldOrganizationIds: ReadonlySet<number>): void {
    INITIAL_ROLE_MAPPINGS.forEach((mapping, i) => {
      const rows = mapping.rows.map(([nodeRoleId, productName, installedProductCategoryId], j) => {
        const product = this.catalogue.products.find((p) => p.name === productName) as AutotaskProduct;
        return this.roleRow(j + 1, nodeRoleId, product.id, installedProductCategoryId);
      });
      this.roleMappings.set(i + 1, { id: i + 1, name: mapping.name, disableInstalledProductOnNodeDelete: mapping.disable, overrideProductMapping: mapping.override, nodeRoleInstalledProductCategoryMappings: rows });
    });
    for (const org of this.organizations) {
      const candidates = this.catalogue.accountsOf.get(org.id) ?? [];
      const rng = rngFor(seed, 'psa', 'at', 'mapping', org.name);
      const mapped = org.name === PSA_FIXTURES.acme.organization || (org.name !== PSA_FIXTURES.contoso.organization && (worldOrganizationIds.has(org.id) || rng.chance(0.1)));
      const accountId = candidates[0];
      if (!mapped || accountId === undefined) continue;
      this.accountOf.set(org.id, { accountId, roleMappingId: rng.pick([1, 2, 3, null]) });
      const [primary, ...others] = this.catalogue.locations.get(accountId) ?? [];
      const [head, branch] = this.locationsOf.get(org.id) ?? [];
      if (head && primary && rng.chance(0.7)) this.locationOf.set(head.id, primary.id);
      if (branch && others[0] && rng.chance(0.4)) this.locationOf.set(branch.id, others[0].id);
    }
  }

  private roleRow(id: number, nodeRoleId: number, productId: number, installedProductCategoryId: number): RoleProductRow {
    const product = this.productById.get(productId) as AutotaskProduct;
    const category = INSTALLED_PRODUCT_CATEGORIES.find((c) => c.id === installedProductCategoryId) as Named;
    return { id, nodeRoleId, productId, productName: product.name, installedProductCategoryId, installedProductCategoryName: category.name };
  }

  // ------------------------------------------------------------------ lists

  /** Accounts of the filtered types (all when the filter is empty), optionally by name, ids ascending. */
  accounts(name?: string | null): AutotaskAccount[] {
    const types = new Set(this.companyFilterTypes);
    return byName(types.size === 0 ? this.catalogue.accounts : this.catalogue.accounts.filter((a) => types.has(a.accountType)), name);
  }

  products(name?: string | null): AutotaskProduct[] {
    return byName(this.catalogue.products, name);
  }

  accountLocations(accountId: number): AutotaskLocation[] {
    const locations = this.catalogue.locations.get(accountId);
    if (!locations) throw notFound('No such account');
    return locations;
  }

  // ------------------------------------------------------------------ account and location mappings

  private accountRow(org: Lookup): AccountMappingRow {
    const mapping = this.accountOf.get(org.id);
    const role = mapping?.roleMappingId ? this.roleMappings.get(mapping.roleMappingId) : undefined;
    return {
      clientId: org.id,
      clientName: org.name,
      accountId: mapping?.accountId ?? null,
      accountName: mapping ? (this.accountById.get(mapping.accountId)?.name ?? null) : null,
      installedProductCategoryMappingId: role?.id ?? null,
      installedProductCategoryMappingName: role?.name ?? null,
    };
  }

  /** One row per organization (unmapped ones with nulls), by organization id. */
  accountMappingRows(): AccountMappingRow[] {
    return this.organizations.map((org) => this.accountRow(org));
  }

  /**
   * Saves the rows given (others are kept). §4.3: an organization whose
   * account changes loses its location mappings; `locationMappingsReset`
   * names those that had any, for the §8.3 warning.
   */
  saveAccountMappings(inputs: readonly AccountMappingInput[]): { accountMappings: AccountMappingRow[]; locationMappingsReset: number[] } {
    const seen = new Set<number>();
    inputs.forEach((input, i) => {
      const at = `body[${i}]`;
      if (!this.organizationById.has(input.clientId)) throw badRequest(`${at}.clientId: no such organization`);
      if (seen.has(input.clientId)) throw badRequest(`${at}.clientId: organization ${input.clientId} is given twice`);
      seen.add(input.clientId);
      if (input.accountId !== null && !this.accountById.has(input.accountId)) throw badRequest(`${at}.accountId: no such Autotask account`);
      if (input.installedProductCategoryMappingId !== null && !this.roleMappings.has(input.installedProductCategoryMappingId)) throw badRequest(`${at}.installedProductCategoryMappingId: no such device role mapping`);
      if (input.accountId === null && input.installedProductCategoryMappingId !== null) throw badRequest(`${at}.installedProductCategoryMappingId: an organization without an account has no device role mapping`);
    });
    const reset: number[] = [];
    for (const input of inputs) {
      const before = this.accountOf.get(input.clientId);
      if (before?.accountId !== (input.accountId ?? undefined)) {
        let had = false;
        for (const location of this.locationsOf.get(input.clientId) ?? []) had = this.locationOf.delete(location.id) || had;
        if (had) reset.push(input.clientId);
      }
      if (input.accountId === null) this.accountOf.delete(input.clientId);
      else this.accountOf.set(input.clientId, { accountId: input.accountId, roleMappingId: input.installedProductCategoryMappingId });
    }
    return { accountMappings: inputs.map((input) => this.accountRow(this.organizationById.get(input.clientId) as Lookup)), locationMappingsReset: reset };
  }

  private locationRow(location: LocationLookup): LocationMappingRow {
    const accountId = this.accountOf.get(location.organizationId)?.accountId ?? null;
    const atLocation = this.locationOf.has(location.id) ? this.locationById.get(this.locationOf.get(location.id) as number) : undefined;
    return {
      locationId: location.id,
      locationName: location.name,
      clientId: location.organizationId,
      autotaskAccountId: accountId,
      autotaskAccountName: accountId === null ? null : (this.accountById.get(accountId)?.name ?? null),
      autotaskLocationId: atLocation?.id ?? null,
      autotaskLocationName: atLocation?.name ?? null,
    };
  }

  /** The locations of the organizations mapped to an account (or of one organization), mapped or not. */
  locationMappingRows(clientId?: number): LocationMappingRow[] {
    if (clientId !== undefined && !this.organizationById.has(clientId)) throw badRequest('clientId: no such organization');
    return this.organizations
      .filter((org) => (clientId === undefined || org.id === clientId) && this.accountOf.has(org.id))
      .flatMap((org) => (this.locationsOf.get(org.id) ?? []).map((location) => this.locationRow(location)));
  }

  /** A location maps to a location of its organization's account, or to none. */
  saveLocationMappings(inputs: readonly LocationMappingInput[]): LocationMappingRow[] {
    const seen = new Set<number>();
    inputs.forEach((input, i) => {
      const at = `body[${i}]`;
      const location = this.rmmLocationById.get(input.locationId);
      if (!location) throw badRequest(`${at}.locationId: no such location`);
      if (seen.has(input.locationId)) throw badRequest(`${at}.locationId: location ${input.locationId} is given twice`);
      seen.add(input.locationId);
      if (input.autotaskLocationId === null) return;
      const accountId = this.accountOf.get(location.organizationId)?.accountId;
      if (accountId === undefined) throw badRequest(`${at}.autotaskLocationId: the location's organization is not mapped to an Autotask account`);
      if (this.locationById.get(input.autotaskLocationId)?.accountId !== accountId) throw badRequest(`${at}.autotaskLocationId: not a location of the organization's Autotask account`);
    });
    for (const input of inputs) {
      if (input.autotaskLocationId === null) this.locationOf.delete(input.locationId);
      else this.locationOf.set(input.locationId, input.autotaskLocationId);
    }
    return inputs.map((input) => this.locationRow(this.rmmLocationById.get(input.locationId) as LocationLookup));
  }

  // ------------------------------------------------------------------ device role mappings

  roleMappingList(): DeviceRoleMapping[] {
    return [...this.roleMappings.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  /** Creates (no id) or replaces one; §5.3's checks. */
  saveRoleMapping(id: number | undefined, input: DeviceRoleMappingInput): DeviceRoleMapping {
    const existing = id === undefined ? undefined : this.roleMappings.get(id);
    if (id !== undefined && !existing) throw notFound('No such device role mapping');
    const others = [...this.roleMappings.values()].filter((m) => m.id !== id);
    const name = checkMappingName(input.name, others, 'Invalid', 'Invalid');
    const roles = new Set<number>();
    const rowIds = new Set<number>();
    const rows = input.nodeRoleInstalledProductCategoryMappings;
    rows.forEach((row, i) => {
      const at = `nodeRoleInstalledProductCategoryMappings[${i}]`;
      checkRowRole(roles, row.nodeRoleId, at);
      if (!this.productById.has(row.productId)) throw badRequest(`${at}.productId: no such Autotask product`);
      if (!INSTALLED_PRODUCT_CATEGORIES.some((c) => c.id === row.installedProductCategoryId)) throw badRequest(`${at}.installedProductCategoryId: no such installed product category`);
      checkRowId(rowIds, row.id, at);
    });
    let next = nextId(rowIds);
    const saved: DeviceRoleMapping = {
      id: id ?? nextId(this.roleMappings.keys()),
      name,
      disableInstalledProductOnNodeDelete: input.disableInstalledProductOnNodeDelete ?? false,
      overrideProductMapping: input.overrideProductMapping ?? true,
      nodeRoleInstalledProductCategoryMappings: rows.map((row) => this.roleRow(row.id ?? next++, row.nodeRoleId, row.productId, row.installedProductCategoryId)),
    };
    this.roleMappings.set(saved.id, saved);
    return saved;
  }

  /** Removes one; the organizations that used it keep their account without a device role mapping. */
  deleteRoleMapping(id: number): void {
    if (!this.roleMappings.delete(id)) throw notFound('No such device role mapping');
    for (const mapping of this.accountOf.values()) if (mapping.roleMappingId === id) mapping.roleMappingId = null;
  }

  // ------------------------------------------------------------------ filter

  saveCompanyFilter(types: readonly number[]): { types: number[] } {
    types.forEach((type, i) => {
      if (!AUTOTASK_ACCOUNT_TYPES.some((t) => t.id === type)) throw badRequest(`types[${i}]: no such account type`);
    });
    this.companyFilterTypes = [...new Set(types)];
    return { types: this.companyFilterTypes };
  }
}
