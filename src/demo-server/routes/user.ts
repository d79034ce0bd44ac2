/** The signed-in user: identity, permissions and the feature flags of the instance. */
import type { DemoConfig } from '../config';
import { HttpError, sendJson, type Router } from '../http';

export function registerUserRoutes(router: Router, config: DemoConfig): void {
  router.get('/api/appuser/current', (ctx) => {
    const user = ctx.user;
    if (!user) throw new HttpError(401, 'Unauthorized');
    sendJson(ctx.res, 200, {
      id: user.id,
      name: user.name,
      email: user.email,
      userType: user.userType,
      permissions: user.permissions,
      features: config.features,
    });
  });
}
