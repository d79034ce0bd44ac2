/**
 * An area's calls on the RMM API (the administration blocks, node approvals):
 * reads, reads whose every failure is one fixed message, and writes whose
 * refusals are explained in the server's words. A failure of the session or
 * the connection (SESSION_EXPIRED, OFFLINE, …) stays as it is (./refusals.ts).
 * How a refusal's text is read is the area's own (`refusal`): the
 * administration blocks say its field paths as their editors name them.
 */
import type { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import type { ApiClient } from './api-client';
import { FORBIDDEN_MESSAGE, keptOr, readOrGone, refusalLine } from './refusals';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions<T> {
  /** 'the scheduled task': what a failure names. */
  what: string;
  /** Reads the answer; throws (or fails) when it is not the expected shape. */
  read: (body: unknown) => T;
  json?: unknown;
  /** NOT_FOUND's message (a 404). */
  gone: string;
  /** FORBIDDEN's message (a 403); the shared one when not given. */
  forbidden?: string;
  /** 'saved' (the default; 'deleted' for a DELETE): what a failure says did not happen. */
  verb?: string;
  /** Another failing status (a 5xx) also tells the server's words, when it sent some. */
  serverWords?: boolean;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export class AreaCalls {
  constructor(
    private readonly api: () => ApiClient,
    /** The server's refusal in one bounded line, or null when it sent none. */
    private readonly refusal: (body: unknown) => string | null = (body) => refusalLine(body),
  ) {}

  /** A GET read with `schema`; a 404 is NOT_FOUND with `gone` when given. */
  read<T>(path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams, gone?: string): Promise<T> {
    return readOrGone(this.api(), path, schema, searchParams, gone);
  }

  /** A GET whose every failure but the session's or the connection's is `failure` (fixed messages). */
  async readOr<T>(path: string, schema: z.ZodType<T>, failure: string): Promise<T> {
    try {
      return await this.api().getJson(path, schema);
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', failure));
    }
  }

  /** A save (POST, PUT, PATCH) or a deletion (DELETE); a 400 carries the server's text. */
  async send<T>(method: Method, path: string, { what, read, json, gone, forbidden, verb: ownVerb, serverWords }: SendOptions<T>): Promise<T> {
    const verb = ownVerb ?? (method === 'DELETE' ? 'deleted' : 'saved');
    let answer: { status: number; body: unknown };
    try {
      answer = await this.api().requestWithStatus(method, path, json === undefined ? {} : { json }, { answerServerErrors: true });
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', `${capitalized(what)} could not be ${verb}.`));
    }
    const { status, body } = answer;
    if (status === 400 || status === 422) {
      const text = this.refusal(body);
      throw new AppError('INVALID_INPUT', text ? `${capitalized(what)} was not ${verb}: ${text}` : `The server refused ${what}.`);
    }
    if (status === 404) throw new AppError('NOT_FOUND', gone);
    if (status === 403) throw new AppError('FORBIDDEN', forbidden ?? FORBIDDEN_MESSAGE);
    if (status === 409) throw new AppError('CONFLICT', this.refusal(body) ?? `${capitalized(what)} was changed elsewhere. Reload and try again.`);
    if (status >= 400) {
      const words = serverWords ? this.refusal(body) : null;
      throw new AppError('SERVER_ERROR', `${capitalized(what)} could not be ${verb} (the server answered ${status}${words ? `: ${words}` : ''}).`);
    }
    try {
      return read(body);
    } catch {
      throw new AppError('BAD_RESPONSE', `${capitalized(what)} was ${verb}, but the server answered in an unexpected shape. Reload to see it.`);
    }
  }
}
