/**
 * The backup browser's table: a configuration of the shared DataTable over
 * the level's windowed listing (only visible rows render, and only the pages
 * holding them are asked for; a million-item folder scrolls to its end). Row
 * and header height 45, checkbox column 37 (§9). Keyboard (the DataTable's):
 * arrows move, Shift+arrows extend, Enter opens, Space selects, Escape
 * clears, Ctrl/Cmd+A selects the loaded rows; Backspace goes up (here).
 */
import './BackupBrowser.css';
import { Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import type { BrowserLevel, BrowserRow } from '../../../../shared/model/backup/browser';
import { tableIdOf } from '../../../../shared/model/backup/browser';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import type { Selection } from '../../components/data-table/selection';
import { takeFocusIfLost } from '../../components/focus';
import { StateMessage } from '../../components/StateMessage';
import { COLUMNS, rowName, type ColumnContext } from './columns';
import type { Listing } from './use-listing';

interface BrowserTableProps {
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

/** Backspace goes up a level, from the table or from what stands in its place: true when it did. */
function goesUp(event: KeyboardEvent<HTMLElement>, onBack: () => void): boolean {
  if (event.key !== 'Backspace') return false;
  event.preventDefault();
  onBack();
  return true;
}

/**
 * Where the table will be while a level loads, failed or is empty: it keeps the keyboard (Backspace goes up) when
 * the table it replaces had it, so a technician going down with Enter can come back without the mouse.
 */
function StateArea({ level, onBack, state, children }: { level: BrowserLevel | 'search'; onBack(): void; state?: 'error' | 'empty'; children: ReactNode }) {
  return (
    <div
      className="browser-table-state"
      id={tableIdOf(level)}
      data-state={state}
      tabIndex={-1}
      ref={takeFocusIfLost}
      onKeyDown={(event) => goesUp(event, onBack)}
    >
      {children}
    </div>
  );
}

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
      <StateArea level={level} onBack={onBack}>
        <StateMessage icon={<Spinner />} title="Loading..." />
      </StateArea>
    );
  }
  if (listing.error) {
    return (
      <StateArea level={level} onBack={onBack} state="error">
        <StateMessage
          icon={listing.error.code === 'NOT_AVAILABLE_OFFLINE' ? 'offline' : 'error'}
          title={listing.error.code === 'NOT_AVAILABLE_OFFLINE' ? 'Not available offline' : (errorTitle ?? MESSAGES.contentFailed)}
          description={listing.error.message}
        />
      </StateArea>
    );
  }
  if (listing.total === 0) {
    return (
      <StateArea level={level} onBack={onBack} state="empty">
        <StateMessage icon="folder-open" title={MESSAGES.emptyFolder} />
      </StateArea>
    );
  }

  // A restricted folder is "opened" too: the browser refuses it and says why (§4).
  const openRow = (row: BrowserRow) => {
    if (ctx.canEnter(row) || ctx.isRestricted(row)) ctx.onOpen(row);
  };
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => goesUp(event, onBack);

  return (
    <DataTable<BrowserRow>
      // Dragged widths and settings are remembered per level; a new level is a new table.
      key={tableIdOf(level)}
      id={tableIdOf(level)}
      domId={tableIdOf(level)}
      label="Backup listing"
      announcesCount={false}
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
