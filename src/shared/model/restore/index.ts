/**
 * Restore entities, spec/backup-restore.md §3: the job specifications the
 * console sends, the jobs it watches, client settings, and the target
 * device's folder tree.
 */

import type { BackupJob, Revision } from '../backup';
import type { OpenValue } from '../platform/open-values';

export const RESTORE_JOB_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export type RestoreJobStatus = (typeof RESTORE_JOB_STATUSES)[number];

/** Collision handling ('If File Exists'); the spec does not show the values, these are the demo API's. */
export const COLLISION_HANDLING = ['OVERWRITE', 'SKIP', 'KEEP_BOTH'] as const;
export type CollisionHandling = (typeof COLLISION_HANDLING)[number];

export const COLLISION_HANDLING_LABELS: Record<CollisionHandling, string> = {
  OVERWRITE: 'Overwrite',
  SKIP: 'Skip',
  KEEP_BOTH: 'Keep both',
};

/** §9: EXTRACT for image restores. */
type RestoreType = 'EXTRACT' | 'FILE_FOLDER';

/** Restore job specification (§3), one per item of a restore. */
export interface RestoreJobSpec {
  nodeId: number;
  nodeName: string;
  sourceNodeId: number;
  sourceNodeName: string;
  sourcePlanId: string;
  sourcePlanName: string;
  sourcePath: string;
  destinationPath: string;
  revisionId?: string;
  backupJobId?: string;
  collisionHandling: CollisionHandling;
  originalLocation: boolean;
  restorePermissions: boolean;
  restoreDeletedFiles: boolean;
  restoreType: RestoreType;
  batch: string | null;
}

/** Restore job as the progress view shows it (§3). */
export interface RestoreJob {
  actionType: string;
  type: string;
  sourcePath: string;
  file: string;
  destinationPath: string;
  jobUID: string;
  jobFilesProcessed: number;
  /** 0 (or absent) while the job is still counting files. */
  jobTotalFiles: number;
  jobProcessedBytes: number;
  jobTotalBytes: number;
  /** §4's four, or another a real instance sends (shown raw). */
  status: OpenValue<RestoreJobStatus>;
  percentage: number;
  sourcePlanId: string;
  sourcePlanName: string;
  createTime: string;
  /** The target device. */
  nodeId: number;
  /** The target device's name, when the server sends it (the view falls back to the device it knows). */
  nodeName?: string;
  sourceNodeId: number;
  /** Why a FAILED job failed, when the server says. */
  failureReason?: string;
}

/** Client settings of a device (§7 "Client settings fetch"). */
export interface ClientSettings {
  backupMode: 'MANUAL' | 'AUTOMATIC' | string;
  /** Devices eligible as restore targets. */
  nodeIds: number[];
}

/** A device's restore jobs; `skipped` counts jobs of the answer that could not be read. */
export interface RestoreJobList {
  jobs: RestoreJob[];
  skipped: number;
}

export type DirectoryEntryType = 'FOLDER' | 'FILE';

export interface DirectoryEntry {
  name: string;
  path: string;
  type: DirectoryEntryType;
}

export interface DirectoryPage {
  results: DirectoryEntry[];
  totalElements: number;
  totalPages: number;
  page: number;
}

/** What a file preview read back: text, an image (data URL), or nothing showable. */
export type FilePreview =
  | { kind: 'text'; text: string; truncated: boolean; size: number }
  | { kind: 'image'; dataUrl: string; size: number }
  | { kind: 'unsupported'; size: number; reason: string };

/** The answer of a deletion: done, or the server wants a second factor first. */
export type DeletionResult = { status: 'scheduled' } | { status: 'second-factor'; message: string; invalid: boolean };

/** One thing a restore dialog restores: a file (maybe a picked revision), a folder, or an item of a mounted image (§2 "Restore dialogs"). */
export interface RestoreItem {
  kind: 'file' | 'folder' | 'image';
  name: string;
  /** Path of the item in the backup (or in the mounted image). */
  path: string;
  fileId?: string;
  folderId?: string;
  /** A root folder of the plan (§4: several root folders rule out Original Location). */
  isRoot?: boolean;
  /** A revision picked in the browser (file revisions). */
  revision?: Revision;
  /** A backup date chosen before the dialog opened (folders; a compare of two dates). */
  backupJob?: BackupJob;
  /** The mounted image revision an image item comes from. */
  imageRevision?: Revision;
  /** Image items: FOLDER or FILE inside the image. */
  imageType?: 'FOLDER' | 'FILE';
  /** The backup file entry's backupPermissions (§3); absent: the plan's. */
  backupPermissions?: boolean;
}

/** One row a delete confirmation lists. */
export interface DeletionEntry {
  name: string;
  path: string;
}
