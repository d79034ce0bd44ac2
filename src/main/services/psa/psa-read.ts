/**
 * Reading the PSA answers for the renderer (DESIGN "Real
 * instances", "Names from the server are untrusted"): the shared tolerant
 * readers of src/shared/rules/psa/schemas.ts, then every text of what they
 * read made fit to show: control characters dropped, bounded (names to
 * NAME_MAX, any other text to TEXT_MAX). Ids are kept as sent. The few
 * records the shared readers do not cover (the connection, accounts with
 * their type, ConnectWise companies, agreements) are read here the same way.
 */
import { z } from 'zod';
import type { PsaId, PsaRecord } from '../../../shared/model/psa';
import type { ConnectWiseCompany, PsaConnection, PsaKind } from '../../../shared/model/psa/views';
import { cleanText, NAME_MAX, TEXT_MAX } from '../../../shared/rules/platform/server-text';
import { psaIdSchema, psaRecordSchema, readItems, readSyncAttributes, type ReadList } from '../../../shared/rules/psa/schemas';
import { listIn } from '../platform/api/tolerant';

/** Deeper than this, a record's values are left out (nothing the console reads is nested so deep). */
const MAX_DEPTH = 6;

const isNameKey = (key: string) => key === 'name' || key === 'identifier' || key.endsWith('Name');

/** Every string of a read record cleaned (names to NAME_MAX, others to TEXT_MAX); numbers, booleans and ids as they are. */
function cleanRecord<T>(value: T, depth = 0, key = ''): T {
  if (typeof value === 'string') return cleanText(value, isNameKey(key) ? NAME_MAX : TEXT_MAX) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return (Array.isArray(value) ? [] : {}) as T;
  if (Array.isArray(value)) return value.map((item) => cleanRecord(item, depth + 1, key)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanRecord(v, depth + 1, k)])) as T;
}

/** A list read item by item (odd items skipped and counted), then cleaned. */
export function readClean<T>(schema: z.ZodType<T>, values: unknown): ReadList<T> {
  const { items, skipped } = readItems(schema, values);
  return { items: items.map((item) => cleanRecord(item)), skipped };
}

/** A schema whose output is cleaned: one record (a saved mapping, settings). */
export function cleaned<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return schema.transform((value) => cleanRecord(value)) as unknown as z.ZodType<T>;
}

/** The names of an answer `{ deviceDataSyncAttributes: string[] }` (or a bare list). */
export const syncAttributesOf = (answer: unknown): string[] => readSyncAttributes(listIn(answer, 'deviceDataSyncAttributes'));

const optionalPsaId = (value: unknown): PsaId | null => {
  const parsed = psaIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

// ---------------------------------------------------------------- the connection

const connectionAnswer = z.looseObject({
  instanceUrl: z.string().max(2048).catch(''),
  username: z.string().max(320).catch(''),
  enabled: z.boolean().catch(false),
  secretSet: z.boolean().catch(false),
});

/** The instance's connection of a PSA, without anything secret (only these fields are kept); `secretInKeychain` is the caller's to say. */
export function readConnection(kind: PsaKind, answer: unknown): PsaConnection | null {
  const parsed = connectionAnswer.safeParse(answer);
  if (!parsed.success) return null;
  const { instanceUrl, username, enabled, secretSet } = parsed.data;
  return { kind, instanceUrl: cleanText(instanceUrl, 2048), username: cleanText(username, 320), enabled, secretSet, secretInKeychain: false };
}

/** No connection on the instance yet: an empty form. */
export function emptyConnection(kind: PsaKind): PsaConnection {
  return { kind, instanceUrl: '', username: '', enabled: false, secretSet: false, secretInKeychain: false };
}

// ---------------------------------------------------------------- records the shared readers do not cover

/** An Autotask account with its account type (the Account Type Filter's), null when it has none the console can read. */
export const accountSchema: z.ZodType<PsaRecord & { accountType: PsaId | null }> = psaRecordSchema.transform((record) => ({
  ...record,
  accountType: optionalPsaId((record as PsaRecord & { accountType?: unknown }).accountType),
}));

/** A ConnectWise agreement with its agreement type. */
export const agreementSchema: z.ZodType<PsaRecord & { agreementTypeId: PsaId | null }> = psaRecordSchema.transform((record) => ({
  ...record,
  agreementTypeId: optionalPsaId((record as PsaRecord & { agreementTypeId?: unknown }).agreementTypeId),
}));

/** A ConnectWise company: its types and status read tolerantly (odd ones left out, none read as null). */
export const companySchema: z.ZodType<ConnectWiseCompany> = psaRecordSchema.transform((record) => {
  const raw = record as PsaRecord & { identifier?: unknown; types?: unknown; status?: unknown };
  const status = psaRecordSchema.safeParse(raw.status);
  return {
    ...record,
    identifier: typeof raw.identifier === 'string' || typeof raw.identifier === 'number' ? String(raw.identifier) : null,
    types: readItems(psaRecordSchema, raw.types).items,
    status: status.success ? status.data : null,
  };
});
