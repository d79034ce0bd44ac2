/**
 * Dashboards (help spec §2.2 /systemDashboard, /customerDashboard): each
 * device with its last backup's status, and the open tickets' summary, of
 * every organization or of one. Read tolerantly (./dashboard-schemas.ts): an
 * item the console cannot read is skipped and counted. Nothing is kept per
 * session. Paths: src/shared/rules/dashboard/paths.ts.
 */
import type { CallArgs } from '../../../shared/contract';
import type { DashboardBackup, OpenTickets } from '../../../shared/model/dashboard';
import { DASHBOARD_PATHS, LATEST_TICKETS } from '../../../shared/rules/dashboard/paths';
import type { ApiClient } from '../platform/api/api-client';
import { AreaCalls } from '../platform/api/area-calls';
import { anyAnswer, listIn, readItems } from '../platform/api/tolerant';
import { deviceBackupSchema, openTicketSchema } from './dashboard-schemas';

const paramsOf = (organizationId: number | undefined, more: Record<string, string> = {}) =>
  new URLSearchParams({ ...more, ...(organizationId === undefined ? {} : { organizationId: String(organizationId) }) });

export class DashboardService {
  private readonly calls: AreaCalls;

  constructor(api: () => ApiClient) {
    this.calls = new AreaCalls(api);
  }

  async backup({ organizationId }: CallArgs<'dashboard.backup'>): Promise<DashboardBackup> {
    const answer = await this.calls.read(DASHBOARD_PATHS.backup, anyAnswer, paramsOf(organizationId));
    return readItems(deviceBackupSchema, listIn(answer, 'devices', 'content', 'items', 'results') as unknown[]);
  }

  async tickets({ organizationId }: CallArgs<'dashboard.tickets'>): Promise<OpenTickets> {
    const answer = await this.calls.read(DASHBOARD_PATHS.tickets, anyAnswer, paramsOf(organizationId, { limit: String(LATEST_TICKETS) }));
    const { items, skipped } = readItems(openTicketSchema, listIn(answer, 'tickets', 'content', 'items', 'results') as unknown[]);
    const said = typeof answer === 'object' && answer !== null ? Number((answer as Record<string, unknown>).openCount) : NaN;
    // A count not said (or not a count) is at least what is listed.
    const openCount = Number.isInteger(said) && said >= 0 ? Math.max(said, items.length) : null;
    return { openCount, latest: items.slice(0, LATEST_TICKETS), skipped };
  }
}
