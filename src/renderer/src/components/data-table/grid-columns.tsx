/**
 * The data table's Blueprint columns: the checkbox column (select mode), the
 * table's columns with sortable headers, and the row actions (inline, or one
 * menu when there are more than 3). Cells of rows not loaded yet show
 * Blueprint's loading skeleton.
 */
import { Checkbox, Tooltip } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, type ColumnProps } from '@blueprintjs/table';
import type { ReactElement } from 'react';
import { ColumnResizeHandle } from './ColumnResizeHandle';
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
}

export function gridColumns<T>(model: GridModel<T>, resize?: ColumnResize): ReactElement<ColumnProps>[] {
  const rowClass = (row: T, index: number) =>
    `data-table-cell${isSelected(model.selection, model.rowId(row)) ? ' data-table-row--selected' : ''}${model.isDisabled?.(row) ? ' data-table-row--disabled' : ''}${model.focus === index ? ' data-table-row--focused' : ''}`;
  const headerStyle = { height: TABLE.headerHeight };
  const columns: ReactElement<ColumnProps>[] = [];
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
          if (row === undefined) return <Cell loading />;
          const off = model.isDisabled?.(row) === true;
          const box = <Checkbox className="no-margin" disabled={off} checked={isSelected(model.selection, model.rowId(row))} aria-label={`Select ${model.rowLabel(row)}`} tabIndex={-1} onChange={() => model.onToggle(row)} />;
          return <Cell className={`${rowClass(row, index)} checkbox-cell`}>{off ? <Tooltip content={DISABLED_ROW_TOOLTIP}>{box}</Tooltip> : box}</Cell>;
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
                // aria-sort belongs to header roles Blueprint's cells lack: the button's name says the order instead.
                <button type="button" className="data-table-sort" onClick={() => model.onSort(column.id)}>
                  {name}
                  {sorted && <span aria-hidden="true">{sorted.desc ? ' ▼' : ' ▲'}</span>}
                  {sorted && <span className="visually-hidden">{sorted.desc ? ', sorted descending' : ', sorted ascending'}</span>}
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
          if (row === undefined) return <Cell loading />;
          return (
            <Cell className={rowClass(row, index)} interactive>
              {/* Clicks reach the table (DataTable's onClick finds the row by this index). */}
              <div className="data-table-cell-content" data-row-index={index} data-column={column.id}>
                {column.render(row)}
              </div>
            </Cell>
          );
        }}
      />,
    );
  }
  if (model.actions.length > 0) {
    columns.push(
      <Column
        key="actions"
        id="actions"
        columnHeaderCellRenderer={() => <ColumnHeaderCell style={headerStyle} name="Actions" />}
        cellRenderer={(index) => {
          const row = model.at(index);
          if (row === undefined) return <Cell loading />;
          return (
            <Cell className={rowClass(row, index)} interactive>
              <div className="data-table-cell-content" data-row-index={index} data-column="actions">
                {model.actionsInMenu ? (
                  <RowActionsMenu row={row} actions={model.actions} rowLabel={model.rowLabel(row)} rowDisabled={model.isDisabled?.(row) === true} />
                ) : model.actions.map((action) => (
                  <RowActionButton key={action.id} action={action} row={row} rowDisabled={model.isDisabled?.(row) === true} />
                ))}
              </div>
            </Cell>
          );
        }}
      />,
    );
  }
  return columns;
}
