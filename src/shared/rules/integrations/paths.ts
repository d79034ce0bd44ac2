/**
 * The other integrations' paths on the RMM API: one table for the main
 * process (relative to its API root, `/api`, filled with
 * ../platform/api-paths.ts `fillPath`) and for the demo server (under
 * `/api/`). The spec shows none: these are the demo's own
 * (src/demo-server/README.md "Other integrations").
 */
export const INTEGRATION_PATHS = {
  /** GET: every other integration (connections, webhook, web security). */
  list: 'integrations',
  /** PUT {tool, url, enabled, secret?}: a project management or service desk connection (`:kind` projectmanagement|servicedesk). */
  connection: 'integrations/connections/:kind',
  /** PUT {enabled}: turns one integration on or off (`:id` projectmanagement|servicedesk|webhook|websecurity). */
  enabled: 'integrations/:id/enabled',
  /** PUT {url, enabled, secret?}: the webhook. */
  webhook: 'integrations/webhook',
  /** POST: the server delivers a test event to the saved webhook and answers {status, body} or {error}. */
  webhookTest: 'integrations/webhook/test',
  /** POST: starts the web security registration (REGISTERING). */
  webSecurityRegister: 'integrations/websecurity/register',
} as const;

/** The path segment of each integration (lower case, as the demo names them). */
export const INTEGRATION_SEGMENTS = {
  projectManagement: 'projectmanagement',
  serviceDesk: 'servicedesk',
  webhook: 'webhook',
  webSecurity: 'websecurity',
} as const;
