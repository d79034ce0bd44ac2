/**
 * The PSA settings' calls on the RMM API: reads validated
 * tolerantly, saves whose refusals are explained. A 400 carries the server's
 * §5 wording ('name: Product mapping name already taken'): the technician
 * reads the text (its `field: ` prefix taken off), bounded; a 404 says what
 * is gone; a failure of the session or the connection (SESSION_EXPIRED,
 * OFFLINE, REDIRECT_REFUSED, …) stays as it is, as ticketing's do.
 */
import type { OptionsInit } from 'got';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { PSA_MESSAGES } from '../../../shared/rules/psa/messages';
import { cleanText } from '../../../shared/rules/platform/server-text';
import type { ApiClient } from '../platform/api/api-client';
import { withoutSecrets } from '../platform/api/http-errors';
import { FORBIDDEN_MESSAGE, keptOr, readOrGone, REFUSAL_MAX, refusalWords } from '../platform/api/refusals';
import { anyAnswer } from '../platform/api/tolerant';
import { syncAttributesOf } from './psa-read';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `name: Product mapping name already taken`, `body[0].accountId: …`: a field path, then the text. */
const FIELD_PREFIX = /^[A-Za-z_$][\w$]*(?:\[\d+\])*(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])*)*\s*:\s*(.+)$/s;

/**
 * The technician's text of a 400 (§5's messages): the server's `message`
 * (or `errorMessage`), the field prefix taken off when what follows reads as
 * a sentence (§5's texts start with a capital: 'Required', 'Invalid', 'Max
 * length…'); a lower-case remainder ('no such product') keeps its field,
 * which is what makes it clear. Control characters dropped, bounded. The
 * `secrets` the call sent are taken out first, from the raw text (what
 * cleaning or shortening would change no longer matches them), and again
 * from the cleaned text in their cleaned form.
 */
export function refusalText(body: unknown, secrets: readonly string[] = []): string | null {
  const raw = refusalWords(body);
  if (raw === undefined) return null;
  const cleaned = cleanText(withoutSecrets(raw, secrets), Number.MAX_SAFE_INTEGER);
  const redacted = withoutSecrets(cleaned, secrets.map((secret) => cleanText(secret, Number.MAX_SAFE_INTEGER)));
  const text = cleanText(redacted, 2_000);
  const stripped = FIELD_PREFIX.exec(text)?.[1]?.trim();
  const chosen = stripped && /^[A-Z]/.test(stripped) ? stripped : text;
  return chosen.length > REFUSAL_MAX ? `${chosen.slice(0, REFUSAL_MAX - 1)}…` : chosen;
}

interface SaveOptions<T> {
  /** 'the product mapping': what a failure names. */
  what: string;
  schema: z.ZodType<T>;
  json?: unknown;
  /** NOT_FOUND's message (a 404). */
  gone?: string;
  /** Replaces every failure that is not the session's or the connection's (§8.3's fixed messages). */
  failure?: string;
  /** got options (a longer timeout). */
  options?: OptionsInit;
  /** What the call sends that must never be shown (a connection's secret): taken out of the server's refusal before it is cleaned or shortened. */
  secrets?: readonly string[];
}

/** A kind of mapping with calls of its own: a new one POSTed to `list`, one PUT or DELETEd at `item` (its `:id` filled). */
export interface MappingKind<T> {
  /** 'product mapping': what a failure names. */
  noun: string;
  list: string;
  item: string;
  schema: z.ZodType<T>;
}

export class PsaCalls {
  constructor(private readonly api: () => ApiClient) {}

  /** A GET read with `schema`; a 404 is NOT_FOUND with `gone` when given. */
  read<T>(path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams, gone?: string): Promise<T> {
    return readOrGone(this.api(), path, schema, searchParams, gone);
  }

  /** A GET whose 404 means "nothing there" (null), not a failure. */
  async readOrNull<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
    try {
      return await this.api().getJson(path, schema);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /** A save (POST, PUT) or a deletion (DELETE, `schema` reading the empty answer). */
  async send<T>(method: Method, path: string, { what, schema, json, gone, failure, options, secrets = [] }: SaveOptions<T>): Promise<T> {
    const fixed = failure ? new AppError('SERVER_ERROR', failure) : null;
    let answer: { status: number; body: unknown };
    try {
      answer = await this.api().requestWithStatus(method, path, { ...options, ...(json === undefined ? {} : { json }) }, { answerServerErrors: true });
    } catch (error) {
      throw keptOr(error, fixed ?? new AppError('SERVER_ERROR', `${capitalized(what)} could not be saved.`));
    }
    const { status, body } = answer;
    if (status >= 400 && fixed) throw fixed;
    if (status === 400 || status === 422) throw new AppError('INVALID_INPUT', refusalText(body, secrets) ?? `The server refused ${what}.`);
    if (status === 404) throw new AppError('NOT_FOUND', gone ?? `${capitalized(what)} no longer exists on the server.`);
    if (status === 403) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (status === 409) throw new AppError('CONFLICT', refusalText(body, secrets) ?? `${capitalized(what)} was changed elsewhere. Reload and try again.`);
    if (status >= 400) throw new AppError('SERVER_ERROR', `${capitalized(what)} could not be saved (the server answered ${status}).`);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', `${capitalized(what)} was saved, but the server answered in an unexpected shape. Reload to see it.`);
    return parsed.data;
  }

  /** POST a new mapping (no id), PUT an existing one. */
  saveMapping<T>(kind: MappingKind<T>, mapping: { id?: number }): Promise<T> {
    const what = `the ${kind.noun}`;
    return mapping.id === undefined
      ? this.send('POST', kind.list, { what, json: mapping, schema: kind.schema })
      : this.send('PUT', fillPath(kind.item, { id: mapping.id }), { what, json: mapping, schema: kind.schema, gone: goneText(kind.noun) });
  }

  async deleteMapping(kind: MappingKind<unknown>, id: number): Promise<{ deleted: true }> {
    await this.send('DELETE', fillPath(kind.item, { id }), { what: `the ${kind.noun}`, schema: anyAnswer, gone: goneText(kind.noun) });
    return { deleted: true };
  }

  /** The device data sync attributes (§8.3 'Error setting device sync attributes' when refused); the names the server kept. */
  async saveSyncAttributes(path: string, names: string[]): Promise<string[]> {
    const answer = await this.send('PUT', path, {
      what: 'the device data sync attributes',
      json: { deviceDataSyncAttributes: names },
      schema: anyAnswer,
      failure: PSA_MESSAGES.syncAttributesFailed,
    });
    return syncAttributesOf(answer);
  }
}

/** A mapping's NOT_FOUND message: 'This product mapping no longer exists.' */
function goneText(noun: string): string {
  return `This ${noun} no longer exists.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
