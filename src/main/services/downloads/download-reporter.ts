/**
 * What the technician sees of the downloads, and what SQLite keeps of them:
 * each item with its speed and time left, progress events throttled to about
 * ten a second per download, the overall summary (taskbar/dock progress), and
 * every change saved to the download list.
 */
import { ACTIVE_DOWNLOAD_STATES, type DownloadItem, type DownloadState, type DownloadsSummary } from '../../../shared/model/downloads';
import type { EventBus } from '../platform/events';
import type { DownloadStore } from './download-store';
import type { Task } from './download-task';

const SPEED_WINDOW_MS = 3_000;

interface DownloadReporterOptions {
  /** The manager's tasks (read only here). */
  tasks: ReadonlyMap<string, Task>;
  store: DownloadStore;
  events: EventBus;
  now: () => number;
  /** At most one progress event per download per this many ms (default 100). */
  progressIntervalMs?: number;
  /** How often the received offset is written to SQLite while downloading (default 1 s). */
  persistIntervalMs?: number;
  onSummary?: (summary: DownloadsSummary) => void;
}

export class DownloadReporter {
  private lastSummary = '';

  constructor(private readonly options: DownloadReporterOptions) {}

  summary(): DownloadsSummary {
    let active = 0;
    let total = 0;
    let received = 0;
    let keepAwake = false;
    for (const task of this.options.tasks.values()) {
      if (!ACTIVE_DOWNLOAD_STATES.includes(task.stored.state)) continue;
      active += 1;
      if (task.stored.onComplete.keepAwake) keepAwake = true;
      if (task.stored.totalBytes) {
        total += task.stored.totalBytes;
        received += task.stored.receivedBytes;
      }
    }
    return { active, fraction: active === 0 ? null : total > 0 ? Math.min(1, received / total) : 0, keepAwake };
  }

  /** Bytes up to `position` are in the .part. */
  progress(task: Task, position: number): void {
    task.stored.receivedBytes = position;
    const now = this.options.now();
    task.samples.push({ at: now, bytes: position });
    while (task.samples.length > 2 && now - task.samples[0]!.at > SPEED_WINDOW_MS) task.samples.shift();
    if (now - task.lastPersist >= (this.options.persistIntervalMs ?? 1_000)) this.persist(task);
    this.emitThrottled(task);
  }

  itemOf(task: Task): DownloadItem {
    const s = task.stored;
    const speed = this.speedOf(task);
    const eta = speed > 0 && s.totalBytes !== null ? Math.max(0, Math.round((s.totalBytes - s.receivedBytes) / speed)) : null;
    return {
      id: s.id,
      request: s.request,
      fileName: s.fileName,
      folder: s.folder,
      targetPath: s.targetPath,
      state: s.state,
      totalBytes: s.totalBytes,
      receivedBytes: s.receivedBytes,
      bytesPerSecond: Math.round(speed),
      etaSeconds: eta,
      ...(s.error ? { error: s.error } : {}),
      ...(task.note ? { note: task.note } : {}),
      verified: s.verified,
      createdAt: s.createdAt,
      finishedAt: s.finishedAt,
      queueId: s.queueId,
      onComplete: { ...s.onComplete },
      ...(s.receipt ? { receipt: s.receipt } : {}),
    };
  }

  setState(task: Task, state: DownloadState): void {
    task.stored.state = state;
    this.persist(task);
    this.emitNow(task);
  }

  persist(task: Task): void {
    task.lastPersist = this.options.now();
    task.stored.updatedAt = task.lastPersist;
    if (!this.options.tasks.has(task.stored.id)) return;
    try {
      this.options.store.update(task.stored);
    } catch {
      // The list could not be saved (disk trouble); the download itself goes on and its .part stays the truth.
    }
  }

  emitNow(task: Task): void {
    if (task.emitTimer) {
      clearTimeout(task.emitTimer);
      task.emitTimer = null;
    }
    task.lastEmit = this.options.now();
    this.options.events.emit('downloads.changed', this.itemOf(task));
    this.emitSummary();
  }

  /** The summary, when it changed (after a download left the list). */
  emitSummary(): void {
    const summary = this.summary();
    const key = `${summary.active}:${summary.fraction === null ? '-' : summary.fraction.toFixed(3)}:${summary.keepAwake}`;
    if (key === this.lastSummary) return;
    this.lastSummary = key;
    this.options.onSummary?.(summary);
  }

  private speedOf(task: Task): number {
    if (task.stored.state !== 'downloading' || task.samples.length < 2) return 0;
    const first = task.samples[0]!;
    const last = task.samples[task.samples.length - 1]!;
    const seconds = (last.at - first.at) / 1000;
    if (seconds <= 0) return 0;
    // Stale samples (a stall) mean no speed, not the last burst's.
    if (this.options.now() - last.at > SPEED_WINDOW_MS) return 0;
    return (last.bytes - first.bytes) / seconds;
  }

  /** Progress events at most every progressIntervalMs per download; the latest state always goes out. */
  private emitThrottled(task: Task): void {
    const interval = this.options.progressIntervalMs ?? 100;
    const wait = task.lastEmit + interval - this.options.now();
    if (wait <= 0) return this.emitNow(task);
    task.emitTimer ??= setTimeout(() => {
      task.emitTimer = null;
      if (this.options.tasks.has(task.stored.id)) this.emitNow(task);
    }, wait);
  }
}
