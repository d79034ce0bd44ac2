/**
 * Browser mode's bridge: the same `call`/`on` shape as the preload's
 * `window.api`, over HTTP to the loopback server (cookie-authenticated) with
 * server-sent events.
 */
import type { ConsoleBridge } from '../../../shared/contract';
import type { CallResult } from '../../../shared/errors';

type Listener = (payload: unknown) => void;

export function createHttpBridge(): ConsoleBridge {
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;

  const ensureEvents = () => {
    if (source) return;
    source = new EventSource('/events');
    source.onmessage = (message: MessageEvent<string>) => {
      let frame: { event: string; payload: unknown };
      try {
        frame = JSON.parse(message.data) as { event: string; payload: unknown };
      } catch {
        return;
      }
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    };
  };

  return {
    async call(channel: string, input: unknown): Promise<CallResult<unknown>> {
      let response: Response;
      try {
        response = await fetch(`/rpc/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'OFFLINE', message: 'The console service is not running. Restart it and reload this page.' } };
      }
      if (response.status === 403) {
        return { ok: false, error: { code: 'FORBIDDEN', message: 'This page is not authorized. Open the URL printed by "npm run serve".' } };
      }
      return (await response.json()) as CallResult<unknown>;
    },
    on(event: string, listener: Listener): () => void {
      ensureEvents();
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
