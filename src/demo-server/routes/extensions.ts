/** Route groups added by later areas (backup, downloads, restore, help) register here. */
import type { Router } from '../http';
import type { DemoContext } from '../server';
import { registerBackupRoutes } from './backup';
import { registerDeletionRoutes } from './deletion';
import { registerDirectoryRoutes } from './directories';
import { registerDownloadRoutes } from './downloads';
import { registerHelpRoutes } from './help';
import { registerRestoreRoutes } from './restore';

export function registerExtensions(router: Router, context: DemoContext): void {
  registerBackupRoutes(router, context);
  registerDownloadRoutes(router, context);
  registerHelpRoutes(router, context);
  registerRestoreRoutes(router, context);
  registerDirectoryRoutes(router, context);
  registerDeletionRoutes(router, context);
}
