/**
 * Preview before save: every mapping row that will change, before
 * → after, as the tables show them (spec/ticketing-automations-psa.md §2.3,
 * §2.4, §3.3, §3.4): Autotask account and location mappings (so the location
 * mappings an account remap resets, §4.3, are listed), ConnectWise company
 * and location-site mappings. Values are compared by id (12 and '12' are the
 * same record) and shown by name; '' is "none".
 */
import type { AutotaskAccountMapping, AutotaskLocationMapping, ConnectWiseCompanyMapping, ConnectWiseLocationSiteMapping } from '../../model/psa';
import { MAPPING_CHOICE_LABELS, siteKey } from './connectwise';

type MappingChangeKind = 'autotaskAccount' | 'autotaskLocation' | 'connectWiseCompany' | 'connectWiseLocationSite';

export interface MappingChange {
  kind: MappingChangeKind;
  /** The row: a clientId, a locationId, or `<clientId>/<site key>`. */
  key: string;
  /** The row as a technician knows it: 'Organization' or 'Organization / Location'. */
  label: string;
  /** The spec's field (its id field, or the prefix of an id/name/type trio). */
  field: string;
  /** The field's column (§2.3, §2.4). */
  fieldLabel: string;
  before: string;
  after: string;
}

/** The mappings a preview compares (either PSA's, or both). */
interface PsaMappingSnapshot {
  accountMappings?: readonly AutotaskAccountMapping[];
  locationMappings?: readonly AutotaskLocationMapping[];
  companyMappings?: readonly ConnectWiseCompanyMapping[];
}

/** A field's value: what identifies it, and what is shown. */
interface Value {
  id: string;
  shown: string;
}
interface FieldSpec<R> {
  field: string;
  fieldLabel: string;
  value: (row: R) => Value;
}

const NONE: Value = { id: '', shown: '' };
const record = (id: unknown, name: string | null | undefined): Value => (id === null || id === undefined || id === '' ? NONE : { id: String(id), shown: name ?? `#${String(id)}` });

/** A location's product or configuration type choice: None, the organization default, or the mapping. */
function choice(type: string | null, id: number | null, name: string | null): Value {
  if (type === 'NONE') return { id: 'NONE', shown: MAPPING_CHOICE_LABELS.NONE };
  if (type === 'CLIENT_DEFAULT') return { id: 'CLIENT_DEFAULT', shown: MAPPING_CHOICE_LABELS.CLIENT_DEFAULT };
  const specified = record(id, name);
  return type === null || type === 'SPECIFIED' ? specified : { id: `${type}:${specified.id}`, shown: specified.shown || type };
}

const ACCOUNT_FIELDS: Array<FieldSpec<AutotaskAccountMapping>> = [
  { field: 'accountId', fieldLabel: 'Autotask Company', value: (r) => record(r.accountId, r.accountName) },
  { field: 'installedProductCategoryMappingId', fieldLabel: 'Ninja Device Role Mapping', value: (r) => record(r.installedProductCategoryMappingId, r.installedProductCategoryMappingName) },
];
const LOCATION_FIELDS: Array<FieldSpec<AutotaskLocationMapping>> = [
  { field: 'autotaskAccountId', fieldLabel: 'Autotask Company', value: (r) => record(r.autotaskAccountId, r.autotaskAccountName) },
  { field: 'autotaskLocationId', fieldLabel: 'Autotask Location', value: (r) => record(r.autotaskLocationId, r.autotaskLocationName) },
];
const COMPANY_FIELDS: Array<FieldSpec<ConnectWiseCompanyMapping>> = [
  { field: 'companyId', fieldLabel: 'CW Company', value: (r) => record(r.companyId, r.companyName) },
  { field: 'productMappingId', fieldLabel: 'Products', value: (r) => record(r.productMappingId, r.productMappingName) },
  { field: 'configurationTypeMappingId', fieldLabel: 'Configuration Types', value: (r) => record(r.configurationTypeMappingId, r.configurationTypeMappingName) },
];
const SITE_FIELDS: Array<FieldSpec<ConnectWiseLocationSiteMapping>> = [
  { field: 'psaSiteId', fieldLabel: 'CW Site', value: (r) => record(r.psaSiteId, r.psaSiteName) },
  { field: 'productMapping', fieldLabel: 'Products', value: (r) => choice(r.productMappingType, r.productMappingId, r.productMappingName) },
  {
    field: 'configurationTypeMapping',
    fieldLabel: 'Configuration Types',
    value: (r) => choice(r.configurationTypeMappingType, r.configurationTypeMappingId, r.configurationTypeMappingName),
  },
  { field: 'agreementId', fieldLabel: 'Agreement', value: (r) => record(r.agreementId, r.agreementName) },
];

/** The changes of keyed rows: `after`'s rows in order (a new row against nothing), then rows that are gone (against nothing). */
function diffRows<R>(
  kind: MappingChangeKind,
  before: readonly R[],
  after: readonly R[],
  keyOf: (row: R) => string,
  labelOf: (row: R) => string,
  fields: ReadonlyArray<FieldSpec<R>>,
): MappingChange[] {
  const old = new Map(before.map((row) => [keyOf(row), row]));
  const kept = new Set(after.map(keyOf));
  const pairs: Array<[R | undefined, R | undefined]> = [...after.map((row): [R | undefined, R] => [old.get(keyOf(row)), row]), ...before.filter((row) => !kept.has(keyOf(row))).map((row): [R, undefined] => [row, undefined])];
  return pairs.flatMap(([a, b]) => {
    const row = (b ?? a)!;
    return fields.flatMap(({ field, fieldLabel, value }) => {
      const x = a === undefined ? NONE : value(a);
      const y = b === undefined ? NONE : value(b);
      return x.id === y.id ? [] : [{ kind, key: keyOf(row), label: labelOf(row), field, fieldLabel, before: x.shown, after: y.shown }];
    });
  });
}

interface SiteRow {
  clientId: number;
  clientName: string;
  site: ConnectWiseLocationSiteMapping;
}
const sitesOf = (rows: readonly ConnectWiseCompanyMapping[]): SiteRow[] =>
  rows.flatMap((row) => row.locationSiteMappings.map((site) => ({ clientId: row.clientId, clientName: row.clientName, site })));

/** Preview before save: every field of every mapping row that changes from `before` to `after`. */
export function diffMappings(before: PsaMappingSnapshot, after: PsaMappingSnapshot): MappingChange[] {
  const organizations = new Map<number, string>();
  for (const row of [...(before.accountMappings ?? []), ...(after.accountMappings ?? [])]) organizations.set(row.clientId, row.clientName);
  const locationLabel = (row: AutotaskLocationMapping) => {
    const organization = organizations.get(row.clientId);
    return organization ? `${organization} / ${row.locationName}` : row.locationName;
  };
  const siteField = (spec: FieldSpec<ConnectWiseLocationSiteMapping>): FieldSpec<SiteRow> => ({ ...spec, value: (r) => spec.value(r.site) });
  return [
    ...diffRows('autotaskAccount', before.accountMappings ?? [], after.accountMappings ?? [], (r) => String(r.clientId), (r) => r.clientName, ACCOUNT_FIELDS),
    ...diffRows('autotaskLocation', before.locationMappings ?? [], after.locationMappings ?? [], (r) => String(r.locationId), locationLabel, LOCATION_FIELDS),
    ...diffRows('connectWiseCompany', before.companyMappings ?? [], after.companyMappings ?? [], (r) => String(r.clientId), (r) => r.clientName, COMPANY_FIELDS),
    ...diffRows(
      'connectWiseLocationSite',
      sitesOf(before.companyMappings ?? []),
      sitesOf(after.companyMappings ?? []),
      (r) => `${r.clientId}/${siteKey(r.site)}`,
      (r) => `${r.clientName} / ${r.site.locationName}`,
      SITE_FIELDS.map(siteField),
    ),
  ];
}

/** How many rows (not fields) the preview lists. */
export function changedRowCount(changes: readonly MappingChange[]): number {
  return new Set(changes.map((c) => `${c.kind}:${c.key}`)).size;
}
