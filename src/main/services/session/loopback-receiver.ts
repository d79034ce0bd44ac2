/**
 * The loopback redirect receiver for browser sign-in (RFC 8252): a one-shot
 * HTTP listener on 127.0.0.1 at a random port that waits for the instance to
 * redirect back with `code` and `state`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../../shared/errors';

export const CALLBACK_PATH = '/oauth/callback';

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<style>body{font-family:system-ui,sans-serif;background:#1c2127;color:#f6f7f9;text-align:center;padding-top:20vh}</style>` +
  `</head><body><h2>${title}</h2><p>${text}</p></body></html>`;

export interface LoopbackReceiver {
  redirectUri: string;
  /** Resolves with the authorization code once the browser comes back. */
  code: Promise<string>;
  close(): void;
}

export async function startLoopbackReceiver(expectedState: string, timeoutMs = 5 * 60_000): Promise<LoopbackReceiver> {
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void };
  const code = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // The caller may never await it when canceled; avoid an unhandled rejection.
  code.catch(() => {});

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      res.writeHead(404).end();
      return;
    }
    const reply = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PAGE(title, text));
    };
    if (url.searchParams.get('state') !== expectedState) {
      reply(400, 'Sign-in not completed', 'This sign-in link does not belong to the console. Start the sign-in again from the console.');
      return;
    }
    const error = url.searchParams.get('error');
    if (error) {
      reply(200, 'Sign-in canceled', 'You can close this tab and return to the console.');
      finish(new AppError('SIGN_IN_FAILED', error === 'access_denied' ? 'Sign-in was denied in the browser.' : 'The instance did not complete the sign-in.'));
      return;
    }
    const received = url.searchParams.get('code');
    if (!received) {
      reply(400, 'Sign-in not completed', 'The instance did not send a sign-in code.');
      return;
    }
    reply(200, 'Signed in', 'You can close this tab and return to the technician console.');
    finish(received);
  });

  const timer = setTimeout(() => finish(new AppError('SIGN_IN_FAILED', 'The browser sign-in timed out. Please try again.')), timeoutMs);
  timer.unref();

  let done = false;
  function finish(result: string | Error): void {
    if (done) return;
    done = true;
    clearTimeout(timer);
    server.close();
    server.closeAllConnections?.();
    if (typeof result === 'string') settle.resolve(result);
    else settle.reject(result);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    close: () => finish(new AppError('CANCELED', 'Browser sign-in was canceled.')),
  };
}
