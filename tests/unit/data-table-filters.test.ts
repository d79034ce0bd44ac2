/** The data table's ten filter types (help spec §9), pure rules. */
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  CUSTOM_RANGE,
  dateRangeOf,
  emptyValue,
  FILTER_TYPES,
  filterSummary,
  isActive,
  matchesFilter,
  matchesFilters,
  type FilterDef,
} from '../../src/renderer/src/components/data-table/filters';

interface Row {
  name: string;
  kind: string;
  size: number;
  modified: string;
}

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
const rows: Row[] = [
  { name: 'alpha.txt', kind: 'FILE', size: 500, modified: new Date(NOW - 2 * DAY).toISOString() },
  { name: 'Beta', kind: 'FOLDER', size: 5 * 1024 * 1024, modified: new Date(NOW - 20 * DAY).toISOString() },
  { name: 'gamma.bin', kind: 'IMAGE', size: 2 * 1024 * 1024 * 1024, modified: 'not a date' },
];
const kinds = [
  { label: 'File', value: 'FILE' },
  { label: 'Folder', value: 'FOLDER' },
];

const defs = {
  single: { id: 'kind', label: 'Kind', type: 'SingleSelect', options: kinds, rowValue: (r) => r.kind },
  multi: { id: 'kinds', label: 'Kinds', type: 'MultiSelect', options: kinds, rowValue: (r) => r.kind },
  size: { id: 'size', label: 'Size', type: 'InputWithUnitDropdown', units: [{ label: 'KB', value: 'KB', factor: 1024 }, { label: 'MB', value: 'MB', factor: 1024 * 1024 }], rowValue: (r) => r.size },
  range: { id: 'modified', label: 'Modified', type: 'DateRangeSelect', rowValue: (r) => r.modified },
  picked: { id: 'picked', label: 'Modified', type: 'DateRangePickerSelect', rowValue: (r) => r.modified },
  numbers: { id: 'n', label: 'Size', type: 'NumberRange', rowValue: (r) => r.size },
  text: { id: 'q', label: 'Name', type: 'SingleValue', rowValue: (r) => r.name },
} satisfies Record<string, FilterDef<Row>>;

describe('data table filters', () => {
  it('has the ten §9 types, each with an empty value that filters nothing', () => {
    expect(FILTER_TYPES).toEqual(['SingleSelect', 'MultiSelect', 'SearchableSelect', 'InputWithUnitDropdown', 'RadioGroup', 'DateRangeSelect', 'DateRangePicker', 'DateRangePickerSelect', 'NumberRange', 'SingleValue']);
    for (const type of FILTER_TYPES) {
      const def = { id: type, label: type, type, options: kinds, units: [{ label: 'MB', value: 'MB', factor: 1 }] } as unknown as FilterDef<Row>;
      const value = emptyValue(def);
      expect(value.type).toBe(type);
      expect(isActive(value)).toBe(false);
      expect(filterSummary(def, value)).toBe(type);
      expect(rows.every((row) => matchesFilter(row, def, value, NOW))).toBe(true);
    }
  });

  it('select, multi-select and text filters match a local row; the summary names the choice', () => {
    expect(rows.filter((r) => matchesFilter(r, defs.single, { type: 'SingleSelect', value: 'FOLDER' })).map((r) => r.name)).toEqual(['Beta']);
    expect(filterSummary(defs.single, { type: 'SingleSelect', value: 'FOLDER' })).toBe('Kind: Folder');
    // An unknown value shows raw.
    expect(filterSummary(defs.single, { type: 'SingleSelect', value: 'TAPE' })).toBe('Kind: TAPE');
    const multi = { type: 'MultiSelect', values: ['FILE', 'IMAGE'] } as const;
    expect(rows.filter((r) => matchesFilter(r, defs.multi, { ...multi, values: [...multi.values] })).map((r) => r.name)).toEqual(['alpha.txt', 'gamma.bin']);
    expect(filterSummary(defs.multi, { type: 'MultiSelect', values: ['FILE'] })).toBe('Kinds: File');
    expect(filterSummary(defs.multi, { type: 'MultiSelect', values: ['FILE', 'FOLDER'] })).toBe('Kinds: 2 selected');
    expect(rows.filter((r) => matchesFilter(r, defs.text, { type: 'SingleValue', value: '  BET ' })).map((r) => r.name)).toEqual(['Beta']);
    expect(isActive({ type: 'SingleValue', value: '   ' })).toBe(false);
  });

  it('an amount with a unit, and a number range', () => {
    const atLeast5Mb = { type: 'InputWithUnitDropdown', amount: 5, unit: 'MB' } as const;
    expect(rows.filter((r) => matchesFilter(r, defs.size, atLeast5Mb)).map((r) => r.name)).toEqual(['Beta', 'gamma.bin']);
    expect(filterSummary(defs.size, atLeast5Mb)).toBe('Size: ≥ 5 MB');
    const atMost = { ...defs.size, compare: 'atMost' as const };
    expect(rows.filter((r) => matchesFilter(r, atMost, atLeast5Mb)).map((r) => r.name)).toEqual(['alpha.txt', 'Beta']);
    expect(isActive({ type: 'InputWithUnitDropdown', amount: null, unit: 'MB' })).toBe(false);
    expect(rows.filter((r) => matchesFilter(r, defs.numbers, { type: 'NumberRange', min: 1000, max: 10 * 1024 * 1024 })).map((r) => r.name)).toEqual(['Beta']);
    expect(filterSummary(defs.numbers, { type: 'NumberRange', min: 10, max: null })).toBe('Size: ≥ 10');
    expect(filterSummary(defs.numbers, { type: 'NumberRange', min: null, max: 7 })).toBe('Size: ≤ 7');
  });

  it('date presets and custom ranges; an unreadable date never matches an active date filter', () => {
    const week = { type: 'DateRangeSelect', preset: 'last7d' } as const;
    expect(dateRangeOf(defs.range, week, NOW)).toEqual({ from: NOW - 7 * DAY, to: NOW });
    expect(rows.filter((r) => matchesFilter(r, defs.range, week, NOW)).map((r) => r.name)).toEqual(['alpha.txt']);
    expect(filterSummary(defs.range, week)).toBe('Modified: Last 7 days');
    const custom = { type: 'DateRangePickerSelect', preset: CUSTOM_RANGE, range: { from: NOW - 30 * DAY, to: NOW - 10 * DAY } } as const;
    expect(rows.filter((r) => matchesFilter(r, defs.picked, { ...custom, range: { ...custom.range } }, NOW)).map((r) => r.name)).toEqual(['Beta']);
    // 'Custom range' chosen with no dates yet filters nothing.
    expect(isActive({ type: 'DateRangePickerSelect', preset: CUSTOM_RANGE, range: { from: null, to: null } })).toBe(false);
    expect(isActive({ type: 'DateRangePicker', range: { from: NOW, to: null } })).toBe(true);
  });

  it('only active values go to the server; every filter must let a row through', () => {
    const values = { kind: { type: 'SingleSelect', value: 'FILE' }, q: { type: 'SingleValue', value: '' } } as const;
    expect(activeFilters(values)).toEqual({ kind: { type: 'SingleSelect', value: 'FILE' } });
    expect(rows.filter((r) => matchesFilters(r, [defs.single, defs.text], { ...values, q: { type: 'SingleValue', value: 'gamma' } }, NOW))).toEqual([]);
    expect(rows.filter((r) => matchesFilters(r, [defs.single, defs.text], { ...values, q: { type: 'SingleValue', value: 'alpha' } }, NOW))).toHaveLength(1);
  });
});
