/**
 * got hooks shared by every got instance that talks to the instance's API:
 * - `beforeRequest`: a request that is not on the API origin never carries an
 *   Authorization header, whoever set it (got runs these hooks again for each
 *   redirected request, which is how the bearer used to be re-added after a
 *   redirect to another server);
 * - `beforeRedirect`: a redirect off the API origin, or from https to http, is
 *   refused with a clear REDIRECT_REFUSED error before anything is sent there;
 * - `beforeError`: an AppError thrown by a hook comes out as itself (stream
 *   callers see REDIRECT_REFUSED, not "the connection failed"), and got's own
 *   errors no longer show the request's headers and body when inspected.
 */
import type { BeforeErrorHook, BeforeRedirectHook, BeforeRequestHook } from 'got';
import { appErrorInside, hideRequestDetails, hostOf } from './http-errors';
import { decideRedirect, mayCarryCredentials, redirectRefusedError } from './redirect-policy';

interface GuardedHooks {
  beforeRequest: BeforeRequestHook[];
  beforeRedirect: BeforeRedirectHook[];
  beforeError: BeforeErrorHook[];
}

/** Removes the Authorization header from a request that is not on the API origin. */
function stripForeignAuthorization(apiOrigin: string): BeforeRequestHook {
  return (options) => {
    if (!mayCarryCredentials(options.url, apiOrigin)) delete options.headers.authorization;
  };
}

/** Refuses (throws) a redirect that leaves the API origin or goes from https to http. */
function refuseForeignRedirects(apiOrigin: string): BeforeRedirectHook {
  return (updatedOptions, response) => {
    const target = updatedOptions.url ?? '';
    const decision = decideRedirect(response.url, target, apiOrigin);
    if (!decision.follow) throw redirectRefusedError(hostOf(apiOrigin), decision.reason);
  };
}

/** The AppError a hook threw, as itself; any other got error with its request details hidden. */
export const surfaceAppErrors: BeforeErrorHook = (error) => appErrorInside(error) ?? hideRequestDetails(error);

/**
 * The hooks for a got instance bound to `apiOrigin`. `beforeRequest` hooks
 * that add the bearer must come before `stripForeignAuthorization` (the
 * caller appends them in that order), so a request off the origin loses it.
 */
export function guardedHooks(apiOrigin: string): GuardedHooks {
  return {
    beforeRequest: [stripForeignAuthorization(apiOrigin)],
    beforeRedirect: [refuseForeignRedirects(apiOrigin)],
    beforeError: [surfaceAppErrors],
  };
}
