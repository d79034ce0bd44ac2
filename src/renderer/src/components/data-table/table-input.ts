/**
 * The data table's keys and clicks (DataTable.tsx), met on the wrapper of its
 * grid and cells: what each key does is keyboard.ts's, what it does to the
 * selection selection.ts's; here they are applied to the table as drawn (the
 * header row, the row slice, the row a click landed on).
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { tableKeyAction } from './keyboard';
import { clear, moveFocus, moveWithKeyboard, selectOnly, toggle, type RowIds, type Selection, type SelectionMode, type SelectionRules } from './selection';
import type { ShownRows } from './use-row-slice';

/** The table's callbacks the keys and clicks reach (DataTableProps). */
interface TableInputCallbacks<T> {
  onRowAction?(row: T): void;
  onKey?(event: KeyboardEvent<HTMLDivElement>, focused: T | undefined): boolean;
}

interface TableInputState<T> {
  grid: HTMLDivElement | null;
  tableBody: HTMLDivElement | null;
  mode: SelectionMode;
  shown: ShownRows<T>;
  /** The first row of the slice drawn (use-row-slice.ts). */
  start: number;
  total: number;
  rowId(row: T): string;
  rowIds: RowIds;
  rules: SelectionRules;
  selection: Selection;
  setSelection(next: Selection): void;
  onHeader: boolean;
  setOnHeader(onHeader: boolean): void;
  pageRows(): number;
  scrollToRow(index: number): void;
  toggleEvery(): void;
}

export function tableInput<T>(props: TableInputCallbacks<T>, state: TableInputState<T>) {
  const { grid, tableBody, mode, shown, start, total, rowId, rowIds, rules, selection, setSelection, onHeader, setOnHeader, pageRows, scrollToRow, toggleEvery } = state;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // React sends events from portals (a row menu, a tooltip) through the grid: not its keys.
    if (!grid || !tableBody?.contains(event.target as Node)) return;
    // Text fields keep their keys; buttons, links and checkboxes keep Enter and Space (the row's checkbox still moves with the arrows).
    const target = event.target as HTMLElement;
    if (target.closest('input:not([type="checkbox"]), textarea, select, [contenteditable="true"]')) return;
    if ((event.key === 'Enter' || event.key === ' ') && target.closest('button, a, input')) return;
    // The header's controls keep their keys (a resize handle takes the arrows); the grid's own keys come from the grid or a row.
    if (target !== grid && target.closest('.bp6-table-quadrant-top')) return;
    if (onHeader) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setOnHeader(false);
        if (selection.focus === null) setSelection(moveFocus(selection, 1, shown.count));
        return;
      }
      if (event.key === 'ArrowUp' || event.key === 'Enter' || event.key === ' ') return event.preventDefault();
    }
    const focused = selection.focus !== null ? shown.at(selection.focus) : undefined;
    if (props.onKey?.(event, focused)) return;
    const action = tableKeyAction(event, mode, pageRows(), shown.count);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'move' || action.kind === 'focus') {
      // Up from the first row reaches the header row.
      if (event.key === 'ArrowUp' && !event.shiftKey && (selection.focus ?? 0) === 0 && !onHeader) {
        setOnHeader(true);
        grid.focus({ preventScroll: true });
        return;
      }
      setOnHeader(false);
      const next = action.kind === 'focus' ? moveFocus(selection, action.delta, shown.count) : moveWithKeyboard(selection, action.delta, rowIds, action.extend, rules);
      setSelection(next);
      if (next.focus !== null) scrollToRow(next.focus);
      // A control of the row left behind leaves the tab order: the grid keeps the keyboard.
      if (target !== grid) grid.focus({ preventScroll: true });
    } else if (action.kind === 'activate') {
      if (focused) props.onRowAction?.(focused);
    } else if (action.kind === 'clear') {
      setSelection(clear(selection));
    } else if (action.kind === 'toggle') {
      if (focused) setSelection(toggle(selection, rowId(focused), total, rules));
    } else {
      toggleEvery();
    }
  };

  // A click selects the row alone; Ctrl/Cmd+click adds or removes it; Shift+click extends from the anchor.
  // Cells do not take handlers (Blueprint's Cell has none): the click is found here by its cell's row index.
  const clickedRow = (event: MouseEvent): { index: number; row: T } | null => {
    const target = event.target as HTMLElement;
    if (target.closest('input, button, a, label, [role="switch"], .checkbox-cell')) return null;
    const marker = target.closest('.bp6-table-cell')?.querySelector('[data-row-index]');
    const index = marker ? start + Number(marker.getAttribute('data-row-index')) : NaN;
    const row = Number.isInteger(index) ? shown.at(index) : undefined;
    return row === undefined ? null : { index, row };
  };
  const onClick = (event: MouseEvent) => {
    if (!grid || !tableBody?.contains(event.target as Node)) return;
    // Blueprint's table stops a mouse down from moving the focus: the grid takes it, so the keys work after a click.
    if (!(event.target as HTMLElement).closest('input, button, a, textarea, select')) grid.focus({ preventScroll: true });
    const hit = clickedRow(event);
    if (!hit) return;
    setOnHeader(false);
    const { index, row } = hit;
    if (event.shiftKey && selection.focus !== null) setSelection(moveWithKeyboard(selection, index - (selection.focus ?? index), rowIds, true, rules));
    else if (event.ctrlKey || event.metaKey) setSelection({ ...toggle(selection, rowId(row), total, rules), anchor: index, focus: index });
    else setSelection(selectOnly(selection, index, rowId(row), rules));
  };
  const onDoubleClick = (event: MouseEvent) => {
    if (!tableBody?.contains(event.target as Node)) return;
    const hit = clickedRow(event);
    if (hit) props.onRowAction?.(hit.row);
  };

  return { onKeyDown, onClick, onDoubleClick };
}
