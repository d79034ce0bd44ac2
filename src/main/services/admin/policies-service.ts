/**
 * Agent policies with their backup plans (spec/ticketing-automations-psa.md
 * §3.5 Policy, §4.4, §8.4): the list (odd policies skipped and counted, each
 * row with its parent's name), one policy (NOT_FOUND 'This policy no longer
 * exists.' when it is gone: the editor's not-found state), saves (create,
 * copy, update, Revert as an update whose plan says overridden false) and
 * deletion (the server's refusal kept: policies inherit from it, devices use
 * it). Paths: src/shared/rules/admin/paths.ts.
 *
 * Nothing is lost on an update: the policy is first read as the server holds
 * it, and its fields this console does not read (and deviceCount aside), each
 * plan's own fields (matched by identifier), its schedule's own fields, its
 * inheritance's sourcePolicyId and parentPolicySettings, and the plans it
 * cannot read (in their places) are sent back. The server decides what is
 * inherited; the console only says whether an inherited plan is overridden.
 */
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { BackupPlan, Policy, PolicyRow } from '../../../shared/model/admin';
import { planKey, type BackupPlanPayload } from '../../../shared/rules/admin/backup-policy';
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { toSaved, type Schedule } from '../../../shared/rules/platform/schedule';
import { anyAnswer, listIn } from '../platform/api/tolerant';
import type { ApiClient } from '../platform/api/api-client';
import { AdminCalls } from './admin-calls';
import { otherFields, SCHEDULE_FIELDS, scheduleChecked } from './admin-schedule';
import { readPolicy, type ReadPolicy } from './policy-schemas';

const WHAT = 'the policy';
const GONE = 'This policy no longer exists.';

const recordOf = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A plan as the server holds it: as it came, and as the console read it. */
interface HeldPlan {
  raw: Record<string, unknown>;
  plan: BackupPlan;
}

/**
 * A plan on the wire, over the plan it continues as the server holds it (its own fields sent back). On an update,
 * whether it is inherited is what the console read, never what the renderer claims (a plan the policy did not
 * hold is its own); a new policy's plans are the server's to match with its parent's. Only an inherited plan can
 * be overridden.
 */
function wirePlan(plan: BackupPlanPayload, held: HeldPlan | undefined, update: boolean): Record<string, unknown> {
  const before = held?.raw ?? {};
  const inherited = update ? (held?.plan.inheritance.inherited ?? false) : plan.inheritance.inherited;
  const { identifier, enabled, type, include, exclude, destination, localPath, retention } = plan;
  return {
    ...before,
    identifier,
    enabled,
    type,
    schedule: { ...otherFields(before.schedule, SCHEDULE_FIELDS), ...toSaved(plan.schedule as Schedule) },
    include,
    exclude,
    destination,
    localPath: localPath.trim(),
    retention: { ...recordOf(before.retention), ...retention },
    inheritance: { ...recordOf(before.inheritance), inherited, overridden: inherited && plan.inheritance.overridden },
  };
}

/**
 * The edited plans over the ones they continue; an inherited plan the edit leaves out stays as the server holds
 * it (an inherited plan cannot be deleted), and the unreadable ones are put back where they were.
 */
function mergedPlans(plans: readonly BackupPlanPayload[], current: ReadPolicy | null): unknown[] {
  const heldPlans: HeldPlan[] = (current?.policy.backupPlans ?? []).map((plan, i) => ({ raw: current!.knownRaw[i] ?? {}, plan }));
  const held = new Map(heldPlans.map((entry) => [planKey(entry.plan.identifier), entry]));
  const list: unknown[] = plans.map((plan) => wirePlan(plan, held.get(planKey(plan.identifier)), current !== null));
  const sent = new Set(plans.map((plan) => planKey(plan.identifier)));
  heldPlans.forEach((entry, index) => {
    if (entry.plan.inheritance.inherited && !sent.has(planKey(entry.plan.identifier))) list.splice(Math.min(index, list.length), 0, entry.raw);
  });
  for (const other of current?.others ?? []) list.splice(Math.min(other.index, list.length), 0, other.raw);
  return list;
}

export class PoliciesService {
  private readonly calls: AdminCalls;

  constructor(api: () => ApiClient) {
    this.calls = new AdminCalls(api);
  }

  async list(): Promise<{ items: PolicyRow[]; skipped: number }> {
    const answer = await this.calls.read(ADMIN_PATHS.policies, anyAnswer);
    const read = (listIn(answer, 'content', 'items', 'policies') as unknown[]).map(readOrNull);
    const policies = read.filter((item): item is Policy => item !== null);
    const names = new Map(policies.map((p) => [p.id, p.name]));
    const items = policies.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      enabled: p.enabled,
      parentPolicyId: p.parentPolicyId,
      parentPolicyName: p.parentPolicyId === null ? '' : (names.get(p.parentPolicyId) ?? ''),
      deviceCount: p.deviceCount,
      planCount: p.backupPlans.length + (p.unreadablePlans ?? 0),
    }));
    return { items, skipped: read.length - items.length };
  }

  async get(id: number): Promise<Policy> {
    return (await this.readOne(id)).policy;
  }

  /** No id: create (or copy); with its id: update, the policy's and its plans' unknown fields kept. */
  async save(payload: CallArgs<'admin.policies.save'>): Promise<Policy> {
    const current = payload.id === undefined ? null : await this.readOne(payload.id);
    const heldInherited = new Set((current?.policy.backupPlans ?? []).filter((plan) => plan.inheritance.inherited).map((plan) => planKey(plan.identifier)));
    payload.backupPlans.forEach((plan) => {
      // A plan that follows its parent carries the parent's schedule: the parent's to check. Which plans are
      // inherited is what the console read (an update), not what the renderer says.
      const inherited = current === null ? plan.inheritance.inherited : heldInherited.has(planKey(plan.identifier));
      if (!inherited || plan.inheritance.overridden) scheduleChecked(plan.schedule as Schedule, `The policy was not saved: Plan '${plan.identifier}', schedule`);
    });
    const fields = { name: payload.name, description: payload.description, enabled: payload.enabled, parentPolicyId: payload.parentPolicyId };
    const read = (body: unknown) => readPolicy(body).policy;
    if (current === null) {
      return this.calls.send('POST', ADMIN_PATHS.policies, { what: WHAT, json: { ...fields, backupPlans: mergedPlans(payload.backupPlans, null) }, gone: GONE, read });
    }
    const id = payload.id ?? current.policy.id;
    const { deviceCount: _deviceCount, ...kept } = current.raw;
    const json = { ...kept, ...fields, id, backupPlans: mergedPlans(payload.backupPlans, current) };
    return this.calls.send('PUT', fillPath(ADMIN_PATHS.policy, { id }), { what: WHAT, json, gone: GONE, read });
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await this.calls.send('DELETE', fillPath(ADMIN_PATHS.policy, { id }), { what: WHAT, gone: GONE, read: () => null });
    return { deleted: true };
  }

  private async readOne(id: number): Promise<ReadPolicy> {
    const answer = await this.calls.read(fillPath(ADMIN_PATHS.policy, { id }), anyAnswer, undefined, GONE);
    try {
      return readPolicy(answer);
    } catch {
      throw new AppError('BAD_RESPONSE', 'The server sent this policy in a shape the console cannot read.');
    }
  }
}

/** One policy of the list, or null when it cannot be read (skipped and counted). */
function readOrNull(value: unknown): Policy | null {
  try {
    return readPolicy(value).policy;
  } catch {
    return null;
  }
}
