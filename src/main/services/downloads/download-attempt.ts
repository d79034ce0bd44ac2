/**
 * One download attempt: a request from the end of the `.part` (Range +
 * If-Range) to the end of the file, the answer read through the decision
 * table, the body written into the `.part` within its size bound, and the
 * offset recorded only once it is on disk.
 */
import type { FileHandle } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../../../shared/errors';
import type { DownloadRequest } from '../../../shared/model/downloads';
import { pathSegment as seg } from '../../../shared/rules/platform/api-paths';
import type { ApiClient } from '../platform/api/api-client';
import { hostOf } from '../platform/api/http-errors';
import { checksumFrom, interpretAnswer, resumePlan, sizeLimitFor } from './download-decisions';
import { fileError, httpError, partLinkError, partReplacedError, RetryableError, sizeLimitError, StartOverError, streamError, transportError } from './download-errors';
import { fileNameFromAnswer } from './download-names';
import { drainFastInto, drainInto, readErrorBody, waitForResponse, writerClosed } from './download-stream';
import { fastGet, type FastAnswer } from './fast-body';
import { dropHash, type Task } from './download-task';
import { hashPrefix, isPartLinkError, isPartReplacedError, newRunningHash, openPartFile, PartWriter, type PartFileSystem, type RateLimiter } from '../platform/files/part-file';
import { formatSize } from '../platform/files/paths';

/** The API path of a download (spec §7); INVALID_INPUT for an id that cannot be a path segment (../../../shared/rules/platform/api-paths.ts). */
export function downloadPath(request: DownloadRequest): string {
  const base = `backup/lockhart`;
  switch (request.kind) {
    case 'revision':
      return `${base}/nodes/${seg(request.nodeId)}/plans/${seg(request.planUid)}/revisions/${seg(request.revisionId)}/data`;
    case 'folder':
      return `${base}/nodes/${seg(request.nodeId)}/plans/${seg(request.planUid)}/folders/${seg(request.folderId)}/jobs/${seg(request.jobId)}/data?restoreDeleted=${request.restoreDeleted}`;
    case 'image': {
      const fileBase64 = Buffer.from(request.path, 'utf8').toString('base64');
      return `${base}/image/nodes/${seg(request.nodeId)}/plans/${seg(request.planUid)}/revisions/${seg(request.revisionId)}/download?fileBase64=${encodeURIComponent(fileBase64)}&type=${request.type}`;
    }
  }
}

/** What an attempt needs from the manager. */
export interface AttemptContext {
  api: ApiClient;
  fs: PartFileSystem;
  limiter: RateLimiter;
  /** Synchronous batch writes while the disk is fast (the real file system only: injected ones see every write). */
  syncWrites: boolean;
  /** Bodies read by the socket reader; false: through got's stream. */
  fastBodies: boolean;
  syncEveryBytes: number;
  maxUnknownSizeGb: number;
  /** This boot of the machine: recorded as the one the `.part` is written on. */
  bootId: string;
  freeBytes(folder: string): Promise<number | null>;
  partPath(task: Task): string;
  /** Bytes of the task's own `.part` (0 when there is none, or when a link stands there). */
  partSize(task: Task): Promise<number>;
  persist(task: Task): void;
  emitNow(task: Task): void;
  progress(task: Task, position: number): void;
  /** Discards the `.part` and the validators: the next attempt starts from 0. */
  startOver(task: Task): Promise<void>;
  /** The first answer names a download queued under a stand-in name (null: it names none). */
  settleName(task: Task, answerName: string | null): void;
  /** Something the download did not create is at its `.part` path: move to another name. */
  avoidStray(task: Task): void;
}

/** Records an offset known to be on disk (only flushed offsets are recorded). */
function recordFlushed(ctx: AttemptContext, task: Task, position: number): void {
  if (task.stored.flushedBytes === null) return;
  task.stored.flushedBytes = position;
  ctx.persist(task);
}

/** After a restart, bytes past the recorded flushed offset are cut off before anything is trusted. */
async function truncatePart(ctx: AttemptContext, task: Task, length: number): Promise<void> {
  let handle: FileHandle | null = null;
  try {
    handle = await openPartFile(ctx.fs, ctx.partPath(task), 'resume');
    await handle.truncate(length);
  } catch (error) {
    throw isPartLinkError(error) ? partLinkError(task.stored) : fileError(error, task.stored);
  } finally {
    await handle?.close().catch(() => undefined);
  }
  task.stored.receivedBytes = length;
  dropHash(task);
  ctx.persist(task);
}

/**
 * Opens the task's own `.part`, never a stray file, a link or a file swapped
 * in for it. Written again from 0, nothing of the old
 * `.part` is on disk any more: its flushed offset goes to 0 in SQLite before
 * the file is emptied, so a power loss before the next flush never trusts an
 * old offset over new, unflushed bytes.
 */
async function openOwnPart(ctx: AttemptContext, task: Task, start: number): Promise<FileHandle> {
  for (let tries = 0; ; tries++) {
    const mode = task.stored.flushedBytes === null ? 'create' : start === 0 ? 'truncate' : 'resume';
    if (mode === 'truncate' && task.stored.flushedBytes !== 0) {
      task.stored.flushedBytes = 0;
      ctx.persist(task);
    }
    try {
      const handle = await openPartFile(ctx.fs, ctx.partPath(task), mode, mode === 'create' ? null : task.partIdentity);
      // From here on its bytes are written on this boot: a crash of the console keeps them, a restart of the machine may not.
      if (task.stored.flushedBytes === null || task.stored.writtenBoot !== ctx.bootId) {
        task.stored.flushedBytes ??= 0;
        task.stored.writtenBoot = ctx.bootId;
        ctx.persist(task);
      }
      return handle;
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (mode === 'create' && (code === 'EEXIST' || isPartLinkError(error)) && tries < 3) {
        ctx.avoidStray(task);
        continue;
      }
      if (isPartReplacedError(error)) {
        // Not this download's bytes: dropped from the record (the file itself is left alone), started again on Retry.
        await ctx.startOver(task);
        throw partReplacedError(task.stored);
      }
      throw isPartLinkError(error) ? partLinkError(task.stored) : fileError(error, task.stored);
    }
  }
}

/** An answer to a download request, whichever reader reads its body. */
interface DownloadAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** An error answer's body (bounded), parsed as JSON when it is. */
  errorBody(): Promise<unknown>;
  drain(writer: PartWriter, signal: AbortSignal): Promise<void>;
  destroy(): void;
}

/** An error answer's body is read up to this size (it is only looked at for an error code). */
const ERROR_BODY_LIMIT = 64 * 1024;

async function fastErrorBody(answer: FastAnswer): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    await answer.read((view) => {
      size += view.length;
      if (size > ERROR_BODY_LIMIT) {
        answer.destroy();
        return false;
      }
      chunks.push(Buffer.from(view));
      return true;
    });
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    answer.destroy();
  }
}

/**
 * Sends one download request. With the socket reader, the answer's body is
 * read at curl's cost; a redirect is handed to got instead, whose redirect
 * policy decides where credentials may go.
 */
async function openAnswer(ctx: AttemptContext, path: string, headers: Record<string, string>, signal: AbortSignal, host: string): Promise<DownloadAnswer> {
  if (ctx.fastBodies) {
    const { url, userAgent } = ctx.api.downloadTarget(path);
    let fast: FastAnswer;
    try {
      fast = await fastGet({ url, headers: { 'user-agent': userAgent, ...headers }, connectTimeoutMs: 10_000, idleTimeoutMs: 60_000, signal });
    } catch (error) {
      throw transportError(error, host);
    }
    if (fast.statusCode < 300 || fast.statusCode >= 400) {
      return {
        statusCode: fast.statusCode,
        headers: fast.headers,
        errorBody: () => fastErrorBody(fast),
        drain: (writer, abort) => drainFastInto(fast, writer, abort),
        destroy: () => fast.destroy(),
      };
    }
    fast.destroy();
  }
  const stream = ctx.api.downloadStream(path, headers, signal);
  let response: { statusCode: number; headers: IncomingHttpHeaders };
  try {
    response = await waitForResponse(stream);
  } catch (error) {
    stream.destroy();
    throw transportError(error, host);
  }
  return {
    ...response,
    errorBody: () => readErrorBody(stream),
    drain: (writer, abort) => drainInto(stream, writer, abort),
    destroy: () => stream.destroy(),
  };
}

function rememberValidators(task: Task, status: number, headers: IncomingHttpHeaders): void {
  const stored = task.stored;
  const checksum = checksumFrom(headers);
  const etag = typeof headers.etag === 'string' && !headers.etag.startsWith('W/') ? headers.etag : null;
  if (status === 200 || stored.etag === null) {
    stored.etag = etag;
    stored.lastModified = typeof headers['last-modified'] === 'string' ? headers['last-modified'] : null;
  }
  if (status === 200 || checksum) stored.checksum = checksum;
}

/** One request: from the end of the .part to the end of the file. */
export async function runAttempt(ctx: AttemptContext, task: Task, signal: AbortSignal): Promise<void> {
  const { api } = ctx;
  const stored = task.stored;
  const host = hostOf(api.baseUrl);
  task.origin = api.apiOrigin;
  const plan = resumePlan({
    partSize: stored.flushedBytes === null ? 0 : await ctx.partSize(task),
    flushedBytes: stored.flushedBytes,
    afterRestart: task.afterRestart,
    sameBoot: task.sameBoot,
    validator: stored.etag ?? stored.lastModified,
    knownTotal: stored.totalBytes,
  });
  if (plan.truncateTo !== null) await truncatePart(ctx, task, plan.truncateTo);
  task.afterRestart = false;
  task.sameBoot = true;
  let start = plan.start;
  let token = await api.bearerToken();
  let renewed = false;
  for (;;) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
    const validator = stored.etag ?? stored.lastModified;
    if (start > 0 && validator) {
      headers.range = `bytes=${start}-`;
      headers['if-range'] = validator;
    }
    const response = await openAnswer(ctx, downloadPath(stored.request), headers, signal, host);
    const stream = response;
    const decision = interpretAnswer(response.statusCode, response.headers, { start, knownTotal: stored.totalBytes, renewed });
    if (decision.kind === 'renew') {
      stream.destroy();
      // The access token expired (or was revoked) mid-download: renew it and carry on.
      token = await api.renewRejectedToken(token);
      renewed = true;
      continue;
    }
    if (decision.kind === 'rejected-after-renewal') {
      stream.destroy();
      // Not "waiting for sign-in" while the console still looks signed in: the session ends and says why.
      throw api.rejectedAfterRenewal();
    }
    if (decision.kind === 'already-complete') {
      stream.destroy();
      return;
    }
    if (decision.kind === 'start-over') {
      stream.destroy();
      await ctx.startOver(task);
      throw new StartOverError();
    }
    if (decision.kind === 'error') throw httpError(response.statusCode, await response.errorBody(), host);
    start = decision.start;
    const total = decision.total;
    if (!stored.nameSettled) ctx.settleName(task, fileNameFromAnswer(stored.request, response.headers));
    rememberValidators(task, response.statusCode, response.headers);
    stored.totalBytes = total;
    task.sizeAnnounced = total !== null;
    stored.receivedBytes = start;
    ctx.persist(task);
    ctx.emitNow(task);
    await writeBody(ctx, task, { stream, start, total, host }, signal);
    return;
  }
}

async function writeBody(
  ctx: AttemptContext,
  task: Task,
  answer: { stream: DownloadAnswer; start: number; total: number | null; host: string },
  signal: AbortSignal,
): Promise<void> {
  const stored = task.stored;
  const { stream, start, total, host } = answer;
  if (total !== null) {
    const free = await ctx.freeBytes(stored.folder);
    const needed = total - start;
    if (free !== null && needed > free) {
      stream.destroy();
      throw new AppError('DISK_FULL', `Not enough free space in ${stored.folder}: ${stored.fileName} needs ${formatSize(needed)} more and ${formatSize(free)} is free.`);
    }
  }
  let handle: FileHandle;
  try {
    handle = await openOwnPart(ctx, task, start);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  let writer: PartWriter | null = null;
  try {
    const stat = await handle.stat();
    task.partIdentity = { dev: stat.dev, ino: stat.ino };
    // The hashing worker reads the bytes back from this very .part (checked by identity).
    const followed = { path: ctx.partPath(task), identity: task.partIdentity };
    // A running hash for every download (not only when the server sent a checksum): the receipt's sha256 of
    // what was written then costs no second read of the file.
    if (start === 0) {
      dropHash(task);
      task.hash = newRunningHash(followed);
    } else if (task.hash?.bytes !== start) {
      dropHash(task);
      task.hash = await hashPrefix(handle, start, signal, followed);
    }
    const { limit, announced } = sizeLimitFor(total, ctx.maxUnknownSizeGb);
    writer = new PartWriter({
      handle,
      position: start,
      hash: task.hash,
      limiter: ctx.limiter,
      signal,
      onWritten: (position) => ctx.progress(task, position),
      syncWrites: ctx.syncWrites,
      syncEveryBytes: ctx.syncEveryBytes,
      onSynced: (position) => recordFlushed(ctx, task, position),
      maxPosition: limit,
      limitError: () => sizeLimitError(stored, limit, announced, host),
    });
    await stream.drain(writer, signal);
    if (total !== null && writer.position < total) {
      throw new RetryableError(`The connection to ${host} ended early.`, 'ERR_STREAM_PREMATURE_CLOSE');
    }
  } catch (error) {
    stream.destroy();
    if (writer) await writerClosed(writer);
    const position = writer?.position ?? start;
    if (task.hash && task.hash.bytes !== position) dropHash(task);
    stored.receivedBytes = position;
    throw error instanceof RetryableError || signal.aborted ? error : streamError(error, stored, host);
  } finally {
    // The offset SQLite keeps is one that is on disk: flush, then record.
    if (writer) recordFlushed(ctx, task, await writer.flush());
    await handle.close().catch(() => undefined);
  }
  stored.receivedBytes = writer.position;
  if (total === null) stored.totalBytes = writer.position;
}
