/**
 * The other integrations (spec/ticketing-automations-psa.md §2.5, §4.4): a
 * project management and a service desk connection, the webhook and its
 * test, the web security registration, and each one's Enabled toggle.
 * Secrets go to the main process, which keeps them in the OS keychain and
 * sends them to the instance; they never come back. Paths are the demo's
 * (src/shared/rules/integrations/paths.ts).
 */
import { z } from 'zod';
import { INTEGRATION_IDS, SECRET_MAX, TOOL_KINDS, TOOL_NAME_MAX, URL_MAX, type IntegrationsOverview, type ToolConnection, type WebhookSettings, type WebhookTestResult, type WebSecurityIntegration } from '../../model/integrations';
import { hasControlCharacter, urlProblem } from '../../rules/integrations/url';
import { noInput, returns } from '../common';

/** An https address with a host and no credentials (the modal's own words when refused). */
const httpsUrl = z
  .string()
  .max(URL_MAX)
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const secret = z.string().min(1).max(SECRET_MAX);

const toolName = z
  .string()
  .trim()
  .min(1, 'Name the tool.')
  .max(TOOL_NAME_MAX)
  .refine((value) => !hasControlCharacter(value), 'The tool name holds a control character.');

export const integrationsCalls = {
  /** Every other integration as the server holds it (web security NOT_CONFIGURED until registered). */
  'integrations.list': { input: noInput, output: returns<IntegrationsOverview>() },
  /** Saves a project management or service desk connection; a new secret goes to the keychain (never back). */
  'integrations.saveConnection': {
    input: z.strictObject({ kind: z.enum(TOOL_KINDS), tool: toolName, url: httpsUrl, enabled: z.boolean(), secret: secret.optional() }),
    output: returns<ToolConnection>(),
  },
  /** Turns one integration on or off; answers the value the server saved. */
  'integrations.setEnabled': { input: z.strictObject({ id: z.enum(INTEGRATION_IDS), enabled: z.boolean() }), output: returns<{ id: (typeof INTEGRATION_IDS)[number]; enabled: boolean }>() },
  /** Saves the webhook; an optional new secret (kept in the keychain, never shown again). */
  'integrations.saveWebhook': { input: z.strictObject({ url: httpsUrl, enabled: z.boolean(), secret: secret.optional() }), output: returns<WebhookSettings>() },
  /** The server posts a test event to the saved webhook; the status and a short body, or the failure in words. */
  'integrations.testWebhook': { input: noInput, output: returns<WebhookTestResult>() },
  /** Starts the web security registration; answers the integration (REGISTERING, or what the server says). */
  'integrations.registerWebSecurity': { input: noInput, output: returns<WebSecurityIntegration>() },
} as const;
