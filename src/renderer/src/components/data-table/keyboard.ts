/**
 * What a key does in the data table (help spec §4 "Tables"), pure: an arrow
 * moves a single selection, Shift+arrow extends it, Page Up/Down and
 * Home/End move further, Enter runs the row action, Escape clears; in select
 * mode Space toggles the focused row and Ctrl/Cmd+A selects all.
 */
import type { SelectionMode } from './selection';

export type TableKeyAction =
  | { kind: 'move'; delta: number; extend: boolean }
  | { kind: 'activate' }
  | { kind: 'clear' }
  | { kind: 'toggle' }
  | { kind: 'toggle-all' };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** `pageRows`: how many rows a Page Up/Down moves; `count`: the table's rows (for Home/End). */
export function tableKeyAction(press: KeyPress, mode: SelectionMode, pageRows: number, count: number): TableKeyAction | null {
  const extend = press.shiftKey;
  switch (press.key) {
    case 'ArrowDown':
      return { kind: 'move', delta: 1, extend };
    case 'ArrowUp':
      return { kind: 'move', delta: -1, extend };
    case 'PageDown':
      return { kind: 'move', delta: Math.max(1, pageRows), extend };
    case 'PageUp':
      return { kind: 'move', delta: -Math.max(1, pageRows), extend };
    case 'Home':
      return { kind: 'move', delta: -count, extend };
    case 'End':
      return { kind: 'move', delta: count, extend };
    case 'Enter':
      return { kind: 'activate' };
    case 'Escape':
      return { kind: 'clear' };
    case ' ':
      return mode === 'select' ? { kind: 'toggle' } : null;
    default:
      if (mode === 'select' && (press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'a') return { kind: 'toggle-all' };
      return null;
  }
}
