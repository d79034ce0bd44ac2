/**
 * The download manager: a queue of downloads streamed straight to disk with
 * got, a parallel limit, pause/resume/cancel/retry, an optional bandwidth
 * limit, and resume that survives dropped connections (Range + If-Range,
 * retries with backoff), expired access tokens (renewed, then continued) and
 * restarts (state in SQLite, the `.part` on disk is the truth).
 *
 * A download writes `<name>.part` beside its target and is renamed only when
 * its size (always) and checksum (when the server sent one) match.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, promises as fsp } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { HTTPError, RequestError, TimeoutError, type Request } from 'got';
import { AppError } from '../../../shared/errors';
import {
  ACTIVE_DOWNLOAD_STATES,
  type CollisionPolicy,
  type DownloadConflict,
  type DownloadItem,
  type DownloadRequest,
  type DownloadStartResult,
  type DownloadState,
  type DownloadsSummary,
} from '../../../shared/model/downloads';
import { collisionKey, sanitizeFileName } from '../../../shared/rules/file-names';
import { MESSAGES } from '../../../shared/rules/messages';
import type { ApiClient } from '../api/api-client';
import { hostOf } from '../api/http-errors';
import type { EventBus } from '../events';
import type { DownloadStore, StoredDownload } from './download-store';
import { hashPrefix, newRunningHash, PartWriter, RateLimiter, realPartFileSystem, type PartFileSystem, type RunningHash } from './part-file';
import { describeFsError, formatSize, freeBytes, fsPath, pathApiFor, PART_SUFFIX, prepareFolder, targetInside, uniqueName } from './paths';

export interface DownloadSettings {
  /** Downloads running at once (default 3). */
  parallelDownloads: number;
  /** Bandwidth limit for all downloads together in KiB/s; 0 = none. */
  downloadLimitKBps: number;
}

export interface DownloadManagerOptions {
  store: DownloadStore;
  /** The signed-in session's API client (throws NOT_SIGNED_IN otherwise). */
  api: () => ApiClient;
  /** The signed-in profile: downloads belong to the server they came from. */
  scope: () => string | null;
  events: EventBus;
  settings: () => DownloadSettings;
  platform?: NodeJS.Platform;
  fs?: PartFileSystem;
  /** Waits between attempts after a drop; a download fails after as many attempts in a row without progress. */
  retryDelaysMs?: readonly number[];
  /** At most one progress event per download per this many ms (default 100: ~10 a second). */
  progressIntervalMs?: number;
  /** How often the received offset is written to SQLite while downloading (default 1 s). */
  persistIntervalMs?: number;
  freeBytes?: (folder: string) => Promise<number | null>;
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
const ERROR_BODY_LIMIT = 64 * 1024;

type StopReason = 'pause' | 'cancel' | 'signout' | 'shutdown' | 'remove';

interface Task {
  stored: StoredDownload;
  controller: AbortController | null;
  stopReason: StopReason | null;
  running: Promise<void> | null;
  hash: RunningHash | null;
  samples: Array<{ at: number; bytes: number }>;
  lastEmit: number;
  lastPersist: number;
  emitTimer: NodeJS.Timeout | null;
  note?: string;
  /** Held until the technician signs in again (the session expired mid-download). */
  waitingForSignIn: boolean;
}

/** A failure that another attempt may cure (a drop, a timeout, a 5xx). */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'RetryableError';
  }
}

/** The server answered 200 or a different range: the bytes on disk are no longer the file's. */
class StartOverError extends Error {}

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

const seg = encodeURIComponent;

/** The API path of a download (spec §7). */
export function downloadPath(request: DownloadRequest): string {
  const base = `backup/lockhart`;
  switch (request.kind) {
    case 'revision':
      return `${base}/nodes/${request.nodeId}/plans/${seg(request.planUid)}/revisions/${seg(request.revisionId)}/data`;
    case 'folder':
      return `${base}/nodes/${request.nodeId}/plans/${seg(request.planUid)}/folders/${seg(request.folderId)}/jobs/${seg(request.jobId)}/data?restoreDeleted=${request.restoreDeleted}`;
    case 'image': {
      const fileBase64 = Buffer.from(request.path, 'utf8').toString('base64');
      return `${base}/image/nodes/${request.nodeId}/plans/${seg(request.planUid)}/revisions/${seg(request.revisionId)}/download?fileBase64=${seg(fileBase64)}&type=${request.type}`;
    }
  }
}

/** The file name a download gets: the listing's name, a folder's as ".zip". */
export function downloadFileName(request: DownloadRequest): string {
  const zipped = request.kind === 'folder' || (request.kind === 'image' && request.type === 'FOLDER');
  const name = sanitizeFileName(request.name);
  return zipped && !name.toLowerCase().endsWith('.zip') ? sanitizeFileName(`${name}.zip`) : name;
}

/** The sha256 the server announced: `x-checksum-sha256: <hex>`, or `Repr-Digest`/`Digest` with sha-256 (base64). */
export function checksumFrom(headers: IncomingHttpHeaders): string | null {
  const hex = headers['x-checksum-sha256'];
  if (typeof hex === 'string' && /^[0-9a-f]{64}$/i.test(hex.trim())) return hex.trim().toLowerCase();
  for (const name of ['repr-digest', 'digest']) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    const match = /sha-256=:?([A-Za-z0-9+/=]{44}):?/i.exec(value);
    if (match?.[1]) {
      const bytes = Buffer.from(match[1], 'base64');
      if (bytes.length === 32) return bytes.toString('hex');
    }
  }
  return null;
}

/** `bytes a-b/total` → its parts; null when unreadable. */
export function parseContentRange(value: string | undefined): { start: number; end: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '*' ? null : Number(match[3]);
  if (end < start || (total !== null && end >= total)) return null;
  return { start, end, total };
}

function waitForResponse(stream: Request): Promise<{ statusCode: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      stream.off('response', onResponse);
      reject(error);
    };
    const onResponse = (response: { statusCode: number; headers: IncomingHttpHeaders }) => {
      stream.off('error', onError);
      resolve(response);
    };
    stream.once('error', onError);
    stream.once('response', onResponse);
  });
}

async function readErrorBody(stream: Request): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > ERROR_BODY_LIMIT) break;
      chunks.push(chunk as Buffer);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    stream.destroy();
  }
}

/**
 * Pipes the response into the .part. When the connection fails (or the
 * download is paused), the bytes already received are still written before
 * the error is passed on, so a resume asks only for what never arrived.
 */
function drainInto(source: Request, writer: PartWriter, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const stopSource = (error: unknown) => {
      if (failure !== null) return;
      failure = error;
      source.unpipe(writer);
      source.destroy();
      writer.end();
    };
    const onAbort = () => stopSource(signal.reason ?? new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    source.once('error', stopSource);
    writer.once('finish', () => {
      signal.removeEventListener('abort', onAbort);
      if (failure !== null) reject(failure);
      else resolve();
    });
    writer.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      source.destroy();
      reject(error);
    });
    if (signal.aborted) onAbort();
    else source.pipe(writer);
  });
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export class DownloadManager {
  private readonly tasks = new Map<string, Task>();
  private readonly limiter = new RateLimiter();
  private readonly platform: NodeJS.Platform;
  private readonly fs: PartFileSystem;
  private readonly retryDelays: readonly number[];
  private readonly now: () => number;
  private disposed = false;
  private lastSummary = '';

  constructor(private readonly options: DownloadManagerOptions) {
    this.platform = options.platform ?? process.platform;
    this.fs = options.fs ?? realPartFileSystem;
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? Date.now;
    for (const stored of options.store.all()) {
      // A download that was running when the console stopped continues where its .part ends.
      if (stored.state === 'downloading') stored.state = 'queued';
      this.tasks.set(stored.id, this.newTask(stored));
    }
    this.applySettings();
  }

  private newTask(stored: StoredDownload): Task {
    return { stored, controller: null, stopReason: null, running: null, hash: null, samples: [], lastEmit: 0, lastPersist: 0, emitTimer: null, waitingForSignIn: false };
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
   */
  start(input: StartDownloadsInput): DownloadStartResult {
    const scope = this.options.scope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    const folder = prepareFolder(input.folder, this.platform);
    const path = pathApiFor(this.platform);
    const taken = new Set<string>();
    for (const task of this.tasks.values()) {
      if (task.stored.state !== 'completed' && task.stored.state !== 'canceled') taken.add(collisionKey(task.stored.targetPath));
    }
    const exists = (p: string) => existsSync(p);
    const planned: Array<{ request: DownloadRequest; fileName: string; overwrite: boolean }> = [];
    const conflicts: DownloadConflict[] = [];
    const skipped: string[] = [];
    input.items.forEach((request, index) => {
      const wanted = downloadFileName(request);
      const target = targetInside(folder, wanted, this.platform);
      const onDisk = exists(fsPath(target, this.platform));
      const inUse = taken.has(collisionKey(target));
      if (!onDisk && !inUse) {
        planned.push({ request, fileName: wanted, overwrite: false });
        taken.add(collisionKey(target));
        return;
      }
      // Two downloads of one batch (or one already running) never share a name: the later one gets a number.
      if (!onDisk) {
        const fileName = uniqueName(folder, wanted, taken, exists, this.platform);
        taken.add(collisionKey(path.join(folder, fileName)));
        planned.push({ request, fileName, overwrite: false });
        return;
      }
      const policy = input.policies?.[String(index)] ?? input.applyToAll;
      if (!policy) {
        conflicts.push({ index, fileName: wanted });
        return;
      }
      if (policy === 'skip') {
        skipped.push(wanted);
        return;
      }
      // Overwriting is for files on disk; a name another download is writing gets a number instead.
      if (policy === 'overwrite' && !inUse) {
        planned.push({ request, fileName: wanted, overwrite: true });
        taken.add(collisionKey(target));
        return;
      }
      const fileName = uniqueName(folder, wanted, taken, exists, this.platform);
      taken.add(collisionKey(path.join(folder, fileName)));
      planned.push({ request, fileName, overwrite: false });
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
    }));
    this.options.store.insertMany(created);
    for (const stored of created) {
      const task = this.newTask(stored);
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

  private async discardPart(task: Task): Promise<void> {
    await fsp.rm(this.partPath(task), { force: true }).catch(() => undefined);
    task.hash = null;
  }

  /** Bytes of the .part on disk (the truth after any failure); 0 when there is none. */
  private async partSize(task: Task): Promise<number> {
    try {
      return (await fsp.stat(this.partPath(task))).size;
    } catch {
      return 0;
    }
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
    let failuresWithoutProgress = 0;
    let startOvers = 0;
    for (;;) {
      const before = task.stored.receivedBytes;
      task.controller = new AbortController();
      try {
        await this.attempt(task, task.controller.signal);
        await this.complete(task);
        return;
      } catch (error) {
        if (task.stopReason) return this.stopped(task);
        if (error instanceof StartOverError && ++startOvers <= 3) continue;
        if (error instanceof StartOverError) return this.fail(task, new AppError('SERVER_ERROR', `The server kept changing ${task.stored.fileName} while it downloaded. Press Retry to try again.`));
        if (!(error instanceof RetryableError)) return this.fail(task, error);
        failuresWithoutProgress = task.stored.receivedBytes > before ? 1 : failuresWithoutProgress + 1;
        const delay = this.retryDelays[failuresWithoutProgress - 1];
        if (delay === undefined) return this.fail(task, new AppError('OFFLINE', `${error.message} The download stopped after ${this.retryDelays.length} tries; press Retry to resume it.`));
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

  /** One request: from the end of the .part to the end of the file. */
  private async attempt(task: Task, signal: AbortSignal): Promise<void> {
    const api = this.options.api();
    const stored = task.stored;
    let start = await this.partSize(task);
    const validator = stored.etag ?? stored.lastModified;
    // Without a validator the bytes on disk cannot be trusted to be this file's: start over.
    if (start > 0 && !validator) start = 0;
    if (start > 0 && stored.totalBytes !== null && start > stored.totalBytes) start = 0;
    let token = await api.bearerToken();
    let renewed = false;
    for (;;) {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
      if (start > 0 && validator) {
        headers.range = `bytes=${start}-`;
        headers['if-range'] = validator;
      }
      const stream = api.downloadStream(downloadPath(stored.request), headers, signal);
      let response: { statusCode: number; headers: IncomingHttpHeaders };
      try {
        response = await waitForResponse(stream);
      } catch (error) {
        stream.destroy();
        throw this.transportError(error, api);
      }
      const status = response.statusCode;
      if (status === 401 && !renewed) {
        stream.destroy();
        // The access token expired (or was revoked) mid-download: renew it and carry on.
        token = await api.renewRejectedToken(token);
        renewed = true;
        continue;
      }
      if (status === 416) {
        stream.destroy();
        if (stored.totalBytes !== null && start === stored.totalBytes) return;
        await this.startOver(task);
        throw new StartOverError();
      }
      if (status !== 200 && status !== 206) {
        const body = await readErrorBody(stream);
        throw this.httpError(status, body, api);
      }
      let total: number | null;
      if (status === 206) {
        const range = parseContentRange(response.headers['content-range']);
        if (!range || range.start !== start) {
          stream.destroy();
          await this.startOver(task);
          throw new StartOverError();
        }
        total = range.total;
      } else {
        // 200: the whole file. When a range was asked for, the file changed (If-Range) or ranges are not served.
        start = 0;
        const length = Number(response.headers['content-length']);
        total = Number.isFinite(length) && length >= 0 ? length : null;
      }
      const checksum = checksumFrom(response.headers);
      const etag = typeof response.headers.etag === 'string' && !response.headers.etag.startsWith('W/') ? response.headers.etag : null;
      if (status === 200 || stored.etag === null) {
        stored.etag = etag;
        stored.lastModified = typeof response.headers['last-modified'] === 'string' ? response.headers['last-modified'] : null;
      }
      if (status === 200 || checksum) stored.checksum = checksum;
      stored.totalBytes = total;
      stored.receivedBytes = start;
      this.persist(task);
      this.emitNow(task);

      if (total !== null) {
        const free = await (this.options.freeBytes ?? freeBytes)(stored.folder);
        const needed = total - start;
        if (free !== null && needed > free) {
          stream.destroy();
          throw new AppError(
            'DISK_FULL',
            `Not enough free space in ${stored.folder}: ${stored.fileName} needs ${formatSize(needed)} more and ${formatSize(free)} is free.`,
          );
        }
      }

      if (stored.checksum) {
        if (start === 0) task.hash = newRunningHash();
        else if (task.hash?.bytes !== start) task.hash = await hashPrefix(this.partPath(task), start, signal);
      } else {
        task.hash = null;
      }

      let handle: Awaited<ReturnType<PartFileSystem['open']>>;
      try {
        handle = await this.fs.open(this.partPath(task), start === 0 ? 'w' : 'r+');
      } catch (error) {
        stream.destroy();
        throw this.fileError(error, task);
      }
      const writer = new PartWriter({
        handle,
        position: start,
        hash: task.hash,
        limiter: this.limiter,
        signal,
        onWritten: (position) => this.progress(task, position),
        // Injected file systems (tests) see every write through the handle.
        syncWrites: this.fs === realPartFileSystem,
      });
      try {
        await drainInto(stream, writer, signal);
        if (total !== null && writer.position < total) {
          throw new RetryableError(`The connection to ${hostOf(api.baseUrl)} ended early.`, 'ERR_STREAM_PREMATURE_CLOSE');
        }
        // No fsync: it would wait for the whole file to reach the platter (seconds per GiB), and a
        // download lost to a power cut is simply downloaded again; the size and checksum checks below
        // read what the file system holds.
      } catch (error) {
        if (task.hash && task.hash.bytes !== writer.position) task.hash = null;
        stored.receivedBytes = writer.position;
        throw error instanceof RetryableError || signal.aborted ? error : this.classifyStreamError(error, task, api);
      } finally {
        await handle.close().catch(() => undefined);
      }
      stored.receivedBytes = writer.position;
      if (total === null) stored.totalBytes = writer.position;
      return;
    }
  }

  /** Size (always) and checksum (when sent) verified, then the .part becomes the file. */
  private async complete(task: Task): Promise<void> {
    const stored = task.stored;
    const size = await this.partSize(task);
    if (stored.totalBytes !== null && size !== stored.totalBytes) {
      throw new AppError('IO_ERROR', `${stored.fileName} has ${formatSize(size)} on disk but the server sent ${formatSize(stored.totalBytes)}. Press Retry to download it again.`);
    }
    let verified: DownloadItem['verified'] = 'size';
    if (stored.checksum) {
      const running = task.hash?.bytes === size ? task.hash : await hashPrefix(this.partPath(task), size);
      const digest = running.hash.digest('hex');
      task.hash = null;
      if (digest !== stored.checksum) {
        await this.discardPart(task);
        stored.receivedBytes = 0;
        throw new AppError('IO_ERROR', `${stored.fileName} did not match the checksum the server sent, so it was discarded. Press Retry to download it again.`);
      }
      verified = 'checksum';
    }
    let target = stored.targetPath;
    const path = pathApiFor(this.platform);
    if (!stored.overwrite && existsSync(fsPath(target, this.platform))) {
      // Someone created the file meanwhile: keep theirs and ours.
      const taken = new Set([...this.tasks.values()].filter((t) => t !== task && t.stored.state !== 'completed').map((t) => collisionKey(t.stored.targetPath)));
      stored.fileName = uniqueName(stored.folder, stored.fileName, taken, existsSync, this.platform);
      target = path.join(stored.folder, stored.fileName);
      stored.targetPath = target;
    }
    try {
      await fsp.rename(this.partPath(task), fsPath(target, this.platform));
    } catch (error) {
      throw this.fileError(error, task);
    }
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

  private transportError(error: unknown, api: ApiClient): Error {
    if (error instanceof AppError) return error;
    const host = hostOf(api.baseUrl);
    if (error instanceof TimeoutError) return new RetryableError(`${host} stopped answering.`, 'ETIMEDOUT');
    if (error instanceof RequestError && error.code && NETWORK_CODES.has(error.code)) return new RetryableError(`The connection to ${host} was lost.`, error.code);
    if (error instanceof RequestError) return new RetryableError(`The connection to ${host} failed.`, error.code ?? 'EREQUEST');
    return new RetryableError(`The connection to ${host} failed.`, 'EREQUEST');
  }

  private classifyStreamError(error: unknown, task: Task, api: ApiClient): Error {
    const code = (error as { code?: string } | null)?.code;
    if (code && DISK_FULL_CODES.has(code)) return this.fileError(error, task);
    if (error instanceof HTTPError || error instanceof RequestError || (code && NETWORK_CODES.has(code))) return this.transportError(error, api);
    if (code && /^E[A-Z]+$/.test(code)) return this.fileError(error, task);
    return this.transportError(error, api);
  }

  private fileError(error: unknown, task: Task): AppError {
    const code = (error as { code?: string } | null)?.code;
    if (code && DISK_FULL_CODES.has(code)) {
      return new AppError(
        'DISK_FULL',
        `The disk holding ${task.stored.folder} is full. ${formatSize(task.stored.receivedBytes)} of ${task.stored.fileName} are kept; free some space, then press Retry to resume.`,
      );
    }
    return new AppError('IO_ERROR', `${task.stored.fileName} cannot be written to ${task.stored.folder}: ${describeFsError(error)}.`);
  }

  private httpError(status: number, body: unknown, api: ApiClient): Error {
    const host = hostOf(api.baseUrl);
    const code = (body as { error?: unknown } | undefined)?.error;
    if (status === 409 || code === 'download_unavailable') return new AppError('UNAVAILABLE', MESSAGES.browserDownloadUnavailable);
    if (status === 401) return new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
    if (status === 403) return new AppError('FORBIDDEN', 'You do not have permission to download this.');
    if (status === 404) return new AppError('NOT_FOUND', 'The file is no longer on the server.');
    if (status === 408 || status === 429 || status >= 500) return new RetryableError(`${host} answered with an error (${status}).`, `HTTP_${status}`);
    return new AppError('SERVER_ERROR', `${host} refused the download (${status}).`);
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
