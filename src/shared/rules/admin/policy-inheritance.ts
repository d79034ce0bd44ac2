/**
 * How backup plans pass from a policy to its children (spec/ticketing-automations-psa.md
 * §3.5 inheritance {inherited, overridden, sourcePolicyId, parentPolicySettings},
 * §4.4 "Backup plan edits on inherited plans set overridden to true; revert
 * clears it"), pure: the editor, the demo server and the tests share them.
 *
 * Choices where the spec is silent (README "Policies"):
 * - An edit of an inherited plan overrides it; an edit that brings every field
 *   back to the parent's value is not an override (overridden false again).
 * - Disabling an inherited plan is an edit like any other: an override.
 * - Revert puts back the parent's settings and clears overridden.
 * - Only a policy's own plans can be deleted; an inherited one can be disabled.
 * - A parent's change flows to its children: a child that did not override
 *   the plan takes the new settings; one that did keeps its own (it stays
 *   overridden) and sees the new parent values beside its own. The flow goes
 *   on to grandchildren from each child's resulting plans.
 * - A child's own plan whose identifier a parent's plan also uses shadows it:
 *   the child keeps its own and does not inherit that one.
 * - sourcePolicyId is the policy that defines the plan (for a grandchild, the
 *   root), so "Inherited from" names where the plan is edited at its origin.
 */
import type { BackupPlan, BackupPlanSettings } from '../../model/admin';
import { toSavedInput, type Schedule } from '../platform/schedule';
import { planKey, POLICY_MESSAGES } from './backup-policy';

export const PLAN_SETTING_FIELDS = ['enabled', 'type', 'schedule', 'include', 'exclude', 'destination', 'localPath', 'retention'] as const;
export type PlanSettingField = (typeof PLAN_SETTING_FIELDS)[number];

/** A plan's settings alone (a copy: the lists and the schedule are not shared). */
export function settingsOf(plan: BackupPlanSettings): BackupPlanSettings {
  return {
    enabled: plan.enabled,
    type: plan.type,
    schedule: { ...plan.schedule, daysOfWeek: [...plan.schedule.daysOfWeek], end: { ...plan.schedule.end } },
    include: [...plan.include],
    exclude: [...plan.exclude],
    destination: plan.destination,
    localPath: plan.localPath,
    retention: { versions: plan.retention.versions, days: plan.retention.days },
  };
}

/** A schedule as it is saved (EVERY as HOURLY, the fields the editor edits), so equal schedules compare equal. */
function comparableSchedule(schedule: Schedule): unknown {
  return { ...toSavedInput(schedule), weekOfMonth: schedule.weekOfMonth ?? null };
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Whether two plans agree on one setting (schedules as saved; lists in order; a local path only where it is used). */
export function sameSetting(field: PlanSettingField, a: BackupPlanSettings, b: BackupPlanSettings): boolean {
  if (field === 'schedule') return sameJson(comparableSchedule(a.schedule), comparableSchedule(b.schedule));
  if (field === 'localPath') return a.localPath.trim() === b.localPath.trim();
  if (field === 'include' || field === 'exclude') return sameJson(a[field].map((v) => v.trim()), b[field].map((v) => v.trim()));
  return sameJson(a[field], b[field]);
}

/** The settings where an inherited plan differs from its parent's (none for an own plan). */
export function changedFields(plan: BackupPlan): PlanSettingField[] {
  const parent = plan.inheritance.parentPolicySettings;
  if (!plan.inheritance.inherited || parent === null) return [];
  return PLAN_SETTING_FIELDS.filter((field) => !sameSetting(field, plan, parent));
}

/** §4.4: an edit; on an inherited plan it overrides it, unless every field is the parent's again. */
export function editPlan(plan: BackupPlan, changes: Partial<BackupPlanSettings>): BackupPlan {
  const next: BackupPlan = { ...plan, ...changes, inheritance: { ...plan.inheritance } };
  if (!plan.inheritance.inherited) return next;
  return { ...next, inheritance: { ...next.inheritance, overridden: changedFields(next).length > 0 } };
}

/** Disabling (or enabling) an inherited plan is an edit: an override. */
export function setPlanEnabled(plan: BackupPlan, enabled: boolean): BackupPlan {
  return editPlan(plan, { enabled });
}

/** §4.4 Revert: the parent's settings back, overridden cleared (an own plan, or one without the parent's settings, is unchanged). */
export function revertPlan(plan: BackupPlan): BackupPlan {
  const parent = plan.inheritance.parentPolicySettings;
  if (!plan.inheritance.inherited || parent === null) return plan;
  return { ...plan, ...settingsOf(parent), inheritance: { ...plan.inheritance, overridden: false } };
}

/** Whether a plan can be deleted from its policy, and why not. */
export function planDeletion(plan: BackupPlan): { deletable: true } | { deletable: false; reason: string } {
  return plan.inheritance.inherited ? { deletable: false, reason: POLICY_MESSAGES.inheritedCannotBeDeleted } : { deletable: true };
}

/** The plans without the own plan `identifier` names (an inherited one stays). */
export function deletePlan(plans: readonly BackupPlan[], identifier: string): BackupPlan[] {
  return plans.filter((plan) => planKey(plan.identifier) !== planKey(identifier) || !planDeletion(plan).deletable);
}

/** A new plan of the policy's own. */
export function ownPlan(identifier: string, settings: BackupPlanSettings): BackupPlan {
  return { identifier, ...settingsOf(settings), inheritance: { inherited: false, overridden: false, sourcePolicyId: null, parentPolicySettings: null } };
}

/**
 * A child's plans under its parent's plans (`parentPlans`, the parent's own and inherited ones, as they are now):
 * each parent plan inherited (its settings, or the child's override kept beside the new parent values), the
 * child's own plans after them; an inherited plan the parent no longer has is gone. The flow of a parent's change.
 */
export function inheritPlans(parentPlans: readonly BackupPlan[], parentId: number, childPlans: readonly BackupPlan[]): BackupPlan[] {
  const own = childPlans.filter((plan) => !plan.inheritance.inherited);
  const ownKeys = new Set(own.map((plan) => planKey(plan.identifier)));
  const inherited = parentPlans
    .filter((parentPlan) => !ownKeys.has(planKey(parentPlan.identifier)))
    .map((parentPlan): BackupPlan => {
      const parentPolicySettings = settingsOf(parentPlan);
      const sourcePolicyId = parentPlan.inheritance.inherited ? (parentPlan.inheritance.sourcePolicyId ?? parentId) : parentId;
      const held = childPlans.find((plan) => plan.inheritance.inherited && planKey(plan.identifier) === planKey(parentPlan.identifier));
      const settings = held?.inheritance.overridden ? settingsOf(held) : settingsOf(parentPlan);
      return { identifier: parentPlan.identifier, ...settings, inheritance: { inherited: true, overridden: Boolean(held?.inheritance.overridden), sourcePolicyId, parentPolicySettings } };
    });
  return [...inherited, ...own];
}

/** A plan as a save submits it: its settings, and whether it asks to keep an override. */
export type SubmittedPlan = BackupPlanSettings & { identifier: string; inheritance: { overridden: boolean } };

/**
 * The server's reading of a submitted policy's plans (the demo's; a real instance's own): `inherited` are the
 * plans the policy inherits now (inheritPlans). An inherited plan submitted with overridden false is reverted;
 * submitted otherwise, it is edited (an override unless it equals the parent); left out, it stays as it was
 * (an inherited plan cannot be deleted). Every other submitted plan is the policy's own, whatever it claims:
 * a client cannot make a plan inherited.
 */
export function submittedPlans(submitted: readonly SubmittedPlan[], inherited: readonly BackupPlan[]): BackupPlan[] {
  const byKey = new Map(submitted.map((plan) => [planKey(plan.identifier), plan]));
  const inheritedKeys = new Set(inherited.map((plan) => planKey(plan.identifier)));
  const fromParent = inherited.map((plan) => {
    const sent = byKey.get(planKey(plan.identifier));
    if (!sent) return plan;
    return sent.inheritance.overridden ? editPlan(plan, settingsOf(sent)) : revertPlan(plan);
  });
  const own = submitted.filter((plan) => !inheritedKeys.has(planKey(plan.identifier))).map((plan) => ownPlan(plan.identifier.trim(), plan));
  return [...fromParent, ...own];
}

// ---------------------------------------------------------------------------
// The tree.

interface TreeNode {
  id: number;
  parentPolicyId: number | null;
}

/** The policy's children, grandchildren and so on, parents before their children (a cycle a server sent is cut). */
export function descendantIds(policies: readonly TreeNode[], id: number): number[] {
  const found: number[] = [];
  const queue = [id];
  const seen = new Set([id]);
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const policy of policies) {
      if (policy.parentPolicyId !== parent || seen.has(policy.id)) continue;
      seen.add(policy.id);
      found.push(policy.id);
      queue.push(policy.id);
    }
  }
  return found;
}

/** Whether `candidate` may be the parent of `policyId` (null: a new policy): not itself, nor one of its descendants (a policy cannot be its own ancestor). */
export function canBeParent(policies: readonly TreeNode[], policyId: number | null, candidate: number): boolean {
  if (policyId === null) return policies.some((p) => p.id === candidate);
  return candidate !== policyId && !descendantIds(policies, policyId).includes(candidate) && policies.some((p) => p.id === candidate);
}
