/**
 * The administration blocks' calls on the RMM API: reads, reads
 * whose every failure is one §8 message (help-shared-blocks-editor.md §8:
 * 'Windows Services could not load', 'Error fetching user roles', 'Error
 * fetching initial data'), and saves whose refusals are explained. A refused
 * save keeps the server's whole text, its field said as the editor names it
 * ('Name: Required', 'Action 1, script: no such script 99'): without the
 * field, 'Required' would not say what is missing in a whole task. A failure of the session or
 * the connection (SESSION_EXPIRED, OFFLINE, …) stays as it is, as every
 * area's calls do (../platform/api/refusals.ts).
 */
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { cleanText } from '../../../shared/rules/platform/server-text';
import type { ApiClient } from '../platform/api/api-client';
import { FORBIDDEN_MESSAGE, keptOr, readOrGone, REFUSAL_MAX, refusalWords } from '../platform/api/refusals';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface SendOptions<T> {
  /** 'the scheduled task': what a failure names. */
  what: string;
  /** Reads the answer; throws (or fails) when it is not the expected shape. */
  read: (body: unknown) => T;
  json?: unknown;
  /** NOT_FOUND's message (a 404). */
  gone: string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the editors call the fields a refusal names (the payloads' and the wire's names). */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  actions: 'Action',
  actionList: 'Action',
  scripts: '',
  scriptId: 'script',
  scriptVariables: 'script variables',
  variables: 'script variables',
  serviceName: 'service',
  operation: 'operation',
  volumes: 'volume',
  volumeName: 'volume name',
  checkList: 'include or exclude',
  targets: 'Target',
  targetId: 'target',
  schedule: 'Schedule',
  productIds: 'Product',
  userRoles: 'User role',
  nodeRoleId: 'Node role',
  groupIds: 'Saved search',
  quantity: 'Quantity',
  quantityText: 'Quantity text',
  price: 'Price',
  cost: 'Cost',
  parentPolicyId: 'Parent policy',
  backupPlans: 'Plan',
  identifier: 'name',
  include: 'backed up',
  exclude: 'excluded',
  destination: 'destination',
  localPath: 'local path',
  retention: 'retention',
  versions: 'versions',
  days: 'days',
};

/** `actions[0].scriptId` → `Action 1, script`: counted from 1 and named as the editor names them; an unknown name kept. */
function spokenPath(path: string): string {
  const parts = path.split('.').map((part) => {
    const [, key = part, index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(part) ?? [];
    const label = FIELD_NAMES[key] ?? key;
    return index === undefined ? label : `${label} ${Number(index) + 1}`;
  });
  return capitalized(parts.filter(Boolean).join(', '));
}

/** A field path at the start of a refusal, or of one of its '; '-joined issues, before ': '. */
const FIELD_PATH = /(^|; )([A-Za-z_$][\w$]*(?:\[\d+\])?(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])?)*)(?=: )/g;

/**
 * The server's refusal in one bounded line: `message` (or `errorMessage`), control characters dropped, its
 * field paths said as a technician reads them ('actions[0].scriptId: no such script 99' → 'Action 1, script:
 * no such script 99'): without the field, 'Required' would not say what is missing in a whole task.
 */
export function refusal(body: unknown): string | null {
  const raw = refusalWords(body);
  return raw === undefined ? null : cleanText(raw.replace(FIELD_PATH, (_, lead: string, path: string) => `${lead}${spokenPath(path)}`), REFUSAL_MAX);
}


export class AdminCalls {
  constructor(private readonly api: () => ApiClient) {}

  /** A GET read with `schema`; a 404 is NOT_FOUND with `gone` when given. */
  read<T>(path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams, gone?: string): Promise<T> {
    return readOrGone(this.api(), path, schema, searchParams, gone);
  }

  /** A GET whose every failure but the session's or the connection's is `failure` (§8's fixed messages). */
  async readOr<T>(path: string, schema: z.ZodType<T>, failure: string): Promise<T> {
    try {
      return await this.api().getJson(path, schema);
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', failure));
    }
  }

  /** A save (POST, PUT, PATCH) or a deletion (DELETE); a 400 carries the server's text. */
  async send<T>(method: Method, path: string, { what, read, json, gone }: SendOptions<T>): Promise<T> {
    const verb = method === 'DELETE' ? 'deleted' : 'saved';
    let answer: { status: number; body: unknown };
    try {
      answer = await this.api().requestWithStatus(method, path, json === undefined ? {} : { json }, { answerServerErrors: true });
    } catch (error) {
      throw keptOr(error, new AppError('SERVER_ERROR', `${capitalized(what)} could not be ${verb}.`));
    }
    const { status, body } = answer;
    if (status === 400 || status === 422) {
      const text = refusal(body);
      throw new AppError('INVALID_INPUT', text ? `${capitalized(what)} was not ${verb}: ${text}` : `The server refused ${what}.`);
    }
    if (status === 404) throw new AppError('NOT_FOUND', gone);
    if (status === 403) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (status === 409) throw new AppError('CONFLICT', refusal(body) ?? `${capitalized(what)} was changed elsewhere. Reload and try again.`);
    if (status >= 400) throw new AppError('SERVER_ERROR', `${capitalized(what)} could not be ${verb} (the server answered ${status}).`);
    try {
      return read(body);
    } catch {
      throw new AppError('BAD_RESPONSE', `${capitalized(what)} was ${verb}, but the server answered in an unexpected shape. Reload to see it.`);
    }
  }
}
