/**
 * PSA calls of spec/ticketing-automations-psa.md §7.3 under `/api` (bearer
 * token, fault injection), and the demo's own paths for what §7.3 leaves
 * unshown ("Saving mappings, refresh and sync calls: not shown"). This file:
 * the RMM device roles and groups, Autotask, both PSA connections and the
 * `/__demo/psa` switches; ConnectWise is ./psa-connectwise.ts. The README's
 * "PSA" section lists every path, parameter and answer.
 *
 * §6: GET /api/psaat/v2/accountsPaginated and productsPaginated answer only
 * with the feature autotask_big_data (403 otherwise); they return 500 items
 * a page after the item id `lastId` (ids ascending). The full lists
 * (/accounts, /products) answer whatever the flag.
 *
 * §8.3 failures: GET /__demo/psa and PATCH /__demo/psa (admin key) switch
 * failAgreements, failRefresh, failSyncAttributes and refreshDelayMs; with no
 * admin key (the console's embedded demo), markers do it: the ConnectWise
 * company 'Broken Agreements Inc' (its agreements always fail) and a PSA
 * connection saved with an instance host ending in `.invalid` (refresh and
 * sync attribute saves of that PSA fail).
 */
import { z } from 'zod';
import type { DemoContext } from '../context';
import { AUTOTASK_ACCOUNT_TYPES, AUTOTASK_DEFAULT_SYNC_ATTRIBUTES, DEVICE_GROUPS, DEVICE_ROLES, INSTALLED_PRODUCT_CATEGORIES } from '../data/psa';
import { pageAfter } from '../data/psa-autotask';
import { PsaStore, type PsaKind } from '../data/psa-store';
import { badRequest, forbidden, notFound, readJson, sendJson, type RequestContext, type Router } from '../http';
import { requireAdmin } from './admin';
import { issuesMessage, jsonBody } from './params';
import { registerConnectWiseRoutes } from './psa-connectwise';
import { failSyncAttributesIfAsked, idSchema, pathId, queryId, queryName, syncAttributesBody } from './psa-params';

const AT = '/api/psaat';
export const PSA_PATHS = {
  deviceRoles: '/api/noderole/list',
  groups: '/api/group/list',
  installedProductCategories: `${AT}/v3/installedProductCategoriesList`,
  accountLocations: `${AT}/v3/locations/:accountId`,
  accounts: `${AT}/v2/accounts`,
  accountsPaginated: `${AT}/v2/accountsPaginated`,
  products: `${AT}/v2/products`,
  productsPaginated: `${AT}/v2/productsPaginated`,
  accountTypes: `${AT}/v2/accountTypes`,
  companyFilterMap: `${AT}/v2/companyFilterMap`,
  accountMappings: `${AT}/v2/accountMappings`,
  locationMappings: `${AT}/v2/locationMappings`,
  deviceRoleMappings: `${AT}/v2/deviceRoleMappings`,
  deviceRoleMapping: `${AT}/v2/deviceRoleMappings/:id`,
  helpdeskSettings: `${AT}/v2/helpdeskSettings`,
  autotaskSyncAttributes: `${AT}/v2/deviceDataSyncAttributes`,
  autotaskConnection: `${AT}/v2/connection`,
  connectWiseConnection: '/api/psacw/v2/connection',
  admin: '/__demo/psa',
} as const;

export const FEATURE_OFF_MESSAGE = 'Paginated account and product lookups need the feature autotask_big_data.';

const accountMappingsBody = z
  .array(z.object({ clientId: idSchema, accountId: idSchema.nullable(), installedProductCategoryMappingId: idSchema.nullable().default(null) }))
  .min(1)
  .max(5000);
const locationMappingsBody = z.array(z.object({ locationId: idSchema, autotaskLocationId: idSchema.nullable() })).min(1).max(10_000);
const deviceRoleMappingBody = z.object({
  id: idSchema.optional(),
  name: z.string().max(200),
  disableInstalledProductOnNodeDelete: z.boolean().optional(),
  overrideProductMapping: z.boolean().optional(),
  nodeRoleInstalledProductCategoryMappings: z
    .array(z.object({ id: idSchema.optional(), nodeRoleId: idSchema, productId: idSchema, installedProductCategoryId: idSchema }))
    .max(200),
});
const helpdeskBody = z.strictObject({ createContact: z.boolean(), embedHelpRequestImagesInTickets: z.boolean() });
const companyFilterMapBody = z.strictObject({ types: z.array(idSchema).max(50) });
const connectionBody = z.strictObject({
  instanceUrl: z
    .string()
    .trim()
    .max(500)
    .refine((text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'https:' && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    }, 'an https URL without credentials is expected'),
  username: z.string().trim().min(1).max(100),
  enabled: z.boolean(),
  /** Accepted, never answered back nor kept: only that one was given. */
  secret: z.string().min(1).max(1000).optional(),
});
const adminPatch = z.strictObject({
  failAgreements: z.boolean().optional(),
  failRefresh: z.boolean().optional(),
  failSyncAttributes: z.boolean().optional(),
  refreshDelayMs: z.number().int().min(0).max(60_000).optional(),
});

export function registerPsaRoutes(router: Router, context: DemoContext): void {
  const store = () => PsaStore.of(context.world);
  const autotask = () => store().autotask;

  router.get(PSA_PATHS.deviceRoles, (ctx) => sendJson(ctx.res, 200, DEVICE_ROLES));
  router.get(PSA_PATHS.groups, (ctx) => sendJson(ctx.res, 200, DEVICE_GROUPS));

  // §7.3, as shown.
  router.get(PSA_PATHS.installedProductCategories, (ctx) => sendJson(ctx.res, 200, INSTALLED_PRODUCT_CATEGORIES));
  router.get(PSA_PATHS.accountLocations, (ctx) => sendJson(ctx.res, 200, autotask().accountLocations(pathId(ctx, 'accountId', 'No such account'))));
  const bigData = () => {
    if (!context.config.features.autotask_big_data) throw forbidden(FEATURE_OFF_MESSAGE);
  };
  router.get(PSA_PATHS.accountsPaginated, (ctx) => {
    bigData();
    const lastId = queryId(ctx, 'lastId') ?? null;
    sendJson(ctx.res, 200, { accountList: pageAfter(autotask().accounts(queryName(ctx, 'accountNameParam')), lastId) });
  });
  router.get(PSA_PATHS.productsPaginated, (ctx) => {
    bigData();
    const lastId = queryId(ctx, 'lastId') ?? null;
    sendJson(ctx.res, 200, { productList: pageAfter(autotask().products(queryName(ctx, 'productNameParam')), lastId) });
  });
  // The full lists the console loads without the feature.
  router.get(PSA_PATHS.accounts, (ctx) => sendJson(ctx.res, 200, { accountList: autotask().accounts(queryName(ctx, 'accountNameParam')) }));
  router.get(PSA_PATHS.products, (ctx) => sendJson(ctx.res, 200, { productList: autotask().products(queryName(ctx, 'productNameParam')) }));

  router.get(PSA_PATHS.accountTypes, (ctx) => sendJson(ctx.res, 200, AUTOTASK_ACCOUNT_TYPES));
  router.get(PSA_PATHS.companyFilterMap, (ctx) => sendJson(ctx.res, 200, { types: autotask().companyFilterTypes }));
  router.put(PSA_PATHS.companyFilterMap, async (ctx) => {
    const body = await jsonBody(ctx, companyFilterMapBody, 'a company filter map {types}');
    sendJson(ctx.res, 200, autotask().saveCompanyFilter(body.types));
  });

  router.get(PSA_PATHS.accountMappings, (ctx) => sendJson(ctx.res, 200, autotask().accountMappingRows()));
  router.put(PSA_PATHS.accountMappings, async (ctx) => {
    const body = await jsonBody(ctx, accountMappingsBody, 'an array of account mappings');
    sendJson(ctx.res, 200, autotask().saveAccountMappings(body));
  });
  router.get(PSA_PATHS.locationMappings, (ctx) => sendJson(ctx.res, 200, autotask().locationMappingRows(queryId(ctx, 'clientId'))));
  router.put(PSA_PATHS.locationMappings, async (ctx) => {
    const body = await jsonBody(ctx, locationMappingsBody, 'an array of location mappings');
    sendJson(ctx.res, 200, autotask().saveLocationMappings(body));
  });

  router.get(PSA_PATHS.deviceRoleMappings, (ctx) => sendJson(ctx.res, 200, autotask().roleMappingList()));
  router.post(PSA_PATHS.deviceRoleMappings, async (ctx) => {
    const body = await jsonBody(ctx, deviceRoleMappingBody, 'a device role mapping');
    if (body.id !== undefined) throw badRequest(`id: a new mapping has no id; PUT ${PSA_PATHS.deviceRoleMapping} updates one`);
    sendJson(ctx.res, 201, autotask().saveRoleMapping(undefined, body));
  });
  const roleMappingId = (ctx: RequestContext) => pathId(ctx, 'id', 'No such device role mapping');
  router.get(PSA_PATHS.deviceRoleMapping, (ctx) => {
    const mapping = autotask().roleMappings.get(roleMappingId(ctx));
    if (!mapping) throw notFound('No such device role mapping');
    sendJson(ctx.res, 200, mapping);
  });
  router.put(PSA_PATHS.deviceRoleMapping, async (ctx) => {
    const id = roleMappingId(ctx);
    const body = await jsonBody(ctx, deviceRoleMappingBody, 'a device role mapping');
    if (body.id !== undefined && body.id !== id) throw badRequest("id: the body's id is not the path's");
    sendJson(ctx.res, 200, autotask().saveRoleMapping(id, body));
  });
  router.delete(PSA_PATHS.deviceRoleMapping, (ctx) => {
    autotask().deleteRoleMapping(roleMappingId(ctx));
    ctx.res.writeHead(204).end();
  });

  router.get(PSA_PATHS.helpdeskSettings, (ctx) => sendJson(ctx.res, 200, autotask().helpdeskSettings));
  router.put(PSA_PATHS.helpdeskSettings, async (ctx) => {
    autotask().helpdeskSettings = await jsonBody(ctx, helpdeskBody, 'helpdesk settings {createContact, embedHelpRequestImagesInTickets}');
    sendJson(ctx.res, 200, autotask().helpdeskSettings);
  });

  router.get(PSA_PATHS.autotaskSyncAttributes, (ctx) => sendJson(ctx.res, 200, { deviceDataSyncAttributes: autotask().deviceDataSyncAttributes }));
  router.put(PSA_PATHS.autotaskSyncAttributes, async (ctx) => {
    const { deviceDataSyncAttributes } = await jsonBody(ctx, syncAttributesBody, 'device data sync attributes {deviceDataSyncAttributes}');
    deviceDataSyncAttributes.forEach((name, i) => {
      if (!AUTOTASK_DEFAULT_SYNC_ATTRIBUTES.includes(name)) throw badRequest(`deviceDataSyncAttributes[${i}]: unknown attribute '${name}'`);
    });
    failSyncAttributesIfAsked(store(), 'autotask');
    autotask().deviceDataSyncAttributes = [...new Set(deviceDataSyncAttributes)];
    sendJson(ctx.res, 200, { deviceDataSyncAttributes: autotask().deviceDataSyncAttributes });
  });

  registerConnectionRoutes(router, store, 'autotask', PSA_PATHS.autotaskConnection);
  registerConnectionRoutes(router, store, 'connectwise', PSA_PATHS.connectWiseConnection);
  registerConnectWiseRoutes(router, store);
  registerAdminRoutes(router, context, store);
}

function registerConnectionRoutes(router: Router, store: () => PsaStore, psa: PsaKind, path: string): void {
  router.get(path, (ctx) => sendJson(ctx.res, 200, store().connections[psa]));
  router.put(path, async (ctx) => {
    const body = await jsonBody(ctx, connectionBody, 'a connection {instanceUrl, username, enabled, secret?}');
    const current = store().connections[psa];
    if (body.secret === undefined && !current.secretSet) throw badRequest('secret: required, none is stored yet');
    store().connections[psa] = { instanceUrl: body.instanceUrl, username: body.username, enabled: body.enabled, secretSet: current.secretSet || body.secret !== undefined };
    sendJson(ctx.res, 200, store().connections[psa]);
  });
}

function registerAdminRoutes(router: Router, context: DemoContext, store: () => PsaStore): void {
  const view = () => {
    const { catalogue, switches, connections } = store();
    return {
      ...switches,
      connections,
      refreshes: store().refreshes,
      lastRefreshedAt: store().lastRefreshedAt,
      brokenAgreementsCompanyId: catalogue.connectWise.brokenAgreementsCompanyId,
      emptyCompanyId: catalogue.connectWise.emptyCompanyId,
      counts: {
        organizations: store().organizations.length,
        accounts: catalogue.autotask.accounts.length,
        autotaskProducts: catalogue.autotask.products.length,
        companies: catalogue.connectWise.companies.length,
        connectWiseProducts: catalogue.connectWise.products.length,
      },
    };
  };
  router.get(
    PSA_PATHS.admin,
    (ctx) => {
      requireAdmin(ctx, context.config);
      sendJson(ctx.res, 200, view());
    },
    { auth: false },
  );
  router.patch(
    PSA_PATHS.admin,
    async (ctx) => {
      requireAdmin(ctx, context.config);
      const parsed = adminPatch.safeParse(await readJson(ctx.req));
      if (!parsed.success) throw badRequest(issuesMessage(parsed.error, 'body'));
      const switches = store().switches;
      for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined) Object.assign(switches, { [key]: value });
      sendJson(ctx.res, 200, view());
    },
    { auth: false },
  );
}
