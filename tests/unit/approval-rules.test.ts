/** Node approval's pure rules: the transitions, arrivals under each mode, who decided, what each tab offers and what a permission disables. */
import { describe, expect, it } from 'vitest';
import type { ApprovalNode } from '../../src/shared/model/approvals';
import { actionBlock, actionDone, APPROVAL_MESSAGES, inParts, MAX_BULK, modeBlock, modeQuestion, nodeIdsSchema, permissionRefusal, rejectQuestion, TAB_ACTIONS, tabOf } from '../../src/shared/rules/approvals/actions';
import { arrival, AUTOMATIC_LABEL, decide, decidedByLabel, installationAfter, nextStatus } from '../../src/shared/rules/approvals/transitions';

const alex = { id: 1, name: 'Alex Morgan' };
const node = (fields: Partial<ApprovalNode> = {}): ApprovalNode => ({
  id: 1,
  name: 'NT-WS-001',
  organizationId: 1,
  organizationName: 'Northwind Traders',
  nodeClass: 'WINDOWS_WORKSTATION',
  approvalStatus: 'PENDING',
  installationStatus: null,
  candidate: false,
  nodeApprovalType: 'MANUAL',
  requestedAt: 1,
  decidedAt: null,
  decidedById: null,
  decidedByName: null,
  ...fields,
});
const all = { canViewAndRestoreBackupData: true, canAdministerPsa: true, canApproveNodes: true, canRejectNodes: true };

describe('approval transitions', () => {
  it('pending moves to approved or rejected; approved only to rejected; rejected back to approved; unknown statuses nowhere', () => {
    expect(nextStatus('PENDING', 'approve')).toBe('APPROVED');
    expect(nextStatus('PENDING', 'reject')).toBe('REJECTED');
    expect(nextStatus('APPROVED', 'reject')).toBe('REJECTED');
    expect(nextStatus('APPROVED', 'approve')).toBeNull();
    expect(nextStatus('REJECTED', 'approve')).toBe('APPROVED');
    expect(nextStatus('REJECTED', 'reject')).toBeNull();
    expect(nextStatus('QUARANTINED', 'approve')).toBeNull();
    expect(nextStatus('toString', 'reject')).toBeNull();
  });

  it('approving sets WAITING for candidates only; rejecting calls off a waiting installation; an installed agent stays', () => {
    expect(decide(node({ candidate: true, installationStatus: 'PENDING' }), 'approve', alex, 50)).toMatchObject({ approvalStatus: 'APPROVED', installationStatus: 'WAITING' });
    expect(decide(node(), 'approve', alex, 50)).toMatchObject({ approvalStatus: 'APPROVED', installationStatus: null });
    expect(installationAfter({ candidate: true, installationStatus: 'WAITING' }, 'reject')).toBe('PENDING');
    expect(installationAfter({ candidate: true, installationStatus: 'INSTALLED' }, 'reject')).toBe('INSTALLED');
    expect(installationAfter({ candidate: true, installationStatus: 'INSTALLED' }, 'approve')).toBe('INSTALLED');
    expect(installationAfter({ candidate: false, installationStatus: null }, 'reject')).toBeNull();
  });

  it('every decision records the acting user and its time; one that is no transition gives null', () => {
    expect(decide(node({ approvalStatus: 'APPROVED' }), 'reject', alex, 99)).toMatchObject({ approvalStatus: 'REJECTED', decidedAt: 99, decidedById: 1, decidedByName: 'Alex Morgan' });
    expect(decide(node({ approvalStatus: 'REJECTED' }), 'reject', alex, 99)).toBeNull();
  });

  it('a device arrives approved by no one under AUTOMATIC (a candidate installing at once), pending under MANUAL or a mode of its own', () => {
    expect(arrival('AUTOMATIC', true, 7)).toEqual({ approvalStatus: 'APPROVED', installationStatus: 'WAITING', decidedAt: 7, decidedById: null, decidedByName: null });
    expect(arrival('AUTOMATIC', false, 7)).toMatchObject({ approvalStatus: 'APPROVED', installationStatus: null });
    expect(arrival('MANUAL', true, 7)).toEqual({ approvalStatus: 'PENDING', installationStatus: 'PENDING', decidedAt: null, decidedById: null, decidedByName: null });
    expect(arrival('APPROVE_BY_ROLE', false, 7).approvalStatus).toBe('PENDING');
  });

  it("'by' names the user, an id alone, or 'Automatic' for a device approved by no one", () => {
    expect(decidedByLabel(node({ approvalStatus: 'APPROVED', decidedById: 2, decidedByName: 'Robin Lee' }))).toBe('Robin Lee');
    expect(decidedByLabel(node({ approvalStatus: 'REJECTED', decidedById: 9 }))).toBe('User #9');
    expect(decidedByLabel(node({ approvalStatus: 'APPROVED', nodeApprovalType: 'AUTOMATIC' }))).toBe(AUTOMATIC_LABEL);
    // Approved by a technician the server did not name: not the system's doing.
    expect(decidedByLabel(node({ approvalStatus: 'APPROVED', nodeApprovalType: 'MANUAL' }))).toBe('');
    expect(decidedByLabel(node())).toBe('');
  });
});

describe('approval tabs and actions', () => {
  it('the tab is the route; an unknown page is none', () => {
    expect(['security', 'pending', 'approved', 'rejected'].map(tabOf)).toEqual(['security', 'pending', 'approved', 'rejected']);
    expect(tabOf('overview')).toBeNull();
    expect(tabOf(undefined)).toBeNull();
  });

  it('Pending offers both, Approved rejection, Rejected approval', () => {
    expect(TAB_ACTIONS).toEqual({ pending: ['approve', 'reject'], approved: ['reject'], rejected: ['approve'] });
  });

  it('a missing permission disables its action with the reason, before the selection does', () => {
    expect(actionBlock(all, 'approve', 2)).toBeNull();
    expect(actionBlock(all, 'reject', 0)).toBe(APPROVAL_MESSAGES.nothingSelected);
    expect(actionBlock({ ...all, canApproveNodes: false }, 'approve', 0)).toBe("You don't have permission to approve devices.");
    expect(actionBlock({ ...all, canRejectNodes: false }, 'reject', 3)).toBe("You don't have permission to reject devices.");
    expect(actionBlock({ ...all, canRejectNodes: false }, 'approve', 3)).toBeNull();
    // Missing (an older instance's answer, or signed out): not granted.
    expect(permissionRefusal({}, 'approve')).toBe(APPROVAL_MESSAGES.noApprovePermission);
    expect(permissionRefusal(null, 'reject')).toBe(APPROVAL_MESSAGES.noRejectPermission);
    expect(modeBlock(all)).toBeNull();
    expect(modeBlock({ ...all, canApproveNodes: false, canRejectNodes: true })).toBe("You don't have permission to change the approval mode.");
  });

  it('the confirmations name how many devices and what a mode does', () => {
    expect(rejectQuestion(1)).toBe('Reject 1 device? It will not be managed until approved again.');
    expect(rejectQuestion(3)).toBe('Reject 3 devices? They will not be managed until approved again.');
    expect(actionDone('approve', 2)).toBe('2 devices approved');
    expect(modeQuestion('Contoso Dental', 'AUTOMATIC')).toContain('automatically');
    expect(modeQuestion('Contoso Dental', 'MANUAL')).toContain('wait in Pending');
  });

  it('a bulk call names 1 to 500 devices, each once; longer selections go in parts', () => {
    expect(nodeIdsSchema.safeParse([1, 2]).success).toBe(true);
    expect(nodeIdsSchema.safeParse([]).success).toBe(false);
    expect(nodeIdsSchema.safeParse([1, 1]).success).toBe(false);
    expect(nodeIdsSchema.safeParse([1.5]).success).toBe(false);
    expect(nodeIdsSchema.safeParse(Array.from({ length: MAX_BULK + 1 }, (_, i) => i + 1)).success).toBe(false);
    expect(inParts(Array.from({ length: 1201 }, (_, i) => i)).map((part) => part.length)).toEqual([500, 500, 201]);
  });
});
