/**
 * The PSA mapping modals' transitions (spec/ticketing-automations-psa.md
 * §4.3, §9.3, §9.4), pure: new ids and copies, new records with their
 * defaults, ranked role mappings, the choices of a role picker, and the
 * Autotask account and location mapping changes. ConnectWise's are in
 * connectwise.ts. Every function returns new values; a record's fields the
 * console does not know are kept (spread), never dropped.
 */
import {
  DEFAULT_DISABLE_INSTALLED_PRODUCT_ON_NODE_DELETE,
  DEFAULT_GROUPS_LOGIC_OPERATOR,
  DEFAULT_OVERRIDE_PRODUCT_MAPPING,
  DEFAULT_PRODUCT_MAPPING_TYPE,
  type AutotaskAccountMapping,
  type AutotaskDeviceRoleMapping,
  type AutotaskLocationMapping,
  type AutotaskRoleProductMapping,
  type ConnectWiseConfigurationRoleMapping,
  type ConnectWiseConfigurationTypeMapping,
  type ConnectWiseProductMapping,
  type ConnectWiseProductRoleMapping,
  type PsaRecord,
} from '../../model/psa';

type WithId = { id: number | string };

// ---------------------------------------------------------------- ids, copies, lists

/** §4.3: a new id is the highest existing (numeric) id plus 1; 1 for an empty list. */
export function nextId(items: ReadonlyArray<{ id: unknown }>): number {
  let highest = 0;
  for (const { id } of items) {
    const value = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
    if (Number.isFinite(value) && value > highest) highest = value;
  }
  return highest + 1;
}

/** §4.3: the name of a copy, '<name> (Copy)'. */
export function copyName(name: string): string {
  return `${name} (Copy)`;
}

/** §4.3: a copy of a mapping, named '<name> (Copy)', with a new id among `all`. */
export function copyMapping<T extends { id: number; name: string }>(mapping: T, all: ReadonlyArray<{ id: unknown }>): T {
  return { ...mapping, id: nextId(all), name: copyName(mapping.name) };
}

/** §4.3 add versus edit: the list with `item` replacing the one of its id, or added at the end. */
export function upsertById<T extends WithId>(list: readonly T[], item: T): T[] {
  const index = list.findIndex((row) => String(row.id) === String(item.id));
  return index === -1 ? [...list, item] : list.map((row, i) => (i === index ? item : row));
}

/** The list without the item of `id`. */
export function removeById<T extends WithId>(list: readonly T[], id: number | string): T[] {
  return list.filter((row) => String(row.id) !== String(id));
}

// ---------------------------------------------------------------- new records (§3.3, §3.4, §9.4)

/** §3.3: a new Autotask device role mapping: empty name, disable-on-delete false, override true, no rows. */
export function newDeviceRoleMapping(all: readonly AutotaskDeviceRoleMapping[]): AutotaskDeviceRoleMapping {
  return {
    id: nextId(all),
    name: '',
    disableInstalledProductOnNodeDelete: DEFAULT_DISABLE_INSTALLED_PRODUCT_ON_NODE_DELETE,
    overrideProductMapping: DEFAULT_OVERRIDE_PRODUCT_MAPPING,
    nodeRoleInstalledProductCategoryMappings: [],
  };
}

/** §3.3: a new role → product → category row of a device role mapping. */
export function newRoleProductMapping(rows: readonly AutotaskRoleProductMapping[]): AutotaskRoleProductMapping {
  return { id: nextId(rows), nodeRoleId: null, productId: null, productName: null, installedProductCategoryId: null, installedProductCategoryName: null };
}

/** §3.4: a new configuration type mapping. */
export function newConfigurationTypeMapping(all: readonly ConnectWiseConfigurationTypeMapping[]): ConnectWiseConfigurationTypeMapping {
  return { id: nextId(all), name: '', nodeRoleConfigurationTypeMappings: [] };
}

/** §3.4: a new role row of a configuration type mapping. */
export function newConfigurationRoleMapping(rows: readonly ConnectWiseConfigurationRoleMapping[]): ConnectWiseConfigurationRoleMapping {
  return {
    id: nextId(rows),
    nodeRoleId: null,
    configurationTypeId: null,
    configurationTypeName: null,
    onCreateStatusId: null,
    onCreateStatusName: null,
    onDeleteStatusId: null,
    onDeleteStatusName: null,
  };
}

/** §9.4: a new product mapping is SINGLE_HIT. */
export function newProductMapping(all: readonly ConnectWiseProductMapping[]): ConnectWiseProductMapping {
  return { id: nextId(all), name: '', productMappingType: DEFAULT_PRODUCT_MAPPING_TYPE, nodeRoleProductMappings: [] };
}

/** §9.4: a new product role row: groups operator AND, ranked last. */
export function newProductRoleMapping(rows: readonly ConnectWiseProductRoleMapping[]): ConnectWiseProductRoleMapping {
  return {
    id: nextId(rows),
    nodeRoleId: null,
    productId: null,
    productName: null,
    agreementTypeId: null,
    agreementTypeName: null,
    groups: [],
    groupsLogicOperator: DEFAULT_GROUPS_LOGIC_OPERATOR,
    ranking: rows.length + 1,
  };
}

// ---------------------------------------------------------------- ranked rows (§4.3)

type Ranked = WithId & { ranking: number };
export type RankDirection = 'up' | 'down';

/** §4.3: the rows in rank order (1 first). */
export function byRank<T extends Ranked>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.ranking - b.ranking);
}

/** §4.3: a rank is never below 1 nor above the count. */
export function clampRank(rank: number, count: number): number {
  return Math.min(Math.max(Math.round(rank), 1), Math.max(count, 1));
}

/** §4.3: the rows ranked 1..count in their current order (closes gaps and duplicates a server may send). */
export function normalizeRanks<T extends Ranked>(rows: readonly T[]): T[] {
  return byRank(rows).map((row, index) => (row.ranking === index + 1 ? row : { ...row, ranking: index + 1 }));
}

/** §4.3: whether Up (toward rank 1) or Down can move the row. */
export function canMoveRank(rows: readonly Ranked[], id: number | string, direction: RankDirection): boolean {
  const index = byRank(rows).findIndex((row) => String(row.id) === String(id));
  if (index === -1) return false;
  return direction === 'up' ? index > 0 : index < rows.length - 1;
}

/** §4.3: Up and Down swap the row with its neighbour; at rank 1 (up) or the count (down) nothing moves. Rows come back in rank order, ranked 1..count. */
export function moveRank<T extends Ranked>(rows: readonly T[], id: number | string, direction: RankDirection): T[] {
  const ordered = normalizeRanks(rows);
  if (!canMoveRank(ordered, id, direction)) return ordered;
  const index = ordered.findIndex((row) => String(row.id) === String(id));
  const other = direction === 'up' ? index - 1 : index + 1;
  const moved = [...ordered];
  moved[index] = { ...ordered[other]!, ranking: index + 1 };
  moved[other] = { ...ordered[index]!, ranking: other + 1 };
  return moved;
}

/** §4.3: removal shifts the later ranks up by one. */
export function removeRanked<T extends Ranked>(rows: readonly T[], id: number | string): T[] {
  return normalizeRanks(rows.filter((row) => String(row.id) !== String(id)));
}

/** §4.3: an added row is ranked last (count + 1); an edited one keeps its rank. */
export function upsertRanked<T extends Ranked>(rows: readonly T[], row: T): T[] {
  const exists = rows.some((r) => String(r.id) === String(row.id));
  return normalizeRanks(exists ? upsertById(rows, row) : [...normalizeRanks(rows), { ...row, ranking: rows.length + 1 }]);
}

// ---------------------------------------------------------------- role pickers (§5.3)

/** §5.3: the roles a row may pick: those not used by another row of the list (the edited row keeps its own). */
export function availableRoles<R extends { id: number }>(
  roles: readonly R[],
  rows: ReadonlyArray<{ id: number | string; nodeRoleId: number | null }>,
  editingRowId?: number | string,
): R[] {
  const used = new Set(rows.filter((row) => editingRowId === undefined || String(row.id) !== String(editingRowId)).map((row) => row.nodeRoleId));
  return roles.filter((role) => !used.has(role.id));
}

// ---------------------------------------------------------------- Autotask account and location mappings (§4.3)

export interface AutotaskMappings {
  accountMappings: AutotaskAccountMapping[];
  locationMappings: AutotaskLocationMapping[];
}

/** The mappings after an account change, and whether §8.3's remap warning shows (some location mapping was reset). */
export interface AccountRemap extends AutotaskMappings {
  locationsReset: number;
  showWarning: boolean;
}

/** Two ids are the same record: both none, or equal as text (a PSA may send 12 or '12'). */
export function sameId(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  return x === null || y === null ? x === y : String(x) === String(y);
}

/**
 * §4.3: maps the organization to `account` (null: none). When the account
 * changes, that organization's location mappings are reset: they follow the
 * new account and lose their Autotask location; §8.3's warning shows when
 * any of them changed.
 */
export function remapAccount(mappings: AutotaskMappings, clientId: number, account: PsaRecord | null): AccountRemap {
  const current = mappings.accountMappings.find((row) => row.clientId === clientId);
  if (current === undefined || sameId(current.accountId, account?.id)) return { ...mappings, locationsReset: 0, showWarning: false };
  const accountMappings = mappings.accountMappings.map((row) =>
    row.clientId === clientId ? { ...row, accountId: account?.id ?? null, accountName: account?.name ?? null } : row,
  );
  let locationsReset = 0;
  const locationMappings = mappings.locationMappings.map((row) => {
    if (row.clientId !== clientId) return row;
    const reset = { ...row, autotaskAccountId: account?.id ?? null, autotaskAccountName: account?.name ?? null, autotaskLocationId: null, autotaskLocationName: null };
    if (sameId(row.autotaskAccountId, reset.autotaskAccountId) && row.autotaskLocationId === null) return row;
    locationsReset += 1;
    return reset;
  });
  return { accountMappings, locationMappings, locationsReset, showWarning: locationsReset > 0 };
}

/** §2.3 Account Mapping modal: the organization's Ninja Device Role Mapping (null: none). */
export function setDeviceRoleMappingOf(rows: readonly AutotaskAccountMapping[], clientId: number, mapping: { id: number; name: string } | null): AutotaskAccountMapping[] {
  return rows.map((row) =>
    row.clientId === clientId ? { ...row, installedProductCategoryMappingId: mapping?.id ?? null, installedProductCategoryMappingName: mapping?.name ?? null } : row,
  );
}

/** §4.3 Clear Mapping: the selected organizations lose their account and device role mapping (their locations reset as on any account change). */
export function clearAutotaskMappings(mappings: AutotaskMappings, clientIds: Iterable<number>): AccountRemap {
  let state: AccountRemap = { ...mappings, locationsReset: 0, showWarning: false };
  for (const clientId of new Set(clientIds)) {
    const remap = remapAccount(state, clientId, null);
    state = {
      accountMappings: setDeviceRoleMappingOf(remap.accountMappings, clientId, null),
      locationMappings: remap.locationMappings,
      locationsReset: state.locationsReset + remap.locationsReset,
      showWarning: state.showWarning || remap.showWarning,
    };
  }
  return state;
}

/** §2.3 location Edit Mapping modal: the location's Autotask location (null: none). */
export function setAutotaskLocation(rows: readonly AutotaskLocationMapping[], locationId: number, location: PsaRecord | null): AutotaskLocationMapping[] {
  return rows.map((row) => (row.locationId === locationId ? { ...row, autotaskLocationId: location?.id ?? null, autotaskLocationName: location?.name ?? null } : row));
}
