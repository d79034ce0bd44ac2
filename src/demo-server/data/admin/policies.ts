/**
 * The demo's agent policies (spec/ticketing-automations-psa.md §3.5 Policy,
 * §4.4): a tree with backup plans inherited at each level, some overridden
 * already, and the checks of a save. The inheritance is the console's own
 * rules (src/shared/rules/admin/policy-inheritance.ts): the server decides
 * which plans are inherited and computes each one's parentPolicySettings; a
 * parent's change flows down to the children that did not override the plan,
 * and on to theirs (../../data/admin/store.ts).
 *
 * Seeded: 1 'Company baseline' (root: 'Documents', 'System image'); 2
 * 'Servers' (child of 1: 'System image' overridden, own 'SQL exports' and
 * 'Mail store' of a type this console does not know); 3 'Workstations' (child
 * of 1: 'Documents' overridden, 'System image' disabled, an override); 4
 * 'Accounting workstations' (child of 3: both inherited as 3 has them, not
 * overridden; own 'Ledger files'); 5 'Macs' (standalone: 'Home folders').
 */
import { z } from 'zod';
import type { BackupPlan, BackupPlanSettings, Policy } from '../../../shared/model/admin';
import type { NodeClass } from '../../../shared/model/devices';
import { backupPlanPayloadSchema, policyPayloadSchema, POLICY_LIMITS } from '../../../shared/rules/admin/backup-policy';
import { inheritPlans, ownPlan, type SubmittedPlan } from '../../../shared/rules/admin/policy-inheritance';
import type { Schedule } from '../../../shared/rules/platform/schedule';
import { badRequest } from '../../http';
import { issuesMessage } from '../../routes/params';

/** A policy as the demo stores it (deviceCount is computed when it is sent). */
export type StoredPolicy = Omit<Policy, 'deviceCount' | 'unreadablePlans'>;

const schedule = (fields: Partial<Schedule>): Schedule => ({
  repeats: 'DAILY',
  repeatsEveryCount: 1,
  daysOfWeek: [],
  dayOfMonth: 1,
  scheduleInterval: null,
  startDate: Date.UTC(2026, 0, 1),
  runAtHour: 2,
  runAtMinute: 0,
  end: { type: 'NEVER', endDate: null, occurenceCount: null },
  ...fields,
});

const settings = (fields: Partial<BackupPlanSettings> & Pick<BackupPlanSettings, 'type' | 'include'>): BackupPlanSettings => ({
  enabled: true,
  schedule: schedule({}),
  exclude: [],
  destination: 'CLOUD',
  localPath: '',
  retention: { versions: 30, days: 90 },
  ...fields,
});

const DOCUMENTS = settings({ type: 'FILE_FOLDER', include: ['C:\\Users\\*\\Documents', 'C:\\Users\\*\\Desktop'], exclude: ['*.tmp', '*.iso'] });
const SYSTEM_IMAGE = settings({
  type: 'IMAGE',
  include: ['C:'],
  schedule: schedule({ repeats: 'WEEKLY', daysOfWeek: ['SUN'], runAtHour: 1 }),
  destination: 'HYBRID',
  localPath: '\\\\nas01\\backups',
  retention: { versions: 4, days: 30 },
});

/** An inherited plan the child has overridden with these settings (inheritPlans fills in the rest). */
const overridden = (identifier: string, own: BackupPlanSettings): BackupPlan => ({ identifier, ...own, inheritance: { inherited: true, overridden: true, sourcePolicyId: null, parentPolicySettings: null } });

export function seededPolicies(): StoredPolicy[] {
  const root: StoredPolicy = {
    id: 1,
    name: 'Company baseline',
    description: 'What every managed Windows device backs up.',
    enabled: true,
    parentPolicyId: null,
    backupPlans: [ownPlan('Documents', DOCUMENTS), ownPlan('System image', SYSTEM_IMAGE)],
  };
  const servers: StoredPolicy = {
    id: 2,
    name: 'Servers',
    description: 'Nightly local images and the SQL exports.',
    enabled: true,
    parentPolicyId: 1,
    backupPlans: inheritPlans(root.backupPlans, 1, [
      overridden('System image', { ...SYSTEM_IMAGE, schedule: schedule({ runAtHour: 23 }), destination: 'LOCAL', localPath: 'E:\\Backups' }),
      ownPlan('SQL exports', settings({ type: 'FILE_FOLDER', include: ['D:\\SQL\\Exports'], schedule: schedule({ runAtHour: 3, runAtMinute: 30 }), destination: 'HYBRID', localPath: '\\\\nas01\\sql', retention: { versions: 14, days: 30 } })),
      // A type this console does not know: shown raw, kept as it is.
      ownPlan('Mail store', settings({ type: 'EXCHANGE_DATABASE', include: ['Mailbox Database 01'], schedule: schedule({ repeats: 'WEEKLY', daysOfWeek: ['SAT'], runAtHour: 22 }) })),
    ]),
  };
  const workstations: StoredPolicy = {
    id: 3,
    name: 'Workstations',
    description: 'Desks and laptops.',
    enabled: true,
    parentPolicyId: 1,
    backupPlans: inheritPlans(root.backupPlans, 1, [
      overridden('Documents', { ...DOCUMENTS, exclude: ['*.tmp', '*.iso', '*.mp4'], retention: { versions: 60, days: 180 } }),
      overridden('System image', { ...SYSTEM_IMAGE, enabled: false }),
    ]),
  };
  const accounting: StoredPolicy = {
    id: 4,
    name: 'Accounting workstations',
    description: 'Workstations that hold the ledger.',
    enabled: true,
    parentPolicyId: 3,
    backupPlans: inheritPlans(workstations.backupPlans, 3, [
      ownPlan('Ledger files', settings({ type: 'FILE_FOLDER', include: ['D:\\Ledger'], schedule: schedule({ repeats: 'HOURLY', repeatsEveryCount: 4, scheduleInterval: 4, runAtHour: 0 }), retention: { versions: 90, days: 365 } })),
    ]),
  };
  const macs: StoredPolicy = {
    id: 5,
    name: 'Macs',
    description: 'A standalone policy for the design team.',
    enabled: true,
    parentPolicyId: null,
    backupPlans: [ownPlan('Home folders', settings({ type: 'FILE_FOLDER', include: ['/Users'], exclude: ['~/Library/Caches'], schedule: schedule({ runAtHour: 12, runAtMinute: 30 }), retention: { versions: 30, days: 60 } }))],
  };
  return [root, servers, workstations, accounting, macs];
}

/**
 * The seeded policy of a demo device: the four showcase devices each their own (1 Servers, 2 Workstations, 3 Macs,
 * 4 Accounting workstations); then by class, every tenth device without one.
 */
export function seededPolicyOfDevice(id: number, nodeClass: NodeClass): number | null {
  const showcase = [2, 3, 5, 4][id - 1];
  if (showcase !== undefined) return showcase;
  if (id % 10 === 0) return null;
  if (nodeClass === 'WINDOWS_SERVER') return 2;
  if (nodeClass === 'WINDOWS_WORKSTATION') return id % 3 === 0 ? 4 : 3;
  return 5;
}

const wirePlan = z.looseObject({
  identifier: z.unknown(),
  enabled: z.unknown(),
  type: z.unknown(),
  schedule: z.unknown(),
  include: z.unknown(),
  exclude: z.unknown(),
  destination: z.unknown(),
  localPath: z.unknown().optional(),
  retention: z.unknown(),
  inheritance: z.looseObject({ inherited: z.unknown().optional(), overridden: z.unknown().optional() }).optional(),
});

const wireBody = z.looseObject({
  id: z.number().int().positive().optional(),
  name: z.unknown(),
  description: z.unknown(),
  enabled: z.unknown(),
  parentPolicyId: z.unknown(),
  backupPlans: z.array(wirePlan).max(POLICY_LIMITS.plans),
});

export interface CheckedPolicy {
  name: string;
  description: string;
  enabled: boolean;
  parentPolicyId: number | null;
  plans: SubmittedPlan[];
}

/** What a save asks: the shared payload rules on the fields; 400 with the first issues otherwise. */
export function checkedPolicy(body: unknown, id: number | null): CheckedPolicy {
  const wire = wireBody.safeParse(body);
  if (!wire.success) throw badRequest(issuesMessage(wire.error));
  const parsed = policyPayloadSchema.safeParse({
    ...(id === null ? {} : { id }),
    name: wire.data.name,
    description: wire.data.description ?? '',
    enabled: wire.data.enabled,
    parentPolicyId: wire.data.parentPolicyId ?? null,
    backupPlans: wire.data.backupPlans.map((plan) => ({
      identifier: plan.identifier,
      enabled: plan.enabled,
      type: plan.type,
      schedule: plan.schedule,
      include: plan.include,
      exclude: plan.exclude,
      destination: plan.destination,
      localPath: plan.localPath ?? '',
      retention: plan.retention,
      inheritance: { inherited: plan.inheritance?.inherited === true, overridden: plan.inheritance?.overridden === true },
    })),
  });
  if (!parsed.success) throw badRequest(issuesMessage(parsed.error));
  const { name, description, enabled, parentPolicyId, backupPlans } = parsed.data;
  return { name, description, enabled, parentPolicyId, plans: backupPlans.map((plan) => ({ ...plan, schedule: plan.schedule as Schedule })) };
}

/** An own plan as stored must hold what an own plan needs (a client's "inherited" claim skipped those checks). */
export function checkOwnPlans(plans: readonly BackupPlan[]): void {
  plans.forEach((plan, index) => {
    if (plan.inheritance.inherited) return;
    const parsed = backupPlanPayloadSchema.safeParse({ ...plan, inheritance: { inherited: false, overridden: false } });
    if (!parsed.success) throw badRequest(issuesMessage(parsed.error, `backupPlans[${index}]`));
  });
}
