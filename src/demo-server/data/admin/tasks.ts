/**
 * The demo's scheduled tasks (spec/ticketing-automations-psa.md
 * §3.5 Scheduled task, §9.4 default task): as the wire carries them (actions
 * under scripts.actionList, a script action's values as scriptVariables), the
 * seeded ones, and the checks of a save: the shared payload rules
 * (src/shared/rules/admin/scheduled-task.ts, script-variables.ts) on the
 * actions this console knows, then the scripts and targets must exist. An
 * action of another type (the seeded PATCH_SCAN) is kept as sent, as a real
 * instance's newer action types would be.
 */
import { z } from 'zod';
import type { ScriptVariable } from '../../../shared/model/admin';
import { scheduledTaskPayloadSchema, TASK_LIMITS, TASK_MESSAGES, taskActionSchema } from '../../../shared/rules/admin/scheduled-task';
import { variableProblems } from '../../../shared/rules/admin/script-variables';
import { fromSaved, nextRuns } from '../../../shared/rules/platform/schedule';
import { badRequest } from '../../http';
import { issuesMessage } from '../../routes/params';
import { DEMO_SCRIPTS } from './catalogue';
import { DEVICE_GROUPS } from '../psa/psa';
import { rngFor } from '../random';
import type { DemoWorld } from '../world';

type WireAction = { type: string } & Record<string, unknown>;

interface WireTarget {
  scheduledTaskId: number;
  targetType: string;
  targetId: number;
  name: string;
}

export interface WireTask {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  runsOnNodeScheduledTask: boolean;
  scripts: { actionList: WireAction[] };
  schedule: Record<string, unknown>;
  targets: WireTarget[];
  nextRun: number | null;
}

const KNOWN_ACTION_TYPES = ['SCRIPT', 'DEFRAG', 'WINDOWS_SERVICE'];

const schedule = (fields: Record<string, unknown>) => ({
  repeats: 'MONTHLY',
  repeatsEveryCount: 1,
  daysOfWeek: [],
  dayOfMonth: 1,
  weekOfMonth: null,
  scheduleInterval: null,
  startDate: Date.UTC(2026, 0, 1),
  runAtHour: 9,
  runAtMinute: 0,
  end: { type: 'NEVER', endDate: null, occurenceCount: null },
  ...fields,
});

const scriptAction = (scriptId: number, values: Record<string, string>, scriptParam = ''): WireAction => ({
  type: 'SCRIPT',
  scriptId,
  scriptName: DEMO_SCRIPTS.find((s) => s.id === scriptId)?.name ?? '',
  runAs: 'SYSTEM',
  scriptParam,
  scriptVariables: Object.entries(values).map(([calculatedName, value]) => ({ calculatedName, value })),
});

/** The seeded tasks: the §9.4-like monthly one, one per action kind, one on a saved search, one with an action this console does not know. */
export function seededTasks(world: DemoWorld): WireTask[] {
  const rng = rngFor(world.config.seed, 'scheduled-tasks');
  const hour = rng.int(1, 4);
  const org = world.organizations[0]!;
  const device = (id: number) => ({ targetType: 'NODE', targetId: id, name: world.device(id)?.displayName ?? `Device ${id}` });
  const group = (id: number) => ({ targetType: 'GROUP', targetId: id, name: DEVICE_GROUPS[id - 1]!.name });
  const tasks: Array<Omit<WireTask, 'targets' | 'nextRun'> & { targets: Array<Omit<WireTarget, 'scheduledTaskId'>> }> = [
    {
      id: 1,
      name: 'Monthly maintenance',
      description: 'Clears temporary files on the first of every month.',
      enabled: true,
      runsOnNodeScheduledTask: false,
      scripts: { actionList: [scriptAction(1, { maxAgeDays: '30', includeUserProfiles: 'false' })] },
      schedule: schedule({}),
      targets: [{ targetType: 'ORGANIZATION', targetId: org.id, name: org.name }],
    },
    {
      id: 2,
      name: 'Defragment file servers',
      description: 'Weekly defragmentation of the data volumes.',
      enabled: true,
      runsOnNodeScheduledTask: true,
      scripts: { actionList: [{ type: 'DEFRAG', volumes: [{ volumeName: 'C:', checkList: 'EXCLUDE' }, { volumeName: 'D:', checkList: 'INCLUDE' }] }] },
      schedule: schedule({ repeats: 'WEEKLY', daysOfWeek: ['SUN'], runAtHour: hour, runAtMinute: 30 }),
      targets: [device(1), device(5)],
    },
    {
      id: 3,
      name: 'Restart print spooler',
      description: '',
      enabled: true,
      runsOnNodeScheduledTask: false,
      scripts: { actionList: [{ type: 'WINDOWS_SERVICE', serviceName: 'Spooler', displayName: 'Print Spooler', operation: 'RESTART' }] },
      schedule: schedule({ repeats: 'DAILY', runAtHour: 6, runAtMinute: 15 }),
      targets: [group(3)],
    },
    {
      id: 4,
      name: 'Disk report',
      description: 'A one-time disk report for the reception PC.',
      enabled: true,
      runsOnNodeScheduledTask: false,
      scripts: { actionList: [scriptAction(2, { reportDate: '2026-12-01', thresholdPercent: '85.5', format: 'HTML', mailTo: 'it@demo-msp.example' })] },
      schedule: schedule({ repeats: 'NEVER', startDate: Date.UTC(2026, 11, 1), runAtHour: 18 }),
      targets: [device(2)],
    },
    {
      id: 5,
      name: 'Weekly patch scan',
      description: 'Scans for patches, then checks the gateway. Its first action is of a type this console does not edit.',
      enabled: false,
      runsOnNodeScheduledTask: false,
      scripts: { actionList: [{ type: 'PATCH_SCAN', scanType: 'FULL', rebootIfNeeded: false }, scriptAction(3, { gateway: '192.168.1.1' })] },
      schedule: schedule({ repeats: 'HOURLY', repeatsEveryCount: 4, scheduleInterval: 4, runAtHour: 0 }),
      targets: [group(1), { targetType: 'LOCATION', targetId: 7, name: 'Head office, 2nd floor' }],
    },
  ];
  return tasks.map((task) => ({ ...task, targets: task.targets.map((t) => ({ scheduledTaskId: task.id, ...t })), nextRun: nextRunOf(task.enabled, task.schedule) }));
}

/** The next run as the instance reports it (null when disabled or over). */
export function nextRunOf(enabled: boolean, saved: Record<string, unknown>, now = new Date()): number | null {
  if (!enabled) return null;
  return nextRuns(fromSaved(saved, now), now, 1)[0]?.getTime() ?? null;
}

const wireBody = z.strictObject({
  id: z.number().int().positive().optional(),
  scheduledTaskId: z.number().int().positive().optional(),
  name: z.unknown(),
  description: z.unknown(),
  enabled: z.unknown(),
  runsOnNodeScheduledTask: z.boolean().optional(),
  scripts: z.strictObject({ actionList: z.array(z.looseObject({ type: z.string().min(1).max(60) })).max(TASK_LIMITS.actions) }),
  schedule: z.unknown(),
  targets: z.array(z.looseObject({ targetType: z.unknown(), targetId: z.unknown(), name: z.unknown().optional() })).max(TASK_LIMITS.targets),
  nextRun: z.unknown().optional(),
});

/** What a save keeps: the shared rules on the known fields, ids checked; 400 with the first issues otherwise. */
export function checkedTask(world: DemoWorld, body: unknown, id: number | null): Omit<WireTask, 'id' | 'nextRun'> {
  const wire = wireBody.safeParse(body);
  if (!wire.success) throw badRequest(issuesMessage(wire.error));
  const { actionList } = wire.data.scripts;
  const known = actionList.flatMap((action, index) => (KNOWN_ACTION_TYPES.includes(action.type) ? [{ index, action: payloadAction(action) }] : []));
  if (actionList.length === 0) throw badRequest(`actions: ${TASK_MESSAGES.needsAction}`);
  const payload = scheduledTaskPayloadSchema.extend({ actions: z.array(taskActionSchema).max(TASK_LIMITS.actions) }).safeParse({
    ...(id === null ? {} : { id }),
    name: wire.data.name,
    description: wire.data.description,
    enabled: wire.data.enabled,
    actions: known.map((k) => k.action),
    schedule: wire.data.schedule,
    targets: wire.data.targets.map(({ targetType, targetId, name }) => ({ targetType, targetId, name: name ?? '' })),
  });
  if (!payload.success) {
    // Name the action as the technician counts them (all of them, unknown ones too).
    const text = issuesMessage(payload.error).replace(/(^|; )actions\[(\d+)\]/g, (_, lead: string, i: string) => `${lead}actions[${known[Number(i)]?.index ?? i}]`);
    throw badRequest(text);
  }
  const task = payload.data;
  task.actions.forEach((action, i) => {
    if (action.type !== 'SCRIPT') return;
    const where = `actions[${known[i]!.index}]`;
    const found = DEMO_SCRIPTS.find((s) => s.id === action.scriptId);
    if (!found) throw badRequest(`${where}.scriptId: no such script ${action.scriptId}`);
    const problems = Object.entries(variableProblems(found.variables as ScriptVariable[], action.variables));
    if (problems.length > 0) throw badRequest(`${where}: ${found.name}: ${problems.map(([name, text]) => `${name}: ${text}`).join('; ')}`);
  });
  task.targets.forEach((target, i) => {
    if (!targetExists(world, target.targetType, target.targetId)) throw badRequest(`targets[${i}]: no such ${target.targetType.toLowerCase()} ${target.targetId}`);
  });
  const scheduledTaskId = id ?? 0;
  return {
    name: task.name,
    description: task.description,
    enabled: task.enabled,
    runsOnNodeScheduledTask: wire.data.runsOnNodeScheduledTask ?? false,
    scripts: { actionList: actionList.map((action) => ({ ...action })) },
    schedule: task.schedule,
    targets: task.targets.map((t) => ({ scheduledTaskId, ...t })),
  };
}

/** A wire action in the payload's shape (scriptVariables as a record), for the shared rules. */
function payloadAction(action: WireAction): unknown {
  if (action.type !== 'SCRIPT') return action;
  const { scriptVariables, ...rest } = action;
  const list = Array.isArray(scriptVariables) ? (scriptVariables as Array<{ calculatedName?: unknown; value?: unknown }>) : [];
  return { ...rest, variables: Object.fromEntries(list.map((v) => [String(v.calculatedName ?? ''), typeof v.value === 'string' ? v.value : String(v.value ?? '')])) };
}

/** NODE, GROUP and ORGANIZATION targets must exist; another type (a real instance's own) is kept unchecked. */
function targetExists(world: DemoWorld, type: string, id: number): boolean {
  if (type === 'NODE') return world.device(id) !== undefined;
  if (type === 'GROUP') return DEVICE_GROUPS.some((g) => g.id === id);
  if (type === 'ORGANIZATION') return world.organizations.some((o) => o.id === id);
  return true;
}
