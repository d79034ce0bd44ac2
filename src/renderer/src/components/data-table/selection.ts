/**
 * The data table's selection (help spec §4 "Tables"), pure:
 * - neutral mode (arrows move a single selection) or select mode (checkboxes);
 * - select-all keeps a list of unselected exceptions, so it holds for rows not
 *   loaded yet;
 * - an optional limit: a selection that would pass it is refused;
 * - disabled rows are never selected;
 * - keyboard: an arrow moves a single selection, Shift+arrow extends it from
 *   its anchor, Escape clears it;
 * - show-selected-only filters the rows to the selected ones.
 */
export type SelectionMode = 'neutral' | 'select';

export interface Selection {
  /** 'some': `ids` are the selected rows; 'all': every row but `ids` (the exceptions). */
  kind: 'some' | 'all';
  ids: ReadonlySet<string>;
  /** Where Shift+arrow extends from, and where the keyboard is (row indexes). */
  anchor: number | null;
  focus: number | null;
}

export const EMPTY_SELECTION: Selection = { kind: 'some', ids: new Set(), anchor: null, focus: null };

export interface SelectionRules {
  /** At most this many rows selected. */
  limit?: number;
  isDisabled?(id: string): boolean;
}

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'all' ? !selection.ids.has(id) : selection.ids.has(id);
}

/** How many rows are selected, given how many the table has. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.kind === 'all' ? Math.max(0, total - selection.ids.size) : selection.ids.size;
}

/** Toggles one row (its checkbox). Refused (unchanged) for a disabled row, or when it would pass the limit. */
export function toggle(selection: Selection, id: string, total: number, rules: SelectionRules = {}): Selection {
  if (rules.isDisabled?.(id)) return selection;
  const selecting = !isSelected(selection, id);
  if (selecting && rules.limit !== undefined && selectedCount(selection, total) >= rules.limit) return selection;
  const ids = new Set(selection.ids);
  // Selecting under 'some' adds; under 'all' it removes an exception (and the reverse when unselecting).
  if (selecting === (selection.kind === 'some')) ids.add(id);
  else ids.delete(id);
  return { ...selection, ids };
}

/**
 * Every row that can be selected is (the header box is ticked): select-all
 * whose only exceptions are disabled rows, or a selection naming every loaded
 * row that is not disabled (ticked one by one, or kept row by row by a host
 * that holds its own list).
 */
export function isEverySelected(selection: Selection, loadedIds: readonly string[], rules: SelectionRules = {}): boolean {
  const selectable = (id: string) => rules.isDisabled?.(id) !== true;
  if (selection.kind === 'all') return [...selection.ids].every((id) => !selectable(id));
  const wanted = loadedIds.filter(selectable);
  return wanted.length > 0 && wanted.every((id) => selection.ids.has(id));
}

/**
 * The header checkbox: every row (a list of exceptions from now on), with the
 * disabled rows among the loaded ones as exceptions; refused when the table has
 * more rows than the limit allows. Clicked again while every row that can be
 * is selected (disabled rows never are), it clears: everything after a
 * select-all, the loaded rows of a selection that names its rows (what was
 * ticked on another page stays).
 */
export function toggleAll(selection: Selection, total: number, loadedIds: readonly string[], rules: SelectionRules = {}): Selection {
  if (isEverySelected(selection, loadedIds, rules)) {
    if (selection.kind === 'all') return { ...EMPTY_SELECTION };
    const ids = new Set(selection.ids);
    for (const id of loadedIds) ids.delete(id);
    return { kind: 'some', ids, anchor: selection.anchor, focus: selection.focus };
  }
  if (rules.limit !== undefined && total > rules.limit) return selection;
  const exceptions = new Set(rules.isDisabled ? loadedIds.filter((id) => rules.isDisabled!(id)) : []);
  return { kind: 'all', ids: exceptions, anchor: selection.anchor, focus: selection.focus };
}

export function clear(selection: Selection): Selection {
  return { ...EMPTY_SELECTION, focus: selection.focus };
}

/** The table's rows as ids in table order: all of them, or a window of them (rows not loaded yet have none). */
export interface RowIds {
  count: number;
  idAt(index: number): string | undefined;
}

export function rowIdsOf(ids: readonly string[]): RowIds {
  return { count: ids.length, idAt: (index) => ids[index] };
}

/**
 * An arrow key over `rows`: without Shift the focus moves and only that row
 * is selected; with Shift the selection is the range from the anchor to the
 * new focus (disabled rows and rows not loaded yet skipped, cut at the limit).
 */
export function moveWithKeyboard(selection: Selection, delta: number, rows: RowIds, extend: boolean, rules: SelectionRules = {}): Selection {
  if (rows.count === 0) return selection;
  const from = selection.focus ?? (delta > 0 ? -1 : rows.count);
  const focus = Math.min(rows.count - 1, Math.max(0, from + delta));
  if (!extend) {
    const id = rows.idAt(focus);
    const ids = id === undefined || rules.isDisabled?.(id) ? new Set<string>() : new Set([id]);
    return { kind: 'some', ids, anchor: focus, focus };
  }
  const anchor = selection.anchor ?? focus;
  const [start, end] = anchor <= focus ? [anchor, focus] : [focus, anchor];
  const ids: string[] = [];
  for (let i = start; i <= end; i++) {
    const id = rows.idAt(i);
    if (id === undefined || rules.isDisabled?.(id)) continue;
    if (rules.limit !== undefined && ids.length >= rules.limit) break;
    ids.push(id);
  }
  return { kind: 'some', ids: new Set(ids), anchor, focus };
}

/** Ctrl/Cmd+arrow: the keyboard's row moves (and Shift extends from there); what is selected stays. */
export function moveFocus(selection: Selection, delta: number, count: number): Selection {
  if (count === 0) return selection;
  const from = selection.focus ?? (delta > 0 ? -1 : count);
  const focus = Math.min(count - 1, Math.max(0, from + delta));
  return { ...selection, anchor: focus, focus };
}

/** A click on a row: it alone is selected and holds the keyboard (a disabled row only takes the focus). */
export function selectOnly(selection: Selection, index: number, id: string, rules: SelectionRules = {}): Selection {
  return { kind: 'some', ids: rules.isDisabled?.(id) ? new Set() : new Set([id]), anchor: index, focus: index };
}

/**
 * Select-all over a window of a larger listing (the backup browser): every
 * loaded row, named (what is selected is what the technician saw), or none
 * when they all are already. Disabled rows are left out; refused past the limit.
 */
export function toggleLoaded(selection: Selection, loadedIds: readonly string[], rules: SelectionRules = {}): Selection {
  const wanted = rules.isDisabled ? loadedIds.filter((id) => !rules.isDisabled!(id)) : loadedIds;
  if (wanted.length > 0 && wanted.every((id) => isSelected(selection, id))) return { ...EMPTY_SELECTION, focus: selection.focus };
  if (rules.limit !== undefined && wanted.length > rules.limit) return selection;
  return { kind: 'some', ids: new Set(wanted), anchor: selection.anchor, focus: selection.focus };
}

/** Show-selected-only: the rows to show. */
export function visibleRows<T>(rows: readonly T[], idOf: (row: T) => string, selection: Selection, selectedOnly: boolean): readonly T[] {
  return selectedOnly ? rows.filter((row) => isSelected(selection, idOf(row))) : rows;
}
