/**
 * A window of a huge listing in one table: Chromium caps
 * an element's height near 33.5M px, about 745k rows of 45 px, so a
 * million-item folder cannot be one scrolling table. The table shows a slice
 * of at most ROW_SLICE.rows rows; when the view nears either end of the slice
 * the slice moves by ROW_SLICE.shift rows (and the scroll position with it,
 * so nothing jumps), and a jump (End, a far row) recentres it. Pure.
 */
export const ROW_SLICE = { rows: 600_000, shift: 200_000 } as const;

interface SliceSize {
  rows: number;
  shift: number;
}

/** The slice's row count: all rows when they fit. */
export function sliceLength(total: number, start: number, size: SliceSize = ROW_SLICE): number {
  return Math.max(0, Math.min(size.rows, total - start));
}

/**
 * Where the slice starts once the view's top row (an index in the slice) is
 * known: moved forward in the slice's last part, back in its first part;
 * the thresholds keep it from moving to and fro.
 */
export function slideSlice(start: number, total: number, topInSlice: number, size: SliceSize = ROW_SLICE): number {
  if (total <= size.rows) return 0;
  const last = total - size.rows;
  if (topInSlice > size.rows - size.shift && start < last) return Math.min(last, start + size.shift);
  if (topInSlice < size.shift && start > 0) return Math.max(0, start - size.shift);
  return start;
}

/** The slice holding `index`: unchanged when it does, else one with the row in its middle. */
export function sliceFor(index: number, start: number, total: number, size: SliceSize = ROW_SLICE): number {
  if (total <= size.rows) return 0;
  if (index >= start && index < start + size.rows) return start;
  return Math.max(0, Math.min(total - size.rows, index - Math.floor(size.rows / 2)));
}
