/**
 * Tolerant reading of the PSA settings the server sends
 * (spec/ticketing-automations-psa.md §3.3, §3.4, §3.5, §7.3; DESIGN "Real
 * instances"): a list is read item by item, an item the console cannot read
 * (no key, not an object) is skipped and counted, the rest are kept. Only an
 * item's key is required; any other field that is missing or odd reads as
 * null (or its §3/§9.4 default), unknown enum values are kept raw, and fields
 * the console does not know are kept on the item (loose objects).
 */
import { z } from 'zod';
import {
  DEFAULT_DISABLE_INSTALLED_PRODUCT_ON_NODE_DELETE,
  DEFAULT_GROUPS_LOGIC_OPERATOR,
  DEFAULT_OVERRIDE_PRODUCT_MAPPING,
  DEFAULT_PRODUCT_MAPPING_TYPE,
  type AutotaskAccountMapping,
  type AutotaskDeviceRoleMapping,
  type AutotaskHelpdeskSettings,
  type AutotaskLocationMapping,
  type AutotaskRoleProductMapping,
  type ConnectWiseCompanyFilter,
  type ConnectWiseCompanyMapping,
  type ConnectWiseConfigurationRoleMapping,
  type ConnectWiseConfigurationTypeMapping,
  type ConnectWiseHelpDeskSettings,
  type ConnectWiseLocationSiteMapping,
  type ConnectWiseProductMapping,
  type ConnectWiseProductRoleMapping,
  type DeviceRole,
  type ProductAgreementSync,
  type PsaId,
  type PsaRecord,
} from '../../model/psa';

/** A list as read: the items the console could read, and how many it could not. */
export interface ReadList<T> {
  items: T[];
  skipped: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each value parsed on its own; failures are counted, never thrown (DESIGN "one odd item never fails a list"). */
export function readItems<T>(schema: z.ZodType<T>, values: unknown): ReadList<T> {
  const items: T[] = [];
  let skipped = 0;
  for (const value of Array.isArray(values) ? values : []) {
    const parsed = schema.safeParse(value);
    if (parsed.success) items.push(parsed.data);
    else skipped += 1;
  }
  return { items, skipped };
}

// ---------------------------------------------------------------- fields

/** A console id (organization, location, role, mapping row): a number, or a string of digits. */
export const ninjaIdSchema = z.union([z.number().int(), z.string().regex(/^\d{1,15}$/).transform(Number)]);
/** A PSA record's id: a number or a non-empty string, kept as it came. */
export const psaIdSchema: z.ZodType<PsaId> = z.union([z.number(), z.string().min(1)]);

// `.optional()` first: zod 4 refuses a missing key under a transform that does not accept undefined.
const orNull = <T>(schema: z.ZodType<T>) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    });
const optionalNinjaId = orNull(ninjaIdSchema);
const optionalPsaId = orNull(psaIdSchema);
const optionalText = orNull(z.union([z.string(), z.number().transform(String)]));
const text = optionalText.transform((value) => value ?? '');
const flag = (fallback: boolean) => z.unknown().optional().transform((value) => (typeof value === 'boolean' ? value : fallback));
/** An enumeration value: any non-empty string is kept (unknown ones raw); nothing or garbage reads as the fallback. */
const openValue = <F extends string | null>(fallback: F) => z.unknown().optional().transform((value) => (typeof value === 'string' && value !== '' ? value : fallback));
const optionalNumber = orNull(z.number());
/** A nested list: rows that cannot be read are left out, the list itself never fails its record. */
const rowsOf = <T>(schema: z.ZodType<T>) => z.unknown().optional().transform((value) => readItems(schema, value).items);
const psaIds = rowsOf(psaIdSchema);

// ---------------------------------------------------------------- Autotask (§3.3)

export const autotaskAccountMappingSchema: z.ZodType<AutotaskAccountMapping> = z.looseObject({
  clientId: ninjaIdSchema,
  clientName: text,
  accountId: optionalPsaId,
  accountName: optionalText,
  installedProductCategoryMappingId: optionalNinjaId,
  installedProductCategoryMappingName: optionalText,
});

export const autotaskLocationMappingSchema: z.ZodType<AutotaskLocationMapping> = z.looseObject({
  locationId: ninjaIdSchema,
  locationName: text,
  clientId: ninjaIdSchema,
  autotaskAccountId: optionalPsaId,
  autotaskAccountName: optionalText,
  autotaskLocationId: optionalPsaId,
  autotaskLocationName: optionalText,
});

const autotaskRoleProductMappingSchema: z.ZodType<AutotaskRoleProductMapping> = z.looseObject({
  id: ninjaIdSchema,
  nodeRoleId: optionalNinjaId,
  productId: optionalPsaId,
  productName: optionalText,
  installedProductCategoryId: optionalPsaId,
  installedProductCategoryName: optionalText,
});

export const autotaskDeviceRoleMappingSchema: z.ZodType<AutotaskDeviceRoleMapping> = z.looseObject({
  id: ninjaIdSchema,
  name: text,
  disableInstalledProductOnNodeDelete: flag(DEFAULT_DISABLE_INSTALLED_PRODUCT_ON_NODE_DELETE),
  overrideProductMapping: flag(DEFAULT_OVERRIDE_PRODUCT_MAPPING),
  nodeRoleInstalledProductCategoryMappings: rowsOf(autotaskRoleProductMappingSchema),
});

export const autotaskHelpdeskSettingsSchema: z.ZodType<AutotaskHelpdeskSettings> = z.looseObject({
  createContact: flag(false),
  embedHelpRequestImagesInTickets: flag(false),
});

// ---------------------------------------------------------------- ConnectWise (§3.4)

const connectWiseLocationSiteMappingSchema: z.ZodType<ConnectWiseLocationSiteMapping> = z
  .looseObject({
    locationId: optionalNinjaId,
    locationName: text,
    psaSiteId: optionalPsaId,
    psaSiteName: optionalText,
    productMappingId: optionalNinjaId,
    productMappingName: optionalText,
    productMappingType: openValue(null),
    configurationTypeMappingId: optionalNinjaId,
    configurationTypeMappingName: optionalText,
    configurationTypeMappingType: openValue(null),
    agreementId: optionalPsaId,
    agreementName: optionalText,
    mapped: z.unknown().optional(),
  })
  // `mapped` when the server says it, otherwise whether a site is set.
  .transform((row) => ({ ...row, mapped: typeof row.mapped === 'boolean' ? row.mapped : row.psaSiteId !== null }));

export const connectWiseCompanyMappingSchema: z.ZodType<ConnectWiseCompanyMapping> = z.looseObject({
  clientId: ninjaIdSchema,
  clientName: text,
  companyId: optionalPsaId,
  companyName: optionalText,
  productMappingId: optionalNinjaId,
  productMappingName: optionalText,
  configurationTypeMappingId: optionalNinjaId,
  configurationTypeMappingName: optionalText,
  locationSiteMappings: rowsOf(connectWiseLocationSiteMappingSchema),
});

const connectWiseConfigurationRoleMappingSchema: z.ZodType<ConnectWiseConfigurationRoleMapping> = z.looseObject({
  id: ninjaIdSchema,
  nodeRoleId: optionalNinjaId,
  configurationTypeId: optionalPsaId,
  configurationTypeName: optionalText,
  onCreateStatusId: optionalPsaId,
  onCreateStatusName: optionalText,
  onDeleteStatusId: optionalPsaId,
  onDeleteStatusName: optionalText,
});

export const connectWiseConfigurationTypeMappingSchema: z.ZodType<ConnectWiseConfigurationTypeMapping> = z.looseObject({
  id: ninjaIdSchema,
  name: text,
  nodeRoleConfigurationTypeMappings: rowsOf(connectWiseConfigurationRoleMappingSchema),
});

const productRoleRowSchema = z.looseObject({
  id: ninjaIdSchema,
  nodeRoleId: optionalNinjaId,
  productId: optionalPsaId,
  productName: optionalText,
  agreementTypeId: optionalPsaId,
  agreementTypeName: optionalText,
  groups: psaIds,
  groupsLogicOperator: openValue(DEFAULT_GROUPS_LOGIC_OPERATOR),
  ranking: orNull(z.number().int().positive()),
});

/** Ranked rows in rank order; a row without a usable rank goes after the ranked ones, in the order it came. */
const rankedRows = z.unknown().optional().transform((value): ConnectWiseProductRoleMapping[] =>
  readItems(productRoleRowSchema, value)
    .items.map((row, index) => ({ row, index }))
    .sort((a, b) => (a.row.ranking ?? Infinity) - (b.row.ranking ?? Infinity) || a.index - b.index)
    .map(({ row }, index) => ({ ...row, ranking: row.ranking ?? index + 1 })),
);

export const connectWiseProductMappingSchema: z.ZodType<ConnectWiseProductMapping> = z.looseObject({
  id: ninjaIdSchema,
  name: text,
  productMappingType: openValue(DEFAULT_PRODUCT_MAPPING_TYPE),
  nodeRoleProductMappings: rankedRows,
});

export const connectWiseCompanyFilterSchema: z.ZodType<ConnectWiseCompanyFilter> = z.looseObject({ types: psaIds, statuses: psaIds });

export const connectWiseHelpDeskSettingsSchema: z.ZodType<ConnectWiseHelpDeskSettings> = z.looseObject({ createContact: flag(false) });

export const productAgreementSyncSchema: z.ZodType<ProductAgreementSync> = z.looseObject({
  enabled: flag(false),
  runCount: optionalNumber,
  schedule: orNull(
    z.looseObject({
      dayOfMonth: optionalNumber,
      repeats: openValue('MONTHLY'),
      runAtHour: optionalNumber.transform((v) => v ?? 0),
      runAtMinute: optionalNumber.transform((v) => v ?? 0),
      startDate: orNull(z.union([z.string(), z.number()])),
      endType: optionalText,
      endDate: orNull(z.union([z.string(), z.number()])),
    }),
  ),
});

// ---------------------------------------------------------------- shared

export const deviceRoleSchema: z.ZodType<DeviceRole> = z.looseObject({ id: ninjaIdSchema, name: text, custom: flag(false) });

/** A PSA record for a select: id required; the name from `name` (or the record's own name field), else the id. */
export const psaRecordSchema: z.ZodType<PsaRecord> = z
  .looseObject({ id: psaIdSchema })
  .transform((record) => {
    const named = [record.name, record.accountName, record.companyName, record.productName, record.description].find(
      (value): value is string | number => typeof value === 'string' || typeof value === 'number',
    );
    return { ...record, name: named === undefined ? String(record.id) : String(named) };
  });

/** Device data sync attributes (§3.3, §3.4): a list of names; anything not a name is left out. */
export function readSyncAttributes(value: unknown): string[] {
  return readItems(z.string().min(1), value).items;
}

/** §7.3: a paginated or plain answer's list read from its field (accountList, productList, financeAgreementList). */
function readListField<T>(schema: z.ZodType<T>, answer: unknown, field: string): ReadList<T> {
  return readItems(schema, isObject(answer) ? answer[field] : answer);
}

/** §7.3 GET /psaat/v2/accountsPaginated: field accountList. */
export const readAccountList = (answer: unknown): ReadList<PsaRecord> => readListField(psaRecordSchema, answer, 'accountList');
/** §7.3 GET /psacw/v2/finance/agreements: field financeAgreementList. */
export const readAgreementList = (answer: unknown): ReadList<PsaRecord> => readListField(psaRecordSchema, answer, 'financeAgreementList');

/** §7.3: the key of the next page of a paginated call is the last item's id; null once a page is not full (the last one). */
export function nextPageKey(page: readonly PsaRecord[], pageSize: number): PsaId | null {
  return page.length < pageSize || page.length === 0 ? null : page[page.length - 1]!.id;
}
