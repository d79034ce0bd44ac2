/**
 * Node approvals (`approvals.*`, spec/ticketing-automations-psa.md §2.5,
 * §3.5, §4.4): the devices of one tab (one status, optionally of one
 * organization), approving and rejecting up to 500 of them at a time (as the
 * signed-in user), and the organizations' approval modes. Paths are the
 * demo's (src/shared/rules/approvals/paths.ts).
 */
import { z } from 'zod';
import { APPROVAL_STATUSES, type ApprovalNode, type OrganizationApprovalMode } from '../../model/approvals';
import { approvalModeSchema, approvalRecordId, nodeIdsSchema } from '../../rules/approvals/actions';
import { returns } from '../common';

export const approvalsCalls = {
  /** One tab's devices (unreadable ones skipped and counted). */
  'approvals.list': {
    input: z.strictObject({ status: z.enum(APPROVAL_STATUSES), organizationId: approvalRecordId.optional() }),
    output: returns<{ items: ApprovalNode[]; skipped: number }>(),
  },
  /** Approves the devices (Pending or Rejected); answers them as they now are. FORBIDDEN without canApproveNodes. */
  'approvals.approve': { input: z.strictObject({ nodeIds: nodeIdsSchema }), output: returns<{ items: ApprovalNode[] }>() },
  /** Rejects the devices (Pending or Approved); answers them as they now are. FORBIDDEN without canRejectNodes. */
  'approvals.reject': { input: z.strictObject({ nodeIds: nodeIdsSchema }), output: returns<{ items: ApprovalNode[] }>() },
  /** Every organization's approval mode (the Security tab), or one organization's. */
  'approvals.modes': {
    input: z.strictObject({ organizationId: approvalRecordId.optional() }),
    output: returns<{ items: OrganizationApprovalMode[]; skipped: number }>(),
  },
  /** Sets one organization's mode; answers it as saved. FORBIDDEN without canApproveNodes. */
  'approvals.setMode': {
    input: z.strictObject({ organizationId: approvalRecordId, nodeApprovalType: approvalModeSchema }),
    output: returns<OrganizationApprovalMode>(),
  },
} as const;
