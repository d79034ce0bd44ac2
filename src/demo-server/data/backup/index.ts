/**
 * Backup data of the demo RMM API (spec/backup-restore.md §3, §7): plans,
 * volumes, folder trees, file and image revisions, backup jobs and mounted
 * image content for every device, generated from the seed on demand and
 * memoised.
 *
 * The showcase devices (1 'File Server', 2, 3 and the failing 5) have a fixed
 * structure and ids that depend neither on the seed nor on the sizes, so
 * DEMO_FIXTURES holds for every configuration; their sizes and times come from
 * the seed. Other devices get one to three small plans from the seed.
 *
 * The one huge folder (C:\Data\Archive on device 1) is never materialised: an
 * item is a pure function of its generation index, and a listing position maps
 * to an index (and back) in O(1), so any page costs only its own size.
 *
 * Deletions (the deletion calls) are an in-memory overlay: deleted plans,
 * files and folders vanish from every answer of this world; listings skip
 * deleted positions (FilteredListing), so the huge folder stays O(page).
 *
 * The pieces, one file each: ids and helpers, the tree model, the huge folder,
 * a plan's data, the showcase devices, generated devices, mounted images,
 * search, the world, and the fixtures. This door exports what routes and
 * tests use.
 */
export { ARCHIVE_FOLDER_EVERY, BACKUP_BASE_TIME, SHOWCASE_IMAGE_REVISIONS } from './ids';
export type { FileNode, FolderNode, TreeNode } from './tree';
export { ArchiveListing } from './big-folder';
export { BackupPlanData } from './plan-data';
export { ODD_FILE_NAMES } from './showcase';
export { normalizeMountedPath } from './mounted';
export type { MountedNode } from './mounted';
export { globMatches, nameMatcher } from './search';
export { BackupWorld, DOWNLOAD_UNAVAILABLE_MESSAGE, downloadUnavailable, tooManyItems } from './world';
export type { BackupFileLookup, FolderSnapshot, JobFilter, RevisionFilter, SnapshotEntry } from './world';
export { DEMO_FIXTURES } from './fixtures';
