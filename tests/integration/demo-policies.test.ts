/**
 * The `admin.policies.*` channels through the console's router and services
 * against the demo server over real HTTP: the seeded tree and its device
 * counts, one policy, create, copy, an own plan updated, an inherited plan
 * overridden then reverted, an own plan deleted while an inherited one stays,
 * a parent's change flowing to a child and a grandchild, a refused delete,
 * not found, the failure switches, and tolerant reading of an odd policy
 * through a forwarder that rewrites the demo's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupPlan, Policy, PolicyRow } from '../../src/shared/model/admin';
import type { Device, Page } from '../../src/shared/model/devices';
import { copyPolicyName } from '../../src/shared/rules/admin/backup-policy';
import { editPlan, revertPlan, setPlanEnabled } from '../../src/shared/rules/admin/policy-inheritance';
import { toSavedInput } from '../../src/shared/rules/platform/schedule';
import { signedInOddInstance, type OddForwarder } from '../helpers/odd-forwarder';
import { signedInDemo, type TestServices } from '../helpers/services';

const ctx = signedInDemo();
const call = <T>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);
const switches = async (patch: Record<string, unknown>) => {
  const res = await fetch(`${ctx.demo().url}/__demo/admin`, { method: 'PATCH', headers: { 'x-demo-admin': 'demo-admin', 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.status).toBe(200);
};

/** What the editor sends: each plan's settings and inheritance flags. */
function planPayload(plan: BackupPlan) {
  const { identifier, enabled, type, schedule, include, exclude, destination, localPath, retention, inheritance } = plan;
  return { identifier, enabled, type, schedule: toSavedInput(schedule), include, exclude, destination, localPath, retention, inheritance: { inherited: inheritance.inherited, overridden: inheritance.overridden } };
}
function payloadOf(policy: Policy, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const { id, name, description, enabled, parentPolicyId, backupPlans } = policy;
  return { id, name, description, enabled, parentPolicyId, backupPlans: backupPlans.map(planPayload), ...changes };
}
const plan = (policy: Policy, identifier: string) => policy.backupPlans.find((p) => p.identifier === identifier)!;
const get = (id: number) => call<Policy>('admin.policies.get', { id });

describe('agent policies', () => {
  it('lists the seeded tree with parents and device counts; devices name their policy', async () => {
    const list = await call<{ items: PolicyRow[]; skipped: number }>('admin.policies.list');
    expect(list.skipped).toBe(0);
    expect(list.items.map((p) => [p.id, p.name, p.parentPolicyName])).toEqual([
      [1, 'Company baseline', ''],
      [2, 'Servers', 'Company baseline'],
      [3, 'Workstations', 'Company baseline'],
      [4, 'Accounting workstations', 'Workstations'],
      [5, 'Macs', ''],
    ]);
    const devices = ctx.demo().world.devices();
    for (const row of list.items) expect(row.deviceCount).toBe(devices.filter((d) => d.policyId === row.id).length);
    expect(list.items.find((p) => p.id === 2)!.deviceCount).toBeGreaterThan(0);
    const page = await call<Page<Device>>('devices.query', { page: 0, nodeId: 1 });
    expect(page.results[0]!.policyId).toBe(2);
    expect((await call<Page<Device>>('devices.query', { page: 0, nodeId: 10 })).results[0]!.policyId).toBeNull();
  });

  it('gets a policy with inherited, overridden and own plans; a plan of an unknown type kept raw', async () => {
    const servers = await get(2);
    expect(servers).toMatchObject({ name: 'Servers', parentPolicyId: 1, enabled: true });
    expect(servers.backupPlans.map((p) => [p.identifier, p.inheritance.inherited, p.inheritance.overridden])).toEqual([
      ['Documents', true, false],
      ['System image', true, true],
      ['SQL exports', false, false],
      ['Mail store', false, false],
    ]);
    expect(plan(servers, 'System image')).toMatchObject({ type: 'IMAGE', destination: 'LOCAL', localPath: 'E:\\Backups', inheritance: { sourcePolicyId: 1, parentPolicySettings: { destination: 'HYBRID', schedule: { repeats: 'WEEKLY' } } } });
    expect(plan(servers, 'Mail store').type).toBe('EXCHANGE_DATABASE');
    // The grandchild's plans come from the root, through Workstations' override.
    const accounting = await get(4);
    expect(plan(accounting, 'System image')).toMatchObject({ enabled: false, inheritance: { inherited: true, overridden: false, sourcePolicyId: 1 } });
    expect(plan(accounting, 'Ledger files').schedule).toMatchObject({ repeats: 'EVERY', scheduleInterval: 4 });
  });

  it('creates a child, copies it as "<name> (Copy)", updates an own plan and deletes it; an inherited plan cannot be deleted', async () => {
    const root = await get(1);
    const own = { ...planPayload(plan(root, 'Documents')), identifier: 'Scans', include: ['D:\\Scans'] };
    const created = await call<Policy>('admin.policies.save', { name: 'Branch office', description: 'Printers and scans', enabled: true, parentPolicyId: 1, backupPlans: [own] });
    expect(created.backupPlans.map((p) => [p.identifier, p.inheritance.inherited])).toEqual([
      ['Documents', true],
      ['System image', true],
      ['Scans', false],
    ]);
    expect(created.deviceCount).toBe(0);

    const copy = await call<Policy>('admin.policies.save', payloadOf(created, { id: undefined, name: copyPolicyName(created.name) }));
    expect(copy).toMatchObject({ name: 'Branch office (Copy)', parentPolicyId: 1 });
    expect(copy.id).not.toBe(created.id);
    expect(copy.backupPlans.map((p) => p.identifier)).toEqual(['Documents', 'System image', 'Scans']);

    const updated = await call<Policy>('admin.policies.save', payloadOf(created, { backupPlans: created.backupPlans.map((p) => planPayload(p.identifier === 'Scans' ? { ...p, exclude: ['*.bak'], retention: { versions: 5, days: 10 } } : p)) }));
    expect(plan(updated, 'Scans')).toMatchObject({ exclude: ['*.bak'], retention: { versions: 5, days: 10 } });

    // Deleting: the own plan goes; the inherited ones the body leaves out stay (the server keeps them).
    const without = await call<Policy>('admin.policies.save', payloadOf(updated, { backupPlans: [] }));
    expect(without.backupPlans.map((p) => p.identifier)).toEqual(['Documents', 'System image']);

    // A client cannot make its own plan inherited: one it claims is stored as its own.
    const claimed = await call<Policy>('admin.policies.save', payloadOf(without, { backupPlans: [...without.backupPlans.map(planPayload), { ...own, identifier: 'Claimed', inheritance: { inherited: true, overridden: false } }] }));
    expect(plan(claimed, 'Claimed').inheritance).toMatchObject({ inherited: false, sourcePolicyId: null });

    expect(await call('admin.policies.delete', { id: copy.id })).toEqual({ deleted: true });
    expect(await call('admin.policies.delete', { id: created.id })).toEqual({ deleted: true });
    await expect(get(created.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This policy no longer exists.' });
  });

  it('overrides an inherited plan with an edit, then reverts it to the parent settings', async () => {
    const workstations = await get(3);
    const documents = plan(workstations, 'Documents');
    expect(documents.inheritance.overridden).toBe(true);
    const reverted = await call<Policy>('admin.policies.save', payloadOf(workstations, { backupPlans: workstations.backupPlans.map((p) => planPayload(p.identifier === 'Documents' ? revertPlan(p) : p)) }));
    expect(plan(reverted, 'Documents')).toMatchObject({ exclude: ['*.tmp', '*.iso'], retention: { versions: 30, days: 90 }, inheritance: { inherited: true, overridden: false } });
    // Reverting is the body's overridden false: the server puts back the parent settings whatever settings come with it.
    const asked = await call<Policy>('admin.policies.save', payloadOf(reverted, { backupPlans: reverted.backupPlans.map((p) => ({ ...planPayload(p), ...(p.identifier === 'System image' ? { localPath: 'X:\\elsewhere', inheritance: { inherited: true, overridden: false } } : {}) })) }));
    expect(plan(asked, 'System image')).toMatchObject({ enabled: true, localPath: '\\\\nas01\\backups', inheritance: { overridden: false } });

    const edited = editPlan(plan(asked, 'Documents'), { schedule: { ...plan(asked, 'Documents').schedule, runAtHour: 5 } });
    expect(edited.inheritance.overridden).toBe(true);
    const overridden = await call<Policy>('admin.policies.save', payloadOf(asked, { backupPlans: asked.backupPlans.map((p) => planPayload(p.identifier === 'Documents' ? edited : p)) }));
    expect(plan(overridden, 'Documents')).toMatchObject({ schedule: { runAtHour: 5 }, inheritance: { overridden: true, parentPolicySettings: { schedule: { runAtHour: 2 } } } });
    // Disabling an inherited plan is an override too.
    const disabled = await call<Policy>('admin.policies.save', payloadOf(overridden, { backupPlans: overridden.backupPlans.map((p) => planPayload(p.identifier === 'System image' ? setPlanEnabled(p, false) : p)) }));
    expect(plan(disabled, 'System image')).toMatchObject({ enabled: false, inheritance: { overridden: true } });
  });

  it("a parent's change flows to children that did not override the plan, and to grandchildren", async () => {
    const root = await get(1);
    await call<Policy>('admin.policies.save', payloadOf(root, { backupPlans: root.backupPlans.map((p) => planPayload(p.identifier === 'Documents' ? { ...p, retention: { versions: 45, days: 120 } } : p)) }));
    const servers = await get(2);
    expect(plan(servers, 'Documents')).toMatchObject({ retention: { versions: 45, days: 120 }, inheritance: { overridden: false, parentPolicySettings: { retention: { versions: 45, days: 120 } } } });
    // Workstations overrode it (the test before): its own value stays, the new parent value beside it.
    const workstations = await get(3);
    expect(plan(workstations, 'Documents')).toMatchObject({ retention: { versions: 30, days: 90 }, inheritance: { overridden: true, parentPolicySettings: { retention: { versions: 45, days: 120 } } } });
    // The grandchild follows Workstations (its parent), which kept its override.
    const accounting = await get(4);
    expect(plan(accounting, 'Documents')).toMatchObject({ schedule: { runAtHour: 5 }, inheritance: { overridden: false, sourcePolicyId: 1 } });

    // A plan added to the root reaches every level; removed, it leaves them.
    const added = await call<Policy>('admin.policies.save', payloadOf(root, { backupPlans: [...root.backupPlans.map(planPayload), { ...planPayload(plan(root, 'Documents')), identifier: 'Logs', include: ['C:\\Logs'] }] }));
    expect(plan(await get(4), 'Logs')).toMatchObject({ include: ['C:\\Logs'], inheritance: { inherited: true, sourcePolicyId: 1 } });
    await call<Policy>('admin.policies.save', payloadOf(added, { backupPlans: added.backupPlans.filter((p) => p.identifier !== 'Logs').map(planPayload) }));
    expect((await get(4)).backupPlans.map((p) => p.identifier)).not.toContain('Logs');
  });

  it('refuses to delete a policy others inherit from or devices use, and what does not exist; the parent is chosen at creation', async () => {
    await expect(call('admin.policies.delete', { id: 1 })).rejects.toMatchObject({ code: 'CONFLICT', message: "The policy 'Company baseline' cannot be deleted: 'Servers', 'Workstations' inherit from it." });
    await expect(call('admin.policies.delete', { id: 5 })).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^The policy 'Macs' cannot be deleted: \d+ devices use it\.$/) });
    await expect(call('admin.policies.delete', { id: 4242 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This policy no longer exists.' });
    await expect(get(4242)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This policy no longer exists.' });
    const macs = await get(5);
    await expect(call('admin.policies.save', payloadOf(macs, { parentPolicyId: 1 }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The policy was not saved: Parent policy: the parent policy is chosen when the policy is created' });
    await expect(call('admin.policies.save', payloadOf(macs, { id: 4242 }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The contract refuses what is not a policy before any call.
    await expect(call('admin.policies.save', payloadOf(macs, { name: '' }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(call('admin.policies.get', { id: 'x' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(call('admin.policies.save', payloadOf(macs, { backupPlans: [{ ...planPayload(plan(macs, 'Home folders')), destination: 'LOCAL', localPath: '' }] }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('the switches make reads and saves fail', async () => {
    await switches({ failPolicies: true });
    await expect(call('admin.policies.list')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await expect(get(1)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await switches({ failPolicies: false, failPolicySave: true });
    const macs = await get(5);
    await expect(call('admin.policies.save', payloadOf(macs, { description: 'changed' }))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'The policy could not be saved (the server answered 500).' });
    await expect(call('admin.policies.delete', { id: 5 })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    await switches({ failPolicySave: false });
    expect((await get(5)).description).toBe(macs.description);
  });
});

/** A forwarder that sends the demo's policies as an odd instance might: policy 5 with fields and a plan of its own; its update (and policy 3's) kept in `sent`. */
function oddRewrites(): Parameters<typeof signedInOddInstance>[0] {
  const oddPolicy = (p: Record<string, unknown>) => ({
    ...p,
    enabled: 'false',
    region: 'eu-west',
    backupPlans: [
      ...(p.backupPlans as Array<Record<string, unknown>>).map((plan) => ({ ...plan, type: 'SQL_SERVER', destination: 'NAS', planUid: 'uid-7', retention: { versions: '12', days: 30, tier: 'cold' }, schedule: { ...(plan.schedule as object), timeZone: 'Europe/Paris' } })),
      { type: 'FILE_FOLDER', note: 'no identifier' },
    ],
  });
  return {
    kept: (path) => path === '/api/policies/5' || path === '/api/policies/3',
    rewrite: (path) =>
      path === '/api/policies'
        ? (json) => [...(json as Array<Record<string, unknown>>).map((p) => (p.id === 5 ? oddPolicy(p) : p.id === 2 ? { ...p, name: 'Servers\u202e\u0007 ', deviceCount: '7' } : p)), { name: 'No id' }, 42]
        : path === '/api/policies/5'
          ? (json) => oddPolicy(json as Record<string, unknown>)
          : null,
  };
}

describe('tolerant reading of an odd instance', () => {
  let forwarder: OddForwarder;
  let services: TestServices;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ services, forwarder, close } = await signedInOddInstance(oddRewrites()));
  });
  afterAll(async () => {
    await close?.();
  });

  it('skips and counts unreadable policies; cleans names; keeps unknown types and destinations raw', async () => {
    const list = await services.call<{ items: PolicyRow[]; skipped: number }>('admin.policies.list');
    expect(list.skipped).toBe(2);
    expect(list.items.find((p) => p.id === 2)).toMatchObject({ name: 'Servers', deviceCount: 7 });
    expect(list.items.find((p) => p.id === 5)).toMatchObject({ enabled: false, planCount: 2 });
    const macs = await services.call<Policy>('admin.policies.get', { id: 5 });
    expect(macs.unreadablePlans).toBe(1);
    expect(macs.backupPlans[0]).toMatchObject({ identifier: 'Home folders', type: 'SQL_SERVER', destination: 'NAS', retention: { versions: 12, days: 30 } });
  });

  it("an update sends back the policy's, each plan's and each schedule's own fields, and the plan it cannot read", async () => {
    const macs = await services.call<Policy>('admin.policies.get', { id: 5 });
    await services.call('admin.policies.save', payloadOf(macs, { description: 'changed' }));
    const body = forwarder.sent.get('/api/policies/5') as { description: string; region: string; deviceCount?: unknown; backupPlans: Array<Record<string, unknown>> };
    expect(body).toMatchObject({ description: 'changed', region: 'eu-west' });
    expect(body.deviceCount).toBeUndefined();
    expect(body.backupPlans).toEqual([
      expect.objectContaining({ identifier: 'Home folders', type: 'SQL_SERVER', destination: 'NAS', planUid: 'uid-7', retention: { versions: 12, days: 30, tier: 'cold' }, schedule: expect.objectContaining({ timeZone: 'Europe/Paris', runAtHour: 12 }) }),
      { type: 'FILE_FOLDER', note: 'no identifier' },
    ]);
  });

  it('an update keeps the inherited plans it leaves out, and sends a plan the policy did not hold as its own whatever the renderer claims', async () => {
    const workstations = await services.call<Policy>('admin.policies.get', { id: 3 });
    const inherited = workstations.backupPlans.filter((p) => p.inheritance.inherited).map((p) => p.identifier);
    expect(inherited.length).toBeGreaterThan(0);
    const claimed = { ...planPayload(workstations.backupPlans[0]!), identifier: 'Claimed', include: ['C:\\Claimed'], inheritance: { inherited: true, overridden: true } };
    await services.call('admin.policies.save', payloadOf(workstations, { backupPlans: [claimed] }));
    const body = forwarder.sent.get('/api/policies/3') as { backupPlans: Array<{ identifier: string; inheritance: Record<string, unknown> }> };
    expect(body.backupPlans.map((p) => p.identifier)).toEqual([...inherited, 'Claimed']);
    expect(body.backupPlans.find((p) => p.identifier === 'Claimed')!.inheritance).toMatchObject({ inherited: false, overridden: false });
    for (const identifier of inherited) expect(body.backupPlans.find((p) => p.identifier === identifier)!.inheritance).toMatchObject({ inherited: true });
  });
});
