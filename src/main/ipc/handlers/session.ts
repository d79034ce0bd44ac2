/** Signing in and out. */
import type { SessionService } from '../../services/session/session-service';
import type { HandlersOf } from '../router';

export function sessionHandlers(session: SessionService): HandlersOf<'session'> {
  return {
    'session.get': () => session.state(),
    'session.signInWithClientCredentials': (args) => session.signInWithClientCredentials(args),
    'session.beginBrowserSignIn': (args) => session.beginBrowserSignIn(args),
    'session.cancelBrowserSignIn': () => ({ canceled: session.cancelBrowserSignIn() }),
    'session.signInAgain': ({ profileId }) => session.signInAgain(profileId),
    'session.signOut': () => session.signOut(),
  };
}
