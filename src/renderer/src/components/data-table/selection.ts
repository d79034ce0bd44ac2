/**
 * The data table's selection (help spec §4 "Tables"; issue 13 point 4), pure:
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
 * The header checkbox: every row (a list of exceptions from now on), with the
 * disabled rows among the loaded ones as exceptions; refused when the table has
 * more rows than the limit allows. Selecting all again clears.
 */
export function toggleAll(selection: Selection, total: number, loadedIds: readonly string[], rules: SelectionRules = {}): Selection {
  if (selection.kind === 'all' && selection.ids.size === 0) return { ...EMPTY_SELECTION };
  if (rules.limit !== undefined && total > rules.limit) return selection;
  const exceptions = new Set(rules.isDisabled ? loadedIds.filter((id) => rules.isDisabled!(id)) : []);
  return { kind: 'all', ids: exceptions, anchor: selection.anchor, focus: selection.focus };
}

export function clear(selection: Selection): Selection {
  return { ...EMPTY_SELECTION, focus: selection.focus };
}

/**
 * An arrow key over `rowIds` (the ids in table order, as loaded): without
 * Shift the focus moves and only that row is selected; with Shift the
 * selection is the range from the anchor to the new focus (disabled rows
 * skipped, cut at the limit).
 */
export function moveWithKeyboard(selection: Selection, delta: -1 | 1, rowIds: readonly string[], extend: boolean, rules: SelectionRules = {}): Selection {
  if (rowIds.length === 0) return selection;
  const from = selection.focus ?? (delta > 0 ? -1 : rowIds.length);
  const focus = Math.min(rowIds.length - 1, Math.max(0, from + delta));
  if (!extend) {
    const id = rowIds[focus]!;
    const ids = rules.isDisabled?.(id) ? new Set<string>() : new Set([id]);
    return { kind: 'some', ids, anchor: focus, focus };
  }
  const anchor = selection.anchor ?? focus;
  const [start, end] = anchor <= focus ? [anchor, focus] : [focus, anchor];
  const ids: string[] = [];
  for (let i = start; i <= end; i++) {
    const id = rowIds[i]!;
    if (rules.isDisabled?.(id)) continue;
    if (rules.limit !== undefined && ids.length >= rules.limit) break;
    ids.push(id);
  }
  return { kind: 'some', ids: new Set(ids), anchor, focus };
}

/** Show-selected-only: the rows to show. */
export function visibleRows<T>(rows: readonly T[], idOf: (row: T) => string, selection: Selection, selectedOnly: boolean): readonly T[] {
  return selectedOnly ? rows.filter((row) => isSelected(selection, idOf(row))) : rows;
}
