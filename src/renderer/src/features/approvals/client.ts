/**
 * Node approvals' contract writes, in one place: approving and rejecting
 * devices (every tab's list is out of date after either) and setting an
 * organization's approval mode (the modes, and the lists: devices arriving
 * from then on follow it). A selection longer than one call carries is sent
 * in parts of MAX_BULK.
 */
import type { CallChannel, CallInput, CallOutput } from '../../../../shared/contract';
import { inParts } from '../../../../shared/rules/approvals/actions';
import type { ApprovalAction } from '../../../../shared/rules/approvals/transitions';
import { write } from '../../core/data/cache';

const NODE_CHANGES: readonly CallChannel[] = ['approvals.list'];
const MODE_CHANGES: readonly CallChannel[] = ['approvals.modes', 'approvals.list'];

/** Approves or rejects the devices; answers them as they now are. */
export async function decideNodes(action: ApprovalAction, nodeIds: readonly number[]): Promise<CallOutput<'approvals.approve'>> {
  const channel = action === 'approve' ? 'approvals.approve' : 'approvals.reject';
  const items: CallOutput<'approvals.approve'>['items'] = [];
  for (const part of inParts(nodeIds)) items.push(...(await write(channel, { nodeIds: part }, NODE_CHANGES)).items);
  return { items };
}

export function setApprovalMode(input: CallInput<'approvals.setMode'>): Promise<CallOutput<'approvals.setMode'>> {
  return write('approvals.setMode', input, MODE_CHANGES);
}
