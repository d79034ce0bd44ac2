/**
 * The ticket workspace at /ticketing: the left
 * list (boards, favorites, recent tabs) beside the pane the route names: the
 * home, a board's tickets, a ticket's page or New ticket. Opening a board or
 * a ticket puts it first in the recent tabs (§9.4: at most 10). While the
 * instance cannot be reached, boards and pages already opened read from this
 * computer's cache with their age, and New ticket is disabled with the reason.
 */
import './workspace.css';
import { Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TicketDetail } from '../../../../shared/model/tickets';
import type { Ticket, TicketingLists } from '../../../../shared/model/ticketing';
import { useQuery } from '../../core/data/use-query';
import { navigate } from '../../core/router';
import { presentError } from '../../core/toaster';
import { useOffline } from '../../core/use-connectivity';
import { StateMessage } from '../../components/StateMessage';
import { NewTicketPage } from './NewTicketPage';
import { TicketPage } from './TicketPage';
import { useWorkspaceTabs } from './use-workspace-tabs';
import { WorkspaceBoard } from './WorkspaceBoard';
import { WorkspaceHome } from './WorkspaceHome';
import { WorkspaceNav } from './WorkspaceNav';
import { boardTitle, knownTitle, newTicketRoute, ticketRoute, ticketTitle, WORKSPACE_MESSAGES, workspacePane } from './workspace-routes';

/** How often the cached-age labels are brought up to date. */
const AGE_TICK_MS = 30_000;

/** Names shown raw until the instance's lists arrive (or when they cannot be read offline). */
const NO_LISTS: TicketingLists = { forms: [], statuses: [], priorities: [], severities: [] };

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function WorkspaceScreen({ route }: { route: string }) {
  const pane = workspacePane(route);
  const offline = useOffline();
  const now = useNow();
  const tabs = useWorkspaceTabs();
  const boards = useQuery('tickets.boards', {}, (error) => presentError(error, { key: 'workspace-boards' }));
  // The lists name statuses, priorities, severities and forms; the attributes name custom columns.
  const lists = useQuery('ticketing.lists', {});
  const attributes = useQuery('ticketing.attributes', pane?.kind === 'board' ? {} : null);
  /** Titles of the tickets the boards showed: a ticket opened from a board goes into the recent tabs by its name. */
  const titles = useRef(new Map<number, string>());
  const remember = useCallback((tickets: readonly Pick<Ticket, 'id' | 'summary'>[]) => {
    for (const ticket of tickets) titles.current.set(ticket.id, ticketTitle(ticket));
  }, []);

  // Opening a board or a ticket: first in the recent tabs. A ticket waits for the tabs (their title for it beats '#id').
  const board = pane?.kind === 'board' ? boards.data?.items.find((b) => b.id === pane.id) : undefined;
  const tabsRead = tabs.tabs !== null;
  const opened = pane?.kind === 'board' ? (board ? `board:${board.id}:${board.name}` : null) : pane?.kind === 'ticket' && tabsRead ? `ticket:${pane.id}` : null;
  const tabsRef = useRef(tabs);
  useEffect(() => {
    tabsRef.current = tabs;
  });
  useEffect(() => {
    if (opened === null) return;
    const [kind, id, ...name] = opened.split(':');
    const numeric = Number(id);
    if (kind === 'board') tabsRef.current.open({ kind: 'board', id: numeric, title: boardTitle(name.join(':')) });
    else tabsRef.current.open({ kind: 'ticket', id: numeric, title: titles.current.get(numeric) ?? knownTitle(tabsRef.current.tabs, 'ticket', numeric) ?? `#${numeric}` });
  }, [opened]);

  // A new form gets its draft's own address at once (replacing /ticketing/new in the history), so a reload or a crash comes back to it.
  const freshForm = pane?.kind === 'new' && pane.draft === null;
  useEffect(() => {
    if (freshForm) window.location.replace(`#${newTicketRoute(crypto.randomUUID())}`);
  }, [freshForm, route]);

  const openTicket = useCallback(
    (ticket: Pick<Ticket, 'id' | 'summary'>) => {
      remember([ticket]);
      navigate(ticketRoute(ticket.id));
    },
    [remember],
  );
  const created = useCallback((ticket: TicketDetail) => openTicket(ticket), [openTicket]);
  // A ticket opened by its address is in the recent tabs as '#id' until read: then by its name.
  const ticketLoaded = useCallback((ticket: Pick<Ticket, 'id' | 'summary'>) => {
    const title = ticketTitle(ticket);
    if (knownTitle(tabsRef.current.tabs, 'ticket', ticket.id) === title) return;
    titles.current.set(ticket.id, title);
    tabsRef.current.open({ kind: 'ticket', id: ticket.id, title });
  }, []);

  let main;
  if (pane === null) {
    main = <StateMessage level={1} icon="search" title="Nothing here" description="This address names no board or ticket." />;
  } else if (pane.kind === 'home') {
    main = <WorkspaceHome offline={offline} />;
  } else if (pane.kind === 'board') {
    main = board ? (
      lists.data || lists.error ? (
        <WorkspaceBoard key={board.id} board={board} lists={lists.data ?? NO_LISTS} attributes={attributes.data ?? []} tabs={tabs} now={now} onOpenTicket={openTicket} onTicketsShown={remember} />
      ) : (
        <StateMessage level={1} icon={<Spinner />} title="Loading..." />
      )
    ) : boards.data ? (
      <StateMessage level={1} icon="search" title={WORKSPACE_MESSAGES.boardMissing} />
    ) : boards.error ? (
      <StateMessage level={1} icon="error" title={WORKSPACE_MESSAGES.boardsFailed} description={boards.error.message} />
    ) : (
      <StateMessage level={1} icon={<Spinner />} title="Loading..." />
    );
  } else if (pane.kind === 'ticket') {
    main = <TicketPage key={pane.id} ticketId={pane.id} onLoaded={ticketLoaded} />;
  } else {
    main = pane.draft ? <NewTicketPage key={pane.draft} draftUuid={pane.draft} lists={lists.data} offline={offline} onCreated={created} /> : null;
  }

  return (
    <div className="workspace">
      <WorkspaceNav pane={pane} boards={boards.data} boardsError={boards.error?.message ?? null} tabs={tabs} offline={offline} now={now} />
      <div className="workspace-pane">{main}</div>
    </div>
  );
}
