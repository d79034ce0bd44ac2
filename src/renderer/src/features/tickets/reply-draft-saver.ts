/**
 * Saving a reply draft as it is typed (every draft is kept
 * in SQLite as it is typed), without React: the latest draft is written
 * DRAFT_SAVE_DELAY_MS after the last change, one write at a time and always
 * the newest; `flush` writes at once (the composer closing, the window going
 * away, a send about to start). A blank draft removes what was stored rather
 * than keeping an empty one to be "restored" later.
 */
import type { ReplyDraft } from '../../../../shared/rules/tickets/reply';
import { isBlankDraft } from './reply-content';

/** Quiet time before a draft is written: short enough that a crash loses at most the last keystrokes. */
export const DRAFT_SAVE_DELAY_MS = 300;

interface DraftSaverOptions {
  /** Stores the draft; answers when it was saved (epoch ms). */
  write(draft: ReplyDraft): Promise<number>;
  /** Removes the stored draft (a blank one is not kept). */
  remove(): Promise<unknown>;
  /** `draft` was written (at: when; null: a blank draft removed what was stored). */
  onSaved(at: number | null, draft: ReplyDraft): void;
  onError(error: unknown, draft: ReplyDraft): void;
  /** Whether a draft may be stored already (one was restored): a blank one then removes it. */
  stored?: boolean;
  delayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface DraftSaver {
  /** The draft changed: written after the quiet time. */
  schedule(draft: ReplyDraft): void;
  /** Writes a scheduled draft now; resolves once every write so far has ended. */
  flush(): Promise<void>;
  /** Nothing to write any more: the stored draft is gone (sent, discarded), or `stored` one was just read back (restored). */
  reset(stored?: boolean): void;
}

export function createDraftSaver(options: DraftSaverOptions): DraftSaver {
  const delay = options.delayMs ?? DRAFT_SAVE_DELAY_MS;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let pending: ReplyDraft | null = null;
  let timer: unknown = null;
  let stored = options.stored ?? false;
  /** The writes, one after another. */
  let chain: Promise<void> = Promise.resolve();
  /** Bumped by reset: a write queued before it must not store the draft again. */
  let epoch = 0;

  const stopTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const writeNow = (): Promise<void> => {
    stopTimer();
    const draft = pending;
    pending = null;
    if (!draft) return chain;
    const mine = epoch;
    chain = chain.then(async () => {
      if (mine !== epoch) return;
      try {
        if (isBlankDraft(draft)) {
          if (stored) await options.remove();
          stored = false;
          if (mine === epoch) options.onSaved(null, draft);
          return;
        }
        const at = await options.write(draft);
        stored = true;
        if (mine === epoch) options.onSaved(at, draft);
      } catch (error) {
        if (mine === epoch) options.onError(error, draft);
      }
    });
    return chain;
  };

  return {
    schedule(draft) {
      pending = draft;
      stopTimer();
      timer = setTimer(() => {
        timer = null;
        void writeNow();
      }, delay);
    },
    flush: writeNow,
    reset(restored = false) {
      stopTimer();
      pending = null;
      stored = restored;
      epoch++;
    },
  };
}
