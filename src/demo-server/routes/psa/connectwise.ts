/**
 * ConnectWise calls under `/api/psacw` (spec/ticketing-automations-psa.md
 * §2.4, §3.4, §3.5, §7.3, §8.3): §7.3's agreements call as shown, and the
 * demo's own paths for the rest (company filter, company mappings with
 * location-site mappings, sites, products, agreement types, configuration
 * types and statuses, configuration type and product mapping CRUD, device
 * data sync attributes and questions, help desk, the product agreement sync
 * schedule, and 'Refresh ConnectWise Data'). See ./psa.ts for the switches.
 */
import { z } from 'zod';
import { CONNECTWISE_PATHS } from '../../../shared/rules/psa/paths';
import { CW_AGREEMENT_TYPES, CW_COMPANY_STATUSES, CW_COMPANY_TYPES, CW_CONFIGURATION_STATUSES, CW_CONFIGURATION_TYPES, PSA_FIXTURES } from '../../data/psa/psa';
import { END_TYPES, LOCATION_MAPPING_TYPES, type ConnectWiseSettings } from '../../data/psa/connectwise';
import { GROUPS_LOGIC_OPERATORS, PRODUCT_MAPPING_TYPES } from '../../data/psa/connectwise-mappings';
import type { PsaStore } from '../../data/psa/store';
import { badRequest, notFound, sendJson, type RequestContext, type Router } from '../../http';
import { jsonBody } from '../params';
import { apiRoutes, failSyncAttributesIfAsked, idSchema, injectedFailure, pathId, queryId, syncAttributesBody } from './params';

const CW_ROUTES = apiRoutes(CONNECTWISE_PATHS);

const nullableId = idSchema.nullable();
const locationSiteBody = z.object({
  locationId: idSchema,
  psaSiteId: nullableId,
  productMappingType: z.enum(LOCATION_MAPPING_TYPES),
  productMappingId: nullableId.default(null),
  configurationTypeMappingType: z.enum(LOCATION_MAPPING_TYPES),
  configurationTypeMappingId: nullableId.default(null),
  agreementId: nullableId.default(null),
});
const companyMappingsBody = z
  .array(
    z.object({
      clientId: idSchema,
      companyId: nullableId,
      productMappingId: nullableId.default(null),
      configurationTypeMappingId: nullableId.default(null),
      locationSiteMappings: z.array(locationSiteBody).max(1000).optional(),
    }),
  )
  .min(1)
  .max(5000);
const configurationTypeMappingBody = z.object({
  id: idSchema.optional(),
  name: z.string().max(200),
  nodeRoleConfigurationTypeMappings: z
    .array(z.object({ id: idSchema.optional(), nodeRoleId: idSchema, configurationTypeId: idSchema, onCreateStatusId: nullableId.default(null), onDeleteStatusId: nullableId.default(null) }))
    .max(200),
});
const productMappingBody = z.object({
  id: idSchema.optional(),
  name: z.string().max(200),
  // §9.4 defaults.
  productMappingType: z.enum(PRODUCT_MAPPING_TYPES).default('SINGLE_HIT'),
  nodeRoleProductMappings: z
    .array(
      z.object({
        id: idSchema.optional(),
        nodeRoleId: idSchema,
        productId: idSchema,
        agreementTypeId: idSchema,
        groups: z.array(idSchema).max(100).default([]),
        groupsLogicOperator: z.enum(GROUPS_LOGIC_OPERATORS).default('AND'),
        ranking: z.number().int().positive().optional(),
      }),
    )
    .max(200),
});
const companyFilterBody = z.strictObject({ types: z.array(idSchema).max(50), statuses: z.array(idSchema).max(50) });
const helpDeskBody = z.strictObject({ createContact: z.boolean() });
const epochMs = z.number().int().min(0).max(8.64e15);
const productAgreementSyncBody = z
  .strictObject({
    enabled: z.boolean(),
    // §9.3: at most 12 recurrences.
    runCount: z.number().int().min(1).max(12),
    schedule: z.strictObject({
      dayOfMonth: z.number().int().min(0).max(31),
      // §9.3: MONTHLY only, not changeable.
      repeats: z.literal('MONTHLY'),
      runAtHour: z.number().int().min(0).max(23),
      runAtMinute: z.number().int().min(0).max(59),
      startDate: epochMs,
      endType: z.enum(END_TYPES),
      endDate: epochMs.nullable(),
    }),
  })
  .superRefine((value, ctx) => {
    const { endType, endDate, startDate } = value.schedule;
    if (endType === 'ON' && endDate === null) ctx.addIssue({ code: 'custom', path: ['schedule', 'endDate'], message: 'required when endType is ON' });
    if (endType !== 'ON' && endDate !== null) ctx.addIssue({ code: 'custom', path: ['schedule', 'endDate'], message: 'must be null unless endType is ON' });
    if (endType === 'ON' && endDate !== null && endDate < startDate) ctx.addIssue({ code: 'custom', path: ['schedule', 'endDate'], message: 'must not be before startDate' });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerConnectWiseRoutes(router: Router, store: () => PsaStore): void {
  const cw = (): ConnectWiseSettings => store().connectWise;
  const list = (path: string, items: () => unknown) => router.get(path, (ctx) => sendJson(ctx.res, 200, items()));

  // §7.3, as shown.
  router.get(CW_ROUTES.agreements, (ctx) => {
    const companyId = queryId(ctx, 'companyId', true) as number;
    const agreements = cw().agreements(companyId);
    if (store().switches.failAgreements) throw injectedFailure("The company's agreements could not be read (demo switch failAgreements).");
    if (companyId === cw().catalogue.brokenAgreementsCompanyId) throw injectedFailure(`The agreements of '${PSA_FIXTURES.brokenAgreementsCompany}' can never be read (demo marker).`);
    sendJson(ctx.res, 200, { financeAgreementList: agreements });
  });

  list(CW_ROUTES.companies, () => cw().companies());
  router.get(CW_ROUTES.companySites, (ctx) => {
    const company = cw().company(pathId(ctx, 'companyId', 'No such company'));
    sendJson(ctx.res, 200, cw().catalogue.sites.get(company.id) ?? []);
  });
  list(CW_ROUTES.companyTypes, () => CW_COMPANY_TYPES);
  list(CW_ROUTES.companyStatuses, () => CW_COMPANY_STATUSES);
  list(CW_ROUTES.products, () => cw().catalogue.products);
  list(CW_ROUTES.agreementTypes, () => CW_AGREEMENT_TYPES);
  list(CW_ROUTES.configurationTypes, () => CW_CONFIGURATION_TYPES);
  list(CW_ROUTES.configurationStatuses, () => CW_CONFIGURATION_STATUSES);

  list(CW_ROUTES.companyFilter, () => cw().companyFilter);
  router.put(CW_ROUTES.companyFilter, async (ctx) => {
    const body = await jsonBody(ctx, companyFilterBody, 'a company filter {types, statuses}');
    sendJson(ctx.res, 200, cw().saveCompanyFilter(body));
  });

  router.get(CW_ROUTES.companyMappings, (ctx) => sendJson(ctx.res, 200, cw().companyMappingRows(queryId(ctx, 'clientId'))));
  router.put(CW_ROUTES.companyMappings, async (ctx) => {
    const body = await jsonBody(ctx, companyMappingsBody, 'an array of company mappings');
    sendJson(ctx.res, 200, cw().saveCompanyMappings(body));
  });

  registerCrud(router, CW_ROUTES.configurationTypeMappings, CW_ROUTES.configurationTypeMapping, 'configuration type mapping', {
    list: () => [...cw().configurationTypeMappings.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    get: (id) => cw().configurationTypeMappings.get(id),
    save: async (ctx, id) => {
      const body = await jsonBody(ctx, configurationTypeMappingBody, 'a configuration type mapping');
      checkBodyId(body.id, id, CW_ROUTES.configurationTypeMapping);
      return cw().saveConfigurationTypeMapping(id, body);
    },
    remove: (id) => cw().deleteConfigurationTypeMapping(id),
  });
  registerCrud(router, CW_ROUTES.productMappings, CW_ROUTES.productMapping, 'product mapping', {
    list: () => [...cw().productMappings.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    get: (id) => cw().productMappings.get(id),
    save: async (ctx, id) => {
      const body = await jsonBody(ctx, productMappingBody, 'a product mapping');
      checkBodyId(body.id, id, CW_ROUTES.productMapping);
      return cw().saveProductMapping(id, body);
    },
    remove: (id) => cw().deleteProductMapping(id),
  });

  list(CW_ROUTES.syncAttributes, () => ({ deviceDataSyncAttributes: cw().deviceDataSyncAttributes }));
  router.put(CW_ROUTES.syncAttributes, async (ctx) => {
    const body = await jsonBody(ctx, syncAttributesBody, 'device data sync attributes {deviceDataSyncAttributes}');
    const names = cw().checkSyncAttributes(body.deviceDataSyncAttributes);
    failSyncAttributesIfAsked(store(), 'connectwise');
    cw().deviceDataSyncAttributes = names;
    sendJson(ctx.res, 200, { deviceDataSyncAttributes: names });
  });

  list(CW_ROUTES.helpDesk, () => cw().helpDesk);
  router.put(CW_ROUTES.helpDesk, async (ctx) => {
    cw().helpDesk = await jsonBody(ctx, helpDeskBody, 'help desk settings {createContact}');
    sendJson(ctx.res, 200, cw().helpDesk);
  });

  list(CW_ROUTES.productAgreementSync, () => cw().productAgreementSync);
  router.put(CW_ROUTES.productAgreementSync, async (ctx) => {
    cw().productAgreementSync = await jsonBody(ctx, productAgreementSyncBody, 'a product agreement sync {enabled, runCount, schedule}');
    sendJson(ctx.res, 200, cw().productAgreementSync);
  });

  // 'Refresh ConnectWise Data' (§2.4, §4.3): takes refreshDelayMs (1.5 s) so the spinner shows; no body.
  router.post(CW_ROUTES.refresh, async (ctx) => {
    await sleep(store().switches.refreshDelayMs);
    if (store().switches.failRefresh) throw injectedFailure('ConnectWise did not answer the refresh (demo switch failRefresh).');
    if (store().unreachable('connectwise')) throw injectedFailure(`ConnectWise did not answer the refresh: ${store().connections.connectwise.instanceUrl} cannot be reached.`);
    store().refreshes += 1;
    store().lastRefreshedAt = new Date().toISOString();
    const catalogue = cw().catalogue;
    sendJson(ctx.res, 200, {
      resultCode: 'SUCCESS',
      refreshedAt: store().lastRefreshedAt,
      companies: catalogue.companies.length,
      sites: [...catalogue.sites.values()].reduce((sum, sites) => sum + sites.length, 0),
      products: catalogue.products.length,
      agreements: [...catalogue.agreements.values()].reduce((sum, agreements) => sum + agreements.length, 0),
    });
  });
}

function checkBodyId(bodyId: number | undefined, pathId: number | undefined, itemPath: string): void {
  if (pathId === undefined && bodyId !== undefined) throw badRequest(`id: a new mapping has no id; PUT ${itemPath} updates one`);
  if (pathId !== undefined && bodyId !== undefined && bodyId !== pathId) throw badRequest("id: the body's id is not the path's");
}

/** GET list, POST (201), GET one, PUT, DELETE (204) of a mapping kind; unknown ids 404. */
function registerCrud<T>(
  router: Router,
  listPath: string,
  itemPath: string,
  what: string,
  ops: { list(): T[]; get(id: number): T | undefined; save(ctx: RequestContext, id: number | undefined): Promise<T>; remove(id: number): void },
): void {
  const idOf = (ctx: RequestContext) => pathId(ctx, 'id', `No such ${what}`);
  router.get(listPath, (ctx) => sendJson(ctx.res, 200, ops.list()));
  router.post(listPath, async (ctx) => sendJson(ctx.res, 201, await ops.save(ctx, undefined)));
  router.get(itemPath, (ctx) => {
    const item = ops.get(idOf(ctx));
    if (item === undefined) throw notFound(`No such ${what}`);
    sendJson(ctx.res, 200, item);
  });
  router.put(itemPath, async (ctx) => sendJson(ctx.res, 200, await ops.save(ctx, idOf(ctx))));
  router.delete(itemPath, (ctx) => {
    ops.remove(idOf(ctx));
    ctx.res.writeHead(204).end();
  });
}
