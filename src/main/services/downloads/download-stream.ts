/**
 * The stream side of one download request: waiting for the answer's head,
 * reading a (bounded) error body, and piping the body into the `.part` so
 * that the bytes received before a drop or a pause are written before the
 * failure is passed on.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'got';
import type { FastAnswer } from './fast-body';
import type { PartWriter } from '../platform/files/part-file';

/** An error answer's body is read up to this size (it is only looked at for an error code). */
const ERROR_BODY_LIMIT = 64 * 1024;

/**
 * Resolves with the answer's status and headers. From then on a failure of
 * the connection is kept on the stream (`errored`) for drainInto to find,
 * never thrown as an unhandled 'error' while the `.part` is being opened.
 */
export function waitForResponse(stream: Request): Promise<{ statusCode: number; headers: IncomingHttpHeaders }> {
  stream.on('error', () => undefined);
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

export async function readErrorBody(stream: Request): Promise<unknown> {
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
export function drainInto(source: Request, writer: PartWriter, signal: AbortSignal): Promise<void> {
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
      source.unpipe(writer);
      source.destroy();
      reject(error);
    });
    if (signal.aborted) onAbort();
    // The connection may have failed while the .part was being opened: there is nothing more to read then.
    else if (source.destroyed) stopSource(source.errored ?? new Error('The connection closed before the body was read'));
    else source.pipe(writer);
  });
}

/** Resolves once the writer is closed: every batch it started has landed, so its position is the file's. */
export function writerClosed(writer: PartWriter): Promise<void> {
  if (writer.closed) return Promise.resolve();
  return new Promise((resolve) => writer.once('close', () => resolve()));
}

/** Waits `ms`, or rejects at once when the download is stopped meanwhile. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
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

/** Pieces of a fast answer's body are gathered into one reused staging buffer of this size before each write. */
const FAST_STAGE_BYTES = 1024 * 1024;
/** A piece at least this large, with nothing staged, is written without going through the stage. */
const FAST_DIRECT_BYTES = 256 * 1024;

/**
 * drainInto for an answer read by the socket reader: a
 * large piece (the reader's own batch, received in place) is written as it
 * is; small pieces (a chunked body's) are gathered into one reused 1 MiB
 * staging buffer, written straight to disk when full (no copy, no Buffer per
 * piece); when the writer cannot write at once (a bandwidth limit, a slow
 * disk) a copy goes through it and reading pauses while it is full. On a
 * drop, a timeout or a pause the bytes that arrived are still written before
 * the failure is passed on.
 */
export function drainFastInto(answer: FastAnswer, writer: PartWriter, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stage = Buffer.allocUnsafe(FAST_STAGE_BYTES);
    let used = 0;
    let paused = false;
    let failure: unknown = null;
    let settled = false;
    const settle = (error: unknown) => {
      if (settled) return;
      settled = true;
      writer.off('drain', onDrain);
      if (error) reject(error);
      else resolve();
    };
    /** Hands bytes (the stage, or a batch the reader gave whole) to the writer; false when it is full and reading should wait for 'drain'. */
    const hand = (staged: Buffer): boolean => {
      if (writer.writeNow(staged)) {
        // The hashing worker far behind: reading waits for it.
        const backlog = writer.hashBacklog();
        if (backlog) {
          void backlog.then(onDrain);
          return false;
        }
        return !writer.destroyed;
      }
      return writer.write(Buffer.from(staged));
    };
    const flushStage = (): boolean => {
      if (used === 0 || writer.destroyed) return true;
      const staged = stage.subarray(0, used);
      used = 0;
      return hand(staged);
    };
    const onDrain = () => {
      if (!paused) return;
      paused = false;
      answer.resume();
    };
    writer.on('drain', onDrain);
    writer.once('error', (error) => {
      answer.destroy();
      settle(error);
    });
    writer.once('finish', () => settle(failure));
    answer
      .read((view) => {
        if (writer.destroyed) return false;
        // A batch the reader gathered in its own buffer is written as it is: no copy into the stage.
        if (used === 0 && view.length >= FAST_DIRECT_BYTES) {
          const goOn = hand(view);
          if (!goOn && !writer.destroyed) paused = true;
          return goOn && !writer.destroyed;
        }
        let at = 0;
        let goOn = true;
        while (at < view.length && !writer.destroyed) {
          const take = Math.min(FAST_STAGE_BYTES - used, view.length - at);
          view.copy(stage, used, at, at + take);
          used += take;
          at += take;
          if (used === FAST_STAGE_BYTES && !flushStage()) goOn = false;
        }
        if (!goOn && !writer.destroyed) paused = true;
        return goOn && !writer.destroyed;
      })
      .catch((error: unknown) => {
        failure = signal.aborted ? (signal.reason ?? error) : error;
      })
      .finally(() => {
        if (writer.destroyed) return;
        flushStage();
        if (!writer.destroyed) writer.end();
      });
  });
}
