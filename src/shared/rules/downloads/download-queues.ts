/**
 * A queue is the downloads started together (one Download button). Its
 * actions (a notification, opening the folder, letting the computer sleep
 * again) wait until every one of them has finished: completed, failed or
 * canceled; a queued, running or paused one keeps the queue open.
 */
import { z } from 'zod';
import { DEFAULT_COMPLETION_ACTIONS, type CompletionActions, type DownloadState } from '../../model/downloads';

/** The actions as a start asks for them: all three said (strict). */
export const completionActionsInput = z.strictObject({ notify: z.boolean(), openFolder: z.boolean(), keepAwake: z.boolean() });

const completionActionsSaved = z.object({
  notify: z.boolean().catch(DEFAULT_COMPLETION_ACTIONS.notify),
  openFolder: z.boolean().catch(DEFAULT_COMPLETION_ACTIONS.openFolder),
  keepAwake: z.boolean().catch(DEFAULT_COMPLETION_ACTIONS.keepAwake),
});

/** Actions saved earlier (in SQLite, on this computer), as JSON text: each one that cannot be read is its default. */
export function readCompletionActions(text: string | null): CompletionActions {
  if (text === null) return { ...DEFAULT_COMPLETION_ACTIONS };
  try {
    const parsed = completionActionsSaved.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { ...DEFAULT_COMPLETION_ACTIONS };
  } catch {
    return { ...DEFAULT_COMPLETION_ACTIONS };
  }
}

/** A download in one of these states has finished (it moves on only when the technician retries it). */
export const FINISHED_STATES: readonly DownloadState[] = ['completed', 'failed', 'canceled'];

export interface QueueOutcome {
  /** Every download of the queue has finished (and there is at least one). */
  finished: boolean;
  total: number;
  completed: number;
  failed: number;
  canceled: number;
}

/** Where a queue stands, from the states of its downloads. */
export function queueOutcome(items: ReadonlyArray<{ state: DownloadState }>): QueueOutcome {
  const count = (state: DownloadState) => items.filter((item) => item.state === state).length;
  return {
    finished: items.length > 0 && items.every((item) => FINISHED_STATES.includes(item.state)),
    total: items.length,
    completed: count('completed'),
    failed: count('failed'),
    canceled: count('canceled'),
  };
}

const downloads = (n: number) => (n === 1 ? '1 download' : `${n} downloads`);

/**
 * The one notification of a finished queue: "12 downloads finished in
 * D:\Restore", or with what did not ("10 of 12 downloads finished in
 * D:\Restore: 1 failed, 1 canceled").
 */
export function queueNotification(outcome: QueueOutcome, folder: string): { title: string; body: string } {
  const problems = [outcome.failed > 0 && `${outcome.failed} failed`, outcome.canceled > 0 && `${outcome.canceled} canceled`].filter(Boolean).join(', ');
  if (!problems) return { title: 'Downloads complete', body: `${downloads(outcome.total)} finished in ${folder}` };
  if (outcome.completed === 0) return { title: outcome.failed > 0 ? 'Downloads failed' : 'Downloads canceled', body: `None of ${downloads(outcome.total)} finished in ${folder}: ${problems}` };
  return { title: 'Downloads finished with problems', body: `${outcome.completed} of ${downloads(outcome.total)} finished in ${folder}: ${problems}` };
}
