/**
 * Bounds on what the console reads into memory (everything
 * read is bounded). One constant for every JSON answer of the API and of the
 * token endpoint, so a hostile or broken server cannot make the main process
 * buffer an endless body.
 */
import { AppError } from '../../../../shared/errors';

/** The largest JSON answer the console reads (API calls, uploads' answers, token answers). */
export const MAX_JSON_BYTES = 16 * 1024 * 1024;

export function answerTooLargeError(host: string, maxBytes = MAX_JSON_BYTES): AppError {
  return new AppError('BAD_RESPONSE', `The server ${host} sent an answer larger than ${describeBytes(maxBytes)}.`);
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

/** True once an answer (announced with Content-Length, or received so far) is past the bound. */
export function isPastBound(progress: { transferred: number; total?: number }, maxBytes: number): boolean {
  return progress.transferred > maxBytes || (progress.total !== undefined && progress.total > maxBytes);
}

/** What `capAnswer` needs of a got promise or stream: its progress events. */
interface ProgressSource {
  on(event: 'downloadProgress', listener: (progress: { transferred: number; total?: number }) => void): unknown;
}

/**
 * Starts a got request whose answer is cut off past `maxBytes`: the request
 * is aborted (with the clear error as the abort reason, which got keeps as
 * the cause of its AbortError) as soon as the announced length or the bytes
 * received exceed the bound, so at most one chunk more than the bound is ever
 * held. got counts decoded bytes, so a compressed bomb is stopped too.
 */
export function capAnswer<T extends ProgressSource>(
  start: (signal: AbortSignal) => T,
  host: string,
  outer?: AbortSignal,
  maxBytes = MAX_JSON_BYTES,
): T {
  const controller = new AbortController();
  const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
  const request = start(signal);
  request.on('downloadProgress', (progress) => {
    if (!controller.signal.aborted && isPastBound(progress, maxBytes)) controller.abort(answerTooLargeError(host, maxBytes));
  });
  return request;
}
