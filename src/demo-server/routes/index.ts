/** Every route of the demo API registers here: OAuth, the admin controls (only with an admin key), each area's calls, then the signed file URLs. */
import { RestoreJobStore } from '../data/restore/jobs';
import type { DemoContext } from '../context';
import type { Router } from '../http';
import { registerOAuthRoutes } from '../oauth';
import { registerSignedFileRoute } from '../signed-files';
import { registerAdminRoutes } from './control';
import { registerAdminBillingRoutes } from './admin/billing';
import { registerAdminPolicyRoutes } from './admin/policies';
import { registerAdminSwitchRoutes } from './admin/switches';
import { registerAdminTaskRoutes } from './admin/tasks';
import { registerApprovalRoutes } from './approvals/approvals';
import { registerApprovalSwitchRoutes } from './approvals/switches';
import { registerBackupRoutes } from './backup/backup';
import { registerDashboardRoutes, registerDashboardSwitchRoutes } from './dashboard/dashboard';
import { registerDeletionRoutes } from './backup/deletion';
import { registerDeviceRoutes } from './devices/devices';
import { registerDirectoryRoutes } from './restore/directories';
import { registerDownloadRoutes } from './downloads/downloads';
import { registerGettingStartedRoutes } from './getting-started/getting-started';
import { registerGettingStartedSwitchRoutes } from './getting-started/switches';
import { registerHelpRoutes } from './help/help';
import { registerIntegrationRoutes } from './integrations/integrations';
import { registerPsaRoutes } from './psa/psa';
import { registerRestoreRoutes } from './restore/restore';
import { registerConversationRoutes } from './tickets/conversation';
import { registerTicketingRoutes } from './ticketing/ticketing';
import { registerUserRoutes } from './session/user';

export function registerRoutes(router: Router, context: DemoContext): void {
  const { config, authority, stats, world } = context;
  registerOAuthRoutes(router, config, authority);
  // Run-time control only when asked for (`--admin-key`, or a test's config): never in the embedded demo.
  if (config.adminKey) {
    registerAdminRoutes(
      router,
      config,
      authority,
      () => ({ ...stats, tokens: authority.stats }),
      () => ({ restoreJobs: RestoreJobStore.of(world).counts(), restoreSpecs: RestoreJobStore.of(world).recentSpecs() }),
    );
    registerAdminSwitchRoutes(router, context);
    registerApprovalSwitchRoutes(router, context);
    registerGettingStartedSwitchRoutes(router, context);
    registerDashboardSwitchRoutes(router, context);
  }
  registerUserRoutes(router, config, context.world);
  registerDeviceRoutes(router, world);
  registerBackupRoutes(router, context);
  registerDownloadRoutes(router, context);
  // Before the help's routes: it answers GET /psa/user-roles first (./admin/billing.ts).
  registerAdminBillingRoutes(router, context);
  registerHelpRoutes(router, context);
  registerRestoreRoutes(router, context);
  registerDirectoryRoutes(router, context);
  registerDeletionRoutes(router, context);
  registerTicketingRoutes(router, context);
  registerConversationRoutes(router, context);
  registerPsaRoutes(router, context);
  registerIntegrationRoutes(router, context);
  registerAdminTaskRoutes(router, context);
  registerApprovalRoutes(router, context);
  registerAdminPolicyRoutes(router, context);
  registerGettingStartedRoutes(router, context);
  registerDashboardRoutes(router, context);
  // The signed URLs of help and automation attachments (no bearer token: the signature is the permission).
  registerSignedFileRoute(router, config);
}
