/**
 * What a key does in the data table (help spec §4 "Tables"), pure: an arrow
 * moves a single selection, Shift+arrow extends it, Page Up/Down and
 * Home/End move further, Enter runs the row action, Escape clears. As in a
 * file manager, Ctrl/Cmd+arrow moves the keyboard's row without selecting,
 * and Space then adds or removes that row (rows far apart can be picked
 * without a mouse); in select mode Ctrl/Cmd+A selects all.
 */
import type { SelectionMode } from './selection';

type TableKeyAction =
  | { kind: 'move'; delta: number; extend: boolean }
  /** The keyboard's row moves; the selection stays. */
  | { kind: 'focus'; delta: number }
  | { kind: 'activate' }
  | { kind: 'clear' }
  | { kind: 'toggle' }
  | { kind: 'toggle-all' };

interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** `pageRows`: how many rows a Page Up/Down moves; `count`: the table's rows (for Home/End). */
export function tableKeyAction(press: KeyPress, mode: SelectionMode, pageRows: number, count: number): TableKeyAction | null {
  const extend = press.shiftKey;
  const focusOnly = (press.ctrlKey || press.metaKey) && !press.shiftKey;
  if (focusOnly && (press.key === 'ArrowDown' || press.key === 'ArrowUp')) return { kind: 'focus', delta: press.key === 'ArrowDown' ? 1 : -1 };
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
      return { kind: 'toggle' };
    default:
      if (mode === 'select' && (press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'a') return { kind: 'toggle-all' };
      return null;
  }
}
