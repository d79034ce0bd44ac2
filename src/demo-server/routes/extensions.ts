/** Route groups added by later areas (backup, downloads, restore, help) register here. */
import type { Router } from '../http';
import type { DemoContext } from '../server';
import { registerBackupRoutes } from './backup';
import { registerDownloadRoutes } from './downloads';

export function registerExtensions(router: Router, context: DemoContext): void {
  registerBackupRoutes(router, context);
  registerDownloadRoutes(router, context);
}
