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
 * console fetched, never from the renderer (issue 10 point 2).
 *
 * The pieces: download-plan.ts (names and collisions when queued),
 * download-attempt.ts (one request and its body), download-decisions.ts (the
 * pure rules), download-errors.ts (what failures mean), part-file.ts (the
 * `.part` itself).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, promises as fsp } from 'node:fs';
import { AppError } from '../../../shared/errors';
import {
  ACTIVE_DOWNLOAD_STATES,
  type CollisionPolicy,
  type DownloadItem,
  type DownloadRequest,
  type DownloadStartResult,
  type DownloadState,
  type DownloadsSummary,
} from '../../../shared/model/downloads';
import { DEFAULT_MAX_UNKNOWN_SIZE_GB } from '../../../shared/model/settings';
import { collisionKey } from '../../../shared/rules/file-names';
import { MESSAGES } from '../../../shared/rules/messages';
import type { ApiClient } from '../api/api-client';
import type { EventBus } from '../events';
import { runAttempt, type AttemptContext } from './download-attempt';
import { failuresWithoutProgress, SYNC_EVERY_BYTES } from './download-decisions';
import { RetryableError, StartOverError } from './download-errors';
import type { KnownNames } from './download-names';
import { planDownloads } from './download-plan';
import type { DownloadStore, StoredDownload } from './download-store';
import { newTask, type StopReason, type Task } from './download-task';
import { internetMarkFor, type MarkFromInternet } from './internet-mark';
import { hashPrefix, RateLimiter, realPartFileSystem, type PartFileSystem } from './part-file';
import { formatSize, freeBytes, fsPath, pathApiFor, pathTaken, PART_SUFFIX, prepareFolder, uniqueName } from './paths';

export { downloadPath } from './download-attempt';

export interface DownloadSettings {
  /** Downloads running at once (default 3). */
  parallelDownloads: number;
  /** Bandwidth limit for all downloads together in KiB/s; 0 = none. */
  downloadLimitKBps: number;
  /** Largest download of unknown size (no Content-Length), GiB (default 64). */
  maxUnknownSizeGb?: number;
}

export interface DownloadManagerOptions {
  store: DownloadStore;
  /** The signed-in session's API client (throws NOT_SIGNED_IN otherwise). */
  api: () => ApiClient;
  /** The signed-in profile: downloads belong to the server they came from. */
  scope: () => string | null;
  events: EventBus;
  settings: () => DownloadSettings;
  /** Names of the items the console fetched (listings, revision lists): where a download's name comes from. */
  names?: KnownNames;
  platform?: NodeJS.Platform;
  fs?: PartFileSystem;
  /** Waits between attempts after a drop; a download fails after as many attempts in a row without progress. */
  retryDelaysMs?: readonly number[];
  /** At most one progress event per download per this many ms (default 100: ~10 a second). */
  progressIntervalMs?: number;
  /** How often the received offset is written to SQLite while downloading (default 1 s). */
  persistIntervalMs?: number;
  /** The `.part` is flushed to disk (and its offset recorded) each time this many bytes were written (default 64 MiB). */
  syncEveryBytes?: number;
  freeBytes?: (folder: string) => Promise<number | null>;
  /** The "from the internet" mark on a finished file (default: the one of this process's platform). */
  markFromInternet?: MarkFromInternet;
  /** Something went wrong that does not fail a download (a mark that could not be written). */
  log?: (what: string, error: unknown) => void;
  /** Overall progress changed (Electron: taskbar/dock progress and keeping the machine awake). */
  onSummary?: (summary: DownloadsSummary) => void;
  /** A download completed or failed (Electron: a system notification). */
  onFinished?: (item: DownloadItem) => void;
  now?: () => number;
}

export interface StartDownloadsInput {
  nodeId: number;
  folder: string;
  items: DownloadRequest[];
  /** Collision answers by item index. */
  policies?: Record<string, CollisionPolicy>;
  /** The answer for every collision ("apply to all"). */
  applyToAll?: CollisionPolicy;
}

const DEFAULT_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const SPEED_WINDOW_MS = 3_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export class DownloadManager {
  private readonly tasks = new Map<string, Task>();
  private readonly limiter = new RateLimiter();
  private readonly platform: NodeJS.Platform;
  private readonly fs: PartFileSystem;
  private readonly retryDelays: readonly number[];
  private readonly markFromInternet: MarkFromInternet;
  private readonly now: () => number;
  private disposed = false;
  private lastSummary = '';

  constructor(private readonly options: DownloadManagerOptions) {
    this.platform = options.platform ?? process.platform;
    this.fs = options.fs ?? realPartFileSystem;
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.markFromInternet = options.markFromInternet ?? internetMarkFor();
    this.now = options.now ?? Date.now;
    for (const stored of options.store.all()) {
      // A download that was running when the console stopped continues where its flushed bytes end.
      if (stored.state === 'downloading') stored.state = 'queued';
      if (stored.flushedBytes !== null && stored.state !== 'completed') stored.receivedBytes = Math.min(stored.receivedBytes, stored.flushedBytes);
      this.tasks.set(stored.id, newTask(stored, true));
    }
    this.applySettings();
  }

  /** Re-reads the parallel and bandwidth limits. */
  applySettings(): void {
    this.limiter.setRate(Math.max(0, this.options.settings().downloadLimitKBps) * 1024);
    this.pump();
  }

  list(): DownloadItem[] {
    return [...this.tasks.values()].sort((a, b) => a.stored.position - b.stored.position).map((t) => this.itemOf(t));
  }

  item(id: string): DownloadItem {
    return this.itemOf(this.task(id));
  }

  summary(): DownloadsSummary {
    let active = 0;
    let total = 0;
    let received = 0;
    for (const task of this.tasks.values()) {
      if (!ACTIVE_DOWNLOAD_STATES.includes(task.stored.state)) continue;
      active += 1;
      if (task.stored.totalBytes) {
        total += task.stored.totalBytes;
        received += task.stored.receivedBytes;
      }
    }
    return { active, fraction: active === 0 ? null : total > 0 ? Math.min(1, received / total) : 0 };
  }

  /** The folder remembered for a device, if any. */
  rememberedFolder(nodeId: number): string | undefined {
    const scope = this.options.scope();
    return scope ? this.options.store.folderFor(scope, nodeId) : undefined;
  }

  /**
   * Queues downloads into `folder`. When a target exists and no policy says
   * what to do, nothing starts and the conflicts come back to be asked about.
   * The requests' `name` is never used for the file (issue 10 point 2).
   */
  start(input: StartDownloadsInput): DownloadStartResult {
    const scope = this.options.scope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    const folder = prepareFolder(input.folder, this.platform);
    const path = pathApiFor(this.platform);
    const { planned, conflicts, skipped } = planDownloads({
      folder,
      items: input.items,
      policies: input.policies,
      applyToAll: input.applyToAll,
      taken: this.takenTargets(null),
      exists: pathTaken,
      nameOf: (request) => this.options.names?.nameOf(request) ?? null,
      platform: this.platform,
    });
    if (conflicts.length > 0) return { started: [], skipped: [], conflicts };

    this.options.store.rememberFolder(scope, input.nodeId, folder, this.now());
    const now = this.now();
    let position = this.options.store.nextPosition();
    const created: StoredDownload[] = planned.map((p) => ({
      id: randomUUID(),
      scope,
      request: p.request,
      fileName: p.fileName,
      folder,
      targetPath: path.join(folder, p.fileName),
      overwrite: p.overwrite,
      state: 'queued',
      totalBytes: null,
      receivedBytes: 0,
      etag: null,
      lastModified: null,
      checksum: null,
      verified: null,
      error: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
      position: position++,
      flushedBytes: null,
      nameSettled: p.settled,
    }));
    this.options.store.insertMany(created);
    for (const stored of created) {
      const task = newTask(stored);
      this.tasks.set(stored.id, task);
      this.emitNow(task);
    }
    this.pump();
    return { started: created.map((s) => this.item(s.id)), skipped, conflicts: [] };
  }

  pause(id: string): DownloadItem {
    const task = this.task(id);
    if (task.stored.state === 'downloading' && task.running) {
      this.stop(task, 'pause');
    } else if (task.stored.state === 'queued') {
      this.setState(task, 'paused');
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
    this.setState(task, 'queued');
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
    this.setState(task, 'queued');
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
      await this.discardPart(task);
      task.stored.receivedBytes = 0;
      task.stored.finishedAt = this.now();
      this.setState(task, 'canceled');
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
    if (task.stored.state !== 'completed') await this.discardPart(task);
    this.forget(task);
  }

  /** Takes every completed, failed and canceled download off the list. */
  async clearFinished(): Promise<number> {
    const finished = [...this.tasks.values()].filter((t) => ['completed', 'failed', 'canceled'].includes(t.stored.state));
    for (const task of finished) {
      if (task.stored.state === 'failed') await this.discardPart(task);
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
    this.emitSummary();
  }

  private stop(task: Task, reason: StopReason): void {
    task.stopReason = reason;
    task.controller?.abort(new Error(`Download stopped (${reason})`));
  }

  private partPath(task: Task): string {
    return fsPath(task.stored.targetPath + PART_SUFFIX, this.platform);
  }

  /** Removes the download's own `.part` (never a file it did not create). */
  private async discardPart(task: Task): Promise<void> {
    if (task.stored.flushedBytes !== null) await fsp.rm(this.partPath(task), { force: true }).catch(() => undefined);
    task.stored.flushedBytes = null;
    task.partIdentity = null;
    task.hash = null;
  }

  /** Bytes of the download's own .part on disk (the truth after any failure); 0 when there is none or a link stands there. */
  private async partSize(task: Task): Promise<number> {
    if (task.stored.flushedBytes === null) return 0;
    try {
      const stat = await fsp.lstat(this.partPath(task));
      return stat.isFile() ? stat.size : 0;
    } catch {
      return 0;
    }
  }

  /** Collision keys of the targets of downloads that may still write (all but `except`). */
  private takenTargets(except: Task | null): Set<string> {
    const taken = new Set<string>();
    for (const task of this.tasks.values()) {
      if (task !== except && task.stored.state !== 'completed' && task.stored.state !== 'canceled') taken.add(collisionKey(task.stored.targetPath));
    }
    return taken;
  }

  /** Moves a download to another name in its folder: " (1)" and so on, never over anything there. */
  private rename(task: Task, wanted: string): void {
    const stored = task.stored;
    stored.fileName = uniqueName(stored.folder, wanted, this.takenTargets(task), pathTaken, this.platform);
    stored.targetPath = pathApiFor(this.platform).join(stored.folder, stored.fileName);
    stored.overwrite = false;
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
    this.setState(task, 'downloading');
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
        // Only real progress (1 MiB or more) starts the count again: a byte per answer is not progress (issue 10 point 5).
        failures = failuresWithoutProgress(failures, task.stored.receivedBytes - before);
        const delay = this.retryDelays[failures - 1];
        if (delay === undefined) {
          return this.fail(task, new AppError('OFFLINE', `${error.message} The download stopped after ${this.retryDelays.length} tries without progress; press Retry to resume it.`));
        }
        task.note = `${error.message} Retrying in ${Math.max(1, Math.round(delay / 1000))} s...`;
        this.persist(task);
        this.emitNow(task);
        try {
          await sleep(delay, task.controller.signal);
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
      syncEveryBytes: this.options.syncEveryBytes ?? SYNC_EVERY_BYTES,
      maxUnknownSizeGb: this.options.settings().maxUnknownSizeGb ?? DEFAULT_MAX_UNKNOWN_SIZE_GB,
      freeBytes: this.options.freeBytes ?? freeBytes,
      partPath: (task) => this.partPath(task),
      partSize: (task) => this.partSize(task),
      persist: (task) => this.persist(task),
      emitNow: (task) => this.emitNow(task),
      progress: (task, position) => this.progress(task, position),
      startOver: (task) => this.startOver(task),
      settleName: (task, answerName) => {
        task.stored.nameSettled = true;
        // Queued under a stand-in name: the answer's name, numbered if taken (nobody was asked about overwriting it).
        if (answerName !== null && task.stored.flushedBytes === null && collisionKey(answerName) !== collisionKey(task.stored.fileName)) this.rename(task, answerName);
        this.persist(task);
        this.emitNow(task);
      },
      avoidStray: (task) => {
        this.rename(task, task.stored.fileName);
        this.persist(task);
        this.emitNow(task);
      },
    };
  }

  /** Size (always) and checksum (when sent) verified, then the .part becomes the file, marked as from the internet. */
  private async complete(task: Task): Promise<void> {
    const stored = task.stored;
    const part = this.partPath(task);
    const partStat = await fsp.lstat(part).catch(() => null);
    // Only the file this download wrote becomes the target: not a link, not a file swapped in meanwhile.
    const identity = task.partIdentity;
    if (!partStat?.isFile() || (identity && (partStat.dev !== identity.dev || partStat.ino !== identity.ino))) {
      await this.startOver(task);
      throw new AppError('IO_ERROR', `${stored.fileName}.part in ${stored.folder} was replaced while it downloaded, so it was not used. Press Retry to download it again.`);
    }
    const size = partStat.size;
    if (stored.totalBytes !== null && size !== stored.totalBytes) {
      throw new AppError('IO_ERROR', `${stored.fileName} has ${formatSize(size)} on disk but the server sent ${formatSize(stored.totalBytes)}. Press Retry to download it again.`);
    }
    let verified: DownloadItem['verified'] = 'size';
    if (stored.checksum) {
      const running = task.hash?.bytes === size ? task.hash : await hashPrefix(part, size);
      const digest = running.hash.digest('hex');
      task.hash = null;
      if (digest !== stored.checksum) {
        await this.discardPart(task);
        stored.receivedBytes = 0;
        throw new AppError('IO_ERROR', `${stored.fileName} did not match the checksum the server sent, so it was discarded. Press Retry to download it again.`);
      }
      verified = 'checksum';
    }
    // Someone created the file meanwhile: keep theirs and ours.
    if (!stored.overwrite && pathTaken(fsPath(stored.targetPath, this.platform))) this.rename(task, stored.fileName);
    const target = fsPath(stored.targetPath, this.platform);
    try {
      await fsp.rename(part, target);
    } catch (error) {
      throw new AppError('IO_ERROR', `${stored.fileName} cannot be saved in ${stored.folder}: ${(error as { code?: string }).code ?? 'unknown error'}.`);
    }
    stored.flushedBytes = null;
    task.partIdentity = null;
    await this.mark(task, target);
    stored.receivedBytes = size;
    stored.totalBytes = size;
    stored.verified = verified;
    stored.error = null;
    stored.finishedAt = this.now();
    task.note = undefined;
    this.setState(task, 'completed');
    this.options.onFinished?.(this.itemOf(task));
    this.options.events.emit('downloads.finished', this.itemOf(task));
  }

  /** The "from the internet" mark (issue 10 point 4); a mark that cannot be written never fails the download. */
  private async mark(task: Task, target: string): Promise<void> {
    try {
      await this.markFromInternet(target, originOf(this.options.api().baseUrl));
    } catch (error) {
      this.options.log?.(`downloads: the "from the internet" mark could not be set on ${task.stored.fileName}`, error);
    }
  }

  private async startOver(task: Task): Promise<void> {
    await this.discardPart(task);
    task.stored.receivedBytes = 0;
    task.stored.etag = null;
    task.stored.lastModified = null;
    task.stored.checksum = null;
    this.persist(task);
  }

  private async stopped(task: Task): Promise<void> {
    const reason = task.stopReason;
    task.stored.receivedBytes = await this.partSize(task);
    task.hash = task.hash?.bytes === task.stored.receivedBytes ? task.hash : null;
    switch (reason) {
      case 'pause':
        this.setState(task, 'paused');
        break;
      case 'cancel':
      case 'remove':
        await this.discardPart(task);
        task.stored.receivedBytes = 0;
        task.stored.finishedAt = this.now();
        this.setState(task, 'canceled');
        break;
      case 'signout':
        task.waitingForSignIn = true;
        task.note = 'Waiting for you to sign in again.';
        this.setState(task, 'queued');
        break;
      default:
        // Shutdown: stays queued so the next start resumes it.
        task.stored.state = 'queued';
        this.persist(task);
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
      this.setState(task, 'queued');
      return;
    }
    task.stored.error = shape;
    task.stored.finishedAt = this.now();
    task.note = undefined;
    this.setState(task, 'failed');
    this.options.onFinished?.(this.itemOf(task));
    this.options.events.emit('downloads.finished', this.itemOf(task));
  }

  private progress(task: Task, position: number): void {
    task.stored.receivedBytes = position;
    const now = this.now();
    task.samples.push({ at: now, bytes: position });
    while (task.samples.length > 2 && now - task.samples[0]!.at > SPEED_WINDOW_MS) task.samples.shift();
    if (now - task.lastPersist >= (this.options.persistIntervalMs ?? 1_000)) this.persist(task);
    this.emitThrottled(task);
  }

  private speedOf(task: Task): number {
    if (task.stored.state !== 'downloading' || task.samples.length < 2) return 0;
    const first = task.samples[0]!;
    const last = task.samples[task.samples.length - 1]!;
    const seconds = (last.at - first.at) / 1000;
    if (seconds <= 0) return 0;
    // Stale samples (a stall) mean no speed, not the last burst's.
    if (this.now() - last.at > SPEED_WINDOW_MS) return 0;
    return (last.bytes - first.bytes) / seconds;
  }

  private itemOf(task: Task): DownloadItem {
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
    };
  }

  private setState(task: Task, state: DownloadState): void {
    task.stored.state = state;
    this.persist(task);
    this.emitNow(task);
  }

  private persist(task: Task): void {
    task.lastPersist = this.now();
    task.stored.updatedAt = task.lastPersist;
    if (!this.tasks.has(task.stored.id)) return;
    try {
      this.options.store.update(task.stored);
    } catch {
      // The list could not be saved (disk trouble); the download itself goes on and its .part stays the truth.
    }
  }

  private emitNow(task: Task): void {
    if (task.emitTimer) {
      clearTimeout(task.emitTimer);
      task.emitTimer = null;
    }
    task.lastEmit = this.now();
    this.options.events.emit('downloads.changed', this.itemOf(task));
    this.emitSummary();
  }

  /** Progress events at most every progressIntervalMs per download; the latest state always goes out. */
  private emitThrottled(task: Task): void {
    const interval = this.options.progressIntervalMs ?? 100;
    const wait = task.lastEmit + interval - this.now();
    if (wait <= 0) return this.emitNow(task);
    task.emitTimer ??= setTimeout(() => {
      task.emitTimer = null;
      if (this.tasks.has(task.stored.id)) this.emitNow(task);
    }, wait);
  }

  private emitSummary(): void {
    const summary = this.summary();
    const key = `${summary.active}:${summary.fraction === null ? '-' : summary.fraction.toFixed(3)}`;
    if (key === this.lastSummary) return;
    this.lastSummary = key;
    this.options.onSummary?.(summary);
  }
}
