/**
 * The data table's Blueprint columns: the checkbox column (select mode), the
 * table's columns with sortable headers, and the row actions (inline, or one
 * menu when there are more than 3). Every body cell is a GridCell (a
 * `gridcell` its row owns); cells of rows not loaded yet show the loading
 * skeleton. The order is told by aria-sort on the column header
 * (grid-semantics.ts), not by the sort button's name.
 */
import './DataTable.css';
import { Checkbox, Tooltip } from '@blueprintjs/core';
import { Column, ColumnHeaderCell, type ColumnProps } from '@blueprintjs/table';
import type { ReactElement, ReactNode } from 'react';
import { ColumnResizeHandle } from './ColumnResizeHandle';
import { GridCell } from './GridCell';
import type { GridIds } from './grid-ids';
import { RowActionButton } from './RowActionButton';
import { RowActionsMenu } from './RowActionsMenu';
import type { ColumnResize } from '../StretchTable';
import { isSelected, type Selection, type SelectionMode } from './selection';
import { DISABLED_ROW_TOOLTIP, TABLE, type SortBy } from './table-rules';
import type { DataTableColumn, RowAction } from './types';

export interface GridModel<T> {
  mode: SelectionMode;
  columns: readonly DataTableColumn<T>[];
  actions: readonly RowAction<T>[];
  /** More than 3 actions: one menu button instead of inline buttons (table-rules.ts). */
  actionsInMenu?: boolean;
  at(index: number): T | undefined;
  rowId(row: T): string;
  rowLabel(row: T): string;
  selection: Selection;
  focus: number | null;
  isDisabled?(row: T): boolean;
  sort: SortBy | null;
  sortable(column: DataTableColumn<T>): boolean;
  onSort(column: string): void;
  header: { checked: boolean; indeterminate: boolean };
  onToggleAll(): void;
  onToggle(row: T): void;
  ids: GridIds;
}

export function gridColumns<T>(model: GridModel<T>, resize?: ColumnResize): ReactElement<ColumnProps>[] {
  const rowClass = (row: T, index: number) =>
    `data-table-cell${isSelected(model.selection, model.rowId(row)) ? ' data-table-row--selected' : ''}${model.isDisabled?.(row) ? ' data-table-row--disabled' : ''}${model.focus === index ? ' data-table-row--focused' : ''}`;
  const headerStyle = { height: TABLE.headerHeight };
  const columns: ReactElement<ColumnProps>[] = [];
  // The cell of column `at`: Blueprint adds its place (class and style) to the element.
  const cell = (index: number, at: number, content: ReactNode, className: string, interactive = true) => (
    <GridCell id={model.ids.cell(index, at)} colIndex={at + 1} row={index} className={className} interactive={interactive}>
      {content}
    </GridCell>
  );
  const loadingCell = (index: number, at: number) => <GridCell id={model.ids.cell(index, at)} colIndex={at + 1} row={index} loading />;
  if (model.mode === 'select') {
    columns.push(
      <Column
        key="select"
        id="select"
        columnHeaderCellRenderer={() => (
          <ColumnHeaderCell style={headerStyle} className="checkbox-header">
            <Checkbox className="no-margin" checked={model.header.checked} indeterminate={!model.header.checked && model.header.indeterminate} aria-label="Select all" onChange={model.onToggleAll} />
          </ColumnHeaderCell>
        )}
        cellRenderer={(index) => {
          const row = model.at(index);
          if (row === undefined) return loadingCell(index, 0);
          const off = model.isDisabled?.(row) === true;
          const box = <Checkbox className="no-margin" disabled={off} checked={isSelected(model.selection, model.rowId(row))} aria-label={`Select ${model.rowLabel(row)}`} tabIndex={-1} onChange={() => model.onToggle(row)} />;
          return cell(index, 0, off ? <Tooltip content={DISABLED_ROW_TOOLTIP}>{box}</Tooltip> : box, `${rowClass(row, index)} checkbox-cell`, false);
        }}
      />,
    );
  }
  for (const column of model.columns) {
    const sorted = model.sort?.id === column.id ? model.sort : null;
    const at = columns.length;
    // Blueprint's header edge drags; this handle takes the arrow keys.
    const handle = resize && <ColumnResizeHandle label={column.title} width={resize.width(at)} onResize={(width) => resize.setWidth(at, width)} />;
    columns.push(
      <Column
        key={column.id}
        id={column.id}
        columnHeaderCellRenderer={() =>
          model.sortable(column) ? (
            // The name's own slot, so a sortable header lines up with the others.
            <ColumnHeaderCell
              style={headerStyle}
              name={column.title}
              nameRenderer={(name) => (
                <button type="button" className="data-table-sort" onClick={() => model.onSort(column.id)}>
                  {name}
                  {sorted && <span aria-hidden="true">{sorted.desc ? ' ▼' : ' ▲'}</span>}
                </button>
              )}
            >
              {handle}
            </ColumnHeaderCell>
          ) : (
            <ColumnHeaderCell style={headerStyle} name={column.title}>
              {handle}
            </ColumnHeaderCell>
          )
        }
        cellRenderer={(index) => {
          const row = model.at(index);
          if (row === undefined) return loadingCell(index, at);
          // Clicks reach the table (DataTable's onClick finds the row by this index).
          return cell(
            index,
            at,
            <div className="data-table-cell-content" data-row-index={index} data-column={column.id}>
              {column.render(row)}
            </div>,
            rowClass(row, index),
          );
        }}
      />,
    );
  }
  if (model.actions.length > 0) {
    const at = columns.length;
    columns.push(
      <Column
        key="actions"
        id="actions"
        columnHeaderCellRenderer={() => <ColumnHeaderCell style={headerStyle} name="Actions" />}
        cellRenderer={(index) => {
          const row = model.at(index);
          if (row === undefined) return loadingCell(index, at);
          return cell(
            index,
            at,
            <div className="data-table-cell-content" data-row-index={index} data-column="actions">
              {model.actionsInMenu ? (
                <RowActionsMenu row={row} actions={model.actions} rowLabel={model.rowLabel(row)} rowDisabled={model.isDisabled?.(row) === true} />
              ) : (
                model.actions.map((action) => <RowActionButton key={action.id} action={action} row={row} rowDisabled={model.isDisabled?.(row) === true} />)
              )}
            </div>,
            rowClass(row, index),
          );
        }}
      />,
    );
  }
  return columns;
}
