/**
 * Demo backup data: one plan's data (BackupPlanData) — its volumes, folder
 * trees, file and image revisions and backup jobs, generated from the seed on
 * demand and memoised. Beside it: what a plan is generated from
 * (plan-spec.ts), the deletion overlay (deletions.ts), and the pieces the
 * generator uses (ids, the tree model, the huge folder).
 */
import type { BackupFolder, BackupJob, BackupPlan, BldType, Revision, Volume } from '../../../shared/model/backup';
import type { DemoConfig } from '../../config';
import { hashString, rngFor } from '../random';
import { ArchiveListing } from './big-folder';
import { DeletionOverlay } from './deletions';
import { BACKUP_BASE_TIME, DAY_MS, HOUR_MS, HYBRID_UPSYNC_LAG_DAYS, KIB, MIB, MINUTE_MS, hashInt, iso, itemIdFor, joinPath, lastSegment, planNumericId, planUidFor, token, volumeFileIdFor, volumeGuidFor } from './ids';
import { SIZE_BY_EXTENSION, type NewFile, type PlanSpec, type VolumeSpec } from './plan-spec';
import { ArrayListing, type FileNode, type FolderNode, type FolderSpec, type Listing, type NodeSpec, type TreeNode, lazyListing } from './tree';

/** One plan of one device: its answers and its (lazily built) folder tree. */
export class BackupPlanData {
  readonly plan: BackupPlan;
  readonly volumes: Volume[];
  readonly separator: '\\' | '/';
  readonly seed: string;
  readonly sizes: DemoConfig['sizes'];
  private readonly byId = new Map<string, TreeNode>();
  private readonly roots: Array<{ folder: BackupFolder; node: FolderNode }> = [];
  private readonly archives: ArchiveListing[] = [];
  private readonly imageVolumes = new Map<string, Volume>();
  private everythingBuilt = false;
  private rootListingMemo: ArrayListing | undefined;
  /** Deleted through the deletion calls: an overlay over the generated tree (deletions.ts). */
  private readonly overlay: DeletionOverlay;

  constructor(
    readonly nodeId: number,
    readonly spec: PlanSpec,
    private readonly scope: string,
    config: DemoConfig,
  ) {
    this.seed = config.seed;
    this.sizes = config.sizes;
    this.separator = spec.separator;
    this.overlay = new DeletionOverlay(spec.separator);
    const uid = planUidFor(scope, nodeId, spec.key);
    this.volumes = spec.volumes.map((volume) => this.volume(uid, volume));
    const newestCompleted = this.jobCompleted(spec.incompleteJobs);
    this.plan = {
      uid,
      id: planNumericId(nodeId, spec.ordinal),
      name: spec.name,
      type: spec.type,
      schedule: spec.schedule,
      enabled: spec.enabled,
      deleted: spec.deleted,
      destination: spec.destination,
      backupPermissions: spec.backupPermissions,
      lastSuccess: newestCompleted === null ? null : iso(newestCompleted),
      storage: {
        volumes: this.volumes.length,
        local: this.volumes.reduce((sum, v) => sum + v.stats.localBytes, 0),
        cloud: this.volumes.reduce((sum, v) => sum + v.stats.cloudBytes, 0),
      },
      allowFileFolderBackupAccess: spec.allowFileFolderBackupAccess,
    };
    for (const volume of this.volumes) if (volume.fileId) this.imageVolumes.set(volume.fileId, volume);
    for (const root of spec.roots) {
      const volume = this.volumes.find((v) => v.name === root.volume);
      if (!volume) throw new Error(`Root ${root.path} is on no volume of plan ${spec.name}`);
      const node = this.folderNode(lastSegment(root.path, this.separator), root.path, {
        kind: 'folder',
        name: lastSegment(root.path, this.separator),
        children: root.children,
        status: root.status,
        deleted: root.deleted,
      });
      this.roots.push({
        node,
        folder: {
          id: node.id,
          name: node.name,
          path: node.path,
          type: root.type,
          deleted: node.deleted,
          status: node.status,
          cfid: `cf${token(scope, 'cfid', nodeId, spec.key, root.path.toLowerCase())}`,
          latestRevisionCreatedAt: this.plan.lastSuccess === null ? null : iso(this.jobCreated(spec.incompleteJobs)),
          volumeId: volume.id,
          backupPermissions: this.itemsHaveBackupPermissions,
        },
      });
    }
  }

  get isFilePlan(): boolean {
    return this.spec.type === 'FILE_FOLDER';
  }

  /**
   * The backup file entry's backupPermissions (§3): NTFS permissions were
   * backed up with the item only when the plan backs them up and the item is
   * on a Windows volume (a Mac's APFS items have none).
   */
  get itemsHaveBackupPermissions(): boolean {
    return this.spec.backupPermissions && this.separator === '\\';
  }

  // ----- times

  /** Creation time of the job `dayIndex` nights before the plan's newest one. */
  jobCreated(dayIndex: number): number {
    return BACKUP_BASE_TIME - (this.spec.offsetDays + dayIndex) * DAY_MS;
  }

  /** Completion time of that job, or null for the newest running/failed ones. */
  jobCompleted(dayIndex: number): number | null {
    if (dayIndex < this.spec.incompleteJobs) return null;
    // File jobs take minutes, image jobs up to a few hours.
    const [min, max] = this.isFilePlan ? [4, 55] : [25, 170];
    const minutes = hashInt(min, max, this.seed, 'job', this.nodeId, this.spec.key, dayIndex);
    return this.jobCreated(dayIndex) + minutes * MINUTE_MS;
  }

  /** Whether the data of the job `dayIndex` is in the cloud. */
  private onCloud(dayIndex: number): boolean {
    switch (this.spec.destination) {
      case 'CLOUD':
        return dayIndex >= this.spec.incompleteJobs;
      case 'LOCAL':
        return false;
      case 'HYBRID':
        return dayIndex >= this.spec.incompleteJobs + HYBRID_UPSYNC_LAG_DAYS;
    }
  }

  // ----- volumes

  private volume(uid: string, spec: VolumeSpec): Volume {
    const id = volumeGuidFor(this.scope, this.nodeId, spec.name);
    const rng = rngFor(this.seed, 'volume', this.nodeId, this.spec.key, spec.name);
    const usedBytes = Math.round(spec.capacity * Math.min(0.97, spec.used * (0.9 + rng.next() * 0.2)));
    const stored = Math.round(usedBytes * (this.spec.type === 'IMAGE' ? 0.55 : 0.18) * (0.8 + rng.next() * 0.4));
    const local = this.spec.destination === 'CLOUD' ? 0 : stored;
    const cloud = this.spec.destination === 'LOCAL' ? 0 : Math.round(stored * (0.85 + rng.next() * 0.1));
    const image = this.spec.type === 'IMAGE';
    const newest = this.jobCreated(this.spec.incompleteJobs);
    return {
      id,
      name: spec.name,
      label: spec.label,
      size: spec.capacity,
      location: spec.location,
      fileSystem: spec.fileSystem,
      partitionStyle: spec.partitionStyle,
      fileId: image ? volumeFileIdFor(this.scope, this.nodeId, this.spec.key, spec.name) : null,
      lastRevision: iso(newest),
      volumeName: spec.volumeName ?? `\\\\?\\Volume${id}\\`,
      filePlanId: image ? null : uid,
      stats: {
        localBytes: local,
        cloudBytes: cloud,
        usedBytes,
        capacityBytes: spec.capacity,
        cloudDeduplicationBytes: Math.round(cloud * (0.1 + rng.next() * 0.25)),
      },
    };
  }

  // ----- folders and files

  fileNode(input: NewFile): FileNode {
    const compression = 0.35 + (hashString(`${this.seed}|ratio|${input.id}`) % 60) / 100;
    return {
      kind: 'file',
      id: input.id,
      name: input.name,
      path: input.path,
      status: input.status ?? 'DEFINED',
      deleted: input.deleted ?? false,
      size: input.size,
      backupSize: Math.max(1, Math.round(input.size * compression)),
      revisionCount: Math.max(1, input.revisionCount),
      ageDays: input.ageDays,
      unreadable: input.unreadable ?? false,
    };
  }

  private folderNode(name: string, path: string, spec: FolderSpec): FolderNode {
    const node: FolderNode = {
      kind: 'folder',
      id: itemIdFor(this.scope, this.nodeId, this.spec.key, path),
      name,
      path,
      status: spec.status ?? 'DEFINED',
      deleted: spec.deleted ?? false,
      broken: spec.broken ?? false,
      listing: () => {
        throw new Error('replaced below');
      },
    };
    node.listing = lazyListing(() => {
      if (spec.archive) return new ArchiveListing(this, node, this.sizes.bigFolderItems);
      const children = typeof spec.children === 'function' ? spec.children() : spec.children;
      return new ArrayListing(children.map((child) => this.build(child, path)));
    });
    // Registering the huge folder's listing is O(1): its items are computed, never built.
    if (spec.archive) this.archives.push(node.listing() as ArchiveListing);
    this.byId.set(node.id, node);
    return node;
  }

  private build(spec: NodeSpec, parentPath: string): TreeNode {
    const path = joinPath(parentPath, spec.name, this.separator);
    if (spec.kind === 'folder') return this.folderNode(spec.name, path, spec);
    const ext = spec.name.includes('.') ? (spec.name.split('.').pop() ?? '').toLowerCase() : '';
    const [min, max] = SIZE_BY_EXTENSION[ext] ?? [4 * KIB, 4 * MIB];
    const node = this.fileNode({
      id: itemIdFor(this.scope, this.nodeId, this.spec.key, spec.idKey ?? path),
      name: spec.name,
      path,
      size: spec.size ?? hashInt(min, max, this.seed, 'size', this.nodeId, this.spec.key, path),
      revisionCount: spec.revisions ?? this.sizes.revisionsPerFile,
      ageDays: spec.ageDays ?? hashInt(0, 2, this.seed, 'age', this.nodeId, this.spec.key, path),
      status: spec.status,
      deleted: spec.deleted,
      unreadable: spec.unreadable,
    });
    this.byId.set(node.id, node);
    return node;
  }

  rootFolders(): BackupFolder[] {
    return this.roots.filter((r) => !this.isDeleted(r.node)).map((r) => r.folder);
  }

  /** The root folders as one listing (the top of a plan-wide search). */
  rootListing(): ArrayListing {
    return (this.rootListingMemo ??= new ArrayListing(this.roots.map((r) => r.node)));
  }

  /**
   * A folder or file by id: materialised nodes, then computed huge-folder ids;
   * builds the rest of the tree once if needed. Deleted items (and everything
   * inside a deleted folder) are unknown.
   */
  node(id: string): TreeNode | undefined {
    let found = this.lookup(id);
    if (!found && !this.everythingBuilt) {
      this.buildEverything();
      found = this.lookup(id);
    }
    return found && !this.isDeleted(found) ? found : undefined;
  }

  // ----- deletions (spec §7 delete-revisions): an overlay over the generated tree

  /** Whether an item was deleted, itself or through a deleted folder above it. */
  isDeleted(node: TreeNode): boolean {
    return this.overlay.isDeleted(node);
  }

  /** Deletes files and folders (already checked to exist); they vanish from every listing, search and lookup. */
  deleteItems(nodes: readonly TreeNode[]): void {
    this.overlay.deleteItems(nodes);
  }

  /** The content of a folder without its deleted items (the plain listing while nothing is deleted). */
  visibleListing(folder: FolderNode): Listing {
    return this.overlay.visibleListing(folder);
  }

  /** Files and bytes under a folder (restores), deleted files only with `includeDeleted` (DeletionOverlay.folderTotals). */
  folderTotals(folder: FolderNode, includeDeleted: boolean): { files: number; bytes: number } {
    return this.overlay.folderTotals(folder, includeDeleted);
  }

  /** The root folders without deleted ones, as one listing (the top of a plan-wide search). */
  visibleRootListing(): Listing {
    return this.overlay.withoutDeleted(this.rootListing());
  }

  /**
   * A file or folder by its full path (not deleted): case-insensitive on
   * Windows plans (§5), exact on Mac plans; `/` also separates on Windows. A
   * trailing separator is ignored. Names holding the separator (the odd
   * names) are found too: a whole-name match wins over a descent.
   */
  nodeByPath(path: string): TreeNode | undefined {
    const windows = this.separator === '\\';
    let target = windows ? path.replaceAll('/', '\\') : path;
    while (target.length > 1 && target.endsWith(this.separator)) target = target.slice(0, -1);
    const same = (a: string, b: string) => (windows ? a.toLowerCase() === b.toLowerCase() : a === b);
    const descend = (folder: FolderNode, rest: string): TreeNode | undefined => {
      const raw = folder.listing();
      if (raw instanceof ArchiveListing) {
        const cut = rest.indexOf(this.separator);
        const name = cut < 0 ? rest : rest.slice(0, cut);
        const index = raw.indexOfName(windows ? name.toLowerCase() : name);
        if (index === undefined) return undefined;
        const child = raw.nodeOfIndex(index);
        if (this.isDeleted(child)) return undefined;
        if (cut < 0) return child;
        return child.kind === 'folder' ? descend(child, rest.slice(cut + 1)) : undefined;
      }
      const listing = this.visibleListing(folder);
      for (let p = 0; p < listing.count; p++) if (same(listing.nameAt(p), rest)) return listing.at(p);
      for (let p = 0; p < listing.count; p++) {
        const name = listing.nameAt(p);
        if (!listing.isFolderAt(p) || rest.length <= name.length + 1) continue;
        if (same(rest.slice(0, name.length), name) && rest.charAt(name.length) === this.separator) {
          const found = descend(listing.at(p) as FolderNode, rest.slice(name.length + 1));
          if (found) return found;
        }
      }
      return undefined;
    };
    const roots = this.visibleRootListing();
    for (let p = 0; p < roots.count; p++) {
      const root = roots.at(p) as FolderNode;
      if (same(root.path, target)) return root;
      if (target.length > root.path.length + 1 && same(target.slice(0, root.path.length), root.path) && target.charAt(root.path.length) === this.separator) {
        const found = descend(root, target.slice(root.path.length + 1));
        if (found) return found;
      }
    }
    return undefined;
  }

  private lookup(id: string): TreeNode | undefined {
    const known = this.byId.get(id);
    if (known) return known;
    for (const archive of this.archives) {
      const computed = archive.resolve(id);
      if (computed) return computed;
    }
    return undefined;
  }

  /** Builds every lazy listing except computed ones (small trees only). */
  private buildEverything(): void {
    this.everythingBuilt = true;
    const visit = (listing: Listing) => {
      if (listing.computed) return;
      for (let p = 0; p < listing.count; p++) {
        const child = listing.at(p);
        if (child.kind === 'folder' && !child.broken) visit(child.listing());
      }
    };
    visit(this.rootListing());
  }

  // ----- revisions and jobs

  /** Revisions of a file, newest first: the oldest is FULL (NON_BLD for small files), then DELTA, a full one every 7. */
  fileRevisions(node: FileNode): Revision[] {
    const count = node.revisionCount;
    const fullType: BldType = node.size < MIB ? 'NON_BLD' : 'FULL';
    const chronological: Revision[] = [];
    let rollup = 0;
    for (let c = 0; c < count; c++) {
      const k = count - 1 - c;
      const dayIndex = this.spec.incompleteJobs + node.ageDays + k;
      const created = this.jobCreated(dayIndex);
      const bldType: BldType = c % 7 === 0 ? fullType : 'DELTA';
      const size = Math.max(1, node.size - k * Math.round(node.size * 0.003));
      // A full copy is stored compressed; a delta keeps 1–11 % of the file.
      const changed = 0.01 + hashInt(0, 10, this.seed, 'delta', node.id, k) / 100;
      const backupSize = Math.max(1, Math.round(bldType === 'DELTA' ? size * changed : (size * node.backupSize) / node.size));
      rollup = bldType === 'DELTA' ? rollup + backupSize : backupSize;
      chronological.push({
        id: `${node.id}_r${k}`,
        planId: this.plan.uid,
        type: 'FILE',
        size,
        backupSize,
        bldType,
        modified: iso(created - hashInt(1, 20, this.seed, 'modified', node.id, k) * HOUR_MS),
        jobCreated: iso(created),
        jobCompleted: iso(this.jobCompleted(dayIndex) ?? created),
        onS3: this.onCloud(dayIndex),
        onNas: this.plan.destination !== 'CLOUD',
        rollupSize: rollup,
        file: node.id,
      });
    }
    return chronological.reverse();
  }

  /** Revisions of an image volume, newest first (FULL, then DELTA, a FULL every 7). */
  imageRevisions(volume: Volume): Revision[] {
    const count = this.spec.imageRevisions;
    const chronological: Revision[] = [];
    let rollup = 0;
    for (let c = 0; c < count; c++) {
      const k = count - 1 - c;
      const dayIndex = this.spec.incompleteJobs + k;
      const created = this.jobCreated(dayIndex);
      const bldType: BldType = c % 7 === 0 ? 'FULL' : 'DELTA';
      const size = Math.max(1, volume.stats.usedBytes - k * 37 * MIB);
      const changed = 0.004 + hashInt(0, 19, this.seed, 'image-delta', volume.fileId ?? '', k) / 1000;
      const backupSize = Math.round(size * (bldType === 'FULL' ? 0.52 : changed));
      rollup = bldType === 'FULL' ? backupSize : rollup + backupSize;
      chronological.push({
        id: `${volume.fileId}_r${k}`,
        planId: this.plan.uid,
        type: 'IMAGE',
        size,
        backupSize,
        bldType,
        modified: iso(created),
        jobCreated: iso(created),
        jobCompleted: iso(this.jobCompleted(dayIndex) ?? created),
        onS3: this.onCloud(dayIndex),
        onNas: this.plan.destination !== 'CLOUD',
        rollupSize: rollup,
        file: volume.fileId ?? '',
      });
    }
    return chronological.reverse();
  }

  imageVolume(fileId: string): Volume | undefined {
    return this.imageVolumes.get(fileId);
  }

  /** Whether an image revision id belongs to this plan. */
  hasImageRevision(revisionId: string): boolean {
    const match = /^(.+)_r(\d{1,4})$/.exec(revisionId);
    if (!match || !this.imageVolumes.has(match[1] ?? '')) return false;
    const k = Number(match[2]);
    return String(k) === match[2] && k < this.spec.imageRevisions;
  }

  jobCount(): number {
    return Math.max(0, this.sizes.jobsPerPlan);
  }

  /** Position (newest first) of a job id of this plan, or undefined when it is not one. */
  jobIndexOf(jobId: string): number | undefined {
    const match = /^(.+)_j(\d{4})(\d{2})(\d{2})$/.exec(jobId);
    if (!match || match[1] !== this.plan.uid) return undefined;
    const created = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]), new Date(BACKUP_BASE_TIME).getUTCHours());
    const k = Math.round((BACKUP_BASE_TIME - created) / DAY_MS) - this.spec.offsetDays;
    if (k < 0 || k >= this.jobCount()) return undefined;
    return this.jobAt(k).id === jobId ? k : undefined;
  }

  /**
   * A file as of the job at position k: the index of its newest revision at or
   * before that night (undefined when the file was not backed up yet), and
   * whether it was already deleted then (a deleted file's newest revision is
   * older than the job).
   */
  fileAtJob(node: FileNode, k: number): { revisionIndex: number; deleted: boolean } | undefined {
    const newestDay = this.spec.incompleteJobs + node.ageDays;
    const revisionIndex = Math.max(0, k - newestDay);
    if (revisionIndex >= node.revisionCount) return undefined;
    return { revisionIndex, deleted: node.deleted && k < newestDay };
  }

  /** Job at position k (newest first), nightly at 02:00Z. */
  jobAt(k: number): BackupJob {
    const created = this.jobCreated(k);
    const completed = this.jobCompleted(k);
    const onCloud = this.onCloud(k);
    return {
      id: `${this.plan.uid}_j${iso(created).slice(0, 10).replaceAll('-', '')}`,
      planId: this.plan.uid,
      created: iso(created),
      completed: completed === null ? null : iso(completed),
      onCloud,
      upsyncedData: onCloud,
    };
  }
}
