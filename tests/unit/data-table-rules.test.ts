/** The shared data table's rules (help spec §4, §5, §9): selection, remote loading, settings, labels. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteLoader, type RemoteState } from '../../src/renderer/src/components/data-table/remote-loader';
import { tableKeyAction } from '../../src/renderer/src/components/data-table/keyboard';
import { sliceFor, sliceLength, slideSlice } from '../../src/renderer/src/components/data-table/row-slice';
import { clear, EMPTY_SELECTION, isSelected, moveFocus, moveWithKeyboard, rowIdsOf, selectedCount, selectOnly, toggleLoaded, toggle, toggleAll, visibleRows } from '../../src/renderer/src/components/data-table/selection';
import { checkColumns, MAX_COLUMNS_WARNING, readSettings, toggleColumn, type TableSettings } from '../../src/renderer/src/components/data-table/table-settings';
import { DISABLED_ROW_TOOLTIP, lastRefreshLabel, nextSort, showsInlineActions, TABLE } from '../../src/renderer/src/components/data-table/table-rules';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('selection', () => {
  it('toggles rows; disabled rows never; a limit refuses the one too many', () => {
    const rules = { limit: 2, isDisabled: (id: string) => id === 'c' };
    let s = toggle(EMPTY_SELECTION, 'a', 5, rules);
    s = toggle(s, 'c', 5, rules);
    s = toggle(s, 'b', 5, rules);
    s = toggle(s, 'd', 5, rules);
    expect([...s.ids]).toEqual(['a', 'b']);
    expect(toggle(s, 'a', 5, rules).ids.has('a')).toBe(false);
    expect(DISABLED_ROW_TOOLTIP).toBe('This item cannot be actioned');
  });

  it('select-all keeps unselected exceptions (rows not loaded yet are selected too); again clears', () => {
    let s = toggleAll(EMPTY_SELECTION, 1000, ids, { isDisabled: (id) => id === 'e' });
    expect(s.kind).toBe('all');
    expect(isSelected(s, 'zz-not-loaded')).toBe(true);
    expect(isSelected(s, 'e')).toBe(false);
    s = toggle(s, 'b', 1000);
    expect(isSelected(s, 'b')).toBe(false);
    expect(selectedCount(s, 1000)).toBe(998);
    s = toggle(s, 'b', 1000);
    expect(selectedCount(s, 1000)).toBe(999);
    expect(toggleAll({ kind: 'all', ids: new Set(), anchor: null, focus: null }, 10, ids)).toEqual(EMPTY_SELECTION);
    expect(toggleAll(EMPTY_SELECTION, 10, ids, { limit: 5 })).toBe(EMPTY_SELECTION);
  });

  it('arrow moves a single selection, Shift+arrow extends from the anchor, Escape clears', () => {
    let s = moveWithKeyboard(EMPTY_SELECTION, 1, rowIdsOf(ids), false);
    expect([...s.ids]).toEqual(['a']);
    s = moveWithKeyboard(s, 1, rowIdsOf(ids), false);
    expect([...s.ids]).toEqual(['b']);
    s = moveWithKeyboard(s, 1, rowIdsOf(ids), true);
    s = moveWithKeyboard(s, 1, rowIdsOf(ids), true);
    expect([...s.ids]).toEqual(['b', 'c', 'd']);
    s = moveWithKeyboard(s, -1, rowIdsOf(ids), true);
    expect([...s.ids]).toEqual(['b', 'c']);
    s = moveWithKeyboard({ ...s }, -1, rowIdsOf(ids), true);
    s = moveWithKeyboard(s, -1, rowIdsOf(ids), true);
    expect([...s.ids]).toEqual(['a', 'b']);
    expect(moveWithKeyboard(s, 1, rowIdsOf(ids), true, { isDisabled: (id) => id === 'b' }).ids.has('b')).toBe(false);
    const cleared = clear(s);
    expect(cleared.ids.size).toBe(0);
    expect(cleared.focus).toBe(s.focus);
  });

  it('over a window of rows: rows not loaded yet are skipped by Shift+arrow; a click selects one row', () => {
    const window = { count: 1_000_000, idAt: (i: number) => (i < 3 || i > 999_990 ? `r${i}` : undefined) };
    let s = moveWithKeyboard(EMPTY_SELECTION, 1, window, false);
    expect([...s.ids]).toEqual(['r0']);
    s = moveWithKeyboard(s, 5, window, true);
    expect([...s.ids]).toEqual(['r0', 'r1', 'r2']);
    expect(s.focus).toBe(5);
    s = moveWithKeyboard(s, 2_000_000, window, false);
    expect(s.focus).toBe(999_999);
    expect([...s.ids]).toEqual(['r999999']);
    expect(selectOnly(s, 4, 'x')).toEqual({ kind: 'some', ids: new Set(['x']), anchor: 4, focus: 4 });
    expect(selectOnly(s, 4, 'x', { isDisabled: () => true }).ids.size).toBe(0);
  });

  it('select-all over a window names the loaded rows (disabled left out, refused past the limit); again clears', () => {
    let s = toggleLoaded(EMPTY_SELECTION, ids, { isDisabled: (id) => id === 'c' });
    expect(s.kind).toBe('some');
    expect([...s.ids]).toEqual(['a', 'b', 'd', 'e']);
    s = toggleLoaded(s, ids, { isDisabled: (id) => id === 'c' });
    expect(s.ids.size).toBe(0);
    expect(toggleLoaded(EMPTY_SELECTION, ids, { limit: 2 })).toBe(EMPTY_SELECTION);
  });

  it('keys: arrows, Shift+arrows, Ctrl/Cmd+arrows, pages, Home/End, Enter, Escape, Space; Ctrl/Cmd+A only in select mode', () => {
    const press = (key: string, more: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }> = {}) => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, ...more });
    expect(tableKeyAction(press('ArrowDown'), 'neutral', 10, 100)).toEqual({ kind: 'move', delta: 1, extend: false });
    expect(tableKeyAction(press('ArrowUp', { shiftKey: true }), 'neutral', 10, 100)).toEqual({ kind: 'move', delta: -1, extend: true });
    expect(tableKeyAction(press('PageDown'), 'neutral', 10, 100)).toEqual({ kind: 'move', delta: 10, extend: false });
    expect(tableKeyAction(press('Home'), 'neutral', 10, 100)).toEqual({ kind: 'move', delta: -100, extend: false });
    expect(tableKeyAction(press('Enter'), 'neutral', 10, 100)).toEqual({ kind: 'activate' });
    expect(tableKeyAction(press('Escape'), 'select', 10, 100)).toEqual({ kind: 'clear' });
    // Space adds or removes the keyboard's row in either mode; Ctrl/Cmd+arrow moves that row alone (Shift still extends).
    expect(tableKeyAction(press(' '), 'neutral', 10, 100)).toEqual({ kind: 'toggle' });
    expect(tableKeyAction(press('ArrowDown', { ctrlKey: true }), 'neutral', 10, 100)).toEqual({ kind: 'focus', delta: 1 });
    expect(tableKeyAction(press('ArrowUp', { metaKey: true }), 'select', 10, 100)).toEqual({ kind: 'focus', delta: -1 });
    expect(tableKeyAction(press('ArrowDown', { ctrlKey: true, shiftKey: true }), 'select', 10, 100)).toEqual({ kind: 'move', delta: 1, extend: true });
    expect(tableKeyAction(press(' '), 'select', 10, 100)).toEqual({ kind: 'toggle' });
    expect(tableKeyAction(press('a', { metaKey: true }), 'select', 10, 100)).toEqual({ kind: 'toggle-all' });
    expect(tableKeyAction(press('a', { ctrlKey: true }), 'neutral', 10, 100)).toBeNull();
    expect(tableKeyAction(press('x'), 'select', 10, 100)).toBeNull();
  });

  it('Ctrl/Cmd+arrow moves the keyboard row within the rows and keeps the selection; Space then adds the row', () => {
    const picked = moveWithKeyboard(EMPTY_SELECTION, 1, rowIdsOf(ids), false);
    let s = moveFocus(picked, 1, ids.length);
    s = moveFocus(s, 1, ids.length);
    expect(s.focus).toBe(2);
    expect(s.anchor).toBe(2);
    expect([...s.ids]).toEqual(['a']);
    s = toggle(s, ids[s.focus!]!, ids.length);
    expect([...s.ids]).toEqual(['a', 'c']);
    expect(moveFocus(s, -10, ids.length).focus).toBe(0);
    expect(moveFocus(s, 10, ids.length).focus).toBe(ids.length - 1);
    expect(moveFocus(EMPTY_SELECTION, 1, 0)).toBe(EMPTY_SELECTION);
  });

  it('show-selected-only', () => {
    const s = toggle(toggle(EMPTY_SELECTION, 'b', 5), 'd', 5);
    expect(visibleRows(ids, (id) => id, s, true)).toEqual(['b', 'd']);
    expect(visibleRows(ids, (id) => id, s, false)).toEqual(ids);
  });
});

describe('remote loading', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 300 ms for the query to settle, fetches once, and drops stale answers', async () => {
    const asked: number[] = [];
    const resolvers: Array<(page: { data: string[]; pageCount: number; totalCount: number }) => void> = [];
    const states: Array<RemoteState<string>> = [];
    const loader = new RemoteLoader<number, string>(
      (page) => {
        asked.push(page);
        return new Promise((resolve) => resolvers.push(resolve));
      },
      (state) => states.push(state),
      () => 'failed',
    );
    loader.request(0);
    vi.advanceTimersByTime(200);
    loader.request(1);
    vi.advanceTimersByTime(299);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked).toEqual([1]);
    expect(TABLE.remoteFetchDelayMs).toBe(300);
    loader.request(2);
    vi.advanceTimersByTime(300);
    expect(asked).toEqual([1, 2]);
    resolvers[1]!({ data: ['page 2'], pageCount: 3, totalCount: 25 });
    resolvers[0]!({ data: ['page 1 (stale)'], pageCount: 3, totalCount: 25 });
    await vi.runAllTimersAsync();
    expect(loader.state).toEqual({ loading: false, data: ['page 2'], pageCount: 3, totalCount: 25, error: false, errorMessage: null });
  });

  it('an error empties the data and gives its message', async () => {
    const loader = new RemoteLoader<number, string>(
      () => Promise.reject(new Error('boom')),
      () => undefined,
      (error) => `Could not load: ${(error as Error).message}`,
    );
    loader.request(0);
    await vi.runAllTimersAsync();
    expect(loader.state).toEqual({ loading: false, data: [], pageCount: 0, totalCount: 0, error: true, errorMessage: 'Could not load: boom' });
  });
});

describe('table settings', () => {
  const available = ['name', 'status', 'owner', 'updated', 'size'];

  it('columns are required; capped at maxColumnCount or the columns available, with the warning', () => {
    expect(checkColumns([], available)).toMatchObject({ canSave: false });
    expect(checkColumns(['name'], available, 2)).toEqual({ canSave: true, atCap: false, warning: null });
    expect(checkColumns(['name', 'status'], available, 2)).toEqual({ canSave: true, atCap: true, warning: MAX_COLUMNS_WARNING });
    expect(MAX_COLUMNS_WARNING).toBe('This table has reached maximum amount of columns.');
    expect(toggleColumn(['name', 'status'], 'owner', available, 2)).toEqual(['name', 'status']);
    expect(toggleColumn(['name'], 'size', available, 9)).toEqual(['name', 'size']);
    expect(toggleColumn(['size', 'name'], 'status', available)).toEqual(['name', 'status', 'size']);
    expect(toggleColumn(['name', 'status'], 'status', available)).toEqual(['name']);
  });

  it('read back tolerantly: unknown columns and sorts dropped, the cap applied, a bad value gives the defaults', () => {
    const defaults: TableSettings = { columns: ['name'], sortBy: [{ id: 'name', desc: false }], autoRefreshEnabled: false };
    const stored = JSON.stringify({ columns: ['gone', 'owner', 'name', 'owner', 'size'], sortBy: [{ id: 'gone', desc: true }, { id: 'size', desc: true }], autoRefreshEnabled: true });
    expect(readSettings(stored, defaults, available, 2)).toEqual({ columns: ['owner', 'name'], sortBy: [{ id: 'size', desc: true }], autoRefreshEnabled: true });
    expect(readSettings('{not json', defaults, available)).toBe(defaults);
    expect(readSettings(null, defaults, available)).toBe(defaults);
    expect(readSettings(JSON.stringify({ columns: ['gone'] }), defaults, available)).toEqual(defaults);
  });
});

describe('labels and small rules', () => {
  it('last refresh: hidden up to 5 minutes, then minutes, hours, days', () => {
    const now = 1_000_000_000;
    expect(lastRefreshLabel(now - 5 * 60_000, now)).toBeNull();
    expect(lastRefreshLabel(now - 6 * 60_000, now)).toBe('Last refreshed 6 minutes ago');
    expect(lastRefreshLabel(now - 61 * 60_000, now)).toBe('Last refreshed 1 hour ago');
    expect(lastRefreshLabel(now - 50 * 3_600_000, now)).toBe('Last refreshed 2 days ago');
    expect(TABLE.lastRefreshTickMs).toBe(60_000);
  });

  it('sizes, delays, inline actions and sorting', () => {
    expect(TABLE).toMatchObject({ rowHeight: 45, headerHeight: 45, checkboxColumnWidth: 37, searchDelayMs: 400 });
    expect([0, 1, 3, 4].map(showsInlineActions)).toEqual([false, true, true, false]);
    expect(nextSort(null, 'name')).toEqual({ id: 'name', desc: false });
    expect(nextSort({ id: 'name', desc: false }, 'name')).toEqual({ id: 'name', desc: true });
    expect(nextSort({ id: 'name', desc: true }, 'size')).toEqual({ id: 'size', desc: false });
  });
});

describe('row slices of a huge listing', () => {
  const size = { rows: 600, shift: 200 };
  it('a listing that fits is one slice', () => {
    expect(sliceLength(500, 0, size)).toBe(500);
    expect(slideSlice(0, 500, 450, size)).toBe(0);
    expect(sliceFor(499, 0, 500, size)).toBe(0);
  });

  it('scrolling down moves the slice forward in its last part, up moves it back in its first; never to and fro', () => {
    const total = 1000;
    expect(slideSlice(0, total, 300, size)).toBe(0);
    expect(slideSlice(0, total, 401, size)).toBe(200);
    // After the move the same row is at 201 in the new slice: no move back.
    expect(slideSlice(200, total, 201, size)).toBe(200);
    // The last slice ends at the last row.
    expect(slideSlice(200, total, 450, size)).toBe(400);
    expect(sliceLength(total, 400, size)).toBe(600);
    expect(slideSlice(400, total, 590, size)).toBe(400);
    expect(slideSlice(400, total, 100, size)).toBe(200);
    expect(slideSlice(200, total, 50, size)).toBe(0);
  });

  it('a jump to a far row recentres the slice on it; a row already in the slice keeps it', () => {
    expect(sliceFor(999_999, 0, 1_000_000)).toBe(1_000_000 - 600_000);
    expect(sliceFor(10, 400_000, 1_000_000)).toBe(0);
    expect(sliceFor(700_000, 0, 1_000_000)).toBe(400_000);
    expect(sliceFor(500_000, 300_000, 1_000_000)).toBe(300_000);
  });
});
