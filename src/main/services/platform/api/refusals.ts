/**
 * What every area's call on the RMM API does with a failure (PSA, the
 * administration blocks, ticketing, the ticket workspace): a failure of the
 * session or the connection is told as it is, so the technician learns to
 * sign in again or to check the network; any other becomes the call's own
 * message. A refused answer (a 4xx) is explained in the server's own words,
 * read from its body and shown as one bounded line; a GET whose item is gone
 * says so in the caller's words.
 */
import type { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { cleanText } from '../../../../shared/rules/platform/server-text';
import type { ApiClient } from './api-client';
import { withoutSecrets } from './http-errors';

/** Failures that say what happened to the session or the connection, kept as they are; any other becomes the call's own message. */
const SESSION_OR_CONNECTION = new Set(['SESSION_EXPIRED', 'NOT_SIGNED_IN', 'OFFLINE', 'REDIRECT_REFUSED', 'UNTRUSTED_CERTIFICATE']);

export function isSessionOrConnection(error: unknown): error is AppError {
  return error instanceof AppError && SESSION_OR_CONNECTION.has(error.code);
}

/** `error` when it is the session's or the connection's, else `replacement` (the call's own message). */
export function keptOr(error: unknown, replacement: AppError): AppError {
  return isSessionOrConnection(error) ? error : replacement;
}

/** What a call the server refuses to the signed-in user (a 403) says. */
export const FORBIDDEN_MESSAGE = 'You do not have permission for this action.';

/** How long a server's refusal may be when shown (DESIGN: bounded texts). */
export const REFUSAL_MAX = 300;

/** Where a refused answer's body holds the server's words, first found first. */
const REFUSAL_FIELDS = ['message', 'errorMessage'] as const;

/**
 * The server's own words in a refused answer's body: the first of `fields`
 * that holds a string with more than white space in it, as it came (not yet
 * cleaned or bounded: the caller may take secrets out first). Undefined when
 * there is none.
 */
export function refusalWords(body: unknown, fields: readonly string[] = REFUSAL_FIELDS): string | undefined {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return fields.map((field) => record[field]).find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** The server's words (`refusalWords`) as one line: control characters dropped, at most REFUSAL_MAX characters; null when nothing is left. */
export function refusalLine(body: unknown, fields: readonly string[] = REFUSAL_FIELDS): string | null {
  const words = refusalWords(body, fields);
  return (words === undefined ? '' : cleanText(words, REFUSAL_MAX)) || null;
}

/**
 * `refusalLine` with the `secrets` a call sent taken out: first from the raw words (what cleaning or cutting would
 * change no longer matches them), then, in their cleaned form, from the cleaned text; only then is it cut.
 */
export function refusalLineWithout(body: unknown, secrets: readonly string[]): string | null {
  const words = refusalWords(body, REFUSAL_FIELDS);
  if (words === undefined) return null;
  const cleaned = cleanText(withoutSecrets(words, secrets), Number.MAX_SAFE_INTEGER);
  return cleanText(withoutSecrets(cleaned, secrets.map((secret) => cleanText(secret, Number.MAX_SAFE_INTEGER))), REFUSAL_MAX) || null;
}

/** A GET read with `schema`; a 404 is NOT_FOUND with `gone` when given (the PSA's and the administration blocks' reads). */
export async function readOrGone<T>(api: ApiClient, path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams, gone?: string): Promise<T> {
  try {
    return await api.getJson(path, schema, searchParams ? { searchParams } : {});
  } catch (error) {
    if (gone && error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', gone);
    throw error;
  }
}
