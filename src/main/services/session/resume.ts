/**
 * Signing in with a remembered profile's keychain entry (silent sign-in at
 * start, "Sign in again"), and what a failure of it means for that entry.
 * The instance refusing a token it just issued, or a
 * refused client secret, keeps the entry; only a refresh token the token
 * endpoint called invalid is deleted.
 */
import { AppError } from '../../../shared/errors';
import type { ProfileSummary, SignedOutReason } from '../../../shared/model/session';
import { obtainWithSecret, rotate } from './credentials';
import type { LiveSessionParams } from './live-session';
import type { OAuthClient } from './oauth-client';
import type { ProfileStore, StoredProfile } from './profile-store';
import { sessionEndOutcome, type SessionEndCause } from './session-rules';
import type { CredentialVault } from './vault';

const KEYCHAIN_ENTRY_MISSING = 'Your saved sign-in was not found in the system keychain. Please sign in again.';

export type SignedOutInfo = { reason?: SignedOutReason; message?: string; lastProfile?: ProfileSummary };

export interface ResumeDeps {
  vault: CredentialVault;
  profiles: ProfileStore;
  oauth: (baseUrl: string) => OAuthClient;
  baseUrlOf: (profile: StoredProfile) => Promise<string>;
  activate: (params: LiveSessionParams) => Promise<void>;
  forget: (profile: StoredProfile) => Promise<void>;
  summary: (profile: StoredProfile) => ProfileSummary;
}

/** A resumed sign-in that failed, and at which step. */
export class ResumeFailure extends Error {
  constructor(
    readonly step: SessionEndCause | 'other',
    readonly error: AppError,
  ) {
    super(error.message);
  }
}

/**
 * `offline`: at app start, an unreachable instance opens the session with the
 * last known identity instead of failing.
 */
export async function resumeProfile(deps: ResumeDeps, profile: StoredProfile, offline: boolean): Promise<void> {
  const secret = await deps.vault.load(profile.id);
  if (!secret) throw new ResumeFailure('other', new AppError('SIGN_IN_FAILED', KEYCHAIN_ENTRY_MISSING));
  const baseUrl = await deps.baseUrlOf(profile);
  let obtained;
  try {
    obtained = await obtainWithSecret(deps.oauth(baseUrl), profile, secret);
  } catch (error) {
    const shaped = asAppError(error);
    if (offline && shaped.code === 'OFFLINE' && profile.user) {
      // Open offline with the last known identity; renewal is tried again on the next call.
      await deps.activate({ profile, baseUrl, initial: null, secret, persisted: true, user: profile.user });
      return;
    }
    throw new ResumeFailure('renewal-refused', shaped);
  }
  const current = rotate(secret, obtained.tokens);
  // The presented refresh token is spent: keep the new one or the next start would fail.
  if (current !== secret) await deps.vault.save(profile.id, current);
  const updated = obtained.clientAuth ? { ...profile, clientAuth: obtained.clientAuth } : profile;
  try {
    await deps.activate({ profile: updated, baseUrl, initial: obtained.tokens, secret: current, persisted: true });
  } catch (error) {
    // The instance issued a token and then refused it (or its answer could not be read).
    throw new ResumeFailure('rejected-after-renewal', asAppError(error));
  }
}

/** What the sign-in screen says after a failed resume; deletes the keychain entry only when it is dead. */
export async function afterFailedResume(deps: ResumeDeps, profile: StoredProfile, error: unknown): Promise<SignedOutInfo> {
  const failure = error instanceof ResumeFailure ? error : new ResumeFailure('other', asAppError(error));
  const { code, message } = failure.error;
  if (message === KEYCHAIN_ENTRY_MISSING) {
    deps.profiles.markSignedOut(profile.id);
    return { reason: 'restore-failed', message };
  }
  if (failure.step === 'other' || (code !== 'SESSION_EXPIRED' && code !== 'SIGN_IN_FAILED')) {
    // Offline, a server error, an unreadable answer: nothing says the credentials are bad.
    return { reason: 'restore-failed', message };
  }
  const secret = await deps.vault.load(profile.id).catch(() => null);
  const outcome = sessionEndOutcome({ cause: failure.step, secret: secret?.kind ?? 'client_secret', renewalError: code });
  if (!outcome.keepSecret) await deps.forget(profile);
  const stored = deps.profiles.get(profile.id) ?? profile;
  return { reason: outcome.reason, message: outcome.message, lastProfile: deps.summary(stored) };
}

export function asAppError(error: unknown, fallback = 'Silent sign-in failed.'): AppError {
  return error instanceof AppError ? error : new AppError('SIGN_IN_FAILED', fallback);
}
