/**
 * Node approvals under `/api` (spec/ticketing-automations-psa.md §2.5, §3.5,
 * §4.4; paths: src/shared/rules/approvals/paths.ts, the demo's own): one
 * status's devices (optionally of one organization), approving and rejecting
 * up to 500 at a time as the token's user (403 without canApproveNodes or
 * canRejectNodes; a whole call refused when a device is unknown, 404, or not
 * moved by the action, 409), and the organizations' approval modes (changing
 * one needs canApproveNodes). With `realInstance`, the pending list and the
 * modes end with what a real instance may send: a device of another class and
 * installation status, an organization of a mode of its own, and one record
 * the console cannot read each.
 */
import { z } from 'zod';
import { APPROVAL_MESSAGES } from '../../../shared/rules/approvals/actions';
import { APPROVAL_PATHS } from '../../../shared/rules/approvals/paths';
import { APPROVAL_STATUSES } from '../../../shared/model/approvals';
import type { DemoContext } from '../../context';
import { ApprovalRefusal, ApprovalStore, wireNode, type DemoApprovalNode } from '../../data/approvals/store';
import { badRequest, forbidden, HttpError, notFound, sendJson, userOf, type RequestContext, type Router } from '../../http';
import { jsonBody } from '../params';
import { apiRoutes, idSchema, injectedFailure, pathId, queryId } from '../psa/params';

const ROUTES = apiRoutes(APPROVAL_PATHS);
const MAX_BULK = 500;

const nodeIdsBody = z.strictObject({ nodeIds: z.array(idSchema).min(1).max(MAX_BULK) });
const modeBody = z.strictObject({ nodeApprovalType: z.enum(['MANUAL', 'AUTOMATIC']) });

/** What a real instance adds to the pending list: a device of a class and an installation status of its own, and one unreadable record. */
function realInstancePending(organizationId: number, organizationName: string): unknown[] {
  const now = Date.now();
  return [
    { id: 990001, systemName: 'REAL-LNX-001', displayName: 'Build Server (REAL-LNX-001)', clientId: organizationId, organizationName, nodeClass: 'LINUX_SERVER', approvalStatus: 'PENDING', installationStatus: 'DEPLOYING', candidate: true, nodeApprovalType: 'MANUAL', createTime: now / 1000 },
    { id: 'REAL-BROKEN-NODE', systemName: 'REAL-BROKEN-NODE', clientId: organizationId, approvalStatus: 'PENDING' },
  ];
}

const byNewest = (time: (node: DemoApprovalNode) => number | null) => (a: DemoApprovalNode, b: DemoApprovalNode) => (time(b) ?? 0) - (time(a) ?? 0) || b.id - a.id;

export function registerApprovalRoutes(router: Router, context: DemoContext): void {
  const store = () => {
    const held = ApprovalStore.of(context.world);
    held.tick();
    return held;
  };
  const refused = (error: unknown): never => {
    if (error instanceof ApprovalRefusal) throw error.status === 404 ? notFound(error.message) : new HttpError(409, error.message, { error: 'conflict', message: error.message });
    throw error;
  };

  router.get(ROUTES.nodes, (ctx) => {
    const approvals = store();
    if (approvals.switches.failApprovalsList) throw injectedFailure('The devices awaiting approval could not be read (demo switch failApprovalsList).');
    const status = ctx.query.get('status') ?? '';
    if (!(APPROVAL_STATUSES as readonly string[]).includes(status)) throw badRequest('status: PENDING, APPROVED or REJECTED is expected');
    const organizationId = queryId(ctx, 'organizationId');
    const nodes = [...approvals.nodes.values()].filter((n) => n.approvalStatus === status && (organizationId === undefined || n.organizationId === organizationId));
    nodes.sort(status === 'PENDING' ? byNewest((n) => n.requestedAt) : byNewest((n) => n.decidedAt));
    const answer: unknown[] = nodes.map(wireNode);
    const first = context.world.organizations[0];
    if (context.config.realInstance && status === 'PENDING' && first && (organizationId === undefined || organizationId === first.id)) answer.push(...realInstancePending(first.id, first.name));
    sendJson(ctx.res, 200, answer);
  });

  const act = (action: 'approve' | 'reject') => async (ctx: RequestContext) => {
    const user = userOf(ctx);
    if (action === 'approve' ? !user.permissions.canApproveNodes : !user.permissions.canRejectNodes) {
      throw forbidden(action === 'approve' ? APPROVAL_MESSAGES.noApprovePermission : APPROVAL_MESSAGES.noRejectPermission);
    }
    const { nodeIds } = await jsonBody(ctx, nodeIdsBody, '{nodeIds}');
    const approvals = store();
    if (action === 'approve' ? approvals.switches.failApprove : approvals.switches.failReject) {
      throw injectedFailure(`The devices could not be ${action === 'approve' ? 'approved' : 'rejected'} (demo switch ${action === 'approve' ? 'failApprove' : 'failReject'}).`);
    }
    let decided: DemoApprovalNode[] = [];
    try {
      decided = approvals.decide(nodeIds, action, { id: user.id, name: user.name });
    } catch (error) {
      refused(error);
    }
    sendJson(ctx.res, 200, { nodes: decided.map(wireNode) });
  };
  router.post(ROUTES.approve, act('approve'));
  router.post(ROUTES.reject, act('reject'));

  const modeOf = (approvals: ApprovalStore, id: number) => {
    const org = approvals.organization(id);
    if (!org) throw notFound('No such organization');
    return { organizationId: org.id, organizationName: org.name, nodeApprovalType: approvals.modes.get(org.id) ?? 'MANUAL' };
  };
  router.get(ROUTES.modes, (ctx) => {
    const approvals = store();
    const answer: unknown[] = context.world.organizations.map((org) => modeOf(approvals, org.id));
    if (context.config.realInstance) answer.push({ organizationId: 990001, organizationName: 'Real Instance Holdings', nodeApprovalType: 'APPROVE_BY_ROLE' }, { organizationName: 'No id at all', nodeApprovalType: 'MANUAL' });
    sendJson(ctx.res, 200, answer);
  });
  router.get(ROUTES.mode, (ctx) => sendJson(ctx.res, 200, modeOf(store(), pathId(ctx, 'id', 'No such organization'))));
  router.put(ROUTES.mode, async (ctx) => {
    const user = userOf(ctx);
    if (!user.permissions.canApproveNodes) throw forbidden(APPROVAL_MESSAGES.noModePermission);
    const approvals = store();
    const id = pathId(ctx, 'id', 'No such organization');
    modeOf(approvals, id);
    const { nodeApprovalType } = await jsonBody(ctx, modeBody, '{nodeApprovalType}');
    if (approvals.switches.failApprovalMode) throw injectedFailure('The approval mode could not be stored (demo switch failApprovalMode).');
    approvals.modes.set(id, nodeApprovalType);
    sendJson(ctx.res, 200, modeOf(approvals, id));
  });
}
