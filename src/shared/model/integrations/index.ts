/**
 * The Integrations screen's other integrations (spec/ticketing-automations-psa.md
 * §2.5, §4.4), beside the PSA cards: a project management and a service desk
 * connection, the webhook, and the web security integration. What the
 * screens get: never a secret, only whether one is saved.
 */

/** The integrations a toggle names: a fixed set, the only ids the main process accepts. */
export const INTEGRATION_IDS = ['projectManagement', 'serviceDesk', 'webhook', 'webSecurity'] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

export const TOOL_KINDS = ['projectManagement', 'serviceDesk'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const INTEGRATION_LABELS: Record<IntegrationId, string> = {
  projectManagement: 'Project management',
  serviceDesk: 'Service desk',
  webhook: 'Webhook',
  webSecurity: 'Web security',
};

/** The tools the connection modal offers (free text is accepted too). */
export const TOOL_CHOICES: Record<ToolKind, readonly string[]> = {
  projectManagement: ['Jira', 'Asana', 'monday.com', 'Trello'],
  serviceDesk: ['Zendesk', 'Freshdesk', 'ServiceNow', 'Jira Service Management'],
};

export const TOOL_NAME_MAX = 100;
export const URL_MAX = 2048;
export const SECRET_MAX = 4096;

/** A project management or service desk connection (null in the overview while none is saved). */
export interface ToolConnection {
  kind: ToolKind;
  tool: string;
  url: string;
  enabled: boolean;
  /** The server holds a secret for it. */
  secretSet: boolean;
  /** This console keeps the secret in the OS keychain. */
  secretInKeychain: boolean;
}

export interface WebhookSettings {
  url: string;
  enabled: boolean;
  secretSet: boolean;
  secretInKeychain: boolean;
}

/** The web security integration: its registration status as the server sent it (an unknown one kept raw). */
export interface WebSecurityIntegration {
  status: string;
  enabled: boolean;
  /** Why the registration failed (FAILED), when the server said. */
  reason: string | null;
}

export interface IntegrationsOverview {
  projectManagement: ToolConnection | null;
  serviceDesk: ToolConnection | null;
  webhook: WebhookSettings | null;
  webSecurity: WebSecurityIntegration;
}

/** What the webhook's test delivery gave: the status and a short body, or the failure in words. */
export interface WebhookTestResult {
  /** The webhook answered (whatever its status). */
  reached: boolean;
  status: number | null;
  /** At most WEBHOOK_BODY_MAX characters of the answer, cleaned. */
  body: string;
  /** One line for the modal. */
  message: string;
}

export const WEBHOOK_BODY_MAX = 300;
