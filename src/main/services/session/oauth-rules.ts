/**
 * Pure OAuth 2.0 decisions, unit-tested without a server:
 * which scope each grant asks for, how a confidential client authenticates
 * (form body or HTTP Basic, RFC 6749 §2.3.1) and when to try the other way,
 * what a refused token call tells the technician, and the RFC 9207 issuer
 * check of a browser sign-in's redirect.
 */
import { AppError } from '../../../shared/errors';
import { SESSION_EXPIRED_MESSAGE } from '../platform/api/http-errors';

/**
 * Client credentials ask for the API scopes only: that grant never issues a
 * refresh token (RFC 6749 §4.4.3), and a standard server refuses
 * `offline_access` for a client that may not use the refresh_token grant.
 */
export const CLIENT_CREDENTIALS_SCOPE = 'monitoring management';
/** Browser sign-in asks for a refresh token too, with `prompt=consent` (OpenID Connect Core §11). */
export const BROWSER_SCOPE = 'monitoring management offline_access';

/** RFC 6749 §2.3.1: every server supports Basic; the RMM's own examples send the form body. */
export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic';
export const CLIENT_AUTH_METHODS: readonly ClientAuthMethod[] = ['client_secret_post', 'client_secret_basic'];

/** The methods to try, in order: the one that worked last time for this profile first, then the other once. */
export function clientAuthOrder(remembered?: ClientAuthMethod): ClientAuthMethod[] {
  const first = remembered ?? 'client_secret_post';
  return [first, ...CLIENT_AUTH_METHODS.filter((m) => m !== first)];
}

/** A refusal of the client's authentication (not of the grant): worth one try with the other method. */
export function isClientAuthRefusal(status: number, oauthError: string | undefined): boolean {
  return oauthError === 'invalid_client' || status === 401;
}

/**
 * `Authorization: Basic` for a client secret. RFC 6749 §2.3.1 encodes id and
 * secret with application/x-www-form-urlencoded before base64; percent-encoding
 * every reserved character (a space as %20, never '+') is read the same by
 * form decoders and by servers that use plain percent-decoding.
 */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** The form fields and headers that authenticate a confidential client with `method`. */
export function clientAuthentication(
  method: ClientAuthMethod,
  clientId: string,
  clientSecret: string,
): { form: Record<string, string>; headers: Record<string, string> } {
  return method === 'client_secret_basic'
    ? { form: {}, headers: { authorization: basicAuthorization(clientId, clientSecret) } }
    : { form: { client_id: clientId, client_secret: clientSecret }, headers: {} };
}

interface OAuthErrorBody {
  error?: string;
  description?: string;
}

/** The `error` and `error_description` of an OAuth error answer (RFC 6749 §5.2), when it has them. */
export function readOAuthError(body: unknown): OAuthErrorBody {
  if (typeof body !== 'object' || body === null) return {};
  const { error, error_description: description } = body as Record<string, unknown>;
  return {
    ...(typeof error === 'string' && /^[\x20-\x7e]{1,64}$/.test(error) ? { error } : {}),
    ...(typeof description === 'string' ? { description } : {}),
  };
}

/**
 * A server's error_description, when short and plain enough to show as is:
 * printable ASCII, no address (it could carry a query string), no markup.
 */
export function printableDescription(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const text = description.trim().replace(/[.\s]+$/, '');
  if (!text || text.length > 160 || !/^[\x20-\x7e]+$/.test(text)) return undefined;
  if (/:\/\/|[<>]/.test(text)) return undefined;
  return text;
}

const CLIENT_REFUSED_MESSAGE = 'The client id or client secret was not accepted by the instance.';
export { SESSION_EXPIRED_MESSAGE };

function scopeRefusedMessage(scope: string, description?: string): string {
  const detail = printableDescription(description);
  return `The instance refused the requested scope (${scope})${detail ? `: ${detail}` : ''}.`;
}

interface TokenFailure {
  status: number;
  body: unknown;
  grant: string;
  /** The scope the call asked for (shown when the instance refuses it). */
  scope?: string;
  /** True when the client authenticated with a secret (client credentials). */
  confidential: boolean;
  host: string;
  /** What the call sent that must never be shown back (a server may echo it in its description). */
  sent?: readonly string[];
}

/** What the technician is told when the token endpoint refused a call. */
export function describeTokenFailure(failure: TokenFailure): AppError {
  const { status, grant, host } = failure;
  const { error, description: raw } = readOAuthError(failure.body);
  const description = raw && !(failure.sent ?? []).some((value) => value && raw.includes(value)) ? raw : undefined;
  if (error === 'invalid_scope') {
    return new AppError('SIGN_IN_FAILED', scopeRefusedMessage(failure.scope ?? '', description));
  }
  if (grant === 'refresh_token' && (error === 'invalid_grant' || (status === 400 && error === undefined))) {
    return new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE);
  }
  if (error === 'invalid_client' || status === 401) {
    return new AppError(
      'SIGN_IN_FAILED',
      failure.confidential ? CLIENT_REFUSED_MESSAGE : 'The client id was not accepted by the instance.',
    );
  }
  if (error === 'invalid_grant') {
    return new AppError('SIGN_IN_FAILED', 'The sign-in was not accepted (the code expired or was already used). Please try again.');
  }
  if (error === 'unauthorized_client' || error === 'unsupported_grant_type') {
    return new AppError('SIGN_IN_FAILED', 'This client is not allowed to sign in with that method.');
  }
  if (status >= 500) return new AppError('SERVER_ERROR', `The sign-in server ${host} answered with an error (${status}).`);
  const detail = printableDescription(description);
  return new AppError('SIGN_IN_FAILED', `The sign-in server ${host} refused the request (${status})${detail ? `: ${detail}` : ''}.`);
}

/** What the technician is told when the browser comes back with `error=...` instead of a code (RFC 6749 §4.1.2.1). */
export function describeAuthorizationError(error: string, description: string | undefined, scope: string): AppError {
  if (error === 'access_denied') return new AppError('SIGN_IN_FAILED', 'Sign-in was denied in the browser.');
  if (error === 'invalid_scope') return new AppError('SIGN_IN_FAILED', scopeRefusedMessage(scope, description));
  const detail = printableDescription(description);
  return new AppError('SIGN_IN_FAILED', `The instance did not complete the sign-in${detail ? `: ${detail}` : ''}.`);
}

/**
 * RFC 9207: the `iss` of an authorization response must name the server the
 * console sent the technician to. Without discovery the console knows the
 * instance only by its URL, so the issuer is that URL or its origin (simple
 * string comparison, a trailing slash aside).
 */
export function issuerMatches(iss: string, baseUrl: string): boolean {
  const trim = (value: string) => value.replace(/\/+$/, '');
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return false;
  }
  const given = trim(iss);
  return given === trim(baseUrl) || given === origin;
}

export const ISSUER_MISMATCH_MESSAGE =
  'The sign-in answer came from a different server than the instance, so the console did not use it. Start the sign-in again.';
