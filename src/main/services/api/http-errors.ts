/**
 * Turns transport failures into typed AppErrors with messages fit for a
 * technician. Raw server bodies, URLs with parameters and headers are never
 * copied into a message (they may carry tokens or personal data).
 */
import { HTTPError, RequestError, TimeoutError } from 'got';
import { AppError } from '../../../shared/errors';

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

export function toAppError(error: unknown, baseUrl: string): AppError {
  if (error instanceof AppError) return error;
  const host = hostOf(baseUrl);
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    if (status === 401) return new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
    if (status === 403) return new AppError('FORBIDDEN', 'You do not have permission for this action.');
    if (status === 404) return new AppError('NOT_FOUND', 'The requested item no longer exists on the server.');
    if (status >= 500) return new AppError('SERVER_ERROR', `The server ${host} answered with an error (${status}).`);
    return new AppError('SERVER_ERROR', `The server ${host} refused the request (${status}).`);
  }
  if (error instanceof TimeoutError) {
    return new AppError('OFFLINE', `The server ${host} did not answer in time.`);
  }
  if (error instanceof RequestError) {
    if (error.code && OFFLINE_CODES.has(error.code)) {
      return new AppError('OFFLINE', `Cannot reach ${host}. Check your connection.`);
    }
    if (error.name === 'ParseError') {
      return new AppError('BAD_RESPONSE', `The server ${host} sent an answer the console cannot read.`);
    }
    return new AppError('OFFLINE', `The connection to ${host} failed.`);
  }
  return new AppError('INTERNAL', 'Something went wrong in the console. Please try again.', { cause: error });
}
