/**
 * The New ticket form's draft: the description
 * is kept by the main process in SQLite under `new:<uuid>` (`tickets.saveDraft`)
 * and the form's other fields beside it on this computer, ~400 ms after the
 * technician stops typing and at once when the form closes; it is read back
 * when the form opens again (Resume on the home, or a reload of the same
 * form). Nothing is written before the stored draft was read (that would
 * overwrite it), a form left blank keeps no draft, and once the instance
 * confirmed the ticket the draft is gone and never written again. Drafts
 * save offline too: the store is on this computer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReplyDraft } from '../../../../shared/rules/tickets/reply';
import { presentError } from '../../core/toaster';
import { discardDraft, readDraft, saveDraft } from './client';
import { fieldsStorageKey, isBlankNewTicket, type NewTicketValues } from './new-ticket-form';

/** How long after the last keystroke the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 400;

interface NewTicketDraft {
  /** The stored draft was read: its html (null when there was none), or still reading (undefined). */
  restored: { htmlBody: string } | null | undefined;
  /** When the draft was last saved (epoch ms). */
  savedAt: number | null;
  /** While the ticket is being created (and once it was), the draft is not written: the main process removes it when the instance confirms. */
  hold(held: boolean): void;
  /** The ticket was created: the draft is never written again. */
  markSent(): void;
  /** Throws the draft away (the technician's Discard). */
  discard(): Promise<void>;
}

export function useNewTicketDraft(key: string, values: NewTicketValues, draft: ReplyDraft): NewTicketDraft {
  const [restored, setRestored] = useState<{ htmlBody: string } | null | undefined>(undefined);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const sent = useRef(false);
  /** A draft exists in the store (read back, or saved by this form): a form made blank again removes it. */
  const stored = useRef(false);

  useEffect(() => {
    let live = true;
    readDraft({ key }).then(
      (answer) => {
        if (!live) return;
        stored.current = answer !== null;
        setRestored(answer ? { htmlBody: answer.draft.htmlBody } : null);
        if (answer) setSavedAt(answer.updatedAt);
      },
      (error: unknown) => {
        presentError(error, { key: 'new-ticket-draft' });
        // Unreadable: start blank, but never overwrite what may be there until something is typed.
        if (live) setRestored(null);
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  const write = useCallback(
    (nextValues: NewTicketValues, nextDraft: ReplyDraft) => {
      if (sent.current) return;
      const fieldsKey = fieldsStorageKey(key);
      if (isBlankNewTicket(nextValues, nextDraft)) {
        localStorage.removeItem(fieldsKey);
        if (!stored.current) return;
        stored.current = false;
        discardDraft({ key }).catch((error: unknown) => presentError(error, { key: 'new-ticket-draft' }));
        return;
      }
      localStorage.setItem(fieldsKey, JSON.stringify(nextValues));
      stored.current = true;
      saveDraft({ key, draft: nextDraft }).then(
        (answer) => setSavedAt(answer.updatedAt),
        (error: unknown) => presentError(error, { key: 'new-ticket-draft' }),
      );
    },
    [key],
  );

  // Debounced: the latest values are written once typing pauses; the form closing writes them at once.
  // What the form opened with (read back, or blank) is not written again, nor what was written last.
  const saved = useRef<string | null>(null);
  useEffect(() => {
    if (restored === undefined || sent.current) return;
    const signature = JSON.stringify([values, draft]);
    if (saved.current === null) saved.current = signature;
    if (saved.current === signature) {
      pending.current = null;
      return;
    }
    const save = () => {
      pending.current = null;
      saved.current = signature;
      write(values, draft);
    };
    pending.current = save;
    const timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, draft, restored, write]);
  useEffect(
    () => () => {
      pending.current?.();
    },
    [],
  );

  const hold = useCallback((held: boolean) => {
    sent.current = held;
  }, []);

  const markSent = useCallback(() => {
    sent.current = true;
    pending.current = null;
    localStorage.removeItem(fieldsStorageKey(key));
  }, [key]);

  const discard = useCallback(async () => {
    markSent();
    await discardDraft({ key });
  }, [key, markSent]);

  return { restored, savedAt, hold, markSent, discard };
}
