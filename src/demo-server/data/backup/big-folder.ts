/** Demo backup data: the huge folder. */
import { ARCHIVE_FOLDER_EVERY, KIB, MIB, hashInt, joinPath } from './ids';
import type { BackupPlanData } from './plan-data';
import { ArrayListing, type FileNode, type FolderNode, type Listing, type TreeNode, lazyListing } from './tree';

/** Files of the huge folder rotate through these kinds by index modulo 4. */
const ARCHIVE_KINDS = [
  { stem: 'report', ext: 'docx', min: 20 * KIB, max: 2 * MIB },
  { stem: 'photo', ext: 'jpg', min: 400 * KIB, max: 9 * MIB },
  { stem: 'notes', ext: 'txt', min: 200, max: 60 * KIB },
  { stem: 'invoice', ext: 'pdf', min: 40 * KIB, max: 3 * MIB },
] as const;
/** Residues (index mod 4) in the order their names sort: invoice, notes, photo, report. */
const ARCHIVE_KIND_ORDER = [3, 2, 1, 0] as const;

/**
 * The huge folder. Item `index` (0 ≤ index < N) is a subfolder `batch-<index>`
 * when index is a multiple of 500, otherwise a file `<kind>-<index>.<ext>` with
 * the kind chosen by index mod 4. Sorted, the listing is: the subfolders by
 * index, then invoices, notes, photos and reports, each by index (the numbers
 * are zero-padded, so name order is index order).
 */
export class ArchiveListing implements Listing {
  readonly computed = true;
  readonly count: number;
  private readonly folderCount: number;
  private readonly width: number;
  /** Listing position where each residue's files start. */
  private readonly kindStart = [0, 0, 0, 0];

  constructor(
    private readonly owner: BackupPlanData,
    private readonly parent: FolderNode,
    count: number,
  ) {
    this.count = Math.max(0, Math.floor(count));
    const n = this.count;
    this.folderCount = n > 0 ? Math.floor((n - 1) / ARCHIVE_FOLDER_EVERY) + 1 : 0;
    this.width = Math.max(6, String(Math.max(0, n - 1)).length);
    let start = this.folderCount;
    for (const residue of ARCHIVE_KIND_ORDER) {
      this.kindStart[residue] = start;
      start += this.filesWithResidue(residue);
    }
  }

  private filesWithResidue(residue: number): number {
    const all = this.count > residue ? Math.floor((this.count - 1 - residue) / 4) + 1 : 0;
    // Every subfolder index is a multiple of 500, hence of 4: only residue 0 loses them.
    return residue === 0 ? all - this.folderCount : all;
  }

  /** The generation index of the item at a listing position. */
  indexAt(position: number): number {
    if (position < 0 || position >= this.count) throw new RangeError(`No item at ${position}`);
    if (position < this.folderCount) return position * ARCHIVE_FOLDER_EVERY;
    for (const residue of ARCHIVE_KIND_ORDER) {
      const start = this.kindStart[residue] as number;
      const q = position - start;
      if (q < 0 || q >= this.filesWithResidue(residue)) continue;
      if (residue !== 0) return 4 * q + residue;
      // Multiples of 4 that are not multiples of 500: j = index / 4 skips every multiple of 125.
      const perBlock = ARCHIVE_FOLDER_EVERY / 4 - 1;
      return 4 * (q + Math.floor(q / perBlock) + 1);
    }
    throw new RangeError(`No item at ${position}`);
  }

  /** The listing position of a generation index (inverse of indexAt). */
  positionOf(index: number): number {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) throw new RangeError(`No item ${index}`);
    if (index % ARCHIVE_FOLDER_EVERY === 0) return index / ARCHIVE_FOLDER_EVERY;
    const residue = index % 4;
    const start = this.kindStart[residue] as number;
    if (residue !== 0) return start + (index - residue) / 4;
    const j = index / 4;
    return start + (j - 1) - Math.floor((j - 1) / (ARCHIVE_FOLDER_EVERY / 4));
  }

  isFolderIndex(index: number): boolean {
    return index % ARCHIVE_FOLDER_EVERY === 0;
  }

  nameOfIndex(index: number): string {
    const number = String(index).padStart(this.width, '0');
    if (this.isFolderIndex(index)) return `batch-${number}`;
    const kind = ARCHIVE_KINDS[index % 4] as (typeof ARCHIVE_KINDS)[number];
    return `${kind.stem}-${number}.${kind.ext}`;
  }

  nameAt(position: number): string {
    return this.nameOfIndex(this.indexAt(position));
  }

  isFolderAt(position: number): boolean {
    return position >= 0 && position < this.folderCount;
  }

  at(position: number): TreeNode {
    return this.nodeOfIndex(this.indexAt(position));
  }

  nodeOfIndex(index: number): TreeNode {
    const name = this.nameOfIndex(index);
    const id = `${this.parent.id}_${index}`;
    const path = joinPath(this.parent.path, name, this.owner.separator);
    if (this.isFolderIndex(index)) {
      return {
        kind: 'folder',
        id,
        name,
        path,
        status: 'DEFINED',
        deleted: false,
        broken: false,
        listing: lazyListing(() => new ArrayListing(this.batchFiles(index, id, path))),
      };
    }
    const kind = ARCHIVE_KINDS[index % 4] as (typeof ARCHIVE_KINDS)[number];
    const size = hashInt(kind.min, kind.max, this.owner.seed, 'archive-size', index);
    return this.owner.fileNode({
      id,
      name,
      path,
      size,
      revisionCount: Math.min(this.owner.sizes.revisionsPerFile, 1 + (index % 3)),
      ageDays: index % 29,
    });
  }

  /** The few scans inside subfolder `index`. */
  private batchFiles(index: number, folderId: string, folderPath: string): FileNode[] {
    const count = 2 + ((index / ARCHIVE_FOLDER_EVERY) % 4);
    return Array.from({ length: count }, (_, k) => this.batchFile(index, k, folderId, folderPath));
  }

  private batchFile(index: number, k: number, folderId: string, folderPath: string): FileNode {
    const name = `scan-${String(index).padStart(this.width, '0')}-${k + 1}.pdf`;
    return this.owner.fileNode({
      id: `${folderId}_${k}`,
      name,
      path: joinPath(folderPath, name, this.owner.separator),
      size: hashInt(80 * KIB, 6 * MIB, this.owner.seed, 'archive-scan', index, k),
      revisionCount: 1,
      ageDays: 30 + (index % 11),
    });
  }

  /** The id of the huge folder itself; its items are `<parentId>_<index>`. */
  get parentId(): string {
    return this.parent.id;
  }

  /** The generation index of a direct item by name (exact), if it is one. */
  indexOfName(name: string): number | undefined {
    const match = /^[a-z]+-(\d{1,9})(?:\.[a-z]+)?$/.exec(name);
    if (!match) return undefined;
    const index = Number(match[1]);
    return index < this.count && this.nameOfIndex(index) === name ? index : undefined;
  }

  /** The node behind a computed id (`<archiveId>_<index>` or `<archiveId>_<index>_<k>`), if any. */
  resolve(id: string): TreeNode | undefined {
    const prefix = `${this.parent.id}_`;
    if (!id.startsWith(prefix)) return undefined;
    const match = /^(\d{1,9})(?:_(\d{1,2}))?$/.exec(id.slice(prefix.length));
    if (!match) return undefined;
    const index = Number(match[1]);
    if (index >= this.count || String(index) !== match[1]) return undefined;
    const node = this.nodeOfIndex(index);
    if (match[2] === undefined) return node;
    if (node.kind !== 'folder') return undefined;
    const listing = node.listing();
    for (let p = 0; p < listing.count; p++) {
      const child = listing.at(p);
      if (child.id === id) return child;
    }
    return undefined;
  }
}
