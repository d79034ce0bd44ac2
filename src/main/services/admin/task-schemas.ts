/**
 * Reading scheduled tasks, scripts, Windows services and target choices
 * tolerantly (DESIGN "Real instances"; spec/ticketing-automations-psa.md
 * §3.5, help-shared-blocks-editor.md §3): numbers may come as text, odd
 * fields fall back, unknown variable and target types are kept raw, texts are
 * cleaned and bounded (src/shared/rules/platform/server-text.ts). An action this console does not
 * know — another type, or a known type with values the save could not carry
 * back (an operation the contract does not list) — is kept raw with its
 * place, to be sent back unchanged on a save (./tasks-service.ts). The
 * schedule is read with `fromSaved` (an HOURLY one with an interval is EVERY).
 */
import { z } from 'zod';
import type { ScheduledTask, Script, ScriptVariable, TargetChoice, TaskAction, TaskTarget, WindowsService } from '../../../shared/model/admin';
import { taskActionSchema } from '../../../shared/rules/admin/scheduled-task';
import { fromSaved, toEpochMs } from '../../../shared/rules/platform/schedule';
import { cleanText, hasControlCharacters, NAME_MAX, TEXT_MAX } from '../../../shared/rules/platform/server-text';
import { listIn } from '../platform/api/tolerant';
import { flagOf, linesOf, numeric, recordIdSchema, textOf } from '../platform/api/tolerant-fields';


const textList = z.unknown().optional().transform((value) => (Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : []).filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map((v) => cleanText(String(v), NAME_MAX)).filter(Boolean));

/** Items of a list read one by one: the odd ones left out. */
function each<T>(values: unknown, read: (value: unknown) => T | null): T[] {
  return (Array.isArray(values) ? values : []).flatMap((value) => {
    try {
      const item = read(value);
      return item === null ? [] : [item];
    } catch {
      return [];
    }
  });
}

// ---------------------------------------------------------------- Scripts and Windows services

const variableSchema = z
  .looseObject({ name: textOf(NAME_MAX), calculatedName: textOf(NAME_MAX), type: textOf(40), description: textOf(TEXT_MAX), required: flagOf(false), valueList: textList, defaultValue: z.unknown().optional() })
  .transform((v): ScriptVariable | null => {
    const calculatedName = v.calculatedName || v.name;
    if (!calculatedName) return null;
    const defaultValue = v.defaultValue === null || v.defaultValue === undefined ? null : cleanText(String(v.defaultValue), TEXT_MAX);
    return { name: v.name || calculatedName, calculatedName, type: v.type.toUpperCase() || 'TEXT', description: v.description, required: v.required, valueList: v.valueList, defaultValue };
  });

export const scriptSchema: z.ZodType<Script> = z
  .looseObject({
    id: recordIdSchema,
    uid: textOf(100),
    name: textOf(NAME_MAX),
    description: textOf(TEXT_MAX),
    language: textOf(60),
    operatingSystems: textList,
    deviceType: textOf(60),
    variables: z.unknown().optional(),
    scriptVariables: z.unknown().optional(),
  })
  .transform((s) => ({
    id: s.id,
    uid: s.uid,
    name: s.name || `Script ${s.id}`,
    description: s.description,
    language: s.language,
    operatingSystems: s.operatingSystems,
    deviceType: s.deviceType,
    variables: each(Array.isArray(s.variables) ? s.variables : s.scriptVariables, (v) => variableSchema.parse(v)),
  }));

export const windowsServiceSchema: z.ZodType<WindowsService> = z
  .looseObject({ serviceName: textOf(256).pipe(z.string().min(1)), displayName: textOf(256) })
  .transform((s) => ({ serviceName: s.serviceName, displayName: s.displayName || s.serviceName }));

export const targetChoiceSchema: z.ZodType<TargetChoice> = z
  .looseObject({ targetType: textOf(40), targetId: recordIdSchema, name: textOf(NAME_MAX), detail: textOf(NAME_MAX) })
  .transform((t) => ({ targetType: t.targetType || 'NODE', targetId: t.targetId, name: t.name || `#${t.targetId}`, detail: t.detail }));

// ---------------------------------------------------------------- Tasks

/** An action of the instance kept as it came, with its place in the list. */
export interface OtherAction {
  index: number;
  type: string;
  raw: Record<string, unknown>;
}

/** Not carried back as it came: the action is kept raw instead (its value would be changed by a save). */
class NotVerbatim extends Error {}

/**
 * A value a save sends back (a script's parameters, a service's or a volume's name), exactly as it came: cleaning
 * it (spaces collapsed, a tab dropped) or cutting it would change what the task does on the next save of an
 * unrelated field. One that cannot be shown as it is (control characters, too long) makes the action one this
 * console does not edit (kept raw). Absent: ''; a number: its text.
 */
function verbatim(value: unknown, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string' || value.length > max || hasControlCharacters(value)) throw new NotVerbatim();
  return value;
}

/** A script action's values: `scriptVariables` [{calculatedName, value}] (the wire's) or a `variables` record. */
function variableValues(action: Record<string, unknown>): Record<string, string> {
  const list = action.scriptVariables ?? action.variables;
  const pairs: Array<[unknown, unknown]> = Array.isArray(list)
    ? list.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null).map((v) => [v.calculatedName ?? v.name, v.value])
    : typeof list === 'object' && list !== null
      ? Object.entries(list)
      : [];
  // A value of another kind (an object, a list) would be sent back as '[object Object]': the action is kept raw then.
  const valueOf = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? verbatim(value, 0) : String(value));
  return Object.fromEntries(pairs.filter(([key]) => typeof key === 'string' && key !== '').map(([key, value]) => [key as string, valueOf(value)]));
}

/** One action as the editor edits it, or null when this console cannot carry it back unchanged. */
function knownAction(action: Record<string, unknown>): TaskAction | null {
  const text = (key: string, max: number) => textOf(max).parse(action[key]);
  let candidate: unknown;
  try {
    if (action.type === 'SCRIPT') {
      candidate = { type: 'SCRIPT', scriptId: numeric(action.scriptId), scriptName: text('scriptName', 300), runAs: verbatim(action.runAs, 100), scriptParam: verbatim(action.scriptParam, 2000), variables: variableValues(action) };
    } else if (action.type === 'DEFRAG') {
      const volumes = (Array.isArray(action.volumes) ? action.volumes : []).map((v: unknown) => {
        const record = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
        return { volumeName: verbatim(record.volumeName, 100), checkList: textOf(20).parse(record.checkList).toUpperCase() };
      });
      candidate = { type: 'DEFRAG', volumes };
    } else if (action.type === 'WINDOWS_SERVICE') {
      const serviceName = verbatim(action.serviceName, 256);
      candidate = { type: 'WINDOWS_SERVICE', serviceName, displayName: text('displayName', 256) || serviceName, operation: text('operation', 20).toUpperCase() };
    } else {
      return null;
    }
  } catch (error) {
    if (error instanceof NotVerbatim) return null;
    throw error;
  }
  const parsed = taskActionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

const targetSchema: z.ZodType<TaskTarget> = z
  .looseObject({ targetType: textOf(40), targetId: recordIdSchema, name: textOf(NAME_MAX), targetName: textOf(NAME_MAX) })
  .transform((t) => ({ targetType: t.targetType || 'NODE', targetId: t.targetId, name: t.name || t.targetName }));

const taskSchema = z.looseObject({
  id: recordIdSchema,
  name: textOf(200),
  description: linesOf(1000),
  enabled: flagOf(true),
  runsOnNodeScheduledTask: flagOf(false),
  scripts: z.unknown().optional(),
  actions: z.unknown().optional(),
  schedule: z.unknown().optional(),
  targets: z.unknown().optional(),
  nextRun: z.unknown().optional(),
});

interface ReadTask {
  task: ScheduledTask;
  others: OtherAction[];
  /** Each of task.actions as the server sent it (its fields this console does not read are sent back on a save). */
  knownRaw: Array<Record<string, unknown>>;
  /** The task as the server sent it (its fields this console does not read are sent back on a save). */
  raw: Record<string, unknown>;
}

/** A scheduled task, or an exception when it cannot be read at all (no id): the list skips and counts it. */
export function readTask(value: unknown, now = new Date()): ReadTask {
  const t = taskSchema.parse(value);
  const rawActions = listIn(t.scripts, 'actionList');
  const list = Array.isArray(rawActions) && rawActions.length > 0 ? rawActions : listIn(t.actions);
  const actions: TaskAction[] = [];
  const others: OtherAction[] = [];
  const knownRaw: Array<Record<string, unknown>> = [];
  (list as unknown[]).forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    const record = item as Record<string, unknown>;
    const known = knownAction(record);
    if (known) {
      actions.push(known);
      knownRaw.push(record);
    } else others.push({ index, type: typeof record.type === 'string' && record.type !== '' ? cleanText(record.type, 60) : 'UNKNOWN', raw: record });
  });
  const task: ScheduledTask = {
    id: t.id,
    name: t.name || `Task ${t.id}`,
    description: t.description,
    enabled: t.enabled,
    runsOnNodeScheduledTask: t.runsOnNodeScheduledTask,
    actions,
    schedule: fromSaved(t.schedule, now),
    targets: each(t.targets, (target) => targetSchema.parse(target)),
    nextRun: toEpochMs(t.nextRun),
    ...(others.length > 0 ? { otherActionTypes: others.map((o) => o.type) } : {}),
  };
  return { task, others, knownRaw, raw: value as Record<string, unknown> };
}
