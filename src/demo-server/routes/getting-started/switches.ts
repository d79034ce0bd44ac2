/**
 * `GET` and `PATCH /__demo/gettingstarted` (admin key, as /__demo/admin): the
 * getting-started switches (failSave, failRead) and every user's progress.
 * `{"reset": true}` puts every user at stepOne, never started (the wizard
 * then shows after sign-in); `{"reset": false}` makes every user finished
 * again (the demo's default).
 */
import { z } from 'zod';
import type { DemoContext } from '../../context';
import { GettingStartedStore, type GettingStartedSwitches } from '../../data/getting-started/store';
import type { Router } from '../../http';
import { registerSwitchRoutes } from '../control';

const patchBody = z.strictObject({ failSave: z.boolean().optional(), failRead: z.boolean().optional(), reset: z.boolean().optional() });

export function registerGettingStartedSwitchRoutes(router: Router, context: DemoContext): void {
  const store = () => GettingStartedStore.of(context.world);
  registerSwitchRoutes<GettingStartedSwitches & { reset?: boolean }, z.infer<typeof patchBody>>(router, context.config, '/__demo/gettingstarted', {
    schema: patchBody,
    switches: () => store().switches,
    view: () => ({ ...store().switches, ...store().view() }),
    afterPatch: (_before, patch) => {
      // reset is an action, not a switch: it leaves nothing behind.
      delete (store().switches as { reset?: boolean }).reset;
      if (patch.reset !== undefined) store().resetAll(patch.reset);
    },
  });
}
