/**
 * The other integrations (`integrations.*`, spec/ticketing-automations-psa.md
 * §2.5, §4.4): the project management and service desk connections, the
 * webhook (its test delivery made by the server, which answers the status
 * and body it got), the web security registration, and each one's Enabled
 * toggle. Paths: src/shared/rules/integrations/paths.ts (the demo's).
 *
 * Secrets (./integration-secrets.ts) are sent to the instance only (through
 * the API client, which follows no redirect), kept in the keychain under the
 * signed-in identity for the address's origin they were given for, and never
 * answered: a save without a new secret sends the kept one for that origin;
 * an address moved to another origin needs a new one. The server's words are
 * shown only with any secret sent taken out.
 */
import { z } from 'zod';
import type { CallArgs } from '../../../shared/contract';
import { AppError } from '../../../shared/errors';
import {
  INTEGRATION_LABELS,
  WEBHOOK_BODY_MAX,
  type IntegrationId,
  type IntegrationsOverview,
  type ToolConnection,
  type ToolKind,
  type WebhookSettings,
  type WebhookTestResult,
  type WebSecurityIntegration,
} from '../../../shared/model/integrations';
import { INTEGRATION_PATHS, INTEGRATION_SEGMENTS } from '../../../shared/rules/integrations/paths';
import { readStatus } from '../../../shared/rules/integrations/registration';
import { fillPath } from '../../../shared/rules/platform/api-paths';
import { cleanText } from '../../../shared/rules/platform/server-text';
import { originOf } from '../../../shared/rules/integrations/url';
import type { ApiClient } from '../platform/api/api-client';
import { AreaCalls } from '../platform/api/area-calls';
import { withoutSecrets } from '../platform/api/http-errors';
import { refusalLineWithout } from '../platform/api/refusals';
import type { CredentialVault, SessionService } from '../session';
import { IntegrationSecrets, type SecretKind } from './integration-secrets';

const text = (max: number) => z.string().transform((value) => cleanText(value, max));
const connectionWire = z.object({ tool: text(100), url: text(2048), enabled: z.boolean(), secretSet: z.boolean().catch(false) });
const webhookWire = z.object({ url: text(2048), enabled: z.boolean(), secretSet: z.boolean().catch(false) });
const webSecurityWire = z.object({ registrationStatus: z.unknown(), enabled: z.boolean().catch(false), failureReason: text(300).nullable().catch(null) });
const listWire = z.object({
  connections: z.object({ projectmanagement: connectionWire.nullable().catch(null), servicedesk: connectionWire.nullable().catch(null) }).catch({ projectmanagement: null, servicedesk: null }),
  webhook: webhookWire.nullable().catch(null),
  webSecurity: webSecurityWire.nullable().catch(null),
});
const testWire = z.union([
  z.object({ status: z.number().int().min(100).max(599), body: z.string().catch('') }),
  // Read raw: the secrets are taken out before the text is cleaned and cut (a cut secret would survive).
  z.object({ error: z.string().max(100_000), redirectedTo: z.string().optional() }),
]);

const LIST_FAILED = 'The other integrations could not be read.';
const GONE = 'This integration is not on the server.';

export interface IntegrationsServiceDeps {
  session: SessionService;
  vault: CredentialVault;
  log?: (what: string, error: unknown) => void;
}

export class IntegrationsService {
  private readonly calls: AreaCalls;
  private readonly secrets: IntegrationSecrets;

  constructor(private readonly deps: IntegrationsServiceDeps) {
    this.calls = new AreaCalls(() => this.api());
    this.secrets = new IntegrationSecrets(deps.vault, () => (deps.session.persisted() ? 'keychain' : 'memory'), deps.log);
  }

  /** The calls whose refusals, shown in the server's words, have `secrets` taken out before they are cleaned and cut. */
  private callsHiding(secrets: readonly string[]): AreaCalls {
    return new AreaCalls(() => this.api(), (body) => refusalLineWithout(body, secrets));
  }

  forgetSecrets(scope: string): Promise<void> {
    return this.secrets.forget(scope);
  }

  async list(): Promise<IntegrationsOverview> {
    const scope = this.scope();
    const wire = await this.calls.readOr(INTEGRATION_PATHS.list, listWire, LIST_FAILED);
    const tool = async (kind: ToolKind, read: z.infer<typeof connectionWire> | null): Promise<ToolConnection | null> =>
      read ? { kind, ...read, secretInKeychain: await this.inKeychain(scope, kind, read.url) } : null;
    return {
      projectManagement: await tool('projectManagement', wire.connections.projectmanagement),
      serviceDesk: await tool('serviceDesk', wire.connections.servicedesk),
      webhook: wire.webhook ? { ...wire.webhook, secretInKeychain: await this.inKeychain(scope, 'webhook', wire.webhook.url) } : null,
      webSecurity: webSecurityOf(wire.webSecurity),
    };
  }

  async saveConnection(input: CallArgs<'integrations.saveConnection'>): Promise<ToolConnection> {
    const { kind, tool, enabled } = input;
    const url = input.url.trim();
    const path = fillPath(INTEGRATION_PATHS.connection, { kind: INTEGRATION_SEGMENTS[kind] });
    const saved = await this.saveWithSecret(kind, url, input.secret, path, { tool: tool.trim(), url, enabled }, (body) => connectionWire.parse(body));
    return { kind, ...saved.answer, secretInKeychain: saved.inKeychain };
  }

  async saveWebhook(input: CallArgs<'integrations.saveWebhook'>): Promise<WebhookSettings> {
    const url = input.url.trim();
    const saved = await this.saveWithSecret('webhook', url, input.secret, INTEGRATION_PATHS.webhook, { url, enabled: input.enabled }, (body) => webhookWire.parse(body));
    return { ...saved.answer, secretInKeychain: saved.inKeychain };
  }

  async setEnabled({ id, enabled }: CallArgs<'integrations.setEnabled'>): Promise<{ id: IntegrationId; enabled: boolean }> {
    return this.calls.send('PUT', fillPath(INTEGRATION_PATHS.enabled, { id: INTEGRATION_SEGMENTS[id] }), {
      what: `the change to ${INTEGRATION_LABELS[id]}`,
      json: { enabled },
      gone: GONE,
      serverWords: true,
      read: (body) => ({ id, enabled: z.object({ enabled: z.boolean() }).parse(body).enabled }),
    });
  }

  /** The server delivers a test event to the saved webhook; its answer (status, short body) or the failure, in words. */
  async testWebhook(): Promise<WebhookTestResult> {
    const scope = this.scope();
    const overview = await this.calls.readOr(INTEGRATION_PATHS.list, listWire, LIST_FAILED);
    const kept = overview.webhook ? await this.secrets.kept(scope, 'webhook', { instanceUrl: overview.webhook.url }) : null;
    const secrets = kept ? [kept] : [];
    const answer = await this.callsHiding(secrets).send('POST', INTEGRATION_PATHS.webhookTest, {
      what: 'the webhook test',
      verb: 'sent',
      json: {},
      gone: 'No webhook is saved: save its address first.',
      serverWords: true,
      read: (body) => testWire.parse(body),
    });
    if ('error' in answer) {
      const where = answer.redirectedTo ? originOf(answer.redirectedTo) : null;
      const message = where
        ? `The webhook redirected to another origin (${cleanText(where, 200)}): the test event was not sent there, and the secret did not go with it.`
        : `The test event could not be delivered: ${cleanText(withoutSecrets(answer.error, secrets), 300)}`;
      return { reached: false, status: null, body: '', message };
    }
    const body = cleanText(withoutSecrets(answer.body, secrets), WEBHOOK_BODY_MAX);
    const ok = answer.status >= 200 && answer.status < 300;
    return { reached: true, status: answer.status, body, message: ok ? `The webhook answered ${answer.status}: the test event was delivered.` : `The webhook answered ${answer.status}: it did not accept the test event.` };
  }

  async registerWebSecurity(): Promise<WebSecurityIntegration> {
    return this.calls.send('POST', INTEGRATION_PATHS.webSecurityRegister, {
      what: 'the web security registration',
      verb: 'started',
      json: {},
      gone: GONE,
      serverWords: true,
      read: (body) => webSecurityOf(webSecurityWire.parse(body)),
    });
  }

  /**
   * PUTs `fields` with the secret: the new one, else the one kept for this
   * origin; none (and the server holds one given for another origin) is refused
   * before anything is sent. A new secret is kept once the server took it.
   */
  private async saveWithSecret<T>(kind: SecretKind, url: string, secret: string | undefined, path: string, fields: Record<string, unknown>, read: (body: unknown) => T): Promise<{ answer: T; inKeychain: boolean }> {
    const scope = this.scope();
    const sent = secret ?? (await this.secrets.kept(scope, kind, { instanceUrl: url })) ?? undefined;
    if (sent === undefined) await this.refuseMovedSecret(kind, url);
    const what = `the ${INTEGRATION_LABELS[kind].toLowerCase()} settings`;
    // The server's words are shown with the secret taken out of them first.
    const answer = await this.callsHiding(sent === undefined ? [] : [sent]).send('PUT', path, { what, json: { ...fields, ...(sent === undefined ? {} : { secret: sent }) }, gone: GONE, serverWords: true, read });
    const keptNow = secret !== undefined ? await this.secrets.keep(scope, kind, { instanceUrl: url }, secret) : sent !== undefined;
    return { answer, inKeychain: keptNow && this.deps.session.persisted() };
  }

  private async refuseMovedSecret(kind: SecretKind, url: string): Promise<void> {
    const wire = await this.calls.readOr(INTEGRATION_PATHS.list, listWire, LIST_FAILED);
    const stored = kind === 'webhook' ? wire.webhook : kind === 'projectManagement' ? wire.connections.projectmanagement : wire.connections.servicedesk;
    if (stored?.secretSet && originOf(stored.url) !== originOf(url)) {
      throw new AppError('INVALID_INPUT', 'The address moved to another host: enter the secret for it. A kept secret is sent only for the address it was given for.');
    }
  }

  private async inKeychain(scope: string, kind: SecretKind, url: string): Promise<boolean> {
    return this.deps.session.persisted() && (await this.secrets.kept(scope, kind, { instanceUrl: url })) !== null;
  }

  private api(): ApiClient {
    return this.deps.session.api();
  }

  private scope(): string {
    const scope = this.deps.session.identityScope();
    if (!scope) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
    return scope;
  }
}

function webSecurityOf(wire: z.infer<typeof webSecurityWire> | null): WebSecurityIntegration {
  if (!wire) return { status: readStatus(undefined), enabled: false, reason: null };
  return { status: readStatus(wire.registrationStatus), enabled: wire.enabled, reason: wire.failureReason ?? null };
}
