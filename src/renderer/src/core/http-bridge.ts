/**
 * Browser mode's bridge: the same `call`/`on` shape as the preload's
 * `window.api`, over HTTP to the loopback server with server-sent events.
 *
 * The token stays with this page: no cookie (a cookie for
 * 127.0.0.1 reaches every port of it). The first visit's URL carries it; it
 * is taken from there, removed from the address bar, kept in memory and in
 * this tab's sessionStorage (per origin and tab, never sent by the browser,
 * so a reload keeps working), and sent as `Authorization: Bearer` on every
 * call. The event stream opens with a one-time ticket, since EventSource
 * cannot send headers.
 */
import type { ConsoleBridge } from '../../../shared/contract';
import type { CallResult } from '../../../shared/errors';

/** Bodies below this (in UTF-16 units; at most 3 bytes each in UTF-8) stay under the browsers' 64 KiB keepalive budget. */
const KEEPALIVE_MAX_CHARS = 8 * 1024;

type Listener = (payload: unknown) => void;

const TOKEN_KEY = 'rmm-console-token';
/** Waits before opening the event stream again after it dropped: 1 s, growing to 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/** The page's token: from the first visit's URL (then removed from it), else from this tab's sessionStorage. */
function takePageToken(location: Location = window.location, storage: Storage | null = safeSessionStorage()): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    url.searchParams.delete('token');
    // The token must not stay in the address bar, the history entry or a bookmark.
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    try {
      storage?.setItem(TOKEN_KEY, fromUrl);
    } catch {
      // Without storage a reload asks for the printed URL again; the page still works now.
    }
    return fromUrl;
  }
  try {
    return storage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const NOT_AUTHORIZED = 'This page is not authorized. Open the URL printed by "npm run serve".';

export function createHttpBridge(): ConsoleBridge {
  const token = takePageToken();
  const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;
  let connecting = false;
  let failures = 0;

  const dispatch = (message: MessageEvent<string>) => {
    let frame: { event: string; payload: unknown };
    try {
      frame = JSON.parse(message.data) as { event: string; payload: unknown };
    } catch {
      return;
    }
    for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
  };

  const reconnectLater = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    setTimeout(() => void connect(), delay);
  };

  /** Opens the event stream with a fresh one-time ticket; a dropped stream is reopened the same way. */
  const connect = async () => {
    if (source || connecting || !token) return;
    connecting = true;
    let ticket: string;
    try {
      const response = await fetch('/events/ticket', { method: 'POST', headers: authorization, credentials: 'omit' });
      if (!response.ok) throw new Error(`ticket ${response.status}`);
      ticket = ((await response.json()) as { ticket: string }).ticket;
    } catch {
      connecting = false;
      reconnectLater();
      return;
    }
    connecting = false;
    const stream = new EventSource(`/events?ticket=${encodeURIComponent(ticket)}`);
    source = stream;
    stream.onopen = () => {
      failures = 0;
    };
    stream.onmessage = dispatch;
    // EventSource would retry with the same ticket, which is spent: close it and start over with a new one.
    stream.onerror = () => {
      stream.close();
      if (source === stream) source = null;
      reconnectLater();
    };
  };

  return {
    async call(channel: string, input: unknown): Promise<CallResult<unknown>> {
      if (!token) return { ok: false, error: { code: 'FORBIDDEN', message: NOT_AUTHORIZED } };
      let response: Response;
      try {
        const body = JSON.stringify(input ?? {});
        const send = (keepalive: boolean) =>
          fetch(`/rpc/${encodeURIComponent(channel)}`, { method: 'POST', headers: { 'content-type': 'application/json', ...authorization }, credentials: 'omit', body, keepalive });
        // keepalive: a call made as the page goes away (a draft's last save on pagehide) still
        // reaches the console. Browsers allow it only for small bodies (64 KiB for all such calls
        // in flight) and refuse the fetch past that: then it is sent as an ordinary call.
        const small = body.length < KEEPALIVE_MAX_CHARS;
        response = await send(small).catch((error: unknown) => (small ? send(false) : Promise.reject(error)));
      } catch {
        return { ok: false, error: { code: 'OFFLINE', message: 'The console service is not running. Restart it and reload this page.' } };
      }
      if (response.status === 403) return { ok: false, error: { code: 'FORBIDDEN', message: NOT_AUTHORIZED } };
      return (await response.json()) as CallResult<unknown>;
    },
    on(event: string, listener: Listener): () => void {
      void connect();
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}
