/**
 * The Company Mapping's rows as the table shows them and as they are saved
 * (spec/ticketing-automations-psa.md §2.4, §3.4, §4.3): which organizations a
 * preview changes, the save call's rows (a location's choice as one of the
 * three types, None clearing the agreement), and the words of a location's
 * product or configuration type choice.
 */
import type { CallInput } from '../../../../../shared/contract';
import { LOCATION_MAPPING_TYPES, type ConnectWiseCompanyMapping, type ConnectWiseLocationSiteMapping, type LocationMappingType } from '../../../../../shared/model/psa';
import { isKnownValue } from '../../../../../shared/model/open-values';
import { choiceOfSite, effectiveMapping, MAPPING_CHOICE_LABELS, type SiteMappingKind } from '../../../../../shared/rules/psa/connectwise';
import type { MappingChange } from '../../../../../shared/rules/psa/diff';

type SaveRow = CallInput<'psa.connectwise.saveCompanyMappings'>['rows'][number];
type SiteRow = NonNullable<SaveRow['locationSiteMappings']>[number];

/** The organizations a preview's changes touch (company rows are keyed by clientId, location rows by `<clientId>/<site key>`). */
export function changedClientIds(changes: readonly MappingChange[]): number[] {
  const ids = new Set<number>();
  for (const change of changes) {
    const id = Number(change.key.split('/')[0]);
    if (Number.isInteger(id)) ids.add(id);
  }
  return [...ids];
}

/** A location's type as saved: a type the console does not know reads as SPECIFIED when it names a mapping, else the default. */
function typeToSave(type: string | null, id: number | null): LocationMappingType {
  if (type !== null && isKnownValue(LOCATION_MAPPING_TYPES, type)) return type === 'SPECIFIED' && id === null ? 'CLIENT_DEFAULT' : type;
  return id === null ? 'CLIENT_DEFAULT' : 'SPECIFIED';
}

/** A location-site row to save; null for a row the server sent without a location id (it cannot be named back). */
export function siteRowToSave(site: ConnectWiseLocationSiteMapping): SiteRow | null {
  if (site.locationId === null) return null;
  const productMappingType = typeToSave(site.productMappingType, site.productMappingId);
  const configurationTypeMappingType = typeToSave(site.configurationTypeMappingType, site.configurationTypeMappingId);
  return {
    locationId: site.locationId,
    psaSiteId: site.psaSiteId,
    productMappingType,
    productMappingId: productMappingType === 'SPECIFIED' ? site.productMappingId : null,
    configurationTypeMappingType,
    configurationTypeMappingId: configurationTypeMappingType === 'SPECIFIED' ? site.configurationTypeMappingId : null,
    // §4.3: None clears the agreement; an agreement is the site's company's, so no site, no agreement.
    agreementId: productMappingType === 'NONE' || site.psaSiteId === null ? null : site.agreementId,
  };
}

/** An organization's row to save: without a company it is cleared (and nothing else may be sent). */
export function companyRowToSave(row: ConnectWiseCompanyMapping): SaveRow {
  if (row.companyId === null) return { clientId: row.clientId, companyId: null };
  return {
    clientId: row.clientId,
    companyId: row.companyId,
    productMappingId: row.productMappingId,
    configurationTypeMappingId: row.configurationTypeMappingId,
    locationSiteMappings: row.locationSiteMappings.map(siteRowToSave).filter((site): site is SiteRow => site !== null),
  };
}

/** The rows to save for the organizations `changes` touch, from the mappings after the change. */
export function rowsToSave(after: readonly ConnectWiseCompanyMapping[], changes: readonly MappingChange[]): SaveRow[] {
  const ids = new Set(changedClientIds(changes));
  return after.filter((row) => ids.has(row.clientId)).map(companyRowToSave);
}

/** A location's product or configuration type choice in words: None, 'Organization default (Managed services)', or the mapping. */
export function choiceText(site: ConnectWiseLocationSiteMapping, company: ConnectWiseCompanyMapping, kind: SiteMappingKind): string {
  const choice = choiceOfSite(site, kind);
  if (choice === null) return '';
  if (choice === 'NONE') return MAPPING_CHOICE_LABELS.NONE;
  if (choice === 'CLIENT_DEFAULT') {
    const applied = effectiveMapping(site, company, kind);
    return `${MAPPING_CHOICE_LABELS.CLIENT_DEFAULT} (${applied?.name ?? 'none set'})`;
  }
  return choice.name;
}

/** The Location / CW Site column: how many locations have a site, and which. */
export function sitesSummary(row: ConnectWiseCompanyMapping): { count: string; list: string } {
  const sites = row.locationSiteMappings;
  const mapped = sites.filter((site) => site.psaSiteId !== null).length;
  const count = sites.length === 0 ? 'No locations' : `${mapped} of ${sites.length} ${sites.length === 1 ? 'location' : 'locations'} mapped`;
  return { count, list: sites.map((site) => `${site.locationName} → ${site.psaSiteName ?? '—'}`).join(', ') };
}

/** Whether Clear Mapping would change the organization (anything mapped at all). */
export function hasAnyMapping(row: ConnectWiseCompanyMapping): boolean {
  return (
    row.companyId !== null ||
    row.productMappingId !== null ||
    row.configurationTypeMappingId !== null ||
    row.locationSiteMappings.some((site) => site.psaSiteId !== null || site.agreementId !== null || site.productMappingType !== 'CLIENT_DEFAULT' || site.configurationTypeMappingType !== 'CLIENT_DEFAULT')
  );
}
