/**
 * Dashboards under `/api` (paths: src/shared/rules/dashboard/paths.ts, the
 * demo's own): every device with its last backup's status (optionally of one
 * organization), and the open tickets' count with the latest few. The
 * failure switches: `GET`/`PATCH /__demo/dashboard` (admin key; body
 * `{"failBackupStatus":true}`, `{"failTickets":true}`, `{"oddItems":true}`).
 */
import { z } from 'zod';
import { DASHBOARD_PATHS, LATEST_TICKETS } from '../../../shared/rules/dashboard/paths';
import type { DemoContext } from '../../context';
import { DashboardStore } from '../../data/dashboard/store';
import { TicketingStore } from '../../data/ticketing/ticketing';
import { sendJson, type Router } from '../../http';
import { registerSwitchRoutes } from '../control';
import { apiRoutes, injectedFailure, queryId } from '../psa/params';

const ROUTES = apiRoutes(DASHBOARD_PATHS);
const CLOSED = new Set(['RESOLVED', 'CLOSED']);

const switchesBody = z.strictObject({
  failBackupStatus: z.boolean().optional(),
  failTickets: z.boolean().optional(),
  oddItems: z.boolean().optional(),
});

export function registerDashboardRoutes(router: Router, context: DemoContext): void {
  const store = () => DashboardStore.of(context.world);
  router.get(ROUTES.backup, (ctx) => {
    const dashboard = store();
    if (dashboard.switches.failBackupStatus) throw injectedFailure('The backup status could not be read (demo switch failBackupStatus).');
    sendJson(ctx.res, 200, { devices: dashboard.list(queryId(ctx, 'organizationId')) });
  });
  router.get(ROUTES.tickets, (ctx) => {
    if (store().switches.failTickets) throw injectedFailure('The open tickets could not be read (demo switch failTickets).');
    const organizationId = queryId(ctx, 'organizationId');
    const open = TicketingStore.of(context.world)
      .tickets(Date.now())
      .filter((t) => !CLOSED.has(t.status) && (organizationId === undefined || t.organization?.id === organizationId))
      .sort((a, b) => b.createTime - a.createTime || b.id - a.id);
    sendJson(ctx.res, 200, {
      openCount: open.length,
      tickets: open.slice(0, LATEST_TICKETS).map((t) => ({ id: t.id, subject: t.summary, status: t.status, organizationName: t.organization?.name ?? '', createTime: t.createTime })),
    });
  });
}

export function registerDashboardSwitchRoutes(router: Router, context: DemoContext): void {
  const store = () => DashboardStore.of(context.world);
  registerSwitchRoutes(router, context.config, '/__demo/dashboard', {
    schema: switchesBody,
    switches: () => store().switches,
    view: () => ({ ...store().switches, counts: store().counts() }),
  });
}
