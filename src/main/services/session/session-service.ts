/**
 * Sign-in, silent sign-in on restart, sign-out and the end of a session.
 *
 * Secrets: the refresh token (browser sign-in) or the client secret (client
 * credentials) goes to the OS keychain when the technician chooses to be
 * remembered; the access token lives only in this process's memory. Neither
 * ever reaches the renderer, the profile file, SQLite, a log or an error text.
 *
 * A new instance needs the technician's confirmation before
 * anything is sent to it (InstanceGate); a 401 that survives a
 * renewal ends the session with a reason and keeps the keychain entry
 * (sessionEndOutcome); any standards-compliant OAuth 2.0 server
 * works, including one that issues no refresh token.
 */
import { randomBytes } from 'node:crypto';
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import type { ProfileSummary, SessionState, UserInfo } from '../../../shared/model/session';
import { checkInstanceUrl } from '../../../shared/rules/session/instance-url';
import type { ApiClient, Reachability } from '../platform/api/api-client';
import type { EventBus } from '../platform/events';
import { BrowserSignIns } from './browser-sign-in';
import { revokeAll } from './credentials';
import { InstanceGate } from './instance-gate';
import { LiveSession, stripIdentity, type LiveSessionParams } from './live-session';
import { OAuthClient, type TokenSet } from './oauth-client';
import { SESSION_EXPIRED_MESSAGE, type ClientAuthMethod } from './oauth-rules';
import type { ProfileStore, StoredProfile } from './profile-store';
import { afterFailedResume, asAppError, ResumeFailure, resumeProfile, type ResumeDeps, type SignedOutInfo } from './resume';
import { sessionEndOutcome, type SessionEndCause } from './session-rules';
import { readUserWith } from './user-info';
import type { CredentialVault, StoredSecret } from './vault';

export { SESSION_EXPIRED_MESSAGE };
const DEMO_BROWSER_CLIENT_ID = 'rmm-console';
const DEMO_CREDENTIALS_CLIENT_ID = 'demo-console';

type SignInTarget = CallArgs<'session.signInWithClientCredentials'>['target'];
type ResolvedTarget = { kind: 'demo' | 'instance'; baseUrl: string; name: string };

export interface DemoInstance {
  /** Starts the embedded demo server if needed and returns its base URL. */
  url(): Promise<string>;
  /** The URL when already running. */
  currentUrl(): string | undefined;
}

interface SessionServiceOptions {
  vault: CredentialVault;
  profiles: ProfileStore;
  events: EventBus;
  demo: DemoInstance | null;
  /** Opens the sign-in page in the system browser (Electron); absent in browser mode, where the renderer opens it. */
  openExternal?: (url: string, purpose: { kind: 'sign-in'; instance: string }) => Promise<void>;
  /**
   * A native confirmation naming the host, before signing in to an instance
   * no profile knows (Electron). Absent in browser mode, which has no dialog
   * a compromised page could not imitate.
   */
  confirmNewInstance?: (host: string) => Promise<boolean>;
  /** Instances browser mode may sign in to without a profile (`--allow-instance`). */
  allowedInstances?: readonly string[];
  userAgent?: string;
  /** Hears whether each API call of the session reached the instance (the offline state). */
  reachability?: Reachability;
  browserSignInTimeoutMs?: number;
}

export class SessionService {
  private active: LiveSession | null = null;
  private restoring: StoredProfile | null = null;
  private signedOut: SignedOutInfo = {};
  private readonly gate: InstanceGate;
  private readonly browser: BrowserSignIns;
  /** Listeners other services use to drop per-session state (caches, downloads). */
  private readonly changeListeners = new Set<(active: boolean) => void>();
  /** Listeners that drop what an identity kept beside its sign-in (the PSA secrets) once that sign-in is over. */
  private readonly forgetListeners = new Set<(scope: string) => Promise<void>>();

  constructor(private readonly options: SessionServiceOptions) {
    this.gate = new InstanceGate(options);
    this.browser = new BrowserSignIns({
      oauth: (baseUrl) => this.oauth(baseUrl),
      events: options.events,
      openExternal: options.openExternal,
      timeoutMs: options.browserSignInTimeoutMs,
    });
  }

  onChange(listener: (signedIn: boolean) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Called with the identity's scope when its sign-in is over for good (signed out, replaced, forgotten); not at quit. */
  onForget(listener: (scope: string) => Promise<void>): () => void {
    this.forgetListeners.add(listener);
    return () => this.forgetListeners.delete(listener);
  }

  /** Whether the signed-in session is kept across restarts (keychain); false for "this session only" (and when signed out). */
  persisted(): boolean {
    return this.active?.persisted ?? false;
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
    return this.active ? scopeOf(this.active.profile, this.active.user.id) : null;
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
      await resumeProfile(this.resumeDeps(), profile, true);
    } catch (error) {
      this.signedOut = await afterFailedResume(this.resumeDeps(), profile, error);
    } finally {
      this.restoring = null;
      await this.emitState();
    }
  }

  /** "Sign in again" with a remembered profile whose keychain entry was kept. */
  async signInAgain(profileId: string): Promise<SessionState> {
    const profile = this.options.profiles.get(profileId);
    if (!profile?.remembered) throw new AppError('NOT_FOUND', 'That saved sign-in is no longer kept. Sign in with the form.');
    if (this.active) return this.state();
    try {
      await resumeProfile(this.resumeDeps(), profile, false);
    } catch (error) {
      this.signedOut = await afterFailedResume(this.resumeDeps(), profile, error);
      await this.emitState();
      throw error instanceof ResumeFailure ? error.error : asAppError(error, 'Sign-in failed.');
    }
    return this.state();
  }

  async signInWithClientCredentials(args: CallArgs<'session.signInWithClientCredentials'>): Promise<SessionState> {
    await this.requireKeychainIfRemembering(args.remember);
    const target = await this.resolveTarget(args.target);
    const { tokens, method } = await this.oauth(target.baseUrl).clientCredentials({
      clientId: args.clientId,
      clientSecret: args.clientSecret,
      method: this.rememberedClientAuth(target, args.clientId),
    });
    await this.completeSignIn({
      target,
      method: 'client_credentials',
      clientId: args.clientId,
      clientAuth: method,
      tokens,
      secret: { kind: 'client_secret', value: args.clientSecret },
      remember: args.remember,
    });
    return this.state();
  }

  async beginBrowserSignIn(args: CallArgs<'session.beginBrowserSignIn'>): Promise<{ authorizeUrl: string; openedExternally: boolean }> {
    await this.requireKeychainIfRemembering(args.remember);
    // Confirmed (or refused) before a listener starts or a URL exists: a refused instance is never opened.
    const target = await this.resolveTarget(args.target);
    const clientId = args.clientId ?? DEMO_BROWSER_CLIENT_ID;
    return this.browser.begin({
      baseUrl: target.baseUrl,
      clientId,
      complete: (tokens, isCurrent) =>
        this.completeSignIn({
          target,
          method: 'browser',
          clientId,
          tokens,
          // RFC 6749 §5.1: a refresh token is optional; without one the session lasts as long as the access token.
          secret: tokens.refreshToken ? { kind: 'refresh_token', value: tokens.refreshToken } : null,
          remember: args.remember,
          isCurrent,
        }),
    });
  }

  cancelBrowserSignIn(): boolean {
    return this.browser.cancel();
  }

  async signOut(): Promise<SessionState> {
    const active = this.active;
    const accessToken = active?.tokens.currentAccessToken() ?? null;
    if (active) {
      this.deactivate();
      await this.forget(active.profile, active.user);
    }
    this.signedOut = { reason: 'signed-out' };
    await this.emitState();
    // After the local sign-out, so an unreachable or slow server never holds it up.
    if (active) await revokeAll(this.oauth(active.baseUrl), active.profile, active.secret, accessToken);
    return this.state();
  }

  /** Stops timers and listeners (app quit). Keeps the keychain as it is. */
  dispose(): void {
    this.browser.cancel();
    this.active?.dispose();
    this.active = null;
  }

  // --- internals -----------------------------------------------------------

  private oauth(baseUrl: string): OAuthClient {
    return new OAuthClient(baseUrl, { userAgent: this.options.userAgent });
  }

  private resumeDeps(): ResumeDeps {
    return {
      vault: this.options.vault,
      profiles: this.options.profiles,
      oauth: (baseUrl) => this.oauth(baseUrl),
      baseUrlOf: (profile) => this.resolveBaseUrl(profile),
      activate: (params) => this.activate(params),
      forget: (profile) => this.forget(profile),
      summary: (profile) => this.summary(profile, profile.baseUrl ?? this.options.demo?.currentUrl() ?? ''),
    };
  }

  /** The sign-in is over: its keychain entry goes, and what the identity kept beside it (`user`: who was signed in, else the profile's last known). */
  private async forget(profile: StoredProfile, user: UserInfo | undefined = profile.user): Promise<void> {
    await this.options.vault.remove(profile.id).catch(() => {});
    if (this.options.profiles.get(profile.id)) this.options.profiles.markSignedOut(profile.id);
    if (!user) return;
    const scope = scopeOf(profile, user.id);
    for (const listener of this.forgetListeners) await listener(scope).catch(() => {});
  }

  private async requireKeychainIfRemembering(remember: boolean): Promise<void> {
    if (!remember) return;
    const status = await this.options.vault.probe();
    if (!status.available) throw new AppError('KEYCHAIN_UNAVAILABLE', status.message ?? 'The system keychain is not available.');
  }

  private async resolveTarget(target: SignInTarget): Promise<ResolvedTarget> {
    if (target.kind === 'demo') {
      if (!this.options.demo) throw new AppError('SIGN_IN_FAILED', 'The demo instance is not available in this build.');
      return { kind: 'demo', baseUrl: await this.options.demo.url(), name: 'Demo instance' };
    }
    const checked = checkInstanceUrl(target.baseUrl);
    if (!checked.ok) throw new AppError('INVALID_INPUT', checked.message);
    await this.gate.require(checked.url);
    return { kind: 'instance', baseUrl: checked.url, name: target.name?.trim() || new URL(checked.url).host };
  }

  private async resolveBaseUrl(profile: StoredProfile): Promise<string> {
    if (profile.kind === 'demo') {
      if (!this.options.demo) throw new AppError('SIGN_IN_FAILED', 'The demo instance is not available in this build.');
      return this.options.demo.url();
    }
    return profile.baseUrl ?? '';
  }

  /** The client authentication that worked last time with this client on this target. */
  private rememberedClientAuth(target: ResolvedTarget, clientId: string): ClientAuthMethod | undefined {
    const baseUrl = target.kind === 'instance' ? target.baseUrl : undefined;
    return this.options.profiles
      .list()
      .find((p) => p.kind === target.kind && p.baseUrl === baseUrl && p.method === 'client_credentials' && p.clientId === clientId)?.clientAuth;
  }

  private async completeSignIn(params: {
    target: ResolvedTarget;
    method: 'client_credentials' | 'browser';
    clientId: string;
    clientAuth?: ClientAuthMethod;
    tokens: TokenSet;
    secret: StoredSecret | null;
    remember: boolean;
    /** False once the sign-in was canceled or replaced (browser sign-in). */
    isCurrent?: () => boolean;
  }): Promise<void> {
    const { kind, baseUrl, name } = params.target;
    // Without a refresh token there is nothing to keep: the sign-in lasts this session only.
    const keep = params.remember && params.secret !== null;
    const draft: StoredProfile = {
      id: `session-${randomBytes(8).toString('hex')}`,
      kind,
      name,
      ...(kind === 'instance' ? { baseUrl } : {}),
      method: params.method,
      clientId: params.clientId,
      ...(params.clientAuth ? { clientAuth: params.clientAuth } : {}),
      remembered: keep,
      lastUsedAt: new Date().toISOString(),
    };
    // Validate the tokens by reading the user before anything is stored.
    const user = await readUserWith(baseUrl, params.tokens, this.options.userAgent);
    if (params.isCurrent && !params.isCurrent()) throw new AppError('CANCELED', 'Browser sign-in was canceled.');
    if (this.active) {
      const previous = this.active;
      this.deactivate();
      if (!previous.persisted) await this.forget(previous.profile, previous.user);
    }
    let profile = draft;
    if (params.remember) {
      // Stored even without a secret: the instance is known from now on, and the form can offer it again.
      profile = this.options.profiles.upsert({ ...stripIdentity(draft), user });
      if (params.secret) await this.options.vault.save(profile.id, params.secret);
      else await this.options.vault.remove(profile.id).catch(() => {});
    }
    this.signedOut = {};
    await this.activate({ profile, baseUrl, initial: params.tokens, secret: params.secret, persisted: keep, user });
  }

  private async activate(params: LiveSessionParams): Promise<void> {
    const session = await LiveSession.open(params, {
      vault: this.options.vault,
      profiles: this.options.profiles,
      oauth: (baseUrl) => this.oauth(baseUrl),
      userAgent: this.options.userAgent,
      reachability: this.options.reachability,
      onEnded: (ended, cause) => void this.expire(ended, cause),
    });
    this.active = session;
    for (const listener of this.changeListeners) listener(true);
    await this.emitState();
  }

  private deactivate(): void {
    const active = this.active;
    if (!active) return;
    active.dispose();
    this.active = null;
    for (const listener of this.changeListeners) listener(false);
  }

  /**
   * The instance stopped accepting the session. Only a refresh token it called
   * invalid is deleted; otherwise the keychain entry stays and the sign-in
   * screen offers to sign in again with it.
   */
  private async expire(session: LiveSession, cause: SessionEndCause): Promise<void> {
    if (this.active !== session) return;
    const outcome = sessionEndOutcome({ cause, secret: session.secret?.kind ?? null, renewalError: session.renewalError });
    this.deactivate();
    const kept = outcome.keepSecret && session.persisted;
    if (!kept) await this.forget(session.profile, session.user);
    this.signedOut = {
      reason: outcome.reason,
      message: outcome.message,
      lastProfile: { ...this.summary(session.profile, session.baseUrl), remembered: kept },
    };
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

/** Who is signed in where (SessionService.identityScope): the server (the demo, or an instance's URL) and the user. */
function scopeOf(profile: StoredProfile, userId: number): string {
  return `${profile.kind}|${profile.kind === 'instance' ? (profile.baseUrl ?? '') : 'demo'}|${userId}`;
}
