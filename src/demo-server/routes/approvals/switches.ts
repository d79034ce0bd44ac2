/**
 * `GET` and `PATCH /__demo/approvals` (admin key, as /__demo/admin): node
 * approvals' switches (../../data/approvals/store.ts ApprovalSwitches) and
 * how many devices each status holds; `POST /__demo/approvals/arrive`: a
 * device asks to join an organization now (approved at once where its mode
 * is AUTOMATIC), so tests never wait for the arrival clock.
 */
import { z } from 'zod';
import type { DemoContext } from '../../context';
import { ApprovalRefusal, ApprovalStore, wireNode } from '../../data/approvals/store';
import { badRequest, notFound, readJson, sendJson, type RequestContext, type Router } from '../../http';
import { registerSwitchRoutes, requireAdmin } from '../control';
import { issuesMessage } from '../params';

const APPROVAL_SWITCHES_ROUTE = '/__demo/approvals';

const patchBody = z.strictObject({
  holdInstallations: z.boolean().optional(),
  installAfterSeconds: z.number().min(0).max(3600).optional(),
  arrivalEverySeconds: z.number().min(0).max(86_400).optional(),
  failApprovalsList: z.boolean().optional(),
  failApprove: z.boolean().optional(),
  failReject: z.boolean().optional(),
  failApprovalMode: z.boolean().optional(),
});

const arriveBody = z.strictObject({
  organizationId: z.number().int().positive(),
  name: z.string().min(1).max(200).optional(),
  candidate: z.boolean().optional(),
  nodeClass: z.string().min(1).max(60).optional(),
});

export function registerApprovalSwitchRoutes(router: Router, context: DemoContext): void {
  const store = () => ApprovalStore.of(context.world);
  const view = () => {
    const counts: Record<string, number> = {};
    for (const node of store().nodes.values()) counts[node.approvalStatus] = (counts[node.approvalStatus] ?? 0) + 1;
    return { ...store().switches, counts };
  };
  const parsed = async <T>(ctx: RequestContext, schema: z.ZodType<T>): Promise<T> => {
    const result = schema.safeParse(await readJson(ctx.req));
    if (!result.success) throw badRequest(issuesMessage(result.error, 'body'));
    return result.data;
  };
  registerSwitchRoutes(router, context.config, APPROVAL_SWITCHES_ROUTE, {
    schema: patchBody,
    switches: () => store().switches,
    view,
    beforeEach: () => store().tick(),
    afterPatch: (before) => store().switched(before),
  });
  router.post(
    `${APPROVAL_SWITCHES_ROUTE}/arrive`,
    async (ctx) => {
      requireAdmin(ctx, context.config);
      const body = await parsed(ctx, arriveBody);
      const approvals = store();
      approvals.tick();
      try {
        sendJson(ctx.res, 201, wireNode(approvals.arrive(body)));
      } catch (error) {
        if (error instanceof ApprovalRefusal) throw notFound(error.message);
        throw error;
      }
    },
    { auth: false },
  );
}
