/**
 * Agent policies with their backup plans under `/api` (spec/ticketing-automations-psa.md
 * §3.5 Policy, §4.4, §8.4): the list, one policy, create, update (an
 * inherited plan sent with overridden false is reverted to its parent's
 * settings), delete (409 while policies inherit from it or devices use it).
 * The paths are the demo's own (src/shared/rules/admin/paths.ts); the
 * switches `failPolicies` and `failPolicySave` of ./switches.ts make them fail.
 */
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import type { DemoContext } from '../../context';
import { checkedPolicy } from '../../data/admin/policies';
import { AdminStore } from '../../data/admin/store';
import { badRequest, readJson, sendJson, type RequestContext, type Router } from '../../http';
import { apiRoutes, injectedFailure, pathId } from '../psa/params';

const ROUTES = apiRoutes(ADMIN_PATHS);

export function registerAdminPolicyRoutes(router: Router, context: DemoContext): void {
  const store = () => AdminStore.of(context.world);
  const policyId = (ctx: RequestContext) => pathId(ctx, 'id', 'No such policy');
  const failReads = () => {
    if (store().switches.failPolicies) throw injectedFailure('The policies could not be read (demo switch failPolicies).');
  };
  const failSaves = () => {
    if (store().switches.failPolicySave) throw injectedFailure('The policy could not be stored (demo switch failPolicySave).');
  };

  router.get(ROUTES.policies, (ctx) => {
    failReads();
    sendJson(ctx.res, 200, [...store().policies.values()].sort((a, b) => a.id - b.id).map((p) => store().policyView(p)));
  });
  router.get(ROUTES.policy, (ctx) => {
    failReads();
    sendJson(ctx.res, 200, store().policyView(store().policy(policyId(ctx))));
  });
  router.post(ROUTES.policies, async (ctx) => {
    const body = await readJson(ctx.req);
    failSaves();
    if (typeof body === 'object' && body !== null && 'id' in body) throw badRequest(`id: a new policy has no id; PUT ${ROUTES.policy} updates one`);
    sendJson(ctx.res, 201, store().policyView(store().savePolicy(null, checkedPolicy(body, null))));
  });
  router.put(ROUTES.policy, async (ctx) => {
    const id = policyId(ctx);
    store().policy(id);
    const body = await readJson(ctx.req);
    failSaves();
    if (typeof body === 'object' && body !== null && 'id' in body && body.id !== id) throw badRequest("id: the body's id is not the path's");
    sendJson(ctx.res, 200, store().policyView(store().savePolicy(id, checkedPolicy(body, id))));
  });
  router.delete(ROUTES.policy, (ctx) => {
    const id = policyId(ctx);
    failSaves();
    store().deletePolicy(id);
    ctx.res.writeHead(204).end();
  });
}
