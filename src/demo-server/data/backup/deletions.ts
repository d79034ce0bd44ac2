/**
 * Demo backup data: the deletion overlay of one plan (spec §7
 * delete-revisions). Deleted files and folders are kept apart from the
 * generated tree (in memory, per server instance), which stays as generated:
 * they vanish from every listing, search and lookup through this overlay.
 */
import { ArchiveListing } from './big-folder';
import { FilteredListing, type FolderNode, type Listing, type TreeNode } from './tree';

/** The deletions of one plan (BackupPlanData holds one). */
export class DeletionOverlay {
  /** Deleted through the deletion calls (in memory, per server instance): file ids, and folder ids with their paths. */
  private readonly deletedFiles = new Set<string>();
  private readonly deletedFolders = new Map<string, string>();
  private deletions = 0;
  private readonly visibleMemo = new Map<string, { deletions: number; listing: Listing }>();

  constructor(private readonly separator: '\\' | '/') {}

  /** Whether an item was deleted, itself or through a deleted folder above it. */
  isDeleted(node: TreeNode): boolean {
    if (this.deletions === 0) return false;
    if (this.deletedFiles.has(node.id) || this.deletedFolders.has(node.id)) return true;
    for (const path of this.deletedFolders.values()) {
      if (node.path.startsWith(path) && node.path.charAt(path.length) === this.separator) return true;
    }
    return false;
  }

  /** Deletes files and folders (already checked to exist); they vanish from every listing, search and lookup. */
  deleteItems(nodes: readonly TreeNode[]): void {
    for (const node of nodes) {
      if (node.kind === 'file') this.deletedFiles.add(node.id);
      else this.deletedFolders.set(node.id, node.path);
    }
    this.deletions += 1;
    this.visibleMemo.clear();
  }

  /** The content of a folder without its deleted items (the plain listing while nothing is deleted). */
  visibleListing(folder: FolderNode): Listing {
    const base = folder.listing();
    if (this.deletions === 0) return base;
    const memo = this.visibleMemo.get(folder.id);
    if (memo?.deletions === this.deletions) return memo.listing;
    const excluded: number[] = [];
    if (base instanceof ArchiveListing) {
      // O(deletions), never O(items): only ids of direct items of the huge folder count.
      const prefix = `${base.parentId}_`;
      for (const id of [...this.deletedFiles, ...this.deletedFolders.keys()]) {
        if (!id.startsWith(prefix) || !/^\d{1,9}$/.test(id.slice(prefix.length))) continue;
        const index = Number(id.slice(prefix.length));
        if (index < base.count) excluded.push(base.positionOf(index));
      }
      excluded.sort((a, b) => a - b);
    } else {
      for (let p = 0; p < base.count; p++) if (this.isDeleted(base.at(p))) excluded.push(p);
    }
    const listing = excluded.length ? new FilteredListing(base, excluded) : base;
    this.visibleMemo.set(folder.id, { deletions: this.deletions, listing });
    return listing;
  }

  /**
   * Files and bytes under a folder (restores): deleted files count only with
   * `includeDeleted`; a computed folder (the huge one) counts its items at an
   * average size without computing them, so this stays cheap.
   */
  folderTotals(folder: FolderNode, includeDeleted: boolean): { files: number; bytes: number } {
    const totals = { files: 0, bytes: 0 };
    const visit = (node: FolderNode) => {
      const listing = this.visibleListing(node);
      if (listing.computed) {
        totals.files += listing.count;
        totals.bytes += listing.count * 1_400_000;
        return;
      }
      for (let p = 0; p < listing.count; p++) {
        const child = listing.at(p);
        if (child.deleted && !includeDeleted) continue;
        if (child.kind === 'folder') {
          if (!child.broken) visit(child);
          continue;
        }
        totals.files += 1;
        totals.bytes += child.size;
      }
    };
    visit(folder);
    return totals;
  }

  /** A listing without its deleted items, unmemoised (the root folders' listing). */
  withoutDeleted(base: Listing): Listing {
    if (this.deletions === 0) return base;
    const excluded: number[] = [];
    for (let p = 0; p < base.count; p++) if (this.isDeleted(base.at(p))) excluded.push(p);
    return excluded.length ? new FilteredListing(base, excluded) : base;
  }
}
