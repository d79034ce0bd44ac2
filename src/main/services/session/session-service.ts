/**
 * Sign-in, silent sign-in on restart, sign-out and session expiry.
 *
 * Secrets: the refresh token (browser sign-in) or the client secret (client
 * credentials) goes to the OS keychain when the technician chooses to be
 * remembered; the access token lives only in this process's memory. Neither
 * ever reaches the renderer, the profile file, SQLite, a log or an error text.
 */
import { randomBytes } from 'node:crypto';
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { ProfileSummary, SessionState, SignedOutReason, UserInfo } from '../../../shared/model/session';
import { checkInstanceUrl } from '../../../shared/rules/instance-url';
import { ApiClient } from '../api/api-client';
import type { EventBus } from '../events';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback-receiver';
import { createPkcePair, OAuthClient, type TokenSet } from './oauth-client';
import type { ProfileStore, StoredProfile } from './profile-store';
import { TokenManager } from './token-manager';
import { USER_INFO_PATH, userInfoSchema } from './user-info';
import type { CredentialVault, StoredSecret } from './vault';

export const DEMO_BROWSER_CLIENT_ID = 'rmm-console';
export const DEMO_CREDENTIALS_CLIENT_ID = 'demo-console';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

type SignInTarget = CallArgs<'session.signInWithClientCredentials'>['target'];

export interface DemoInstance {
  /** Starts the embedded demo server if needed and returns its base URL. */
  url(): Promise<string>;
  /** The URL when already running. */
  currentUrl(): string | undefined;
}

export interface SessionServiceOptions {
  vault: CredentialVault;
  profiles: ProfileStore;
  events: EventBus;
  demo: DemoInstance | null;
  /**
   * Opens the sign-in page in the system browser (Electron); absent in browser mode, where the renderer opens it.
   * The purpose names the instance, so that the one guarded openExternal allows exactly its authorize page.
   */
  openExternal?: (url: string, purpose: { kind: 'sign-in'; instance: string }) => Promise<void>;
  userAgent?: string;
  browserSignInTimeoutMs?: number;
}

interface ActiveSession {
  profile: StoredProfile;
  baseUrl: string;
  tokens: TokenManager;
  api: ApiClient;
  user: UserInfo;
  persisted: boolean;
  /** Refresh token or client secret, held in memory for renewal. */
  secret: StoredSecret;
}

interface PendingBrowserSignIn {
  receiver: LoopbackReceiver;
}

export class SessionService {
  private active: ActiveSession | null = null;
  private restoring: StoredProfile | null = null;
  private signedOut: { reason?: SignedOutReason; message?: string } = {};
  private pending: PendingBrowserSignIn | null = null;
  /** Listeners other services use to drop per-session state (caches, downloads). */
  private readonly changeListeners = new Set<(active: boolean) => void>();

  constructor(private readonly options: SessionServiceOptions) {}

  onChange(listener: (signedIn: boolean) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The API client of the signed-in session. */
  api(): ApiClient {
    if (!this.active) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return this.active.api;
  }

  user(): UserInfo {
    if (!this.active) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return this.active.user;
  }

  profileId(): string | null {
    return this.active?.profile.id ?? null;
  }

  /**
   * Who is signed in where: the server (the demo, or an instance's URL) and the
   * user. Unlike the profile id it is the same after a "this session only"
   * sign-in, so downloads resume after a restart for the same user and server.
   */
  identityScope(): string | null {
    if (!this.active) return null;
    const { profile, user } = this.active;
    return `${profile.kind}|${profile.kind === 'instance' ? (profile.baseUrl ?? '') : 'demo'}|${user.id}`;
  }

  async state(): Promise<SessionState> {
    const keychain = await this.options.vault.probe();
    if (this.active) {
      return {
        status: 'signed-in',
        profile: this.summary(this.active.profile, this.active.baseUrl),
        user: this.active.user,
        persisted: this.active.persisted,
        keychain,
      };
    }
    if (this.restoring) {
      return { status: 'restoring', profile: this.summary(this.restoring, this.restoring.baseUrl ?? ''), keychain };
    }
    const demoUrl = this.options.demo?.currentUrl();
    return {
      status: 'signed-out',
      ...this.signedOut,
      keychain,
      profiles: this.options.profiles.list().map((p) => this.summary(p, p.baseUrl ?? demoUrl ?? '')),
      demo: { available: this.options.demo !== null, ...(demoUrl ? { url: demoUrl } : {}), clientId: DEMO_CREDENTIALS_CLIENT_ID },
    };
  }

  /** Silent sign-in with the last remembered profile (app start). */
  async restore(): Promise<void> {
    const profile = this.options.profiles.last();
    if (!profile?.remembered || this.active) return;
    this.restoring = profile;
    await this.emitState();
    try {
      const secret = await this.options.vault.load(profile.id);
      if (!secret) {
        this.options.profiles.markSignedOut(profile.id);
        this.signedOut = { reason: 'restore-failed', message: 'Your saved sign-in was not found in the system keychain. Please sign in again.' };
        return;
      }
      const baseUrl = await this.resolveBaseUrl(profile);
      try {
        const tokens = await this.obtainWithSecret(baseUrl, profile.clientId, secret);
        const current = this.rotate(secret, tokens);
        // The presented refresh token is spent: keep the new one or the next start would fail.
        if (current !== secret) await this.options.vault.save(profile.id, current);
        await this.activate({ profile, baseUrl, initial: tokens, secret: current, persisted: true });
      } catch (error) {
        if (error instanceof AppError && error.code === 'OFFLINE' && profile.user) {
          // Open offline with the last known identity; renewal is tried again on the next call.
          await this.activate({ profile, baseUrl, initial: null, secret, persisted: true, user: profile.user });
          return;
        }
        throw error;
      }
    } catch (error) {
      const shape = error instanceof AppError ? error : new AppError('SIGN_IN_FAILED', 'Silent sign-in failed.');
      if (shape.code === 'SESSION_EXPIRED' || shape.code === 'SIGN_IN_FAILED') {
        await this.options.vault.remove(profile.id).catch(() => {});
        this.options.profiles.markSignedOut(profile.id);
      }
      this.signedOut = { reason: shape.code === 'SESSION_EXPIRED' ? 'expired' : 'restore-failed', message: shape.message };
    } finally {
      this.restoring = null;
      await this.emitState();
    }
  }

  async signInWithClientCredentials(args: CallArgs<'session.signInWithClientCredentials'>): Promise<SessionState> {
    await this.requireKeychainIfRemembering(args.remember);
    const { kind, baseUrl, name } = await this.resolveTarget(args.target);
    const tokens = await new OAuthClient(baseUrl).clientCredentials(args.clientId, args.clientSecret);
    const secret: StoredSecret = { kind: 'client_secret', value: args.clientSecret };
    await this.completeSignIn({ kind, baseUrl, name, method: 'client_credentials', clientId: args.clientId, tokens, secret, remember: args.remember });
    return this.state();
  }

  async beginBrowserSignIn(args: CallArgs<'session.beginBrowserSignIn'>): Promise<{ authorizeUrl: string; openedExternally: boolean }> {
    await this.requireKeychainIfRemembering(args.remember);
    const { kind, baseUrl, name } = await this.resolveTarget(args.target);
    const clientId = args.clientId ?? DEMO_BROWSER_CLIENT_ID;
    this.cancelBrowserSignIn();
    const state = randomBytes(16).toString('base64url');
    const pkce = createPkcePair();
    const receiver = await startLoopbackReceiver(state, this.options.browserSignInTimeoutMs);
    const pending: PendingBrowserSignIn = { receiver };
    this.pending = pending;
    const oauth = new OAuthClient(baseUrl);
    const authorizeUrl = oauth.authorizeUrl({ clientId, redirectUri: receiver.redirectUri, challenge: pkce.challenge, state });

    void receiver.code
      .then(async (code) => {
        const tokens = await oauth.exchangeCode({ clientId, code, verifier: pkce.verifier, redirectUri: receiver.redirectUri });
        if (!tokens.refreshToken) throw new AppError('SIGN_IN_FAILED', 'The instance did not issue a refresh token.');
        if (this.pending !== pending) return;
        await this.completeSignIn({
          kind,
          baseUrl,
          name,
          method: 'browser',
          clientId,
          tokens,
          secret: { kind: 'refresh_token', value: tokens.refreshToken },
          remember: args.remember,
        });
      })
      .catch((error: unknown) => {
        if (this.pending !== pending) return;
        if (error instanceof AppError && error.code === 'CANCELED') return;
        const message = error instanceof AppError ? error.message : 'Browser sign-in failed.';
        this.options.events.emit('session.browserSignInFailed', { message });
      })
      .finally(() => {
        if (this.pending === pending) this.pending = null;
      });

    let openedExternally = false;
    if (this.options.openExternal) {
      await this.options.openExternal(authorizeUrl, { kind: 'sign-in', instance: baseUrl });
      openedExternally = true;
    }
    return { authorizeUrl, openedExternally };
  }

  cancelBrowserSignIn(): boolean {
    const pending = this.pending;
    if (!pending) return false;
    this.pending = null;
    pending.receiver.close();
    return true;
  }

  async signOut(): Promise<SessionState> {
    const active = this.active;
    if (active) {
      this.deactivate();
      if (active.secret.kind === 'refresh_token') {
        await new OAuthClient(active.baseUrl).revoke(active.profile.clientId, active.secret.value);
      }
      await this.forget(active.profile);
    }
    this.signedOut = { reason: 'signed-out' };
    await this.emitState();
    return this.state();
  }

  /** Stops timers and listeners (app quit). Keeps the keychain as it is. */
  dispose(): void {
    this.cancelBrowserSignIn();
    this.active?.tokens.dispose();
    this.active = null;
  }

  // --- internals -----------------------------------------------------------

  private async forget(profile: StoredProfile): Promise<void> {
    await this.options.vault.remove(profile.id).catch(() => {});
    if (this.options.profiles.get(profile.id)) this.options.profiles.markSignedOut(profile.id);
  }

  private async requireKeychainIfRemembering(remember: boolean): Promise<void> {
    if (!remember) return;
    const status = await this.options.vault.probe();
    if (!status.available) throw new AppError('KEYCHAIN_UNAVAILABLE', status.message ?? 'The system keychain is not available.');
  }

  private async resolveTarget(target: SignInTarget): Promise<{ kind: 'demo' | 'instance'; baseUrl: string; name: string }> {
    if (target.kind === 'demo') {
      if (!this.options.demo) throw new AppError('SIGN_IN_FAILED', 'The demo instance is not available in this build.');
      return { kind: 'demo', baseUrl: await this.options.demo.url(), name: 'Demo instance' };
    }
    const checked = checkInstanceUrl(target.baseUrl);
    if (!checked.ok) throw new AppError('INVALID_INPUT', checked.message);
    return { kind: 'instance', baseUrl: checked.url, name: target.name?.trim() || new URL(checked.url).host };
  }

  private async resolveBaseUrl(profile: StoredProfile): Promise<string> {
    if (profile.kind === 'demo') {
      if (!this.options.demo) throw new AppError('SIGN_IN_FAILED', 'The demo instance is not available in this build.');
      return this.options.demo.url();
    }
    return profile.baseUrl ?? '';
  }

  private obtainWithSecret(baseUrl: string, clientId: string, secret: StoredSecret): Promise<TokenSet> {
    const oauth = new OAuthClient(baseUrl);
    return secret.kind === 'refresh_token' ? oauth.refresh(clientId, secret.value) : oauth.clientCredentials(clientId, secret.value);
  }

  /** A refresh answer may rotate the refresh token: the new one replaces the old. */
  private rotate(secret: StoredSecret, tokens: TokenSet): StoredSecret {
    return secret.kind === 'refresh_token' && tokens.refreshToken ? { kind: 'refresh_token', value: tokens.refreshToken } : secret;
  }

  private async completeSignIn(params: {
    kind: 'demo' | 'instance';
    baseUrl: string;
    name: string;
    method: 'client_credentials' | 'browser';
    clientId: string;
    tokens: TokenSet;
    secret: StoredSecret;
    remember: boolean;
  }): Promise<void> {
    const draft: StoredProfile = {
      id: `session-${randomBytes(8).toString('hex')}`,
      kind: params.kind,
      name: params.name,
      ...(params.kind === 'instance' ? { baseUrl: params.baseUrl } : {}),
      method: params.method,
      clientId: params.clientId,
      remembered: params.remember,
      lastUsedAt: new Date().toISOString(),
    };
    // Validate the tokens by reading the user before anything is stored.
    const user = await this.fetchUser(params.baseUrl, params.tokens);
    if (this.active) {
      const previous = this.active;
      this.deactivate();
      if (!previous.persisted) await this.forget(previous.profile);
    }
    let profile = draft;
    if (params.remember) {
      const { id: _id, lastUsedAt: _last, ...fields } = draft;
      profile = this.options.profiles.upsert({ ...fields, user });
      await this.options.vault.save(profile.id, params.secret);
    }
    this.signedOut = {};
    await this.activate({ profile, baseUrl: params.baseUrl, initial: params.tokens, secret: params.secret, persisted: params.remember, user });
  }

  private async fetchUser(baseUrl: string, tokens: TokenSet): Promise<UserInfo> {
    const probe = new ApiClient({
      baseUrl,
      tokens: new TokenManager(() => Promise.reject(new AppError('SESSION_EXPIRED', SESSION_EXPIRED_MESSAGE)), tokens),
      onSessionExpired: () => {},
      userAgent: this.options.userAgent,
      retryLimit: 1,
    });
    return probe.getJson(USER_INFO_PATH, userInfoSchema);
  }

  private async activate(params: {
    profile: StoredProfile;
    baseUrl: string;
    initial: TokenSet | null;
    secret: StoredSecret;
    persisted: boolean;
    user?: UserInfo;
  }): Promise<void> {
    const session = { secret: params.secret } as ActiveSession;
    const tokens = new TokenManager(async () => {
      const fresh = await this.obtainWithSecret(params.baseUrl, params.profile.clientId, session.secret);
      const rotated = this.rotate(session.secret, fresh);
      if (rotated !== session.secret) {
        session.secret = rotated;
        if (session.persisted) await this.options.vault.save(params.profile.id, rotated).catch(() => {});
      }
      return fresh;
    }, params.initial);
    const api = new ApiClient({
      baseUrl: params.baseUrl,
      tokens,
      onSessionExpired: () => void this.expire(session),
      userAgent: this.options.userAgent,
    });
    Object.assign(session, {
      profile: params.profile,
      baseUrl: params.baseUrl,
      tokens,
      api,
      persisted: params.persisted,
      user: params.user ?? (await api.getJson(USER_INFO_PATH, userInfoSchema)),
    });
    if (params.persisted && !params.user) {
      // Silent sign-in read a fresh identity: keep it for opening offline next time.
      this.options.profiles.upsert({ ...stripIdentity(params.profile), user: session.user });
    }
    this.active = session;
    for (const listener of this.changeListeners) listener(true);
    await this.emitState();
  }

  private deactivate(): void {
    const active = this.active;
    if (!active) return;
    active.tokens.dispose();
    this.active = null;
    for (const listener of this.changeListeners) listener(false);
  }

  /** The refresh token (or client secret) was refused: the session is over. */
  private async expire(session: ActiveSession): Promise<void> {
    if (this.active !== session) return;
    this.deactivate();
    await this.forget(session.profile);
    this.signedOut = { reason: 'expired', message: SESSION_EXPIRED_MESSAGE };
    await this.emitState();
  }

  private async emitState(): Promise<void> {
    this.options.events.emit('session.changed', await this.state());
  }

  private summary(profile: StoredProfile, baseUrl: string): ProfileSummary {
    return {
      id: profile.id,
      kind: profile.kind,
      name: profile.name,
      baseUrl,
      method: profile.method,
      clientId: profile.clientId,
      remembered: profile.remembered,
    };
  }
}

function stripIdentity(profile: StoredProfile): Omit<StoredProfile, 'id' | 'lastUsedAt'> {
  const { id: _id, lastUsedAt: _last, ...rest } = profile;
  return rest;
}
