/**
 * A reply draft is written as it is typed: 300 ms after
 * the last change, always the newest, one write at a time, at once on flush,
 * never again after its reply was sent, and a blank draft removes the one
 * stored rather than keeping an empty draft to restore.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftSaver, DRAFT_SAVE_DELAY_MS } from '../../src/renderer/src/features/tickets/reply-draft-saver';
import { emptyReplyDraft, type ReplyDraft } from '../../src/shared/rules/tickets/reply';

const typed = (text: string): ReplyDraft => ({ ...emptyReplyDraft(), body: text, htmlBody: `<p>${text}</p>` });

function harness(options: { stored?: boolean; failWrites?: boolean } = {}) {
  const writes: string[] = [];
  const events: string[] = [];
  let removals = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const saver = createDraftSaver({
    stored: options.stored,
    write: async (draft) => {
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (options.failWrites) throw new Error('disk full');
      writes.push(draft.body);
      return 1000 + writes.length;
    },
    remove: async () => {
      removals += 1;
    },
    onSaved: (at, draft) => events.push(`saved ${String(at)} ${draft.body}`),
    onError: (error, draft) => events.push(`error ${(error as Error).message} ${draft.body}`),
  });
  return {
    saver,
    writes,
    events,
    removals: () => removals,
    holdWrites: () => (hold = true),
    releaseWrite: () => {
      hold = false;
      release?.();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the draft saver', () => {
  it('writes the newest draft once, 300 ms after the last change', async () => {
    const h = harness();
    h.saver.schedule(typed('H'));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 50);
    h.saver.schedule(typed('He'));
    h.saver.schedule(typed('Hello'));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS - 1);
    expect(h.writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.writes).toEqual(['Hello']);
    expect(h.events).toEqual(['saved 1001 Hello']);
  });

  it('writes at once on flush (the composer closing, the window going away, a send)', async () => {
    const h = harness();
    h.saver.schedule(typed('Quick'));
    await h.saver.flush();
    expect(h.writes).toEqual(['Quick']);
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    expect(h.writes).toEqual(['Quick']);
  });

  it('writes one draft at a time, in order: a slow write is never overtaken by an older draft', async () => {
    const h = harness();
    h.holdWrites();
    h.saver.schedule(typed('one'));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    h.saver.schedule(typed('two'));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(h.writes).toEqual([]);
    h.releaseWrite();
    await h.saver.flush();
    expect(h.writes).toEqual(['one', 'two']);
  });

  it('never writes the draft again once its reply was sent (the main process deleted it)', async () => {
    const h = harness();
    h.saver.schedule(typed('sent text'));
    h.saver.reset();
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2);
    await h.saver.flush();
    expect(h.writes).toEqual([]);
  });

  it('removes a stored draft the technician blanked, and does nothing for a blank one never stored', async () => {
    const fresh = harness();
    fresh.saver.schedule(emptyReplyDraft());
    await fresh.saver.flush();
    expect(fresh.removals()).toBe(0);
    expect(fresh.writes).toEqual([]);

    const restored = harness({ stored: true });
    restored.saver.schedule(emptyReplyDraft());
    await restored.saver.flush();
    expect(restored.removals()).toBe(1);
    expect(restored.events).toEqual(['saved null ']);
  });

  it('reports a write that failed, and keeps saving the next changes', async () => {
    const h = harness({ failWrites: true });
    h.saver.schedule(typed('lost?'));
    await h.saver.flush();
    expect(h.events).toEqual(['error disk full lost?']);
  });
});
