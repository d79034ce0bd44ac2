/**
 * The other integrations in one demo world (spec/ticketing-automations-psa.md
 * §2.5, §4.4): the project management connection (none at first), the
 * service desk connection (Zendesk, disabled), the webhook (pointed at the
 * demo's own hooks.demo.example), and the web security integration
 * (NOT_CONFIGURED). Secrets are held here and never answered (only
 * `secretSet`). The webhook's test deliveries are simulated (the demo reaches
 * no other host) and recorded, so tests see where the secret went.
 *
 * Time moves without timers, as node approvals' (../approvals/store.ts): a
 * registration due to end ends when the store is next read (`tick`). Tests
 * hold it (`holdRegistration`) and release it: nothing waits on the clock.
 */
import type { DemoWorld } from '../world';

export type ToolSegment = 'projectmanagement' | 'servicedesk';
export type IntegrationSegment = ToolSegment | 'webhook' | 'websecurity';

export interface DemoToolConnection {
  tool: string;
  url: string;
  enabled: boolean;
  secret: string | null;
}

export interface DemoWebhook {
  url: string;
  enabled: boolean;
  secret: string | null;
}

export interface DemoWebSecurity {
  registrationStatus: string;
  enabled: boolean;
  failureReason: string | null;
  startedAt: number | null;
}

export interface IntegrationSwitches {
  /** A registration stays REGISTERING while on; turned off, it ends at once. */
  holdRegistration: boolean;
  /** A registration ends FAILED (with a reason) instead of REGISTERED. */
  failRegistration: boolean;
  /** How long a registration not held takes. */
  registerAfterSeconds: number;
  /** PUT /integrations/:id/enabled answers 500 (nothing changes). */
  failToggle: boolean;
  /** Sets the web security status as given (a real server's own status, shown raw); null: leaves it. */
  webSecurityStatus: string | null;
}

export const DEFAULT_INTEGRATION_SWITCHES: IntegrationSwitches = {
  holdRegistration: false,
  failRegistration: false,
  registerAfterSeconds: 3,
  failToggle: false,
  webSecurityStatus: null,
};

/** The demo's own webhook host: its paths choose what the simulated delivery answers (README "Other integrations"). */
export const DEMO_HOOKS_HOST = 'hooks.demo.example';
export const DEFAULT_WEBHOOK_URL = `https://${DEMO_HOOKS_HOST}/console`;
/** Where `/redirect-elsewhere` on the demo's hooks host redirects (another origin: not followed). */
export const ELSEWHERE_URL = 'https://elsewhere.demo.example/collect';

export interface Delivery {
  url: string;
  /** The secret's signature went with it. */
  signed: boolean;
}

export type TestAnswer = { status: number; body: string } | { error: string; redirectedTo?: string };

const stores = new WeakMap<DemoWorld, IntegrationStore>();

export class IntegrationStore {
  static of(world: DemoWorld): IntegrationStore {
    let store = stores.get(world);
    if (!store) {
      store = new IntegrationStore();
      stores.set(world, store);
    }
    return store;
  }

  readonly switches: IntegrationSwitches = { ...DEFAULT_INTEGRATION_SWITCHES };
  readonly connections: Record<ToolSegment, DemoToolConnection | null> = {
    projectmanagement: null,
    servicedesk: { tool: 'Zendesk', url: 'https://contoso.zendesk.com', enabled: false, secret: null },
  };
  webhook: DemoWebhook | null = { url: DEFAULT_WEBHOOK_URL, enabled: true, secret: null };
  readonly webSecurity: DemoWebSecurity = { registrationStatus: 'NOT_CONFIGURED', enabled: false, failureReason: null, startedAt: null };
  readonly deliveries: Delivery[] = [];

  /** Ends a registration that is due (not held). */
  tick(now = Date.now()): void {
    const started = this.webSecurity.startedAt;
    if (this.webSecurity.registrationStatus !== 'REGISTERING' || this.switches.holdRegistration || started === null) return;
    if (now - started >= this.switches.registerAfterSeconds * 1000) this.finishRegistration();
  }

  /** The switches changed: a released hold ends the registration at once; a status given is set. */
  switched(before: IntegrationSwitches): void {
    if (this.switches.webSecurityStatus !== null) {
      this.webSecurity.registrationStatus = this.switches.webSecurityStatus;
      this.webSecurity.startedAt = null;
      this.switches.webSecurityStatus = null;
    }
    if (before.holdRegistration && !this.switches.holdRegistration && this.webSecurity.registrationStatus === 'REGISTERING') this.finishRegistration();
  }

  /** Starts the registration; false when one is under way. */
  register(now = Date.now()): boolean {
    if (this.webSecurity.registrationStatus === 'REGISTERING') return false;
    Object.assign(this.webSecurity, { registrationStatus: 'REGISTERING', failureReason: null, startedAt: now });
    this.tick(now);
    return true;
  }

  private finishRegistration(): void {
    const failed = this.switches.failRegistration;
    Object.assign(this.webSecurity, {
      registrationStatus: failed ? 'FAILED' : 'REGISTERED',
      failureReason: failed ? 'The web security service refused the registration (demo switch failRegistration).' : null,
      startedAt: null,
      enabled: failed ? this.webSecurity.enabled : true,
    });
  }

  /**
   * The simulated test delivery to the saved webhook. On the demo's hooks
   * host: `/status/<code>` answers that code, `/redirect-elsewhere` redirects
   * to another origin (not followed: the secret's signature never goes
   * there), `/redirect-same` to the same origin (followed, signed); a host
   * under `.invalid` cannot be reached; anything else answers 200.
   */
  deliverTest(): TestAnswer | null {
    const hook = this.webhook;
    if (!hook) return null;
    const url = new URL(hook.url);
    const signed = hook.secret !== null;
    if (url.hostname.endsWith('.invalid')) return { error: `${url.hostname} could not be reached (the name does not resolve).` };
    this.deliveries.push({ url: hook.url, signed });
    if (url.hostname === DEMO_HOOKS_HOST) {
      const status = /^\/status\/(\d{3})$/.exec(url.pathname)?.[1];
      if (status && Number(status) >= 100 && Number(status) <= 599) return { status: Number(status), body: JSON.stringify({ received: false, status: Number(status), message: `The demo webhook answered ${status} as asked.` }) };
      if (url.pathname === '/redirect-elsewhere') return { error: 'The webhook redirected to another origin; the delivery was not followed there.', redirectedTo: ELSEWHERE_URL };
      if (url.pathname === '/redirect-same') {
        const target = new URL('/console', url).toString();
        this.deliveries.push({ url: target, signed });
        return { status: 200, body: JSON.stringify({ received: true, event: 'console.test', redirectedWithin: target }) };
      }
    }
    return { status: 200, body: JSON.stringify({ received: true, event: 'console.test', signed }) };
  }
}

/** A connection as answered: never its secret. */
export function wireConnection(connection: DemoToolConnection | null) {
  return connection && { tool: connection.tool, url: connection.url, enabled: connection.enabled, secretSet: connection.secret !== null };
}

export function wireWebhook(webhook: DemoWebhook | null) {
  return webhook && { url: webhook.url, enabled: webhook.enabled, secretSet: webhook.secret !== null };
}

export function wireWebSecurity(webSecurity: DemoWebSecurity) {
  return { registrationStatus: webSecurity.registrationStatus, enabled: webSecurity.enabled, failureReason: webSecurity.failureReason };
}
