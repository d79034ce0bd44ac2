/**
 * The ticket ruleset modal's rules (spec/ticketing-automations-psa.md §2.2,
 * §3.2, §4.2, §5.2, §8.2, §9.2), pure: titles, tabs, defaults, the reset time
 * maximum per unit with clamping on a unit change, the one zod schema the
 * form and the save call share, and the payload sent.
 */
import { z } from 'zod';
import { RULESET_TYPES, TIME_UNITS, type RulesetType, type TicketRuleset, type TimeUnit } from '../../model/ticketing';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { tagNameSchema } from '../platform/tags';

export const RULESET_TYPE_LABELS: Record<RulesetType, string> = { SCRIPT_RULE: 'Script rule', CONDITION_RULE: 'Condition rule', ACTIVITY_RULE: 'Activity rule' };

/** §2.2: 'Add script rule automation', 'Edit condition rule automation', ... */
export function rulesetTitle(type: RulesetType, editing: boolean): string {
  return `${editing ? 'Edit' : 'Add'} ${RULESET_TYPE_LABELS[type].toLowerCase()} automation`;
}

export const RULESET_DESCRIPTION = 'Configure the settings to be used on ticket creation and updates from conditions.';

export const RULESET_TABS = {
  general: 'General',
  creation: 'Ticket creation',
  reset: 'Condition reset',
  retrigger: 'Condition retrigger',
} as const;

/** §2.2: the reset and retrigger tabs are for condition rules only. */
export function hasConditionTabs(type: RulesetType): boolean {
  return type === 'CONDITION_RULE';
}

/** §9.2 */
export const RULESET_NAME_MAX = 50;
export const RESET_TIME_MAX: Record<TimeUnit, number> = { DAYS: 41, HOURS: 999, MINUTES: 59999 };
const DEFAULT_RESET_UNIT: TimeUnit = 'HOURS';
/** §9.2: the policy default of priority and severity, as each tab names it. */
export const USE_POLICY = 'Use Policy';
export const USE_CURRENT = 'Use Current';

/** §8.2 */
export const RULESET_MESSAGES = {
  formsFailed: 'Error fetching ticket forms',
  updateFailed: 'Error updating ticket ruleset',
  saveFailed: 'Error saving ticket ruleset',
  /** §8.2 shows "a success message" without words: the console's. */
  saved: 'Ticket ruleset saved',
  nameTooLong: `Max length for name is ${RULESET_NAME_MAX} chars`,
  resetTooLarge: (max: number) => `Value must be less than or equal to ${max}`,
} as const;

/** What the modal edits: every tab's fields, whatever the type (the condition tabs are sent for condition rules only). */
export interface RulesetForm {
  enabled: boolean;
  name: string;
  ticketFormId: number | null;
  status: string;
  priority: string | null;
  severity: string | null;
  tags: string[];
  useOwnerAsRequester: boolean;
  resetStatus: string;
  resetValue: number;
  resetUnit: TimeUnit;
  createNewTicket: boolean;
  retriggerStatus: string;
  retriggerTags: string[];
  retriggerPriority: string | null;
  retriggerSeverity: string | null;
}

/** §4.2: enabled, an empty name, form, status, priority and severity; condition rules: unit HOURS, value 0, createNewTicket false. */
export function newRulesetForm(): RulesetForm {
  return {
    enabled: true,
    name: '',
    ticketFormId: null,
    status: '',
    priority: null,
    severity: null,
    tags: [],
    useOwnerAsRequester: false,
    resetStatus: '',
    resetValue: 0,
    resetUnit: DEFAULT_RESET_UNIT,
    createNewTicket: false,
    retriggerStatus: '',
    retriggerTags: [],
    retriggerPriority: null,
    retriggerSeverity: null,
  };
}

function unitOf(raw: string | undefined): TimeUnit {
  return (TIME_UNITS as readonly string[]).includes(raw ?? '') ? (raw as TimeUnit) : DEFAULT_RESET_UNIT;
}

/** §4.2 "Editing loads the rule and then fills the form"; the retrigger status falls back to the trigger status. */
export function formOfRuleset(ruleset: TicketRuleset): RulesetForm {
  const trigger = ruleset.conditionTriggerSettings;
  const reset = ruleset.conditionResetSettings;
  const retrigger = ruleset.conditionReTriggerSettings;
  return {
    enabled: ruleset.enabled,
    name: ruleset.name,
    ticketFormId: trigger.ticketFormId,
    status: trigger.status ?? '',
    priority: trigger.priority,
    severity: trigger.severity,
    tags: [...trigger.tags],
    useOwnerAsRequester: trigger.useOwnerAsRequester,
    resetStatus: reset?.status ?? '',
    resetValue: reset?.time?.value ?? 0,
    resetUnit: unitOf(reset?.time?.unit),
    createNewTicket: retrigger?.createNewTicket ?? false,
    retriggerStatus: retrigger?.status ?? trigger.status ?? '',
    retriggerTags: [...(retrigger?.tags ?? [])],
    retriggerPriority: retrigger?.priority ?? null,
    retriggerSeverity: retrigger?.severity ?? null,
  };
}

/** §4.2: a unit change clamps a value past the new unit's maximum to it. */
export function changeResetUnit(form: RulesetForm, unit: TimeUnit): RulesetForm {
  return { ...form, resetUnit: unit, resetValue: Math.min(form.resetValue, RESET_TIME_MAX[unit]) };
}

/** The modal's schema (§5.2), for a ruleset of `type`: the form checks it, and the save call's input is checked by the payload schema below. */
export function rulesetFormSchema(type: RulesetType) {
  const condition = hasConditionTabs(type);
  return z
    .object({
      enabled: z.boolean(),
      name: z.string().trim().min(1, REQUIRED_MESSAGE).max(RULESET_NAME_MAX, RULESET_MESSAGES.nameTooLong),
      ticketFormId: z
        .number()
        .int()
        .nullable()
        .refine((id) => id !== null && id > 0, REQUIRED_MESSAGE),
      status: z.string().min(1, REQUIRED_MESSAGE),
      priority: z.string().nullable(),
      severity: z.string().nullable(),
      tags: z.array(tagNameSchema),
      useOwnerAsRequester: z.boolean(),
      resetStatus: z.string(),
      resetValue: z.number().int().min(0),
      resetUnit: z.enum(TIME_UNITS),
      createNewTicket: z.boolean(),
      retriggerStatus: z.string(),
      // Sent empty with a new ticket (§4.2): only checked when kept.
      retriggerTags: z.array(z.string()),
      retriggerPriority: z.string().nullable(),
      retriggerSeverity: z.string().nullable(),
    })
    .superRefine((form, ctx) => {
      if (!condition) return;
      if (!form.resetStatus) ctx.addIssue({ code: 'custom', path: ['resetStatus'], message: REQUIRED_MESSAGE });
      // §5.2: within the unit maximum, checked only when non-zero.
      const max = RESET_TIME_MAX[form.resetUnit];
      if (form.resetValue !== 0 && form.resetValue > max) ctx.addIssue({ code: 'custom', path: ['resetValue'], message: RULESET_MESSAGES.resetTooLarge(max) });
      // §5.2: the retrigger status is required unless createNewTicket is set; §4.2: it falls back to the trigger status.
      if (!form.createNewTicket && !(form.retriggerStatus || form.status)) ctx.addIssue({ code: 'custom', path: ['retriggerStatus'], message: REQUIRED_MESSAGE });
      if (!form.createNewTicket) {
        form.retriggerTags.forEach((tag, i) => {
          const problem = tagNameSchema.safeParse(tag);
          if (!problem.success) ctx.addIssue({ code: 'custom', path: ['retriggerTags', i], message: problem.error.issues[0]!.message });
        });
      }
    });
}

const payloadShape = z.strictObject({
  id: z.number().int().positive().optional(),
  enabled: z.boolean(),
  name: z.string().trim().min(1).max(RULESET_NAME_MAX),
  type: z.enum(RULESET_TYPES),
  conditionTriggerSettings: z.strictObject({
    ticketFormId: z.number().int().positive(),
    status: z.string().min(1).max(100),
    priority: z.string().max(100).nullable(),
    severity: z.string().max(100).nullable(),
    tags: z.array(tagNameSchema).max(100),
    useOwnerAsRequester: z.boolean(),
  }),
  conditionResetSettings: z
    .strictObject({
      status: z.string().min(1).max(100),
      time: z.strictObject({ value: z.number().int().positive().max(RESET_TIME_MAX.MINUTES), unit: z.enum(TIME_UNITS) }).nullable(),
    })
    .nullable(),
  conditionReTriggerSettings: z
    .strictObject({
      createNewTicket: z.boolean(),
      status: z.string().max(100).nullable(),
      tags: z.array(tagNameSchema).max(100),
      priority: z.string().max(100).nullable(),
      severity: z.string().max(100).nullable(),
    })
    .nullable(),
});

/** The save call's input: §5.2 again in the main process (the renderer is untrusted). */
export const rulesetPayloadSchema = payloadShape.superRefine((payload, ctx) => {
  const condition = payload.type === 'CONDITION_RULE';
  if (condition !== (payload.conditionResetSettings !== null) || condition !== (payload.conditionReTriggerSettings !== null)) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: 'Condition settings belong to condition rules only, and every condition rule has them.' });
  }
  const time = payload.conditionResetSettings?.time;
  if (time && time.value > RESET_TIME_MAX[time.unit]) ctx.addIssue({ code: 'custom', path: ['conditionResetSettings', 'time', 'value'], message: RULESET_MESSAGES.resetTooLarge(RESET_TIME_MAX[time.unit]) });
  const retrigger = payload.conditionReTriggerSettings;
  if (retrigger && !retrigger.createNewTicket && !retrigger.status) ctx.addIssue({ code: 'custom', path: ['conditionReTriggerSettings', 'status'], message: REQUIRED_MESSAGE });
});
export type RulesetPayload = z.infer<typeof payloadShape>;

/**
 * What is saved (§3.2, §4.2): the id only on update; condition settings only
 * for condition rules; the reset time null when its value is 0; with
 * createNewTicket the retrigger tags, priority and severity go empty or null;
 * a retrigger status left empty falls back to the trigger status.
 */
export function rulesetPayload(form: RulesetForm, type: RulesetType, id?: number): RulesetPayload {
  const condition = hasConditionTabs(type);
  return {
    ...(id !== undefined ? { id } : {}),
    enabled: form.enabled,
    name: form.name.trim(),
    type,
    conditionTriggerSettings: {
      ticketFormId: form.ticketFormId!,
      status: form.status,
      priority: form.priority,
      severity: form.severity,
      tags: form.tags,
      useOwnerAsRequester: form.useOwnerAsRequester,
    },
    conditionResetSettings: condition ? { status: form.resetStatus, time: form.resetValue === 0 ? null : { value: form.resetValue, unit: form.resetUnit } } : null,
    conditionReTriggerSettings: condition
      ? form.createNewTicket
        ? { createNewTicket: true, status: form.retriggerStatus || form.status, tags: [], priority: null, severity: null }
        : { createNewTicket: false, status: form.retriggerStatus || form.status, tags: form.retriggerTags, priority: form.retriggerPriority, severity: form.retriggerSeverity }
      : null,
  };
}

/** A copy (the lists' Copy): the same settings as new, ' (Copy)' after the name (§4.1's copy mode); a name then too long is the form's to flag. */
export function copyOfForm(form: RulesetForm): RulesetForm {
  return { ...form, name: `${form.name} (Copy)` };
}
