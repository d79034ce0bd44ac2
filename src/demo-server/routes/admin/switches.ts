/**
 * `GET` and `PATCH /__demo/admin` (admin key, as /__demo/psa): the §8
 * failures of the administration blocks (../../data/admin/store.ts
 * AdminSwitches) and how many tasks, products and policies the world holds.
 */
import { z } from 'zod';
import type { DemoContext } from '../../context';
import { AdminStore } from '../../data/admin/store';
import { badRequest, readJson, sendJson, type Router } from '../../http';
import { requireAdmin } from '../control';
import { issuesMessage } from '../params';

const ADMIN_SWITCHES_ROUTE = '/__demo/admin';

const patchBody = z.strictObject({
  windowsServices: z.enum(['ok', 'resultFailure', 'httpError']).optional(),
  failUserRoles: z.boolean().optional(),
  failInitialData: z.boolean().optional(),
  failScripts: z.boolean().optional(),
  failPolicies: z.boolean().optional(),
  failPolicySave: z.boolean().optional(),
});

export function registerAdminSwitchRoutes(router: Router, context: DemoContext): void {
  const store = () => AdminStore.of(context.world);
  const view = () => ({ ...store().switches, counts: { tasks: store().tasks.size, products: store().products.size, policies: store().policies.size } });
  router.get(
    ADMIN_SWITCHES_ROUTE,
    (ctx) => {
      requireAdmin(ctx, context.config);
      sendJson(ctx.res, 200, view());
    },
    { auth: false },
  );
  router.patch(
    ADMIN_SWITCHES_ROUTE,
    async (ctx) => {
      requireAdmin(ctx, context.config);
      const parsed = patchBody.safeParse(await readJson(ctx.req));
      if (!parsed.success) throw badRequest(issuesMessage(parsed.error, 'body'));
      for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined) Object.assign(store().switches, { [key]: value });
      sendJson(ctx.res, 200, view());
    },
    { auth: false },
  );
}
