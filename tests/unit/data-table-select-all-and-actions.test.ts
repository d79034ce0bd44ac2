/** The shared data table's select-all with disabled rows, and how a row offers its actions (help spec §4 "Tables", §9). */
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, isEverySelected, isSelected, selectedCount, toggle, toggleAll } from '../../src/renderer/src/components/data-table/selection';
import { actionsColumnWidth, rowActionsLayout } from '../../src/renderer/src/components/data-table/table-rules';

const ids = ['a', 'b', 'c', 'd'];
const rules = { isDisabled: (id: string) => id === 'b' || id === 'd' };

describe('select-all with disabled rows', () => {
  it('selects every row that can be, and a second click clears', () => {
    const all = toggleAll(EMPTY_SELECTION, ids.length, ids, rules);
    expect(all.kind).toBe('all');
    expect(ids.filter((id) => isSelected(all, id))).toEqual(['a', 'c']);
    // The header box is ticked: the disabled rows can never be selected.
    expect(isEverySelected(all, ids, rules)).toBe(true);
    expect(selectedCount(all, ids.length)).toBe(2);
    const cleared = toggleAll(all, ids.length, ids, rules);
    expect(cleared).toEqual(EMPTY_SELECTION);
    expect(ids.some((id) => isSelected(cleared, id))).toBe(false);
  });

  it('with a row of its own unticked, the header selects every row again, then clears', () => {
    const some = toggle(toggleAll(EMPTY_SELECTION, ids.length, ids, rules), 'a', ids.length, rules);
    expect(isEverySelected(some, ids, rules)).toBe(false);
    const again = toggleAll(some, ids.length, ids, rules);
    expect(ids.filter((id) => isSelected(again, id))).toEqual(['a', 'c']);
    expect(toggleAll(again, ids.length, ids, rules)).toEqual(EMPTY_SELECTION);
  });

  it('a host that keeps its own list of the rows ticked: the loaded rows clear on the second click, other pages keep theirs', () => {
    // The host names its rows (a disabled row it already has shows ticked), as the add-targets modal does.
    const held = { kind: 'some' as const, ids: new Set(['b', 'x-on-another-page']), anchor: null, focus: null };
    const all = toggleAll(held, 40, ids, rules);
    const kept = { kind: 'some' as const, ids: new Set([...ids.filter((id) => isSelected(all, id)), 'b', 'x-on-another-page']), anchor: null, focus: null };
    expect(isEverySelected(kept, ids, rules)).toBe(true);
    const cleared = toggleAll(kept, 40, ids, rules);
    expect(ids.filter((id) => isSelected(cleared, id))).toEqual([]);
    expect(isSelected(cleared, 'x-on-another-page')).toBe(true);
  });

  it('without disabled rows nothing changes: all, then none', () => {
    const all = toggleAll(EMPTY_SELECTION, ids.length, ids);
    expect(isEverySelected(all, ids)).toBe(true);
    expect(toggleAll(all, ids.length, ids)).toEqual(EMPTY_SELECTION);
  });
});

describe('row actions', () => {
  it('none, 1 to 3 inline buttons, more than 3 in one menu', () => {
    expect(rowActionsLayout(0)).toBe('none');
    expect(rowActionsLayout(1)).toBe('inline');
    expect(rowActionsLayout(3)).toBe('inline');
    expect(rowActionsLayout(4)).toBe('menu');
    expect(rowActionsLayout(9)).toBe('menu');
  });

  it('the column holds the inline buttons, or the one menu button', () => {
    expect(actionsColumnWidth(0)).toBe(0);
    expect(actionsColumnWidth(3)).toBe(136);
    expect(actionsColumnWidth(4)).toBe(56);
    expect(actionsColumnWidth(7)).toBe(56);
  });
});
