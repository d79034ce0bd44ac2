/**
 * A Blueprint Table whose columns fill its width and whose dragged column
 * widths are remembered per table id. Every Blueprint
 * Table of the console is one of these: give it the table's id and one
 * ColumnSpec per Column child, in order.
 */
import './StretchTable.css';
import { Table, type TableProps } from '@blueprintjs/table';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { MIN_COLUMN_WIDTH, type ColumnSpec } from './column-widths';
import { useColumnWidths, type ContainerSize } from './use-column-widths';

let scrollbar: number | undefined;

/** The width a vertical scrollbar takes here (0 with overlay scrollbars), measured once. */
function scrollbarWidth(): number {
  if (scrollbar === undefined) {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
    document.body.appendChild(probe);
    scrollbar = probe.offsetWidth - probe.clientWidth;
    probe.remove();
  }
  return scrollbar;
}

/** What a table's columns may do with their widths (keyboard resizing from a header). */
export interface ColumnResize {
  width(index: number): number;
  setWidth(index: number, width: number): void;
}

interface StretchTableProps extends Omit<TableProps, 'columnWidths' | 'onColumnWidthChanged' | 'enableColumnResizing' | 'children'> {
  /** The Column children, or a function of the widths that makes them. */
  children?: TableProps['children'] | ((resize: ColumnResize) => TableProps['children']);
  /** The table's id: where its dragged widths are remembered. */
  tableId: string;
  columns: readonly ColumnSpec[];
  /** Header height, to know when the rows need a vertical scrollbar. */
  headerHeight?: number;
}

export function StretchTable({ tableId, columns, headerHeight = 30, children, ...tableProps }: StretchTableProps) {
  const rowHeight = tableProps.defaultRowHeight ?? 20;
  const numRows = tableProps.numRows ?? 0;
  // Rows taller than the room bring a vertical scrollbar: the columns leave it its width.
  const reserveFor = useCallback((size: ContainerSize) => (headerHeight + numRows * rowHeight > size.height ? scrollbarWidth() : 0), [headerHeight, numRows, rowHeight]);
  const { containerRef, size, widths, setWidth } = useColumnWidths<HTMLDivElement>(tableId, columns, reserveFor);
  const baseWidths = useMemo(() => columns.map((column) => column.width), [columns]);
  const columnWidths = size.width > 0 ? widths : baseWidths;

  const onColumnWidthChanged = useCallback((index: number, width: number) => setWidth(index, width), [setWidth]);

  // Blueprint's Table renders new widths with the grid of its previous render and rebuilds that grid only
  // after the render (componentDidUpdate): one more render shows the widths given (a drag's neighbours, a resize).
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef<readonly number[]>(columnWidths);
  useEffect(() => {
    if (shown.current === columnWidths) return;
    shown.current = columnWidths;
    rerender();
  }, [columnWidths]);
  return (
    <div className="stretch-table" ref={containerRef} data-table-id={tableId}>
      <Table {...tableProps} columnWidths={columnWidths} enableColumnResizing minColumnWidth={MIN_COLUMN_WIDTH} onColumnWidthChanged={onColumnWidthChanged}>
        {typeof children === 'function' ? children({ width: (index) => columnWidths[index] ?? MIN_COLUMN_WIDTH, setWidth }) : children}
      </Table>
    </div>
  );
}
