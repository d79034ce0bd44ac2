/**
 * Where the instance's credentials may go (DESIGN.md
 * "Security rules": no bearer header follows a redirect to another origin or
 * from https to http). Pure decisions, unit-tested without a server; the got
 * hooks in guarded-hooks.ts apply them to every API request.
 *
 * Origins are compared as origins (scheme, host and port), never as string
 * prefixes: `https://rmm.example.com.evil.test` starts with
 * `https://rmm.example.com`, and `http://127.0.0.1:8081` is another server
 * than `http://127.0.0.1:8080` even though the host is the same.
 */
import { AppError } from '../../../../shared/errors';

/** Why a redirect is not followed: it leaves the origin, goes from https to http, cannot be read, or the call is never redirected. */
type RedirectRefusal = 'cross-origin' | 'downgrade' | 'unreadable' | 'not-followed';

type RedirectDecision = { follow: true; url: URL } | { follow: false; reason: RedirectRefusal };

/** The origin of `url` (`scheme://host[:port]`), or null when it cannot be read or has none. */
export function originOf(url: string | URL | undefined): string | null {
  if (url === undefined) return null;
  try {
    const origin = (typeof url === 'string' ? new URL(url) : url).origin;
    // Opaque origins (data:, file:, blob: without an http inner URL) serialize as 'null'.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True only when `url` is on exactly the instance's API origin: the bearer header goes nowhere else. */
export function mayCarryCredentials(url: string | URL | undefined, apiOrigin: string): boolean {
  const target = originOf(url);
  const instance = originOf(apiOrigin);
  return target !== null && instance !== null && target === instance;
}

/**
 * Whether a request to the API that was answered at `from` with a redirect to
 * `location` (absolute or relative) is followed. Only a redirect that stays on
 * the instance's API origin is followed (it keeps the bearer header, as the
 * same server asked for it); https to http is refused even before the origin
 * check so the message can say why.
 */
export function decideRedirect(from: string | URL, location: string | URL, apiOrigin: string): RedirectDecision {
  let base: URL;
  let target: URL;
  try {
    base = new URL(from);
    target = new URL(location, base);
  } catch {
    return { follow: false, reason: 'unreadable' };
  }
  if (base.protocol === 'https:' && target.protocol !== 'https:') return { follow: false, reason: 'downgrade' };
  if (!mayCarryCredentials(target, apiOrigin)) return { follow: false, reason: 'cross-origin' };
  return { follow: true, url: target };
}

/**
 * Why a redirect of a call that follows none is refused (token and revocation
 * calls, uploads, signed URLs: their body or signature would go along): the
 * reason decideRedirect gives when the target leaves `origin` or goes to
 * http, else that such a call is not redirected at all, so a same-origin 3xx
 * is not called a redirect to another origin.
 */
export function refusedRedirectReason(from: string | URL, location: string | undefined, origin: string): RedirectRefusal {
  if (!location) return 'unreadable';
  const decision = decideRedirect(from, location, origin);
  return decision.follow ? 'not-followed' : decision.reason;
}

/**
 * The error a refused redirect becomes. It names only the instance's host:
 * the target address may carry a query string (a signature, a token) and is
 * never shown.
 */
export function redirectRefusedError(host: string, reason: RedirectRefusal): AppError {
  if (reason === 'downgrade') {
    return new AppError(
      'REDIRECT_REFUSED',
      `The server ${host} redirected the request to an unencrypted (http) address; the console does not follow it with your credentials.`,
    );
  }
  if (reason === 'unreadable') {
    return new AppError('REDIRECT_REFUSED', `The server ${host} redirected the request to an address the console cannot read.`);
  }
  if (reason === 'not-followed') {
    return new AppError('REDIRECT_REFUSED', `The server ${host} answered with a redirect; the console does not send credentials on to another address.`);
  }
  return new AppError(
    'REDIRECT_REFUSED',
    `The server ${host} redirected the request to another address; the console does not follow it with your credentials.`,
  );
}
