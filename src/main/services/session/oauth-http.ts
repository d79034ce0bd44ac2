/**
 * The one way the console talks to an OAuth endpoint (token, revocation): a
 * form POST that never follows a redirect and reads at most 16 MiB.
 *
 * Why: a token call carries a client secret, a
 * refresh token or a code with its verifier. got re-sends the body of a 307
 * or 308 to wherever the Location points, so a hijacked or misconfigured
 * instance could collect them on another host. RFC 6749 §3.2 gives the token
 * endpoint no reason to redirect; a 3xx is an error here (the API's
 * REDIRECT_REFUSED). The answer is read through the API's bound (capAnswer),
 * so an endless body cannot fill the main process.
 */
import got, { RequestError } from 'got';
import { AppError } from '../../../shared/errors';
import { appErrorInside, hostOf, toAppError } from '../platform/api/http-errors';
import { originOf, redirectRefusedError, refusedRedirectReason } from '../platform/api/redirect-policy';
import { answerTooLargeError, capAnswer, MAX_JSON_BYTES } from '../platform/api/response-limits';

/** The largest token or revocation answer the console reads: the same bound as every JSON answer. */
export const MAX_TOKEN_ANSWER_BYTES = MAX_JSON_BYTES;

interface FormPostOptions {
  form: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs: number;
  userAgent?: string;
  /** Tries again once after a 502, 503 or 504 (a gateway restarting): the call did not reach the server. */
  retryGatewayErrors?: boolean;
  maxBytes?: number;
}

export interface FormPostAnswer {
  status: number;
  /** The parsed JSON body; undefined when empty or not JSON. */
  body: unknown;
}

export async function postForm(url: string, options: FormPostOptions): Promise<FormPostAnswer> {
  const attempts = options.retryGatewayErrors ? 2 : 1;
  for (let attempt = 1; ; attempt++) {
    const answer = await postOnce(url, options);
    if (attempt < attempts && (answer.status === 502 || answer.status === 503 || answer.status === 504)) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      continue;
    }
    return answer;
  }
}

/** One POST, read through the API's bound (capAnswer) and refusing redirects with the API's error. */
async function postOnce(url: string, options: FormPostOptions): Promise<FormPostAnswer> {
  const host = hostOf(url);
  const maxBytes = options.maxBytes ?? MAX_TOKEN_ANSWER_BYTES;
  let response;
  try {
    response = await capAnswer(
      (signal) =>
        got.post(url, {
          form: options.form,
          headers: { 'user-agent': options.userAgent ?? 'rmm-technician-console', accept: 'application/json', ...options.headers },
          followRedirect: false,
          throwHttpErrors: false,
          responseType: 'buffer',
          retry: { limit: 0 },
          timeout: { request: options.timeoutMs },
          signal,
        }),
      host,
      undefined,
      maxBytes,
    );
  } catch (error) {
    // The bound's own error comes out as itself; toAppError keeps only a sentence: got's error (with the form and headers inside) goes no further.
    throw appErrorInside(error) ?? (error instanceof RequestError ? toAppError(error, url) : new AppError('OFFLINE', `The connection to ${host} failed.`));
  }
  if (response.statusCode >= 300 && response.statusCode < 400) {
    throw redirectRefusedError(host, refusedRedirectReason(url, response.headers.location, originOf(url) ?? ''));
  }
  if (response.rawBody.byteLength > maxBytes) throw answerTooLargeError(host, maxBytes);
  let body: unknown;
  try {
    const text = new TextDecoder().decode(response.rawBody);
    body = text.trim() ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body };
}
