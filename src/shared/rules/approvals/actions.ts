/**
 * What the node approvals screens offer (spec/ticketing-automations-psa.md
 * §2.5 tabs security, pending, approved, rejected; §4.4): the tabs and their
 * routes, which actions each tab offers, what disables an action and the
 * words that say why, the confirmations, the labels of the open values, and
 * the bound on a bulk call. Pure: the renderer shows these, the main process
 * refuses with the same words.
 */
import { z } from 'zod';
import { APPROVAL_MODES, type ApprovalMode, type ApprovalStatus, type InstallationStatus } from '../../model/approvals';
import type { UserPermissions } from '../../model/session';
import type { ApprovalAction } from './transitions';

/** §2.5: the tabs, in their order; each is a route's `:page`. */
export const APPROVAL_TABS = ['security', 'pending', 'approved', 'rejected'] as const;
export type ApprovalTab = (typeof APPROVAL_TABS)[number];
export const DEFAULT_APPROVAL_TAB: ApprovalTab = 'pending';

export const TAB_LABELS: Readonly<Record<ApprovalTab, string>> = { security: 'Security', pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** The tab a route's `:page` names, or null for one this console does not have. */
export function tabOf(page: string | undefined): ApprovalTab | null {
  return (APPROVAL_TABS as readonly string[]).includes(page ?? '') ? (page as ApprovalTab) : null;
}

/** The status a devices tab lists (the Security tab lists organizations). */
export const TAB_STATUS: Readonly<Record<Exclude<ApprovalTab, 'security'>, ApprovalStatus>> = { pending: 'PENDING', approved: 'APPROVED', rejected: 'REJECTED' };

/** What each devices tab offers on its selected devices: Pending both; Approved rejection; Rejected approval (undoing a rejection). */
export const TAB_ACTIONS: Readonly<Record<Exclude<ApprovalTab, 'security'>, readonly ApprovalAction[]>> = {
  pending: ['approve', 'reject'],
  approved: ['reject'],
  rejected: ['approve'],
};

export const ACTION_LABELS: Readonly<Record<ApprovalAction, string>> = { approve: 'Approve', reject: 'Reject' };

/** The permission each action needs ('matching': one each); changing the approval mode needs the approve one. */
export const ACTION_PERMISSION: Readonly<Record<ApprovalAction, keyof UserPermissions>> = { approve: 'canApproveNodes', reject: 'canRejectNodes' };
export const MODE_PERMISSION: keyof UserPermissions = 'canApproveNodes';

export const APPROVAL_MESSAGES = {
  noApprovePermission: "You don't have permission to approve devices.",
  noRejectPermission: "You don't have permission to reject devices.",
  noModePermission: "You don't have permission to change the approval mode.",
  nothingSelected: 'Select one or more devices first.',
  listFailed: 'The devices could not be loaded.',
  modesFailed: 'The approval modes could not be loaded.',
} as const;

const NO_PERMISSION: Readonly<Record<ApprovalAction, string>> = { approve: APPROVAL_MESSAGES.noApprovePermission, reject: APPROVAL_MESSAGES.noRejectPermission };

/** Whether the user may take `action` (a missing permission is not granted). */
export function mayAct(permissions: Partial<UserPermissions> | null | undefined, action: ApprovalAction): boolean {
  return permissions?.[ACTION_PERMISSION[action]] === true;
}

/** Why `action` is disabled (the button's tooltip and description), or null when it is enabled: permission first, then the selection. */
export function actionBlock(permissions: Partial<UserPermissions> | null | undefined, action: ApprovalAction, selected: number): string | null {
  if (!mayAct(permissions, action)) return NO_PERMISSION[action];
  if (selected === 0) return APPROVAL_MESSAGES.nothingSelected;
  return null;
}

/** The refusal when the user may not take `action`, or null. */
export function permissionRefusal(permissions: Partial<UserPermissions> | null | undefined, action: ApprovalAction): string | null {
  return mayAct(permissions, action) ? null : NO_PERMISSION[action];
}

/** Why the approval mode cannot be changed, or null. */
export function modeBlock(permissions: Partial<UserPermissions> | null | undefined): string | null {
  return permissions?.[MODE_PERMISSION] === true ? null : APPROVAL_MESSAGES.noModePermission;
}

const devices = (count: number) => `${count} ${count === 1 ? 'device' : 'devices'}`;

/** The confirmation before a rejection, naming how many devices. */
export function rejectQuestion(count: number): string {
  return `Reject ${devices(count)}? ${count === 1 ? 'It' : 'They'} will not be managed until approved again.`;
}

/** What a finished action says. */
export function actionDone(action: ApprovalAction, count: number): string {
  return `${devices(count)} ${action === 'approve' ? 'approved' : 'rejected'}`;
}

/** The confirmation before a change of an organization's approval mode. */
export function modeQuestion(organizationName: string, mode: ApprovalMode): string {
  return mode === 'AUTOMATIC'
    ? `Approve new devices of ${organizationName} automatically? Devices that arrive from now on are approved without a technician.`
    : `Have a technician approve new devices of ${organizationName}? Devices that arrive from now on wait in Pending.`;
}

export const STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' };
export const INSTALLATION_LABELS: Readonly<Record<InstallationStatus, string>> = { PENDING: 'Not installed', WAITING: 'Waiting to install', INSTALLED: 'Installed', FAILED: 'Installation failed' };
export const MODE_LABELS: Readonly<Record<ApprovalMode, string>> = { MANUAL: 'Manual (a technician approves)', AUTOMATIC: 'Automatic (approved on arrival)' };

/** At most this many devices in one approve or reject call (a select-all of a long list is sent in parts). */
export const MAX_BULK = 500;

/** A device's or an organization's id as the contract carries it. */
export const approvalRecordId = z.number().int().positive().max(2_147_483_647);

/** The devices of a bulk call: 1 to MAX_BULK ids, each once. */
export const nodeIdsSchema = z
  .array(approvalRecordId)
  .min(1, 'Select one or more devices.')
  .max(MAX_BULK, `At most ${MAX_BULK} devices at a time.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A device is named twice.');

/** A mode a technician may choose (an instance's own mode is shown and kept, never chosen). */
export const approvalModeSchema = z.enum(APPROVAL_MODES);

/** `ids` in parts of at most MAX_BULK. */
export function inParts<T>(ids: readonly T[], size = MAX_BULK): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < ids.length; i += size) parts.push(ids.slice(i, i + size));
  return parts;
}
