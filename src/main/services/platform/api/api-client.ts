/**
 * The got client for the RMM API: base URL, bearer auth from the token
 * manager, one renewal and retry after a 401, retries with backoff for
 * idempotent calls, and answers validated before anything uses them.
 *
 * The bearer goes only to the instance's API origin and no redirect
 * off it is followed (guarded-hooks.ts, redirect-policy.ts); JSON answers are
 * read up to MAX_JSON_BYTES (response-limits.ts); got's errors never leave
 * with the request's headers or body (http-errors.ts).
 */
import got, { HTTPError, type Got, type OptionsInit, type Request, type RequestError, type Response } from 'got';
import type { z } from 'zod';
import { AppError } from '../../../../shared/errors';
import { INVALID_PATH_ID_MESSAGE } from '../../../../shared/rules/platform/api-paths';
import type { TokenManager } from './token-manager';
import { guardedHooks } from './guarded-hooks';
import { hostOf, isNetworkFailure, SESSION_EXPIRED_MESSAGE, toAppError } from './http-errors';
import { originOf } from './redirect-policy';
import { capAnswer } from './response-limits';

export const API_PATH = '/api';

interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenManager;
  /**
   * Called once when the session is gone: `renewal-refused` when the token
   * endpoint refused the refresh token or client secret, `rejected-after-renewal`
   * when a freshly renewed token was refused too (the session
   * decides which ends it how, and whether the keychain entry stays).
   */
  onSessionExpired: (reason: 'renewal-refused' | 'rejected-after-renewal') => void;
  userAgent?: string;
  /** Retries for idempotent calls after a 5xx or a network error. */
  retryLimit?: number;
  /** Hears of every call whether it reached the instance, so every area's calls feed the offline state. */
  reachability?: Reachability;
}

/** What the API client tells of each call: an answer came (any status), or the call failed (only network failures count). */
export interface Reachability {
  reportReachable(): void;
  reportFailure(error: unknown): boolean;
}

export class ApiClient {
  readonly got: Got;
  readonly baseUrl: string;
  /** For long downloads: no overall time limit, only stalls end a request; no retries (the download manager resumes). */
  private readonly downloadGot: Got;

  /** `scheme://host[:port]` of the instance: the only place the bearer header is sent. */
  readonly apiOrigin: string;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl;
    const apiOrigin = originOf(options.baseUrl);
    if (!apiOrigin) throw new AppError('INVALID_INPUT', 'The instance address cannot be read.');
    this.apiOrigin = apiOrigin;
    const tokens = options.tokens;
    const guard = guardedHooks(apiOrigin);
    // Every answer, whatever its status, says the instance is reachable; a network failure (not a slow answer) says it is not.
    const heard = {
      afterResponse: [
        (response: Response) => {
          options.reachability?.reportReachable();
          return response;
        },
      ],
      beforeError: [
        ...guard.beforeError,
        (error: RequestError) => {
          if (isNetworkFailure(error)) options.reachability?.reportFailure(toAppError(error, options.baseUrl));
          return error;
        },
      ],
    };
    this.downloadGot = got.extend({
      prefixUrl: `${options.baseUrl}${API_PATH}`,
      // Paths only: an absolute URL cannot slip a request (and the caller's bearer) to another origin.
      allowAbsoluteUrls: false,
      timeout: { connect: 10_000, response: 60_000, socket: 60_000 },
      headers: { 'user-agent': options.userAgent ?? 'rmm-technician-console' },
      retry: { limit: 0 },
      throwHttpErrors: false,
      decompress: false,
      hooks: { ...guard, ...heard },
    });
    this.got = got.extend({
      prefixUrl: `${options.baseUrl}${API_PATH}`,
      allowAbsoluteUrls: false,
      timeout: { connect: 5_000, request: 30_000 },
      headers: { 'user-agent': options.userAgent ?? 'rmm-technician-console' },
      retry: {
        limit: options.retryLimit ?? 2,
        methods: ['GET', 'HEAD'],
        statusCodes: [408, 429, 500, 502, 503, 504],
        calculateDelay: ({ attemptCount, computedValue }) => (computedValue === 0 ? 0 : Math.min(250 * 2 ** (attemptCount - 1), 2_000)),
      },
      hooks: {
        beforeRequest: [
          async (requestOptions) => {
            if (requestOptions.context.skipAuth) return;
            requestOptions.headers.authorization = `Bearer ${await this.tokenOrExpire()}`;
          },
          // After the hook above: got runs both again for a redirected request, and this one takes
          // the bearer back off when that request is not on the instance's origin.
          ...guard.beforeRequest,
        ],
        beforeRedirect: guard.beforeRedirect,
        beforeError: heard.beforeError,
        afterResponse: [
          ...heard.afterResponse,
          async (response, retryWithMergedOptions) => {
            const context = response.request.options.context;
            if (response.statusCode !== 401 || context.renewedAfter401) return response;
            const sent = String(response.request.options.headers.authorization ?? '').replace(/^Bearer /, '');
            let fresh: string;
            try {
              fresh = await tokens.renewAfterRejection(sent);
            } catch (error) {
              throw this.expired(error);
            }
            return retryWithMergedOptions({
              headers: { authorization: `Bearer ${fresh}` },
              context: { ...context, renewedAfter401: true },
            });
          },
        ],
      },
    });
  }

  private async tokenOrExpire(): Promise<string> {
    try {
      return await this.options.tokens.accessToken();
    } catch (error) {
      throw this.expired(error);
    }
  }

  private expired(error: unknown, reason: 'renewal-refused' | 'rejected-after-renewal' = 'renewal-refused'): AppError {
    // Offline or a server error during renewal: the session may still be good later.
    if (error instanceof AppError && error.code !== 'SESSION_EXPIRED' && error.code !== 'SIGN_IN_FAILED') return error;
    if (!this.options.tokens.isDisposed) this.options.onSessionExpired(reason);
    return new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE);
  }

  /**
   * A token renewed after a 401 was refused too: the
   * instance refuses the credentials, so the session ends saying so (the
   * keychain entry is kept, Sign in again offered) instead of leaving the
   * caller to wait for a sign-in while the console still looks signed in.
   * For the calls made outside got's hooks (downloads, uploads, previews);
   * returns the SESSION_EXPIRED error to throw.
   */
  rejectedAfterRenewal(error: unknown = new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE)): AppError {
    return this.expired(error, 'rejected-after-renewal');
  }

  /** A usable access token, for requests made outside got's hooks (download streams). */
  async bearerToken(): Promise<string> {
    return this.tokenOrExpire();
  }

  /** The server refused `sent` with a 401: a renewed token, or SESSION_EXPIRED. */
  async renewRejectedToken(sent: string): Promise<string> {
    try {
      return await this.options.tokens.renewAfterRejection(sent);
    } catch (error) {
      throw this.expired(error);
    }
  }

  /**
   * A GET as a stream, for downloads: the caller sets the authorization
   * header (so it knows which token a 401 refused), reads the status itself
   * (HTTP errors do not throw) and resumes on its own terms. A redirect off
   * the instance's origin (or to http) makes the stream fail with
   * REDIRECT_REFUSED before anything is sent there; the header never leaves
   * the origin.
   */
  downloadStream(path: string, headers: Record<string, string>, signal?: AbortSignal): Request {
    return this.downloadGot.stream(stripLeadingSlash(path), { headers, signal });
  }

  /**
   * Where a download is asked for when its body is read by the socket reader: on the instance's own origin only, like every request
   * carrying the bearer; with the console's user agent.
   */
  downloadTarget(path: string): { url: URL; userAgent: string } {
    const url = new URL(`${this.baseUrl}${API_PATH}/${stripLeadingSlash(path)}`);
    if (url.origin !== this.apiOrigin) throw new AppError('INVALID_INPUT', 'A download address left the instance.');
    return { url, userAgent: this.options.userAgent ?? 'rmm-technician-console' };
  }

  /**
   * A call whose 4xx answers carry meaning (a second factor asked for, a
   * listing refused): the status and the parsed JSON body, without throwing
   * for HTTP errors. Network failures, 401 after renewal and 5xx still throw,
   * unless `answerServerErrors` asks for 5xx answers too (a save whose 500
   * carries a resultCode the console explains, §8.1).
   */
  async requestWithStatus(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options: OptionsInit = {},
    { answerServerErrors = false }: { answerServerErrors?: boolean } = {},
  ): Promise<{ status: number; body: unknown }> {
    let response: Response<string>;
    try {
      response = (await capAnswer(
        (signal) => this.got(stripLeadingSlash(path), { ...options, method, throwHttpErrors: false, retry: { limit: 0 }, signal }),
        this.host,
        options.signal ?? undefined,
      )) as Response<string>;
    } catch (error) {
      throw toAppError(error, this.baseUrl);
    }
    const status = response.statusCode;
    if (status === 401 || (status >= 500 && !answerServerErrors)) {
      const shaped = toAppError(new HTTPError(response), this.baseUrl);
      if (status === 401) throw this.rejectedAfterRenewal(shaped);
      throw shaped;
    }
    let body: unknown;
    try {
      body = response.body ? (JSON.parse(response.body) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    return { status, body };
  }

  /** GET a JSON answer and validate it against `schema`. */
  async getJson<T>(path: string, schema: z.ZodType<T>, options: OptionsInit = {}): Promise<T> {
    return this.requestJson('GET', path, schema, options);
  }

  async requestJson<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, schema: z.ZodType<T>, options: OptionsInit = {}): Promise<T> {
    let body: unknown;
    try {
      const request = capAnswer((signal) => this.got(stripLeadingSlash(path), { ...options, method, signal }), this.host, options.signal ?? undefined);
      const text = await request.text();
      body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new AppError('BAD_RESPONSE', `The server ${this.host} sent an answer the console cannot read.`);
      }
      const shaped = toAppError(error, this.baseUrl);
      // The afterResponse hook already renewed once: a 401 now means the instance refuses the credentials.
      if (error instanceof HTTPError && error.response.statusCode === 401) throw this.rejectedAfterRenewal(shaped);
      throw shaped;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AppError('BAD_RESPONSE', `The server ${this.host} sent an answer in an unexpected shape.`);
    }
    return parsed.data;
  }

  private get host(): string {
    return hostOf(this.baseUrl);
  }
}

/**
 * The path relative to the API root. Every id is put into a path by
 * ../../../../shared/rules/platform/api-paths.ts; this is the net under it: a `.` or `..`
 * segment (written out or percent-encoded, as URL parsers read both) or a
 * backslash would resolve to another call than the one named, so the
 * request is refused before it is built.
 */
function stripLeadingSlash(path: string): string {
  const relative = path.startsWith('/') ? path.slice(1) : path;
  const pathname = relative.split(/[?#]/, 1)[0]!;
  const climbs = pathname.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
  if (climbs || pathname.includes('\\')) throw new AppError('INVALID_INPUT', INVALID_PATH_ID_MESSAGE);
  return relative;
}
