/**
 * When a queue of downloads (those started together) has finished, and the
 * one notification it gives: completed, failed and canceled downloads count
 * as finished; a queued, running or paused one keeps the queue open.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { DownloadItem, DownloadState } from '../../src/shared/model/downloads';
import { completionActionsInput, queueNotification, queueOutcome, readCompletionActions } from '../../src/shared/rules/downloads/download-queues';
import { runQueueActions } from '../../src/main/services/downloads/download-queue-actions';

const states = (...list: DownloadState[]) => list.map((state) => ({ state }));

describe('queueOutcome', () => {
  it('is finished only when every download has completed, failed or been canceled', () => {
    expect(queueOutcome(states('completed', 'failed', 'canceled'))).toEqual({ finished: true, total: 3, completed: 1, failed: 1, canceled: 1 });
    for (const open of ['queued', 'downloading', 'paused'] as const) expect(queueOutcome(states('completed', open)).finished).toBe(false);
    expect(queueOutcome([]).finished).toBe(false);
  });
});

describe('queueNotification', () => {
  it('counts the downloads and names the folder', () => {
    expect(queueNotification(queueOutcome(states(...Array<DownloadState>(12).fill('completed'))), 'D:\\Restore')).toEqual({ title: 'Downloads complete', body: '12 downloads finished in D:\\Restore' });
    expect(queueNotification(queueOutcome(states('completed')), '/home/me')).toEqual({ title: 'Downloads complete', body: '1 download finished in /home/me' });
  });

  it('says how many failed or were canceled', () => {
    expect(queueNotification(queueOutcome(states('completed', 'completed', 'failed', 'canceled')), 'D:\\Restore')).toEqual({
      title: 'Downloads finished with problems',
      body: '2 of 4 downloads finished in D:\\Restore: 1 failed, 1 canceled',
    });
    expect(queueNotification(queueOutcome(states('failed', 'failed')), 'D:\\Restore')).toEqual({ title: 'Downloads failed', body: 'None of 2 downloads finished in D:\\Restore: 2 failed' });
  });
});

describe('runQueueActions', () => {
  const item = (state: DownloadState) => ({ state }) as DownloadItem;
  const queue = (onComplete: { notify: boolean; openFolder: boolean; keepAwake: boolean }, items = [item('completed'), item('completed')]) => ({ queueId: 'q', folder: '/data/restore', onComplete, items });

  it('notifies and opens the folder as chosen', async () => {
    const notify = vi.fn();
    const openFolder = vi.fn(() => Promise.resolve());
    const folder = mkdtempSync(join(tmpdir(), 'queue-actions-'));
    await runQueueActions({ notify, openFolder }, { ...queue({ notify: true, openFolder: true, keepAwake: true }), folder });
    expect(notify).toHaveBeenCalledExactlyOnceWith('Downloads complete', `2 downloads finished in ${folder}`);
    expect(openFolder).toHaveBeenCalledExactlyOnceWith(folder);
  });

  it('never opens what is no longer a folder (a file put in its place is not launched)', async () => {
    const openFolder = vi.fn(() => Promise.resolve());
    const log = vi.fn();
    const file = join(mkdtempSync(join(tmpdir(), 'queue-actions-')), 'restore');
    writeFileSync(file, 'not a folder');
    await runQueueActions({ openFolder, log }, { ...queue({ notify: false, openFolder: true, keepAwake: false }), folder: file });
    expect(openFolder).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledOnce();
  });

  it('does neither when not chosen, and opens no folder nothing was saved to', async () => {
    const notify = vi.fn();
    const openFolder = vi.fn(() => Promise.resolve());
    await runQueueActions({ notify, openFolder }, queue({ notify: false, openFolder: false, keepAwake: false }));
    await runQueueActions({ openFolder }, queue({ notify: true, openFolder: true, keepAwake: false }, [item('failed')]));
    expect(notify).not.toHaveBeenCalled();
    expect(openFolder).not.toHaveBeenCalled();
  });
});

describe('the actions saved with a queue', () => {
  it('are read back tolerantly, each one unreadable being its default; a start must say all three', () => {
    expect(readCompletionActions('{"notify":false,"openFolder":true,"keepAwake":false}')).toEqual({ notify: false, openFolder: true, keepAwake: false });
    expect(readCompletionActions('{"notify":"yes","openFolder":true}')).toEqual({ notify: true, openFolder: true, keepAwake: true });
    expect(readCompletionActions('not json')).toEqual({ notify: true, openFolder: false, keepAwake: true });
    expect(readCompletionActions(null)).toEqual({ notify: true, openFolder: false, keepAwake: true });
    expect(completionActionsInput.safeParse({ notify: true, openFolder: false }).success).toBe(false);
    expect(completionActionsInput.safeParse({ notify: true, openFolder: false, keepAwake: true, run: 'calc.exe' }).success).toBe(false);
  });
});
