/**
 * Table row resizing (prosemirror-tables only resizes columns): dragging the
 * bottom edge of a cell sets its row's height, never below 33 px.
 *
 * The DOM is reached through small structural types so that this module also
 * type-checks where no DOM library is loaded (the unit tests' program).
 */
import { type EditorState, Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { TABLE_ROW_MIN_HEIGHT } from '../constants';
import { clampRowHeight, setRowHeight } from '../commands/tables';

export const rowResizingKey = new PluginKey<RowResizeState>('rowResizing');

interface RowResizeState {
  /** Position of the row whose bottom edge is under the pointer, or -1. */
  activeRow: number;
}

interface PointerLike {
  target: unknown;
  clientY: number;
  button?: number;
  preventDefault(): void;
}

interface BoxLike {
  getBoundingClientRect(): { bottom: number; height: number };
  parentElement: unknown;
  style: { height: string };
}

interface ClosestLike {
  closest?: (selector: string) => BoxLike | null;
}

interface ListenerTarget {
  addEventListener(type: 'mousemove' | 'mouseup', listener: (event: PointerLike) => void): void;
  removeEventListener(type: 'mousemove' | 'mouseup', listener: (event: PointerLike) => void): void;
}

function rowUnderPointer(view: EditorView, event: PointerLike, handleHeight: number): number {
  const cell = (event.target as ClosestLike | null)?.closest?.('td, th') ?? null;
  if (!cell || !view.dom.contains(cell as never)) return -1;
  const rect = cell.getBoundingClientRect();
  if (event.clientY < rect.bottom - handleHeight || event.clientY > rect.bottom + 1) return -1;
  if (!cell.parentElement) return -1;
  let pos: number;
  try {
    pos = view.posAtDOM(cell.parentElement as never, 0) - 1;
  } catch {
    return -1;
  }
  return view.state.doc.nodeAt(pos)?.type.name === 'table_row' ? pos : -1;
}

function setActiveRow(view: EditorView, activeRow: number) {
  if (rowResizingKey.getState(view.state)?.activeRow !== activeRow) view.dispatch(view.state.tr.setMeta(rowResizingKey, { activeRow }));
}

export function rowResizing({ handleHeight = 5, minHeight = TABLE_ROW_MIN_HEIGHT } = {}): Plugin<RowResizeState> {
  let dragging = false;
  return new Plugin<RowResizeState>({
    key: rowResizingKey,
    state: {
      init: () => ({ activeRow: -1 }),
      apply(tr, value: RowResizeState) {
        const meta = tr.getMeta(rowResizingKey) as RowResizeState | undefined;
        if (meta) return meta;
        if (value.activeRow < 0 || !tr.docChanged) return value;
        return { activeRow: tr.mapping.map(value.activeRow, -1) };
      },
    },
    props: {
      attributes: (state: EditorState): Record<string, string> =>
        (rowResizingKey.getState(state)?.activeRow ?? -1) >= 0 ? { class: 'rte-row-resize-cursor' } : {},
      handleDOMEvents: {
        mousemove(view, event) {
          if (dragging || !view.editable) return false;
          setActiveRow(view, rowUnderPointer(view, event as PointerLike, handleHeight));
          return false;
        },
        mouseleave(view) {
          if (!dragging) setActiveRow(view, -1);
          return false;
        },
        mousedown(view, event) {
          const pointer = event as PointerLike;
          const rowPos = rowResizingKey.getState(view.state)?.activeRow ?? -1;
          if (rowPos < 0 || !view.editable || pointer.button !== 0) return false;
          const rowDom = view.nodeDOM(rowPos) as BoxLike | null;
          if (!rowDom || !rowDom.style) return false;
          pointer.preventDefault();
          dragging = true;
          const target = view.dom.ownerDocument as unknown as ListenerTarget;
          const startY = pointer.clientY;
          const startHeight = rowDom.getBoundingClientRect().height;
          const heightAt = (e: PointerLike) => Math.max(minHeight, clampRowHeight(startHeight + e.clientY - startY));
          const move = (e: PointerLike) => {
            rowDom.style.height = `${heightAt(e)}px`;
          };
          const finish = (e: PointerLike) => {
            target.removeEventListener('mousemove', move);
            target.removeEventListener('mouseup', finish);
            dragging = false;
            setRowHeight(rowPos, heightAt(e))(view.state, view.dispatch);
            setActiveRow(view, -1);
          };
          target.addEventListener('mousemove', move);
          target.addEventListener('mouseup', finish);
          return true;
        },
      },
    },
  });
}
