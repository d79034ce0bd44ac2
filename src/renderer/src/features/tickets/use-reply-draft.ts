/**
 * A reply draft kept on this computer ("every draft (body,
 * uploads, switches) is kept in SQLite as it is typed and restored after a
 * crash, a restart or a failed send; it is deleted only when the server
 * confirms the reply"): read once when the composer opens (`tickets.draft`),
 * saved through `tickets.saveDraft` 300 ms after the last change, at once
 * when the composer closes or the window goes away (beforeunload, pagehide),
 * and even offline (the store is local). The main process deletes a draft
 * when its reply is confirmed; Discard deletes it by hand.
 *
 * The key is a ticket's (ticketDraftKey) or a new ticket form's
 * (newTicketDraftKey): the new-ticket page can use this hook as it is. One
 * key for the hook's life: key the component that uses it by the draft key.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emptyReplyDraft, type ReplyDraft } from '../../../../shared/rules/tickets/reply';
import { errorMessage } from '../../core/api';
import { discardDraft, readDraft, saveDraft } from './client';
import { createDraftSaver, type DraftSaver } from './reply-draft-saver';

export interface ReplyDraftState {
  /** False until the stored draft was read (or could not be). Edits before then would be overwritten. */
  ready: boolean;
  /** What the form starts from: the restored draft, or an empty one. */
  initial: ReplyDraft;
  /** Changes when `initial` is replaced (restored, discarded, sent): a form keyed by it starts over. */
  generation: number;
  /** When the restored draft had been saved (epoch ms), while its notice shows. */
  restoredAt: number | null;
  /** When the draft was last written here (epoch ms); null before, or after a blank draft removed it. */
  savedAt: number | null;
  /** A change is not written yet. */
  pending: boolean;
  /** Reading or writing the draft failed: what the technician should know. */
  error: string | null;
  /** The form's draft changed. */
  change(draft: ReplyDraft): void;
  /** Writes a change not written yet (before a send: the reply and its draft must agree). */
  flush(): Promise<void>;
  /** Throws the draft away (here and in the store) and starts over empty. */
  discard(): Promise<void>;
  /** The instance confirmed the reply and the main process deleted the draft: start over empty, write nothing. */
  sent(): void;
  /** Hides the 'Draft restored' notice (the draft stays). */
  dismissRestored(): void;
  /** The stored draft could not be read: the composer stays closed (a keystroke would write over it) until `retry` reads it. */
  readError: string | null;
  retry(): void;
}

export function useReplyDraft(key: string): ReplyDraftState {
  const [ready, setReady] = useState(false);
  const [initial, setInitial] = useState<ReplyDraft>(emptyReplyDraft);
  const [generation, setGeneration] = useState(0);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const saverRef = useRef<DraftSaver | null>(null);
  const lastChange = useRef<ReplyDraft | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const saver = createDraftSaver({
      write: async (draft) => (await saveDraft({ key, draft })).updatedAt,
      remove: () => discardDraft({ key }),
      onSaved: (at, draft) => {
        if (!live) return;
        setSavedAt(at);
        setError(null);
        if (draft === lastChange.current) setPending(false);
      },
      onError: (failure, draft) => {
        if (!live) return;
        setError(`The draft could not be saved: ${errorMessage(failure)}`);
        if (draft === lastChange.current) setPending(false);
      },
    });
    saverRef.current = saver;
    readDraft({ key }).then(
      (stored) => {
        if (!live) return;
        if (stored) {
          setInitial(stored.draft);
          setRestoredAt(stored.updatedAt);
          setSavedAt(stored.updatedAt);
          // A draft is stored: a change that blanks the form removes it rather than keeping an empty one.
          saver.reset(true);
        }
        setGeneration((g) => g + 1);
        setReady(true);
      },
      (failure: unknown) => {
        if (!live) return;
        setReadError(`The saved draft could not be read: ${errorMessage(failure)} The reply opens once it is read, so nothing is written over it.`);
      },
    );
    // The window going away (closed, reloaded): what was typed in the last 300 ms is written now.
    const flushNow = () => void saver.flush();
    window.addEventListener('beforeunload', flushNow);
    window.addEventListener('pagehide', flushNow);
    return () => {
      live = false;
      window.removeEventListener('beforeunload', flushNow);
      window.removeEventListener('pagehide', flushNow);
      // The composer closing (another ticket, another screen): written at once.
      void saver.flush();
    };
  }, [key, attempt]);

  const retry = useCallback(() => {
    setReadError(null);
    setAttempt((n) => n + 1);
  }, []);

  const change = useCallback((draft: ReplyDraft) => {
    lastChange.current = draft;
    setPending(true);
    saverRef.current?.schedule(draft);
  }, []);

  const flush = useCallback(async () => {
    await saverRef.current?.flush();
  }, []);

  const discard = useCallback(async () => {
    saverRef.current?.reset();
    lastChange.current = null;
    setPending(false);
    try {
      await discardDraft({ key });
      setError(null);
    } catch (failure) {
      setError(`The draft could not be discarded: ${errorMessage(failure)}`);
    }
    setInitial(emptyReplyDraft());
    setRestoredAt(null);
    setSavedAt(null);
    setGeneration((g) => g + 1);
  }, [key]);

  const sent = useCallback(() => {
    saverRef.current?.reset();
    lastChange.current = null;
    setPending(false);
    setInitial(emptyReplyDraft());
    setRestoredAt(null);
    setSavedAt(null);
    setError(null);
    setGeneration((g) => g + 1);
  }, []);

  const dismissRestored = useCallback(() => setRestoredAt(null), []);

  return useMemo(
    () => ({ ready, initial, generation, restoredAt, savedAt, pending, error, change, flush, discard, sent, dismissRestored, readError, retry }),
    [ready, initial, generation, restoredAt, savedAt, pending, error, change, flush, discard, sent, dismissRestored, readError, retry],
  );
}
