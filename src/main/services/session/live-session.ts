/**
 * One signed-in session: its access token in memory, the API client that
 * uses it, and renewal with the long-lived credential (a refresh token that
 * may rotate, or a client secret whose accepted authentication method is
 * remembered). A session without a refresh token ends when its access token
 * does (RFC 6749 §5.1).
 */
import { AppError, type ErrorCode } from '../../../shared/errors';
import type { UserInfo } from '../../../shared/model/session';
import { ApiClient, type Reachability } from '../platform/api/api-client';
import { obtainWithSecret, rotate } from './credentials';
import type { OAuthClient, TokenSet } from './oauth-client';
import type { ProfileStore, StoredProfile } from './profile-store';
import { NO_REFRESH_TOKEN_MESSAGE, type SessionEndCause } from './session-rules';
import { TokenManager } from '../platform/api/token-manager';
import { USER_INFO_PATH, userInfoSchema } from './user-info';
import type { CredentialVault, StoredSecret } from './vault';

interface LiveSessionDeps {
  vault: CredentialVault;
  profiles: ProfileStore;
  oauth: (baseUrl: string) => OAuthClient;
  userAgent?: string;
  /** Hears whether each API call reached the instance (the offline state). */
  reachability?: Reachability;
  /** The instance stopped accepting the session. */
  onEnded: (session: LiveSession, cause: SessionEndCause) => void;
}

export interface LiveSessionParams {
  profile: StoredProfile;
  baseUrl: string;
  initial: TokenSet | null;
  /** Null when the instance issued no refresh token. */
  secret: StoredSecret | null;
  /** True when the profile and its secret are kept (keychain). */
  persisted: boolean;
  /** Known already (a fresh sign-in, or the last identity when opening offline); otherwise read from the API. */
  user?: UserInfo;
}

export class LiveSession {
  profile: StoredProfile;
  readonly baseUrl: string;
  readonly persisted: boolean;
  readonly tokens: TokenManager;
  readonly api: ApiClient;
  user!: UserInfo;
  /** Refresh token or client secret, held in memory for renewal. */
  secret: StoredSecret | null;
  /** The error code of the last refused renewal: tells a dead refresh token from a refused one. */
  renewalError?: ErrorCode;
  private expiryTimer?: NodeJS.Timeout;

  private constructor(
    params: LiveSessionParams,
    private readonly deps: LiveSessionDeps,
  ) {
    this.profile = params.profile;
    this.baseUrl = params.baseUrl;
    this.persisted = params.persisted;
    this.secret = params.secret;
    this.tokens = new TokenManager(() => this.renew(), params.initial, Date.now, undefined, params.secret !== null);
    this.api = new ApiClient({
      baseUrl: params.baseUrl,
      tokens: this.tokens,
      onSessionExpired: (cause) => deps.onEnded(this, cause),
      userAgent: deps.userAgent,
      reachability: deps.reachability,
    });
  }

  /** Opens the session; reads the user first when it is not known. */
  static async open(params: LiveSessionParams, deps: LiveSessionDeps): Promise<LiveSession> {
    const session = new LiveSession(params, deps);
    try {
      session.user = params.user ?? (await session.api.getJson(USER_INFO_PATH, userInfoSchema));
    } catch (error) {
      session.tokens.dispose();
      throw error;
    }
    if (params.persisted && !params.user) {
      // Silent sign-in read a fresh identity: keep it for opening offline next time.
      deps.profiles.upsert({ ...stripIdentity(session.profile), user: session.user });
    }
    if (!params.secret && params.initial) session.endWhenTokenExpires(params.initial.expiresAt);
    return session;
  }

  dispose(): void {
    clearTimeout(this.expiryTimer);
    this.tokens.dispose();
  }

  /** Nothing to renew with: the session ends when its access token does, and the state says why. */
  private endWhenTokenExpires(expiresAt: number): void {
    const delay = expiresAt - Date.now();
    if (delay >= 2 ** 31 - 1) return; // beyond setTimeout's range: the next call finds out
    this.expiryTimer = setTimeout(() => this.deps.onEnded(this, 'renewal-refused'), Math.max(0, delay));
    this.expiryTimer.unref();
  }

  private async renew(): Promise<TokenSet> {
    const secret = this.secret;
    if (!secret) throw new AppError('SESSION_EXPIRED', NO_REFRESH_TOKEN_MESSAGE);
    try {
      const fresh = await obtainWithSecret(this.deps.oauth(this.baseUrl), this.profile, secret);
      const rotated = rotate(secret, fresh.tokens);
      if (rotated !== secret) {
        this.secret = rotated;
        if (this.persisted) await this.deps.vault.save(this.profile.id, rotated).catch(() => {});
      }
      if (fresh.clientAuth && fresh.clientAuth !== this.profile.clientAuth) {
        this.profile = { ...this.profile, clientAuth: fresh.clientAuth };
        if (this.persisted) this.deps.profiles.upsert(stripIdentity(this.profile));
      }
      return fresh.tokens;
    } catch (error) {
      if (error instanceof AppError) this.renewalError = error.code;
      throw error;
    }
  }
}

export function stripIdentity(profile: StoredProfile): Omit<StoredProfile, 'id' | 'lastUsedAt'> {
  const { id: _id, lastUsedAt: _last, ...rest } = profile;
  return rest;
}
