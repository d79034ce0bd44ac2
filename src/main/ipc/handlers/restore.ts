/** Restore jobs and the target device's folders. */
import type { RestoreService } from '../../services/restore/restore-service';
import type { HandlersOf } from '../router';

export function restoreHandlers(restore: RestoreService): HandlersOf<'restore'> {
  return {
    'restore.clientSettings': ({ nodeId }) => restore.clientSettings(nodeId),
    'restore.create': ({ specs }) => restore.createJobs(specs),
    'restore.jobs': ({ nodeId }) => restore.jobs(nodeId),
    'restore.job': ({ jobUID }) => restore.job(jobUID),
    'restore.cancel': async ({ jobUID }) => {
      await restore.cancel(jobUID);
      return { canceled: true as const };
    },
    'restore.clear': async ({ jobUID }) => {
      await restore.clear(jobUID);
      return { cleared: true as const };
    },
    'restore.listDirectory': ({ nodeId, path, page }) => restore.listDirectory(nodeId, path, page),
    'restore.createFolder': ({ nodeId, path, name }) => restore.createFolder(nodeId, path, name),
  };
}
