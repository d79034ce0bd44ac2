/**
 * Turns transport failures into typed AppErrors with messages fit for a
 * technician. Raw server bodies, URLs with parameters and headers are never
 * copied into a message (they may carry tokens or personal data).
 */
import { HTTPError, RequestError, TimeoutError } from 'got';
import { AppError } from '../../../../shared/errors';
import { isCertificateError, untrustedCertificateMessage } from './extra-ca';
import { FORBIDDEN_MESSAGE } from './refusals';

/** What every area's call says once the session cannot be renewed. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

const OFFLINE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return 'the server';
  }
}

/**
 * got wraps what a hook threw (a refused redirect, an expired session, an
 * answer past its bound) in its own RequestError; the AppError inside is what
 * the technician is told.
 */
export function appErrorInside(error: unknown): AppError | null {
  let current = error;
  for (let i = 0; i < 5 && current && typeof current === 'object'; i++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}


/**
 * Whether a failed request says the instance cannot be reached: no route, no
 * name, a refused or reset connection, or no connection within its time. A
 * slow answer (the request's own time limit) or a stalled stream is no sign of
 * that and leaves the offline state alone.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TimeoutError) return error.event === 'lookup' || error.event === 'connect' || error.event === 'secureConnect';
  return error instanceof RequestError && !!error.code && OFFLINE_CODES.has(error.code);
}
export function toAppError(error: unknown, baseUrl: string): AppError {
  const inside = appErrorInside(error);
  if (inside) return inside;
  const host = hostOf(baseUrl);
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    if (status === 401) return new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE);
    if (status === 403) return new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (status === 404) return new AppError('NOT_FOUND', 'The requested item no longer exists on the server.');
    if (status >= 500) return new AppError('SERVER_ERROR', `The server ${host} answered with an error (${status}).`);
    return new AppError('SERVER_ERROR', `The server ${host} refused the request (${status}).`);
  }
  if (error instanceof TimeoutError) {
    return new AppError('OFFLINE', `The server ${host} did not answer in time.`);
  }
  if (error instanceof RequestError) {
    if (isCertificateError(error.code)) return new AppError('UNTRUSTED_CERTIFICATE', untrustedCertificateMessage(host));
    if (error.code && OFFLINE_CODES.has(error.code)) {
      return new AppError('OFFLINE', `Cannot reach ${host}. Check your connection.`);
    }
    if (error.name === 'ParseError') {
      return new AppError('BAD_RESPONSE', `The server ${host} sent an answer the console cannot read.`);
    }
    return new AppError('OFFLINE', `The connection to ${host} failed.`);
  }
  // Kept for the log line of an unexpected failure, but never a got error with its request inside.
  return new AppError('INTERNAL', 'Something went wrong in the console. Please try again.', { cause: redactError(error) });
}

/** What a secret quoted in a server's refusal reads as once taken out. */
export const SECRET_HIDDEN = '[hidden]';

/**
 * A server's text with every secret the call sent taken out: as sent, and
 * as it reads escaped in JSON or a URL. Done on the raw text, before it is
 * cleaned or shortened for the technician: cleaning changes its spaces and
 * control characters and shortening may cut through it, and either would
 * leave a part of the secret no later search finds.
 */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a form inside another is not taken out first and leaves the rest of the longer one.
  let redacted = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) redacted = redacted.split(form).join(SECRET_HIDDEN);
  return redacted;
}

/**
 * got's errors carry the request's options (the Authorization header with the
 * bearer, the body with a client secret) as an enumerable property, and their
 * message and stack name the URL with its query string, so `util.inspect` or
 * `JSON.stringify` of one, or of anything holding one as its `cause`, prints
 * them. This is a copy fit for a log or a `cause`: a got
 * error becomes its name and code only; any other error keeps its message and
 * stack with its cause chain redacted the same way.
 */
export function redactError(error: unknown, depth = 0): Error {
  if (error instanceof RequestError || isGotErrorLike(error)) {
    const { name, code } = error as { name: string; code?: unknown };
    const safe = new Error(typeof code === 'string' ? `${name} (${code})` : name);
    safe.name = name;
    safe.stack = `${name}${typeof code === 'string' ? ` (${code})` : ''}`;
    if (typeof code === 'string') Object.assign(safe, { code });
    return safe;
  }
  if (!(error instanceof Error)) return new Error(`Non-error value thrown (${error === null ? 'null' : typeof error})`);
  const cause = depth < 4 && error.cause !== undefined ? { cause: redactError(error.cause, depth + 1) } : undefined;
  const safe = error instanceof AppError ? new AppError(error.code, error.message, cause) : new Error(error.message, cause);
  safe.name = error.name;
  safe.stack = error.stack;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && !(safe instanceof AppError)) Object.assign(safe, { code });
  return safe;
}

/** A got error from another copy of got (or one re-thrown across a module boundary) still holds `options`. */
function isGotErrorLike(error: unknown): boolean {
  return error instanceof Error && 'options' in error && ('timings' in error || 'request' in error);
}

/**
 * In place, for got's `beforeError` hook: the request's options stay
 * reachable (got reads them) but are no longer enumerable, so a got error
 * that is inspected or serialized somewhere does not print the headers or
 * the body.
 */
export function hideRequestDetails<E extends Error>(error: E): E {
  for (const key of ['options', 'input'] as const) {
    if (Object.prototype.hasOwnProperty.call(error, key)) {
      const value = (error as unknown as Record<string, unknown>)[key];
      Object.defineProperty(error, key, { value, enumerable: false, writable: true, configurable: true });
    }
  }
  return error;
}
