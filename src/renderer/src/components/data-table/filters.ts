/**
 * The data table's filters (help spec §9 "Filter types"),
 * pure: the ten types, the value each holds, when a value filters at all, the
 * summary its button shows, the date presets, and how a local row is matched.
 * A remote table sends the active values with its query (`activeFilters`).
 */
export const FILTER_TYPES = [
  'SingleSelect',
  'MultiSelect',
  'SearchableSelect',
  'InputWithUnitDropdown',
  'RadioGroup',
  'DateRangeSelect',
  'DateRangePicker',
  'DateRangePickerSelect',
  'NumberRange',
  'SingleValue',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export interface FilterOption {
  label: string;
  value: string;
}

export interface FilterUnit extends FilterOption {
  /** The amount times this is in the row's own unit (MB → 1,048,576 bytes). */
  factor: number;
}

/** Epoch milliseconds; an end is inclusive. */
export interface DateRange {
  from: number | null;
  to: number | null;
}

export interface DatePreset {
  id: string;
  label: string;
  /** How far back from now. */
  ms: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DATE_PRESETS: readonly DatePreset[] = [
  { id: 'last24h', label: 'Last 24 hours', ms: DAY },
  { id: 'last7d', label: 'Last 7 days', ms: 7 * DAY },
  { id: 'last30d', label: 'Last 30 days', ms: 30 * DAY },
  { id: 'last90d', label: 'Last 90 days', ms: 90 * DAY },
];
export const CUSTOM_RANGE = 'custom';

interface BaseFilter<T> {
  id: string;
  label: string;
  /** A local row's value for this filter (remote tables leave matching to the server). */
  rowValue?(row: T): string | number | null | undefined;
}

export type FilterDef<T> =
  | (BaseFilter<T> & { type: 'SingleSelect' | 'SearchableSelect' | 'RadioGroup' | 'MultiSelect'; options: readonly FilterOption[] })
  | (BaseFilter<T> & { type: 'InputWithUnitDropdown'; units: readonly FilterUnit[]; compare?: 'atLeast' | 'atMost' })
  | (BaseFilter<T> & { type: 'DateRangeSelect' | 'DateRangePicker' | 'DateRangePickerSelect'; presets?: readonly DatePreset[] })
  | (BaseFilter<T> & { type: 'NumberRange' | 'SingleValue' });

/** What each type holds. */
export type FilterValue =
  | { type: 'SingleSelect' | 'SearchableSelect' | 'RadioGroup' | 'SingleValue'; value: string }
  | { type: 'MultiSelect'; values: string[] }
  | { type: 'InputWithUnitDropdown'; amount: number | null; unit: string }
  | { type: 'DateRangeSelect'; preset: string }
  | { type: 'DateRangePicker'; range: DateRange }
  | { type: 'DateRangePickerSelect'; preset: string; range: DateRange }
  | { type: 'NumberRange'; min: number | null; max: number | null };

export type FilterValues = Readonly<Record<string, FilterValue>>;

export function isActive(value: FilterValue | undefined): value is FilterValue {
  if (!value) return false;
  switch (value.type) {
    case 'MultiSelect':
      return value.values.length > 0;
    case 'InputWithUnitDropdown':
      return value.amount !== null && Number.isFinite(value.amount);
    case 'DateRangeSelect':
      return value.preset !== '';
    case 'DateRangePicker':
      return value.range.from !== null || value.range.to !== null;
    case 'DateRangePickerSelect':
      return value.preset === CUSTOM_RANGE ? value.range.from !== null || value.range.to !== null : value.preset !== '';
    case 'NumberRange':
      return value.min !== null || value.max !== null;
    default:
      return value.value.trim() !== '';
  }
}

/** Only the values that filter: what a remote table sends. */
export function activeFilters(values: FilterValues): FilterValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => isActive(value)));
}

export function presetRange(presets: readonly DatePreset[], id: string, now: number): DateRange | null {
  const preset = presets.find((p) => p.id === id);
  return preset ? { from: now - preset.ms, to: now } : null;
}

/** The range a date filter stands for now. */
export function dateRangeOf<T>(def: FilterDef<T>, value: FilterValue, now: number): DateRange | null {
  const presets = ('presets' in def ? def.presets : undefined) ?? DATE_PRESETS;
  if (value.type === 'DateRangeSelect') return presetRange(presets, value.preset, now);
  if (value.type === 'DateRangePicker') return value.range;
  if (value.type === 'DateRangePickerSelect') return value.preset === CUSTOM_RANGE ? value.range : presetRange(presets, value.preset, now);
  return null;
}

const dayOf = (ms: number) => new Date(ms).toLocaleDateString();

/** What the filter's button says: its label, and the value when one is set. */
export function filterSummary<T>(def: FilterDef<T>, value: FilterValue | undefined): string {
  if (!isActive(value)) return def.label;
  const optionLabel = (v: string) => ('options' in def ? (def.options.find((o) => o.value === v)?.label ?? v) : v);
  const range = (r: DateRange) => `${r.from !== null ? dayOf(r.from) : '…'} – ${r.to !== null ? dayOf(r.to) : '…'}`;
  const presetLabel = (id: string) => ((('presets' in def ? def.presets : undefined) ?? DATE_PRESETS).find((p) => p.id === id)?.label ?? id);
  let shown: string;
  switch (value.type) {
    case 'MultiSelect':
      shown = value.values.length === 1 ? optionLabel(value.values[0]!) : `${value.values.length} selected`;
      break;
    case 'InputWithUnitDropdown': {
      const unit = 'units' in def ? (def.units.find((u) => u.value === value.unit)?.label ?? value.unit) : value.unit;
      shown = `${'compare' in def && def.compare === 'atMost' ? '≤' : '≥'} ${value.amount} ${unit}`;
      break;
    }
    case 'DateRangeSelect':
      shown = presetLabel(value.preset);
      break;
    case 'DateRangePicker':
      shown = range(value.range);
      break;
    case 'DateRangePickerSelect':
      shown = value.preset === CUSTOM_RANGE ? range(value.range) : presetLabel(value.preset);
      break;
    case 'NumberRange':
      shown = value.min !== null && value.max !== null ? `${value.min}–${value.max}` : value.min !== null ? `≥ ${value.min}` : `≤ ${value.max}`;
      break;
    case 'SingleValue':
      shown = `"${value.value.trim()}"`;
      break;
    default:
      shown = optionLabel(value.value);
  }
  return `${def.label}: ${shown}`;
}

function timeOf(raw: string | number): number {
  return typeof raw === 'number' ? raw : Date.parse(raw);
}

/** Whether one filter lets a local row through (a filter without `rowValue`, or not active, lets every row through). */
export function matchesFilter<T>(row: T, def: FilterDef<T>, value: FilterValue | undefined, now: number = Date.now()): boolean {
  if (!isActive(value) || !def.rowValue) return true;
  const raw = def.rowValue(row);
  if (raw === null || raw === undefined) return false;
  switch (value.type) {
    case 'MultiSelect':
      return value.values.includes(String(raw));
    case 'SingleValue':
      return String(raw).toLowerCase().includes(value.value.trim().toLowerCase());
    case 'InputWithUnitDropdown': {
      const factor = 'units' in def ? (def.units.find((u) => u.value === value.unit)?.factor ?? 1) : 1;
      const limit = value.amount! * factor;
      return 'compare' in def && def.compare === 'atMost' ? Number(raw) <= limit : Number(raw) >= limit;
    }
    case 'NumberRange':
      return (value.min === null || Number(raw) >= value.min) && (value.max === null || Number(raw) <= value.max);
    case 'DateRangeSelect':
    case 'DateRangePicker':
    case 'DateRangePickerSelect': {
      const range = dateRangeOf(def, value, now);
      const at = timeOf(raw);
      if (!range || Number.isNaN(at)) return false;
      return (range.from === null || at >= range.from) && (range.to === null || at <= range.to);
    }
    default:
      return String(raw) === value.value;
  }
}

export function matchesFilters<T>(row: T, defs: readonly FilterDef<T>[], values: FilterValues, now: number = Date.now()): boolean {
  return defs.every((def) => matchesFilter(row, def, values[def.id], now));
}

/** A filter's value before the technician sets one. */
export function emptyValue<T>(def: FilterDef<T>): FilterValue {
  switch (def.type) {
    case 'MultiSelect':
      return { type: 'MultiSelect', values: [] };
    case 'InputWithUnitDropdown':
      return { type: 'InputWithUnitDropdown', amount: null, unit: def.units[0]?.value ?? '' };
    case 'DateRangeSelect':
      return { type: 'DateRangeSelect', preset: '' };
    case 'DateRangePicker':
      return { type: 'DateRangePicker', range: { from: null, to: null } };
    case 'DateRangePickerSelect':
      return { type: 'DateRangePickerSelect', preset: '', range: { from: null, to: null } };
    case 'NumberRange':
      return { type: 'NumberRange', min: null, max: null };
    default:
      return { type: def.type, value: '' };
  }
}
