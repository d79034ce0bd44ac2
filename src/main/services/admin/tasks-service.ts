/**
 * Scheduled tasks (spec/ticketing-automations-psa.md §3.5, §9.4;
 * help-shared-blocks-editor.md §3, §5, §7, §8): the list (odd tasks skipped
 * and counted), one task, saves (create, copy, update), the enabled switch,
 * deletion, and the editor's lookups: scripts, Windows services (§8 'Windows
 * Services could not load' when GET /webapp/winservice fails or its
 * resultCode is not SUCCESS) and targets. Paths: src/shared/rules/admin/paths.ts.
 *
 * Actions this console does not know (./task-schemas.ts) are never lost: an
 * update first reads the task as the server holds it, and sends its unknown
 * actions back in their places, with the fields the editor does not edit
 * (runsOnNodeScheduledTask, and any the instance adds). So the service keeps
 * nothing per session. A copy (no id) starts without them: the editor shows
 * which types the original has (ScheduledTask.otherActionTypes).
 */
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { ScheduledTask, ScheduledTaskRow, Script, TargetChoice, TaskAction, WindowsService } from '../../../shared/model/admin';
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import { TASK_MESSAGES, type ScheduledTaskPayload } from '../../../shared/rules/admin/scheduled-task';
import { toSaved, type Schedule } from '../../../shared/rules/platform/schedule';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { anyAnswer, listIn, readItems } from '../platform/api/tolerant';
import type { ApiClient } from '../platform/api/api-client';
import { AdminCalls } from './admin-calls';
import { otherFields, SCHEDULE_FIELDS, scheduleChecked } from './admin-schedule';
import { readTask, scriptSchema, targetChoiceSchema, windowsServiceSchema, type OtherAction } from './task-schemas';

const WHAT = 'the scheduled task';
const GONE = 'This scheduled task no longer exists.';

/** An action as the wire carries it: a script action's values as scriptVariables [{calculatedName, value}]. */
function wireAction(action: TaskAction): Record<string, unknown> {
  if (action.type !== 'SCRIPT') return { ...action };
  const { variables, ...rest } = action;
  return { ...rest, scriptVariables: Object.entries(variables).map(([calculatedName, value]) => ({ calculatedName, value })) };
}

const recordsIn = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)) : []);

/** Whether an edited action continues this one as the server holds it: same type, and same script or service. */
function sameAction(action: TaskAction, raw: Record<string, unknown>): boolean {
  if (raw.type !== action.type) return false;
  if (action.type === 'SCRIPT') return Number(raw.scriptId) === action.scriptId;
  if (action.type === 'WINDOWS_SERVICE') return raw.serviceName === action.serviceName;
  return true;
}

/**
 * An edited action on the wire, over the action it continues as the server holds it, so that the fields this
 * console does not read (an action's own id, a script's uid, a variable's type) are sent back: the action at its
 * own place when it is the same one, else the first same one not yet used; a new action has none.
 */
function continuedActions(actions: readonly TaskAction[], knownRaw: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const used = new Set<number>();
  return actions.map((action, index) => {
    const at = knownRaw[index] && !used.has(index) && sameAction(action, knownRaw[index]) ? index : knownRaw.findIndex((raw, i) => !used.has(i) && sameAction(action, raw));
    const wire = wireAction(action);
    if (at < 0) return wire;
    used.add(at);
    const origin = knownRaw[at]!;
    if (action.type === 'SCRIPT') {
      const before = recordsIn(origin.scriptVariables);
      // An unchanged value goes back as it came (a number stays a number, a boolean a boolean).
      const scriptVariables = (wire.scriptVariables as Array<{ calculatedName: string; value: string }>).map((v) => {
        const held = before.find((b) => (b.calculatedName ?? b.name) === v.calculatedName);
        const same = held !== undefined && (typeof held.value === 'number' || typeof held.value === 'boolean') && String(held.value) === v.value;
        return { ...held, ...v, ...(same ? { value: held.value } : {}) };
      });
      return { ...origin, ...wire, scriptVariables };
    }
    if (action.type === 'DEFRAG') {
      const before = recordsIn(origin.volumes);
      return { ...origin, ...wire, volumes: action.volumes.map((v) => ({ ...before.find((b) => b.volumeName === v.volumeName), ...v })) };
    }
    return { ...origin, ...wire };
  });
}

/**
 * The edited actions (over the ones they continue, `knownRaw`, on an update) with the kept ones put back where
 * they were (or at the end when the list got shorter).
 */
function mergedActions(actions: readonly TaskAction[], others: readonly OtherAction[], knownRaw: ReadonlyArray<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  const list = continuedActions(actions, knownRaw);
  for (const other of [...others].sort((a, b) => a.index - b.index)) list.splice(Math.min(other.index, list.length), 0, other.raw);
  return list;
}

export class TasksService {
  private readonly calls: AdminCalls;

  constructor(api: () => ApiClient) {
    this.calls = new AdminCalls(api);
  }

  async list(): Promise<{ items: ScheduledTaskRow[]; skipped: number }> {
    const answer = await this.calls.read(ADMIN_PATHS.tasks, anyAnswer);
    const read = (listIn(answer, 'content', 'items', 'scheduledTasks') as unknown[]).map(readOrNull);
    const rows = read.flatMap((item): ScheduledTaskRow[] => {
      if (!item) return [];
      const { task, others } = item;
      const row = { id: task.id, name: task.name, description: task.description, enabled: task.enabled, nextRun: task.nextRun };
      return [{ ...row, targetCount: task.targets.length, actionCount: task.actions.length + others.length, repeats: task.schedule.repeats }];
    });
    const skipped = read.length - rows.length;
    return { items: rows, skipped };
  }

  async get(id: number): Promise<ScheduledTask> {
    return (await this.readOne(id)).task;
  }

  /** No id: create (or copy); with its id: update, the task's unknown actions and fields kept. */
  async save(payload: CallArgs<'admin.tasks.save'>): Promise<ScheduledTask> {
    scheduleChecked(payload.schedule as Schedule, 'The scheduled task was not saved: Schedule');
    const fields = {
      name: payload.name,
      description: payload.description,
      enabled: payload.enabled,
      schedule: toSaved(payload.schedule as Schedule),
    };
    if (payload.id === undefined) {
      const json = { ...fields, runsOnNodeScheduledTask: false, scripts: { actionList: mergedActions(payload.actions, []) }, targets: payload.targets };
      return this.calls.send('POST', ADMIN_PATHS.tasks, { what: WHAT, json, gone: GONE, read: (body) => readTask(body).task });
    }
    const id = payload.id;
    const current = await this.readOne(id);
    const { nextRun: _nextRun, ...kept } = current.raw;
    const scripts = typeof kept.scripts === 'object' && kept.scripts !== null ? kept.scripts : {};
    const json = {
      ...kept,
      ...fields,
      // The instance's own schedule fields (a time zone, say) stay as they were.
      schedule: { ...otherFields(kept.schedule, SCHEDULE_FIELDS), ...fields.schedule },
      id,
      scripts: { ...scripts, actionList: mergedActions(payload.actions, current.others, current.knownRaw) },
      targets: targetsOf(payload, id, kept.targets),
    };
    return this.calls.send('PUT', fillPath(ADMIN_PATHS.task, { id }), { what: WHAT, json, gone: GONE, read: (body) => readTask(body).task });
  }

  setEnabled(id: number, enabled: boolean): Promise<ScheduledTask> {
    return this.calls.send('PATCH', fillPath(ADMIN_PATHS.taskEnabled, { id }), { what: WHAT, json: { enabled }, gone: GONE, read: (body) => readTask(body).task });
  }

  async delete(id: number): Promise<{ deleted: true }> {
    await this.calls.send('DELETE', fillPath(ADMIN_PATHS.task, { id }), { what: WHAT, gone: GONE, read: () => null });
    return { deleted: true };
  }

  async scripts(search?: string): Promise<Script[]> {
    const params = new URLSearchParams(search?.trim() ? { search: search.trim() } : {});
    const answer = await this.calls.read(ADMIN_PATHS.scripts, anyAnswer, params);
    return readItems(scriptSchema, listIn(answer, 'content', 'items', 'scripts') as unknown[]).items;
  }

  /** §7 GET /webapp/winservice; §8 one message for a failed call and for a resultCode other than SUCCESS. */
  async windowsServices(): Promise<WindowsService[]> {
    const answer = await this.calls.readOr(ADMIN_PATHS.windowsServices, anyAnswer, TASK_MESSAGES.windowsServicesFailed);
    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    if (record.resultCode !== 'SUCCESS') throw new AppError('SERVER_ERROR', TASK_MESSAGES.windowsServicesFailed);
    return readItems(windowsServiceSchema, listIn(record, 'windowsServices', 'services') as unknown[]).items;
  }

  async targets({ targetType, page, search }: CallArgs<'admin.tasks.targets'>): Promise<{ items: TargetChoice[]; totalCount: number }> {
    const params = new URLSearchParams({ targetType, page: String(page), ...(search?.trim() ? { search: search.trim() } : {}) });
    const answer = await this.calls.read(ADMIN_PATHS.taskTargets, anyAnswer, params);
    const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const items = readItems(targetChoiceSchema, listIn(record, 'results', 'content', 'items') as unknown[]).items;
    const total = Number(record.totalElements ?? record.totalCount);
    return { items, totalCount: Number.isInteger(total) && total >= 0 ? total : items.length };
  }

  private async readOne(id: number): Promise<ReturnType<typeof readTask>> {
    const answer = await this.calls.read(fillPath(ADMIN_PATHS.task, { id }), anyAnswer, undefined, GONE);
    try {
      return readTask(answer);
    } catch {
      throw new AppError('BAD_RESPONSE', 'The server sent this scheduled task in a shape the console cannot read.');
    }
  }
}

/** One task of the list, or null when it cannot be read (skipped and counted). */
function readOrNull(value: unknown): ReturnType<typeof readTask> | null {
  try {
    return readTask(value);
  } catch {
    return null;
  }
}

/** The payload's targets, each over the same target as the server holds it (its own fields sent back). */
function targetsOf(payload: ScheduledTaskPayload, id: number, held: unknown): Array<Record<string, unknown>> {
  const before = recordsIn(held);
  return payload.targets.map((target) => ({ ...before.find((b) => b.targetType === target.targetType && Number(b.targetId) === target.targetId), scheduledTaskId: id, ...target }));
}
