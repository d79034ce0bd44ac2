/**
 * A body cell of the data table as assistive technology needs it: a
 * `gridcell` with its column's index and an id its row element names
 * (aria-owns). Blueprint's own Cell takes no role or id; Blueprint positions
 * whatever element a cell renderer returns (it adds the class and style), so
 * this one draws the same classes as Blueprint's Cell, and the loading
 * skeleton of a row not loaded yet.
 */
import './DataTable.css';
import { Classes } from '@blueprintjs/core';
import type { CSSProperties, ReactNode } from 'react';

/** What Blueprint's body adds to a cell renderer's element (cloneElement). */
interface PlacedByBlueprint {
  className?: string;
  style?: CSSProperties;
  loading?: boolean;
  isFocused?: boolean;
}

interface GridCellProps extends PlacedByBlueprint {
  id: string;
  /** The column's position, from 1. */
  colIndex: number;
  /** The row's position in the table's rows, from 0 (the tab stops follow it). */
  row: number;
  interactive?: boolean;
  children?: ReactNode;
}

export function GridCell({ id, colIndex, row, className, style, loading, interactive, children }: GridCellProps) {
  const classes = ['bp6-table-cell', 'bp6-table-truncated-cell', interactive ? 'bp6-table-cell-interactive' : '', loading ? Classes.LOADING : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role="gridcell" id={id} aria-colindex={colIndex} data-grid-row={row} className={classes} style={style}>
      {loading ? (
        <div className="bp6-table-truncated-text bp6-table-no-wrap-text" aria-busy="true">
          <div className={`${Classes.SKELETON} data-table-skeleton`} />
        </div>
      ) : (
        <div className="bp6-table-truncated-text bp6-table-no-wrap-text">{children}</div>
      )}
    </div>
  );
}
