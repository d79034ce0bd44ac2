/**
 * The virtualized browser table (Blueprint Table): only visible rows render,
 * and only the pages holding them are asked for. Row and header height 45,
 * checkbox column 37 (§9). Keyboard: arrows move, Enter opens, Space selects,
 * Backspace goes up (handled by the browser), Ctrl/Cmd+A selects all loaded rows.
 */
import { Checkbox, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, type FocusedCellCoordinates } from '@blueprintjs/table';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BrowserLevel } from '../../../../shared/model/browser';
import { tableIdOf } from '../../../../shared/model/browser';
import { MESSAGES } from '../../../../shared/rules/messages';
import { TABLE_CHECKBOX_COLUMN_WIDTH, TABLE_HEADER_HEIGHT, TABLE_ROW_HEIGHT } from '../../../../shared/rules/limits';
import type { ColumnSpec } from '../../components/column-widths';
import { StateMessage } from '../../components/StateMessage';
import { StretchTable } from '../../components/StretchTable';
import { COLUMNS, rowName, type ColumnContext } from './columns';
import type { Listing } from './use-listing';

export interface BrowserTableProps {
  level: BrowserLevel | 'search';
  listing: Listing;
  ctx: ColumnContext;
  selected: ReadonlySet<string>;
  onSelectionChange(keys: Set<string>): void;
  onBack(): void;
  /** Shown instead of the table when the listing failed (empty data per §4). */
  errorTitle?: string;
}

const FIRST_CELL: FocusedCellCoordinates = { row: 0, col: 1, focusSelectionIndex: 0 };

export function BrowserTable({ level, listing, ctx, selected, onSelectionChange, onBack, errorTitle }: BrowserTableProps) {
  const columns = COLUMNS[level];
  const columnSpecs = useMemo<ColumnSpec[]>(
    () => [
      { id: 'select', width: TABLE_CHECKBOX_COLUMN_WIDTH, fixed: true },
      // Row action buttons keep their width; the other columns share the room.
      ...columns.map((column) => ({ id: column.name, width: column.width, stretch: column.name !== 'Actions' })),
    ],
    [columns],
  );
  // The focused cell belongs to one listing; a new one starts at its first row.
  const owner = `${level}|${listing.ready}`;
  const [focus, setFocus] = useState<{ owner: string; cell: FocusedCellCoordinates }>({ owner, cell: FIRST_CELL });
  const focused = focus.owner === owner ? focus.cell : FIRST_CELL;
  const setFocused = useCallback((cell: FocusedCellCoordinates) => setFocus({ owner, cell }), [owner]);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    performance.mark(`browser-rows-${listing.version}`);
  }, [listing.version]);

  const toggle = useCallback(
    (key: string) => {
      const next = new Set(selected);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      onSelectionChange(next);
    },
    [selected, onSelectionChange],
  );

  const loaded = listing.loadedRows();
  const allSelected = loaded.length > 0 && loaded.every((row) => selected.has(row.key));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = listing.rowAt(focused.row);
    // A restricted folder is "opened" too: the browser refuses it and says why (§4).
    if (event.key === 'Enter' && row && (ctx.canEnter(row) || ctx.isRestricted(row))) {
      event.preventDefault();
      ctx.onOpen(row);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      onBack();
    } else if (event.key === ' ' && row) {
      event.preventDefault();
      toggle(row.key);
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelectionChange(allSelected ? new Set() : new Set(loaded.map((r) => r.key)));
    }
  };

  const checkboxRenderer = useCallback(
    (rowIndex: number) => {
      const row = listing.rowAt(rowIndex);
      if (!row) return <Cell loading />;
      return (
        <Cell className="checkbox-cell">
          <Checkbox
            className="no-margin"
            checked={selected.has(row.key)}
            onChange={() => toggle(row.key)}
            aria-label={`Select ${rowName(row)}`}
            tabIndex={-1}
          />
        </Cell>
      );
    },
    [listing, selected, toggle],
  );

  const renderers = useMemo(
    () =>
      columns.map((column) => (rowIndex: number) => {
        const row = listing.rowAt(rowIndex);
        if (!row) return <Cell loading />;
        return (
          <Cell className="browser-cell" data-row-key={row.key}>
            {column.render(row, ctx)}
          </Cell>
        );
      }),
    // listing.version changes whenever a page arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, ctx, listing.version, listing.rowAt],
  );

  if (!listing.ready) {
    return (
      <div className="browser-table-state" id={tableIdOf(level)}>
        <StateMessage icon={<Spinner />} title="Loading..." />
      </div>
    );
  }
  if (listing.error) {
    return (
      <div className="browser-table-state" id={tableIdOf(level)} data-state="error">
        <StateMessage
          icon={listing.error.code === 'NOT_AVAILABLE_OFFLINE' ? 'offline' : 'error'}
          title={listing.error.code === 'NOT_AVAILABLE_OFFLINE' ? 'Not available offline' : (errorTitle ?? MESSAGES.contentFailed)}
          description={listing.error.message}
        />
      </div>
    );
  }
  if (listing.total === 0) {
    return (
      <div className="browser-table-state" id={tableIdOf(level)} data-state="empty">
        <StateMessage icon="folder-open" title={MESSAGES.emptyFolder} />
      </div>
    );
  }

  return (
    <div className="browser-table" id={tableIdOf(level)} ref={wrapper} onKeyDown={onKeyDown} data-rows={listing.total}>
      {/* Columns fill the window's width; dragged widths are remembered per level's table id (issue 11 point 9). */}
      <StretchTable
        tableId={tableIdOf(level)}
        columns={columnSpecs}
        headerHeight={TABLE_HEADER_HEIGHT}
        numRows={listing.total}
        defaultRowHeight={TABLE_ROW_HEIGHT}
        enableRowHeader={false}
        enableFocusedCell
        focusedCell={focused}
        onFocusedCell={setFocused}
        enableMultipleSelection={false}
        selectionModes={[]}
        renderMode={RenderMode.NONE}
        cellRendererDependencies={[listing.version, selected, ctx]}
        onVisibleCellsChange={(rows) => listing.ensureRows(rows.rowIndexStart, rows.rowIndexEnd)}
      >
        {[
          <Column
            key="select"
            id="select"
            columnHeaderCellRenderer={() => (
              <ColumnHeaderCell style={{ height: TABLE_HEADER_HEIGHT }} className="checkbox-header">
                <Checkbox
                  className="no-margin"
                  checked={allSelected}
                  indeterminate={!allSelected && loaded.some((r) => selected.has(r.key))}
                  onChange={() => onSelectionChange(allSelected ? new Set() : new Set(loaded.map((r) => r.key)))}
                  aria-label="Select all"
                />
              </ColumnHeaderCell>
            )}
            cellRenderer={checkboxRenderer}
          />,
          ...columns.map((column, i) => (
            <Column
              key={column.name}
              id={column.name}
              columnHeaderCellRenderer={() => <ColumnHeaderCell name={column.name} style={{ height: TABLE_HEADER_HEIGHT }} />}
              cellRenderer={renderers[i]}
            />
          )),
        ]}
      </StretchTable>
    </div>
  );
}
