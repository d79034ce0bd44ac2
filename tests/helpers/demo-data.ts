/** Shared pieces for tests of the demo server's data and calls. */
import { defaultDemoConfig, mergeDemoConfig, type DemoConfigOverrides } from '../../src/demo-server/config';
import { BackupWorld, DEMO_FIXTURES as F } from '../../src/demo-server/data/backup';
import { DemoWorld } from '../../src/demo-server/data/world';
import { HttpError } from '../../src/demo-server/http';
import type { RestoreJobSpec } from '../../src/shared/model/restore';

export function backupWorld(overrides: DemoConfigOverrides = {}): BackupWorld {
  const config = mergeDemoConfig(defaultDemoConfig(), overrides);
  return new BackupWorld(config, new DemoWorld(config));
}

/** The HTTP status an action fails with (HttpError), or undefined when it does not fail. */
export function statusOf(action: () => unknown): number | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
  return undefined;
}

/** Restores D:\Shares\Marketing (3 files) as of a completed job, to C:\Data\Restores on the same device. */
export function marketingRestoreSpec(overrides: Partial<RestoreJobSpec> = {}): RestoreJobSpec {
  return {
    nodeId: F.restore.nodeId,
    nodeName: F.restore.nodeName,
    sourceNodeId: F.restore.nodeId,
    sourceNodeName: F.restore.nodeName,
    sourcePlanId: F.restore.plan.uid,
    sourcePlanName: F.restore.plan.name,
    sourcePath: F.restore.folder.path,
    destinationPath: 'C:\\Data\\Restores',
    backupJobId: F.restore.backupJobId,
    collisionHandling: 'KEEP_BOTH',
    originalLocation: false,
    restorePermissions: false,
    restoreDeletedFiles: false,
    restoreType: 'FILE_FOLDER',
    batch: null,
    ...overrides,
  };
}
