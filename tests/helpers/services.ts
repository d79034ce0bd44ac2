/** Builds the real main-process services for integration tests (real keytar, real demo server, temp data folder). */
import { tmpdir } from 'node:os';
import type { EventName, EventPayload } from '../../src/shared/contract';
import { createConsoleServices, type ConsoleServices, type PlatformHooks } from '../../src/main/app-services';
import type { KeytarLike } from '../../src/main/services/session/vault';
import { loadKeytar } from '../../src/main/services/session/vault';
import { afterAll, beforeAll } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { tempDir } from './temp';

/** The one temp-folder helper (./temp.ts), kept importable from here. */
export { tempDir };

export interface TestServices extends ConsoleServices {
  dataDir: string;
  events: ConsoleServices['events'];
  received: Array<{ event: EventName; payload: unknown }>;
  waitForEvent<E extends EventName>(event: E, predicate?: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<EventPayload<E>>;
  call<T = unknown>(channel: string, input?: unknown): Promise<T>;
}

export async function createTestServices(options: {
  demo: DemoServer | { url: string };
  dataDir?: string;
  keytar?: KeytarLike | null;
  revalidateAfterMs?: number;
  probeIntervalMs?: number;
  downloadRetryDelaysMs?: readonly number[];
  /** Another boot of the machine than this one: what the console sees after a restart of the machine. */
  bootId?: string;
  /** Electron-only hooks, faked (e.g. a folder picker). */
  platform?: Partial<PlatformHooks>;
}): Promise<TestServices> {
  const dataDir = options.dataDir ?? tempDir();
  const keytar = options.keytar === undefined ? await loadKeytar() : options.keytar;
  const services = createConsoleServices({
    dataDir,
    keytar,
    demo: { url: async () => options.demo.url, currentUrl: () => options.demo.url },
    // Browser mode confines downloads under one root: the tests' temp folders.
    platform: { mode: 'browser', downloadsRoot: tmpdir(), ...options.platform },
    appVersion: '0.0.0-test',
    revalidateAfterMs: options.revalidateAfterMs,
    probeIntervalMs: options.probeIntervalMs,
    downloadRetryDelaysMs: options.downloadRetryDelaysMs,
    bootId: options.bootId,
  });
  const received: Array<{ event: EventName; payload: unknown }> = [];
  const waiters = new Set<() => void>();
  services.events.subscribe((event, payload) => {
    received.push({ event, payload });
    for (const wake of waiters) wake();
  });
  return {
    ...services,
    dataDir,
    received,
    waitForEvent(event, predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < received.length; seen++) {
            const entry = received[seen]!;
            if (entry.event === event && (!predicate || predicate(entry.payload as never))) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(entry.payload as never);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No ${event} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async call<T>(channel: string, input: unknown = {}) {
      const result = await services.router.dispatch(channel, input);
      if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
      return result.value as T;
    },
  };
}

/** Follows the demo's authorize page the way a browser would: GET the page, approve, follow the redirect. */
export async function approveInBrowser(authorizeUrl: string, login = 'tech'): Promise<void> {
  const page = await fetch(authorizeUrl);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'allow');
  form.set('login', login);
  const approved = await fetch(`${url.origin}/ws/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const location = approved.headers.get('location');
  if (approved.status !== 302 || !location) throw new Error(`authorize answered ${approved.status}`);
  const callback = await fetch(location);
  if (callback.status !== 200) throw new Error(`loopback callback answered ${callback.status}`);
}

/**
 * For a test file: a demo server and services signed in as the demo console,
 * started before its tests and closed after them. The getters are read inside
 * tests (the objects exist once beforeAll ran).
 */
export function signedInDemo(): { demo(): DemoServer; services(): TestServices; signIn(clientId?: string, clientSecret?: string): Promise<unknown> } {
  let demo: DemoServer | undefined;
  let services: TestServices | undefined;
  const signIn = (clientId = 'demo-console', clientSecret = 'demo-console-secret') =>
    services!.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId, clientSecret, remember: false });
  beforeAll(async () => {
    demo = await startDemoServer({ adminKey: 'demo-admin', sizes: { bigFolderItems: 100 } });
    services = await createTestServices({ demo, keytar: null });
    await signIn();
  });
  afterAll(async () => {
    await services?.dispose();
    await demo?.close();
  });
  return { demo: () => demo!, services: () => services!, signIn };
}
