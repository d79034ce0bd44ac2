/**
 * Billing products under `/api` (spec/help-shared-blocks-editor.md
 * §3 Billing product, §5, §7, §8): the products (list, one, create, update,
 * delete), the user roles of GET /psa/user-roles (§7, the spec's path) and the
 * saved searches a product applies to (the demo's GET /search/list; the node
 * roles are the PSA routes' GET /noderole/list). Their §8 failures are the
 * switches failUserRoles and failInitialData of ./switches.ts.
 *
 * GET /psa/user-roles is also the help's (../help/help.ts: the ticket form's CC
 * picker): this route answers the same roles (../../data/help/help.ts userRoles) and
 * is registered before it (../index.ts), so that failUserRoles fails it for
 * both, as one instance's call would.
 */
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import type { DemoContext } from '../../context';
import { checkedProduct } from '../../data/admin/billing';
import { AdminStore } from '../../data/admin/store';
import { userRoles } from '../../data/help/help';
import { DEVICE_GROUPS } from '../../data/psa/psa';
import { readJson, sendJson, type RequestContext, type Router } from '../../http';
import { apiRoutes, injectedFailure, pathId } from '../psa/params';

const ROUTES = apiRoutes(ADMIN_PATHS);

export function registerAdminBillingRoutes(router: Router, context: DemoContext): void {
  const store = () => AdminStore.of(context.world);
  const productId = (ctx: RequestContext) => pathId(ctx, 'id', 'No such product');
  const roleIds = () => userRoles(context.config).filter((role) => role.roleType === 'TECHNICIAN').map((role) => role.id);

  router.get(ROUTES.products, (ctx) => sendJson(ctx.res, 200, [...store().products.values()].sort((a, b) => a.id - b.id)));
  router.get(ROUTES.product, (ctx) => sendJson(ctx.res, 200, store().product(productId(ctx))));
  router.post(ROUTES.products, async (ctx) => {
    const fields = checkedProduct(await readJson(ctx.req), null, store().products, roleIds());
    sendJson(ctx.res, 201, store().saveProduct(null, fields));
  });
  router.put(ROUTES.product, async (ctx) => {
    const id = productId(ctx);
    store().product(id);
    const fields = checkedProduct(await readJson(ctx.req), id, store().products, roleIds());
    sendJson(ctx.res, 200, store().saveProduct(id, fields));
  });
  router.delete(ROUTES.product, (ctx) => {
    store().deleteProduct(productId(ctx));
    ctx.res.writeHead(204).end();
  });

  router.get(ROUTES.userRoles, (ctx) => {
    if (store().switches.failUserRoles) throw injectedFailure('The user roles could not be read (demo switch failUserRoles).');
    sendJson(ctx.res, 200, userRoles(context.config));
  });
  router.get(ROUTES.savedSearches, (ctx) => {
    if (store().switches.failInitialData) throw injectedFailure('The saved searches could not be read (demo switch failInitialData).');
    sendJson(ctx.res, 200, DEVICE_GROUPS);
  });
}
