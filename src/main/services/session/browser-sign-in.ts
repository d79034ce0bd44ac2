/**
 * Browser sign-in (authorization code with PKCE, RFC 7636, through a loopback
 * redirect, RFC 8252): at most one at a time; a new one or a cancel makes the
 * previous one's late answer go nowhere.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { EventBus } from '../platform/events';
import { startLoopbackReceiver, type LoopbackReceiver } from './loopback-receiver';
import { createPkcePair, type OAuthClient, type TokenSet } from './oauth-client';
import { BROWSER_SCOPE, issuerMatches } from './oauth-rules';

interface BrowserSignInDeps {
  oauth: (baseUrl: string) => OAuthClient;
  events: EventBus;
  /**
   * Opens the sign-in page in the system browser (Electron), naming the
   * instance so the one guarded opener checks the URL is its authorize page;
   * absent in browser mode, where the renderer opens it.
   */
  openExternal?: (url: string, purpose: { kind: 'sign-in'; instance: string }) => Promise<void>;
  timeoutMs?: number;
}

interface BrowserSignInRequest {
  baseUrl: string;
  clientId: string;
  /**
   * Finishes the sign-in with the exchanged tokens. `isCurrent` turns false
   * once the sign-in was canceled or replaced: nothing may be stored then.
   */
  complete: (tokens: TokenSet, isCurrent: () => boolean) => Promise<void>;
}

interface Pending {
  receiver: LoopbackReceiver | null;
}

export class BrowserSignIns {
  private pending: Pending | null = null;

  constructor(private readonly deps: BrowserSignInDeps) {}

  async begin(request: BrowserSignInRequest): Promise<{ authorizeUrl: string; openedExternally: boolean }> {
    this.cancel();
    const state = randomBytes(16).toString('base64url');
    const pkce = createPkcePair();
    const oauth = this.deps.oauth(request.baseUrl);
    const pending: Pending = { receiver: null };
    const isCurrent = () => this.pending === pending;
    const receiver = await startLoopbackReceiver({
      expectedState: state,
      issuerMatches: (iss) => issuerMatches(iss, request.baseUrl),
      scope: BROWSER_SCOPE,
      timeoutMs: this.deps.timeoutMs,
      // Runs while the browser waits: its page says "Signed in" only if this succeeds.
      complete: async (code) => {
        if (!isCurrent()) throw new AppError('CANCELED', 'Browser sign-in was canceled.');
        const tokens = await oauth.exchangeCode({ clientId: request.clientId, code, verifier: pkce.verifier, redirectUri: receiver.redirectUri });
        await request.complete(tokens, isCurrent);
      },
    });
    pending.receiver = receiver;
    this.pending = pending;
    const authorizeUrl = oauth.authorizeUrl({ clientId: request.clientId, redirectUri: receiver.redirectUri, challenge: pkce.challenge, state });

    receiver.done
      .catch((error: unknown) => {
        if (!isCurrent()) return;
        if (error instanceof AppError && error.code === 'CANCELED') return;
        const message = error instanceof AppError ? error.message : 'Browser sign-in failed.';
        this.deps.events.emit('session.browserSignInFailed', { message });
      })
      .finally(() => {
        if (isCurrent()) this.pending = null;
      });

    if (!this.deps.openExternal) return { authorizeUrl, openedExternally: false };
    try {
      await this.deps.openExternal(authorizeUrl, { kind: 'sign-in', instance: request.baseUrl });
    } catch (error) {
      this.cancel();
      throw error;
    }
    return { authorizeUrl, openedExternally: true };
  }

  cancel(): boolean {
    const pending = this.pending;
    if (!pending) return false;
    this.pending = null;
    pending.receiver?.close();
    return true;
  }
}
