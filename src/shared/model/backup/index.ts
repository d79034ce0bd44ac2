/**
 * Backup entities, spec/backup-restore.md §3. These are the shapes the RMM API
 * answers with (and the demo server produces); the console's own browser rows
 * are derived from them in the main process.
 *
 * The enumerations below are what the spec lists; a real instance sends more, so entities carry them as open values and every label
 * falls back to the raw value.
 */
import { labelOrRaw, type OpenValue } from '../platform/open-values';

/** Plan destinations, spec §9. */
export const PLAN_DESTINATIONS = ['CLOUD', 'LOCAL', 'HYBRID'] as const;
export type PlanDestination = (typeof PLAN_DESTINATIONS)[number];

export const PLAN_TYPES = ['FILE_FOLDER', 'IMAGE'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Revision block-level-dedup types: NON_BLD and FULL display as Full, DELTA as Incremental. */
export const BLD_TYPES = ['NON_BLD', 'FULL', 'DELTA'] as const;
export type BldType = (typeof BLD_TYPES)[number];

/** Item statuses seen on folders and content items. */
const ITEM_STATUSES = ['DEFINED', 'DELETED', 'REMOVED', 'MISSING'] as const;
/** §3 lists "DEFINED, DELETED, others": a status is open, the known ones have tags. */
export type ItemStatus = OpenValue<(typeof ITEM_STATUSES)[number]>;

interface PlanStorage {
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
  type: OpenValue<PlanType>;
  schedule: string;
  enabled: boolean;
  deleted: boolean;
  destination: OpenValue<PlanDestination>;
  backupPermissions: boolean;
  /** ISO time of the last successful backup, or null. */
  lastSuccess: string | null;
  storage: PlanStorage;
  /** Whether file-folder content may be entered without canViewAndRestoreBackupData (§4). */
  allowFileFolderBackupAccess: boolean;
}

interface VolumeStats {
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
  /** The backup file entry's backupPermissions (§3), when the answer says; otherwise the plan's. */
  backupPermissions?: boolean;
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
  /** The backup file entry's backupPermissions (§3), when the answer says; otherwise the plan's ('Restore NTFS Permissions'). */
  backupPermissions?: boolean;
}

/** Revision of a file, or of an image volume, spec §3. */
export interface Revision {
  id: string;
  planId: string;
  type: 'FILE' | 'IMAGE';
  size: number;
  backupSize: number;
  bldType: OpenValue<BldType>;
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

/** Display label of a revision type, spec §9: NON_BLD and FULL are Full, DELTA Incremental; any other type raw. */
export function revisionTypeLabel(bldType: string): string {
  return labelOrRaw<BldType>({ NON_BLD: 'Full', FULL: 'Full', DELTA: 'Incremental' }, bldType);
}

/** Destination label of a plan, spec §2; any other destination raw. */
export function destinationLabel(destination: string): string {
  return labelOrRaw<PlanDestination>({ CLOUD: 'Cloud only', LOCAL: 'Local only', HYBRID: 'Hybrid' }, destination);
}

/** Type label of a plan; any other type raw. */
export function planTypeLabel(type: string): string {
  return labelOrRaw<PlanType>({ FILE_FOLDER: 'File/Folder', IMAGE: 'Image' }, type);
}

/** A status outside §3's list, to be shown raw as a tag; null for the known ones (they have their own tags). */
export function unknownItemStatus(status: string): string | null {
  return (ITEM_STATUSES as readonly string[]).includes(status) ? null : status;
}

export { type BrowserLocation, type BrowserRow, type SearchQuery } from './browser';
