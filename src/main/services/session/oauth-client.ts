/**
 * OAuth 2.0 token calls against an instance: client credentials, authorization
 * code with PKCE, refresh and revocation. The endpoints are `/ws/oauth/...` on
 * the instance host, as the RMM's public API has it; any standards-compliant
 * server configured with those paths works.
 *
 * Every call goes through `postForm`: no redirect is ever followed and the
 * answer is bounded.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { hostOf } from '../platform/api/http-errors';
import { postForm, type FormPostAnswer } from './oauth-http';
import {
  BROWSER_SCOPE,
  CLIENT_CREDENTIALS_SCOPE,
  clientAuthentication,
  clientAuthOrder,
  describeTokenFailure,
  isClientAuthRefusal,
  readOAuthError,
  type ClientAuthMethod,
} from './oauth-rules';

import type { TokenSet } from '../platform/api/token-manager';

export type { TokenSet };

/** A confidential client's credentials and how to present them. */
interface ClientSecretAuth {
  clientId: string;
  clientSecret: string;
  /** The method that worked last time for this profile; tried first. */
  method?: ClientAuthMethod;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(64 * 1024),
  token_type: z.string().regex(/^bearer$/i),
  // Some servers send the lifetime as a string.
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().positive()).optional(),
  refresh_token: z.string().min(1).max(64 * 1024).optional(),
});

const TOKEN_PATH = '/ws/oauth/token';
export const AUTHORIZE_PATH = '/ws/oauth/authorize';
const REVOKE_PATH = '/ws/oauth/revoke';

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export class OAuthClient {
  private readonly host: string;

  constructor(
    private readonly baseUrl: string,
    private readonly options: { now?: () => number; userAgent?: string } = {},
  ) {
    this.host = hostOf(baseUrl);
  }

  authorizeUrl(params: { clientId: string; redirectUri: string; challenge: string; state: string }): string {
    const url = new URL(`${this.baseUrl}${AUTHORIZE_PATH}`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: params.clientId,
      redirect_uri: params.redirectUri,
      code_challenge: params.challenge,
      code_challenge_method: 'S256',
      state: params.state,
      scope: BROWSER_SCOPE,
      // OpenID Connect Core §11: offline_access is granted only with explicit consent.
      prompt: 'consent',
    }).toString();
    return url.toString();
  }

  /**
   * The client-credentials grant. On a refusal of the client's authentication
   * the other method is tried once (RFC 6749 §2.3.1 requires servers to
   * support Basic; the RMM's examples use the body); the method that worked is
   * returned so the profile can remember it.
   */
  async clientCredentials(auth: ClientSecretAuth): Promise<{ tokens: TokenSet; method: ClientAuthMethod }> {
    const form = { grant_type: 'client_credentials', scope: CLIENT_CREDENTIALS_SCOPE };
    const { answer, method } = await this.withClientAuth(auth, (extra) => this.post(TOKEN_PATH, { ...form, ...extra.form }, extra.headers));
    return { tokens: this.readTokens(answer, form.grant_type, form.scope, true, [auth.clientSecret]), method };
  }

  /** The code exchange of a public client (PKCE, RFC 7636): client_id in the body, no secret. */
  async exchangeCode(params: { clientId: string; code: string; verifier: string; redirectUri: string }): Promise<TokenSet> {
    const grant = 'authorization_code';
    const answer = await this.post(TOKEN_PATH, {
      grant_type: grant,
      client_id: params.clientId,
      code: params.code,
      code_verifier: params.verifier,
      redirect_uri: params.redirectUri,
    });
    return this.readTokens(answer, grant, BROWSER_SCOPE, false, [params.code, params.verifier]);
  }

  async refresh(clientId: string, refreshToken: string): Promise<TokenSet> {
    const answer = await this.post(TOKEN_PATH, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
    return this.readTokens(answer, 'refresh_token', BROWSER_SCOPE, false, [refreshToken]);
  }

  /**
   * RFC 7009 revocation, best effort: sign-out must work offline and against
   * servers without the endpoint. A confidential client authenticates as it
   * does at the token endpoint.
   */
  async revoke(params: { clientId: string; token: string; hint: 'access_token' | 'refresh_token'; secret?: ClientSecretAuth }): Promise<void> {
    const form = { token: params.token, token_type_hint: params.hint };
    try {
      if (params.secret) {
        await this.withClientAuth(params.secret, (extra) => this.post(REVOKE_PATH, { ...form, ...extra.form }, extra.headers, 5_000));
      } else {
        await this.post(REVOKE_PATH, { ...form, client_id: params.clientId }, {}, 5_000);
      }
    } catch {
      // Nothing to tell: the local session is gone either way.
    }
  }

  private async withClientAuth(
    auth: ClientSecretAuth,
    call: (extra: { form: Record<string, string>; headers: Record<string, string> }) => Promise<FormPostAnswer>,
  ): Promise<{ answer: FormPostAnswer; method: ClientAuthMethod }> {
    const order = clientAuthOrder(auth.method);
    let last: { answer: FormPostAnswer; method: ClientAuthMethod } | null = null;
    for (const method of order) {
      const answer = await call(clientAuthentication(method, auth.clientId, auth.clientSecret));
      last = { answer, method };
      if (!isClientAuthRefusal(answer.status, readOAuthError(answer.body).error)) return last;
    }
    return last!;
  }

  private post(path: string, form: Record<string, string>, headers: Record<string, string> = {}, timeoutMs = 20_000): Promise<FormPostAnswer> {
    return postForm(`${this.baseUrl}${path}`, { form, headers, timeoutMs, userAgent: this.options.userAgent, retryGatewayErrors: path === TOKEN_PATH });
  }

  private readTokens(answer: FormPostAnswer, grant: string, scope: string, confidential: boolean, sent: string[]): TokenSet {
    if (answer.status < 200 || answer.status >= 300) {
      throw describeTokenFailure({ status: answer.status, body: answer.body, grant, scope, confidential, host: this.host, sent });
    }
    const parsed = tokenAnswer.safeParse(answer.body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', 'The sign-in server sent a token answer the console cannot read.');
    const now = this.options.now ?? Date.now;
    return {
      accessToken: parsed.data.access_token,
      expiresAt: now() + (parsed.data.expires_in ?? 3600) * 1000,
      ...(parsed.data.refresh_token ? { refreshToken: parsed.data.refresh_token } : {}),
    };
  }
}
