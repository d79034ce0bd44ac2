/**
 * Every channel's handler, one file per area, merged here: `satisfies
 * Handlers` makes a channel of the contract without a handler a compile error.
 */
import type { Handlers } from '../router';
import { billingHandlers, policiesHandlers, tasksHandlers } from './admin';
import { appHandlers, type AppHandlerDeps } from './app';
import { approvalsHandlers } from './approvals';
import { backupHandlers, type BackupHandlerDeps } from './backup';
import { dashboardHandlers } from './dashboard';
import { devicesHandlers } from './devices';
import { downloadsHandlers, type DownloadsHandlerDeps } from './downloads';
import { gettingStartedHandlers } from './getting-started';
import { helpHandlers } from './help';
import { integrationsHandlers } from './integrations';
import { psaHandlers } from './psa';
import { restoreHandlers } from './restore';
import { sessionHandlers } from './session';
import { settingsHandlers, type SettingsHandlerDeps } from './settings';
import { ticketingHandlers } from './ticketing';
import { ticketsHandlers } from './tickets';

export interface HandlerDeps {
  app: AppHandlerDeps;
  session: Parameters<typeof sessionHandlers>[0];
  settings: SettingsHandlerDeps;
  devices: Parameters<typeof devicesHandlers>[0];
  backup: BackupHandlerDeps;
  restore: Parameters<typeof restoreHandlers>[0];
  downloads: DownloadsHandlerDeps;
  help: Parameters<typeof helpHandlers>[0];
  ticketing: Parameters<typeof ticketingHandlers>[0];
  tickets: Parameters<typeof ticketsHandlers>[0];
  psa: Parameters<typeof psaHandlers>[0];
  integrations: Parameters<typeof integrationsHandlers>[0];
  tasks: Parameters<typeof tasksHandlers>[0];
  billing: Parameters<typeof billingHandlers>[0];
  approvals: Parameters<typeof approvalsHandlers>[0];
  policies: Parameters<typeof policiesHandlers>[0];
  gettingStarted: Parameters<typeof gettingStartedHandlers>[0];
  dashboard: Parameters<typeof dashboardHandlers>[0];
}

export function createHandlers(deps: HandlerDeps): Handlers {
  return {
    ...appHandlers(deps.app),
    ...sessionHandlers(deps.session),
    ...settingsHandlers(deps.settings),
    ...devicesHandlers(deps.devices),
    ...backupHandlers(deps.backup),
    ...restoreHandlers(deps.restore),
    ...downloadsHandlers(deps.downloads),
    ...helpHandlers(deps.help),
    ...ticketingHandlers(deps.ticketing),
    ...ticketsHandlers(deps.tickets),
    ...psaHandlers(deps.psa),
    ...integrationsHandlers(deps.integrations),
    ...tasksHandlers(deps.tasks),
    ...billingHandlers(deps.billing),
    ...approvalsHandlers(deps.approvals),
    ...policiesHandlers(deps.policies),
    ...gettingStartedHandlers(deps.gettingStarted),
    ...dashboardHandlers(deps.dashboard),
  } satisfies Handlers;
}
