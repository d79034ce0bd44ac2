/**
 * A ticket's page at /ticketing/ticket/:id: the header
 * with its fields edited in place, the conversation, and the reply composer
 * under it. The ticket and its conversation come from `tickets.view` (from
 * this computer's cache when the instance cannot be reached: `cachedAt`, its
 * age said, the fields read-only). A header change is shown at once, saved
 * (one at a time, in order), and the instance's answer replaces the ticket;
 * a failure puts the field back and says why. While an attachment is
 * PROCESSING the page asks for its status every few seconds (§4.4: a
 * placeholder until updated).
 */
import './ticket-page.css';
import { Button, Classes, Spinner, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TicketFieldUpdate } from '../../../../shared/contract/tickets';
import type { TicketingLists } from '../../../../shared/model/ticketing';
import type { ConversationEntry, TicketDetail, TicketView } from '../../../../shared/model/tickets';
import { agreementColumnAllowed } from '../../../../shared/rules/ticketing/trigger';
import { api, ApiError, errorMessage } from '../../core/api';
import { useQuery } from '../../core/data/use-query';
import { userAtom } from '../../core/session';
import { presentError } from '../../core/toaster';
import { useOffline } from '../../core/use-connectivity';
import { StateMessage } from '../../components/StateMessage';
import { readTicket, readUploadStatuses, updateTicket } from './client';
import { Conversation } from './Conversation';
import { ReplyComposer } from './ReplyComposer';
import { TicketHeader } from './TicketHeader';
import { cachedAgeText } from './workspace-routes';
import { processingAttachmentIds, PROCESSING_POLL_MS, readOnlyReason, shownTicket, updateFailedText, withUploadStatuses, type ChosenName, type PendingUpdate } from './ticket-page-rules';

type Loaded = { id: number; view: TicketView } | { id: number; error: ApiError } | null;

/** The ticketing lists (statuses, forms…) last read this session: a page read from the cache offline still names its values. */
let listsReadEarlier: TicketingLists | null = null;

const asApiError = (error: unknown) => (error instanceof ApiError ? error : new ApiError('INTERNAL', 'Something went wrong in the console. Please try again.'));

/** `onLoaded`: the ticket as read (the workspace names its recent tab after it). */
export function TicketPage({ ticketId, onLoaded }: { ticketId: number; onLoaded?: (ticket: TicketView['ticket']) => void }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });
  const [generation, setGeneration] = useState(0);
  /** Header updates on their way, shown on top of the instance's ticket. */
  const [pending, setPending] = useState<PendingUpdate[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const offline = useOffline();
  const user = useAtomValue(userAtom);
  // Offline the banner says it already; the page keeps the lists it read earlier this session.
  const lists = useQuery('ticketing.lists', {}, (error) => error.code !== 'OFFLINE' && presentError(error, { key: 'ticketing-lists' }));
  useEffect(() => {
    if (lists.data) listsReadEarlier = lists.data;
  }, [lists.data]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    readTicket({ id: ticketId }).then(
      (view) => {
        if (!live) return;
        setLoaded({ id: ticketId, view });
        setNow(Date.now());
        onLoadedRef.current?.(view.ticket);
      },
      (error: unknown) => {
        if (!live) return;
        // A failed refresh keeps the page shown; only a first load shows the error.
        setLoaded((previous) => (previous && previous.id === ticketId && 'view' in previous ? previous : { id: ticketId, error: asApiError(error) }));
        if (generation > 0) presentError(error, { key: 'ticket-view' });
      },
    );
    return () => {
      live = false;
    };
  }, [ticketId, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const view = loaded && loaded.id === ticketId && 'view' in loaded ? loaded.view : null;
  const setView = useCallback((change: (view: TicketView) => TicketView) => setLoaded((previous) => (previous && 'view' in previous ? { id: previous.id, view: change(previous.view) } : previous)), []);
  const cachedAt = view?.cachedAt ?? null;
  const readOnly = readOnlyReason({ offline, cachedAt, now });

  // Back online after a page read from the cache: read it from the instance again. The cache's age keeps counting meanwhile.
  const fromCache = cachedAt !== null;
  useEffect(() => {
    if (!fromCache) return;
    const unsubscribe = api.on('connectivity.changed', (state) => {
      if (state.online) reload();
    });
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [fromCache, reload]);

  // §4.4: attachments still PROCESSING are asked about until they are not.
  const processing = useMemo(() => processingAttachmentIds(view?.conversation ?? []), [view?.conversation]);
  const processingKey = processing.join(',');
  useEffect(() => {
    if (!processingKey || offline || cachedAt !== null) return;
    let live = true;
    const timer = setInterval(() => {
      readUploadStatuses({ ids: processingKey.split(',') }).then(
        (statuses) => live && setView((v) => ({ ...v, conversation: withUploadStatuses(v.conversation, statuses) })),
        () => undefined, // The next round asks again; a placeholder meanwhile is what §4.4 shows.
      );
    }, PROCESSING_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [processingKey, offline, cachedAt, setView]);

  const change = useCallback(
    (update: TicketFieldUpdate, chosen?: ChosenName | null) => {
      const one: PendingUpdate = { update, chosen };
      setPending((list) => [...list, one]);
      // One at a time, in the order made: the instance sees the technician's last choice last.
      queue.current = queue.current.then(async () => {
        try {
          const saved = await updateTicket({ id: ticketId, update });
          setView((v) => ({ ...v, ticket: saved }));
        } catch (error) {
          // Which field, and that it is back as saved: the bare reason alone does not say what was lost.
          presentError(error, { message: updateFailedText(update.field, errorMessage(error)), key: 'ticket-update' });
        } finally {
          setPending((list) => list.filter((other) => other !== one));
        }
      });
      // Every change adds a log entry to the conversation: read it once the last change is saved.
      const settled = queue.current;
      void settled.then(() => {
        if (queue.current === settled) reload();
      });
    },
    [ticketId, setView, reload],
  );

  const sent = useCallback(
    (result: { entry: ConversationEntry; ticket: TicketDetail }) =>
      setView((v) => ({ ...v, ticket: result.ticket, conversation: v.conversation.some((e) => e.id === result.entry.id) ? v.conversation : [...v.conversation, result.entry] })),
    [setView],
  );

  const ticket = useMemo(() => (view ? shownTicket(view.ticket, pending) : null), [view, pending]);

  if (!view || !ticket) {
    const error = loaded && loaded.id === ticketId && 'error' in loaded ? loaded.error : null;
    if (!error) return <StateMessage icon={<Spinner />} title="Loading the ticket..." />;
    return (
      <StateMessage
        icon={error.code === 'NOT_FOUND' ? 'search' : 'error'}
        title={error.code === 'NOT_FOUND' ? 'Ticket not found' : 'The ticket could not be loaded'}
        description={error.message}
        action={<Button icon="refresh" text="Try again" onClick={reload} />}
      />
    );
  }

  return (
    <div className="ticket-page" data-testid="ticket-page" data-ticket-id={ticket.id}>
      {cachedAt !== null && (
        <Tag minimal icon="offline" className="ticket-cached" data-testid="ticket-cached-age">
          {cachedAgeText(cachedAt, now)}
        </Tag>
      )}
      <TicketHeader ticket={ticket} lists={lists.data ?? listsReadEarlier} readOnly={readOnly} showAgreement={agreementColumnAllowed(user)} onChange={change} />
      <h2 className={`${Classes.HEADING} ticket-section-title`}>Conversation</h2>
      <Conversation ticketId={ticket.id} entries={view.conversation} skipped={view.skipped} />
      <ReplyComposer ticket={ticket} onSent={sent} />
    </div>
  );
}
