/**
 * What a failed download attempt means, in sentences for the technician: a
 * failure another attempt may cure (a drop, a timeout, a 5xx), the server
 * changing the file, a full disk, a refused answer. Messages name the host,
 * the file and the folder, never a URL, a header or a server body.
 */
import { HTTPError, RequestError, TimeoutError } from 'got';
import { AppError } from '../../../shared/errors';
import { MESSAGES } from '../../../shared/rules/platform/messages';
import { isCertificateError, untrustedCertificateMessage } from '../platform/api/extra-ca';
import { SESSION_EXPIRED_MESSAGE } from '../platform/api/http-errors';
import { describeFsError, formatSize } from '../platform/files/paths';

/** A failure that another attempt may cure (a drop, a timeout, a 5xx). */
export class RetryableError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'RetryableError';
  }
}

/** The server answered 200 or a different range: the bytes on disk are no longer the file's. */
export class StartOverError extends Error {}

/** What a download is called and where it goes, for messages. */
export interface Subject {
  fileName: string;
  folder: string;
  receivedBytes: number;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function transportError(error: unknown, host: string): Error {
  if (error instanceof AppError) return error;
  // Another attempt meets the same certificate: said at once, not retried.
  if (isCertificateError((error as { code?: unknown } | null)?.code)) return new AppError('UNTRUSTED_CERTIFICATE', untrustedCertificateMessage(host));
  if (error instanceof TimeoutError) return new RetryableError(`${host} stopped answering.`, 'ETIMEDOUT');
  if (error instanceof RequestError && error.code && NETWORK_CODES.has(error.code)) return new RetryableError(`The connection to ${host} was lost.`, error.code);
  if (error instanceof RequestError) return new RetryableError(`The connection to ${host} failed.`, error.code ?? 'EREQUEST');
  // The socket reader's failures carry Node's codes like got's do.
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ETIMEDOUT') return new RetryableError(`${host} stopped answering.`, 'ETIMEDOUT');
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return new RetryableError(`The connection to ${host} was lost.`, code);
  if (typeof code === 'string' && code.length <= 64) return new RetryableError(`The connection to ${host} failed.`, code);
  return new RetryableError(`The connection to ${host} failed.`, 'EREQUEST');
}

export function fileError(error: unknown, subject: Subject): AppError {
  const code = (error as { code?: string } | null)?.code;
  if (code && DISK_FULL_CODES.has(code)) {
    return new AppError(
      'DISK_FULL',
      `The disk holding ${subject.folder} is full. ${formatSize(subject.receivedBytes)} of ${subject.fileName} are kept; free some space, then press Retry to resume.`,
    );
  }
  return new AppError('IO_ERROR', `${subject.fileName} cannot be written to ${subject.folder}: ${describeFsError(error)}.`);
}

/** A write that failed mid-stream: the disk, or the connection it was reading from. */
export function streamError(error: unknown, subject: Subject, host: string): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code && DISK_FULL_CODES.has(code)) return fileError(error, subject);
  if (error instanceof HTTPError || error instanceof RequestError || (code && NETWORK_CODES.has(code))) return transportError(error, host);
  if (code && /^E[A-Z]+$/.test(code)) return fileError(error, subject);
  return transportError(error, host);
}

export function httpError(status: number, body: unknown, host: string): Error {
  const code = (body as { error?: unknown } | undefined)?.error;
  if (status === 409 || code === 'download_unavailable') return new AppError('UNAVAILABLE', MESSAGES.browserDownloadUnavailable);
  if (status === 401) return new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE);
  if (status === 403) return new AppError('FORBIDDEN', 'You do not have permission to download this.');
  if (status === 404) return new AppError('NOT_FOUND', 'The file is no longer on the server.');
  if (status === 408 || status === 429 || status >= 500) return new RetryableError(`${host} answered with an error (${status}).`, `HTTP_${status}`);
  return new AppError('SERVER_ERROR', `${host} refused the download (${status}).`);
}

/** A link planted where the `.part` goes: refused; the link and its target are left alone. */
export function partLinkError(subject: Subject): AppError {
  return new AppError(
    'IO_ERROR',
    `${subject.fileName}.part in ${subject.folder} is a link, not a file, so nothing was written to it. Remove the link, then press Retry.`,
  );
}

/** The `.part` is not the file this download wrote (swapped for another meanwhile): not used; Retry starts again. */
export function partReplacedError(subject: Subject): AppError {
  return new AppError('IO_ERROR', `${subject.fileName}.part in ${subject.folder} was replaced while it downloaded, so it was not used. Press Retry to download it again.`);
}

/** Past the size the answer announced, or past the limit for downloads of unknown size. */
export function sizeLimitError(subject: Subject, limit: number, announced: boolean, host: string): AppError {
  if (announced) {
    return new AppError('BAD_RESPONSE', `${host} sent more of ${subject.fileName} than the ${formatSize(limit)} it announced, so the download stopped. Press Retry to try again.`);
  }
  return new AppError(
    'BAD_RESPONSE',
    `${subject.fileName} grew past ${formatSize(limit)}, the limit for downloads whose size the server does not tell, so the download stopped. ` +
      `What arrived is kept; raise "Unknown size limit" in the downloads panel, then press Retry to resume.`,
  );
}
