/** The ruleset modal's rules (spec/ticketing-automations-psa.md §2.2, §4.2, §5.2, §9.2). */
import { describe, expect, it } from 'vitest';
import type { TicketRuleset } from '../../src/shared/model/ticketing';
import { REQUIRED_MESSAGE } from '../../src/shared/rules/platform/messages';
import {
  changeResetUnit,
  copyOfForm,
  formOfRuleset,
  hasConditionTabs,
  newRulesetForm,
  RESET_TIME_MAX,
  RULESET_DESCRIPTION,
  rulesetFormSchema,
  rulesetPayload,
  rulesetPayloadSchema,
  rulesetTitle,
} from '../../src/shared/rules/ticketing/ruleset';

const errorsOf = (type: 'SCRIPT_RULE' | 'CONDITION_RULE', form: ReturnType<typeof newRulesetForm>) => {
  const result = rulesetFormSchema(type).safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('ticket ruleset modal rules', () => {
  it('titles and description (§2.2); the condition tabs only for condition rules', () => {
    expect(rulesetTitle('SCRIPT_RULE', false)).toBe('Add script rule automation');
    expect(rulesetTitle('CONDITION_RULE', true)).toBe('Edit condition rule automation');
    expect(rulesetTitle('ACTIVITY_RULE', false)).toBe('Add activity rule automation');
    expect(RULESET_DESCRIPTION).toBe('Configure the settings to be used on ticket creation and updates from conditions.');
    expect(hasConditionTabs('CONDITION_RULE')).toBe(true);
    expect(hasConditionTabs('SCRIPT_RULE')).toBe(false);
  });

  it('starts enabled with an empty name, form, status, priority and severity; HOURS, 0, createNewTicket false (§4.2)', () => {
    expect(newRulesetForm()).toMatchObject({ enabled: true, name: '', ticketFormId: null, status: '', priority: null, severity: null, resetUnit: 'HOURS', resetValue: 0, createNewTicket: false });
  });

  it('name, form and status are required, the name at most 50; condition rules need the reset status (§5.2)', () => {
    expect(errorsOf('SCRIPT_RULE', newRulesetForm())).toEqual({ name: REQUIRED_MESSAGE, ticketFormId: REQUIRED_MESSAGE, status: REQUIRED_MESSAGE });
    expect(REQUIRED_MESSAGE).toBe('Required');
    const valid = { ...newRulesetForm(), name: 'a', ticketFormId: 1, status: 'NEW' };
    expect(errorsOf('SCRIPT_RULE', valid)).toEqual({});
    expect(errorsOf('SCRIPT_RULE', { ...valid, name: 'n'.repeat(51) })).toEqual({ name: 'Max length for name is 50 chars' });
    expect(errorsOf('CONDITION_RULE', valid)).toEqual({ resetStatus: REQUIRED_MESSAGE });
  });

  it('the reset value: within its unit maximum only when non-zero; a unit change clamps it (§4.2, §9.2)', () => {
    expect(RESET_TIME_MAX).toEqual({ DAYS: 41, HOURS: 999, MINUTES: 59999 });
    const valid = { ...newRulesetForm(), name: 'a', ticketFormId: 1, status: 'NEW', resetStatus: 'CLOSED' };
    expect(errorsOf('CONDITION_RULE', { ...valid, resetValue: 1000 })).toEqual({ resetValue: 'Value must be less than or equal to 999' });
    expect(errorsOf('CONDITION_RULE', { ...valid, resetValue: 0 })).toEqual({});
    const minutes = { ...valid, resetUnit: 'MINUTES' as const, resetValue: 5000 };
    expect(changeResetUnit(minutes, 'HOURS')).toMatchObject({ resetUnit: 'HOURS', resetValue: 999 });
    expect(changeResetUnit(minutes, 'DAYS')).toMatchObject({ resetUnit: 'DAYS', resetValue: 41 });
    expect(changeResetUnit({ ...valid, resetValue: 12 }, 'DAYS').resetValue).toBe(12);
  });

  it('the retrigger status is required unless createNewTicket, and falls back to the trigger status (§4.2, §5.2)', () => {
    const valid = { ...newRulesetForm(), name: 'a', ticketFormId: 1, status: 'NEW', resetStatus: 'CLOSED' };
    expect(errorsOf('CONDITION_RULE', { ...valid, status: '' })).toMatchObject({ retriggerStatus: 'Required' });
    expect(errorsOf('CONDITION_RULE', { ...valid, status: '', createNewTicket: true }).retriggerStatus).toBeUndefined();
    expect(rulesetPayload(valid, 'CONDITION_RULE').conditionReTriggerSettings?.status).toBe('NEW');
  });

  it('the payload: the id only on update, condition settings only for condition rules, time null at 0, createNewTicket empties the rest', () => {
    const form = { ...newRulesetForm(), name: ' Disk ', ticketFormId: 2, status: 'NEW', tags: ['a'], resetStatus: 'CLOSED', retriggerStatus: 'OPEN', retriggerTags: ['b'], retriggerPriority: 'HIGH' };
    const script = rulesetPayload(form, 'SCRIPT_RULE');
    expect(script).not.toHaveProperty('id');
    expect(script).toMatchObject({ name: 'Disk', type: 'SCRIPT_RULE', conditionResetSettings: null, conditionReTriggerSettings: null });
    const condition = rulesetPayload(form, 'CONDITION_RULE', 7);
    expect(condition.id).toBe(7);
    expect(condition.conditionResetSettings).toEqual({ status: 'CLOSED', time: null });
    expect(condition.conditionReTriggerSettings).toEqual({ createNewTicket: false, status: 'OPEN', tags: ['b'], priority: 'HIGH', severity: null });
    expect(rulesetPayload({ ...form, createNewTicket: true }, 'CONDITION_RULE').conditionReTriggerSettings).toEqual({ createNewTicket: true, status: 'OPEN', tags: [], priority: null, severity: null });
    expect(rulesetPayloadSchema.safeParse(condition).success).toBe(true);
    // The main process checks §5.2 again: per-unit maximum, condition settings only (and always) for condition rules, a retrigger status.
    expect(rulesetPayloadSchema.safeParse({ ...condition, conditionResetSettings: { status: 'CLOSED', time: { value: 42, unit: 'DAYS' } } }).success).toBe(false);
    expect(rulesetPayloadSchema.safeParse({ ...condition, conditionResetSettings: { status: 'CLOSED', time: { value: 41, unit: 'DAYS' } } }).success).toBe(true);
    expect(rulesetPayloadSchema.safeParse({ ...condition, conditionReTriggerSettings: null }).success).toBe(false);
    expect(rulesetPayloadSchema.safeParse({ ...script, conditionResetSettings: { status: 'CLOSED', time: null } }).success).toBe(false);
    expect(rulesetPayloadSchema.safeParse({ ...condition, conditionReTriggerSettings: { ...condition.conditionReTriggerSettings!, status: null } }).success).toBe(false);
  });

  it('editing fills the form from the rule (retrigger status falling back); a copy is named " (Copy)" within 50', () => {
    const rule: TicketRuleset = {
      id: 3,
      enabled: false,
      name: 'n'.repeat(48),
      type: 'CONDITION_RULE',
      conditionTriggerSettings: { ticketFormId: 2, status: 'NEW', priority: null, severity: 'MAJOR', tags: ['x'], useOwnerAsRequester: true },
      conditionResetSettings: { status: 'CLOSED', time: { value: 3, unit: 'DAYS' } },
      conditionReTriggerSettings: { createNewTicket: false, status: null, tags: [], priority: null, severity: null },
    };
    const form = formOfRuleset(rule);
    expect(form).toMatchObject({ enabled: false, ticketFormId: 2, severity: 'MAJOR', resetValue: 3, resetUnit: 'DAYS', retriggerStatus: 'NEW', useOwnerAsRequester: true });
    // An unknown unit from a real instance reads as the default.
    expect(formOfRuleset({ ...rule, conditionResetSettings: { status: 'CLOSED', time: { value: 3, unit: 'WEEKS' } } }).resetUnit).toBe('HOURS');
    // A copy of a long name is flagged by the form, not cut into the same name.
    expect(copyOfForm(form).name).toBe(`${'n'.repeat(48)} (Copy)`);
    expect(errorsOf('CONDITION_RULE', { ...copyOfForm(form), resetStatus: 'CLOSED' })).toEqual({ name: 'Max length for name is 50 chars' });
    expect(copyOfForm({ ...form, name: 'Disk' }).name).toBe('Disk (Copy)');
  });
});
