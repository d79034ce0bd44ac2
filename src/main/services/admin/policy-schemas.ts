/**
 * Reading agent policies and their backup plans tolerantly (DESIGN "Real
 * instances"; spec/ticketing-automations-psa.md §3.5 Policy): numbers may come
 * as text, odd fields fall back, an unknown plan type or destination is kept
 * raw, names are cleaned and bounded (src/shared/rules/platform/server-text.ts),
 * schedules are read with `fromSaved`. A plan without an identifier cannot be
 * matched to its parent's nor edited: it is kept raw, in its place, and sent
 * back as it came on a save (./policies-service.ts). A policy without a
 * readable id cannot be read at all: the list skips and counts it.
 */
import { z } from 'zod';
import type { BackupPlan, BackupPlanSettings, Policy } from '../../../shared/model/admin';
import { POLICY_LIMITS } from '../../../shared/rules/admin/backup-policy';
import { fromSaved } from '../../../shared/rules/platform/schedule';
import { cleanText, NAME_MAX } from '../../../shared/rules/platform/server-text';
import { listIn } from '../platform/api/tolerant';
import { flagOf, linesOf, numeric, recordIdSchema, textOf } from '../platform/api/tolerant-fields';

/** A whole number in [min, max], else the fallback (a retention a server sent out of range is shown within it). */
const wholeIn = (min: number, max: number, fallback: number) => z.preprocess(numeric, z.number().int()).transform((n) => Math.min(max, Math.max(min, n))).catch(fallback);
const optionalId = z.preprocess(numeric, z.number().int().positive().max(2_147_483_647).nullable()).catch(null);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A list of paths, patterns or volumes: texts (a comma-separated text too), each kept as it is when it can be shown. */
function entriesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
  return list
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => cleanText(String(v), POLICY_LIMITS.entry))
    .filter(Boolean)
    .slice(0, POLICY_LIMITS.entries);
}

const settingsSchema = z.looseObject({
  enabled: flagOf(true),
  type: textOf(40),
  schedule: z.unknown().optional(),
  include: z.unknown().optional(),
  exclude: z.unknown().optional(),
  paths: z.unknown().optional(),
  volumes: z.unknown().optional(),
  destination: textOf(40),
  localPath: textOf(POLICY_LIMITS.localPath),
  retention: z.unknown().optional(),
});

/** A plan's settings (of the plan itself, or its parentPolicySettings). */
export function readSettings(value: unknown, now = new Date()): BackupPlanSettings {
  const s = settingsSchema.parse(record(value));
  const retention = record(s.retention);
  // What is backed up may come as include/exclude, or under paths or volumes ({ include, exclude } or a list).
  const selection = record(s.paths ?? s.volumes);
  const include = s.include ?? selection.include ?? (Array.isArray(s.paths) ? s.paths : Array.isArray(s.volumes) ? s.volumes : undefined);
  return {
    enabled: s.enabled,
    type: s.type.toUpperCase() || 'FILE_FOLDER',
    schedule: fromSaved(s.schedule, now),
    include: entriesOf(include),
    exclude: entriesOf(s.exclude ?? selection.exclude),
    destination: s.destination.toUpperCase() || 'CLOUD',
    localPath: s.localPath,
    retention: {
      versions: wholeIn(POLICY_LIMITS.versions.min, POLICY_LIMITS.versions.max, 30).parse(retention.versions ?? retention.keepVersions),
      days: wholeIn(POLICY_LIMITS.days.min, POLICY_LIMITS.days.max, 30).parse(retention.days ?? retention.keepDays),
    },
  };
}

/** One plan, or null when it has no identifier (kept raw by the caller). */
function readPlan(value: unknown, now: Date): BackupPlan | null {
  const raw = record(value);
  const identifier = textOf(POLICY_LIMITS.identifier).parse(raw.identifier ?? raw.name);
  if (!identifier) return null;
  const inheritance = record(raw.inheritance);
  const inherited = flagOf(false).parse(inheritance.inherited);
  const parentSettings = inheritance.parentPolicySettings;
  return {
    identifier,
    ...readSettings(raw, now),
    inheritance: {
      inherited,
      overridden: inherited && flagOf(false).parse(inheritance.overridden),
      sourcePolicyId: inherited ? optionalId.parse(inheritance.sourcePolicyId) : null,
      parentPolicySettings: inherited && typeof parentSettings === 'object' && parentSettings !== null ? readSettings(parentSettings, now) : null,
    },
  };
}

const policySchema = z.looseObject({
  id: recordIdSchema,
  name: textOf(NAME_MAX),
  description: linesOf(POLICY_LIMITS.description),
  enabled: flagOf(true),
  parentPolicyId: z.unknown().optional(),
  parentId: z.unknown().optional(),
  deviceCount: z.unknown().optional(),
  devices: z.unknown().optional(),
  backupPlans: z.unknown().optional(),
  plans: z.unknown().optional(),
});

export interface ReadPolicy {
  policy: Policy;
  /** Each of policy.backupPlans as the server sent it (its fields this console does not read are sent back on a save). */
  knownRaw: Array<Record<string, unknown>>;
  /** The plans it cannot read, as they came, with their places. */
  others: Array<{ index: number; raw: unknown }>;
  /** The policy as the server sent it. */
  raw: Record<string, unknown>;
}

/** A policy, or an exception when it cannot be read at all (no id): the list skips and counts it. */
export function readPolicy(value: unknown, now = new Date()): ReadPolicy {
  const p = policySchema.parse(value);
  const plans: BackupPlan[] = [];
  const knownRaw: Array<Record<string, unknown>> = [];
  const others: ReadPolicy['others'] = [];
  const list = listIn(p.backupPlans ?? p.plans) as unknown[];
  list.forEach((item, index) => {
    let plan: BackupPlan | null;
    try {
      plan = readPlan(item, now);
    } catch {
      plan = null;
    }
    if (plan) {
      plans.push(plan);
      knownRaw.push(record(item));
    } else others.push({ index, raw: item });
  });
  const count = numeric(p.deviceCount);
  const deviceCount = typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : Array.isArray(p.devices) ? p.devices.length : 0;
  const parent = optionalId.parse(p.parentPolicyId ?? p.parentId ?? null);
  const policy: Policy = {
    id: p.id,
    name: p.name || `Policy ${p.id}`,
    description: p.description,
    enabled: p.enabled,
    parentPolicyId: parent === p.id ? null : parent,
    deviceCount,
    backupPlans: plans,
    ...(others.length > 0 ? { unreadablePlans: others.length } : {}),
  };
  return { policy, knownRaw, others, raw: value as Record<string, unknown> };
}
