/**
 * The sign-in screen's contract calls: signing in with client credentials,
 * through the browser, or again with a remembered profile, and canceling a
 * browser sign-in. Nothing is cached from before: the shell empties the cache
 * whenever the session is signed out (see App).
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';

/** Signs in with API client credentials (the secret goes straight to the main process); answers the new session. */
export function signInWithClientCredentials(input: CallInput<'session.signInWithClientCredentials'>): Promise<CallOutput<'session.signInWithClientCredentials'>> {
  return api.call('session.signInWithClientCredentials', input);
}

/**
 * Starts a browser sign-in; the session changes when it completes (the main process says so by event).
 */
export function beginBrowserSignIn(input: CallInput<'session.beginBrowserSignIn'>): Promise<CallOutput<'session.beginBrowserSignIn'>> {
  return api.call('session.beginBrowserSignIn', input);
}

/** Signs in again with a remembered profile whose keychain entry was kept; answers the new session. */
export function signInWithRememberedProfile(input: CallInput<'session.signInAgain'>): Promise<CallOutput<'session.signInAgain'>> {
  return api.call('session.signInAgain', input);
}

/** Stops waiting for a browser sign-in: the session stays signed out. */
export function cancelBrowserSignIn(): Promise<CallOutput<'session.cancelBrowserSignIn'>> {
  return api.call('session.cancelBrowserSignIn', {});
}
