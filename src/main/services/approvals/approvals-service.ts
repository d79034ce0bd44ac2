/**
 * Node approvals (spec/ticketing-automations-psa.md §2.5, §3.5, §4.4): the
 * devices of one tab (odd ones skipped and counted), approving and rejecting
 * them, and the organizations' approval modes. Paths:
 * src/shared/rules/approvals/paths.ts.
 *
 * Approving, rejecting and changing a mode are refused here first when the
 * signed-in user lacks the matching permission (canApproveNodes,
 * canRejectNodes; the mode needs canApproveNodes), in the words the renderer
 * shows beside its disabled buttons; the server refuses too (a 403, told in
 * the same words). The server records the acting user: the token's.
 */
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { ApprovalNode, OrganizationApprovalMode } from '../../../shared/model/approvals';
import type { UserPermissions } from '../../../shared/model/session';
import { APPROVAL_MESSAGES, modeBlock, permissionRefusal } from '../../../shared/rules/approvals/actions';
import { APPROVAL_PATHS } from '../../../shared/rules/approvals/paths';
import type { ApprovalAction } from '../../../shared/rules/approvals/transitions';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import type { ApiClient } from '../platform/api/api-client';
import { AreaCalls } from '../platform/api/area-calls';
import { anyAnswer, listIn, readItems } from '../platform/api/tolerant';
import { approvalModeSchema, approvalNodeSchema } from './approval-schemas';

const GONE_NODES = 'One of these devices no longer exists. Refresh the list and try again.';
const GONE_ORGANIZATION = 'This organization no longer exists.';

export interface ApprovalsServiceDeps {
  api: () => ApiClient;
  /** The signed-in user's permissions (null while signed out: nothing is allowed). */
  permissions: () => UserPermissions | null;
}

export class ApprovalsService {
  private readonly calls: AreaCalls;

  constructor(private readonly deps: ApprovalsServiceDeps) {
    this.calls = new AreaCalls(deps.api);
  }

  async list({ status, organizationId }: CallArgs<'approvals.list'>): Promise<{ items: ApprovalNode[]; skipped: number }> {
    const params = new URLSearchParams({ status, ...(organizationId === undefined ? {} : { organizationId: String(organizationId) }) });
    const answer = await this.calls.read(APPROVAL_PATHS.nodes, anyAnswer, params);
    return readItems(approvalNodeSchema, listIn(answer, 'nodes', 'content', 'items', 'results') as unknown[]);
  }

  approve(nodeIds: readonly number[]): Promise<{ items: ApprovalNode[] }> {
    return this.act('approve', nodeIds);
  }

  reject(nodeIds: readonly number[]): Promise<{ items: ApprovalNode[] }> {
    return this.act('reject', nodeIds);
  }

  /** Every organization's mode, or one organization's (its editor page). */
  async modes(organizationId?: number): Promise<{ items: OrganizationApprovalMode[]; skipped: number }> {
    if (organizationId !== undefined) {
      const answer = await this.calls.read(fillPath(APPROVAL_PATHS.mode, { id: organizationId }), anyAnswer, undefined, GONE_ORGANIZATION);
      const parsed = approvalModeSchema.safeParse(answer);
      if (!parsed.success) throw new AppError('BAD_RESPONSE', "The server sent this organization's approval mode in a shape the console cannot read.");
      return { items: [parsed.data], skipped: 0 };
    }
    const answer = await this.calls.readOr(APPROVAL_PATHS.modes, anyAnswer, APPROVAL_MESSAGES.modesFailed);
    return readItems(approvalModeSchema, listIn(answer, 'organizations', 'content', 'items', 'modes') as unknown[]);
  }

  setMode({ organizationId, nodeApprovalType }: CallArgs<'approvals.setMode'>): Promise<OrganizationApprovalMode> {
    const refused = modeBlock(this.deps.permissions());
    if (refused) return Promise.reject(new AppError('FORBIDDEN', refused));
    return this.calls.send('PUT', fillPath(APPROVAL_PATHS.mode, { id: organizationId }), {
      what: 'the approval mode',
      json: { nodeApprovalType },
      gone: GONE_ORGANIZATION,
      forbidden: APPROVAL_MESSAGES.noModePermission,
      serverWords: true,
      read: (body) => approvalModeSchema.parse(body),
    });
  }

  private async act(action: ApprovalAction, nodeIds: readonly number[]): Promise<{ items: ApprovalNode[] }> {
    const refused = permissionRefusal(this.deps.permissions(), action);
    if (refused) throw new AppError('FORBIDDEN', refused);
    const count = nodeIds.length;
    return this.calls.send('POST', action === 'approve' ? APPROVAL_PATHS.approve : APPROVAL_PATHS.reject, {
      what: count === 1 ? 'the device' : `the ${count} devices`,
      verb: action === 'approve' ? 'approved' : 'rejected',
      json: { nodeIds },
      gone: GONE_NODES,
      forbidden: action === 'approve' ? APPROVAL_MESSAGES.noApprovePermission : APPROVAL_MESSAGES.noRejectPermission,
      serverWords: true,
      // The devices as they now are; one the console cannot read is left out (the list shows it after a refresh).
      read: (body) => ({ items: readItems(approvalNodeSchema, listIn(body, 'nodes', 'content', 'items') as unknown[]).items }),
    });
  }
}
