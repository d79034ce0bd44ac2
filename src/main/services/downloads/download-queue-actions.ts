/**
 * What runs when every download of a queue has finished, as the technician
 * chose when starting them: one notification for the queue, and opening the
 * folder it downloaded to. (Keeping the computer awake is the downloads
 * summary's `keepAwake`, true while a queue that asked for it still runs.)
 */
import { lstat } from 'node:fs/promises';
import { queueNotification, queueOutcome } from '../../../shared/rules/downloads/download-queues';
import type { FinishedQueue } from './download-options';

export interface QueueActionHooks {
  /** A system notification (Electron); absent in browser mode. */
  notify?: (title: string, body: string) => void;
  /** Opens a folder in the system's file manager (Electron shell.openPath); absent in browser mode. */
  openFolder?: (folder: string) => Promise<void>;
  log?: (what: string, error: unknown) => void;
}

/** Runs them; the answer settles once the folder was opened (or could not be), and never rejects. */
export async function runQueueActions(hooks: QueueActionHooks, queue: FinishedQueue): Promise<void> {
  if (queue.onComplete.notify && hooks.notify) {
    const { title, body } = queueNotification(queueOutcome(queue.items), queue.folder);
    hooks.notify(title, body);
  }
  // Only a folder something was saved to is opened (the folder is the manager's own record, never the renderer's).
  // It is opened only while it is a folder: a file put in its place meanwhile is never launched.
  if (queue.onComplete.openFolder && hooks.openFolder && queue.items.some((item) => item.state === 'completed')) {
    try {
      if (!(await lstat(queue.folder)).isDirectory()) throw new Error(`${queue.folder} is no longer a folder`);
      await hooks.openFolder(queue.folder);
    } catch (error) {
      hooks.log?.('The download folder could not be opened', error);
    }
  }
}
