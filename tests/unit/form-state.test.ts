/** The form kit's rules: errors per field from one schema, when they show, unsaved changes, tab error highlight timing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  fieldErrors,
  getAt,
  moveAt,
  hasUnsavedChanges,
  setAt,
  TAB_ERROR_HIGHLIGHT_MS,
  TabHighlight,
  tabsWithErrors,
  UNSAVED_CHANGES,
  visibleErrors,
} from '../../src/renderer/src/components/form/form-state';

const schema = z.object({
  name: z.string().min(1, 'Name is required').max(50, 'At most 50 characters'),
  description: z.string().max(250),
  conditions: z.array(z.object({ field: z.string().min(1, 'Choose a field'), value: z.string() })).min(1, 'Add a condition'),
});

describe('errors from one schema', () => {
  it('each field’s first error, by its dotted path', () => {
    const errors = fieldErrors(schema, { name: '', description: '', conditions: [{ field: '', value: 'x' }] });
    expect(errors).toEqual({ name: 'Name is required', 'conditions.0.field': 'Choose a field' });
    expect(fieldErrors(schema, { name: 'ok', description: '', conditions: [] })).toEqual({ conditions: 'Add a condition' });
    expect(fieldErrors(schema, { name: 'ok', description: '', conditions: [{ field: 'status', value: '' }] })).toEqual({});
  });

  it('a field shows its errors once touched (also those under it), every field once a submit was tried', () => {
    const errors = { name: 'Name is required', 'conditions.0.field': 'Choose a field' };
    expect(visibleErrors(errors, new Set(), false)).toEqual({});
    expect(visibleErrors(errors, new Set(['name']), false)).toEqual({ name: 'Name is required' });
    expect(visibleErrors(errors, new Set(['conditions']), false)).toEqual({ 'conditions.0.field': 'Choose a field' });
    expect(visibleErrors(errors, new Set(['conditions.1']), false)).toEqual({});
    expect(visibleErrors(errors, new Set(), true)).toEqual(errors);
  });
});

describe('values', () => {
  it('set and get by path without changing the original', () => {
    const before = { name: 'a', conditions: [{ field: 'x', value: '1' }] };
    const after = setAt(before, 'conditions.0.value', '2');
    expect(after).toEqual({ name: 'a', conditions: [{ field: 'x', value: '2' }] });
    expect(before.conditions[0]!.value).toBe('1');
    expect(getAt(after, 'conditions.0.value')).toBe('2');
    expect(getAt(after, 'conditions.3.value')).toBeUndefined();
    expect(setAt({}, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });

  it('unsaved changes against the loaded or default values; key order is no change', () => {
    const loaded = { name: 'Board', tags: ['a', 'b'], options: { x: 1, y: 2 } };
    expect(hasUnsavedChanges({ options: { y: 2, x: 1 }, tags: ['a', 'b'], name: 'Board' }, loaded)).toBe(false);
    expect(hasUnsavedChanges({ ...loaded, tags: ['b', 'a'] }, loaded)).toBe(true);
    expect(hasUnsavedChanges({ ...loaded, name: 'Board ' }, loaded)).toBe(true);
    expect(UNSAVED_CHANGES).toEqual({ title: 'You have unsaved changes', question: 'Are you sure you wish to proceed?', confirm: 'Continue', cancel: 'Cancel' });
  });
});

describe('tabs with errors', () => {
  const tabs = [
    { id: 'general', fields: ['name', 'description'] },
    { id: 'conditions', fields: ['conditions'] },
    { id: 'actions', fields: ['actions'] },
  ];

  it('a tab holds the errors under its fields, in tab order', () => {
    expect(tabsWithErrors({ 'conditions.0.field': 'x', name: 'y' }, tabs)).toEqual(['general', 'conditions']);
    expect(tabsWithErrors({}, tabs)).toEqual([]);
  });

  describe('highlight', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('on for 5 seconds after a failed submit; a new failure starts the time again', () => {
      const seen: Array<readonly string[]> = [];
      const highlight = new TabHighlight((tabs) => seen.push(tabs));
      expect(TAB_ERROR_HIGHLIGHT_MS).toBe(5000);
      highlight.failed(['general']);
      expect(highlight.highlighted).toEqual(['general']);
      vi.advanceTimersByTime(4999);
      expect(highlight.highlighted).toEqual(['general']);
      highlight.failed(['conditions']);
      vi.advanceTimersByTime(4999);
      expect(highlight.highlighted).toEqual(['conditions']);
      vi.advanceTimersByTime(1);
      expect(highlight.highlighted).toEqual([]);
      expect(seen).toEqual([['general'], ['conditions'], []]);
      highlight.dispose();
    });
  });
});

describe('moveAt', () => {
  it('moves an item one place up or down; the ends stay', () => {
    expect(moveAt(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveAt(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveAt(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveAt(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
