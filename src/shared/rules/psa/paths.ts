/**
 * The PSA settings' paths on the RMM API (spec/ticketing-automations-psa.md
 * §7.3 where it shows them: the categories, an account's locations, the
 * paginated account and product lookups, a company's agreements; the demo's
 * for the rest, src/demo-server/README.md "PSA"): one table for the main
 * process, which fills a template with ../platform/api-paths.ts `fillPath` (ids
 * checked) and asks it relative to its API root (`/api`), and for the demo
 * server, whose router takes the templates under `/api/` as they are
 * (`:name` is a path parameter).
 */

/** The console's own lists the mapping modals pick from (the demo's paths; the spec shows none). */
export const RMM_PATHS = {
  deviceRoles: 'noderole/list',
  groups: 'group/list',
} as const;

export const AUTOTASK_PATHS = {
  categories: 'psaat/v3/installedProductCategoriesList',
  accountLocations: 'psaat/v3/locations/:accountId',
  accountsPaginated: 'psaat/v2/accountsPaginated',
  productsPaginated: 'psaat/v2/productsPaginated',
  accounts: 'psaat/v2/accounts',
  products: 'psaat/v2/products',
  accountTypes: 'psaat/v2/accountTypes',
  companyFilterMap: 'psaat/v2/companyFilterMap',
  accountMappings: 'psaat/v2/accountMappings',
  locationMappings: 'psaat/v2/locationMappings',
  deviceRoleMappings: 'psaat/v2/deviceRoleMappings',
  deviceRoleMapping: 'psaat/v2/deviceRoleMappings/:id',
  helpdeskSettings: 'psaat/v2/helpdeskSettings',
  syncAttributes: 'psaat/v2/deviceDataSyncAttributes',
  connection: 'psaat/v2/connection',
} as const;

export const CONNECTWISE_PATHS = {
  agreements: 'psacw/v2/finance/agreements',
  companies: 'psacw/v2/companies',
  companySites: 'psacw/v2/companies/:companyId/sites',
  companyTypes: 'psacw/v2/companyTypes',
  companyStatuses: 'psacw/v2/companyStatuses',
  companyFilter: 'psacw/v2/companyFilter',
  companyMappings: 'psacw/v2/companyMappings',
  products: 'psacw/v2/products',
  agreementTypes: 'psacw/v2/agreementTypes',
  configurationTypes: 'psacw/v2/configurationTypes',
  configurationStatuses: 'psacw/v2/configurationStatuses',
  configurationTypeMappings: 'psacw/v2/configurationTypeMappings',
  configurationTypeMapping: 'psacw/v2/configurationTypeMappings/:id',
  productMappings: 'psacw/v2/productMappings',
  productMapping: 'psacw/v2/productMappings/:id',
  syncAttributes: 'psacw/v2/deviceDataSyncAttributes',
  helpDesk: 'psacw/v2/helpDesk',
  productAgreementSync: 'psacw/v2/productAgreementSync',
  refresh: 'psacw/v2/refresh',
  connection: 'psacw/v2/connection',
} as const;
