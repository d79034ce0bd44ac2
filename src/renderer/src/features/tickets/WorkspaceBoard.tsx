/**
 * A board in the ticket workspace: its tickets in the
 * shared DataTable, read from the server 50 a page in the board's columns
 * (the admin board view's column code) and sorted by the board's sort until
 * the technician sorts a column; the search narrows them (by id or subject,
 * on the server); the table settings block is the DataTable's own. A ticket
 * opens on its id or subject link, a double click or Enter. A page read from
 * this computer's cache says how old it is.
 */
import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { Ticket, TicketingLists, Trigger } from '../../../../shared/model/ticketing';
import type { AttributeDef } from '../../../../shared/rules/ticketing/conditions';
import { agreementColumnAllowed } from '../../../../shared/rules/ticketing/trigger';
import { errorMessage } from '../../core/api';
import { userAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { DataTable, type RemoteQuery } from '../../components/data-table/DataTable';
import { directionOf } from '../../components/data-table/table-rules';
import { SkippedNotice } from '../../components/SkippedNotice';
import { BOARD_PAGE_SIZE, boardColumns, boardSortText } from '../ticketing';
import { readBoardTickets } from './client';
import { boardTitle, cachedAgeText, isFavorite, ticketRoute } from './workspace-routes';
import type { WorkspaceTabsApi } from './use-workspace-tabs';

interface WorkspaceBoardProps {
  board: Trigger;
  lists: TicketingLists;
  attributes: readonly AttributeDef[];
  tabs: WorkspaceTabsApi;
  now: number;
  /** A ticket of the board is opened (Enter, a double click). */
  onOpenTicket(ticket: Ticket): void;
  /** The tickets of the page shown, so a link that opens one knows its title (a stable function). */
  onTicketsShown(tickets: readonly Ticket[]): void;
}

export function WorkspaceBoard({ board, lists, attributes, tabs, now, onOpenTicket, onTicketsShown }: WorkspaceBoardProps) {
  const user = useAtomValue(userAtom);
  const [skipped, setSkipped] = useState(0);
  const [cachedAt, setCachedAt] = useState<number | null>(null);
  // §6: the agreement column only with the PSA setting and the PSA administrative permission.
  const psaAgreements = agreementColumnAllowed(user);
  const fields = useMemo(() => board.columns.filter((field) => field !== 'agreement' || psaAgreements), [board.columns, psaAgreements]);
  const columns = useMemo(() => boardColumns(fields, lists, attributes, { ticketHref: (ticket) => `#${ticketRoute(ticket.id)}` }), [fields, lists, attributes]);
  const remote = useMemo(
    () => ({
      pageSize: BOARD_PAGE_SIZE,
      fetch: async (query: RemoteQuery) => {
        const sort = query.sortBy[0];
        const page = await readBoardTickets({
          id: board.id,
          page: query.page,
          size: BOARD_PAGE_SIZE,
          ...(sort ? { sortBy: sort.id, direction: directionOf(sort) } : {}),
          ...(query.search ? { search: query.search } : {}),
        });
        setSkipped(page.skipped);
        setCachedAt(page.cachedAt);
        onTicketsShown(page.results);
        return { data: page.results, pageCount: page.totalPages, totalCount: page.totalElements };
      },
      errorMessage: (error: unknown) => {
        presentError(error, { key: 'workspace-board-tickets' });
        return errorMessage(error);
      },
    }),
    [board.id, onTicketsShown],
  );
  const favorite = isFavorite(tabs.tabs, 'board', board.id);
  const tab = { kind: 'board', id: board.id, title: boardTitle(board.name) } as const;
  const sorted = boardSortText(board);
  return (
    <section className="workspace-board" aria-labelledby="workspace-board-title">
      <div className="workspace-pane-head">
        <h1 id="workspace-board-title" className={`${Classes.HEADING} page-title`}>
          {board.name}
        </h1>
        <Button
          variant="minimal"
          icon={favorite ? 'star' : 'star-empty'}
          intent={favorite ? Intent.WARNING : Intent.NONE}
          aria-label={favorite ? 'Remove this board from favorites' : 'Add this board to favorites'}
          aria-pressed={favorite}
          onClick={() => tabs.setFavorite(tab, !favorite)}
        />
        {cachedAt !== null && (
          <Tag minimal icon="offline" intent={Intent.WARNING} data-testid="workspace-cached-age">
            {cachedAgeText(cachedAt, now)}
          </Tag>
        )}
        {sorted && <span className={Classes.TEXT_MUTED}>{sorted}</span>}
      </div>
      {board.description && <p className={Classes.TEXT_MUTED}>{board.description}</p>}
      <SkippedNotice count={skipped} noun={{ one: 'ticket', many: 'tickets' }} />
      <DataTable<Ticket>
        // The workspace's own table id per board: its widths, columns shown and sort are the technician's, apart from the admin view's.
        id={`workspace-board-${board.id}`}
        label={`Tickets of ${board.name}`}
        className="workspace-table"
        columns={columns}
        rowId={(t) => String(t.id)}
        rowLabel={(t) => `#${t.id} ${t.summary}`}
        remote={remote}
        searchPlaceholder="Search by id or subject..."
        searchLabel={`Search the tickets of ${board.name}`}
        onRowAction={onOpenTicket}
        noun="ticket"
        errorTitle="The board's tickets could not be loaded"
        emptyTitle="No tickets on this board"
      />
    </section>
  );
}
