/**
 * `GET` and `PATCH /__demo/admin` (admin key, as /__demo/psa): the §8
 * failures of the administration blocks (../../data/admin/store.ts
 * AdminSwitches) and how many tasks, products and policies the world holds.
 */
import { z } from 'zod';
import type { DemoContext } from '../../context';
import { AdminStore } from '../../data/admin/store';
import type { Router } from '../../http';
import { registerSwitchRoutes } from '../control';

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
  registerSwitchRoutes(router, context.config, ADMIN_SWITCHES_ROUTE, { schema: patchBody, switches: () => store().switches, view });
}
