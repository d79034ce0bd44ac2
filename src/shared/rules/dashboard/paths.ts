/**
 * Dashboards' paths on the RMM API (relative to `/api`; the demo serves them
 * under `/api/`). The spec shows none: these are the demo's own
 * (src/demo-server/README.md "Dashboards").
 */
export const DASHBOARD_PATHS = {
  /** GET [?organizationId=]: every device with its last backup's status. */
  backup: 'dashboard/backup',
  /** GET [?organizationId=&limit=]: how many tickets are open, and the latest. */
  tickets: 'dashboard/tickets',
} as const;

/** How many open tickets the overview lists. */
export const LATEST_TICKETS = 5;
