/**
 * The automation editor's condition rows (spec/ticketing-automations-psa.md
 * §3.1, §4.1, §5.1, §9.1), pure: which fields a trigger type offers in which
 * group, the operators of each field, the value each operator wants, the
 * reset on a field or operator change, and each row's §5.1 check.
 *
 * The spec names the fields and operators but not every enumeration: the
 * action values (INSERT = Ticket Created, UPDATE = Ticket Updated) are its
 * own; comment types and 'updated by' values are the console's (PUBLIC /
 * PRIVATE, REQUESTER / TECHNICIAN), and statuses, priorities, severities,
 * types and sources are the instance's lists.
 */
import type { ConditionRow, TriggerType } from '../../model/ticketing';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { ownValue } from '../platform/own-keys';

export type ConditionGroup = 'all' | 'any';

/** §9.1 operators, with the words the field/operator select shows. */
export const OPERATOR_LABELS: Record<string, string> = {
  contains: 'Contains',
  does_not_contain: 'Does not contain',
  contains_any: 'Contains any',
  contains_none: 'Contains none',
  equals: 'Equals',
  not_equals: 'Does not equal',
  parent_equals: 'Parent equals',
  parent_not_equals: 'Parent does not equal',
  present: 'Is present',
  not_present: 'Is not present',
  'hours_since:greater_or_equal_than': 'Greater than or equal to',
  'hours_since:less_or_equal_than': 'Less than or equal to',
  'hours_since:is': 'Is',
  changed: 'Changed',
  changed_to: 'Changed to',
  in: 'Within',
  not_in: 'Outside',
  greater_than: 'Greater than',
  less_than: 'Less than',
  greater_or_equal_than: 'Greater than or equal to',
  less_or_equal_than: 'Less than or equal to',
  is: 'Is',
  add: 'Add',
  remove: 'Remove',
};

/** How a row's value is edited (and checked). */
type ValueKind =
  | 'none'
  /** One of the field's choices (status, priority, action, ...). */
  | 'choice'
  | 'text'
  /** Hours and minutes since (§5.1): {hours, minutes}. */
  | 'timeSince'
  /** Ids of organizations, locations, users (technicians only: §6's assignee pickers) or forms. */
  | 'organizations'
  | 'locations'
  | 'users'
  | 'technicians'
  | 'forms'
  | 'tags'
  | 'number'
  | 'decimal'
  /** Several of a multi-select attribute's values (their ids, as strings). */
  | 'multiChoice';

export interface ConditionField {
  id: string;
  label: string;
  operators: readonly string[];
  /** The value an operator wants; `none` for §5.1's operators that need none. */
  valueKind(operator: string): ValueKind;
  /** For `choice` values: where the choices come from. */
  choices?: 'statuses' | 'priorities' | 'severities' | 'types' | 'sources' | 'action' | 'commentType' | 'updatedBy';
  /** A ticket attribute's own values (dropdown, checkbox). */
  options?: ReadonlyArray<{ value: string; name: string }>;
  timeSince?: boolean;
}

/** §3.1 ticket attribute, as the conditions offer it. */
export interface AttributeDef {
  id: number;
  attributeType: string;
  name: string;
  active: boolean;
  values: ReadonlyArray<{ id: number; name: string }>;
}

/** §5.1: operators that need no value (changed only for enumerations, which is where it is offered). */
const NO_VALUE = new Set(['present', 'not_present', 'changed', 'in', 'not_in']);
const HOURS_SINCE = ['hours_since:greater_or_equal_than', 'hours_since:less_or_equal_than', 'hours_since:is'] as const;
const COMPARISONS = ['greater_than', 'less_than', 'greater_or_equal_than', 'less_or_equal_than'] as const;

/** §9.1 time-since fields, and one per status (`status_<value>`). */
const TIME_SINCE_FIELDS: ReadonlyArray<{ id: string; label: string }> = [
  { id: 'ticket_created', label: 'Hours since ticket created' },
  { id: 'ticket_changed', label: 'Hours since ticket changed' },
  { id: 'assigned', label: 'Hours since assigned' },
  { id: 'customer', label: 'Hours since customer update' },
  { id: 'technician', label: 'Hours since technician update' },
];
export const STATUS_TIME_SINCE_PREFIX = 'status_';

/** §9.1: action INSERT = Ticket Created, UPDATE = Ticket Updated. */
export const ACTION_CHOICES = [
  { value: 'INSERT', name: 'Ticket Created' },
  { value: 'UPDATE', name: 'Ticket Updated' },
] as const;
export const COMMENT_TYPE_CHOICES = [
  { value: 'PUBLIC', name: 'Public' },
  { value: 'PRIVATE', name: 'Private' },
] as const;
export const UPDATED_BY_CHOICES = [
  { value: 'REQUESTER', name: 'Requester' },
  { value: 'TECHNICIAN', name: 'Technician' },
] as const;

/** §5.1 "a shared maximum" of numeric attribute values: the largest 32-bit integer (the spec gives no figure). */
const NUMERIC_ATTRIBUTE_MAX = 2_147_483_647;

/** §5.1 time-since limits and messages; §9.1 default 1:0. */
export const TIME_SINCE_HOURS_MAX = 99999;
export const TIME_SINCE_MINUTES = [0, 15, 30, 45] as const;
const DEFAULT_TIME_SINCE = { hours: 1, minutes: 0 } as const;

export const CONDITION_MESSAGES = {
  hoursRange: (min: number, max: number) => `Value must be an integer between ${min} and ${max}`,
  minutes: 'Values must be 0, 15, 30 or 45',
  positiveInteger: 'Value must be a positive integer',
  /** Decimal attributes: the console's words (§5.1 words only the numeric check). */
  number: 'Value must be a number',
  atMost: (max: number) => `Value must be less than or equal to ${max}`,
  deletedUsers: 'Must not contain deleted users',
  deletedOrganizations: 'Must not contain deleted organizations',
  deletedLocations: 'Must not contain deleted locations',
  inactiveForms: 'Must not contain inactive forms',
} as const;

const fixed = (kind: ValueKind) => (operator: string) => (NO_VALUE.has(operator) ? 'none' : kind);

function enumField(id: string, label: string, choices: NonNullable<ConditionField['choices']>, eventBased: boolean): ConditionField {
  // §9.1: changed and changed_to only in event-based triggers, for status, source, type, severity and priority.
  const operators = ['equals', 'not_equals', ...(eventBased ? ['changed', 'changed_to'] : [])];
  return { id, label, operators, choices, valueKind: fixed('choice') };
}

/**
 * The fields a row may use (§9.1), for a trigger of `type` in `group`; the
 * status time-since fields come from the instance's statuses.
 */
export function conditionFields(
  type: TriggerType,
  group: ConditionGroup,
  statuses: ReadonlyArray<{ value: string; name: string }> = [],
  attributes: readonly AttributeDef[] = [],
): ConditionField[] {
  const eventBased = type === 'EVENT_BASED';
  const fields: ConditionField[] = [];
  if ((type === 'BOARD' || type === 'TIME_BASED') && group === 'all') {
    for (const f of [...TIME_SINCE_FIELDS, ...statuses.map((s) => ({ id: `${STATUS_TIME_SINCE_PREFIX}${s.value}`, label: `Hours since status ${s.name}` }))]) {
      fields.push({ ...f, operators: HOURS_SINCE, valueKind: () => 'timeSince', timeSince: true });
    }
  }
  if (type !== 'BOARD' && type !== 'TIME_BASED') fields.push({ id: 'action', label: 'Action', operators: ['equals'], choices: 'action', valueKind: () => 'choice' });
  if (group === 'all' && type !== 'BOARD') fields.push({ id: 'business_hours', label: 'Business hours', operators: ['in', 'not_in'], valueKind: () => 'none' });
  fields.push(
    enumField('type', 'Type', 'types', eventBased),
    enumField('status', 'Status', 'statuses', eventBased),
    enumField('source', 'Source', 'sources', eventBased),
    enumField('severity', 'Severity', 'severities', eventBased),
    enumField('priority', 'Priority', 'priorities', eventBased),
    { id: 'summary', label: 'Subject', operators: ['contains', 'does_not_contain', 'equals', 'not_equals'], valueKind: fixed('text') },
    { id: 'description', label: 'Description', operators: ['contains', 'does_not_contain'], valueKind: fixed('text') },
    { id: 'organization', label: 'Organization', operators: ['equals', 'not_equals', 'parent_equals', 'parent_not_equals', 'present', 'not_present'], valueKind: fixed('organizations') },
    { id: 'requester', label: 'Requester', operators: ['equals', 'not_equals', 'present', 'not_present'], valueKind: fixed('users') },
    // §6: assignee pickers list technicians only.
    { id: 'assignee', label: 'Assignee', operators: ['equals', 'not_equals', 'present', 'not_present'], valueKind: fixed('technicians') },
    { id: 'tags', label: 'Tags', operators: ['contains_any', 'contains_none', 'present', 'not_present'], valueKind: fixed('tags') },
  );
  if (type !== 'RESPONSE_TEMPLATE') {
    fields.push(
      { id: 'form', label: 'Form', operators: ['equals', 'not_equals'], valueKind: fixed('forms') },
      { id: 'location', label: 'Location', operators: ['equals', 'not_equals', 'present', 'not_present'], valueKind: fixed('locations') },
    );
  }
  if (eventBased) {
    fields.push(
      { id: 'commentType', label: 'Comment type', operators: ['equals'], choices: 'commentType', valueKind: () => 'choice' },
      { id: 'updated_by', label: 'Updated by', operators: ['equals', 'not_equals'], choices: 'updatedBy', valueKind: () => 'choice' },
    );
  }
  for (const attribute of attributes) {
    const field = attributeField(attribute);
    if (field) fields.push(field);
  }
  return fields;
}

/** A ticket attribute as a condition field (`attribute:{id}`), with §9.1's operators for its type; inactive or unknown types: none. */
export function attributeField(attribute: AttributeDef): ConditionField | null {
  const operators = ownValue(ATTRIBUTE_OPERATORS, attribute.attributeType);
  if (!attribute.active || !operators) return null;
  const t = attribute.attributeType;
  const kind: ValueKind = t === 'NUMERIC' ? 'number' : t === 'DECIMAL' ? 'decimal' : t === 'MULTI_SELECT' ? 'multiChoice' : t === 'DROPDOWN' || t === 'CHECKBOX' ? 'choice' : 'text';
  const options =
    t === 'CHECKBOX'
      ? [
          { value: 'true', name: 'Checked' },
          { value: 'false', name: 'Not checked' },
        ]
      : attribute.values.map((v) => ({ value: String(v.id), name: v.name }));
  return { id: `attribute:${attribute.id}`, label: attribute.name, operators, options, valueKind: fixed(kind) };
}

/** §3.1 ticket attribute types and §9.1's operators for each. */
export const ATTRIBUTE_OPERATORS: Record<string, readonly string[]> = {
  MULTI_SELECT: ['present', 'not_present', 'contains_any', 'contains_none'],
  DROPDOWN: ['present', 'not_present', 'equals', 'not_equals'],
  CHECKBOX: ['present', 'not_present', 'equals', 'not_equals'],
  TEXT: ['present', 'not_present', 'contains', 'does_not_contain', 'contains_any', 'contains_none'],
  TEXT_MULTILINE: ['present', 'not_present', 'contains', 'does_not_contain', 'contains_any', 'contains_none'],
  NUMERIC: ['present', 'not_present', ...COMPARISONS],
  DECIMAL: ['present', 'not_present', ...COMPARISONS],
  DATE: ['present', 'not_present', ...COMPARISONS],
};

/** The default value a field's operator starts with (§4.1: a field or operator change resets it). */
export function defaultValue(kind: ValueKind): unknown {
  switch (kind) {
    case 'timeSince':
      return { ...DEFAULT_TIME_SINCE };
    case 'organizations':
    case 'locations':
    case 'users':
    case 'technicians':
    case 'forms':
    case 'tags':
    case 'multiChoice':
      return [];
    case 'none':
      return null;
    case 'number':
    case 'decimal':
      return null;
    default:
      return '';
  }
}

let rowCounter = 0;
function newRowId(): string {
  rowCounter += 1;
  return `row-${Date.now().toString(36)}-${rowCounter}`;
}

/** A new row on the group's first field, its first operator and that operator's default value. */
export function newConditionRow(fields: readonly ConditionField[]): ConditionRow {
  const field = fields[0]!;
  const operator = field.operators[0]!;
  return { id: newRowId(), field: field.id, operator, value: defaultValue(field.valueKind(operator)), touched: false };
}

/** §4.1: changing the field resets the operator to the field's first and the value to a default. */
export function changeRowField(row: ConditionRow, field: ConditionField): ConditionRow {
  const operator = field.operators[0]!;
  return { id: row.id, field: field.id, operator, value: defaultValue(field.valueKind(operator)), touched: false };
}

/** §4.1: changing the operator resets the value and the touched flag. */
export function changeRowOperator(row: ConditionRow, field: ConditionField, operator: string): ConditionRow {
  return { id: row.id, field: row.field, operator, value: defaultValue(field.valueKind(operator)), touched: false };
}

export interface ReferenceState {
  /** Ids the lookups said are deleted (users, organizations, locations) or inactive (forms). */
  deletedUsers?: ReadonlySet<number>;
  deletedOrganizations?: ReadonlySet<number>;
  deletedLocations?: ReadonlySet<number>;
  inactiveForms?: ReadonlySet<number>;
}

/** The entities a picker row keeps in its metaData. */
export function entitiesOf(metaData: unknown): Array<{ id: number; name: string; deleted: boolean }> {
  const items = (metaData as { items?: unknown } | null | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    const e = item as { id?: unknown; name?: unknown; deleted?: unknown } | null;
    return e && typeof e.id === 'number' ? [{ id: e.id, name: typeof e.name === 'string' ? e.name : String(e.id), deleted: e.deleted === true }] : [];
  });
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
}

/** §5.1 for a time-since value {hours, minutes}; null when valid. */
function timeSinceProblem(value: unknown): string | null {
  const v = (value ?? {}) as { hours?: unknown; minutes?: unknown };
  const hours = v.hours === '' || v.hours === null || v.hours === undefined ? null : Number(v.hours);
  const minutes = v.minutes === '' || v.minutes === null || v.minutes === undefined ? null : Number(v.minutes);
  if (hours !== null && (!Number.isInteger(hours) || hours < 0 || hours > TIME_SINCE_HOURS_MAX)) return CONDITION_MESSAGES.hoursRange(0, TIME_SINCE_HOURS_MAX);
  if (minutes !== null && !(TIME_SINCE_MINUTES as readonly number[]).includes(minutes)) return CONDITION_MESSAGES.minutes;
  if (!hours && !minutes) return REQUIRED_MESSAGE;
  return null;
}

/** §5.1: the row's problem (null when valid), by its field's value kind; a field this console does not know is kept unchecked. */
export function conditionRowProblem(row: ConditionRow, field: ConditionField | undefined, references: ReferenceState = {}): string | null {
  if (!field) return null;
  // An operator this console does not offer for the field (another client's) is kept unchecked, as an unknown field is.
  if (!field.operators.includes(row.operator)) return null;
  const kind = field.valueKind(row.operator);
  switch (kind) {
    case 'none':
      return null;
    case 'timeSince':
      return timeSinceProblem(row.value);
    case 'number': {
      const n = Number(row.value);
      if (row.value === null || row.value === undefined || row.value === '') return REQUIRED_MESSAGE;
      if (!Number.isInteger(n) || n <= 0) return CONDITION_MESSAGES.positiveInteger;
      return n > NUMERIC_ATTRIBUTE_MAX ? CONDITION_MESSAGES.atMost(NUMERIC_ATTRIBUTE_MAX) : null;
    }
    case 'decimal': {
      const n = Number(row.value);
      if (row.value === null || row.value === undefined || row.value === '') return REQUIRED_MESSAGE;
      if (!Number.isFinite(n)) return CONDITION_MESSAGES.number;
      return n > NUMERIC_ATTRIBUTE_MAX ? CONDITION_MESSAGES.atMost(NUMERIC_ATTRIBUTE_MAX) : null;
    }
    case 'tags':
    case 'multiChoice':
      return Array.isArray(row.value) && row.value.length > 0 ? null : REQUIRED_MESSAGE;
    case 'users':
    case 'technicians':
    case 'organizations':
    case 'locations':
    case 'forms': {
      const chosen = ids(row.value);
      if (chosen.length === 0) return REQUIRED_MESSAGE;
      const [set, message] =
        kind === 'users' || kind === 'technicians'
          ? [references.deletedUsers, CONDITION_MESSAGES.deletedUsers]
          : kind === 'organizations'
            ? [references.deletedOrganizations, CONDITION_MESSAGES.deletedOrganizations]
            : kind === 'locations'
              ? [references.deletedLocations, CONDITION_MESSAGES.deletedLocations]
              : [references.inactiveForms, CONDITION_MESSAGES.inactiveForms];
      // The pickers keep what they showed in the row's metaData ({items: [{id, name, deleted}]}): a deleted one counts too.
      const flagged = new Set(entitiesOf(row.metaData).filter((e) => e.deleted).map((e) => e.id));
      return chosen.some((id) => set?.has(id) || flagged.has(id)) ? message : null;
    }
    default:
      return typeof row.value === 'string' && row.value.trim() !== '' ? null : REQUIRED_MESSAGE;
  }
}

/** §5.1: time-based automations need a 'time since' row in the all-group. */
export function hasTimeSinceCondition(rows: readonly ConditionRow[]): boolean {
  return rows.some((row) => TIME_SINCE_FIELDS.some((f) => f.id === row.field) || row.field.startsWith(STATUS_TIME_SINCE_PREFIX));
}

/** Ticket types and sources: the spec lists none; these are the console's (an instance's other values show raw). */
export const TYPE_CHOICES = [
  { value: 'PROBLEM', name: 'Problem' },
  { value: 'QUESTION', name: 'Question' },
  { value: 'INCIDENT', name: 'Incident' },
  { value: 'TASK', name: 'Task' },
] as const;
export const SOURCE_CHOICES = [
  { value: 'EMAIL', name: 'Email' },
  { value: 'PHONE', name: 'Phone' },
  { value: 'WEB_FORM', name: 'Web form' },
  { value: 'TECHNICIAN_PORTAL', name: 'Technician portal' },
  { value: 'CONDITION', name: 'Condition' },
] as const;
