/**
 * The scheduled task editor's form, pure (ticketing spec §3.5, §9.4; help
 * spec §3, §5): the §9.4 default task, a saved task as a form and back as the
 * payload `admin.tasks.save` takes, the copy ('Copy of …'), the volumes of a
 * defrag action, and the form's one zod schema: the payload's own rules
 * (shared/rules/admin/scheduled-task.ts, as the contract checks them), the
 * schedule's §5 rules and each script variable's §5 message, every error at
 * the path of the field that shows it (so the tab holding it is highlighted).
 */
import { z } from 'zod';
import type { DefragOption, ScheduledTask, Script, TaskAction, TaskTarget } from '../../../../../shared/model/admin';
import { variableProblems } from '../../../../../shared/rules/admin/script-variables';
import { DEFAULT_TASK, scheduledTaskPayloadSchema, TASK_LIMITS, TASK_MESSAGES, type ScheduledTaskPayload } from '../../../../../shared/rules/admin/scheduled-task';
import { defaultSchedule, fromSaved, toSaved, validateSchedule, type Schedule } from '../../../../../shared/rules/platform/schedule';

export interface TaskForm {
  name: string;
  description: string;
  enabled: boolean;
  actions: TaskAction[];
  schedule: Schedule;
  targets: TaskTarget[];
}

export const TASK_TABS = { general: 'General', schedule: 'Schedule', actions: 'Actions', targets: 'Targets' } as const;

const TASK_FORM_MESSAGES = {
  chooseScript: 'Choose a script',
  volumeTaken: 'This volume is already listed',
  copyPrefix: 'Copy of ',
} as const;

/** What an action is called in the editor and in the Add menu. */
export const ACTION_LABELS: Readonly<Record<TaskAction['type'], string>> = { SCRIPT: 'Run a script', DEFRAG: 'Defragment', WINDOWS_SERVICE: 'Windows service' };
export const OPERATION_LABELS: Readonly<Record<string, string>> = { START: 'Start', STOP: 'Stop', RESTART: 'Restart' };
export const TARGET_TYPE_LABELS: Readonly<Record<string, string>> = { NODE: 'Device', GROUP: 'Group', ORGANIZATION: 'Organization' };
/** How a script runs (§3.5 parameters.runAs): the demo's values; another is shown raw. */
export const RUN_AS_CHOICES = [
  { value: 'SYSTEM', label: 'System' },
  { value: 'LOGGED_ON_USER', label: 'Current logged on user' },
] as const;

/** The schedule's fields the payload carries (a schedule read tolerantly may hold others: the strict payload refuses them). */
function scheduleInput(schedule: Schedule): ScheduledTaskPayload['schedule'] {
  const saved = toSaved(schedule);
  const weekOfMonth = (saved as { weekOfMonth?: number | null }).weekOfMonth;
  return {
    repeats: saved.repeats,
    repeatsEveryCount: saved.repeatsEveryCount,
    daysOfWeek: [...saved.daysOfWeek],
    dayOfMonth: saved.dayOfMonth,
    ...(weekOfMonth !== undefined ? { weekOfMonth } : {}),
    scheduleInterval: saved.scheduleInterval,
    startDate: saved.startDate,
    runAtHour: saved.runAtHour,
    runAtMinute: saved.runAtMinute,
    end: { type: saved.end.type, endDate: saved.end.endDate, occurenceCount: saved.end.occurenceCount },
  };
}

/** Each action with exactly the payload's fields. */
function actionInput(action: TaskAction): TaskAction {
  switch (action.type) {
    case 'SCRIPT':
      return { type: 'SCRIPT', scriptId: action.scriptId, scriptName: action.scriptName, runAs: action.runAs, scriptParam: action.scriptParam, variables: { ...action.variables } };
    case 'DEFRAG':
      return { type: 'DEFRAG', volumes: action.volumes.map((v) => ({ volumeName: v.volumeName, checkList: v.checkList })) };
    case 'WINDOWS_SERVICE':
      return { type: 'WINDOWS_SERVICE', serviceName: action.serviceName, displayName: action.displayName, operation: action.operation };
  }
}

/** §9.4: a new task is enabled, repeats MONTHLY and runs at 09:00 (from the first day that time is not past). */
export function newTaskForm(now: Date): TaskForm {
  const schedule = { ...defaultSchedule(now), repeats: DEFAULT_TASK.repeats, runAtHour: DEFAULT_TASK.runAtHour, runAtMinute: DEFAULT_TASK.runAtMinute };
  return { name: '', description: '', enabled: DEFAULT_TASK.enabled, actions: [], schedule, targets: [] };
}

export function formOfTask(task: ScheduledTask): TaskForm {
  return {
    name: task.name,
    description: task.description,
    enabled: task.enabled,
    actions: task.actions.map(actionInput),
    schedule: fromSaved(task.schedule),
    targets: task.targets.map((t) => ({ targetType: t.targetType, targetId: t.targetId, name: t.name })),
  };
}

/** What `admin.tasks.save` sends: no id creates (or copies), an id updates. */
export function payloadOfForm(form: TaskForm, id?: number): ScheduledTaskPayload {
  return {
    ...(id !== undefined ? { id } : {}),
    name: form.name.trim(),
    description: form.description,
    enabled: form.enabled,
    // A kept raw checkList or operation is the payload schema's to refuse (the form's check and the contract's).
    actions: form.actions.map(actionInput) as ScheduledTaskPayload['actions'],
    schedule: scheduleInput(form.schedule),
    targets: form.targets.map((t) => ({ targetType: t.targetType, targetId: t.targetId, name: t.name })),
  };
}

/** 'Copy of <name>', cut to the name's limit. */
export function copyName(name: string): string {
  return `${TASK_FORM_MESSAGES.copyPrefix}${name}`.slice(0, TASK_LIMITS.name);
}

/** The list's Copy: the task as saved, without its id, named 'Copy of …'. */
export function copyPayload(task: ScheduledTask): ScheduledTaskPayload {
  return payloadOfForm({ ...formOfTask(task), name: copyName(task.name) });
}

export function newAction(type: TaskAction['type']): TaskAction {
  switch (type) {
    case 'SCRIPT':
      return { type: 'SCRIPT', scriptId: 0, scriptName: '', runAs: RUN_AS_CHOICES[0].value, scriptParam: '', variables: {} };
    case 'DEFRAG':
      return { type: 'DEFRAG', volumes: [{ volumeName: 'C:', checkList: 'INCLUDE' }] };
    case 'WINDOWS_SERVICE':
      return { type: 'WINDOWS_SERVICE', serviceName: '', displayName: '', operation: 'RESTART' };
  }
}

/** A typed volume as listed: a drive letter alone ('d', 'd:') becomes 'D:'; anything else (a mount path) is kept trimmed. */
export function normalVolumeName(typed: string): string {
  const trimmed = typed.trim();
  return /^[a-z]:?$/i.test(trimmed) ? `${trimmed[0]!.toUpperCase()}:` : trimmed;
}

/** Adds a typed volume (INCLUDE), or says why it cannot be: empty, already listed, or too many. */
export function addVolume(volumes: readonly DefragOption[], typed: string): { volumes: DefragOption[] } | { problem: string } {
  const volumeName = normalVolumeName(typed);
  if (volumeName === '') return { problem: TASK_MESSAGES.required };
  if (volumes.some((v) => v.volumeName.toLowerCase() === volumeName.toLowerCase())) return { problem: TASK_FORM_MESSAGES.volumeTaken };
  if (volumes.length >= TASK_LIMITS.volumes) return { problem: `At most ${TASK_LIMITS.volumes} volumes` };
  if (volumeName.length > 100) return { problem: 'At most 100 characters' };
  return { volumes: [...volumes, { volumeName, checkList: 'INCLUDE' }] };
}

/** A target's key among all kinds (a group and a device may share an id). */
export const targetKey = (t: Pick<TaskTarget, 'targetType' | 'targetId'>) => `${t.targetType}:${t.targetId}`;

/** The chosen targets with the new ones added once (in the order chosen). */
export function withTargets(current: readonly TaskTarget[], added: readonly TaskTarget[]): TaskTarget[] {
  const seen = new Set(current.map(targetKey));
  const next = [...current];
  for (const target of added) {
    if (seen.has(targetKey(target))) continue;
    seen.add(targetKey(target));
    next.push(target);
  }
  return next;
}

interface TaskFormContext {
  /** The scripts the selector offers: a script action's variables are checked against its script's. */
  scripts: readonly Script[];
  /** The start date as loaded (kept without "in the past"). */
  loadedStartDate: number | null;
  /** The clock of the schedule's checks (tests give theirs). */
  now?: () => Date;
}

/** The form's schema: every problem at the path its field shows (see the file's comment). */
export function taskFormSchema(context: TaskFormContext) {
  const byId = new Map(context.scripts.map((s) => [s.id, s]));
  return z
    .custom<TaskForm>((value) => typeof value === 'object' && value !== null)
    .superRefine((form, ctx) => {
      const parsed = scheduledTaskPayloadSchema.safeParse(payloadOfForm(form));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
          // A script action without its script: the payload's own words would be about a number.
          const message = path[path.length - 1] === 'scriptId' ? TASK_FORM_MESSAGES.chooseScript : issue.message;
          ctx.addIssue({ code: 'custom', path, message });
        }
      }
      const now = context.now?.() ?? new Date();
      for (const [field, message] of Object.entries(validateSchedule(form.schedule, { now, loadedStartDate: context.loadedStartDate }))) {
        ctx.addIssue({ code: 'custom', path: ['schedule', ...field.split('.')], message });
      }
      form.actions.forEach((action, index) => {
        if (action.type !== 'SCRIPT') return;
        const script = byId.get(action.scriptId);
        if (!script) return;
        for (const [name, message] of Object.entries(variableProblems(script.variables, action.variables))) {
          ctx.addIssue({ code: 'custom', path: ['actions', index, 'variables', name], message });
        }
      });
    });
}
