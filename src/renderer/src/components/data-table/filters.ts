/**
 * The data table's filters (help spec §9 "Filter types"), pure: the types the
 * screens use (SingleSelect, RadioGroup, SingleValue), the value each holds,
 * when a value filters at all, the summary its button shows, and how a local
 * row is matched. A remote table sends the active values with its query
 * (`activeFilters`).
 */
export const FILTER_TYPES = ['SingleSelect', 'RadioGroup', 'SingleValue'] as const;

interface FilterOption {
  label: string;
  value: string;
}

interface BaseFilter<T> {
  id: string;
  label: string;
  /** A local row's value for this filter (remote tables leave matching to the server). */
  rowValue?(row: T): string | number | null | undefined;
}

export type FilterDef<T> = (BaseFilter<T> & { type: 'SingleSelect' | 'RadioGroup'; options: readonly FilterOption[] }) | (BaseFilter<T> & { type: 'SingleValue' });

/** What each type holds. */
export type FilterValue = { type: 'SingleSelect' | 'RadioGroup' | 'SingleValue'; value: string };

export type FilterValues = Readonly<Record<string, FilterValue>>;

export function isActive(value: FilterValue | undefined): value is FilterValue {
  if (!value) return false;
  return value.value.trim() !== '';
}

/** Only the values that filter: what a remote table sends. */
export function activeFilters(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => isActive(value)));
}

/** What the filter's button says: its label, and the value when one is set. */
export function filterSummary<T>(def: FilterDef<T>, value: FilterValue | undefined): string {
  if (!isActive(value)) return def.label;
  const optionLabel = (v: string) => ('options' in def ? (def.options.find((o) => o.value === v)?.label ?? v) : v);
  const shown = value.type === 'SingleValue' ? `"${value.value.trim()}"` : optionLabel(value.value);
  return `${def.label}: ${shown}`;
}

/** Whether one filter lets a local row through (a filter without `rowValue`, or not active, lets every row through). */
export function matchesFilter<T>(row: T, def: FilterDef<T>, value: FilterValue | undefined): boolean {
  if (!isActive(value) || !def.rowValue) return true;
  const raw = def.rowValue(row);
  if (raw === null || raw === undefined) return false;
  if (value.type === 'SingleValue') return String(raw).toLowerCase().includes(value.value.trim().toLowerCase());
  return String(raw) === value.value;
}

export function matchesFilters<T>(row: T, defs: readonly FilterDef<T>[], values: FilterValues): boolean {
  return defs.every((def) => matchesFilter(row, def, values[def.id]));
}

/** A filter's value before the technician sets one. */
export function emptyValue<T>(def: FilterDef<T>): FilterValue {
  return { type: def.type, value: '' };
}
