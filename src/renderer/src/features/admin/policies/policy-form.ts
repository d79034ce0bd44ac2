/**
 * The policy editor's form, pure (ticketing spec §3.5 Policy, §4.4): a saved
 * policy as a form and back as the payload `admin.policies.save` takes, the
 * copy ('<name> (Copy)', its plans as they are: the server decides again what
 * the copy inherits), a new plan's defaults, what the editor shows of a plan
 * and of its parent's values, and the schemas of the policy form and of the
 * plan dialog: the payload's own rules (shared/rules/admin/backup-policy.ts,
 * as the contract checks them) and each schedule's §5 rules, every error at
 * the path of the field that shows it.
 */
import { addDays, startOfDay } from 'date-fns';
import { z } from 'zod';
import type { BackupPlan, BackupPlanSettings, Policy } from '../../../../../shared/model/admin';
import { labelOrRaw } from '../../../../../shared/model/platform/open-values';
import { backupPlanPayloadSchema, copyPolicyName, DESTINATION_LABELS, PLAN_TYPE_LABELS, planKey, POLICY_MESSAGES, policyPayloadSchema, type BackupPlanPayload, type PolicyPayload } from '../../../../../shared/rules/admin/backup-policy';
import { ownPlan, type PlanSettingField } from '../../../../../shared/rules/admin/policy-inheritance';
import { scheduleSummary, toSavedInput, validateSchedule } from '../../../../../shared/rules/platform/schedule';

export interface PolicyForm {
  name: string;
  description: string;
  enabled: boolean;
  parentPolicyId: number | null;
  backupPlans: BackupPlan[];
}

export const POLICY_TABS = { general: 'General', backup: 'Backup' } as const;
export type PolicyTab = keyof typeof POLICY_TABS;

/** What each setting is called beside its parent's value ('Parent: Daily at 02:00'). */
export const PLAN_FIELD_LABELS: Readonly<Record<PlanSettingField, string>> = {
  enabled: 'Enabled',
  type: 'Type',
  schedule: 'Schedule',
  include: 'Backed up',
  exclude: 'Excluded',
  destination: 'Destination',
  localPath: 'Local path',
  retention: 'Retention',
};

export const newPolicyForm = (): PolicyForm => ({ name: '', description: '', enabled: true, parentPolicyId: null, backupPlans: [] });

export function formOfPolicy(policy: Policy): PolicyForm {
  return { name: policy.name, description: policy.description, enabled: policy.enabled, parentPolicyId: policy.parentPolicyId, backupPlans: policy.backupPlans };
}

/** One plan with exactly the payload's fields (a schedule read tolerantly may hold others: the strict payload refuses them). */
export function planInput(plan: BackupPlan): BackupPlanPayload {
  return {
    identifier: plan.identifier.trim(),
    enabled: plan.enabled,
    type: plan.type,
    schedule: toSavedInput(plan.schedule),
    include: plan.include.map((v) => v.trim()),
    exclude: plan.exclude.map((v) => v.trim()),
    destination: plan.destination,
    localPath: plan.localPath.trim(),
    retention: { versions: plan.retention.versions, days: plan.retention.days },
    inheritance: { inherited: plan.inheritance.inherited, overridden: plan.inheritance.overridden },
  };
}

/** What `admin.policies.save` sends: no id creates (or copies), an id updates. */
export function payloadOfForm(form: PolicyForm, id?: number): PolicyPayload {
  return {
    ...(id !== undefined ? { id } : {}),
    name: form.name.trim(),
    description: form.description,
    enabled: form.enabled,
    parentPolicyId: form.parentPolicyId,
    backupPlans: form.backupPlans.map(planInput),
  };
}

/** The list's Copy: the policy as saved, without its id, named '<name> (Copy)', under the same parent. */
export function copyPayload(policy: Policy): PolicyPayload {
  return payloadOfForm({ ...formOfPolicy(policy), name: copyPolicyName(policy.name) });
}

/**
 * A new plan of the policy's own: enabled, files and folders, Daily at 02:00 from tomorrow (never a start in the
 * past), to the cloud, 30 versions kept 90 days; what it backs up is the technician's to add.
 */
export function newPlan(identifier: string, now: Date): BackupPlan {
  const schedule = {
    repeats: 'DAILY',
    repeatsEveryCount: 1,
    daysOfWeek: [],
    dayOfMonth: 1,
    scheduleInterval: null,
    startDate: addDays(startOfDay(now), 1).getTime(),
    runAtHour: 2,
    runAtMinute: 0,
    end: { type: 'NEVER', endDate: null, occurenceCount: null },
  };
  const settings: BackupPlanSettings = { enabled: true, type: 'FILE_FOLDER', schedule, include: [], exclude: [], destination: 'CLOUD', localPath: '', retention: { versions: 30, days: 90 } };
  return ownPlan(identifier, settings);
}

/** 'New plan', 'New plan 2', …: a name no plan of the policy has. */
export function freePlanName(plans: readonly BackupPlan[]): string {
  const taken = new Set(plans.map((p) => planKey(p.identifier)));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'New plan' : `New plan ${n}`;
    if (!taken.has(planKey(name))) return name;
  }
}

export const planTypeLabel = (type: string) => labelOrRaw(PLAN_TYPE_LABELS, type);
export const destinationLabel = (destination: string) => labelOrRaw(DESTINATION_LABELS, destination);

/** One setting as a line of text: what the editor shows beside a changed field as the parent's value. */
export function settingText(field: PlanSettingField, settings: BackupPlanSettings): string {
  switch (field) {
    case 'enabled':
      return settings.enabled ? 'Enabled' : 'Disabled';
    case 'type':
      return planTypeLabel(settings.type);
    case 'schedule':
      return scheduleSummary(settings.schedule);
    case 'include':
    case 'exclude':
      return settings[field].length > 0 ? settings[field].join(', ') : 'None';
    case 'destination':
      return destinationLabel(settings.destination);
    case 'localPath':
      return settings.localPath || 'None';
    case 'retention':
      return `${settings.retention.versions} versions, kept ${settings.retention.days} days`;
  }
}

interface PlanCheck {
  /** The plan's schedule start as loaded (kept without "in the past"); null for a new plan. */
  loadedStartDate: number | null;
  /** The clock of the schedule's checks (tests give theirs). */
  now?: () => Date;
}

/** The problems of one plan, at the plan's own paths ('identifier', 'include', 'schedule.daysOfWeek'). */
function planIssues(plan: BackupPlan, check: PlanCheck, add: (path: Array<string | number>, message: string) => void): void {
  const parsed = backupPlanPayloadSchema.safeParse(planInput(plan));
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), issue.message);
  // A plan that follows its parent carries the parent's schedule: the parent's to check.
  if (plan.inheritance.inherited && !plan.inheritance.overridden) return;
  const now = check.now?.() ?? new Date();
  for (const [field, message] of Object.entries(validateSchedule(plan.schedule, { now, loadedStartDate: check.loadedStartDate }))) add(['schedule', ...field.split('.')], message);
}

/** The plan dialog's schema: the plan's rules, and a name no other plan of the policy has. */
export function planFormSchema(context: PlanCheck & { otherIdentifiers: readonly string[] }) {
  const others = new Set(context.otherIdentifiers.map(planKey));
  return z
    .custom<BackupPlan>((value) => typeof value === 'object' && value !== null)
    .superRefine((plan, ctx) => {
      planIssues(plan, context, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
      if (others.has(planKey(plan.identifier))) ctx.addIssue({ code: 'custom', path: ['identifier'], message: POLICY_MESSAGES.identifierTaken });
    });
}

/** The policy form's schema: the payload's rules and each plan's (under backupPlans.<i>, on the Backup tab). */
export function policyFormSchema(context: { loadedStartDates: ReadonlyMap<string, number | null>; now?: () => Date }) {
  return z
    .custom<PolicyForm>((value) => typeof value === 'object' && value !== null)
    .superRefine((form, ctx) => {
      const parsed = policyPayloadSchema.safeParse(payloadOfForm(form));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          // A plan's own problems are said once, below, with its schedule's.
          if (issue.path[0] === 'backupPlans' && issue.path.length > 2 && issue.path[2] !== 'identifier') continue;
          ctx.addIssue({ code: 'custom', path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: issue.message });
        }
      }
      form.backupPlans.forEach((plan, index) => {
        const loadedStartDate = context.loadedStartDates.get(planKey(plan.identifier)) ?? null;
        planIssues(plan, { loadedStartDate, now: context.now }, (path, message) => {
          if (path[0] !== 'identifier') ctx.addIssue({ code: 'custom', path: ['backupPlans', index, ...path], message });
        });
      });
    });
}
