/** Dashboards (`dashboard.*`): each device's last backup, the open tickets. */
import type { DashboardService } from '../../services/dashboard/dashboard-service';
import type { HandlersOf } from '../router';

export function dashboardHandlers(dashboard: DashboardService): HandlersOf<'dashboard'> {
  return {
    'dashboard.backup': (input) => dashboard.backup(input),
    'dashboard.tickets': (input) => dashboard.tickets(input),
  };
}
