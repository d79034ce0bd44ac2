/**
 * What a session does with its long-lived credential (a refresh token or a
 * client secret): get access tokens with it, keep a rotated refresh token,
 * and revoke everything at sign-out.
 */
import type { ClientAuthMethod } from './oauth-rules';
import type { OAuthClient, TokenSet } from './oauth-client';
import type { StoredSecret } from './vault';

interface CredentialOwner {
  clientId: string;
  /** How the client secret was accepted last time (client credentials only). */
  clientAuth?: ClientAuthMethod;
}

interface Obtained {
  tokens: TokenSet;
  /** The client authentication that worked (client credentials only): the profile remembers it. */
  clientAuth?: ClientAuthMethod;
}

export async function obtainWithSecret(oauth: OAuthClient, owner: CredentialOwner, secret: StoredSecret): Promise<Obtained> {
  if (secret.kind === 'refresh_token') return { tokens: await oauth.refresh(owner.clientId, secret.value) };
  const { tokens, method } = await oauth.clientCredentials({ clientId: owner.clientId, clientSecret: secret.value, method: owner.clientAuth });
  return { tokens, clientAuth: method };
}

/** A refresh answer may rotate the refresh token: the new one replaces the old. */
export function rotate(secret: StoredSecret, tokens: TokenSet): StoredSecret {
  return secret.kind === 'refresh_token' && tokens.refreshToken ? { kind: 'refresh_token', value: tokens.refreshToken } : secret;
}

const REVOKE_WAIT_MS = 6_000;

/**
 * Sign-out revokes the refresh token and the access token (RFC 7009) when
 * the instance has a revocation endpoint. Best effort and bounded: the local
 * session is already gone when this runs.
 */
export async function revokeAll(
  oauth: OAuthClient,
  owner: CredentialOwner,
  secret: StoredSecret | null,
  accessToken: string | null,
): Promise<void> {
  const calls: Array<Promise<void>> = [];
  if (secret?.kind === 'refresh_token') {
    calls.push(oauth.revoke({ clientId: owner.clientId, token: secret.value, hint: 'refresh_token' }));
  }
  if (accessToken) {
    const auth = secret?.kind === 'client_secret' ? { clientId: owner.clientId, clientSecret: secret.value, method: owner.clientAuth } : undefined;
    calls.push(oauth.revoke({ clientId: owner.clientId, token: accessToken, hint: 'access_token', secret: auth }));
  }
  if (calls.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REVOKE_WAIT_MS);
    timer.unref();
  });
  await Promise.race([Promise.allSettled(calls), cap]);
  clearTimeout(timer);
}
