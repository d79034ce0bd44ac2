/**
 * The data table's rows on screen (DataTable.tsx): a windowed listing taller
 * than Chromium can lay out shows a slice of it (row-slice.ts), moved as it
 * scrolls; indexes stay the listing's. Also the scrolling that keeps the
 * keyboard's row in view, and how many rows a page of the view holds.
 */
import { useCallback, useEffect, useState } from 'react';
import { ROW_SLICE, sliceFor, sliceLength, slideSlice } from './row-slice';
import { TABLE } from './table-rules';

/** The rows shown, as a count and an accessor (a window of a huge listing has no array). */
export interface ShownRows<T> {
  count: number;
  at(index: number): T | undefined;
}

/** `slicing`: the rows are a windowed listing's, all of them shown (not show-selected-only). */
export function useRowSlice<T>(element: HTMLDivElement | null, shown: ShownRows<T>, slicing: boolean) {
  const [sliceStart, setSliceStart] = useState(0);
  const sliced = slicing && shown.count > ROW_SLICE.rows;
  const start = sliced ? Math.min(sliceStart, shown.count - ROW_SLICE.rows) : 0;
  const numRows = sliced ? sliceLength(shown.count, start) : shown.count;
  const atInSlice = useCallback((index: number) => shown.at(start + index), [shown, start]);

  const scrollerOf = () => element?.querySelector<HTMLElement>('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container') ?? null;
  // The keyboard's row stays in view (a far row brings its slice first).
  const scrollToRow = (index: number) => {
    const next = sliced ? sliceFor(index, start, shown.count) : start;
    const apply = () => {
      const scroller = scrollerOf();
      if (!scroller) return;
      const top = TABLE.headerHeight + (index - next) * TABLE.rowHeight;
      if (top < scroller.scrollTop + TABLE.headerHeight) scroller.scrollTop = top - TABLE.headerHeight;
      else if (top + TABLE.rowHeight > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = top + TABLE.rowHeight - scroller.clientHeight;
    };
    if (next === start) apply();
    else {
      setSliceStart(next);
      requestAnimationFrame(apply);
    }
  };
  // Scrolling near either end of the slice moves it, and the scroll position with it: the rows on screen stay.
  useEffect(() => {
    if (!sliced) return;
    const scroller = element?.querySelector<HTMLElement>('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
    if (!scroller) return;
    const onScroll = () => {
      const next = slideSlice(start, shown.count, Math.floor(scroller.scrollTop / TABLE.rowHeight));
      if (next === start) return;
      scroller.scrollTop -= (next - start) * TABLE.rowHeight;
      setSliceStart(next);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [element, sliced, start, shown.count]);
  const pageRows = () => Math.floor(((scrollerOf()?.clientHeight ?? 0) - TABLE.headerHeight) / TABLE.rowHeight);

  return { start, numRows, atInSlice, scrollToRow, pageRows };
}
