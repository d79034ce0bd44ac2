/**
 * PSA integration entities (spec/ticketing-automations-psa.md §3.3, §3.4,
 * §3.5) and their constants (§9.3, §9.4), with the spec's field names.
 *
 * Ids: the console's own (organizations, locations, device roles, mapping
 * rows) are numbers; ids of the PSA's records (accounts, companies, sites,
 * products, categories, agreements, statuses) are whatever the PSA sends,
 * a number or a string (`PsaId`). Values of a set the spec lists are
 * `OpenValue`s: a value a real instance sends beyond them is kept raw.
 * Fields the console does not read are kept on the records as they came
 * (the schemas parse loosely and every transition spreads the record).
 */
import type { OpenValue } from '../platform/open-values';

/** An id of a record of the PSA (Autotask or ConnectWise): a number or a string. */
export type PsaId = number | string;

/** §9.3 */
export const PSA_NAME_MAX = 50;
/** §7.3, §9.3: paginated selects load 500 at a time, keyed by the last item's id. */
export const PSA_PAGE_SIZE = 500;

// ---------------------------------------------------------------- Autotask (§3.3)

/** §3.3 Account-organization mapping: one row per organization. */
export interface AutotaskAccountMapping {
  clientId: number;
  clientName: string;
  accountId: PsaId | null;
  accountName: string | null;
  /** The organization's device role mapping (an AutotaskDeviceRoleMapping id). */
  installedProductCategoryMappingId: number | null;
  installedProductCategoryMappingName: string | null;
}

/** §3.3 Location mapping: one row per location. */
export interface AutotaskLocationMapping {
  locationId: number;
  locationName: string;
  clientId: number;
  autotaskAccountId: PsaId | null;
  autotaskAccountName: string | null;
  autotaskLocationId: PsaId | null;
  autotaskLocationName: string | null;
}

/** §3.3 A row of a device role mapping: role → product → configuration item category. */
export interface AutotaskRoleProductMapping {
  id: number;
  nodeRoleId: number | null;
  productId: PsaId | null;
  productName: string | null;
  installedProductCategoryId: PsaId | null;
  installedProductCategoryName: string | null;
}

/** §3.3 Device role mapping. */
export interface AutotaskDeviceRoleMapping {
  id: number;
  name: string;
  /** Default false (§3.3). */
  disableInstalledProductOnNodeDelete: boolean;
  /** Default true (§3.3). */
  overrideProductMapping: boolean;
  nodeRoleInstalledProductCategoryMappings: AutotaskRoleProductMapping[];
}

export const DEFAULT_DISABLE_INSTALLED_PRODUCT_ON_NODE_DELETE = false;
export const DEFAULT_OVERRIDE_PRODUCT_MAPPING = true;

/** §3.3 helpdeskSettings. */
export interface AutotaskHelpdeskSettings {
  createContact: boolean;
  embedHelpRequestImagesInTickets: boolean;
}

/** §3.3 companyFilterMap: the Account Type Filter (§2.3). */
export interface AutotaskCompanyFilterMap {
  types: PsaId[];
}

/**
 * §9.4 default device data sync attributes (the help-desk tool's, Autotask's
 * checklist of §2.3). The spec lists no others, so they are also the checklist.
 */
export const AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES = [
  'cpuSpeed',
  'defaultGateway',
  'macAddress',
  'model',
  'lastLoginName',
  'localHardDrives',
  'osInfo',
  'productKey',
  'privateIpAddress',
  'ram',
  'serialNumber',
] as const;

// ---------------------------------------------------------------- ConnectWise (§3.4)

/** §3.4 the type of a location-site mapping's product or configuration type mapping. */
export const LOCATION_MAPPING_TYPES = ['CLIENT_DEFAULT', 'SPECIFIED', 'NONE'] as const;
export type LocationMappingType = (typeof LOCATION_MAPPING_TYPES)[number];

/** §3.4 Location-site mapping (§3.5 adds locationId). */
export interface ConnectWiseLocationSiteMapping {
  locationId: number | null;
  locationName: string;
  psaSiteId: PsaId | null;
  psaSiteName: string | null;
  productMappingId: number | null;
  productMappingName: string | null;
  productMappingType: OpenValue<LocationMappingType> | null;
  configurationTypeMappingId: number | null;
  configurationTypeMappingName: string | null;
  configurationTypeMappingType: OpenValue<LocationMappingType> | null;
  agreementId: PsaId | null;
  agreementName: string | null;
  mapped: boolean;
}

/** §3.4 Company mapping: one row per organization. */
export interface ConnectWiseCompanyMapping {
  clientId: number;
  clientName: string;
  companyId: PsaId | null;
  companyName: string | null;
  /** The organization's default product mapping (a ConnectWiseProductMapping id). */
  productMappingId: number | null;
  productMappingName: string | null;
  configurationTypeMappingId: number | null;
  configurationTypeMappingName: string | null;
  locationSiteMappings: ConnectWiseLocationSiteMapping[];
}

/** §3.4 A role mapping of a configuration type mapping. */
export interface ConnectWiseConfigurationRoleMapping {
  id: number;
  nodeRoleId: number | null;
  configurationTypeId: PsaId | null;
  configurationTypeName: string | null;
  onCreateStatusId: PsaId | null;
  onCreateStatusName: string | null;
  onDeleteStatusId: PsaId | null;
  onDeleteStatusName: string | null;
}

/**
 * §3.4 Configuration type mapping. The spec names its list only "role
 * mappings"; `nodeRoleConfigurationTypeMappings` follows §3.5's
 * `nodeRoleProductMappings` (a console choice).
 */
export interface ConnectWiseConfigurationTypeMapping {
  id: number;
  name: string;
  nodeRoleConfigurationTypeMappings: ConnectWiseConfigurationRoleMapping[];
}

/** §9.3 group operators: OR (any group), AND (all groups). */
export const GROUPS_LOGIC_OPERATORS = ['OR', 'AND'] as const;
export type GroupsLogicOperator = (typeof GROUPS_LOGIC_OPERATORS)[number];
/** §2.4 "a group operator (Any or All Groups)". */
export const GROUPS_LOGIC_OPERATOR_LABELS: Record<GroupsLogicOperator, string> = { OR: 'Any Groups', AND: 'All Groups' };

/** §9.3 product mapping types. */
export const PRODUCT_MAPPING_TYPES = ['MULTIPLE_HIT', 'SINGLE_HIT'] as const;
type ProductMappingType = (typeof PRODUCT_MAPPING_TYPES)[number];
export const PRODUCT_MAPPING_TYPE_LABELS: Record<ProductMappingType, string> = {
  MULTIPLE_HIT: 'Map device to all matching mappings',
  SINGLE_HIT: 'Map device to first mapping only',
};

/** §9.4 */
export const DEFAULT_PRODUCT_MAPPING_TYPE: ProductMappingType = 'SINGLE_HIT';
export const DEFAULT_GROUPS_LOGIC_OPERATOR: GroupsLogicOperator = 'AND';

/** §3.4, §3.5 A ranked role mapping of a product mapping (rank 1 first). */
export interface ConnectWiseProductRoleMapping {
  id: number;
  nodeRoleId: number | null;
  productId: PsaId | null;
  productName: string | null;
  agreementTypeId: PsaId | null;
  agreementTypeName: string | null;
  /** Device group ids. */
  groups: PsaId[];
  groupsLogicOperator: OpenValue<GroupsLogicOperator>;
  ranking: number;
}

/** §3.4 Product mapping. */
export interface ConnectWiseProductMapping {
  id: number;
  name: string;
  productMappingType: OpenValue<ProductMappingType>;
  nodeRoleProductMappings: ConnectWiseProductRoleMapping[];
}

/** §9.3: the product sync schedule repeats monthly only, at most 12 recurrences. */
export const PRODUCT_SYNC_REPEATS = 'MONTHLY';
export const PRODUCT_SYNC_MAX_RECURRENCE = 12;

/** §3.5 Product agreement sync schedule. */
interface ProductAgreementSyncSchedule {
  dayOfMonth: number | null;
  repeats: OpenValue<typeof PRODUCT_SYNC_REPEATS>;
  runAtHour: number;
  runAtMinute: number;
  startDate: string | number | null;
  /** §3.5 "end type" (its values are not shown). */
  endType: string | null;
  endDate: string | number | null;
}

/** §3.4, §3.5 Product agreement sync. */
export interface ProductAgreementSync {
  enabled: boolean;
  runCount: number | null;
  schedule: ProductAgreementSyncSchedule | null;
}

/** §3.4 Company filter (company criteria: Types, Statuses). */
export interface ConnectWiseCompanyFilter {
  types: PsaId[];
  statuses: PsaId[];
}

/** §3.4 Help desk settings. */
export interface ConnectWiseHelpDeskSettings {
  createContact: boolean;
}

/** §9.3 ConnectWise device sync attributes: the required ones are always on. */
export const CONNECTWISE_REQUIRED_ATTRIBUTES = ['deviceIdentifier', 'ipAddress', 'managementLink', 'name', 'osType'] as const;
/** §9.3, spelled as the spec spells them ('cpuSPeed'). */
export const CONNECTWISE_OPTIONAL_ATTRIBUTES = [
  'cpuSPeed',
  'defaultGateway',
  'lastLoginName',
  'localHardDrives',
  'macAddress',
  'model',
  'osInfo',
  'ram',
  'serialNumber',
] as const;
/** §9.3 Configuration Questions. */
export const CONNECTWISE_QUESTIONS = ['nodeUrl', 'privateIpAddress', 'teamViewerUrl', 'productKey'] as const;

// ---------------------------------------------------------------- shared

/** §3.4 Device role: id, name, custom flag. */
export interface DeviceRole {
  id: number;
  name: string;
  custom: boolean;
}

/**
 * A record of the PSA as a select lists it (an account, company, site,
 * product, category, agreement, agreement type, status, type): id and name.
 */
export interface PsaRecord {
  id: PsaId;
  name: string;
}
