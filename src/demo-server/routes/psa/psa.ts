/**
 * PSA calls of spec/ticketing-automations-psa.md §7.3 under `/api` (bearer
 * token, fault injection), and the demo's own paths for what §7.3 leaves
 * unshown ("Saving mappings, refresh and sync calls: not shown"). This file:
 * the RMM device roles and groups, Autotask, both PSA connections and the
 * `/__demo/psa` switches; ConnectWise is ./connectwise.ts. The README's
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
import { AUTOTASK_PATHS, CONNECTWISE_PATHS, RMM_PATHS } from '../../../shared/rules/psa/paths';
import type { DemoContext } from '../../context';
import { AUTOTASK_ACCOUNT_TYPES, AUTOTASK_DEFAULT_SYNC_ATTRIBUTES, DEVICE_GROUPS, DEVICE_ROLES, INSTALLED_PRODUCT_CATEGORIES } from '../../data/psa/psa';
import { pageAfter } from '../../data/psa/autotask';
import { PsaStore, type PsaKind } from '../../data/psa/store';
import { badRequest, forbidden, notFound, sendJson, type RequestContext, type Router } from '../../http';
import { registerSwitchRoutes } from '../control';
import { jsonBody } from '../params';
import { registerConnectWiseRoutes } from './connectwise';
import { apiRoutes, failSyncAttributesIfAsked, idSchema, pathId, queryId, queryName, syncAttributesBody } from './params';

const RMM_ROUTES = apiRoutes(RMM_PATHS);
const AT_ROUTES = apiRoutes(AUTOTASK_PATHS);
const CW_CONNECTION_ROUTE = apiRoutes(CONNECTWISE_PATHS).connection;
const ADMIN_ROUTE = '/__demo/psa';

const FEATURE_OFF_MESSAGE = 'Paginated account and product lookups need the feature autotask_big_data.';

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

  router.get(RMM_ROUTES.deviceRoles, (ctx) => sendJson(ctx.res, 200, DEVICE_ROLES));
  router.get(RMM_ROUTES.groups, (ctx) => sendJson(ctx.res, 200, DEVICE_GROUPS));

  // §7.3, as shown.
  router.get(AT_ROUTES.categories, (ctx) => sendJson(ctx.res, 200, INSTALLED_PRODUCT_CATEGORIES));
  router.get(AT_ROUTES.accountLocations, (ctx) => sendJson(ctx.res, 200, autotask().accountLocations(pathId(ctx, 'accountId', 'No such account'))));
  const bigData = () => {
    if (!context.config.features.autotask_big_data) throw forbidden(FEATURE_OFF_MESSAGE);
  };
  router.get(AT_ROUTES.accountsPaginated, (ctx) => {
    bigData();
    const lastId = queryId(ctx, 'lastId') ?? null;
    sendJson(ctx.res, 200, { accountList: pageAfter(autotask().accounts(queryName(ctx, 'accountNameParam')), lastId) });
  });
  router.get(AT_ROUTES.productsPaginated, (ctx) => {
    bigData();
    const lastId = queryId(ctx, 'lastId') ?? null;
    sendJson(ctx.res, 200, { productList: pageAfter(autotask().products(queryName(ctx, 'productNameParam')), lastId) });
  });
  // The full lists the console loads without the feature.
  router.get(AT_ROUTES.accounts, (ctx) => sendJson(ctx.res, 200, { accountList: autotask().accounts(queryName(ctx, 'accountNameParam')) }));
  router.get(AT_ROUTES.products, (ctx) => sendJson(ctx.res, 200, { productList: autotask().products(queryName(ctx, 'productNameParam')) }));

  router.get(AT_ROUTES.accountTypes, (ctx) => sendJson(ctx.res, 200, AUTOTASK_ACCOUNT_TYPES));
  router.get(AT_ROUTES.companyFilterMap, (ctx) => sendJson(ctx.res, 200, { types: autotask().companyFilterTypes }));
  router.put(AT_ROUTES.companyFilterMap, async (ctx) => {
    const body = await jsonBody(ctx, companyFilterMapBody, 'a company filter map {types}');
    sendJson(ctx.res, 200, autotask().saveCompanyFilter(body.types));
  });

  router.get(AT_ROUTES.accountMappings, (ctx) => sendJson(ctx.res, 200, autotask().accountMappingRows()));
  router.put(AT_ROUTES.accountMappings, async (ctx) => {
    const body = await jsonBody(ctx, accountMappingsBody, 'an array of account mappings');
    sendJson(ctx.res, 200, autotask().saveAccountMappings(body));
  });
  router.get(AT_ROUTES.locationMappings, (ctx) => sendJson(ctx.res, 200, autotask().locationMappingRows(queryId(ctx, 'clientId'))));
  router.put(AT_ROUTES.locationMappings, async (ctx) => {
    const body = await jsonBody(ctx, locationMappingsBody, 'an array of location mappings');
    sendJson(ctx.res, 200, autotask().saveLocationMappings(body));
  });

  router.get(AT_ROUTES.deviceRoleMappings, (ctx) => sendJson(ctx.res, 200, autotask().roleMappingList()));
  router.post(AT_ROUTES.deviceRoleMappings, async (ctx) => {
    const body = await jsonBody(ctx, deviceRoleMappingBody, 'a device role mapping');
    if (body.id !== undefined) throw badRequest(`id: a new mapping has no id; PUT ${AT_ROUTES.deviceRoleMapping} updates one`);
    sendJson(ctx.res, 201, autotask().saveRoleMapping(undefined, body));
  });
  const roleMappingId = (ctx: RequestContext) => pathId(ctx, 'id', 'No such device role mapping');
  router.get(AT_ROUTES.deviceRoleMapping, (ctx) => {
    const mapping = autotask().roleMappings.get(roleMappingId(ctx));
    if (!mapping) throw notFound('No such device role mapping');
    sendJson(ctx.res, 200, mapping);
  });
  router.put(AT_ROUTES.deviceRoleMapping, async (ctx) => {
    const id = roleMappingId(ctx);
    const body = await jsonBody(ctx, deviceRoleMappingBody, 'a device role mapping');
    if (body.id !== undefined && body.id !== id) throw badRequest("id: the body's id is not the path's");
    sendJson(ctx.res, 200, autotask().saveRoleMapping(id, body));
  });
  router.delete(AT_ROUTES.deviceRoleMapping, (ctx) => {
    autotask().deleteRoleMapping(roleMappingId(ctx));
    ctx.res.writeHead(204).end();
  });

  router.get(AT_ROUTES.helpdeskSettings, (ctx) => sendJson(ctx.res, 200, autotask().helpdeskSettings));
  router.put(AT_ROUTES.helpdeskSettings, async (ctx) => {
    autotask().helpdeskSettings = await jsonBody(ctx, helpdeskBody, 'helpdesk settings {createContact, embedHelpRequestImagesInTickets}');
    sendJson(ctx.res, 200, autotask().helpdeskSettings);
  });

  router.get(AT_ROUTES.syncAttributes, (ctx) => sendJson(ctx.res, 200, { deviceDataSyncAttributes: autotask().deviceDataSyncAttributes }));
  router.put(AT_ROUTES.syncAttributes, async (ctx) => {
    const { deviceDataSyncAttributes } = await jsonBody(ctx, syncAttributesBody, 'device data sync attributes {deviceDataSyncAttributes}');
    deviceDataSyncAttributes.forEach((name, i) => {
      if (!AUTOTASK_DEFAULT_SYNC_ATTRIBUTES.includes(name)) throw badRequest(`deviceDataSyncAttributes[${i}]: unknown attribute '${name}'`);
    });
    failSyncAttributesIfAsked(store(), 'autotask');
    autotask().deviceDataSyncAttributes = [...new Set(deviceDataSyncAttributes)];
    sendJson(ctx.res, 200, { deviceDataSyncAttributes: autotask().deviceDataSyncAttributes });
  });

  registerConnectionRoutes(router, store, 'autotask', AT_ROUTES.connection);
  registerConnectionRoutes(router, store, 'connectwise', CW_CONNECTION_ROUTE);
  registerConnectWiseRoutes(router, store);
  registerAdminRoutes(router, context, store);
}

/**
 * A username starting so is refused the way a careless PSA refuses
 * credentials: its 400 quotes the secret, in a text long enough that a
 * console shortening it for display cuts through the secret.
 */
const ECHO_SECRET_USER_PREFIX = 'echo-secret';

function echoedSecretRefusal(username: string, secret: string): string {
  return `Authentication failed for ${username}: ${'the PSA did not accept these credentials; '.repeat(5)}secret ${secret} was refused`;
}

function registerConnectionRoutes(router: Router, store: () => PsaStore, psa: PsaKind, path: string): void {
  router.get(path, (ctx) => sendJson(ctx.res, 200, store().connections[psa]));
  router.put(path, async (ctx) => {
    const body = await jsonBody(ctx, connectionBody, 'a connection {instanceUrl, username, enabled, secret?}');
    const current = store().connections[psa];
    if (body.secret === undefined && !current.secretSet) throw badRequest('secret: required, none is stored yet');
    if (body.secret !== undefined && body.username.startsWith(ECHO_SECRET_USER_PREFIX)) throw badRequest(echoedSecretRefusal(body.username, body.secret));
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
  registerSwitchRoutes(router, context.config, ADMIN_ROUTE, { schema: adminPatch, switches: () => store().switches, view });
}
