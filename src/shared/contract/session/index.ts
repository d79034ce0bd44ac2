/** Signing in and out (client credentials, the browser, a remembered profile). */
import { z } from 'zod';
import type { SessionState } from '../../model/session';
import { noInput, returns, shortText } from '../common';

const signInTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('demo') }),
  z.strictObject({
    kind: z.literal('instance'),
    baseUrl: shortText(2048),
    name: shortText(120).optional(),
  }),
]);

export const sessionCalls = {
  'session.get': { input: noInput, output: returns<SessionState>() },
  'session.signInWithClientCredentials': {
    input: z.strictObject({
      target: signInTarget,
      clientId: shortText(256).min(1, 'Enter the client id.'),
      clientSecret: shortText(1024).min(1, 'Enter the client secret.'),
      remember: z.boolean(),
    }),
    output: returns<SessionState>(),
  },
  'session.beginBrowserSignIn': {
    input: z.strictObject({
      target: signInTarget,
      clientId: shortText(256).min(1).optional(),
      remember: z.boolean(),
    }),
    output: returns<{ authorizeUrl: string; openedExternally: boolean }>(),
  },
  'session.cancelBrowserSignIn': { input: noInput, output: returns<{ canceled: boolean }>() },
  /** Signs in again with a remembered profile whose keychain entry was kept. */
  'session.signInAgain': { input: z.strictObject({ profileId: shortText(64).min(1) }), output: returns<SessionState>() },
  'session.signOut': { input: noInput, output: returns<SessionState>() },
} as const;

export const sessionEvents = {
  'session.changed': returns<SessionState>(),
  'session.browserSignInFailed': returns<{ message: string }>(),
} as const;
