/**
 * ConnectWise company and location-site mapping transitions
 * (spec/ticketing-automations-psa.md §2.4, §3.4, §4.3), pure: the product and
 * configuration type choices of a location (None → NONE, the organization
 * default → CLIENT_DEFAULT, any other → SPECIFIED), the agreement selector's
 * enablement, a company remap and Clear Mapping. Unknown fields are kept.
 */
import type { ConnectWiseCompanyMapping, ConnectWiseLocationSiteMapping, LocationMappingType, PsaRecord } from '../../model/psa';
import { sameId } from './transitions';

/** A location's choice in its Product Mapping or Configuration Type Mapping select. */
export type MappingChoice = 'NONE' | 'CLIENT_DEFAULT' | { id: number; name: string };
export const CHOICE_NONE = 'NONE' satisfies MappingChoice;
export const CHOICE_DEFAULT = 'CLIENT_DEFAULT' satisfies MappingChoice;
/** The two fixed entries of the selects ('None' is §4.3's word; the default's label is the console's). */
export const MAPPING_CHOICE_LABELS = { NONE: 'None', CLIENT_DEFAULT: 'Organization default' } as const;

/** Which of a location's two mappings a choice is for. */
export type SiteMappingKind = 'product' | 'configurationType';

/** §4.3: None → NONE, the organization default → CLIENT_DEFAULT, any other → SPECIFIED. */
export function mappingTypeOfChoice(choice: MappingChoice): LocationMappingType {
  return choice === CHOICE_NONE ? 'NONE' : choice === CHOICE_DEFAULT ? 'CLIENT_DEFAULT' : 'SPECIFIED';
}

const FIELDS = {
  product: { id: 'productMappingId', name: 'productMappingName', type: 'productMappingType' },
  configurationType: { id: 'configurationTypeMappingId', name: 'configurationTypeMappingName', type: 'configurationTypeMappingType' },
} as const;

/**
 * §4.3: the location after a choice. A SPECIFIED choice keeps its mapping's
 * id and name; NONE and CLIENT_DEFAULT keep none (the default is the
 * organization's, read through `effectiveMapping`). Choosing None for the
 * product clears the agreement.
 */
export function chooseMapping(site: ConnectWiseLocationSiteMapping, kind: SiteMappingKind, choice: MappingChoice): ConnectWiseLocationSiteMapping {
  const f = FIELDS[kind];
  const specified = typeof choice === 'object' ? choice : null;
  const next = { ...site, [f.type]: mappingTypeOfChoice(choice), [f.id]: specified?.id ?? null, [f.name]: specified?.name ?? null };
  return kind === 'product' && choice === CHOICE_NONE ? { ...next, agreementId: null, agreementName: null } : next;
}

/** The select's value for a location's current mapping; null when none was chosen yet (a type the console does not know reads by its mapping id). */
export function choiceOfSite(site: ConnectWiseLocationSiteMapping, kind: SiteMappingKind): MappingChoice | null {
  const f = FIELDS[kind];
  const type = site[f.type];
  if (type === 'NONE') return CHOICE_NONE;
  if (type === 'CLIENT_DEFAULT') return CHOICE_DEFAULT;
  const id = site[f.id];
  return id === null ? null : { id, name: site[f.name] ?? `#${id}` };
}

/** The mapping that applies to a location: its own (SPECIFIED), its organization's default (CLIENT_DEFAULT), or none. */
export function effectiveMapping(site: ConnectWiseLocationSiteMapping, company: ConnectWiseCompanyMapping, kind: SiteMappingKind): { id: number; name: string } | null {
  const choice = choiceOfSite(site, kind);
  if (choice === null || choice === CHOICE_NONE) return null;
  return choice === CHOICE_DEFAULT ? companyDefault(company, kind) : choice;
}

/** An organization's default mapping of a kind (its Product Mapping or Configuration Type Mapping), named as saved or '#id'; null when it has none. */
export function companyDefault(company: ConnectWiseCompanyMapping, kind: SiteMappingKind): { id: number; name: string } | null {
  const f = FIELDS[kind];
  const id = company[f.id];
  return id === null ? null : { id, name: company[f.name] ?? `#${id}` };
}

/**
 * §4.3: the Agreement selector is enabled once a product mapping (SPECIFIED
 * with one) or the default (CLIENT_DEFAULT, when the organization has one) is
 * set.
 */
export function agreementEnabled(site: ConnectWiseLocationSiteMapping, company?: ConnectWiseCompanyMapping): boolean {
  const type = site.productMappingType;
  if (type === 'NONE') return false;
  if (type === 'CLIENT_DEFAULT') return company === undefined || company.productMappingId !== null;
  return site.productMappingId !== null;
}

/** §2.4 location-to-site modal: the CW Site (null: none); `mapped` follows. */
export function setSite(site: ConnectWiseLocationSiteMapping, psaSite: PsaRecord | null): ConnectWiseLocationSiteMapping {
  return { ...site, psaSiteId: psaSite?.id ?? null, psaSiteName: psaSite?.name ?? null, mapped: psaSite !== null };
}

/** §2.4 location-to-site modal: the Agreement (null: none); refused (unchanged) while the selector is disabled. */
export function setAgreement(site: ConnectWiseLocationSiteMapping, agreement: PsaRecord | null, company?: ConnectWiseCompanyMapping): ConnectWiseLocationSiteMapping {
  if (agreement !== null && !agreementEnabled(site, company)) return site;
  return { ...site, agreementId: agreement?.id ?? null, agreementName: agreement?.name ?? null };
}

/** A location-site row's key: its location id, or its name when the server sent no id. */
export function siteKey(site: Pick<ConnectWiseLocationSiteMapping, 'locationId' | 'locationName'>): string {
  return site.locationId === null ? `name:${site.locationName}` : String(site.locationId);
}

/** The company rows with one location's row changed by `change`. */
export function updateSite(
  rows: readonly ConnectWiseCompanyMapping[],
  clientId: number,
  key: string,
  change: (site: ConnectWiseLocationSiteMapping, company: ConnectWiseCompanyMapping) => ConnectWiseLocationSiteMapping,
): ConnectWiseCompanyMapping[] {
  return rows.map((row) =>
    row.clientId !== clientId ? row : { ...row, locationSiteMappings: row.locationSiteMappings.map((site) => (siteKey(site) === key ? change(site, row) : site)) },
  );
}

/** A location that no longer has a site or agreement (its product and configuration choices are the console's own and stay). */
function withoutSite(site: ConnectWiseLocationSiteMapping): ConnectWiseLocationSiteMapping {
  return { ...setSite(site, null), agreementId: null, agreementName: null };
}

/**
 * §2.4 organization-to-company modal: the CW Company (null: none). Sites and
 * agreements are the company's, so a different company resets the
 * organization's location-site rows to no site and no agreement.
 */
export function remapCompany(rows: readonly ConnectWiseCompanyMapping[], clientId: number, company: PsaRecord | null): ConnectWiseCompanyMapping[] {
  return rows.map((row) => {
    if (row.clientId !== clientId || sameId(row.companyId, company?.id)) return row;
    return { ...row, companyId: company?.id ?? null, companyName: company?.name ?? null, locationSiteMappings: row.locationSiteMappings.map(withoutSite) };
  });
}

/** §2.4: the organization's default Product Mapping or Configuration Type Mapping (null: none). */
export function setCompanyDefault(
  rows: readonly ConnectWiseCompanyMapping[],
  clientId: number,
  kind: SiteMappingKind,
  mapping: { id: number; name: string } | null,
): ConnectWiseCompanyMapping[] {
  const f = FIELDS[kind];
  return rows.map((row) => (row.clientId === clientId ? { ...row, [f.id]: mapping?.id ?? null, [f.name]: mapping?.name ?? null } : row));
}

/**
 * §4.3 Clear Mapping: the selected organizations lose their company and their
 * product and configuration type mappings; their locations lose site and
 * agreement (nothing of the old company may remain) and go back to a new
 * location's choices, the organization default (CLIENT_DEFAULT, now none).
 */
export function clearConnectWiseMappings(rows: readonly ConnectWiseCompanyMapping[], clientIds: Iterable<number>): ConnectWiseCompanyMapping[] {
  const selected = new Set(clientIds);
  return rows.map((row) =>
    !selected.has(row.clientId)
      ? row
      : {
          ...row,
          companyId: null,
          companyName: null,
          productMappingId: null,
          productMappingName: null,
          configurationTypeMappingId: null,
          configurationTypeMappingName: null,
          locationSiteMappings: row.locationSiteMappings.map((site) => ({
            ...withoutSite(site),
            productMappingId: null,
            productMappingName: null,
            productMappingType: CHOICE_DEFAULT,
            configurationTypeMappingId: null,
            configurationTypeMappingName: null,
            configurationTypeMappingType: CHOICE_DEFAULT,
          })),
        },
  );
}
