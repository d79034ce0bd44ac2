/**
 * The backup browser's table: a configuration of the shared DataTable over
 * the level's windowed listing (only visible rows render, and only the pages
 * holding them are asked for; a million-item folder scrolls to its end). Row
 * and header height 45, checkbox column 37 (§9). Keyboard (the DataTable's):
 * arrows move, Shift+arrows extend, Enter opens, Space selects, Escape
 * clears, Ctrl/Cmd+A selects the loaded rows; Backspace goes up (here).
 */
import { Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { BrowserLevel, BrowserRow } from '../../../../shared/model/browser';
import { tableIdOf } from '../../../../shared/model/browser';
import { MESSAGES } from '../../../../shared/rules/messages';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import type { Selection } from '../../components/data-table/selection';
import { StateMessage } from '../../components/StateMessage';
import { COLUMNS, rowName, type ColumnContext } from './columns';
import type { Listing } from './use-listing';

export interface BrowserTableProps {
  level: BrowserLevel | 'search';
  listing: Listing;
  ctx: ColumnContext;
  selection: Selection;
  onSelectionChange(selection: Selection): void;
  onBack(): void;
  /** Shown instead of the table when the listing failed (empty data per §4). */
  errorTitle?: string;
}

const rowKey = (row: BrowserRow) => row.key;

export function BrowserTable({ level, listing, ctx, selection, onSelectionChange, onBack, errorTitle }: BrowserTableProps) {
  const columns = useMemo<DataTableColumn<BrowserRow>[]>(
    () =>
      COLUMNS[level].map((column) => ({
        id: column.name,
        title: column.name,
        width: column.width,
        // Row action buttons keep their width; the other columns share the room.
        stretch: column.name !== 'Actions',
        render: (row) => column.render(row, ctx),
      })),
    [level, ctx],
  );

  useEffect(() => {
    performance.mark(`browser-rows-${listing.version}`);
  }, [listing.version]);

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

  // A restricted folder is "opened" too: the browser refuses it and says why (§4).
  const openRow = (row: BrowserRow) => {
    if (ctx.canEnter(row) || ctx.isRestricted(row)) ctx.onOpen(row);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Backspace') return false;
    event.preventDefault();
    onBack();
    return true;
  };

  return (
    <DataTable<BrowserRow>
      // Dragged widths and settings are remembered per level (issue 11 point 9); a new level is a new table.
      key={tableIdOf(level)}
      id={tableIdOf(level)}
      domId={tableIdOf(level)}
      label="Backup listing"
      className="browser-table"
      columns={columns}
      rowId={rowKey}
      rowLabel={rowName}
      windowed={listing}
      mode="select"
      selection={selection}
      onSelectionChange={onSelectionChange}
      onRowAction={openRow}
      onKey={onKey}
      onRefresh={listing.reload}
    />
  );
}
