/**
 * The demo's ConnectWise settings (spec/ticketing-automations-psa.md §2.4,
 * §3.4, §3.5, §4.3, §5.4, §9.3, §9.4): the company filter, company mappings
 * with their location-site mappings, help desk, device data sync attributes
 * and questions, and the product agreement sync schedule, with the
 * §3.4/§3.5 field names; the configuration type and product mappings they
 * refer to are ./connectwise-mappings.ts. Some organizations start
 * mapped, most not. Saves check every reference (400 `bad_request` naming
 * the field).
 */
import { badRequest, notFound } from '../../http';
import {
  CW_COMPANY_STATUSES,
  CW_COMPANY_TYPES,
  CW_OPTIONAL_SYNC_ATTRIBUTES,
  CW_REQUIRED_SYNC_ATTRIBUTES,
  CW_SYNC_QUESTIONS,
  PSA_FIXTURES,
  type ConnectWiseCatalogue,
  type ConnectWiseCompany,
  type ConnectWiseProduct,
  type FinanceAgreement,
} from './psa';
import {
  ConnectWiseMappingDefinitions,
  named,
  type ConfigurationTypeMapping,
  type ConfigurationTypeMappingInput,
  type ProductMapping,
  type ProductMappingInput,
} from './connectwise-mappings';
import { rngFor } from '../random';
import type { LocationLookup, Lookup } from '../ticketing/ticketing';

export const LOCATION_MAPPING_TYPES = ['CLIENT_DEFAULT', 'SPECIFIED', 'NONE'] as const;
export type LocationMappingType = (typeof LOCATION_MAPPING_TYPES)[number];
export const END_TYPES = ['NEVER', 'AFTER', 'ON'] as const;

interface LocationSiteMapping {
  locationId: number;
  locationName: string;
  psaSiteId: number | null;
  psaSiteName: string | null;
  productMappingId: number | null;
  productMappingName: string | null;
  productMappingType: LocationMappingType;
  configurationTypeMappingId: number | null;
  configurationTypeMappingName: string | null;
  configurationTypeMappingType: LocationMappingType;
  agreementId: number | null;
  agreementName: string | null;
  mapped: boolean;
}

interface CompanyMapping {
  clientId: number;
  clientName: string;
  companyId: number | null;
  companyName: string | null;
  productMappingId: number | null;
  productMappingName: string | null;
  configurationTypeMappingId: number | null;
  configurationTypeMappingName: string | null;
  locationSiteMappings: LocationSiteMapping[];
}

/** §3.5; dates are epoch milliseconds, as the shared schedule editor's. */
export interface ProductAgreementSync {
  enabled: boolean;
  runCount: number;
  schedule: { dayOfMonth: number; repeats: 'MONTHLY'; runAtHour: number; runAtMinute: number; startDate: number; endType: (typeof END_TYPES)[number]; endDate: number | null };
}

interface StoredSite {
  psaSiteId: number | null;
  productMappingType: LocationMappingType;
  productMappingId: number | null;
  configurationTypeMappingType: LocationMappingType;
  configurationTypeMappingId: number | null;
  agreementId: number | null;
}

type LocationSiteInput = StoredSite & { locationId: number };

interface CompanyMappingInput {
  clientId: number;
  companyId: number | null;
  productMappingId: number | null;
  configurationTypeMappingId: number | null;
  locationSiteMappings?: LocationSiteInput[] | undefined;
}


const DEFAULT_SITE: StoredSite = { psaSiteId: null, productMappingType: 'CLIENT_DEFAULT', productMappingId: null, configurationTypeMappingType: 'CLIENT_DEFAULT', configurationTypeMappingId: null, agreementId: null };

export class ConnectWiseSettings {
  companyFilter: { types: number[]; statuses: number[] } = { types: [1], statuses: [1] };
  helpDesk = { createContact: false };
  deviceDataSyncAttributes: string[] = [...CW_REQUIRED_SYNC_ATTRIBUTES, 'macAddress', 'model', 'osInfo', 'ram', 'serialNumber', 'nodeUrl', 'privateIpAddress'];
  productAgreementSync: ProductAgreementSync = {
    enabled: false,
    runCount: 1,
    schedule: { dayOfMonth: 1, repeats: 'MONTHLY', runAtHour: 9, runAtMinute: 0, startDate: Date.UTC(2026, 11, 1), endType: 'NEVER', endDate: null },
  };
  /** The configuration type and product mappings (./connectwise-mappings.ts). */
  readonly definitions: ConnectWiseMappingDefinitions;
  private readonly companyOf = new Map<number, { companyId: number; productMappingId: number | null; configurationTypeMappingId: number | null }>();
  private readonly siteOf = new Map<number, StoredSite>();
  private readonly companyById = new Map<number, ConnectWiseCompany>();
  private readonly productById = new Map<number, ConnectWiseProduct>();
  private readonly organizationById: Map<number, Lookup>;
  private readonly locationsOf = new Map<number, LocationLookup[]>();

  constructor(
    seed: string,
    readonly catalogue: ConnectWiseCatalogue,
    private readonly organizations: readonly Lookup[],
    locations: readonly LocationLookup[],
    worldOrganizationIds: ReadonlySet<number>,
  ) {
    for (const company of catalogue.companies) this.companyById.set(company.id, company);
    for (const product of catalogue.products) this.productById.set(product.id, product);
    this.definitions = new ConnectWiseMappingDefinitions(this.productById);
    this.organizationById = new Map(organizations.map((o) => [o.id, o]));
    for (const location of locations) this.locationsOf.set(location.organizationId, [...(this.locationsOf.get(location.organizationId) ?? []), location]);
    this.seedMappings(seed, worldOrganizationIds);
  }

  private seedMappings(seed: string, worldOrganizationIds: ReadonlySet<number>): void {
    this.saveConfigurationTypeMapping(undefined, {
      name: 'Standard configuration',
      nodeRoleConfigurationTypeMappings: [
        { nodeRoleId: 2, configurationTypeId: 21, onCreateStatusId: 31, onDeleteStatusId: 32 },
        { nodeRoleId: 1, configurationTypeId: 22, onCreateStatusId: 31, onDeleteStatusId: 34 },
        { nodeRoleId: 3, configurationTypeId: 23, onCreateStatusId: 31, onDeleteStatusId: 32 },
        { nodeRoleId: 4, configurationTypeId: 28, onCreateStatusId: 31, onDeleteStatusId: null },
      ],
    });
    this.saveConfigurationTypeMapping(undefined, {
      name: 'Network only',
      nodeRoleConfigurationTypeMappings: [
        { nodeRoleId: 11, configurationTypeId: 24, onCreateStatusId: 31, onDeleteStatusId: 35 },
        { nodeRoleId: 13, configurationTypeId: 25, onCreateStatusId: 33, onDeleteStatusId: 35 },
      ],
    });
    const product = (name: string) => (this.catalogue.products.find((p) => p.name === name) as ConnectWiseProduct).id;
    const row = (nodeRoleId: number, name: string, agreementTypeId: number, groups: number[], groupsLogicOperator: 'OR' | 'AND' = 'AND') => ({ nodeRoleId, productId: product(name), agreementTypeId, groups, groupsLogicOperator });
    this.saveProductMapping(undefined, {
      name: 'Managed services',
      productMappingType: 'SINGLE_HIT',
      nodeRoleProductMappings: [
        row(1, 'Managed Server - Premium', 11, [2]),
        row(1, 'Managed Server - Standard', 11, []),
        row(2, 'Managed Workstation - Tier 2', 11, [5, 16], 'OR'),
        row(2, 'Managed Workstation - Tier 1', 11, []),
      ],
    });
    this.saveProductMapping(undefined, { name: 'Backup bundle', productMappingType: 'MULTIPLE_HIT', nodeRoleProductMappings: [row(1, 'Cloud Backup 1 TB', 14, [18]), row(3, 'Cloud Backup 100 GB', 14, [18, 6])] });
    this.saveProductMapping(undefined, { name: 'Security', productMappingType: 'SINGLE_HIT', nodeRoleProductMappings: [row(2, 'Endpoint Security', 15, [])] });
    for (const org of this.organizations) {
      const companyId = this.catalogue.companiesOf.get(org.id)?.[0];
      const rng = rngFor(seed, 'psa', 'cw', 'mapping', org.name);
      const mapped = org.name === PSA_FIXTURES.acme.organization || (org.name !== PSA_FIXTURES.contoso.organization && (worldOrganizationIds.has(org.id) || rng.chance(0.08)));
      if (!mapped || companyId === undefined) continue;
      this.companyOf.set(org.id, { companyId, productMappingId: rng.pick([1, 2, null]), configurationTypeMappingId: rng.pick([1, 2, null]) });
      const [main, second] = this.catalogue.sites.get(companyId) ?? [];
      const [head, branch] = this.locationsOf.get(org.id) ?? [];
      const agreement = (this.catalogue.agreements.get(companyId) ?? [])[0];
      if (head && main) this.siteOf.set(head.id, { ...DEFAULT_SITE, psaSiteId: main.id, agreementId: agreement && rng.chance(0.5) ? agreement.id : null });
      if (branch && second && rng.chance(0.3)) this.siteOf.set(branch.id, { ...DEFAULT_SITE, psaSiteId: second.id, productMappingType: 'SPECIFIED', productMappingId: 3 });
    }
  }

  // ------------------------------------------------------------------ lists

  /** The companies the company filter lets through (an empty list of types or statuses lets any through), ids ascending. */
  companies(): ConnectWiseCompany[] {
    const { types, statuses } = this.companyFilter;
    return this.catalogue.companies.filter((c) => (types.length === 0 || c.types.some((t) => types.includes(t.id))) && (statuses.length === 0 || statuses.includes(c.status.id)));
  }

  company(id: number): ConnectWiseCompany {
    const company = this.companyById.get(id);
    if (!company) throw notFound('No such company');
    return company;
  }

  agreements(companyId: number): FinanceAgreement[] {
    this.company(companyId);
    return this.catalogue.agreements.get(companyId) ?? [];
  }

  saveCompanyFilter(filter: { types: number[]; statuses: number[] }): { types: number[]; statuses: number[] } {
    filter.types.forEach((id, i) => {
      if (!named(CW_COMPANY_TYPES, id)) throw badRequest(`types[${i}]: no such company type`);
    });
    filter.statuses.forEach((id, i) => {
      if (!named(CW_COMPANY_STATUSES, id)) throw badRequest(`statuses[${i}]: no such company status`);
    });
    this.companyFilter = { types: [...new Set(filter.types)], statuses: [...new Set(filter.statuses)] };
    return this.companyFilter;
  }

  // ------------------------------------------------------------------ company mappings

  private siteRow(location: LocationLookup, companyId: number | null): LocationSiteMapping {
    const site = this.siteOf.get(location.id) ?? DEFAULT_SITE;
    const psaSite = companyId === null ? undefined : this.catalogue.sites.get(companyId)?.find((s) => s.id === site.psaSiteId);
    const agreement = companyId === null ? undefined : this.catalogue.agreements.get(companyId)?.find((a) => a.id === site.agreementId);
    const product = site.productMappingId === null ? undefined : this.productMappings.get(site.productMappingId);
    const configuration = site.configurationTypeMappingId === null ? undefined : this.configurationTypeMappings.get(site.configurationTypeMappingId);
    return {
      locationId: location.id,
      locationName: location.name,
      psaSiteId: psaSite?.id ?? null,
      psaSiteName: psaSite?.name ?? null,
      productMappingId: product?.id ?? null,
      productMappingName: product?.name ?? null,
      productMappingType: site.productMappingType,
      configurationTypeMappingId: configuration?.id ?? null,
      configurationTypeMappingName: configuration?.name ?? null,
      configurationTypeMappingType: site.configurationTypeMappingType,
      agreementId: agreement?.id ?? null,
      agreementName: agreement?.name ?? null,
      mapped: psaSite !== undefined,
    };
  }

  private companyRow(org: Lookup): CompanyMapping {
    const mapping = this.companyOf.get(org.id);
    const product = mapping?.productMappingId ? this.productMappings.get(mapping.productMappingId) : undefined;
    const configuration = mapping?.configurationTypeMappingId ? this.configurationTypeMappings.get(mapping.configurationTypeMappingId) : undefined;
    return {
      clientId: org.id,
      clientName: org.name,
      companyId: mapping?.companyId ?? null,
      companyName: mapping ? (this.companyById.get(mapping.companyId)?.name ?? null) : null,
      productMappingId: product?.id ?? null,
      productMappingName: product?.name ?? null,
      configurationTypeMappingId: configuration?.id ?? null,
      configurationTypeMappingName: configuration?.name ?? null,
      locationSiteMappings: (this.locationsOf.get(org.id) ?? []).map((location) => this.siteRow(location, mapping?.companyId ?? null)),
    };
  }

  /** One row per organization (or only `clientId`'s), each with one location-site row per location. */
  companyMappingRows(clientId?: number): CompanyMapping[] {
    if (clientId !== undefined && !this.organizationById.has(clientId)) throw badRequest('clientId: no such organization');
    return this.organizations.filter((org) => clientId === undefined || org.id === clientId).map((org) => this.companyRow(org));
  }

  private checkLocationSite(at: string, site: LocationSiteInput, clientId: number, companyId: number): StoredSite {
    if (!(this.locationsOf.get(clientId) ?? []).some((l) => l.id === site.locationId)) throw badRequest(`${at}.locationId: not a location of the organization`);
    if (site.psaSiteId !== null && !(this.catalogue.sites.get(companyId) ?? []).some((s) => s.id === site.psaSiteId)) throw badRequest(`${at}.psaSiteId: not a site of the company`);
    if (site.productMappingType === 'SPECIFIED' && (site.productMappingId === null || !this.productMappings.has(site.productMappingId))) throw badRequest(`${at}.productMappingId: SPECIFIED needs an existing product mapping`);
    if (site.configurationTypeMappingType === 'SPECIFIED' && (site.configurationTypeMappingId === null || !this.configurationTypeMappings.has(site.configurationTypeMappingId)))
      throw badRequest(`${at}.configurationTypeMappingId: SPECIFIED needs an existing configuration type mapping`);
    if (site.agreementId !== null) {
      if (site.productMappingType === 'NONE') throw badRequest(`${at}.agreementId: a location without a product mapping (NONE) has no agreement`);
      if (!(this.catalogue.agreements.get(companyId) ?? []).some((a) => a.id === site.agreementId)) throw badRequest(`${at}.agreementId: not an agreement of the company`);
    }
    return {
      psaSiteId: site.psaSiteId,
      productMappingType: site.productMappingType,
      productMappingId: site.productMappingType === 'SPECIFIED' ? site.productMappingId : null,
      configurationTypeMappingType: site.configurationTypeMappingType,
      configurationTypeMappingId: site.configurationTypeMappingType === 'SPECIFIED' ? site.configurationTypeMappingId : null,
      agreementId: site.agreementId,
    };
  }

  /**
   * Saves the organizations given (others are kept); answers their rows. A
   * null company clears the organization's mapping and its locations'. A
   * changed company resets the locations not given.
   */
  saveCompanyMappings(inputs: readonly CompanyMappingInput[]): CompanyMapping[] {
    const seen = new Set<number>();
    const sites = inputs.map((input, i) => {
      const at = `body[${i}]`;
      if (!this.organizationById.has(input.clientId)) throw badRequest(`${at}.clientId: no such organization`);
      if (seen.has(input.clientId)) throw badRequest(`${at}.clientId: organization ${input.clientId} is given twice`);
      seen.add(input.clientId);
      if (input.companyId === null) {
        if (input.productMappingId !== null || input.configurationTypeMappingId !== null || (input.locationSiteMappings ?? []).length > 0)
          throw badRequest(`${at}.companyId: an organization without a company has no product, configuration type or site mappings`);
        return new Map<number, StoredSite>();
      }
      if (!this.companyById.has(input.companyId)) throw badRequest(`${at}.companyId: no such company`);
      if (input.productMappingId !== null && !this.productMappings.has(input.productMappingId)) throw badRequest(`${at}.productMappingId: no such product mapping`);
      if (input.configurationTypeMappingId !== null && !this.configurationTypeMappings.has(input.configurationTypeMappingId)) throw badRequest(`${at}.configurationTypeMappingId: no such configuration type mapping`);
      const checked = new Map<number, StoredSite>();
      (input.locationSiteMappings ?? []).forEach((site, j) => {
        const where = `${at}.locationSiteMappings[${j}]`;
        if (checked.has(site.locationId)) throw badRequest(`${where}.locationId: location ${site.locationId} is given twice`);
        checked.set(site.locationId, this.checkLocationSite(where, site, input.clientId, input.companyId as number));
      });
      return checked;
    });
    inputs.forEach((input, i) => {
      const before = this.companyOf.get(input.clientId);
      const locations = this.locationsOf.get(input.clientId) ?? [];
      if (input.companyId === null || before?.companyId !== input.companyId) for (const location of locations) this.siteOf.delete(location.id);
      if (input.companyId === null) {
        this.companyOf.delete(input.clientId);
        return;
      }
      this.companyOf.set(input.clientId, { companyId: input.companyId, productMappingId: input.productMappingId, configurationTypeMappingId: input.configurationTypeMappingId });
      for (const [locationId, site] of sites[i] as Map<number, StoredSite>) this.siteOf.set(locationId, site);
    });
    return inputs.map((input) => this.companyRow(this.organizationById.get(input.clientId) as Lookup));
  }

  // ------------------------------------------------------------------ configuration type and product mappings

  get configurationTypeMappings(): Map<number, ConfigurationTypeMapping> {
    return this.definitions.configurationTypeMappings;
  }

  get productMappings(): Map<number, ProductMapping> {
    return this.definitions.productMappings;
  }

  saveConfigurationTypeMapping(id: number | undefined, input: ConfigurationTypeMappingInput): ConfigurationTypeMapping {
    return this.definitions.saveConfigurationTypeMapping(id, input);
  }

  saveProductMapping(id: number | undefined, input: ProductMappingInput): ProductMapping {
    return this.definitions.saveProductMapping(id, input);
  }

  /** Removes one; organizations using it as their default lose it, locations that named it go back to CLIENT_DEFAULT. */
  deleteConfigurationTypeMapping(id: number): void {
    if (!this.configurationTypeMappings.delete(id)) throw notFound('No such configuration type mapping');
    for (const mapping of this.companyOf.values()) if (mapping.configurationTypeMappingId === id) mapping.configurationTypeMappingId = null;
    for (const site of this.siteOf.values()) {
      if (site.configurationTypeMappingId === id) Object.assign(site, { configurationTypeMappingType: 'CLIENT_DEFAULT', configurationTypeMappingId: null });
    }
  }

  /** Removes one; organizations using it as their default lose it, locations that named it go back to CLIENT_DEFAULT. */
  deleteProductMapping(id: number): void {
    if (!this.productMappings.delete(id)) throw notFound('No such product mapping');
    for (const mapping of this.companyOf.values()) if (mapping.productMappingId === id) mapping.productMappingId = null;
    for (const site of this.siteOf.values()) if (site.productMappingId === id) Object.assign(site, { productMappingType: 'CLIENT_DEFAULT', productMappingId: null });
  }

  // ------------------------------------------------------------------ sync

  /** §9.3: known names only, the five required attributes always among them. */
  checkSyncAttributes(names: readonly string[]): string[] {
    const known = new Set([...CW_REQUIRED_SYNC_ATTRIBUTES, ...CW_OPTIONAL_SYNC_ATTRIBUTES, ...CW_SYNC_QUESTIONS]);
    names.forEach((name, i) => {
      if (!known.has(name)) throw badRequest(`deviceDataSyncAttributes[${i}]: unknown attribute or question '${name}'`);
    });
    const missing = CW_REQUIRED_SYNC_ATTRIBUTES.filter((name) => !names.includes(name));
    if (missing.length > 0) throw badRequest(`deviceDataSyncAttributes: the required attributes cannot be left out (${missing.join(', ')})`);
    return [...new Set(names)];
  }
}
