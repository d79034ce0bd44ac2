/**
 * Autotask settings on the RMM API (spec/ticketing-automations-psa.md §2.3,
 * §3.3, §6, §7.3, §8.3). §7.3's paths where it shows them (the categories,
 * an account's locations, the paginated account and product lookups); the
 * demo's for the rest (src/demo-server/README.md "PSA"). Lists are read item
 * by item: an odd item is skipped and counted, never fails the list.
 */
import type { z } from 'zod';
import type { AutotaskAccountMapping, AutotaskDeviceRoleMapping, AutotaskHelpdeskSettings, AutotaskLocationMapping, PsaId, PsaRecord } from '../../../shared/model/psa';
import { PSA_PAGE_SIZE } from '../../../shared/model/psa';
import type { AutotaskSettings, PsaPage } from '../../../shared/model/psa/views';
import type { CallArgs } from '../../../shared/contract';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { AUTOTASK_PATHS } from '../../../shared/rules/psa/paths';
import { autotaskSyncAttributesOf } from '../../../shared/rules/psa/sync-attributes';
import {
  autotaskAccountMappingSchema,
  autotaskDeviceRoleMappingSchema,
  autotaskHelpdeskSettingsSchema,
  autotaskLocationMappingSchema,
  ninjaIdSchema,
  psaIdSchema,
  psaRecordSchema,
  readItems,
} from '../../../shared/rules/psa/schemas';
import { anyAnswer, listIn } from '../platform/api/tolerant';
import type { MappingKind, PsaCalls } from './psa-calls';
import { accountSchema, cleaned, readClean } from './psa-read';

const helpdesk = cleaned(autotaskHelpdeskSettingsSchema);
const ROLE_MAPPINGS: MappingKind<AutotaskDeviceRoleMapping> = {
  noun: 'device role mapping',
  list: AUTOTASK_PATHS.deviceRoleMappings,
  item: AUTOTASK_PATHS.deviceRoleMapping,
  schema: cleaned(autotaskDeviceRoleMappingSchema),
};
const idsOf = (answer: unknown, field: string): PsaId[] => readItems(psaIdSchema, listIn(answer, field)).items;

type DeviceRoleMappingInput = CallArgs<'psa.autotask.saveDeviceRoleMapping'>;
type Account = PsaRecord & { accountType: PsaId | null };

/** One lookup: the paginated call (§7.3, with autotask_big_data) or the full list; the field the list comes in. */
interface Lookup {
  paged: string;
  full: string;
  nameParam: string;
  field: string;
}
const ACCOUNTS: Lookup = { paged: AUTOTASK_PATHS.accountsPaginated, full: AUTOTASK_PATHS.accounts, nameParam: 'accountNameParam', field: 'accountList' };
const PRODUCTS: Lookup = { paged: AUTOTASK_PATHS.productsPaginated, full: AUTOTASK_PATHS.products, nameParam: 'productNameParam', field: 'productList' };

export class AutotaskApi {
  constructor(private readonly calls: PsaCalls) {}

  /** Everything the Autotask page shows, read at once; `skipped` sums the items of its lists the console could not read. */
  async settings(bigData: boolean): Promise<AutotaskSettings> {
    const read = (path: string) => this.calls.read(path, anyAnswer);
    const [types, filter, accountMappings, roleMappings, categories, helpdeskAnswer, attributes] = await Promise.all([
      read(AUTOTASK_PATHS.accountTypes),
      read(AUTOTASK_PATHS.companyFilterMap),
      this.accountMappings(),
      read(AUTOTASK_PATHS.deviceRoleMappings),
      read(AUTOTASK_PATHS.categories),
      this.calls.read(AUTOTASK_PATHS.helpdeskSettings, helpdesk),
      read(AUTOTASK_PATHS.syncAttributes),
    ]);
    const accountTypes = readClean(psaRecordSchema, listIn(types));
    const deviceRoleMappings = readClean(autotaskDeviceRoleMappingSchema, listIn(roleMappings));
    const categoryList = readClean(psaRecordSchema, listIn(categories, 'installedProductCategoriesList', 'categories'));
    return {
      bigData,
      accountTypes: accountTypes.items,
      companyFilterMap: { types: idsOf(filter, 'types') },
      accountMappings: accountMappings.items,
      deviceRoleMappings: deviceRoleMappings.items,
      categories: categoryList.items,
      helpdeskSettings: helpdeskAnswer,
      // §9.4's defaults when the instance sends none.
      deviceDataSyncAttributes: autotaskSyncAttributesOf(attributes),
      skipped: accountTypes.skipped + accountMappings.skipped + deviceRoleMappings.skipped + categoryList.skipped,
    };
  }

  accountMappings(): Promise<{ items: AutotaskAccountMapping[]; skipped: number }> {
    return this.calls.read(AUTOTASK_PATHS.accountMappings, anyAnswer).then((answer) => readClean(autotaskAccountMappingSchema, listIn(answer, 'accountMappings')));
  }

  /** Every location of the organizations mapped to an account, or only `clientId`'s. */
  async locationMappings(clientId?: number): Promise<{ items: AutotaskLocationMapping[]; skipped: number }> {
    const searchParams = clientId === undefined ? undefined : new URLSearchParams({ clientId: String(clientId) });
    const answer = await this.calls.read(AUTOTASK_PATHS.locationMappings, anyAnswer, searchParams);
    return readClean(autotaskLocationMappingSchema, listIn(answer, 'locationMappings'));
  }

  accounts(bigData: boolean, search: string | undefined, after: PsaId | undefined): Promise<PsaPage<Account>> {
    return this.lookup(ACCOUNTS, accountSchema, bigData, search, after);
  }

  products(bigData: boolean, search: string | undefined, after: PsaId | undefined): Promise<PsaPage<PsaRecord>> {
    return this.lookup(PRODUCTS, psaRecordSchema, bigData, search, after);
  }

  /**
   * §6, §7.3: with autotask_big_data a page of 500 after the id `after`
   * (`next`: the last item's id when the page is full, else null); without,
   * the whole list at once (`next` null; `after` answers what follows it).
   */
  private async lookup<T extends PsaRecord>(lookup: Lookup, schema: z.ZodType<T>, bigData: boolean, search: string | undefined, after: PsaId | undefined): Promise<PsaPage<T>> {
    const searchParams = new URLSearchParams();
    if (search?.trim()) searchParams.set(lookup.nameParam, search.trim());
    if (!bigData) {
      const all = readClean(schema, listIn(await this.calls.read(lookup.full, anyAnswer, searchParams), lookup.field));
      if (after === undefined) return { items: all.items, next: null, skipped: all.skipped };
      const at = all.items.findIndex((item) => String(item.id) === String(after));
      return { items: at < 0 ? [] : all.items.slice(at + 1), next: null, skipped: all.skipped };
    }
    if (after !== undefined) searchParams.set('lastId', String(after));
    const raw = listIn(await this.calls.read(lookup.paged, anyAnswer, searchParams), lookup.field) as unknown[];
    const page = readClean(schema, raw);
    // Full by what was sent, not by what could be read: a skipped item does not end the paging.
    const last = page.items[page.items.length - 1];
    return { items: page.items, next: raw.length >= PSA_PAGE_SIZE && last ? last.id : null, skipped: page.skipped };
  }

  /** §7.3 the account's locations; NOT_FOUND when the account is gone. */
  async accountLocations(accountId: PsaId): Promise<PsaRecord[]> {
    const answer = await this.calls.read(fillPath(AUTOTASK_PATHS.accountLocations, { accountId }), anyAnswer, undefined, 'This Autotask account no longer exists.');
    return readClean(psaRecordSchema, listIn(answer, 'locationList', 'locations')).items;
  }

  saveCompanyFilter(types: PsaId[]): Promise<{ types: PsaId[] }> {
    return this.calls
      .send('PUT', AUTOTASK_PATHS.companyFilterMap, { what: 'the account type filter', json: { types }, schema: anyAnswer })
      .then((answer) => ({ types: idsOf(answer, 'types') }));
  }

  /** §4.3: answers the rows saved and the organizations whose location mappings the remap reset (§8.3's warning). */
  async saveAccountMappings(rows: CallArgs<'psa.autotask.saveAccountMappings'>['rows']): Promise<{ accountMappings: AutotaskAccountMapping[]; locationMappingsReset: number[] }> {
    const answer = await this.calls.send('PUT', AUTOTASK_PATHS.accountMappings, { what: 'the account mappings', json: rows, schema: anyAnswer });
    const reset = typeof answer === 'object' && answer !== null ? (answer as { locationMappingsReset?: unknown }).locationMappingsReset : undefined;
    return {
      accountMappings: readClean(autotaskAccountMappingSchema, listIn(answer, 'accountMappings')).items,
      locationMappingsReset: readItems(ninjaIdSchema, reset).items,
    };
  }

  async saveLocationMappings(rows: CallArgs<'psa.autotask.saveLocationMappings'>['rows']): Promise<AutotaskLocationMapping[]> {
    const answer = await this.calls.send('PUT', AUTOTASK_PATHS.locationMappings, { what: 'the location mappings', json: rows, schema: anyAnswer });
    return readClean(autotaskLocationMappingSchema, listIn(answer, 'locationMappings')).items;
  }

  /** POST a new one (no id), PUT an existing one. */
  saveDeviceRoleMapping(mapping: DeviceRoleMappingInput): Promise<AutotaskDeviceRoleMapping> {
    return this.calls.saveMapping(ROLE_MAPPINGS, mapping);
  }

  deleteDeviceRoleMapping(id: number): Promise<{ deleted: true }> {
    return this.calls.deleteMapping(ROLE_MAPPINGS, id);
  }

  saveHelpdesk(settings: AutotaskHelpdeskSettings): Promise<AutotaskHelpdeskSettings> {
    return this.calls.send('PUT', AUTOTASK_PATHS.helpdeskSettings, { what: 'the help desk options', json: settings, schema: helpdesk });
  }

  /** §8.3 'Error setting device sync attributes' when refused. */
  saveSyncAttributes(names: string[]): Promise<string[]> {
    return this.calls.saveSyncAttributes(AUTOTASK_PATHS.syncAttributes, names);
  }
}
