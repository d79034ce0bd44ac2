/**
 * The got client for the RMM API: base URL, bearer auth from the token
 * manager, one renewal and retry after a 401, retries with backoff for
 * idempotent calls, and answers validated before anything uses them.
 */
import got, { HTTPError, type Got, type OptionsInit, type Request, type Response } from 'got';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { TokenManager } from '../session/token-manager';
import { toAppError } from './http-errors';

export const API_PATH = '/api';

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenManager;
  /** Called once when renewal proves the session is gone (refresh token expired or revoked). */
  onSessionExpired: () => void;
  userAgent?: string;
  /** Retries for idempotent calls after a 5xx or a network error. */
  retryLimit?: number;
}

export class ApiClient {
  readonly got: Got;
  readonly baseUrl: string;
  /** For long downloads: no overall time limit, only stalls end a request; no retries (the download manager resumes). */
  private readonly downloadGot: Got;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = options.baseUrl;
    const tokens = options.tokens;
    this.downloadGot = got.extend({
      prefixUrl: `${options.baseUrl}${API_PATH}`,
      timeout: { connect: 10_000, response: 60_000, socket: 60_000 },
      headers: { 'user-agent': options.userAgent ?? 'rmm-technician-console' },
      retry: { limit: 0 },
      throwHttpErrors: false,
      decompress: false,
    });
    this.got = got.extend({
      prefixUrl: `${options.baseUrl}${API_PATH}`,
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
        ],
        afterResponse: [
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

  private expired(error: unknown): AppError {
    // Offline or a server error during renewal: the session may still be good later.
    if (error instanceof AppError && error.code !== 'SESSION_EXPIRED' && error.code !== 'SIGN_IN_FAILED') return error;
    if (!this.options.tokens.isDisposed) this.options.onSessionExpired();
    return new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
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
   * (HTTP errors do not throw) and resumes on its own terms.
   */
  downloadStream(path: string, headers: Record<string, string>, signal?: AbortSignal): Request {
    return this.downloadGot.stream(stripLeadingSlash(path), { headers, signal });
  }

  /**
   * A call whose 4xx answers carry meaning (a second factor asked for, a
   * listing refused): the status and the parsed JSON body, without throwing
   * for HTTP errors. Network failures, 401 after renewal and 5xx still throw.
   */
  async requestWithStatus(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    options: OptionsInit = {},
  ): Promise<{ status: number; body: unknown }> {
    let response: Response<string>;
    try {
      response = (await this.got(stripLeadingSlash(path), { ...options, method, throwHttpErrors: false, retry: { limit: 0 } })) as Response<string>;
    } catch (error) {
      throw toAppError(unwrap(error), this.baseUrl);
    }
    const status = response.statusCode;
    if (status === 401 || status >= 500) {
      const shaped = toAppError(new HTTPError(response), this.baseUrl);
      if (status === 401) this.expired(shaped);
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
      const text = await this.got(stripLeadingSlash(path), { ...options, method }).text();
      body = text ? JSON.parse(text) : undefined;
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new AppError('BAD_RESPONSE', `The server ${new URL(this.baseUrl).host} sent an answer the console cannot read.`);
      }
      throw toAppError(unwrap(error), this.baseUrl);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new AppError('BAD_RESPONSE', `The server ${new URL(this.baseUrl).host} sent an answer in an unexpected shape.`);
    }
    return parsed.data;
  }
}

function stripLeadingSlash(path: string): string {
  return path.startsWith('/') ? path.slice(1) : path;
}

/** got wraps errors thrown from hooks; the AppError inside is what matters. */
function unwrap(error: unknown): unknown {
  let current = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}
