/**
 * Pure session decisions, unit-tested without a server:
 * - whether signing in to an instance needs the technician's confirmation
 *   (an untrusted renderer must not send the technician to
 *   a host of its choosing);
 * - how a session ends when the instance stops accepting it, and whether the
 *   keychain entry is kept.
 */
import type { SignedOutReason } from '../../../shared/model/session';
import type { ErrorCode } from '../../../shared/errors';
import { checkInstanceUrl, isLoopbackHost } from '../../../shared/rules/session/instance-url';
import { SESSION_EXPIRED_MESSAGE } from './oauth-rules';

// --- new instances -----------------------------------------------------------

/** 127.0.0.0/8, ::1 and localhost (isLoopbackHost): a test or demo instance on this machine. */
export function isLoopbackInstance(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

type InstanceTrust =
  | { action: 'proceed' }
  | { action: 'confirm'; host: string }
  | { action: 'refuse'; message: string };

interface InstanceTrustInput {
  /** The normalized instance URL (checkInstanceUrl's output). */
  baseUrl: string;
  /** Instance URLs of the saved profiles, and those confirmed earlier in this run. */
  known: readonly string[];
  /** Instances allowed on the command line (browser mode's `--allow-instance`). */
  allowed: readonly string[];
  /** True when a native confirmation can be shown (Electron). */
  canConfirm: boolean;
}

/**
 * A known instance proceeds. A new one needs a native confirmation naming its
 * host (Electron, even on loopback: the dialog is cheap, a phishing page is
 * not). Browser mode has no dialog the page cannot fake, so it proceeds only
 * for loopback instances and those allowed when the console was started.
 */
export function instanceTrust(input: InstanceTrustInput): InstanceTrust {
  const same = (a: string) => a.replace(/\/+$/, '') === input.baseUrl.replace(/\/+$/, '');
  if (input.known.some(same) || input.allowed.some(same)) return { action: 'proceed' };
  const host = new URL(input.baseUrl).host;
  if (input.canConfirm) return { action: 'confirm', host };
  if (isLoopbackInstance(input.baseUrl)) return { action: 'proceed' };
  return {
    action: 'refuse',
    message:
      `The console in browser mode signs in only to instances it already knows. ` +
      `To allow ${host}, start it with --allow-instance ${new URL(input.baseUrl).origin}.`,
  };
}

export const notConfirmedMessage = (host: string) => `Sign-in to ${host} was not confirmed, so nothing was sent to it.`;

/**
 * `--allow-instance URL` (repeatable, or comma-separated) for browser mode:
 * each URL normalized as the sign-in form does; a bad one stops the start
 * with a clear message.
 */
export function parseAllowedInstances(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => {
      const checked = checkInstanceUrl(raw);
      if (!checked.ok) throw new Error(`--allow-instance ${raw}: ${checked.message}`);
      return checked.url;
    });
}

// --- how a session ends ----------------------------------------------------

export const CREDENTIALS_REFUSED_MESSAGE = 'The instance refused the saved credentials. Sign in again to continue.';
export const NO_REFRESH_TOKEN_MESSAGE =
  'The instance did not issue a refresh token, so the session ended when its access token expired. Sign in again.';

/**
 * - `renewal-refused`: the token endpoint refused the refresh token or the client secret;
 * - `rejected-after-renewal`: a fresh access token was refused by the API (a 401 that survived a renewal).
 */
export type SessionEndCause = 'renewal-refused' | 'rejected-after-renewal';

interface SessionEndInput {
  cause: SessionEndCause;
  /** What the session renews with; null when the instance issued no refresh token. */
  secret: 'refresh_token' | 'client_secret' | null;
  /** The error code of the refused renewal, when known. */
  renewalError?: ErrorCode;
}

interface SessionEndOutcome {
  reason: SignedOutReason;
  message: string;
  /** False only when the stored secret is known to be dead. */
  keepSecret: boolean;
}

/**
 * Only a refresh token the token endpoint called invalid (invalid_grant) is
 * dead for sure: it is deleted and the session "expired". Anything else (the
 * API refusing a token that was just issued, a client secret refused) may be
 * a transient misconfiguration of the instance: the session ends with a
 * clear reason, and the keychain entry stays so signing in again (or the
 * next start) can use it.
 */
export function sessionEndOutcome(input: SessionEndInput): SessionEndOutcome {
  if (input.secret === null) return { reason: 'expired', message: NO_REFRESH_TOKEN_MESSAGE, keepSecret: true };
  if (input.cause === 'renewal-refused' && input.secret === 'refresh_token' && input.renewalError === 'SESSION_EXPIRED') {
    return { reason: 'expired', message: SESSION_EXPIRED_MESSAGE, keepSecret: false };
  }
  return { reason: 'credentials-refused', message: CREDENTIALS_REFUSED_MESSAGE, keepSecret: true };
}
