/**
 * The data table's rows as assistive technology reads them (the WAI-ARIA grid
 * pattern): the header row owning the column headers, then one row element
 * per row Blueprint draws, owning that row's cells (Blueprint draws cells
 * without rows). A row carries its place in the whole listing
 * (aria-rowindex, the header row being 1), its selection, whether it is
 * disabled or still loading, and a name: the caller's row label, or its
 * primary cell.
 */
import { ownedCells, type GridIds } from './grid-ids';
import { isSelected, type Selection } from './selection';

interface GridRowsProps<T> {
  ids: GridIds;
  /** The rows Blueprint draws, as it numbers them. */
  drawn: { start: number; end: number };
  /** Rows in the slice shown, and where the slice starts in the listing. */
  numRows: number;
  start: number;
  columns: number;
  /** The column that names a row (the first after the checkbox column). */
  primary: number;
  at(index: number): T | undefined;
  rowId(row: T): string;
  rowLabel?(row: T): string;
  isDisabled?(row: T): boolean;
  selection: Selection;
}

export function GridRows<T>(props: GridRowsProps<T>) {
  const { ids, drawn, columns } = props;
  const rows = [];
  for (let index = Math.max(0, drawn.start); index <= Math.min(drawn.end, props.numRows - 1); index++) {
    const row = props.at(index);
    const label = row !== undefined && props.rowLabel ? props.rowLabel(row) : undefined;
    rows.push(
      <div
        key={index}
        role="row"
        id={ids.row(index)}
        aria-rowindex={props.start + index + 2}
        aria-owns={ownedCells(ids, index, columns)}
        aria-selected={row === undefined ? undefined : isSelected(props.selection, props.rowId(row))}
        aria-disabled={row !== undefined && props.isDisabled?.(row) === true ? true : undefined}
        aria-busy={row === undefined ? true : undefined}
        aria-label={label}
        aria-labelledby={row !== undefined && label === undefined ? ids.cell(index, props.primary) : undefined}
      />,
    );
  }
  return (
    <>
      <div role="row" id={ids.headerRow} aria-rowindex={1} aria-owns={Array.from({ length: columns }, (_, column) => ids.header(column)).join(' ')} />
      {rows}
    </>
  );
}
