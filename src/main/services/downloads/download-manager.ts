/**
 * The download manager: a queue of downloads streamed straight to disk with
 * got, a parallel limit, pause/resume/cancel/retry, an optional bandwidth
 * limit, and resume that survives dropped connections (Range + If-Range,
 * retries with backoff), expired access tokens (renewed, then continued) and
 * restarts (state in SQLite; the `.part` on disk is the truth up to the offset
 * recorded as flushed).
 *
 * A download writes `<name>.part` beside its target and is renamed only when
 * its size (always) and checksum (when the server sent one) match, then gets
 * the platform's "from the internet" mark. Its name comes from what the
 * console fetched, never from the renderer.
 *
 * This file is the queue and each download's life (queued, downloading,
 * paused, failed, completed); the pieces: download-plan.ts (names and
 * collisions when queued), download-names.ts (names from the API),
 * download-attempt.ts (one request and its body), download-decisions.ts (the
 * pure rules), download-errors.ts (what failures mean), download-files.ts (the
 * `.part`, the final rename and the mark), part-file.ts (writing the `.part`),
 * download-reporter.ts (items, events, the saved list).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { AppError } from '../../../shared/errors';
import { DEFAULT_COMPLETION_ACTIONS, type DownloadItem, type DownloadReceiptCopy, type DownloadStartResult, type DownloadsSummary } from '../../../shared/model/downloads';
import { DEFAULT_MAX_UNKNOWN_SIZE_GB } from '../../../shared/model/settings';
import { collisionKey } from '../../../shared/rules/platform/file-names';
import { MESSAGES } from '../../../shared/rules/platform/messages';
import type { BandwidthNow } from '../../../shared/rules/downloads/bandwidth-windows';
import { FINISHED_STATES, queueOutcome } from '../../../shared/rules/downloads/download-queues';
import { downloadPath, runAttempt, type AttemptContext } from './download-attempt';
import { BandwidthSchedule } from './download-bandwidth';
import { DownloadFiles } from './download-files';
import { failuresWithoutProgress, syncEveryBytesFor } from './download-decisions';
import { RetryableError, StartOverError } from './download-errors';
import type { DownloadManagerOptions, StartDownloadsInput } from './download-options';
import { newStoredDownloads, planDownloads } from './download-plan';
import { DownloadReceipts } from './download-receipts';
import { DownloadReporter } from './download-reporter';
import { sleepUnlessAborted } from './download-stream';
import { dropHash, newTask, type StopReason, type Task } from './download-task';
import { currentBootId, sameBoot } from '../platform/boot';
import { internetMarkFor } from '../platform/files/internet-mark';
import { RateLimiter, realPartFileSystem, type PartFileSystem } from '../platform/files/part-file';
import { folderNames, freeBytes, fsPath, prepareFolder } from '../platform/files/paths';

export { downloadPath } from './download-attempt';

export type { DownloadManagerOptions, DownloadSettings, StartDownloadsInput } from './download-options';

const DEFAULT_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export class DownloadManager {
  private readonly tasks = new Map<string, Task>();
  private readonly limiter = new RateLimiter();
  private readonly platform: NodeJS.Platform;
  private readonly fs: PartFileSystem;
  private readonly retryDelays: readonly number[];
  private readonly now: () => number;
  private readonly report: DownloadReporter;
  private readonly files: DownloadFiles;
  private readonly bandwidth: BandwidthSchedule;
  private readonly receipts: DownloadReceipts;
  /** This boot of the machine, recorded with each `.part` written. */
  private readonly bootId: string;
  private disposed = false;

  constructor(private readonly options: DownloadManagerOptions) {
    this.platform = options.platform ?? process.platform;
    this.fs = options.fs ?? realPartFileSystem;
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? Date.now;
    this.report = new DownloadReporter({
      tasks: this.tasks,
      store: options.store,
      events: options.events,
      now: this.now,
      progressIntervalMs: options.progressIntervalMs,
      persistIntervalMs: options.persistIntervalMs,
      onSummary: options.onSummary,
    });
    this.files = new DownloadFiles({
      platform: this.platform,
      takenBy: (task) => this.takenTargets(task),
      markFromInternet: options.markFromInternet ?? internetMarkFor(),
      log: options.log,
    });
    this.receipts = new DownloadReceipts(options.receipts ?? { consoleVersion: 'unknown' }, this.platform, options.log);
    this.bootId = options.bootId ?? currentBootId(this.platform);
    this.bandwidth = new BandwidthSchedule({
      limiter: this.limiter,
      settings: () => this.options.settings(),
      now: this.now,
      onChange: (now) => this.options.events.emit('downloads.bandwidth', now),
    });
    for (const stored of options.store.all()) {
      // A download that was running when the console stopped continues: from the end of its `.part` when that
      // was written on this boot of the machine (the console crashed, not the machine), else where its flushed bytes end.
      if (stored.state === 'downloading') stored.state = 'queued';
      const writtenThisBoot = sameBoot(stored.writtenBoot, this.bootId);
      if (!writtenThisBoot && stored.flushedBytes !== null && stored.state !== 'completed') stored.receivedBytes = Math.min(stored.receivedBytes, stored.flushedBytes);
      this.tasks.set(stored.id, newTask(stored, { sameBoot: writtenThisBoot }));
    }
    this.applySettings();
  }

  /** Re-reads the parallel and bandwidth limits (the bandwidth window of this moment, or the general limit). */
  applySettings(): void {
    this.bandwidth.apply();
    this.pump();
  }

  /** The speed limit in force and the window it comes from. */
  bandwidthNow(): BandwidthNow {
    return this.bandwidth.now();
  }

  list(): DownloadItem[] {
    return [...this.tasks.values()].sort((a, b) => a.stored.position - b.stored.position).map((t) => this.report.itemOf(t));
  }

  item(id: string): DownloadItem {
    return this.report.itemOf(this.task(id));
  }

  summary(): DownloadsSummary {
    return this.report.summary();
  }

  /** The folder remembered for a device, if any. */
  rememberedFolder(nodeId: number): string | undefined {
    const scope = this.options.scope();
    return scope ? this.options.store.folderFor(scope, nodeId) : undefined;
  }

  /**
   * Queues downloads into `folder`. When a target exists and no policy says
   * what to do, nothing starts and the conflicts come back to be asked about.
   * The requests' `name` is never used for the file.
   */
  start(input: StartDownloadsInput): DownloadStartResult {
    const scope = this.options.scope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    // An id that cannot be a path segment is refused now, before anything is stored or asked for.
    for (const request of input.items) downloadPath(request);
    const folder = prepareFolder(input.folder, this.platform);
    const { planned, conflicts, skipped } = planDownloads({
      folder,
      items: input.items,
      policies: input.policies,
      applyToAll: input.applyToAll,
      taken: this.takenTargets(null),
      // One look at the folder for the whole plan, not one per item and numbered candidate.
      exists: folderNames(folder, this.platform),
      nameOf: (request) => this.options.names?.nameOf(request) ?? null,
      platform: this.platform,
    });
    if (conflicts.length > 0) return { started: [], skipped: [], conflicts };

    this.options.store.rememberFolder(scope, input.nodeId, folder, this.now());
    // The downloads started together are one queue: its actions run when all of them have finished.
    const queue = { queueId: randomUUID(), onComplete: input.onComplete ?? DEFAULT_COMPLETION_ACTIONS };
    const created = newStoredDownloads(planned, { scope, folder, now: this.now(), firstPosition: this.options.store.nextPosition(), platform: this.platform }, queue);
    this.options.store.insertMany(created);
    for (const stored of created) {
      const task = newTask(stored);
      this.tasks.set(stored.id, task);
      this.report.emitNow(task);
    }
    this.pump();
    return { started: created.map((s) => this.item(s.id)), skipped, conflicts: [] };
  }

  pause(id: string): DownloadItem {
    const task = this.task(id);
    if (task.stored.state === 'downloading' && task.running) {
      this.stop(task, 'pause');
    } else if (task.stored.state === 'queued') {
      this.report.setState(task, 'paused');
    } else {
      throw new AppError('CONFLICT', `${task.stored.fileName} is not downloading.`);
    }
    return this.item(id);
  }

  resume(id: string): DownloadItem {
    const task = this.task(id);
    if (task.stored.state !== 'paused' && task.stored.state !== 'failed') throw new AppError('CONFLICT', `${task.stored.fileName} is not paused.`);
    task.stored.error = null;
    task.note = undefined;
    this.report.setState(task, 'queued');
    this.pump();
    return this.item(id);
  }

  /** Starts a failed or canceled download again (a failed one resumes from its .part). */
  retry(id: string): DownloadItem {
    const task = this.task(id);
    if (task.stored.state !== 'failed' && task.stored.state !== 'canceled') throw new AppError('CONFLICT', `${task.stored.fileName} has not failed.`);
    task.stored.error = null;
    task.note = undefined;
    task.stored.finishedAt = null;
    // Canceled, it starts again from nothing: the receipt's start time is this new start's.
    if (task.stored.state === 'canceled') task.stored.startedAt = null;
    this.report.setState(task, 'queued');
    this.pump();
    return this.item(id);
  }

  /** Stops a download and removes its .part. */
  async cancel(id: string): Promise<DownloadItem> {
    const task = this.task(id);
    if (task.stored.state === 'completed' || task.stored.state === 'canceled') return this.item(id);
    if (task.running) {
      this.stop(task, 'cancel');
      await task.running;
    } else {
      await this.files.discardPart(task);
      task.stored.receivedBytes = 0;
      task.stored.finishedAt = this.now();
      this.report.setState(task, 'canceled');
      this.queueMayHaveFinished(task.stored.queueId);
    }
    return this.item(id);
  }

  /** Takes a finished download off the list (its file stays; a failed one's .part goes). */
  async remove(id: string): Promise<void> {
    const task = this.task(id);
    if (task.running) {
      this.stop(task, 'remove');
      await task.running;
    }
    // Read once it has stopped: a download that completed meanwhile has already had its queue looked at.
    const wasFinished = FINISHED_STATES.includes(task.stored.state);
    if (task.stored.state !== 'completed') await this.files.discardPart(task);
    this.forget(task);
    // The last unfinished download of a queue taken off the list: the rest of the queue is done.
    if (!wasFinished) this.queueMayHaveFinished(task.stored.queueId);
  }

  /** Takes every completed, failed and canceled download off the list. */
  async clearFinished(): Promise<number> {
    const finished = [...this.tasks.values()].filter((t) => FINISHED_STATES.includes(t.stored.state));
    for (const task of finished) {
      if (task.stored.state === 'failed') await this.files.discardPart(task);
      this.forget(task);
    }
    return finished.length;
  }

  /** Where a completed download is, for open / show in folder. */
  completedPath(id: string): string {
    const task = this.task(id);
    if (task.stored.state !== 'completed') throw new AppError('CONFLICT', `${task.stored.fileName} has not finished downloading.`);
    if (!existsSync(fsPath(task.stored.targetPath, this.platform))) throw new AppError('NOT_FOUND', `${task.stored.targetPath} is no longer there.`);
    return task.stored.targetPath;
  }

  /** A completed download's receipt, read back from its JSON file (Copy receipt). */
  receipt(id: string): Promise<DownloadReceiptCopy> {
    return this.receipts.copy(this.task(id).stored);
  }

  /** Where a completed download's readable receipt is (Open receipt). */
  receiptHtmlPath(id: string): string {
    const stored = this.task(id).stored;
    if (stored.state !== 'completed') throw new AppError('CONFLICT', `${stored.fileName} has not finished downloading.`);
    const path = this.receipts.htmlPath(stored);
    if (!existsSync(fsPath(path, this.platform))) throw new AppError('NOT_FOUND', `The receipt ${path} is no longer there.`);
    return path;
  }

  /** The session changed: sign-in starts this profile's queued downloads; sign-out holds the running ones. */
  sessionChanged(signedIn: boolean): void {
    if (signedIn) {
      for (const task of this.tasks.values()) task.waitingForSignIn = false;
      this.pump();
      return;
    }
    for (const task of this.tasks.values()) {
      if (task.running) this.stop(task, 'signout');
    }
  }

  /** Stops everything, keeping each download's place so the next start resumes it. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.bandwidth.dispose();
    const running = [...this.tasks.values()].filter((t) => t.running);
    for (const task of running) this.stop(task, 'shutdown');
    await Promise.allSettled(running.map((t) => t.running));
    for (const task of this.tasks.values()) if (task.emitTimer) clearTimeout(task.emitTimer);
  }

  // ---------------------------------------------------------------------------

  private task(id: string): Task {
    const task = this.tasks.get(id);
    if (!task) throw new AppError('NOT_FOUND', 'That download is no longer in the list.');
    return task;
  }

  private forget(task: Task): void {
    if (task.emitTimer) clearTimeout(task.emitTimer);
    this.tasks.delete(task.stored.id);
    this.options.store.remove(task.stored.id);
    this.options.events.emit('downloads.removed', { id: task.stored.id });
    this.report.emitSummary();
  }

  private stop(task: Task, reason: StopReason): void {
    task.stopReason = reason;
    task.controller?.abort(new Error(`Download stopped (${reason})`));
  }

  /** Collision keys of the targets of downloads that may still write (all but `except`). */
  private takenTargets(except: Task | null): Set<string> {
    const taken = new Set<string>();
    for (const task of this.tasks.values()) {
      if (task !== except && task.stored.state !== 'completed' && task.stored.state !== 'canceled') taken.add(collisionKey(task.stored.targetPath));
    }
    return taken;
  }

  private pump(): void {
    if (this.disposed) return;
    const scope = this.options.scope();
    if (!scope) return;
    const limit = Math.max(1, this.options.settings().parallelDownloads);
    let running = [...this.tasks.values()].filter((t) => t.running).length;
    const queued = [...this.tasks.values()]
      .filter((t) => t.stored.state === 'queued' && !t.running && !t.waitingForSignIn && t.stored.scope === scope)
      .sort((a, b) => a.stored.position - b.stored.position);
    for (const task of queued) {
      if (running >= limit) break;
      running += 1;
      task.running = this.run(task).finally(() => {
        task.running = null;
        task.controller = null;
        task.stopReason = null;
        this.pump();
      });
    }
  }

  private async run(task: Task): Promise<void> {
    task.stopReason = null;
    task.note = undefined;
    task.samples = [];
    task.stored.startedAt ??= this.now();
    this.report.setState(task, 'downloading');
    let failures = 0;
    let startOvers = 0;
    for (;;) {
      const before = task.stored.receivedBytes;
      task.controller = new AbortController();
      try {
        await runAttempt(this.attemptContext(), task, task.controller.signal);
        await this.complete(task);
        return;
      } catch (error) {
        if (task.stopReason) return this.stopped(task);
        if (error instanceof StartOverError && ++startOvers <= 3) continue;
        if (error instanceof StartOverError) return this.fail(task, new AppError('SERVER_ERROR', `The server kept changing ${task.stored.fileName} while it downloaded. Press Retry to try again.`));
        if (!(error instanceof RetryableError)) return this.fail(task, error);
        // Only real progress (1 MiB or more) starts the count again: a byte per answer is not progress.
        failures = failuresWithoutProgress(failures, task.stored.receivedBytes - before);
        const delay = this.retryDelays[failures - 1];
        if (delay === undefined) {
          return this.fail(task, new AppError('OFFLINE', `${error.message} The download stopped after ${this.retryDelays.length} tries without progress; press Retry to resume it.`));
        }
        // §8: an image download that fails says so in the spec's words, also while it retries.
        const what = task.stored.request.kind === 'image' ? MESSAGES.imageDownloadFailed : error.message;
        task.note = `${what} Retrying in ${Math.max(1, Math.round(delay / 1000))} s...`;
        this.report.persist(task);
        this.report.emitNow(task);
        try {
          await sleepUnlessAborted(delay, task.controller.signal);
        } catch {
          return this.stopped(task);
        }
        task.note = undefined;
      }
    }
  }

  private attemptContext(): AttemptContext {
    return {
      api: this.options.api(),
      fs: this.fs,
      limiter: this.limiter,
      // Injected file systems (tests) see every write through the handle.
      syncWrites: this.fs === realPartFileSystem,
      fastBodies: this.options.fastBodies ?? true,
      syncEveryBytes: this.options.syncEveryBytes ?? syncEveryBytesFor(process.platform),
      maxUnknownSizeGb: this.options.settings().maxUnknownSizeGb ?? DEFAULT_MAX_UNKNOWN_SIZE_GB,
      bootId: this.bootId,
      freeBytes: this.options.freeBytes ?? freeBytes,
      partPath: (task) => this.files.partPath(task),
      partSize: (task) => this.files.partSize(task),
      persist: (task) => this.report.persist(task),
      emitNow: (task) => this.report.emitNow(task),
      progress: (task, position) => this.report.progress(task, position),
      startOver: (task) => this.startOver(task),
      settleName: (task, answerName) => {
        task.stored.nameSettled = true;
        // Queued under a stand-in name: the answer's name, numbered if taken (nobody was asked about overwriting it).
        if (answerName !== null && task.stored.flushedBytes === null && collisionKey(answerName) !== collisionKey(task.stored.fileName)) this.files.rename(task, answerName);
        this.report.persist(task);
        this.report.emitNow(task);
      },
      avoidStray: (task) => {
        this.files.rename(task, task.stored.fileName);
        this.report.persist(task);
        this.report.emitNow(task);
      },
    };
  }

  /** Verified, renamed and marked (download-files.ts), then completed. */
  private async complete(task: Task): Promise<void> {
    const stored = task.stored;
    const { size, verified, sha256 } = await this.files.finish(task, (t) => this.startOver(t));
    stored.receivedBytes = size;
    stored.totalBytes = size;
    stored.verified = verified;
    stored.error = null;
    stored.finishedAt = this.now();
    task.note = undefined;
    // The receipt before the item says completed (its event carries where the receipt is); it never fails the download.
    const receiptVerified = verified === 'size' && !task.sizeAnnounced ? null : verified;
    stored.receipt = await this.receipts.write(stored, { sizeBytes: size, sha256, verified: receiptVerified, instance: task.origin }, this.options.settings().receiptsFolder ?? null);
    this.report.setState(task, 'completed');
    this.options.events.emit('downloads.finished', this.report.itemOf(task));
    this.queueMayHaveFinished(stored.queueId);
  }

  /** Called when a download of the queue finished or left the list: once all have finished, the queue's actions run. */
  private queueMayHaveFinished(queueId: string): void {
    const tasks = [...this.tasks.values()].filter((t) => t.stored.queueId === queueId);
    if (!queueOutcome(tasks.map((t) => t.stored)).finished) return;
    const first = tasks[0]!.stored;
    try {
      this.options.onQueueFinished?.({ queueId, folder: first.folder, onComplete: { ...first.onComplete }, items: tasks.map((t) => this.report.itemOf(t)) });
    } catch (error) {
      this.options.log?.('The actions after the downloads finished failed', error);
    }
  }

  private async startOver(task: Task): Promise<void> {
    await this.files.discardPart(task);
    task.stored.receivedBytes = 0;
    task.stored.etag = null;
    task.stored.lastModified = null;
    task.stored.checksum = null;
    this.report.persist(task);
  }

  private async stopped(task: Task): Promise<void> {
    const reason = task.stopReason;
    task.stored.receivedBytes = await this.files.partSize(task);
    if (task.hash && task.hash.bytes !== task.stored.receivedBytes) dropHash(task);
    switch (reason) {
      case 'pause':
        this.report.setState(task, 'paused');
        break;
      case 'cancel':
      case 'remove':
        await this.files.discardPart(task);
        task.stored.receivedBytes = 0;
        task.stored.finishedAt = this.now();
        this.report.setState(task, 'canceled');
        // A removed one is looked at once it has left the list.
        if (reason === 'cancel') this.queueMayHaveFinished(task.stored.queueId);
        break;
      case 'signout':
        task.waitingForSignIn = true;
        task.note = 'Waiting for you to sign in again.';
        this.report.setState(task, 'queued');
        break;
      default:
        // Shutdown: stays queued so the next start resumes it.
        task.stored.state = 'queued';
        this.report.persist(task);
    }
  }

  private fail(task: Task, error: unknown): void {
    const shape = error instanceof AppError ? { code: error.code, message: error.message } : { code: 'INTERNAL', message: 'The download failed.' };
    // §8: an image download that fails on the server side says so in the spec's words.
    if (task.stored.request.kind === 'image' && !['DISK_FULL', 'IO_ERROR', 'UNAVAILABLE'].includes(shape.code)) {
      shape.message = MESSAGES.imageDownloadFailed;
    }
    if (error instanceof AppError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN')) {
      task.waitingForSignIn = true;
      task.note = 'Waiting for you to sign in again.';
      this.report.setState(task, 'queued');
      return;
    }
    task.stored.error = shape;
    task.stored.finishedAt = this.now();
    task.note = undefined;
    this.report.setState(task, 'failed');
    this.options.events.emit('downloads.finished', this.report.itemOf(task));
    this.queueMayHaveFinished(task.stored.queueId);
  }
}
