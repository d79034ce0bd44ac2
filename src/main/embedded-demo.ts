/**
 * The embedded demo instance: the demo RMM API started in-process on a
 * loopback port the first time it is needed, or an external demo server
 * given by URL (tests run it as its own process so they can stop it).
 */
import { startDemoServer, type DemoServer } from '../demo-server/server';
import type { DemoInstance } from './services/session/session-service';

export function embeddedDemo(externalUrl?: string): DemoInstance & { close(): Promise<void> } {
  let server: DemoServer | null = null;
  let starting: Promise<DemoServer> | null = null;
  return {
    currentUrl: () => externalUrl ?? server?.url,
    async url() {
      if (externalUrl) return externalUrl;
      // Never the /__demo admin endpoints in the console's own demo, whatever the defaults.
      starting ??= startDemoServer({ adminKey: '' });
      server = await starting;
      return server.url;
    },
    async close() {
      await server?.close();
    },
  };
}
