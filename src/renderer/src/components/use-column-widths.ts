/**
 * A table's column widths, fitted to the room it has and remembered per table. The room is measured with a ResizeObserver; widths the
 * technician drags are saved in localStorage under the table's id and come
 * back after a reload. Used by StretchTable, under every Blueprint Table.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fitColumnWidths, parseStoredWidths, widthsStorageKey, type ColumnSpec, type StoredWidths } from './column-widths';

function readStored(tableId: string): StoredWidths {
  try {
    return parseStoredWidths(window.localStorage.getItem(widthsStorageKey(tableId)));
  } catch {
    return {};
  }
}

function writeStored(tableId: string, widths: StoredWidths): void {
  try {
    window.localStorage.setItem(widthsStorageKey(tableId), JSON.stringify(widths));
  } catch {
    // A full or disabled storage only costs the remembered widths.
  }
}

interface ColumnWidths<E extends HTMLElement> {
  /** Put on the element whose width the columns fill. */
  containerRef: (el: E | null) => void;
  /** The container's inner size (clientWidth, clientHeight): 0 until measured. */
  size: ContainerSize;
  /** One width per column, in order; empty until the room is measured. */
  widths: number[];
  /** Remembers a width the technician dragged (index into the columns). */
  setWidth(index: number, width: number): void;
  /** Forgets the dragged widths of this table. */
  reset(): void;
}

export interface ContainerSize {
  width: number;
  height: number;
}

/**
 * `reserveFor` says how much of the container's width the columns leave free
 * (a vertical scrollbar the caller knows will show at that size).
 */
export function useColumnWidths<E extends HTMLElement>(
  tableId: string,
  columns: readonly ColumnSpec[],
  reserveFor: (size: ContainerSize) => number = () => 0,
): ColumnWidths<E> {
  const [stored, setStored] = useState<{ tableId: string; widths: StoredWidths }>(() => ({ tableId, widths: readStored(tableId) }));
  let current = stored.widths;
  if (stored.tableId !== tableId) {
    // Another table (another level of the browser): its own remembered widths, read once.
    current = readStored(tableId);
    setStored({ tableId, widths: current });
  }
  const [size, setSize] = useState<ContainerSize>({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);

  const containerRef = useCallback((el: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const update = () => setSize((old) => (old.width === el.clientWidth && old.height === el.clientHeight ? old : { width: el.clientWidth, height: el.clientHeight }));
    update();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(update);
      observer.current.observe(el);
    }
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);

  const setWidth = useCallback(
    (index: number, width: number) => {
      const column = columns[index];
      if (!column || column.fixed) return;
      const next = { ...current, [column.id]: Math.round(width) };
      writeStored(tableId, next);
      setStored({ tableId, widths: next });
    },
    [columns, current, tableId],
  );

  const reset = useCallback(() => {
    writeStored(tableId, {});
    setStored({ tableId, widths: {} });
  }, [tableId]);

  const room = size.width - reserveFor(size);
  const widths = useMemo(() => (size.width > 0 ? fitColumnWidths(columns, room, current) : []), [columns, room, size.width, current]);
  return { containerRef, size, widths, setWidth, reset };
}
