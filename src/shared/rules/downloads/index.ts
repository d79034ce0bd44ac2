/**
 * Which rows of the backup browser can be downloaded to this computer, and
 * how (spec/backup-restore.md §2 "Download dialogs", §6, §7).
 *
 * A browser download reads the data from the cloud: a plan that keeps its data
 * only on a local target, a revision that is not in the cloud, or a file the
 * server cannot read has nothing to download, and the dialog says
 * 'Browser download is not available...' (§8) instead.
 */
import type { BackupPlan } from '../../model/backup';
import type { BrowserRow } from '../../model/backup';
import type { UserPermissions } from '../../model/session';

type DownloadDialogKind = 'file' | 'folder' | 'image';

export interface DownloadTarget {
  dialog: DownloadDialogKind;
  /** False when the dialog can only say that browser download is not available. */
  available: boolean;
}

/** The download dialog a row opens, or null when the row has nothing to download (plans, volumes, image revisions). */
export function downloadTargetOf(row: BrowserRow, plan: Pick<BackupPlan, 'type' | 'destination'> | undefined, permissions: UserPermissions): DownloadTarget | null {
  // §6: canViewAndRestoreBackupData enables restore and download on file revisions (and mounting images).
  if (!permissions.canViewAndRestoreBackupData) return null;
  const inCloud = plan?.destination !== 'LOCAL';
  switch (row.kind) {
    case 'plan':
    case 'volume':
      return null;
    case 'folder':
      return { dialog: 'folder', available: inCloud && row.folder.status !== 'MISSING' };
    case 'item':
      if (row.item.type === 'FOLDER') return { dialog: 'folder', available: inCloud };
      return { dialog: 'file', available: inCloud && row.item.status !== 'MISSING' };
    case 'revision':
      if (row.revision.type === 'IMAGE') return null;
      return { dialog: 'file', available: inCloud && row.revision.onS3 };
    case 'mounted':
      return { dialog: 'image', available: true };
  }
}

export {
  bandwidthAt,
  bandwidthWindowSchema,
  bandwidthWindowsSchema,
  BANDWIDTH_LIMIT_MAX_KBPS,
  BANDWIDTH_WINDOWS_MAX,
  validateWindows,
  windowLabel,
  windowProblems,
  type BandwidthNow,
  type BandwidthWindow,
  type TimeOfDay,
} from './bandwidth-windows';
