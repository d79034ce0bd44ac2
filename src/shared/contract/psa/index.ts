/**
 * PSA integrations (spec/ticketing-automations-psa.md §2.3, §2.4, §3.3–§3.5,
 * §7.3, §8.3): the Integrations list with its unmapped counts, the
 * connection of each PSA (its secret kept in the OS keychain), the Autotask
 * and ConnectWise settings, their lookups and saves, the ConnectWise
 * refresh, and the console's own "never map" marks. Where the spec shows no
 * path the main process uses the demo's (src/demo-server/README.md "PSA").
 */
import { z } from 'zod';
import { INVALID_PATH_ID_MESSAGE, isPathId } from '../../rules/platform/api-paths';
import type {
  AutotaskAccountMapping,
  AutotaskDeviceRoleMapping,
  AutotaskHelpdeskSettings,
  AutotaskLocationMapping,
  ConnectWiseCompanyMapping,
  ConnectWiseConfigurationTypeMapping,
  ConnectWiseHelpDeskSettings,
  ConnectWiseProductMapping,
  ProductAgreementSync,
  PsaId,
  PsaRecord,
} from '../../model/psa';
import { GROUPS_LOGIC_OPERATORS, LOCATION_MAPPING_TYPES, PRODUCT_MAPPING_TYPES, PSA_NAME_MAX } from '../../model/psa';
import type { AutotaskSettings, ConnectWiseCompany, ConnectWiseSettings, PsaConnection, PsaOverview, PsaPage } from '../../model/psa/views';
import { PSA_KINDS } from '../../model/psa/views';
import { noInput, returns, shortText } from '../common';

const kind = z.enum(PSA_KINDS);
/** A console id: organization, location, role, group, mapping or row. */
const ninjaId = z.number().int().nonnegative().max(2_147_483_647);
/** A PSA record's id as the PSA sent it. */
const psaId: z.ZodType<PsaId> = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().min(1).max(100).refine(isPathId, INVALID_PATH_ID_MESSAGE)]);
const search = shortText(200).optional();
const name = z.string().max(PSA_NAME_MAX + 50);

const psaConnectionInput = z.strictObject({
  kind,
  // https only, no credentials in the address (they would travel in every request and show in logs).
  instanceUrl: z
    .string()
    .url()
    .max(2048)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'The instance address must start with https:// and carry no credentials'),
  username: z.string().trim().min(1).max(320),
  enabled: z.boolean(),
  /** A new secret (kept in the keychain and sent to the instance); absent: the one kept stays. */
  secret: z.string().min(1).max(4096).optional(),
});

const accountMappingRow = z.strictObject({ clientId: ninjaId, accountId: psaId.nullable(), installedProductCategoryMappingId: ninjaId.nullable().optional() });
const locationMappingRow = z.strictObject({ locationId: ninjaId, autotaskLocationId: psaId.nullable() });

const roleProductRow = z.strictObject({ id: ninjaId.optional(), nodeRoleId: ninjaId, productId: psaId, installedProductCategoryId: psaId });
export const deviceRoleMappingInput = z.strictObject({
  id: ninjaId.optional(),
  name,
  disableInstalledProductOnNodeDelete: z.boolean(),
  overrideProductMapping: z.boolean(),
  nodeRoleInstalledProductCategoryMappings: z.array(roleProductRow).max(500),
});

const locationSiteRow = z.strictObject({
  locationId: ninjaId,
  psaSiteId: psaId.nullable(),
  productMappingType: z.enum(LOCATION_MAPPING_TYPES),
  productMappingId: ninjaId.nullable().optional(),
  configurationTypeMappingType: z.enum(LOCATION_MAPPING_TYPES),
  configurationTypeMappingId: ninjaId.nullable().optional(),
  agreementId: psaId.nullable().optional(),
});
const companyMappingRow = z.strictObject({
  clientId: ninjaId,
  companyId: psaId.nullable(),
  productMappingId: ninjaId.nullable().optional(),
  configurationTypeMappingId: ninjaId.nullable().optional(),
  locationSiteMappings: z.array(locationSiteRow).max(1000).optional(),
});

const configurationRoleRow = z.strictObject({ id: ninjaId.optional(), nodeRoleId: ninjaId, configurationTypeId: psaId, onCreateStatusId: psaId.nullable().optional(), onDeleteStatusId: psaId.nullable().optional() });
const configurationTypeMappingInput = z.strictObject({ id: ninjaId.optional(), name, nodeRoleConfigurationTypeMappings: z.array(configurationRoleRow).max(500) });

const productRoleRow = z.strictObject({
  id: ninjaId.optional(),
  nodeRoleId: ninjaId,
  productId: psaId,
  agreementTypeId: psaId,
  groups: z.array(ninjaId).max(500),
  groupsLogicOperator: z.enum(GROUPS_LOGIC_OPERATORS),
  ranking: z.number().int().min(1).max(500),
});
const productMappingInput = z.strictObject({ id: ninjaId.optional(), name, productMappingType: z.enum(PRODUCT_MAPPING_TYPES), nodeRoleProductMappings: z.array(productRoleRow).max(500) });

const productAgreementSyncInput = z.strictObject({
  enabled: z.boolean(),
  runCount: z.number().int().min(1).max(12),
  schedule: z.strictObject({
    dayOfMonth: z.number().int().min(0).max(31),
    repeats: z.literal('MONTHLY'),
    runAtHour: z.number().int().min(0).max(23),
    runAtMinute: z.number().int().min(0).max(59),
    startDate: z.number().int().nonnegative(),
    endType: z.enum(['NEVER', 'AFTER', 'ON']),
    endDate: z.number().int().nonnegative().nullable(),
  }),
});

const attributeNames = z.array(z.string().min(1).max(100)).max(100);

export const psaCalls = {
  /** The Integrations list: each PSA's connection and how many organizations and locations are unmapped. */
  'psa.overview': { input: noInput, output: returns<PsaOverview>() },
  'psa.connection': { input: z.strictObject({ kind }), output: returns<PsaConnection>() },
  /** Saves the connection; a new secret goes to the keychain (never back to the renderer). */
  'psa.saveConnection': { input: psaConnectionInput, output: returns<PsaConnection>() },
  /** The console's device roles and groups (the mapping modals pick from them). */
  'psa.roles': { input: noInput, output: returns<Array<{ id: number; name: string; custom: boolean }>>() },
  'psa.groups': { input: noInput, output: returns<PsaRecord[]>() },
  /** Organizations this console never auto-maps to this PSA (kept per signed-in identity). */
  'psa.neverMap': { input: z.strictObject({ kind }), output: returns<number[]>() },
  'psa.setNeverMap': { input: z.strictObject({ kind, clientId: ninjaId, on: z.boolean() }), output: returns<number[]>() },

  'psa.autotask.settings': { input: noInput, output: returns<AutotaskSettings>() },
  /** Accounts: paged by the last id (500 a page) with autotask_big_data, else all at once (`next` null). */
  'psa.autotask.accounts': { input: z.strictObject({ search, after: psaId.optional() }), output: returns<PsaPage<PsaRecord & { accountType: PsaId | null }>>() },
  'psa.autotask.products': { input: z.strictObject({ search, after: psaId.optional() }), output: returns<PsaPage<PsaRecord>>() },
  'psa.autotask.accountLocations': { input: z.strictObject({ accountId: psaId }), output: returns<PsaRecord[]>() },
  'psa.autotask.locationMappings': { input: z.strictObject({ clientId: ninjaId.optional() }), output: returns<AutotaskLocationMapping[]>() },
  'psa.autotask.saveCompanyFilter': { input: z.strictObject({ types: z.array(psaId).max(100) }), output: returns<{ types: PsaId[] }>() },
  /** §4.3: answers the saved rows and the organizations whose location mappings the remap reset (the §8.3 warning). */
  'psa.autotask.saveAccountMappings': {
    input: z.strictObject({ rows: z.array(accountMappingRow).min(1).max(5000) }),
    output: returns<{ accountMappings: AutotaskAccountMapping[]; locationMappingsReset: number[] }>(),
  },
  'psa.autotask.saveLocationMappings': { input: z.strictObject({ rows: z.array(locationMappingRow).min(1).max(5000) }), output: returns<AutotaskLocationMapping[]>() },
  'psa.autotask.saveDeviceRoleMapping': { input: deviceRoleMappingInput, output: returns<AutotaskDeviceRoleMapping>() },
  'psa.autotask.deleteDeviceRoleMapping': { input: z.strictObject({ id: ninjaId }), output: returns<{ deleted: true }>() },
  'psa.autotask.saveHelpdesk': { input: z.strictObject({ createContact: z.boolean(), embedHelpRequestImagesInTickets: z.boolean() }), output: returns<AutotaskHelpdeskSettings>() },
  /** §8.3 'Error setting device sync attributes' when refused. */
  'psa.autotask.saveSyncAttributes': { input: z.strictObject({ names: attributeNames }), output: returns<string[]>() },

  'psa.connectwise.settings': { input: noInput, output: returns<ConnectWiseSettings>() },
  /** The companies the company filter lets through. */
  'psa.connectwise.companies': { input: noInput, output: returns<ConnectWiseCompany[]>() },
  'psa.connectwise.sites': { input: z.strictObject({ companyId: psaId }), output: returns<PsaRecord[]>() },
  /** §7.3; §8.3 'Error fetching Company agreements'. */
  'psa.connectwise.agreements': { input: z.strictObject({ companyId: psaId }), output: returns<Array<PsaRecord & { agreementTypeId: PsaId | null }>>() },
  'psa.connectwise.saveCompanyFilter': { input: z.strictObject({ types: z.array(psaId).max(100), statuses: z.array(psaId).max(100) }), output: returns<{ types: PsaId[]; statuses: PsaId[] }>() },
  'psa.connectwise.saveCompanyMappings': { input: z.strictObject({ rows: z.array(companyMappingRow).min(1).max(5000) }), output: returns<ConnectWiseCompanyMapping[]>() },
  'psa.connectwise.saveConfigurationTypeMapping': { input: configurationTypeMappingInput, output: returns<ConnectWiseConfigurationTypeMapping>() },
  'psa.connectwise.deleteConfigurationTypeMapping': { input: z.strictObject({ id: ninjaId }), output: returns<{ deleted: true }>() },
  'psa.connectwise.saveProductMapping': { input: productMappingInput, output: returns<ConnectWiseProductMapping>() },
  'psa.connectwise.deleteProductMapping': { input: z.strictObject({ id: ninjaId }), output: returns<{ deleted: true }>() },
  'psa.connectwise.saveHelpDesk': { input: z.strictObject({ createContact: z.boolean() }), output: returns<ConnectWiseHelpDeskSettings>() },
  'psa.connectwise.saveSyncAttributes': { input: z.strictObject({ names: attributeNames }), output: returns<string[]>() },
  'psa.connectwise.saveProductAgreementSync': { input: productAgreementSyncInput, output: returns<ProductAgreementSync>() },
  /** 'Refresh ConnectWise Data' (about 1.5 s on the demo): §8.3's two messages. */
  'psa.connectwise.refresh': { input: noInput, output: returns<{ message: string }>() },
} as const;
