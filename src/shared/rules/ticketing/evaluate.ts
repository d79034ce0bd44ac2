/**
 * The one pure condition evaluator: every §9.1 operator,
 * the all- and any-groups, the 'time since' fields. It serves the rule tester
 * and the back-test in the console and the demo server's board filtering.
 *
 * A row's pass is null when it cannot be told: an unknown field or operator,
 * an event-only field or operator without an event, or a row whose operator
 * needs a value it lacks (the editor would flag it 'Required'). Choice fields
 * (status, priority, action, ...) compare exactly; text, tags and attribute
 * values case-insensitively.
 */
import type { ConditionRow, Ticket, TicketEvent, TriggerConditions } from '../../model/ticketing';
import { STATUS_TIME_SINCE_PREFIX } from './conditions';

export interface RowResult {
  rowId: string;
  field: string;
  operator: string;
  /** Whether the row holds for the ticket; null when it cannot be told (an unknown field or operator). */
  pass: boolean | null;
  /** The ticket's own value for the field, in words for the tester ('High', '26 h 15 min', 'vip, network'). */
  actual: string;
}

interface ConditionsResult {
  all: RowResult[];
  any: RowResult[];
  /** Every all-row passes (none: true). */
  allPass: boolean;
  /** Some any-row passes (none: true). */
  anyPass: boolean;
  /** Both groups hold. */
  pass: boolean;
}

interface Outcome {
  pass: boolean | null;
  actual: string;
}

const NONE = '(none)';
const NO_EVENT = 'no event';
const UNKNOWN_FIELD = '(unknown field)';
/** Longer texts (a description) are cut for the tester. */
const ACTUAL_MAX = 80;
const MINUTE = 60_000;
/** Time-based automations run hourly: 'hours since … is' holds for the hour from the threshold on. */
const IS_WINDOW_MINUTES = 60;
const ATTRIBUTE_PREFIX = 'attribute:';

const TIME_FIELDS: Record<string, (t: Ticket) => unknown> = {
  ticket_created: (t) => t.createTime,
  ticket_changed: (t) => t.lastUpdated,
  assigned: (t) => t.assignedTime,
  customer: (t) => t.lastUpdatedTimeByRequester,
  technician: (t) => t.lastUpdatedTimeByAssignee,
};
const CHOICE_FIELDS: Record<string, (t: Ticket) => string | null> = {
  type: (t) => t.type,
  status: (t) => t.status,
  source: (t) => t.source,
  severity: (t) => t.severity,
  priority: (t) => t.priority,
};
const TEXT_FIELDS: Record<string, (t: Ticket) => string | null> = {
  summary: (t) => t.summary,
  description: (t) => t.description,
};
type EntityValue = { id: number; name: string; parentId?: number | null } | null;
const ENTITY_FIELDS: Record<string, (t: Ticket) => EntityValue> = {
  organization: (t) => t.organization,
  location: (t) => t.location,
  requester: (t) => t.requester,
  assignee: (t) => t.assignedAppUser,
  form: (t) => t.ticketForm,
};
const EVENT_FIELDS: Record<string, (e: TicketEvent) => string | null> = {
  action: (e) => e.action,
  commentType: (e) => e.commentType,
  updated_by: (e) => e.updatedBy,
};
/** §9.1's fields on what happened rather than on the ticket: those read from the event, and business hours. */
export const EVENT_FIELD_IDS: ReadonlySet<string> = new Set([...Object.keys(EVENT_FIELDS), 'business_hours']);
const HOURS_SINCE = new Set(['hours_since:greater_or_equal_than', 'hours_since:less_or_equal_than', 'hours_since:is']);
const COMPARISONS = new Set(['greater_than', 'less_than', 'greater_or_equal_than', 'less_or_equal_than']);

const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

// ---- value helpers -------------------------------------------------------

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function cut(text: string): string {
  return text.length > ACTUAL_MAX ? `${text.slice(0, ACTUAL_MAX - 1)}…` : text;
}

/** A value in words: '(none)' when empty, a list joined with ', ', an entity by its name. */
function textOf(value: unknown): string {
  if (isEmpty(value)) return NONE;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return cut(value.map(textOf).join(', '));
  if (typeof value === 'object') {
    const v = value as { name?: unknown; id?: unknown };
    if (typeof v.name === 'string') return cut(v.name);
    if (typeof v.id === 'number' || typeof v.id === 'string') return String(v.id);
  }
  return String(value);
}

/** '26 h 15 min' for an elapsed time in whole minutes. */
function elapsedText(minutes: number): string {
  const m = Math.max(0, minutes);
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The row's values as strings: a string, a number, or a list of them (ids, tags). */
function rowStrings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of list) {
    if (typeof v === 'string') {
      if (v !== '') out.push(v);
    } else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
  }
  return out;
}

/** Tag-like row values: a list, or one comma-joined string ('vip, network'). */
function rowTokens(value: unknown): string[] {
  if (typeof value !== 'string') return rowStrings(value);
  const out: string[] = [];
  for (const part of value.split(',')) {
    const t = part.trim();
    if (t !== '') out.push(t);
  }
  return out;
}

/** The row's entity ids (numbers or numeric strings). */
function rowIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  const out: number[] = [];
  for (const v of list) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** A number, or a time as epoch ms: numbers and numeric strings as they are, other strings as ISO dates. */
function toNumber(value: unknown): { n: number; date: boolean } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { n: value, date: false } : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  if (Number.isFinite(n)) return { n, date: false };
  const t = Date.parse(value);
  return Number.isFinite(t) ? { n: t, date: true } : null;
}

/** The hours-since threshold in minutes, or null when the row has none. */
function thresholdMinutes(value: unknown): number | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as { hours?: unknown; minutes?: unknown };
  const part = (p: unknown) => (p === null || p === undefined || p === '' ? 0 : Number(p));
  const hours = part(v.hours);
  const minutes = part(v.minutes);
  return Number.isFinite(hours) && Number.isFinite(minutes) ? hours * 60 + minutes : null;
}

/** The strings a ticket value matches on: ids and names of value objects, numbers and booleans as text. */
function valueTokens(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const v of list) {
    if (typeof v === 'string') {
      if (v !== '') out.push(v);
    } else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
    else if (v !== null && typeof v === 'object') {
      const o = v as { id?: unknown; name?: unknown; value?: unknown };
      if (typeof o.id === 'number' || typeof o.id === 'string') out.push(String(o.id));
      if (typeof o.value === 'string') out.push(o.value);
      if (typeof o.name === 'string') out.push(o.name);
    }
  }
  return out;
}

// ---- operators by value shape ---------------------------------------------

function presence(op: string, value: unknown): boolean | null {
  if (op === 'present') return !isEmpty(value);
  if (op === 'not_present') return isEmpty(value);
  return null;
}

/**
 * One string (a choice, a text, a scalar attribute): equality exact for
 * choices and case-insensitive otherwise, substrings always case-insensitive.
 */
function scalarOp(op: string, value: string | null, rowValue: unknown, caseInsensitive: boolean): boolean | null {
  switch (op) {
    case 'present':
    case 'not_present':
      return presence(op, value);
    case 'equals':
    case 'is':
    case 'not_equals': {
      const wanted = rowStrings(rowValue);
      if (wanted.length === 0) return null;
      let found = false;
      if (value !== null) {
        const v = caseInsensitive ? value.toLowerCase() : value;
        found = wanted.some((w) => (caseInsensitive ? w.toLowerCase() : w) === v);
      }
      return op === 'not_equals' ? !found : found;
    }
    case 'contains':
    case 'does_not_contain': {
      const wanted = rowStrings(rowValue);
      if (wanted.length === 0) return null;
      const v = value === null ? '' : value.toLowerCase();
      const found = value !== null && wanted.some((w) => v.includes(w.toLowerCase()));
      return op === 'contains' ? found : !found;
    }
    case 'contains_any':
    case 'contains_none': {
      const wanted = rowTokens(rowValue);
      if (wanted.length === 0) return null;
      const v = value === null ? '' : value.toLowerCase();
      const found = value !== null && wanted.some((w) => v.includes(w.toLowerCase()));
      return op === 'contains_any' ? found : !found;
    }
    default:
      return null;
  }
}

/** A list (tags, a multi-select): any / none of the row's values among the ticket's, case-insensitively. */
function listOp(op: string, values: readonly string[], rowValue: unknown): boolean | null {
  switch (op) {
    case 'present':
      return values.length > 0;
    case 'not_present':
      return values.length === 0;
    case 'contains_any':
    case 'contains_none': {
      const wanted = rowTokens(rowValue);
      if (wanted.length === 0) return null;
      const own = new Set(values.map((v) => v.toLowerCase()));
      const found = wanted.some((w) => own.has(w.toLowerCase()));
      return op === 'contains_any' ? found : !found;
    }
    default:
      return null;
  }
}

/** An organization, location, user or form, by id against the row's id list. */
function entityOp(op: string, entity: EntityValue, rowValue: unknown, field: string): boolean | null {
  switch (op) {
    case 'present':
    case 'not_present':
      return presence(op, entity);
    case 'equals':
    case 'is':
    case 'not_equals': {
      const wanted = rowIds(rowValue);
      if (wanted.length === 0) return null;
      const found = entity !== null && wanted.includes(entity.id);
      return op === 'not_equals' ? !found : found;
    }
    case 'parent_equals':
    case 'parent_not_equals': {
      if (field !== 'organization') return null;
      const wanted = rowIds(rowValue);
      if (wanted.length === 0) return null;
      const parent = entity?.parentId;
      const found = typeof parent === 'number' && wanted.includes(parent);
      return op === 'parent_equals' ? found : !found;
    }
    default:
      return null;
  }
}

/** Numbers and dates (as times): the four comparisons and 'is'. */
function compareOp(op: string, value: unknown, rowValue: unknown): boolean | null {
  const b = toNumber(rowValue);
  if (b === null) return null;
  const a = toNumber(value);
  if (a === null) return false;
  switch (op) {
    case 'greater_than':
      return a.n > b.n;
    case 'less_than':
      return a.n < b.n;
    case 'greater_or_equal_than':
      return a.n >= b.n;
    case 'less_or_equal_than':
      return a.n <= b.n;
    case 'is':
      return a.n === b.n;
    default:
      return null;
  }
}

// ---- fields ---------------------------------------------------------------

function timeSince(op: string, time: unknown, rowValue: unknown, now: number): Outcome {
  const at = toNumber(time);
  if (!HOURS_SINCE.has(op)) return { pass: null, actual: at === null ? NONE : elapsedText(Math.floor((now - at.n) / MINUTE)) };
  const threshold = thresholdMinutes(rowValue);
  if (at === null) return { pass: threshold === null ? null : false, actual: NONE };
  const elapsed = Math.floor((now - at.n) / MINUTE);
  const actual = elapsedText(elapsed);
  if (threshold === null) return { pass: null, actual };
  if (op === 'hours_since:greater_or_equal_than') return { pass: elapsed >= threshold, actual };
  if (op === 'hours_since:less_or_equal_than') return { pass: elapsed <= threshold, actual };
  return { pass: elapsed >= threshold && elapsed < threshold + IS_WINDOW_MINUTES, actual };
}

/**
 * changed / changed_to on a ticket field: whether the event changed it (and,
 * for changed_to, whether its new value is the row's, by the field's equals).
 */
function changeOp(
  op: 'changed' | 'changed_to',
  field: string,
  current: unknown,
  event: TicketEvent | null,
  equals: () => boolean | null,
): Outcome {
  if (!event) return { pass: null, actual: NO_EVENT };
  const changed = has(event.changed, field);
  const actual = changed ? `${textOf(event.changed[field])} → ${textOf(current)}` : `${textOf(current)} (unchanged)`;
  if (op === 'changed') return { pass: changed, actual };
  const eq = equals();
  return { pass: eq === null ? null : changed && eq, actual };
}

function attribute(op: string, field: string, value: unknown, rowValue: unknown, event: TicketEvent | null): Outcome {
  if (op === 'changed' || op === 'changed_to') {
    return changeOp(op, field, value, event, () => attribute('equals', field, value, rowValue, null).pass);
  }
  if (COMPARISONS.has(op) || (op === 'is' && toNumber(value) !== null && toNumber(rowValue) !== null)) {
    const rowNumber = toNumber(rowValue);
    // A date compared against a date: the ticket's epoch ms shown as one.
    const actual = rowNumber?.date && typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : textOf(value);
    return { pass: compareOp(op, value, rowValue), actual };
  }
  if (Array.isArray(value)) return { pass: listOp(op, valueTokens(value), rowValue), actual: textOf(value) };
  if (op === 'present' || op === 'not_present') return { pass: presence(op, value), actual: textOf(value) };
  // A scalar (dropdown value id, checkbox, text); a value object ({id, name}) matches on its id or its name.
  const tokens = valueTokens(value);
  if (op === 'equals' || op === 'is' || op === 'not_equals') {
    if (rowStrings(rowValue).length === 0) return { pass: null, actual: textOf(value) };
    const found = tokens.some((t) => scalarOp('equals', t, rowValue, true) === true);
    return { pass: op === 'not_equals' ? !found : found, actual: textOf(value) };
  }
  return { pass: scalarOp(op, tokens.length === 0 ? null : tokens.join(' '), rowValue, true), actual: textOf(value) };
}

function evaluate(row: ConditionRow, ticket: Ticket, event: TicketEvent | null, now: number): Outcome {
  const { field, operator: op, value: rowValue } = row;

  const timeField = TIME_FIELDS[field];
  if (timeField && has(TIME_FIELDS, field)) return timeSince(op, timeField(ticket), rowValue, now);

  const choice = has(CHOICE_FIELDS, field) ? CHOICE_FIELDS[field] : undefined;
  if (choice) {
    const value = choice(ticket);
    if (op === 'changed' || op === 'changed_to') return changeOp(op, field, value, event, () => scalarOp('equals', value, rowValue, false));
    return { pass: scalarOp(op, value, rowValue, false), actual: textOf(value) };
  }

  const text = has(TEXT_FIELDS, field) ? TEXT_FIELDS[field] : undefined;
  if (text) {
    const value = text(ticket);
    if (op === 'changed' || op === 'changed_to') return changeOp(op, field, value, event, () => scalarOp('equals', value, rowValue, true));
    return { pass: scalarOp(op, value, rowValue, true), actual: textOf(value) };
  }

  const entity = has(ENTITY_FIELDS, field) ? ENTITY_FIELDS[field] : undefined;
  if (entity) {
    const value = entity(ticket) ?? null;
    if (op === 'changed' || op === 'changed_to') return changeOp(op, field, value, event, () => entityOp('equals', value, rowValue, field));
    let actual = textOf(value);
    if ((op === 'parent_equals' || op === 'parent_not_equals') && value !== null) {
      actual = typeof value.parentId === 'number' ? `${actual} (parent ${value.parentId})` : `${actual} (no parent)`;
    }
    return { pass: entityOp(op, value, rowValue, field), actual };
  }

  if (field === 'tags') {
    const tags = ticket.tags ?? [];
    if (op === 'changed') return changeOp(op, field, tags, event, () => null);
    return { pass: listOp(op, tags, rowValue), actual: textOf(tags) };
  }

  const eventField = has(EVENT_FIELDS, field) ? EVENT_FIELDS[field] : undefined;
  if (eventField) {
    if (!event) return { pass: null, actual: NO_EVENT };
    const value = eventField(event) ?? null;
    const pass = op === 'equals' || op === 'not_equals' || op === 'is' ? scalarOp(op, value, rowValue, false) : null;
    return { pass, actual: textOf(value) };
  }

  if (field === 'business_hours') {
    if (!event) return { pass: null, actual: NO_EVENT };
    const within = event.withinBusinessHours;
    const actual = within ? 'within business hours' : 'outside business hours';
    return { pass: op === 'in' ? within : op === 'not_in' ? !within : null, actual };
  }

  if (field.startsWith(ATTRIBUTE_PREFIX)) {
    const id = field.slice(ATTRIBUTE_PREFIX.length);
    const attributes = ticket.attributes ?? {};
    return attribute(op, field, has(attributes, id) ? attributes[id] : null, rowValue, event);
  }

  if (field.startsWith(STATUS_TIME_SINCE_PREFIX) && field.length > STATUS_TIME_SINCE_PREFIX.length) {
    const status = field.slice(STATUS_TIME_SINCE_PREFIX.length);
    if (ticket.status !== status) return { pass: HOURS_SINCE.has(op) ? false : null, actual: `not in status ${status}` };
    const since = ticket.statusSince ?? {};
    return timeSince(op, has(since, status) ? since[status] : null, rowValue, now);
  }

  return { pass: null, actual: UNKNOWN_FIELD };
}

// ---- the API ----------------------------------------------------------------

export function evaluateRow(row: ConditionRow, ticket: Ticket, event: TicketEvent | null, now: number): RowResult {
  const { pass, actual } = evaluate(row, ticket, event, now);
  return { rowId: row.id, field: row.field, operator: row.operator, pass, actual };
}

export function evaluateConditions(conditions: TriggerConditions, ticket: Ticket, event: TicketEvent | null, now: number): ConditionsResult {
  const all = (conditions.all ?? []).map((row) => evaluateRow(row, ticket, event, now));
  const any = (conditions.any ?? []).map((row) => evaluateRow(row, ticket, event, now));
  const allPass = all.every((r) => r.pass === true);
  const anyPass = any.length === 0 || any.some((r) => r.pass === true);
  return { all, any, allPass, anyPass, pass: allPass && anyPass };
}

/** evaluateConditions(...).pass, stopping at the first row that decides it (board filtering runs it per ticket). */
export function matchesConditions(conditions: TriggerConditions, ticket: Ticket, event: TicketEvent | null, now: number): boolean {
  const all = conditions.all ?? [];
  for (const row of all) if (evaluate(row, ticket, event, now).pass !== true) return false;
  const any = conditions.any ?? [];
  if (any.length === 0) return true;
  for (const row of any) if (evaluate(row, ticket, event, now).pass === true) return true;
  return false;
}
