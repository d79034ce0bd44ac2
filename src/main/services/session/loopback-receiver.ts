/**
 * The loopback redirect receiver for browser sign-in (RFC 8252): a one-shot
 * HTTP listener on 127.0.0.1 at a random port that waits for the instance to
 * redirect back with `code` and `state`.
 *
 * The page in the browser says "Signed in" only once `complete` (the code
 * exchange and reading the user) succeeded; otherwise it shows why. When the redirect carries `iss` (RFC 9207) it must name the
 * instance, or the code is not used at all.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../../shared/errors';
import { describeAuthorizationError, ISSUER_MISMATCH_MESSAGE } from './oauth-rules';

const CALLBACK_PATH = '/oauth/callback';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;background:#1c2127;color:#f6f7f9;text-align:center;padding-top:20vh}</style>` +
  `</head><body><h2>${escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></body></html>`;

interface LoopbackReceiverOptions {
  expectedState: string;
  /** RFC 9207: true when `iss` names the instance the technician was sent to. */
  issuerMatches: (iss: string) => boolean;
  /** The scope asked for, named when the instance refuses it. */
  scope: string;
  /** Exchanges the code and finishes the sign-in; its error's message is shown on the page. */
  complete: (code: string) => Promise<void>;
  timeoutMs?: number;
}

export interface LoopbackReceiver {
  redirectUri: string;
  /** Settles once the browser came back and `complete` ran (or failed, timed out, was canceled). */
  done: Promise<void>;
  close(): void;
}

export async function startLoopbackReceiver(options: LoopbackReceiverOptions): Promise<LoopbackReceiver> {
  let settle!: { resolve: () => void; reject: (error: Error) => void };
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller may never await it when canceled; avoid an unhandled rejection.
  done.catch(() => {});
  let received = false;
  let finished = false;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404).end();
      return;
    }
    const reply = (status: number, title: string, text: string) => send(res, status, title, text);
    if (url.searchParams.get('state') !== options.expectedState) {
      reply(400, 'Sign-in not completed', 'This sign-in link does not belong to the console. Start the sign-in again from the console.');
      return;
    }
    if (received || finished) {
      reply(409, 'Sign-in not completed', 'This sign-in was already handled. Return to the technician console.');
      return;
    }
    received = true;
    clearTimeout(timer);
    const iss = url.searchParams.get('iss');
    if (iss !== null && !options.issuerMatches(iss)) {
      const error = new AppError('SIGN_IN_FAILED', ISSUER_MISMATCH_MESSAGE);
      reply(400, 'Sign-in failed', error.message);
      finish(error);
      return;
    }
    const oauthError = url.searchParams.get('error');
    if (oauthError) {
      const error = describeAuthorizationError(oauthError, url.searchParams.get('error_description') ?? undefined, options.scope);
      reply(200, oauthError === 'access_denied' ? 'Sign-in canceled' : 'Sign-in failed', `${error.message} You can close this tab.`);
      finish(error);
      return;
    }
    const code = url.searchParams.get('code');
    if (!code) {
      const error = new AppError('SIGN_IN_FAILED', 'The instance did not send a sign-in code.');
      reply(400, 'Sign-in failed', error.message);
      finish(error);
      return;
    }
    options.complete(code).then(
      () => {
        reply(200, 'Signed in', 'You can close this tab and return to the technician console.');
        finish(null);
      },
      (error: unknown) => {
        const shaped = error instanceof AppError ? error : new AppError('SIGN_IN_FAILED', 'Browser sign-in failed.');
        reply(shaped.code === 'CANCELED' ? 200 : 502, shaped.code === 'CANCELED' ? 'Sign-in canceled' : 'Sign-in failed', shaped.message);
        finish(shaped);
      },
    );
  });

  const timer = setTimeout(
    () => finish(new AppError('SIGN_IN_FAILED', 'The browser sign-in timed out. Please try again.')),
    options.timeoutMs ?? 5 * 60_000,
  );
  timer.unref();

  /** Answers the browser, then lets the listener go once the page is out. */
  function send(res: ServerResponse, status: number, title: string, text: string): void {
    if (res.writableEnded) return;
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    res.end(PAGE(title, text), () => {
      if (finished) server.closeAllConnections?.();
    });
  }

  function finish(result: Error | null): void {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    server.close();
    // A pending exchange holds the browser's connection: leave it to send its page.
    if (!received) server.closeAllConnections?.();
    if (result) settle.reject(result);
    else settle.resolve();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    done,
    close: () => finish(new AppError('CANCELED', 'Browser sign-in was canceled.')),
  };
}
