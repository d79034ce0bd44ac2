/**
 * The getting-started progress of the token's user under `/api`
 * (spec/ticketing-automations-psa.md §9.4; path:
 * src/shared/rules/getting-started/paths.ts, the demo's own): GET answers
 * `{step, skipped, finished}`; PUT takes the same, strictly (a step is one of
 * stepOne…stepSix or finishTraining; 400 otherwise) and answers it as stored.
 * A finished training stays finished (409 on a PUT that would undo it).
 */
import { GETTING_STARTED_PATHS } from '../../../shared/rules/getting-started/paths';
import { stateSchema } from '../../../shared/rules/getting-started/steps';
import type { DemoContext } from '../../context';
import { GettingStartedStore } from '../../data/getting-started/store';
import { HttpError, sendJson, userOf, type Router } from '../../http';
import { jsonBody } from '../params';
import { apiRoutes, injectedFailure } from '../psa/params';

const ROUTES = apiRoutes(GETTING_STARTED_PATHS);

export function registerGettingStartedRoutes(router: Router, context: DemoContext): void {
  const store = () => GettingStartedStore.of(context.world);
  router.get(ROUTES.state, (ctx) => {
    const user = userOf(ctx);
    if (store().switches.failRead) throw injectedFailure('The getting-started progress could not be read (demo switch failRead).');
    sendJson(ctx.res, 200, store().get(user.id));
  });
  router.put(ROUTES.state, async (ctx) => {
    const user = userOf(ctx);
    const state = await jsonBody(ctx, stateSchema, '{step, skipped, finished}');
    if (store().switches.failSave) throw injectedFailure('The getting-started progress could not be stored (demo switch failSave).');
    if (store().get(user.id).finished && !state.finished) {
      throw new HttpError(409, 'The training is finished.', { error: 'conflict', message: 'The training is finished.' });
    }
    sendJson(ctx.res, 200, store().set(user.id, state));
  });
}
