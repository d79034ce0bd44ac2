/**
 * A save must not drop what the console does not know (DESIGN "parse
 * tolerantly"): a PUT replaces the whole trigger, so the fields of the stored
 * one that the console does not read go back with it. Top-level fields by
 * name; a condition row's own extra fields by the row's id; an action's by
 * its place when it is still of the same type.
 */
const TRIGGER_KEYS = new Set(['id', 'enabled', 'name', 'description', 'type', 'conditions', 'actions', 'uploads', 'attachments', 'columns', 'sortBy', 'system']);
const ROW_KEYS = new Set(['id', 'field', 'operator', 'value', 'metaData', 'touched', 'validation']);
const ACTION_KEYS = new Set(['type', 'params']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const extras = (value: unknown, known: ReadonlySet<string>): Json => (isObject(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !known.has(key))) : {});
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The body to PUT: the console's `body` over the stored trigger's fields it does not know. */
export function withUnknownKept<B extends { conditions: { all: object[]; any: object[] }; actions: Array<{ type: string }> }>(stored: unknown, body: B): B {
  if (!isObject(stored)) return body;
  const storedConditions = isObject(stored.conditions) ? stored.conditions : {};
  const storedRows = new Map<string, unknown>();
  for (const row of [...listOf(storedConditions.all), ...listOf(storedConditions.any)]) {
    if (isObject(row) && typeof row.id === 'string') storedRows.set(row.id, row);
  }
  const row = (r: object) => ({ ...extras(storedRows.get((r as { id?: string }).id ?? ''), ROW_KEYS), ...r });
  const storedActions = listOf(stored.actions);
  const action = (a: { type: string }, i: number) => {
    const before = storedActions[i];
    return isObject(before) && before.type === a.type ? { ...extras(before, ACTION_KEYS), ...a } : a;
  };
  return {
    ...extras(stored, TRIGGER_KEYS),
    ...body,
    conditions: { ...extras(storedConditions, new Set(['all', 'any'])), ...body.conditions, all: body.conditions.all.map(row), any: body.conditions.any.map(row) },
    actions: body.actions.map(action),
  };
}
