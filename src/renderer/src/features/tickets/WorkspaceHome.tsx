/**
 * The ticketing home's main pane before a board is picked: what the left list holds, and the new tickets the technician started
 * and never sent (their drafts `new:<uuid>`), offered again with Resume or
 * Discard, so a form closed by a crash or by leaving is never lost.
 */
import { AnchorButton, Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { presentError } from '../../core/toaster';
import { formatDate } from '../../components/format';
import { discardDraft, readDrafts } from './client';
import { fieldsStorageKey, readStoredFields, unsentTitle } from './new-ticket-form';
import { newTicketRoute, unsentNewTickets, WORKSPACE_MESSAGES } from './workspace-routes';

interface Unsent {
  key: string;
  uuid: string;
  updatedAt: number;
  title: string;
}

function useUnsentNewTickets(): { items: Unsent[]; discard(item: Unsent): void } {
  const [items, setItems] = useState<Unsent[]>([]);
  useEffect(() => {
    let live = true;
    readDrafts().then(
      (drafts) => {
        if (!live) return;
        setItems(unsentNewTickets(drafts).map((draft) => ({ ...draft, title: unsentTitle(readStoredFields(localStorage.getItem(fieldsStorageKey(draft.key)))) })));
      },
      (error: unknown) => presentError(error, { key: 'workspace-drafts' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const discard = useCallback((item: Unsent) => {
    discardDraft({ key: item.key }).then(
      () => {
        localStorage.removeItem(fieldsStorageKey(item.key));
        setItems((current) => current.filter((other) => other.key !== item.key));
      },
      (error: unknown) => presentError(error, { key: 'workspace-drafts' }),
    );
  }, []);
  return { items, discard };
}

export function WorkspaceHome({ offline }: { offline: boolean }) {
  const unsent = useUnsentNewTickets();
  return (
    <section className="workspace-home" aria-labelledby="workspace-home-title">
      <h1 id="workspace-home-title" className={`${Classes.HEADING} page-title`}>
        Tickets
      </h1>
      {offline && (
        <Callout intent={Intent.WARNING} icon="offline" className="gap" data-testid="workspace-offline">
          Boards and tickets opened before still show, from this computer&apos;s cache. {WORKSPACE_MESSAGES.newTicketOffline}
        </Callout>
      )}
      <p className={Classes.TEXT_MUTED}>Open a board on the left to see its tickets, or start a new ticket. Star a board or ticket to keep it among your favorites.</p>
      {unsent.items.length > 0 && (
        <section aria-labelledby="workspace-unsent-title" className="workspace-unsent">
          <h2 id="workspace-unsent-title" className={`${Classes.HEADING} workspace-section-title`}>
            New tickets not sent yet
          </h2>
          <ul className="workspace-unsent-list" data-testid="workspace-unsent">
            {unsent.items.map((item) => (
              <li key={item.key} className="workspace-unsent-item">
                <span className="workspace-unsent-name">{item.title}</span>
                <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>Saved {formatDate(new Date(item.updatedAt).toISOString())}</span>
                <AnchorButton href={`#${newTicketRoute(item.uuid)}`} icon="edit" text="Resume" size="small" aria-label={`Resume ${item.title}`} />
                <Button icon="trash" text="Discard" size="small" variant="minimal" aria-label={`Discard ${item.title}`} onClick={() => unsent.discard(item)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
