/**
 * A board's tickets (issue 14 point 3): a remote DataTable of the board's
 * columns in its order, sorted by its sort until the technician sorts a
 * column, 50 a page; the server applies the board's conditions. Back returns
 * to the boards list.
 */
import { Button, Classes } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { Ticket, TicketingLists, TicketRef, Trigger } from '../../../../shared/model/ticketing';
import { SOURCE_CHOICES, TYPE_CHOICES, type AttributeDef } from '../../../../shared/rules/ticketing/conditions';
import { BOARD_COLUMN_LABELS } from '../../../../shared/rules/ticketing/trigger';
import { api, errorMessage } from '../../core/api';
import { presentError } from '../../core/toaster';
import { DateCell, NumberCell, TagsCell, TextCell } from '../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RemoteQuery } from '../../components/data-table/DataTable';
import { SkippedNotice } from '../../components/SkippedNotice';

const PAGE_SIZE = 50;
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
export function formatTracked(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

type Choice = { value: string; name: string };
const nameIn = (choices: readonly Choice[], value: string | null) => (value === null ? null : (choices.find((c) => c.value === value)?.name ?? value));

/** One board column: its header and cell (the server sorts by the column's id). */
function boardColumn(field: string, lists: TicketingLists, attributes: readonly AttributeDef[]): DataTableColumn<Ticket> {
  const title = field.startsWith('attribute:') ? (attributes.find((a) => `attribute:${a.id}` === field)?.name ?? field) : (BOARD_COLUMN_LABELS[field] ?? field);
  const base = { id: field, title, width: field === 'summary' || field === 'description' ? 280 : field === 'id' ? 90 : 150, sortable: true };
  const ref = REF_FIELDS[field];
  if (ref) return { ...base, render: (t) => <TextCell text={ref(t)?.name} /> };
  if (DATE_FIELDS.has(field)) return { ...base, render: (t) => <DateCell value={(t as unknown as Record<string, number | null>)[field]} /> };
  switch (field) {
    case 'id':
      return { ...base, render: (t) => <TextCell text={`#${t.id}`} /> };
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
        return { ...base, sortable: false, render: (t) => <TextCell text={show(t.attributes[field.slice('attribute:'.length)])} /> };
      }
      return { ...base, render: (t) => <TextCell text={String((t as unknown as Record<string, unknown>)[field] ?? '')} /> };
    }
  }
}

export function BoardView({ board, lists, attributes, onBack }: { board: Trigger; lists: TicketingLists; attributes: readonly AttributeDef[]; onBack(): void }) {
  const [skipped, setSkipped] = useState(0);
  const columns = useMemo(() => board.columns.map((field) => boardColumn(field, lists, attributes)), [board.columns, lists, attributes]);
  const remote = useMemo(
    () => ({
      pageSize: PAGE_SIZE,
      fetch: async (query: RemoteQuery) => {
        const sort = query.sortBy[0];
        const page = await api.call('ticketing.boardTickets', { id: board.id, page: query.page, size: PAGE_SIZE, ...(sort ? { sortBy: sort.id, direction: sort.desc ? 'DESC' : 'ASC' } : {}) });
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
  const sort = board.sortBy[0];
  return (
    <section className="board-view" aria-label={`Board ${board.name}`}>
      <div className="board-view-head">
        <Button icon="arrow-left" text="Boards" variant="minimal" onClick={onBack} />
        <h2 className={Classes.HEADING}>{board.name}</h2>
        {sort && (
          <span className={Classes.TEXT_MUTED}>
            Sorted by {BOARD_COLUMN_LABELS[sort.field] ?? sort.field}, {sort.direction === 'ASC' ? 'ascending' : 'descending'}
          </span>
        )}
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
