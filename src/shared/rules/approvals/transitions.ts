/**
 * Node approval's state machine (spec/ticketing-automations-psa.md §4.4),
 * pure, shared by the console and the demo server:
 * - PENDING → APPROVED (approve): a candidate node's installationStatus
 *   becomes WAITING (the agent is to be installed); another device keeps none;
 * - PENDING → REJECTED and APPROVED → REJECTED (reject: 'rejection is
 *   possible from any tab');
 * - REJECTED → APPROVED (approve): allowed, so that a rejection made by
 *   mistake can be undone without the device having to ask again;
 * - approving what is approved or rejecting what is rejected is no
 *   transition; a status this console does not know allows none (the server
 *   decides what it means);
 * - every decision records the acting user and its time; a device arriving
 *   in an organization whose mode is AUTOMATIC is approved on arrival by no
 *   one (shown 'Automatic').
 */
import type { ApprovalNode, ApprovalStatus } from '../../model/approvals';

export type ApprovalAction = 'approve' | 'reject';

/** Who acts: the signed-in technician (the demo's user of the token). */
export interface Actor {
  id: number;
  name: string;
}

const NEXT: Readonly<Record<ApprovalStatus, Partial<Record<ApprovalAction, ApprovalStatus>>>> = {
  PENDING: { approve: 'APPROVED', reject: 'REJECTED' },
  APPROVED: { reject: 'REJECTED' },
  REJECTED: { approve: 'APPROVED' },
};

/** The status `action` moves a device of status `from` to, or null when it is no transition. */
export function nextStatus(from: string, action: ApprovalAction): ApprovalStatus | null {
  return Object.hasOwn(NEXT, from) ? (NEXT[from as ApprovalStatus][action] ?? null) : null;
}

/**
 * A candidate's installation after a decision: approving starts it (WAITING) unless the agent is already there
 * (INSTALLED stays); rejecting calls off one not yet done (WAITING back to PENDING); a device that is no
 * candidate has none.
 */
export function installationAfter(node: Pick<ApprovalNode, 'candidate' | 'installationStatus'>, action: ApprovalAction): ApprovalNode['installationStatus'] {
  if (!node.candidate) return node.installationStatus;
  if (action === 'approve') return node.installationStatus === 'INSTALLED' ? 'INSTALLED' : 'WAITING';
  return node.installationStatus === 'WAITING' ? 'PENDING' : node.installationStatus;
}

/** The device after `action` by `actor` at `now`, or null when the action is no transition of its status. */
export function decide<T extends Pick<ApprovalNode, 'approvalStatus' | 'candidate' | 'installationStatus' | 'decidedAt' | 'decidedById' | 'decidedByName'>>(node: T, action: ApprovalAction, actor: Actor, now: number): T | null {
  const to = nextStatus(node.approvalStatus, action);
  if (to === null) return null;
  return { ...node, approvalStatus: to, installationStatus: installationAfter(node, action), decidedAt: now, decidedById: actor.id, decidedByName: actor.name };
}

/**
 * How a device arrives under its organization's mode: AUTOMATIC approves it on arrival, by no one (a candidate's
 * installation then starts at once); MANUAL, and any mode this console does not know, leaves it pending (the
 * safe reading: nothing is let in that a technician did not see).
 */
export function arrival(mode: string, candidate: boolean, now: number): Pick<ApprovalNode, 'approvalStatus' | 'installationStatus' | 'decidedAt' | 'decidedById' | 'decidedByName'> {
  const automatic = mode === 'AUTOMATIC';
  return {
    approvalStatus: automatic ? 'APPROVED' : 'PENDING',
    installationStatus: candidate ? (automatic ? 'WAITING' : 'PENDING') : null,
    decidedAt: automatic ? now : null,
    decidedById: null,
    decidedByName: null,
  };
}

/**
 * What the "by" column says: the acting user, or 'Automatic' for a device approved on arrival (no user, its
 * organization's mode AUTOMATIC), or nothing (a decision whose user the server did not say is not the system's).
 */
export function decidedByLabel(node: Pick<ApprovalNode, 'approvalStatus' | 'decidedById' | 'decidedByName' | 'nodeApprovalType'>): string {
  if (node.decidedByName) return node.decidedByName;
  if (node.decidedById !== null) return `User #${node.decidedById}`;
  return node.approvalStatus === 'APPROVED' && node.nodeApprovalType === 'AUTOMATIC' ? AUTOMATIC_LABEL : '';
}

export const AUTOMATIC_LABEL = 'Automatic';
