/** The inheritance of backup plans between policies (ticketing spec §3.5, §4.4): override, revert, deletion, the flow of a parent's change. */
import { describe, expect, it } from 'vitest';
import type { BackupPlan, BackupPlanSettings } from '../../src/shared/model/admin';
import { backupPlanPayloadSchema, copyPolicyName, POLICY_MESSAGES, policyPayloadSchema } from '../../src/shared/rules/admin/backup-policy';
import { canBeParent, changedFields, deletePlan, descendantIds, editPlan, inheritPlans, ownPlan, planDeletion, revertPlan, setPlanEnabled, submittedPlans } from '../../src/shared/rules/admin/policy-inheritance';
import { defaultSchedule, toSavedInput } from '../../src/shared/rules/platform/schedule';

const DAILY = { ...defaultSchedule(), repeats: 'DAILY', runAtHour: 2, startDate: Date.UTC(2026, 0, 1) };
const DOCUMENTS: BackupPlanSettings = { enabled: true, type: 'FILE_FOLDER', schedule: DAILY, include: ['C:\\Users'], exclude: ['*.tmp'], destination: 'CLOUD', localPath: '', retention: { versions: 30, days: 90 } };
const IMAGE: BackupPlanSettings = { ...DOCUMENTS, type: 'IMAGE', include: ['C:'], exclude: [], destination: 'HYBRID', localPath: '\\\\nas\\b' };

const root = [ownPlan('Documents', DOCUMENTS), ownPlan('System image', IMAGE)];
const child = () => inheritPlans(root, 1, [ownPlan('SQL', { ...DOCUMENTS, include: ['D:\\SQL'] })]);
const byName = (plans: readonly BackupPlan[], name: string) => plans.find((p) => p.identifier === name)!;

describe('inheriting plans', () => {
  it('a child inherits each parent plan, with the parent as source and its settings beside; its own plans after them', () => {
    const plans = child();
    expect(plans.map((p) => p.identifier)).toEqual(['Documents', 'System image', 'SQL']);
    expect(byName(plans, 'Documents').inheritance).toEqual({ inherited: true, overridden: false, sourcePolicyId: 1, parentPolicySettings: DOCUMENTS });
    expect(byName(plans, 'SQL').inheritance).toEqual({ inherited: false, overridden: false, sourcePolicyId: null, parentPolicySettings: null });
  });

  it('an edit of an inherited plan overrides it; one that brings every field back to the parent is not an override', () => {
    const documents = byName(child(), 'Documents');
    const edited = editPlan(documents, { schedule: { ...DAILY, runAtHour: 4 } });
    expect(edited.inheritance.overridden).toBe(true);
    expect(changedFields(edited)).toEqual(['schedule']);
    const back = editPlan(edited, { schedule: DAILY });
    expect(back.inheritance.overridden).toBe(false);
    expect(changedFields(back)).toEqual([]);
    // An own plan is never overridden.
    expect(editPlan(byName(child(), 'SQL'), { enabled: false }).inheritance.overridden).toBe(false);
  });

  it('the same schedule saved (EVERY as HOURLY) is not a change', () => {
    const every = { ...DAILY, repeats: 'EVERY', scheduleInterval: 4, repeatsEveryCount: 1 };
    const parent = { ...DOCUMENTS, schedule: every };
    const [plan] = inheritPlans([ownPlan('Documents', parent)], 1, []);
    expect(editPlan(plan!, { schedule: { ...every, ...toSavedInput(every) } }).inheritance.overridden).toBe(false);
  });

  it('disabling an inherited plan is an override; enabling it again is not', () => {
    const image = byName(child(), 'System image');
    const disabled = setPlanEnabled(image, false);
    expect(disabled.inheritance.overridden).toBe(true);
    expect(changedFields(disabled)).toEqual(['enabled']);
    expect(setPlanEnabled(disabled, true).inheritance.overridden).toBe(false);
  });

  it('revert puts back the parent settings and clears overridden', () => {
    const edited = editPlan(byName(child(), 'Documents'), { exclude: [], retention: { versions: 5, days: 5 } });
    const reverted = revertPlan(edited);
    expect(reverted).toMatchObject({ ...DOCUMENTS, inheritance: { inherited: true, overridden: false, sourcePolicyId: 1 } });
    const own = byName(child(), 'SQL');
    expect(revertPlan(own)).toBe(own);
  });

  it('only own plans can be deleted; an inherited one says why', () => {
    const plans = child();
    expect(planDeletion(byName(plans, 'SQL'))).toEqual({ deletable: true });
    expect(planDeletion(byName(plans, 'Documents'))).toEqual({ deletable: false, reason: POLICY_MESSAGES.inheritedCannotBeDeleted });
    expect(deletePlan(plans, 'sql').map((p) => p.identifier)).toEqual(['Documents', 'System image']);
    expect(deletePlan(plans, 'Documents')).toHaveLength(3);
  });

  it("a parent's change flows to children that did not override the plan, and on to grandchildren; an override stays, the new parent values beside it", () => {
    const withOverride = child().map((p) => (p.identifier === 'System image' ? setPlanEnabled(p, false) : p));
    const grandchild = inheritPlans(withOverride, 2, []);
    expect(byName(grandchild, 'System image')).toMatchObject({ enabled: false, inheritance: { inherited: true, overridden: false, sourcePolicyId: 1 } });

    const changedRoot = root.map((p) => ({ ...p, retention: { versions: 7, days: 14 } }));
    const nextChild = inheritPlans(changedRoot, 1, withOverride);
    expect(byName(nextChild, 'Documents')).toMatchObject({ retention: { versions: 7, days: 14 }, inheritance: { overridden: false } });
    expect(byName(nextChild, 'System image')).toMatchObject({ enabled: false, retention: { versions: 30, days: 90 }, inheritance: { overridden: true, parentPolicySettings: { retention: { versions: 7, days: 14 } } } });
    const nextGrandchild = inheritPlans(nextChild, 2, grandchild);
    expect(byName(nextGrandchild, 'Documents')).toMatchObject({ retention: { versions: 7, days: 14 }, inheritance: { sourcePolicyId: 1, parentPolicySettings: { retention: { versions: 7, days: 14 } } } });

    // A plan the parent no longer has is gone from its children; a new one arrives.
    const fewer = inheritPlans([ownPlan('Logs', DOCUMENTS)], 1, withOverride);
    expect(fewer.map((p) => p.identifier)).toEqual(['Logs', 'SQL']);
  });

  it("a child's own plan of the same identifier shadows the parent's", () => {
    const plans = inheritPlans(root, 1, [ownPlan('documents', { ...DOCUMENTS, include: ['E:\\'] })]);
    expect(plans.map((p) => [p.identifier, p.inheritance.inherited])).toEqual([
      ['System image', true],
      ['documents', false],
    ]);
  });

  it('the server keeps inherited plans its own: omitted ones stay, overridden false reverts, a claimed inherited plan is own', () => {
    const inherited = child().filter((p) => p.inheritance.inherited);
    const overriddenImage = setPlanEnabled(byName(inherited, 'System image'), false);
    const submitted = [
      { ...overriddenImage, inheritance: { overridden: true } },
      { identifier: 'Fake', ...DOCUMENTS, inheritance: { overridden: false } },
    ];
    const plans = submittedPlans(submitted, inherited);
    expect(plans.map((p) => [p.identifier, p.inheritance.inherited, p.inheritance.overridden])).toEqual([
      ['Documents', true, false],
      ['System image', true, true],
      ['Fake', false, false],
    ]);
    const reverted = submittedPlans([{ ...overriddenImage, inheritance: { overridden: false } }], [overriddenImage]);
    expect(reverted[0]).toMatchObject({ enabled: true, inheritance: { overridden: false } });
  });
});

describe('the tree and the payload', () => {
  const tree = [
    { id: 1, parentPolicyId: null },
    { id: 2, parentPolicyId: 1 },
    { id: 3, parentPolicyId: 1 },
    { id: 4, parentPolicyId: 3 },
    { id: 5, parentPolicyId: null },
  ];

  it('descendants come parents first; a policy cannot be its own ancestor', () => {
    expect(descendantIds(tree, 1)).toEqual([2, 3, 4]);
    expect(descendantIds([...tree, { id: 6, parentPolicyId: 6 }], 6)).toEqual([]);
    expect(canBeParent(tree, 3, 4)).toBe(false);
    expect(canBeParent(tree, 3, 3)).toBe(false);
    expect(canBeParent(tree, 3, 5)).toBe(true);
    expect(canBeParent(tree, null, 4)).toBe(true);
    expect(canBeParent(tree, null, 99)).toBe(false);
  });

  it('plans need what they back up and a local path when local; identifiers are unique; the copy is named "(Copy)"', () => {
    const plan = { identifier: 'P', ...DOCUMENTS, schedule: toSavedInput(DAILY), inheritance: { inherited: false, overridden: false } };
    expect(backupPlanPayloadSchema.safeParse(plan).success).toBe(true);
    const issues = (value: unknown) => backupPlanPayloadSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...plan, include: [] })).toEqual([['include', POLICY_MESSAGES.needsPath]]);
    expect(issues({ ...plan, type: 'IMAGE', include: [] })).toEqual([['include', POLICY_MESSAGES.needsVolume]]);
    expect(issues({ ...plan, destination: 'LOCAL' })).toEqual([['localPath', POLICY_MESSAGES.needsLocalPath]]);
    // An unknown type is not checked there; an inherited plan that follows its parent is the parent's to check.
    expect(issues({ ...plan, type: 'SQL_SERVER', include: [] })).toBeUndefined();
    expect(issues({ ...plan, include: [], inheritance: { inherited: true, overridden: false } })).toBeUndefined();
    const policy = { name: 'P', description: '', enabled: true, parentPolicyId: null, backupPlans: [plan, { ...plan, identifier: ' p ' }] };
    expect(policyPayloadSchema.safeParse(policy).error?.issues.map((i) => i.path.join('.'))).toEqual(['backupPlans.1.identifier']);
    expect(policyPayloadSchema.safeParse({ ...policy, id: 3, parentPolicyId: 3, backupPlans: [] }).success).toBe(false);
    expect(copyPolicyName('Servers')).toBe('Servers (Copy)');
    expect(copyPolicyName('x'.repeat(100))).toHaveLength(100);
  });
});
