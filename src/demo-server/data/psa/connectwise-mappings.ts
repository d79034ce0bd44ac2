/**
 * The demo's ConnectWise mapping definitions (spec/ticketing-automations-psa.md
 * §2.4, §3.4, §3.5, §5.4, §9.3, §9.4): configuration type mappings and
 * product mappings with ranked role mappings, with the §3.4 field names and
 * §5.4's checks (400 `bad_request` naming the field and carrying the spec's
 * message). The spec names their row lists only "role mappings":
 * `nodeRoleConfigurationTypeMappings` follows §3.5's `nodeRoleProductMappings`.
 * Organizations and locations refer to them (./connectwise.ts).
 */
import { badRequest, notFound } from '../../http';
import { CW_AGREEMENT_TYPES, CW_CONFIGURATION_STATUSES, CW_CONFIGURATION_TYPES, DEVICE_GROUPS, DEVICE_ROLES, type ConnectWiseProduct, type Named } from './psa';
import { checkMappingName, checkRowId, checkRowRole, nextId } from './autotask';

/** §9.3 */
export const PRODUCT_MAPPING_TYPES = ['MULTIPLE_HIT', 'SINGLE_HIT'] as const;
export const GROUPS_LOGIC_OPERATORS = ['OR', 'AND'] as const;

interface ConfigurationRoleMapping {
  id: number;
  nodeRoleId: number;
  configurationTypeId: number;
  configurationTypeName: string;
  onCreateStatusId: number | null;
  onCreateStatusName: string | null;
  onDeleteStatusId: number | null;
  onDeleteStatusName: string | null;
}

export interface ConfigurationTypeMapping {
  id: number;
  name: string;
  nodeRoleConfigurationTypeMappings: ConfigurationRoleMapping[];
}

interface ProductRoleMapping {
  id: number;
  nodeRoleId: number;
  productId: number;
  productName: string;
  agreementTypeId: number;
  agreementTypeName: string;
  groups: number[];
  groupsLogicOperator: (typeof GROUPS_LOGIC_OPERATORS)[number];
  ranking: number;
}

export interface ProductMapping {
  id: number;
  name: string;
  productMappingType: (typeof PRODUCT_MAPPING_TYPES)[number];
  nodeRoleProductMappings: ProductRoleMapping[];
}


export interface ConfigurationTypeMappingInput {
  name: string;
  nodeRoleConfigurationTypeMappings: Array<{ id?: number | undefined; nodeRoleId: number; configurationTypeId: number; onCreateStatusId: number | null; onDeleteStatusId: number | null }>;
}

export interface ProductMappingInput {
  name: string;
  productMappingType: ProductMapping['productMappingType'];
  nodeRoleProductMappings: Array<{
    id?: number | undefined;
    nodeRoleId: number;
    productId: number;
    agreementTypeId: number;
    groups: number[];
    groupsLogicOperator: ProductRoleMapping['groupsLogicOperator'];
    ranking?: number | undefined;
  }>;
}

export const named = (list: readonly Named[], id: number | null): Named | undefined => (id === null ? undefined : list.find((item) => item.id === id));

export class ConnectWiseMappingDefinitions {
  readonly configurationTypeMappings = new Map<number, ConfigurationTypeMapping>();
  readonly productMappings = new Map<number, ProductMapping>();

  constructor(private readonly productById: ReadonlyMap<number, ConnectWiseProduct>) {}

  saveConfigurationTypeMapping(id: number | undefined, input: ConfigurationTypeMappingInput): ConfigurationTypeMapping {
    if (id !== undefined && !this.configurationTypeMappings.has(id)) throw notFound('No such configuration type mapping');
    const others = [...this.configurationTypeMappings.values()].filter((m) => m.id !== id);
    const name = checkMappingName(input.name, others, 'Configuration type mapping name already taken');
    const roles = new Set<number>();
    const rowIds = new Set<number>();
    input.nodeRoleConfigurationTypeMappings.forEach((row, i) => {
      const at = `nodeRoleConfigurationTypeMappings[${i}]`;
      checkRowRole(roles, row.nodeRoleId, at);
      if (!named(CW_CONFIGURATION_TYPES, row.configurationTypeId)) throw badRequest(`${at}.configurationTypeId: no such configuration type`);
      if (row.onCreateStatusId !== null && !named(CW_CONFIGURATION_STATUSES, row.onCreateStatusId)) throw badRequest(`${at}.onCreateStatusId: no such configuration status`);
      if (row.onDeleteStatusId !== null && !named(CW_CONFIGURATION_STATUSES, row.onDeleteStatusId)) throw badRequest(`${at}.onDeleteStatusId: no such configuration status`);
      checkRowId(rowIds, row.id, at);
    });
    let next = nextId(rowIds);
    const saved: ConfigurationTypeMapping = {
      id: id ?? nextId(this.configurationTypeMappings.keys()),
      name,
      nodeRoleConfigurationTypeMappings: input.nodeRoleConfigurationTypeMappings.map((row) => ({
        id: row.id ?? next++,
        nodeRoleId: row.nodeRoleId,
        configurationTypeId: row.configurationTypeId,
        configurationTypeName: (named(CW_CONFIGURATION_TYPES, row.configurationTypeId) as Named).name,
        onCreateStatusId: row.onCreateStatusId,
        onCreateStatusName: named(CW_CONFIGURATION_STATUSES, row.onCreateStatusId)?.name ?? null,
        onDeleteStatusId: row.onDeleteStatusId,
        onDeleteStatusName: named(CW_CONFIGURATION_STATUSES, row.onDeleteStatusId)?.name ?? null,
      })),
    };
    this.configurationTypeMappings.set(saved.id, saved);
    return saved;
  }


  saveProductMapping(id: number | undefined, input: ProductMappingInput): ProductMapping {
    if (id !== undefined && !this.productMappings.has(id)) throw notFound('No such product mapping');
    const others = [...this.productMappings.values()].filter((m) => m.id !== id);
    const name = checkMappingName(input.name, others, 'Product mapping name already taken');
    const rows = input.nodeRoleProductMappings;
    const rankings = rows.map((row, i) => row.ranking ?? i + 1);
    if (new Set(rankings).size !== rows.length || rankings.some((r) => r < 1 || r > rows.length)) throw badRequest('nodeRoleProductMappings: the rankings must be 1 to the number of rows, each once');
    const keys = new Set<string>();
    const rowIds = new Set<number>();
    rows.forEach((row, i) => {
      const at = `nodeRoleProductMappings[${i}]`;
      if (!DEVICE_ROLES.some((r) => r.id === row.nodeRoleId)) throw badRequest(`${at}.nodeRoleId: no such device role`);
      if (!this.productById.has(row.productId)) throw badRequest(`${at}.productId: no such product`);
      if (!named(CW_AGREEMENT_TYPES, row.agreementTypeId)) throw badRequest(`${at}.agreementTypeId: no such agreement type`);
      row.groups.forEach((group, j) => {
        if (!named(DEVICE_GROUPS, group)) throw badRequest(`${at}.groups[${j}]: no such group`);
      });
      const key = `${row.nodeRoleId}|${[...new Set(row.groups)].sort((a, b) => a - b).join(',')}`;
      if (keys.has(key)) throw badRequest(`${at}: Already exists a mapping with the same role and groups`);
      keys.add(key);
      checkRowId(rowIds, row.id, at);
    });
    let next = nextId(rowIds);
    const saved: ProductMapping = {
      id: id ?? nextId(this.productMappings.keys()),
      name,
      productMappingType: input.productMappingType,
      nodeRoleProductMappings: rows
        .map((row, i) => ({
          id: row.id ?? next++,
          nodeRoleId: row.nodeRoleId,
          productId: row.productId,
          productName: (this.productById.get(row.productId) as ConnectWiseProduct).name,
          agreementTypeId: row.agreementTypeId,
          agreementTypeName: (named(CW_AGREEMENT_TYPES, row.agreementTypeId) as Named).name,
          groups: [...new Set(row.groups)],
          groupsLogicOperator: row.groupsLogicOperator,
          ranking: rankings[i] as number,
        }))
        .sort((a, b) => a.ranking - b.ranking),
    };
    this.productMappings.set(saved.id, saved);
    return saved;
  }

}
