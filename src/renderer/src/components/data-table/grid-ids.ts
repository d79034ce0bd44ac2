/**
 * The ids that tie the data table's pieces together for assistive technology:
 * a row element owns its cells (aria-owns), the header row its column headers,
 * and the grid names its keyboard row (aria-activedescendant). Rows are
 * numbered as Blueprint draws them (from 0 in the slice shown); columns from 0
 * in the order drawn (the checkbox column first in select mode).
 */
export interface GridIds {
  cell(row: number, column: number): string;
  row(row: number): string;
  header(column: number): string;
  headerRow: string;
}

export function gridIds(prefix: string): GridIds {
  // useId's ids hold colons: fine in IDREFs, which are only ever looked up with getElementById.
  return {
    cell: (row, column) => `${prefix}-r${row}-c${column}`,
    row: (row) => `${prefix}-r${row}`,
    header: (column) => `${prefix}-h${column}`,
    headerRow: `${prefix}-hr`,
  };
}

/** The ids a row owns: one cell per column. */
export function ownedCells(ids: GridIds, row: number, columns: number): string {
  return Array.from({ length: columns }, (_, column) => ids.cell(row, column)).join(' ');
}
