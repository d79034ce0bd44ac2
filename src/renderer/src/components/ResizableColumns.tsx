/**
 * Column widths for a plain HTML table (Blueprint HTMLTable), the same rule as
 * StretchTable's (issue 11 point 9): columns fill the wrapper's width, and a
 * width dragged on a header's edge is remembered per table id. The table is
 * laid out fixed from a <colgroup>; each header holds a resize handle that
 * works with a pointer or the arrow keys.
 */
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MIN_COLUMN_WIDTH, type ColumnSpec } from './column-widths';
import { useColumnWidths } from './use-column-widths';

const KEY_STEP = 10;

export interface ResizableColumns {
  /** Put on the element around the table: its width is what the columns fill. */
  attachWrapper: (el: HTMLDivElement | null) => void;
  /** The table's <colgroup>; render it first inside the table. */
  colgroup: ReactNode;
  /** The resize handle for a header cell; render it inside that <th>. */
  handle(index: number, label: string): ReactNode;
  /** `table-layout: fixed` with the columns' sum as width, once measured. */
  tableStyle: { tableLayout: 'fixed'; width: number } | undefined;
}

/** A column's resize handle: a separator that a pointer drags and the arrow keys move by 10 px (the DataTable's is keyboard-only: Blueprint drags). */
export function ColumnResizeHandle({ label, width, onResize, keyboardOnly = false }: { label: string; width: number; onResize(width: number): void; keyboardOnly?: boolean }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    onResize(Math.max(MIN_COLUMN_WIDTH, drag.current.width + event.clientX - drag.current.x));
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    onResize(Math.max(MIN_COLUMN_WIDTH, width + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
  };
  return (
    <span
      className={keyboardOnly ? 'column-resize-handle column-resize-handle--keys' : 'column-resize-handle'}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${label}`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      tabIndex={0}
      onPointerDown={keyboardOnly ? undefined : onPointerDown}
      onPointerMove={keyboardOnly ? undefined : onPointerMove}
      onPointerUp={keyboardOnly ? undefined : onPointerUp}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}

export function useResizableColumns(tableId: string, columns: readonly ColumnSpec[]): ResizableColumns {
  const { containerRef, size, widths, setWidth } = useColumnWidths<HTMLDivElement>(tableId, columns);
  const shown = size.width > 0 ? widths : columns.map((column) => column.width);
  return {
    attachWrapper: containerRef,
    colgroup: (
      <colgroup>
        {shown.map((width, i) => (
          <col key={columns[i]?.id ?? i} style={{ width }} />
        ))}
      </colgroup>
    ),
    handle: (index, label) =>
      columns[index]?.fixed ? null : <ColumnResizeHandle label={label} width={shown[index] ?? MIN_COLUMN_WIDTH} onResize={(width) => setWidth(index, width)} />,
    tableStyle: size.width > 0 ? { tableLayout: 'fixed', width: shown.reduce((sum, width) => sum + width, 0) } : undefined,
  };
}
