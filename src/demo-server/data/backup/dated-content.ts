/**
 * Demo backup data: a folder's content as of one backup job (the console's
 * compare of two backup dates asks the v2 content call with `jobId`). The
 * answer is what the folder download of that job holds (folderSnapshot): a
 * file is listed with its revision of that night, the newest at or before it;
 * a file not backed up yet, or already deleted by then, is absent; a
 * subfolder is listed when something inside it existed then (an empty one
 * always). So between two dates files appear, change size and modified time,
 * and disappear, deterministically.
 *
 * The huge folder stays O(page): its items are all listed at every date, each
 * with its revision of that night or else its oldest one.
 */
import type { FolderContentItem, PagedAnswer } from '../../../shared/model/backup';
import { HOUR_MS, iso, pageByIndex } from './ids';
import type { BackupPlanData } from './plan-data';
import type { FileNode, FolderNode, Listing, TreeNode } from './tree';

/** Positions of a listing present at job k, per folder listing (small trees only). */
const presentMemo = new WeakMap<Listing, Map<number, number[]>>();

function fileAt(plan: BackupPlanData, node: FileNode, k: number, clamp: boolean): FolderContentItem | undefined {
  const state = plan.fileAtJob(node, k);
  const revisions = plan.fileRevisions(node);
  let index: number;
  let modified: string;
  if (state && !state.deleted) {
    index = state.revisionIndex;
    modified = revisions[index]!.modified;
  } else if (clamp) {
    // Listed at every date (the huge folder): its oldest revision, modified before that night.
    index = revisions.length - 1;
    modified = iso(plan.jobCreated(k) - HOUR_MS);
  } else {
    return undefined;
  }
  const revision = revisions[index]!;
  return {
    id: node.id,
    name: node.name,
    path: node.path,
    type: 'FILE',
    deleted: false,
    backupSize: revision.backupSize,
    size: revision.size,
    status: node.status,
    modified,
    backupPermissions: plan.itemsHaveBackupPermissions,
  };
}

function folderItem(plan: BackupPlanData, node: FolderNode): FolderContentItem {
  const { id, name, path, status } = node;
  return { id, name, path, type: 'FOLDER', deleted: false, backupSize: 0, size: 0, status, modified: null, backupPermissions: plan.itemsHaveBackupPermissions };
}

/** Whether anything of a subfolder existed at job k (an empty, broken or huge folder: always). */
function folderPresent(plan: BackupPlanData, node: FolderNode, k: number): boolean {
  if (node.broken) return true;
  const listing = plan.visibleListing(node);
  if (listing.computed || listing.count === 0) return true;
  return presentPositions(plan, listing, k).length > 0;
}

function presentAt(plan: BackupPlanData, node: TreeNode, k: number): boolean {
  if (node.kind === 'folder') return folderPresent(plan, node, k);
  const state = plan.fileAtJob(node, k);
  return state !== undefined && !state.deleted;
}

function presentPositions(plan: BackupPlanData, listing: Listing, k: number): number[] {
  let byJob = presentMemo.get(listing);
  if (!byJob) presentMemo.set(listing, (byJob = new Map()));
  let positions = byJob.get(k);
  if (!positions) {
    positions = [];
    for (let p = 0; p < listing.count; p++) if (presentAt(plan, listing.at(p), k)) positions.push(p);
    byJob.set(k, positions);
  }
  return positions;
}

/** A page of the content of `folder` as of the job at position k (newest first). */
export function datedFolderContent(plan: BackupPlanData, folder: FolderNode, k: number, page: number, size: number): PagedAnswer<FolderContentItem> {
  const listing = plan.visibleListing(folder);
  const item = (node: TreeNode, clamp: boolean) => (node.kind === 'folder' ? folderItem(plan, node) : fileAt(plan, node, k, clamp)!);
  if (listing.computed) return pageByIndex(listing.count, page, size, (p) => item(listing.at(p), true));
  const positions = presentPositions(plan, listing, k);
  return pageByIndex(positions.length, page, size, (i) => item(listing.at(positions[i]!), false));
}
