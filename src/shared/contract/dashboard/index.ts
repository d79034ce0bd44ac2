/**
 * Dashboards (`dashboard.*`; help spec §2.2 /systemDashboard and
 * /customerDashboard): every device with its last backup's status, and the
 * open tickets' count with the latest few, of every organization or of one.
 * Paths are the demo's (src/shared/rules/dashboard/paths.ts).
 */
import { z } from 'zod';
import type { DashboardBackup, OpenTickets } from '../../model/dashboard';
import { returns } from '../common';

const organizationId = z.number().int().positive().max(2_147_483_647);

export const dashboardCalls = {
  /** Each device and its last backup (unreadable ones skipped and counted). */
  'dashboard.backup': { input: z.strictObject({ organizationId: organizationId.optional() }), output: returns<DashboardBackup>() },
  /** How many tickets are open and the latest few (unreadable ones skipped and counted). */
  'dashboard.tickets': { input: z.strictObject({ organizationId: organizationId.optional() }), output: returns<OpenTickets>() },
} as const;
