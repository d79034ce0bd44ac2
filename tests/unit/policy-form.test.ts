/**
 * The policy editor's form (ticketing spec §3.5, §4.4): the payload a save sends (checked by the contract's own
 * schema), the copy, a new plan, the parent's values as shown, and the errors of the plan dialog and the policy
 * form at the paths that show them.
 */
import { describe, expect, it } from 'vitest';
import type { BackupPlan, Policy } from '../../src/shared/model/admin';
import { POLICY_MESSAGES, policyPayloadSchema } from '../../src/shared/rules/admin/backup-policy';
import { editPlan, inheritPlans, ownPlan } from '../../src/shared/rules/admin/policy-inheritance';
import { fieldErrors, tabsWithErrors } from '../../src/renderer/src/components/form/form-state';
import { copyPayload, formOfPolicy, freePlanName, newPlan, payloadOfForm, planFormSchema, policyFormSchema, settingText } from '../../src/renderer/src/features/admin/policies/policy-form';

const now = new Date(2026, 10, 27, 8, 40);
const plan = (identifier: string, changes: Partial<BackupPlan> = {}): BackupPlan => ({ ...newPlan(identifier, now), include: ['C:\\Data'], ...changes });
const parentPlans = [plan('Documents', { schedule: { ...newPlan('x', now).schedule, runAtHour: 2 } })];
const policy: Policy = {
  id: 7,
  name: 'Servers',
  description: 'd',
  enabled: true,
  parentPolicyId: 1,
  deviceCount: 3,
  backupPlans: inheritPlans(parentPlans, 1, [plan('SQL')]),
};

describe('the policy form', () => {
  it('sends what the contract takes; a copy is "<name> (Copy)" under the same parent, without an id', () => {
    const payload = payloadOfForm(formOfPolicy(policy), policy.id);
    expect(policyPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload.backupPlans.map((p) => [p.identifier, p.inheritance])).toEqual([
      ['Documents', { inherited: true, overridden: false }],
      ['SQL', { inherited: false, overridden: false }],
    ]);
    const copy = copyPayload(policy);
    expect(copy).toMatchObject({ name: 'Servers (Copy)', parentPolicyId: 1 });
    expect('id' in copy).toBe(false);
  });

  it('a new plan starts tomorrow at 02:00, daily, to the cloud; its name is free', () => {
    const fresh = newPlan('New plan', now);
    expect(fresh.schedule).toMatchObject({ repeats: 'DAILY', runAtHour: 2, runAtMinute: 0, startDate: new Date(2026, 10, 28).getTime() });
    expect(fresh).toMatchObject({ enabled: true, type: 'FILE_FOLDER', destination: 'CLOUD', retention: { versions: 30, days: 90 }, inheritance: { inherited: false } });
    expect(freePlanName([plan('New plan'), plan('new plan 2')])).toBe('New plan 3');
  });

  it("the parent's value reads as the editor shows it", () => {
    const settings = parentPlans[0]!;
    expect(settingText('schedule', settings)).toBe('Daily at 02:00');
    expect(settingText('enabled', { ...settings, enabled: false })).toBe('Disabled');
    expect(settingText('destination', { ...settings, destination: 'HYBRID' })).toBe('Hybrid');
    expect(settingText('destination', { ...settings, destination: 'NAS' })).toBe('NAS');
    expect(settingText('exclude', settings)).toBe('None');
    expect(settingText('retention', settings)).toBe('30 versions, kept 90 days');
  });

  it('the plan dialog: a taken name, nothing backed up, a local destination without a path, a weekly schedule without a day', () => {
    const schema = planFormSchema({ loadedStartDate: null, otherIdentifiers: ['SQL'], now: () => now });
    const bad = { ...plan('sql', { include: [], destination: 'LOCAL' }), schedule: { ...newPlan('x', now).schedule, repeats: 'WEEKLY', daysOfWeek: [] } };
    expect(fieldErrors(schema, bad)).toMatchObject({ identifier: POLICY_MESSAGES.identifierTaken, include: POLICY_MESSAGES.needsPath, localPath: POLICY_MESSAGES.needsLocalPath, 'schedule.daysOfWeek': expect.any(String) });
    expect(fieldErrors(schema, plan('Other'))).toEqual({});
  });

  it("the policy form: a plan's problems are the Backup tab's; an inherited plan that follows its parent is not checked here", () => {
    const schema = policyFormSchema({ loadedStartDates: new Map(), now: () => now });
    const form = { ...formOfPolicy(policy), name: '', backupPlans: [...policy.backupPlans, ownPlan('Empty', { ...plan('x'), include: [] })] };
    const errors = fieldErrors(schema, form);
    expect(errors).toMatchObject({ name: POLICY_MESSAGES.required, 'backupPlans.2.include': POLICY_MESSAGES.needsPath });
    expect(tabsWithErrors(errors, [{ id: 'general', fields: ['name'] }, { id: 'backup', fields: ['backupPlans'] }])).toEqual(['general', 'backup']);
    // An override of an inherited plan is checked like an own plan.
    const overridden = editPlan(policy.backupPlans[0]!, { include: [] });
    expect(fieldErrors(schema, { ...formOfPolicy(policy), backupPlans: [overridden] })).toEqual({ 'backupPlans.0.include': POLICY_MESSAGES.needsPath });
  });
});
