/**
 * Column widths that fill a table (tables use the window's
 * width). Each column has a base width; fixed columns (the checkbox column of
 * 37 px, backup spec §9) keep it; a width the technician dragged is kept as
 * dragged; the room left over is shared by the other columns in proportion to
 * their base widths, so the last column ends at the table's right edge. When
 * the columns need more than the room, nothing shrinks and the table scrolls.
 * Pure, so it is unit-tested without a renderer.
 */

export interface ColumnSpec {
  /** Stable id: the key a dragged width is remembered under. */
  id: string;
  /** The width at which the column reads well (px). */
  width: number;
  /** Never stretched or resized (a checkbox column). */
  fixed?: boolean;
  /** false: keeps its width when others stretch (a column of row action buttons); it can still be dragged. */
  stretch?: boolean;
}

/** Widths the technician dragged, by column id. */
export type StoredWidths = Readonly<Record<string, number>>;

/** The narrowest a column can be dragged: a cell's minimum width (help spec §9). */
export const MIN_COLUMN_WIDTH = 50;

export function fitColumnWidths(columns: readonly ColumnSpec[], available: number, stored: StoredWidths = {}): number[] {
  const widths = columns.map((column) => {
    if (column.fixed) return column.width;
    const dragged = stored[column.id];
    return Math.max(MIN_COLUMN_WIDTH, Math.round(typeof dragged === 'number' && Number.isFinite(dragged) ? dragged : column.width));
  });
  const room = Math.floor(available) - widths.reduce((sum, width) => sum + width, 0);
  if (!(room > 0)) return widths;

  const flexible = columns.map((column, i) => i).filter((i) => !columns[i]!.fixed);
  if (flexible.length === 0) return widths;
  // Columns the technician sized keep their size; the others stretch. When none is left to stretch, the last
  // stretchable one (or the last resizable one) takes the rest, so the table still ends at its right edge.
  const stretchable = flexible.filter((i) => columns[i]!.stretch !== false);
  const undragged = stretchable.filter((i) => stored[columns[i]!.id] === undefined);
  const fallback = stretchable.length > 0 ? stretchable : flexible;
  const growing = undragged.length > 0 ? undragged : [fallback[fallback.length - 1]!];
  const weight = growing.reduce((sum, i) => sum + widths[i]!, 0);
  let given = 0;
  for (const i of growing) {
    const share = Math.floor((room * widths[i]!) / weight);
    widths[i] = widths[i]! + share;
    given += share;
  }
  // Rounding leftovers go to the last growing column, so the sum is exactly the room available.
  widths[growing[growing.length - 1]!]! += room - given;
  return widths;
}

/** The remembered widths of one table, read defensively: a damaged entry reads as none. */
export function parseStoredWidths(raw: string | null): Record<string, number> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const widths: Record<string, number> = {};
    for (const [id, width] of Object.entries(value as Record<string, unknown>)) {
      if (typeof width === 'number' && Number.isFinite(width) && width >= MIN_COLUMN_WIDTH) widths[id] = Math.round(width);
    }
    return widths;
  } catch {
    return {};
  }
}

/** The localStorage key of one table's widths; tables are named by id (backup spec §2: 'backup-manage-{level}'). */
export function widthsStorageKey(tableId: string): string {
  return `table-column-widths:${tableId}`;
}
