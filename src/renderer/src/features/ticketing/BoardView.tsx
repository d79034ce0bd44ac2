/**
 * A board's tickets: a remote DataTable of the board's
 * columns in its order, sorted by its sort until the technician sorts a
 * column, 50 a page; the server applies the board's conditions. Back returns
 * to the boards list. The columns (`boardColumns`), the page size and the
 * sort line are shared with the ticket workspace's board.
 */
import './ticketing.css';
import { Button, Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { Ticket, TicketingLists, TicketRef, Trigger } from '../../../../shared/model/ticketing';
import { SOURCE_CHOICES, TYPE_CHOICES, type AttributeDef } from '../../../../shared/rules/ticketing/conditions';
import { BOARD_COLUMN_LABELS } from '../../../../shared/rules/ticketing/trigger';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { errorMessage } from '../../core/api';
import { presentError } from '../../core/toaster';
import { AnchorCell, DateCell, NumberCell, TagsCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RemoteQuery } from '../../components/data-table/DataTable';
import { directionOf } from '../../components/data-table/table-rules';
import { SkippedNotice } from '../../components/SkippedNotice';
import { readBoardTickets } from './client';

/** A board's tickets are read 50 a page (the admin view and the workspace alike). */
export const BOARD_PAGE_SIZE = 50;
const DATE_FIELDS = new Set(['createTime', 'lastUpdated', 'solvedTime', 'lastUpdatedTimeByAssignee', 'lastUpdatedTimeByRequester']);
const REF_FIELDS: Record<string, (t: Ticket) => TicketRef | null> = {
  organization: (t) => t.organization,
  location: (t) => t.location,
  requester: (t) => t.requester,
  assignedAppUser: (t) => t.assignedAppUser,
  assignee: (t) => t.assignedAppUser,
  ticketForm: (t) => t.ticketForm,
  device: (t) => t.device,
};

/** Minutes as 'h:mm'. */
function formatTracked(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

type Choice = { value: string; name: string };
const nameIn = (choices: readonly Choice[], value: string | null) => (value === null ? null : (choices.find((c) => c.value === value)?.name ?? value));

/** How a board's cells name a ticket: given `ticketHref`, its id and subject are links to the ticket's page. */
interface BoardColumnOptions {
  ticketHref?(ticket: Ticket): string;
}

/** One board column: its header and cell (the server sorts by the column's id). */
function boardColumn(field: string, lists: TicketingLists, attributes: readonly AttributeDef[], options: BoardColumnOptions): DataTableColumn<Ticket> {
  const title = field.startsWith('attribute:') ? (attributes.find((a) => `attribute:${a.id}` === field)?.name ?? field) : (ownValue(BOARD_COLUMN_LABELS, field) ?? field);
  const base = { id: field, title, width: field === 'summary' || field === 'description' ? 280 : field === 'id' ? 90 : 150, sortable: true };
  const ref = ownValue(REF_FIELDS, field);
  if (ref) return { ...base, render: (t) => <TextCell text={ref(t)?.name} /> };
  if (DATE_FIELDS.has(field)) return { ...base, render: (t) => <DateCell value={ownValue(t as unknown as Record<string, number | null>, field)} /> };
  switch (field) {
    case 'id': {
      const href = options.ticketHref;
      return { ...base, render: (t) => (href ? <AnchorCell href={href(t)} text={`#${t.id}`} label={`Open ticket #${t.id}`} /> : <TextCell text={`#${t.id}`} />) };
    }
    case 'summary': {
      const href = options.ticketHref;
      return { ...base, render: (t) => (href ? <AnchorCell href={href(t)} text={t.summary} /> : <TextCell text={t.summary} />) };
    }
    case 'status':
      return { ...base, render: (t) => <TextCell text={nameIn(lists.statuses, t.status)} /> };
    case 'priority':
      return { ...base, render: (t) => <TextCell text={nameIn(lists.priorities, t.priority)} /> };
    case 'severity':
      return { ...base, render: (t) => <TextCell text={nameIn(lists.severities, t.severity)} /> };
    case 'type':
      return { ...base, render: (t) => <TextCell text={nameIn(TYPE_CHOICES, t.type)} /> };
    case 'source':
      return { ...base, render: (t) => <TextCell text={nameIn(SOURCE_CHOICES, t.source)} /> };
    case 'tags':
      return { ...base, render: (t) => <TagsCell tags={t.tags} /> };
    case 'totalTimeTracked':
      return { ...base, render: (t) => <TextCell text={formatTracked(t.totalTimeTracked)} /> };
    case 'totalTimeTrackedDecimal':
      return { ...base, render: (t) => <NumberCell value={t.totalTimeTracked / 60} digits={2} /> };
    default: {
      if (field.startsWith('attribute:')) {
        const attribute = attributes.find((a) => `attribute:${a.id}` === field);
        const show = (value: unknown): string => {
          if (value === null || value === undefined || value === '') return '';
          if (Array.isArray(value)) return value.map(show).join(', ');
          const named = attribute?.values.find((v) => String(v.id) === String(value));
          return named ? named.name : String(value);
        };
        return { ...base, sortable: false, render: (t) => <TextCell text={show(ownValue(t.attributes, field.slice('attribute:'.length)))} /> };
      }
      return { ...base, render: (t) => <TextCell text={String(ownValue(t as unknown as Record<string, unknown>, field) ?? '')} /> };
    }
  }
}

/** A board's columns in its order (unknown fields shown raw, custom attributes by their names). */
export function boardColumns(fields: readonly string[], lists: TicketingLists, attributes: readonly AttributeDef[], options: BoardColumnOptions = {}): DataTableColumn<Ticket>[] {
  return fields.map((field) => boardColumn(field, lists, attributes, options));
}

/** 'Sorted by Created, ascending': the board's own sort, which applies until the technician sorts a column. */
export function boardSortText(board: Pick<Trigger, 'sortBy'>): string | null {
  const sort = board.sortBy[0];
  return sort ? `Sorted by ${ownValue(BOARD_COLUMN_LABELS, sort.field) ?? sort.field}, ${sort.direction === 'ASC' ? 'ascending' : 'descending'}` : null;
}

export function BoardView({ board, lists, attributes, onBack }: { board: Trigger; lists: TicketingLists; attributes: readonly AttributeDef[]; onBack(): void }) {
  const [skipped, setSkipped] = useState(0);
  const columns = useMemo(() => boardColumns(board.columns, lists, attributes), [board.columns, lists, attributes]);
  const remote = useMemo(
    () => ({
      pageSize: BOARD_PAGE_SIZE,
      fetch: async (query: RemoteQuery) => {
        const sort = query.sortBy[0];
        const page = await readBoardTickets({ id: board.id, page: query.page, size: BOARD_PAGE_SIZE, ...(sort ? { sortBy: sort.id, direction: directionOf(sort) } : {}) });
        setSkipped(page.skipped);
        return { data: page.results, pageCount: page.totalPages, totalCount: page.totalElements };
      },
      errorMessage: (error: unknown) => {
        presentError(error, { key: 'board-tickets' });
        return errorMessage(error);
      },
    }),
    [board.id],
  );
  const sorted = boardSortText(board);
  return (
    <section className="board-view" aria-label={`Board ${board.name}`}>
      <div className="board-view-head">
        <Button icon="arrow-left" text="Boards" variant="minimal" onClick={onBack} />
        <h2 className={Classes.HEADING}>{board.name}</h2>
        {sorted && <span className={Classes.TEXT_MUTED}>{sorted}</span>}
      </div>
      <SkippedNotice count={skipped} noun={{ one: 'ticket', many: 'tickets' }} />
      <DataTable<Ticket>
        // One table id per board: each keeps its own widths and the technician's sort.
        id={`board-${board.id}`}
        label={`Tickets of ${board.name}`}
        className="ticketing-table"
        columns={columns}
        rowId={(t) => String(t.id)}
        rowLabel={(t) => `#${t.id} ${t.summary}`}
        remote={remote}
        noun="ticket"
        errorTitle="The board's tickets could not be loaded"
        emptyTitle="No tickets on this board"
      />
    </section>
  );
}
