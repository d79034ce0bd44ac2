/**
 * Node approvals' paths on the RMM API: one table for the main process
 * (relative to its API root, `/api`, filled with
 * ../platform/api-paths.ts `fillPath`) and for the demo server (under
 * `/api/`). The spec shows none: these are the demo's own
 * (src/demo-server/README.md "Node approvals").
 */
export const APPROVAL_PATHS = {
  /** GET ?status=PENDING|APPROVED|REJECTED[&organizationId=]: the devices of one tab. */
  nodes: 'nodeapprovals',
  /** POST {nodeIds}: approves them (as the signed-in user). */
  approve: 'nodeapprovals/approve',
  /** POST {nodeIds}: rejects them (as the signed-in user). */
  reject: 'nodeapprovals/reject',
  /** GET: every organization's approval mode. */
  modes: 'nodeapprovals/modes',
  /** GET, PUT {nodeApprovalType}: one organization's approval mode. */
  mode: 'organization/:id/nodeapprovalmode',
} as const;
