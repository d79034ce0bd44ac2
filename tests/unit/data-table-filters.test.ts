/** The data table's filter types the screens use (help spec §9), pure rules. */
import { describe, expect, it } from 'vitest';
import { activeFilters, emptyValue, FILTER_TYPES, filterSummary, isActive, matchesFilter, matchesFilters, type FilterDef } from '../../src/renderer/src/components/data-table/filters';

interface Row {
  name: string;
  kind: string;
}

const rows: Row[] = [
  { name: 'alpha.txt', kind: 'FILE' },
  { name: 'Beta', kind: 'FOLDER' },
  { name: 'gamma.bin', kind: 'IMAGE' },
];
const kinds = [
  { label: 'File', value: 'FILE' },
  { label: 'Folder', value: 'FOLDER' },
];

const defs = {
  single: { id: 'kind', label: 'Kind', type: 'SingleSelect', options: kinds, rowValue: (r) => r.kind },
  radio: { id: 'kindRadio', label: 'Kind', type: 'RadioGroup', options: kinds, rowValue: (r) => r.kind },
  text: { id: 'q', label: 'Name', type: 'SingleValue', rowValue: (r) => r.name },
} satisfies Record<string, FilterDef<Row>>;

describe('data table filters', () => {
  it('has the types the screens use, each with an empty value that filters nothing', () => {
    expect(FILTER_TYPES).toEqual(['SingleSelect', 'RadioGroup', 'SingleValue']);
    for (const type of FILTER_TYPES) {
      const def = { id: type, label: type, type, options: kinds } as FilterDef<Row>;
      const value = emptyValue(def);
      expect(value.type).toBe(type);
      expect(isActive(value)).toBe(false);
      expect(filterSummary(def, value)).toBe(type);
      expect(rows.every((row) => matchesFilter(row, def, value))).toBe(true);
    }
  });

  it('select, radio group and text filters match a local row; the summary names the choice', () => {
    expect(rows.filter((r) => matchesFilter(r, defs.single, { type: 'SingleSelect', value: 'FOLDER' })).map((r) => r.name)).toEqual(['Beta']);
    expect(filterSummary(defs.single, { type: 'SingleSelect', value: 'FOLDER' })).toBe('Kind: Folder');
    // An unknown value shows raw.
    expect(filterSummary(defs.single, { type: 'SingleSelect', value: 'TAPE' })).toBe('Kind: TAPE');
    expect(rows.filter((r) => matchesFilter(r, defs.radio, { type: 'RadioGroup', value: 'FILE' })).map((r) => r.name)).toEqual(['alpha.txt']);
    expect(filterSummary(defs.radio, { type: 'RadioGroup', value: 'FILE' })).toBe('Kind: File');
    expect(rows.filter((r) => matchesFilter(r, defs.text, { type: 'SingleValue', value: '  BET ' })).map((r) => r.name)).toEqual(['Beta']);
    expect(filterSummary(defs.text, { type: 'SingleValue', value: ' bet ' })).toBe('Name: "bet"');
    expect(isActive({ type: 'SingleValue', value: '   ' })).toBe(false);
  });

  it('only active values go to the server; every filter must let a row through', () => {
    const values = { kind: { type: 'SingleSelect', value: 'FILE' }, q: { type: 'SingleValue', value: '' } } as const;
    expect(activeFilters(values)).toEqual({ kind: { type: 'SingleSelect', value: 'FILE' } });
    expect(rows.filter((r) => matchesFilters(r, [defs.single, defs.text], { ...values, q: { type: 'SingleValue', value: 'gamma' } }))).toEqual([]);
    expect(rows.filter((r) => matchesFilters(r, [defs.single, defs.text], { ...values, q: { type: 'SingleValue', value: 'alpha' } }))).toHaveLength(1);
  });
});
