/**
 * The signed-in user: identity, permissions, the feature flags of the
 * instance, and its PSA (`psaType`, ticketing spec §3.5): 'CONNECTWISE' while
 * the ConnectWise connection is enabled, else 'AUTOTASK' while Autotask's
 * is, else null; the user's phone, the division's configuration and the
 * security configuration (§3.5; config.ts, changed by PATCH /__demo/config).
 */
import type { DemoConfig } from '../../config';
import { PsaStore } from '../../data/psa/store';
import type { DemoWorld } from '../../data/world';
import { HttpError, sendJson, type Router } from '../../http';

function psaType(world: DemoWorld): string | null {
  const { connections } = PsaStore.of(world);
  return connections.connectwise.enabled ? 'CONNECTWISE' : connections.autotask.enabled ? 'AUTOTASK' : null;
}

export function registerUserRoutes(router: Router, config: DemoConfig, world: DemoWorld): void {
  router.get('/api/appuser/current', (ctx) => {
    const user = ctx.user;
    if (!user) throw new HttpError(401, 'Unauthorized');
    sendJson(ctx.res, 200, {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone ?? null,
      userType: user.userType,
      permissions: user.permissions,
      features: config.features,
      psaType: psaType(world),
      divisionConfig: config.divisionConfig,
      securityConfig: config.securityConfig,
    });
  });
}
