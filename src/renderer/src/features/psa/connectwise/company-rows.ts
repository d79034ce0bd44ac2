/**
 * The Company Mapping's rows as the table shows them and as they are saved
 * (spec/ticketing-automations-psa.md §2.4, §3.4, §4.3): which organizations a
 * preview changes, the save call's rows (a location's choice as one of the
 * three types, None clearing the agreement), the preview of a save (the
 * organizations it writes, as it writes them), and the words of a location's
 * product or configuration type choice.
 *
 * A location type this console does not know (a real server's, DESIGN "Real
 * instances") cannot be sent back: the contract takes only §3.4's three. It
 * is rewritten on save (SPECIFIED when it names a mapping, else the
 * organization default), and both the row ('FOO (unknown) → Organization
 * default') and the preview ('FOO (unknown)' → 'Organization default') say so
 * before anything is written.
 */
import type { CallInput } from '../../../../../shared/contract';
import { LOCATION_MAPPING_TYPES, type ConnectWiseCompanyMapping, type ConnectWiseLocationSiteMapping, type LocationMappingType } from '../../../../../shared/model/psa';
import { isKnownValue } from '../../../../../shared/model/platform/open-values';
import { choiceOfSite, clearConnectWiseMappings, effectiveMapping, MAPPING_CHOICE_LABELS, siteKey, type SiteMappingKind } from '../../../../../shared/rules/psa/connectwise';
import { diffMappings, type MappingChange } from '../../../../../shared/rules/psa/diff';

type SaveRow = CallInput<'psa.connectwise.saveCompanyMappings'>['rows'][number];
type SiteRow = NonNullable<SaveRow['locationSiteMappings']>[number];

/** The organizations a preview's changes touch (company rows are keyed by clientId, location rows by `<clientId>/<site key>`). */
function changedClientIds(changes: readonly MappingChange[]): number[] {
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
function siteRowToSave(site: ConnectWiseLocationSiteMapping): SiteRow | null {
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
function companyRowToSave(row: ConnectWiseCompanyMapping): SaveRow {
  if (row.companyId === null) return { clientId: row.clientId, companyId: null };
  return {
    clientId: row.clientId,
    companyId: row.companyId,
    productMappingId: row.productMappingId,
    configurationTypeMappingId: row.configurationTypeMappingId,
    locationSiteMappings: row.locationSiteMappings.map(siteRowToSave).filter((site): site is SiteRow => site !== null),
  };
}

/** A location as the save call writes it (`siteRowToSave`'s rules on the row, names kept); a row it cannot send stays as read. */
function siteAsSaved(site: ConnectWiseLocationSiteMapping): ConnectWiseLocationSiteMapping {
  const saved = siteRowToSave(site);
  if (saved === null) return site;
  const productMappingId = saved.productMappingId ?? null;
  const configurationTypeMappingId = saved.configurationTypeMappingId ?? null;
  // The agreement is kept or dropped (never another): the row's own id, typed as the model's.
  const agreementId = saved.agreementId === null || saved.agreementId === undefined ? null : site.agreementId;
  return {
    ...site,
    productMappingType: saved.productMappingType,
    productMappingId,
    productMappingName: productMappingId === null ? null : site.productMappingName,
    configurationTypeMappingType: saved.configurationTypeMappingType,
    configurationTypeMappingId,
    configurationTypeMappingName: configurationTypeMappingId === null ? null : site.configurationTypeMappingName,
    agreementId,
    agreementName: agreementId === null ? null : site.agreementName,
  };
}

/** An organization as the save call writes it: without a company everything is cleared (the server clears it, §4.3); else its locations as `siteAsSaved`. */
export function asSaved(row: ConnectWiseCompanyMapping): ConnectWiseCompanyMapping {
  if (row.companyId === null) return clearConnectWiseMappings([row], [row.clientId])[0]!;
  return { ...row, locationSiteMappings: row.locationSiteMappings.map(siteAsSaved) };
}

/** A location type the console does not know (null is "none sent", not unknown). */
function isUnknownType(type: string | null): type is string {
  return type !== null && !isKnownValue(LOCATION_MAPPING_TYPES, type);
}

/** A preview value of a location whose type is unknown: 'FOO (unknown)', or 'FOO (unknown): Managed' when it names a mapping. */
const unknownTypeText = (type: string, shown: string): string => (shown === '' || shown === type ? `${type} (unknown)` : `${type} (unknown): ${shown}`);

/** The preview's location fields (diff.ts) and the type each shows. */
const TYPE_FIELDS = new Map<string, 'productMappingType' | 'configurationTypeMappingType'>([
  ['productMapping', 'productMappingType'],
  ['configurationTypeMapping', 'configurationTypeMappingType'],
]);

/** A change's before, with an unknown type of the location as read named as such. */
function withUnknownType(change: MappingChange, sites: ReadonlyMap<string, ConnectWiseLocationSiteMapping>): MappingChange {
  const typeField = change.kind === 'connectWiseLocationSite' ? TYPE_FIELDS.get(change.field) : undefined;
  const site = typeField === undefined ? undefined : sites.get(change.key);
  const type = typeField === undefined || site === undefined ? null : site[typeField];
  return isUnknownType(type) ? { ...change, before: unknownTypeText(type, change.before) } : change;
}

/** What saving `after` over `before` writes: the organizations it changes, as the save call writes them, and the preview of them. */
interface CompanySave {
  changes: MappingChange[];
  rows: SaveRow[];
}

/**
 * The preview of a Company Mapping save: the organizations `after` changes
 * are compared as the save call writes them, so whatever the save rewrites
 * (an unknown location type, an agreement None drops) is listed too, before
 * → after; nothing else is sent.
 */
export function companySave(before: readonly ConnectWiseCompanyMapping[], after: readonly ConnectWiseCompanyMapping[]): CompanySave {
  const ids = new Set(changedClientIds(diffMappings({ companyMappings: before }, { companyMappings: after })));
  const old = before.filter((row) => ids.has(row.clientId));
  const saved = after.filter((row) => ids.has(row.clientId)).map(asSaved);
  const sites = new Map(old.flatMap((row) => row.locationSiteMappings.map((site): [string, ConnectWiseLocationSiteMapping] => [`${row.clientId}/${siteKey(site)}`, site])));
  const changes = diffMappings({ companyMappings: old }, { companyMappings: saved }).map((change) => withUnknownType(change, sites));
  const written = new Set(changedClientIds(changes));
  return { changes, rows: saved.filter((row) => written.has(row.clientId)).map(companyRowToSave) };
}

/** A location's product or configuration type choice in words: None, 'Organization default (Managed services)', or the mapping. */
export function choiceText(site: ConnectWiseLocationSiteMapping, company: ConnectWiseCompanyMapping, kind: SiteMappingKind): string {
  const type = kind === 'product' ? site.productMappingType : site.configurationTypeMappingType;
  // A type the save call cannot send: what it is, and what it will be saved as.
  if (isUnknownType(type)) {
    const saved = siteAsSaved(site);
    return saved === site ? `${type} (unknown)` : `${type} (unknown) → ${knownChoiceText(saved, company, kind)}`;
  }
  return knownChoiceText(site, company, kind);
}

function knownChoiceText(site: ConnectWiseLocationSiteMapping, company: ConnectWiseCompanyMapping, kind: SiteMappingKind): string {
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
