/**
 * From what the technician picked to the restore job specifications
 * (spec/backup-restore.md §2 "Restore dialogs", §3 "Restore job
 * specification"). Each item restores from its own source:
 * a revision picked in the browser restores that revision, an image item its
 * image revision, a single file the revision chosen in the dialog, and
 * everything else (folders, files of a batch) the backup date chosen.
 */
import type { CollisionHandling, RestoreJobSpec } from '../../model/restore';

export interface RestoreSourceItem {
  kind: 'file' | 'folder' | 'image';
  path: string;
  /** A revision picked in the browser (file revisions). */
  revisionId?: string;
  /** Image items: the mounted image revision. */
  imageRevisionId?: string;
  /** The backup file entry's backupPermissions (§3); unknown: the plan's. */
  backupPermissions?: boolean;
}

/** What the dialog asks for before Restore is possible. */
type RestoreChoice = 'revision' | 'date' | 'none';

/**
 * A revision for one file (preselected when picked in the browser); a date
 * when any item restores by date (a folder, or a file of a batch without a
 * picked revision); nothing when every item already says which data it
 * restores (several picked revisions, image items).
 */
export function restoreChoiceOf(items: readonly RestoreSourceItem[]): RestoreChoice {
  if (items.length === 1 && items[0]!.kind === 'file') return 'revision';
  return items.some((item) => item.kind !== 'image' && !item.revisionId) ? 'date' : 'none';
}

/** Several revisions of one file: restored as a file, each revision its own job. */
export function isRevisionSet(items: readonly RestoreSourceItem[]): boolean {
  return items.length > 1 && items.every((item) => item.kind === 'file' && !!item.revisionId && item.path === items[0]!.path);
}

/** §2: File, Folder or Batch. */
export function restoreDialogTitle(items: ReadonlyArray<RestoreSourceItem & { imageType?: 'FOLDER' | 'FILE' }>): 'Restore File' | 'Restore Folder' | 'Batch Restore' {
  if (isRevisionSet(items)) return 'Restore File';
  if (items.length > 1) return 'Batch Restore';
  const item = items[0]!;
  return item.kind === 'folder' || item.imageType === 'FOLDER' ? 'Restore Folder' : 'Restore File';
}

/**
 * restoreDeletedFiles is a choice where the API takes it: a folder restored
 * from a backup date (the folder's deleted files, at their latest revision).
 */
export function offersRestoreDeletedFiles(items: readonly RestoreSourceItem[]): boolean {
  return restoreChoiceOf(items) === 'date' && items.some((item) => item.kind === 'folder');
}

/** §4: 'Restore NTFS Permissions' needs items with backupPermissions; every item of the restore has to have them. */
export function itemsHaveBackupPermissions(items: readonly RestoreSourceItem[], planBackupPermissions: boolean): boolean {
  return items.length > 0 && items.every((item) => item.backupPermissions ?? planBackupPermissions);
}

export interface RestoreSpecInput {
  items: readonly RestoreSourceItem[];
  source: { nodeId: number; name: string };
  /** The target: the source itself for Original Location. */
  target: { nodeId: number; name: string };
  plan: { uid: string; name: string };
  originalLocation: boolean;
  destinationPath: string;
  /** The revision chosen in the dialog (choice 'revision'). */
  revisionId: string;
  /** The backup job of the date chosen in the dialog (choice 'date'). */
  backupJobId: string;
  collisionHandling: CollisionHandling;
  restorePermissions: boolean;
  restoreDeletedFiles: boolean;
}

/** One specification per item, each with exactly one of revisionId and backupJobId. */
export function buildRestoreSpecs(input: RestoreSpecInput): RestoreJobSpec[] {
  const choice = restoreChoiceOf(input.items);
  return input.items.map((item) => {
    const from =
      item.kind === 'image'
        ? { revisionId: item.imageRevisionId ?? '' }
        : choice === 'revision'
          ? { revisionId: input.revisionId }
          : item.revisionId
            ? { revisionId: item.revisionId }
            : { backupJobId: input.backupJobId };
    return {
      nodeId: input.target.nodeId,
      nodeName: input.target.name,
      sourceNodeId: input.source.nodeId,
      sourceNodeName: input.source.name,
      sourcePlanId: input.plan.uid,
      sourcePlanName: input.plan.name,
      sourcePath: item.path,
      destinationPath: input.originalLocation ? '' : input.destinationPath,
      ...from,
      collisionHandling: input.collisionHandling,
      originalLocation: input.originalLocation,
      restorePermissions: input.restorePermissions,
      // Only a folder restored by date takes it; anything else sends false.
      restoreDeletedFiles: input.restoreDeletedFiles && item.kind === 'folder' && 'backupJobId' in from,
      restoreType: item.kind === 'image' ? 'EXTRACT' : 'FILE_FOLDER',
      batch: null,
    };
  });
}
