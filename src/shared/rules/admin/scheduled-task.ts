/**
 * Scheduled tasks (spec/ticketing-automations-psa.md §3.5, §9.4;
 * help-shared-blocks-editor.md §3, §5, §8): the payload a save sends, checked
 * the same way by the editor and by the contract, the §9.4 default task
 * (enabled, MONTHLY, run at 09:00) and the §8 messages. A script action's
 * variable values are checked per type by ./script-variables.ts.
 */
import { z } from 'zod';
import { DEFRAG_CHECKLISTS, SERVICE_OPERATIONS } from '../../model/admin';

export const TASK_LIMITS = { name: 200, description: 1000, actions: 20, targets: 1000, variables: 100, variableValue: 2000, volumes: 52 } as const;

export const TASK_MESSAGES = {
  required: 'Required',
  /** §8: GET /webapp/winservice failed or its resultCode is not SUCCESS. */
  windowsServicesFailed: 'Windows Services could not load',
  needsAction: 'Add at least one action.',
  needsVolume: 'Choose at least one volume.',
} as const;

const recordId = z.number().int().positive().max(2_147_483_647);

/** The schedule as the editor sends it (shared/rules/platform/schedule.ts Schedule; weekOfMonth for WEEK_OF_MONTH, 0 = last). */
export const scheduleInputSchema = z.strictObject({
  repeats: z.string().min(1).max(40),
  repeatsEveryCount: z.number().int().min(1).max(366),
  daysOfWeek: z.array(z.string().min(1).max(10)).max(7),
  dayOfMonth: z.number().int().min(0).max(31),
  weekOfMonth: z.number().int().min(0).max(5).nullable().optional(),
  scheduleInterval: z.number().int().min(1).max(23).nullable(),
  startDate: z.number().int().min(0).max(8_640_000_000_000_000).nullable(),
  runAtHour: z.number().int().min(0).max(23),
  runAtMinute: z.number().int().min(0).max(59),
  end: z.strictObject({
    type: z.string().min(1).max(20),
    endDate: z.number().int().min(0).max(8_640_000_000_000_000).nullable(),
    occurenceCount: z.number().int().min(1).max(10_000).nullable(),
  }),
});

export const taskActionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('SCRIPT'),
    scriptId: recordId,
    scriptName: z.string().max(300),
    runAs: z.string().max(100),
    scriptParam: z.string().max(TASK_LIMITS.variableValue),
    variables: z.record(z.string().min(1).max(200), z.string().max(TASK_LIMITS.variableValue)).refine((values) => Object.keys(values).length <= TASK_LIMITS.variables, 'Too many variables.'),
  }),
  z.strictObject({
    type: z.literal('DEFRAG'),
    volumes: z.array(z.strictObject({ volumeName: z.string().trim().min(1).max(100), checkList: z.enum(DEFRAG_CHECKLISTS) })).min(1, TASK_MESSAGES.needsVolume).max(TASK_LIMITS.volumes),
  }),
  z.strictObject({
    type: z.literal('WINDOWS_SERVICE'),
    serviceName: z.string().trim().min(1, TASK_MESSAGES.required).max(256),
    displayName: z.string().max(256),
    operation: z.enum(SERVICE_OPERATIONS),
  }),
]);

/** What a save sends (no id: create or copy; with its id: update). */
export const scheduledTaskPayloadSchema = z.strictObject({
  id: recordId.optional(),
  name: z.string().trim().min(1, TASK_MESSAGES.required).max(TASK_LIMITS.name),
  description: z.string().max(TASK_LIMITS.description),
  enabled: z.boolean(),
  actions: z.array(taskActionSchema).min(1, TASK_MESSAGES.needsAction).max(TASK_LIMITS.actions),
  schedule: scheduleInputSchema,
  targets: z.array(z.strictObject({ targetType: z.string().min(1).max(40), targetId: recordId, name: z.string().max(300) })).max(TASK_LIMITS.targets),
});
export type ScheduledTaskPayload = z.infer<typeof scheduledTaskPayloadSchema>;

/** §9.4: a new scheduled task is enabled, repeats MONTHLY, and runs at 09:00. */
export const DEFAULT_TASK = { enabled: true, repeats: 'MONTHLY', runAtHour: 9, runAtMinute: 0 } as const;
