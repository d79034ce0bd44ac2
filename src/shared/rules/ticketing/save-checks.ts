/**
 * The checks at save, pure, as warnings that can be saved
 * through:
 * - Loop: a time-based automation runs every hour on every ticket its
 *   conditions match; when none of its conditions is one its own actions make
 *   false, it would run again and again on the same tickets.
 * - Conflict: two enabled automations of the same kind that match the same
 *   tickets (among the last ones read) and set the same field to different
 *   values undo each other; the warning names the other automation.
 * What "makes a condition false" is judged from the actions alone (the
 * fields they write and the values they write), not from any one ticket.
 */
import type { ConditionRow, Ticket, Trigger, TriggerAction } from '../../model/ticketing';
import { actionKind, changeField, propertyOf, tagsOf, UPDATE_FIELDS } from './actions';
import { STATUS_TIME_SINCE_PREFIX } from './conditions';
import { isEventRow } from './back-test';
import { matchesConditions } from './evaluate';
import { ownValue } from '../platform/own-keys';

/** An update field as the condition field it changes. */
const CONDITION_FIELD_OF_UPDATE: Record<string, string> = {
  organization: 'organization',
  assignedAppUserId: 'assignee',
  requesterUid: 'requester',
  status: 'status',
  severity: 'severity',
  priority: 'priority',
  summary: 'summary',
};

/** What an automation's actions write: a field and the value it ends up with (undefined: some value). */
export interface Write {
  field: string;
  value?: string;
  /** Tag writes: which tags are added, removed, or set. */
  tags?: { add?: string[]; remove?: string[]; set?: string[] };
}

export function writesOf(actions: readonly TriggerAction[]): Write[] {
  const writes: Write[] = [];
  for (const action of actions) {
    const kind = actionKind(action);
    if (kind === 'add_tags') writes.push({ field: 'tags', tags: { add: tagsOf(action) } });
    else if (kind === 'remove_tags') writes.push({ field: 'tags', tags: { remove: tagsOf(action) } });
    else if (kind === 'set_tags') writes.push({ field: 'tags', tags: { set: tagsOf(action) } });
    else if (kind === 'update_ticket') {
      const field = ownValue(CONDITION_FIELD_OF_UPDATE, changeField(action));
      const raw = propertyOf(action, 'value');
      if (field) writes.push({ field, value: raw === null || raw === undefined ? undefined : String(raw) });
    }
    // Any change, comment or time entry updates the ticket: the 'time since changed' and the technician's update.
    if (kind !== null && kind !== 'SEND_EMAIL' && kind !== 'SEND_NOTIFICATION') writes.push({ field: 'ticket_changed' });
    if (kind === 'ADD_TICKET_COMMENT') writes.push({ field: 'technician' });
  }
  return writes;
}

/** The writes as the ticket ends up: per field the last value; tag adds, removes and sets applied in order. */
function finalWrites(writes: readonly Write[]): Write[] {
  const byField = new Map<string, Write>();
  for (const write of writes) {
    if (write.field !== 'tags' || !write.tags) {
      byField.set(write.field, write);
      continue;
    }
    const before = byField.get('tags')?.tags ?? {};
    const key = (t: string) => t.toLowerCase();
    const without = (list: readonly string[], drop: readonly string[]) => list.filter((t) => !drop.map(key).includes(key(t)));
    let next: NonNullable<Write['tags']>;
    if (write.tags.set) next = { set: [...write.tags.set] };
    else if (write.tags.add) next = before.set ? { set: [...before.set, ...without(write.tags.add, before.set)] } : { add: [...(before.add ?? []), ...write.tags.add], remove: without(before.remove ?? [], write.tags.add) };
    else next = before.set ? { set: without(before.set, write.tags.remove ?? []) } : { add: without(before.add ?? [], write.tags.remove ?? []), remove: [...(before.remove ?? []), ...(write.tags.remove ?? [])] };
    byField.set('tags', { field: 'tags', tags: next });
  }
  return [...byField.values()];
}

const lower = (values: readonly unknown[]) => values.map((v) => String(v).toLowerCase());

/** Whether these writes make the row false on every ticket they touch. */
export function madeFalseBy(row: ConditionRow, writes: readonly Write[]): boolean {
  const atLeast = row.operator === 'hours_since:greater_or_equal_than' || row.operator === 'hours_since:is';
  return finalWrites(writes).some((write) => {
    // 'Hours since status X' holds only while the ticket is in X; 'hours since assigned' starts again on a new assignee.
    if (row.field.startsWith(STATUS_TIME_SINCE_PREFIX) && write.field === 'status') return write.value !== undefined && write.value !== row.field.slice(STATUS_TIME_SINCE_PREFIX.length);
    if (row.field === 'assigned' && write.field === 'assignee') return atLeast;
    if (write.field !== row.field) return false;
    if (row.field === 'ticket_changed' || row.field === 'technician') {
      // The update resets the time since: 'at least' and 'is' no longer hold right after.
      return atLeast;
    }
    if (row.field === 'tags' && write.tags) {
      const wanted = lower(Array.isArray(row.value) ? row.value : typeof row.value === 'string' ? row.value.split(',').map((t) => t.trim()).filter(Boolean) : []);
      const { add = [], remove = [], set } = write.tags;
      if (row.operator === 'contains_none') return lower(set ?? add).some((t) => wanted.includes(t));
      if (row.operator === 'contains_any') return set ? !lower(set).some((t) => wanted.includes(t)) : wanted.length > 0 && wanted.every((t) => lower(remove).includes(t));
      if (row.operator === 'not_present') return (set ?? add).length > 0;
      if (row.operator === 'present') return set !== undefined && set.length === 0;
      return false;
    }
    if (write.value === undefined) return false;
    // Choice values compare exactly, as the evaluator does.
    const wanted = Array.isArray(row.value) ? row.value.map(String) : [String(row.value ?? '')];
    const written = write.value;
    if (row.operator === 'equals') return !wanted.includes(written);
    if (row.operator === 'not_equals') return wanted.includes(written);
    if (row.operator === 'not_present') return written !== '';
    return false;
  });
}

export const SAVE_CHECK_MESSAGES = {
  loop: 'None of its conditions is made false by its own actions: it would run every hour on the same tickets.',
  conflict: (other: string, tickets: number, field: string) =>
    `'${other}' also matches ${tickets} of the same ${tickets === 1 ? 'ticket' : 'tickets'} and sets ${field} to a different value.`,
} as const;

/** A time-based automation whose actions make none of its conditions false (all-group: one is enough; any-group: all of them). */
export function loopWarning(draft: { type: string; conditions: { all: ConditionRow[]; any: ConditionRow[] }; actions: readonly TriggerAction[] }): string | null {
  if (draft.type !== 'TIME_BASED') return null;
  const writes = writesOf(draft.actions);
  const stops = draft.conditions.all.some((row) => madeFalseBy(row, writes)) || (draft.conditions.any.length > 0 && draft.conditions.any.every((row) => madeFalseBy(row, writes)));
  return stops ? null : SAVE_CHECK_MESSAGES.loop;
}

const FIELD_LABELS: Record<string, string> = { ...Object.fromEntries(UPDATE_FIELDS.map((f) => [CONDITION_FIELD_OF_UPDATE[f.field]!, f.label])), tags: 'Tags' };

/** The fields both write with different values. */
function clashingFields(a: readonly Write[], b: readonly Write[]): string[] {
  const fields = new Set<string>();
  for (const x of a) {
    for (const y of b) {
      if (x.field !== y.field || x.field === 'ticket_changed' || x.field === 'technician') continue;
      if (x.field === 'tags') {
        const xs = x.tags ?? {};
        const ys = y.tags ?? {};
        const setAgainst = (set: readonly string[], other: NonNullable<Write['tags']>) =>
          lower(other.add ?? []).some((t) => !lower(set).includes(t)) || lower(other.remove ?? []).some((t) => lower(set).includes(t));
        const clash =
          (xs.set && ys.set && lower(xs.set).sort().join() !== lower(ys.set).sort().join()) ||
          (xs.set && !ys.set && setAgainst(xs.set, ys)) ||
          (ys.set && !xs.set && setAgainst(ys.set, xs)) ||
          lower(xs.add ?? []).some((t) => lower(ys.remove ?? []).includes(t)) ||
          lower(ys.add ?? []).some((t) => lower(xs.remove ?? []).includes(t));
        if (clash) fields.add('tags');
      } else if (x.value !== undefined && y.value !== undefined && x.value !== y.value) fields.add(x.field);
    }
  }
  return [...fields];
}

interface ConflictWarning {
  otherId: number;
  otherName: string;
  fields: string[];
  tickets: number;
  message: string;
}

/**
 * Enabled automations of the draft's type (not the draft itself) that match
 * some of the same tickets and write a field the draft writes with another
 * value. Event-based rows (what happened) are not known for stored tickets:
 * only the rows on the ticket decide the overlap here.
 */
export function conflictWarnings(
  draft: { id?: number; type: string; conditions: { all: ConditionRow[]; any: ConditionRow[] }; actions: readonly TriggerAction[] },
  others: readonly Trigger[],
  tickets: readonly Ticket[],
  now: number,
): ConflictWarning[] {
  const mine = finalWrites(writesOf(draft.actions));
  if (mine.length === 0) return [];
  // Rows on what happened are taken as met (as the back-test does): an any-group with one holds.
  const onTicket = (conditions: { all: ConditionRow[]; any: ConditionRow[] }) => ({ all: conditions.all.filter((r) => !isEventRow(r)), any: conditions.any.some(isEventRow) ? [] : conditions.any });
  const matching = tickets.filter((t) => matchesConditions(onTicket(draft.conditions), t, null, now));
  const warnings: ConflictWarning[] = [];
  for (const other of others) {
    if (!other.enabled || other.id === draft.id || other.type !== draft.type) continue;
    const fields = clashingFields(mine, finalWrites(writesOf(other.actions)));
    if (fields.length === 0) continue;
    const both = matching.filter((t) => matchesConditions(onTicket(other.conditions), t, null, now)).length;
    if (both === 0) continue;
    const field = ownValue(FIELD_LABELS, fields[0]!) ?? fields[0]!;
    warnings.push({ otherId: other.id, otherName: other.name, fields, tickets: both, message: SAVE_CHECK_MESSAGES.conflict(other.name, both, field) });
  }
  return warnings;
}
