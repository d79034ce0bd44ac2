/**
 * Agent policies and their backup plans (spec/ticketing-automations-psa.md
 * §3.5 Policy, §4.4, §8.4): the payload a save sends, checked the same way by
 * the editor, the contract and the demo; the limits, labels and messages.
 * Where the spec is silent (README "Policies"):
 * - a plan's identifier is its name, unique in its policy (letter case aside);
 * - a file-and-folder plan names at least one path, an image plan at least one
 *   volume; a plan of a type this console does not know is not checked there;
 * - a local or hybrid destination needs a local path (a folder or a share);
 * - retention: 1 to 999 versions, kept 1 to 3650 days.
 * The inheritance rules (override, revert, what a child may delete) are in
 * ./policy-inheritance.ts.
 */
import { z } from 'zod';
import { BACKUP_DESTINATIONS, BACKUP_PLAN_TYPES } from '../../model/admin';
import { isKnownValue } from '../../model/platform/open-values';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { scheduleInputSchema } from './scheduled-task';

export const POLICY_LIMITS = {
  name: 100,
  description: 1000,
  plans: 20,
  identifier: 100,
  /** Paths, patterns or volumes in one include or exclude list. */
  entries: 50,
  entry: 260,
  localPath: 260,
  versions: { min: 1, max: 999 },
  days: { min: 1, max: 3650 },
} as const;

export const POLICY_MESSAGES = {
  required: REQUIRED_MESSAGE,
  /** §8.4: the state's not-found flag, said. */
  gone: 'This policy no longer exists.',
  identifierTaken: 'Another plan of this policy has this name',
  needsPath: 'Add at least one path or folder',
  needsVolume: 'Add at least one volume',
  needsLocalPath: 'A local or hybrid destination needs a local path',
  entryTaken: 'Already listed',
  inheritedCannotBeDeleted: 'An inherited plan cannot be deleted: disable it instead (that overrides it).',
} as const;

/** How the editor names a plan's type and destination (backup-restore.md §2: 'Cloud only', 'Local only', 'Hybrid'). */
export const PLAN_TYPE_LABELS: Readonly<Record<(typeof BACKUP_PLAN_TYPES)[number], string>> = { FILE_FOLDER: 'File and folder', IMAGE: 'Image' };
export const DESTINATION_LABELS: Readonly<Record<(typeof BACKUP_DESTINATIONS)[number], string>> = { CLOUD: 'Cloud only', LOCAL: 'Local only', HYBRID: 'Hybrid' };

/** Whether a destination keeps backups on a local target (and so needs its path). */
export const needsLocalPath = (destination: string) => destination === 'LOCAL' || destination === 'HYBRID';

const recordId = z.number().int().positive().max(2_147_483_647);
const entry = z.string().trim().min(1, POLICY_MESSAGES.required).max(POLICY_LIMITS.entry);
const entries = z.array(entry).max(POLICY_LIMITS.entries);

/** One plan as a save sends it; `inheritance` says only what the console may ask: the server decides the rest. */
export const backupPlanPayloadSchema = z
  .strictObject({
    identifier: z.string().trim().min(1, POLICY_MESSAGES.required).max(POLICY_LIMITS.identifier),
    enabled: z.boolean(),
    type: z.string().trim().min(1, POLICY_MESSAGES.required).max(40),
    schedule: scheduleInputSchema,
    include: entries,
    exclude: entries,
    destination: z.string().trim().min(1, POLICY_MESSAGES.required).max(40),
    localPath: z.string().trim().max(POLICY_LIMITS.localPath),
    retention: z.strictObject({
      versions: z.number().int().min(POLICY_LIMITS.versions.min).max(POLICY_LIMITS.versions.max),
      days: z.number().int().min(POLICY_LIMITS.days.min).max(POLICY_LIMITS.days.max),
    }),
    /** inherited: what the console read (the server keeps its own); overridden false asks for the parent's settings (Revert). */
    inheritance: z.strictObject({ inherited: z.boolean(), overridden: z.boolean() }),
  })
  .superRefine((plan, ctx) => {
    // A plan that follows its parent carries the parent's settings: they are the parent's to check.
    if (plan.inheritance.inherited && !plan.inheritance.overridden) return;
    if (plan.type === 'FILE_FOLDER' && plan.include.length === 0) ctx.addIssue({ code: 'custom', path: ['include'], message: POLICY_MESSAGES.needsPath });
    if (plan.type === 'IMAGE' && plan.include.length === 0) ctx.addIssue({ code: 'custom', path: ['include'], message: POLICY_MESSAGES.needsVolume });
    if (needsLocalPath(plan.destination) && plan.localPath.trim() === '') ctx.addIssue({ code: 'custom', path: ['localPath'], message: POLICY_MESSAGES.needsLocalPath });
  });
export type BackupPlanPayload = z.infer<typeof backupPlanPayloadSchema>;

/** The key plans are matched by (in a policy, and between a parent and its children). */
export const planKey = (identifier: string) => identifier.trim().toLowerCase();

/** What a save sends (no id: create or copy; with its id: update). The parent is chosen at creation. */
export const policyPayloadSchema = z
  .strictObject({
    id: recordId.optional(),
    name: z.string().trim().min(1, POLICY_MESSAGES.required).max(POLICY_LIMITS.name),
    description: z.string().max(POLICY_LIMITS.description),
    enabled: z.boolean(),
    parentPolicyId: recordId.nullable(),
    backupPlans: z.array(backupPlanPayloadSchema).max(POLICY_LIMITS.plans),
  })
  .superRefine((policy, ctx) => {
    if (policy.id !== undefined && policy.parentPolicyId === policy.id) ctx.addIssue({ code: 'custom', path: ['parentPolicyId'], message: 'A policy cannot be its own parent' });
    const seen = new Set<string>();
    policy.backupPlans.forEach((plan, index) => {
      const key = planKey(plan.identifier);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['backupPlans', index, 'identifier'], message: POLICY_MESSAGES.identifierTaken });
      seen.add(key);
    });
  });
export type PolicyPayload = z.infer<typeof policyPayloadSchema>;

/** Whether a type or destination is one this console edits (another is shown raw and kept). */
export const knownPlanType = (type: string) => isKnownValue(BACKUP_PLAN_TYPES, type);
export const knownDestination = (destination: string) => isKnownValue(BACKUP_DESTINATIONS, destination);

/** A copy's name: '<name> (Copy)', the name cut so the suffix always fits. */
export function copyPolicyName(name: string): string {
  const suffix = ' (Copy)';
  return `${name.slice(0, POLICY_LIMITS.name - suffix.length)}${suffix}`;
}
