/**
 * OAuth2 token calls against an instance: client credentials, authorization
 * code with PKCE, refresh and revocation. The token endpoint is
 * `/ws/oauth/token` on the instance host, as the RMM's public API has it.
 */
import { createHash, randomBytes } from 'node:crypto';
import got, { HTTPError } from 'got';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { toAppError } from '../api/http-errors';

export interface TokenSet {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  refreshToken?: string;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
});

export const TOKEN_PATH = '/ws/oauth/token';
export const AUTHORIZE_PATH = '/ws/oauth/authorize';
export const REVOKE_PATH = '/ws/oauth/revoke';
export const OAUTH_SCOPE = 'monitoring management offline_access';

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export class OAuthClient {
  constructor(
    private readonly baseUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  authorizeUrl(params: { clientId: string; redirectUri: string; challenge: string; state: string }): string {
    const url = new URL(`${this.baseUrl}${AUTHORIZE_PATH}`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: params.clientId,
      redirect_uri: params.redirectUri,
      code_challenge: params.challenge,
      code_challenge_method: 'S256',
      state: params.state,
      scope: OAUTH_SCOPE,
    }).toString();
    return url.toString();
  }

  clientCredentials(clientId: string, clientSecret: string): Promise<TokenSet> {
    return this.tokenRequest({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: OAUTH_SCOPE });
  }

  exchangeCode(params: { clientId: string; code: string; verifier: string; redirectUri: string }): Promise<TokenSet> {
    return this.tokenRequest({
      grant_type: 'authorization_code',
      client_id: params.clientId,
      code: params.code,
      code_verifier: params.verifier,
      redirect_uri: params.redirectUri,
    });
  }

  refresh(clientId: string, refreshToken: string): Promise<TokenSet> {
    return this.tokenRequest({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });
  }

  async revoke(clientId: string, token: string): Promise<void> {
    try {
      await got.post(`${this.baseUrl}${REVOKE_PATH}`, {
        form: { token, client_id: clientId },
        timeout: { request: 5000 },
        retry: { limit: 0 },
      });
    } catch {
      // Revocation is best effort: signing out must work offline too.
    }
  }

  private async tokenRequest(form: Record<string, string>): Promise<TokenSet> {
    let body: unknown;
    try {
      body = await got
        .post(`${this.baseUrl}${TOKEN_PATH}`, {
          form,
          timeout: { request: 20_000 },
          retry: { limit: 1, methods: ['POST'], statusCodes: [502, 503, 504] },
        })
        .json();
    } catch (error) {
      throw this.describeTokenError(error, form.grant_type ?? '');
    }
    const parsed = tokenAnswer.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', 'The sign-in server sent a token answer the console cannot read.');
    return {
      accessToken: parsed.data.access_token,
      expiresAt: this.now() + (parsed.data.expires_in ?? 3600) * 1000,
      ...(parsed.data.refresh_token ? { refreshToken: parsed.data.refresh_token } : {}),
    };
  }

  private describeTokenError(error: unknown, grant: string): AppError {
    if (error instanceof HTTPError) {
      const code = readOAuthErrorCode(error.response.body);
      if (grant === 'refresh_token' && (code === 'invalid_grant' || error.response.statusCode === 400)) {
        return new AppError('SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
      }
      if (code === 'invalid_client' || error.response.statusCode === 401) {
        return new AppError('SIGN_IN_FAILED', 'The client id or client secret was not accepted by the instance.');
      }
      if (code === 'invalid_grant') {
        return new AppError('SIGN_IN_FAILED', 'The sign-in was not accepted (the code expired or was already used). Please try again.');
      }
      if (code === 'unauthorized_client') {
        return new AppError('SIGN_IN_FAILED', 'This client is not allowed to sign in with that method.');
      }
    }
    return toAppError(error, this.baseUrl);
  }
}

function readOAuthErrorCode(body: unknown): string | undefined {
  try {
    const parsed = typeof body === 'string' ? (JSON.parse(body) as unknown) : body;
    const code = (parsed as { error?: unknown } | null)?.error;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}
