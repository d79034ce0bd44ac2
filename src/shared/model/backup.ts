/**
 * Backup entities, spec/backup-restore.md §3. These are the shapes the RMM API
 * answers with (and the demo server produces); the console's own browser rows
 * are derived from them in the main process.
 */

/** Plan destinations, spec §9. */
export const PLAN_DESTINATIONS = ['CLOUD', 'LOCAL', 'HYBRID'] as const;
export type PlanDestination = (typeof PLAN_DESTINATIONS)[number];

export const PLAN_TYPES = ['FILE_FOLDER', 'IMAGE'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Revision block-level-dedup types: NON_BLD and FULL display as Full, DELTA as Incremental. */
export const BLD_TYPES = ['NON_BLD', 'FULL', 'DELTA'] as const;
export type BldType = (typeof BLD_TYPES)[number];

/** Item statuses seen on folders and content items. */
export const ITEM_STATUSES = ['DEFINED', 'DELETED', 'REMOVED', 'MISSING'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export interface PlanStorage {
  volumes: number;
  /** Bytes kept on the local (NAS) target. */
  local: number;
  /** Bytes kept in the cloud. */
  cloud: number;
}

/** Backup plan, spec §3. `id` is the numeric id the v3 revisions call uses. */
export interface BackupPlan {
  uid: string;
  id: number;
  name: string;
  type: PlanType;
  schedule: string;
  enabled: boolean;
  deleted: boolean;
  destination: PlanDestination;
  backupPermissions: boolean;
  /** ISO time of the last successful backup, or null. */
  lastSuccess: string | null;
  storage: PlanStorage;
  /** Whether file-folder content may be entered without canViewAndRestoreBackupData (§4). */
  allowFileFolderBackupAccess: boolean;
}

export interface VolumeStats {
  localBytes: number;
  cloudBytes: number;
  usedBytes: number;
  capacityBytes: number;
  cloudDeduplicationBytes: number;
}

/** Volume, spec §3. `id` is a GUID inside braces. */
export interface Volume {
  id: string;
  name: string;
  label: string;
  size: number;
  location: string;
  fileSystem: string;
  partitionStyle: string;
  /** File id of the volume image (image plans). */
  fileId: string | null;
  /** ISO time of the last revision. */
  lastRevision: string | null;
  volumeName: string;
  /** The file/folder plan the volume belongs to (file plans). */
  filePlanId: string | null;
  stats: VolumeStats;
}

/** Folder (a backed-up root folder of a file/folder plan), spec §3. */
export interface BackupFolder {
  id: string;
  name: string;
  path: string;
  type: 'COMMON_FOLDER' | 'FOLDER';
  deleted: boolean;
  status: ItemStatus;
  cfid: string;
  latestRevisionCreatedAt: string | null;
  /** The volume the folder lives on (demo answers include it to group folders by volume). */
  volumeId: string;
}

/** Folder content item, spec §3. */
export interface FolderContentItem {
  id: string;
  name: string;
  path: string;
  type: 'FOLDER' | 'FILE';
  deleted: boolean;
  backupSize: number;
  size: number;
  status: ItemStatus;
  /** ISO time the item was last modified (files) — optional in the API. */
  modified?: string | null;
}

/** Revision of a file, or of an image volume, spec §3. */
export interface Revision {
  id: string;
  planId: string;
  type: 'FILE' | 'IMAGE';
  size: number;
  backupSize: number;
  bldType: BldType;
  modified: string;
  jobCreated: string;
  jobCompleted: string | null;
  onS3: boolean;
  onNas: boolean;
  rollupSize: number;
  /** The file (or volume) the revision belongs to. */
  file: string;
}

/** A backup job used for dates in the folder download and restore dialogs. */
export interface BackupJob {
  id: string;
  planId: string;
  created: string;
  completed: string | null;
  onCloud: boolean;
  upsyncedData: boolean;
}

/** An item inside a mounted image revision, spec §3. */
export interface MountedContentItem {
  name: string;
  type: 'FOLDER' | 'FILE';
  size: number;
  modified: string | null;
}

/** The paged answer shape of spec §7: results, totalElements, totalPages. */
export interface PagedAnswer<T> {
  results: T[];
  totalElements: number;
  totalPages: number;
}

/** Display label of a revision type, spec §9. */
export function revisionTypeLabel(bldType: BldType): 'Full' | 'Incremental' {
  return bldType === 'DELTA' ? 'Incremental' : 'Full';
}

/** Destination label of a plan, spec §2. */
export function destinationLabel(destination: PlanDestination): 'Cloud only' | 'Local only' | 'Hybrid' {
  switch (destination) {
    case 'CLOUD':
      return 'Cloud only';
    case 'LOCAL':
      return 'Local only';
    case 'HYBRID':
      return 'Hybrid';
  }
}
