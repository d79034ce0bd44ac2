/** The history's field-by-field diff. */
import { describe, expect, it } from 'vitest';
import { fieldDiff } from '../../src/shared/rules/ticketing/diff';

describe('field diff', () => {
  it('lists each changed leaf by its path, both values as text', () => {
    const before = { name: 'A', enabled: true, tags: ['x', 'y'], conditions: { all: [{ field: 'status', value: 'OPEN' }], any: [] } };
    const after = { name: 'B', enabled: true, tags: ['x'], conditions: { all: [{ field: 'status', value: 'WAITING' }, { field: 'priority', value: 'HIGH' }], any: [] } };
    expect(fieldDiff(before, after)).toEqual([
      { path: 'name', before: 'A', after: 'B' },
      { path: 'tags', before: 'x, y', after: 'x' },
      { path: 'conditions.all.0.value', before: 'OPEN', after: 'WAITING' },
      { path: 'conditions.all.1.field', before: '', after: 'priority' },
      { path: 'conditions.all.1.value', before: '', after: 'HIGH' },
    ]);
  });

  it('is empty for equal versions; null and a missing key are the same nothing', () => {
    expect(fieldDiff({ a: 1, b: [1, 2], c: { d: null } }, { a: 1, b: [1, 2], c: {} })).toEqual([]);
    expect(fieldDiff({ time: { value: 2, unit: 'HOURS' } }, { time: null })).toEqual([
      { path: 'time.value', before: '2', after: '' },
      { path: 'time.unit', before: 'HOURS', after: '' },
    ]);
  });
});
