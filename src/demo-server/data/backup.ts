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
 */
import type {
  BackupFolder,
  BackupJob,
  BackupPlan,
  BldType,
  FolderContentItem,
  ItemStatus,
  MountedContentItem,
  PagedAnswer,
  PlanDestination,
  PlanType,
  Revision,
  Volume,
} from '../../shared/model/backup';
import type { DemoConfig } from '../config';
import { badRequest, HttpError, notFound } from '../http';
import { guidFor, hashString, rngFor, type Rng } from './random';
import type { DemoWorld } from './world';

// ---------------------------------------------------------------------------
// Constants, ids and small helpers

/** Every generated time counts back from here: the newest nightly job. */
export const BACKUP_BASE_TIME = Date.parse('2026-11-20T02:00:00Z');
/** Revisions an image volume of the showcase 'System image' plan has. */
export const SHOWCASE_IMAGE_REVISIONS = 14;
/** In the huge folder, every item whose index is a multiple of this is a subfolder. */
export const ARCHIVE_FOLDER_EVERY = 500;
/** Hybrid plans: the data of the newest completed jobs is not yet upsynced to the cloud. */
const HYBRID_UPSYNC_LAG_DAYS = 2;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

/** Ids of the showcase devices are keyed by this instead of the seed, so they never change. */
const SHOWCASE_SCOPE = 'showcase';

function iso(time: number): string {
  return new Date(time).toISOString();
}

/** A URL-safe token ([0-9a-z], 11 characters) from the keys. */
function token(...keys: Array<string | number>): string {
  return hashString(keys.join('|')).toString(36).padStart(11, '0');
}

/** Id of a folder or file: a letter and a token, never '_' (that separates computed suffixes). */
function itemIdFor(scope: string, nodeId: number, planKey: string, path: string): string {
  return `i${token(scope, 'item', nodeId, planKey, path.toLowerCase())}`;
}

/** A plan uid shaped like a version-4 UUID (lowercase hex and '-'). */
function planUidFor(scope: string, nodeId: number, planKey: string): string {
  const text = `${scope}|plan|${nodeId}|${planKey}`;
  // 13 hex digits (52 of the hash's 53 bits) per hash, so every digit is uniform.
  const part = (salt: number) => (hashString(text, salt) % 2 ** 52).toString(16).padStart(13, '0');
  const hex = `${part(1)}${part(2)}${part(3)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A physical volume has one GUID per device, whichever plan backs it up. */
function volumeGuidFor(scope: string, nodeId: number, volumeName: string): string {
  return guidFor(scope, 'volume', nodeId, volumeName.toLowerCase());
}

/** File id of a volume image (image plans). */
function volumeFileIdFor(scope: string, nodeId: number, planKey: string, volumeName: string): string {
  return `v${token(scope, 'volume-file', nodeId, planKey, volumeName.toLowerCase())}`;
}

function planNumericId(nodeId: number, ordinal: number): number {
  return nodeId * 100 + ordinal;
}

function joinPath(parent: string, name: string, separator: string): string {
  return parent.endsWith(separator) ? `${parent}${name}` : `${parent}${separator}${name}`;
}

function lastSegment(path: string, separator: string): string {
  const parts = path.split(separator).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}

/** An integer in [min, max] from a hash of the keys (cheaper than an Rng for one value). */
function hashInt(min: number, max: number, ...keys: Array<string | number>): number {
  return min + (hashString(keys.join('|')) % (max - min + 1));
}

/** Case-insensitive name order, by code unit so that it never depends on a locale. */
function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}



/** The showcase's deliberately broken calls: always a 500, whatever the fault settings say. */
function brokenOnPurpose(message: string): HttpError {
  return new HttpError(500, message, { error: 'internal', message });
}

function emptyPage<T>(total: number, size: number): PagedAnswer<T> {
  return { results: [], totalElements: total, totalPages: Math.ceil(total / size) };
}

/** A page of a listing of `total` items whose item at a position is computed on demand. */
function pageByIndex<T>(total: number, page: number, size: number, at: (position: number) => T): PagedAnswer<T> {
  const answer = emptyPage<T>(total, size);
  const end = Math.min(total, (page + 1) * size);
  for (let position = page * size; position < end; position++) answer.results.push(at(position));
  return answer;
}

// ---------------------------------------------------------------------------
// Tree model: specs (what a plan contains) and nodes (the generated items)

interface FileSpec {
  kind: 'file';
  name: string;
  size?: number;
  revisions?: number;
  status?: ItemStatus;
  deleted?: boolean;
  /** Days since the newest revision (removed, missing and deleted items are older). */
  ageDays?: number;
  /** Its revisions calls always answer 500. */
  unreadable?: boolean;
  /** Id key instead of the path (ids hash the lowercased path: names differing only in case need one). */
  idKey?: string;
}

interface FolderSpec {
  kind: 'folder';
  name: string;
  children: readonly NodeSpec[] | (() => NodeSpec[]);
  status?: ItemStatus;
  deleted?: boolean;
  /** Its content call always answers 500. */
  broken?: boolean;
  /** The huge folder: content computed from the index, `bigFolderItems` items. */
  archive?: boolean;
}

type NodeSpec = FileSpec | FolderSpec;

function file(name: string, extra: Omit<FileSpec, 'kind' | 'name'> = {}): FileSpec {
  return { kind: 'file', name, ...extra };
}

function folder(name: string, children: FolderSpec['children'] = [], extra: Omit<FolderSpec, 'kind' | 'name' | 'children'> = {}): FolderSpec {
  return { kind: 'folder', name, children, ...extra };
}

interface NodeBase {
  id: string;
  name: string;
  /** Full path, with the plan's separator. */
  path: string;
  status: ItemStatus;
  deleted: boolean;
}

export interface FileNode extends NodeBase {
  kind: 'file';
  size: number;
  backupSize: number;
  revisionCount: number;
  ageDays: number;
  unreadable: boolean;
}

export interface FolderNode extends NodeBase {
  kind: 'folder';
  broken: boolean;
  listing(): Listing;
}

export type TreeNode = FileNode | FolderNode;

/** The sorted content of one folder: folders first, then files, each by name (case-insensitive). */
interface Listing {
  readonly count: number;
  /** Computed from an index rather than held in memory (the huge folder). */
  readonly computed: boolean;
  nameAt(position: number): string;
  isFolderAt(position: number): boolean;
  at(position: number): TreeNode;
}

class ArrayListing implements Listing {
  readonly computed = false;
  readonly nodes: TreeNode[];

  constructor(nodes: TreeNode[]) {
    this.nodes = [...nodes].sort((a, b) => (a.kind === b.kind ? compareNames(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
  }

  get count(): number {
    return this.nodes.length;
  }

  nameAt(position: number): string {
    return this.node(position).name;
  }

  isFolderAt(position: number): boolean {
    return this.node(position).kind === 'folder';
  }

  at(position: number): TreeNode {
    return this.node(position);
  }

  private node(position: number): TreeNode {
    const node = this.nodes[position];
    if (!node) throw new RangeError(`No item at ${position}`);
    return node;
  }
}

/**
 * A listing without some of its items (deleted through the deletion calls):
 * `excluded` holds the base positions left out, ascending. Position p maps to
 * the p-th base position not excluded, in O(excluded) — a page costs only its
 * own size plus the deletions, also in the huge folder.
 */
class FilteredListing implements Listing {
  constructor(
    private readonly base: Listing,
    private readonly excluded: readonly number[],
  ) {}

  get computed(): boolean {
    return this.base.computed;
  }

  get count(): number {
    return this.base.count - this.excluded.length;
  }

  private basePosition(position: number): number {
    if (position < 0 || position >= this.count) throw new RangeError(`No item at ${position}`);
    let base = position;
    for (const skipped of this.excluded) {
      if (skipped <= base) base += 1;
      else break;
    }
    return base;
  }

  nameAt(position: number): string {
    return this.base.nameAt(this.basePosition(position));
  }

  isFolderAt(position: number): boolean {
    return this.base.isFolderAt(this.basePosition(position));
  }

  at(position: number): TreeNode {
    return this.base.at(this.basePosition(position));
  }
}

function lazyListing(build: () => Listing): () => Listing {
  let listing: Listing | undefined;
  return () => (listing ??= build());
}

// ---------------------------------------------------------------------------
// The huge folder

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

// ---------------------------------------------------------------------------
// Plans

interface VolumeSpec {
  name: string;
  label: string;
  fileSystem: string;
  partitionStyle: string;
  location: string;
  capacity: number;
  /** Share of the capacity in use (0..1). */
  used: number;
  /** The volume's system name; Windows volumes default to `\\?\Volume{GUID}\`. */
  volumeName?: string;
}

interface RootSpec {
  path: string;
  volume: string;
  type: BackupFolder['type'];
  children: FolderSpec['children'];
  status?: ItemStatus;
  deleted?: boolean;
}

interface PlanSpec {
  /** Key of the plan within its device, for ids. */
  key: string;
  ordinal: number;
  name: string;
  type: PlanType;
  destination: PlanDestination;
  schedule: string;
  enabled: boolean;
  deleted: boolean;
  backupPermissions: boolean;
  allowFileFolderBackupAccess: boolean;
  /** Days between the base time and the plan's newest job (deleted and disabled plans stopped running). */
  offsetDays: number;
  /** The newest jobs that are running or failed (no `completed`). */
  incompleteJobs: number;
  separator: '\\' | '/';
  volumes: VolumeSpec[];
  roots: RootSpec[];
  imageRevisions: number;
  failing?: 'volumes' | 'folders';
}

interface NewFile {
  id: string;
  name: string;
  path: string;
  size: number;
  revisionCount: number;
  ageDays: number;
  status?: ItemStatus;
  deleted?: boolean;
  unreadable?: boolean;
}

const NTFS_DISK = { fileSystem: 'NTFS', partitionStyle: 'GPT', location: 'Local disk' } as const;
const WINDOWS_C: VolumeSpec = { ...NTFS_DISK, name: 'C:', label: 'System', capacity: 476 * GIB, used: 0.62 };
const WINDOWS_D: VolumeSpec = { ...NTFS_DISK, name: 'D:', label: 'Data', capacity: 1863 * GIB, used: 0.41 };
const MAC_HD: VolumeSpec = {
  name: 'Macintosh HD',
  label: 'Macintosh HD',
  fileSystem: 'APFS',
  partitionStyle: 'GPT',
  location: 'Internal disk',
  capacity: 994 * GIB,
  used: 0.48,
  volumeName: '/',
};

/** Typical sizes by extension, for files whose size the spec does not fix. */
const SIZE_BY_EXTENSION: Record<string, readonly [number, number]> = {
  txt: [300, 48 * KIB],
  csv: [2 * KIB, 900 * KIB],
  ics: [4 * KIB, 200 * KIB],
  docx: [18 * KIB, 2 * MIB],
  doc: [24 * KIB, 1 * MIB],
  xlsx: [12 * KIB, 3 * MIB],
  xls: [30 * KIB, 2 * MIB],
  pptx: [400 * KIB, 24 * MIB],
  pdf: [40 * KIB, 6 * MIB],
  jpg: [500 * KIB, 9 * MIB],
  png: [80 * KIB, 4 * MIB],
  dat: [1 * MIB, 40 * MIB],
  pages: [200 * KIB, 8 * MIB],
  numbers: [100 * KIB, 4 * MIB],
  sketch: [2 * MIB, 60 * MIB],
  ai: [1 * MIB, 40 * MIB],
  html: [2 * KIB, 80 * KIB],
  css: [1 * KIB, 60 * KIB],
};

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
  /** Deleted through the deletion calls (in memory, per server instance): file ids, and folder ids with their paths. */
  private readonly deletedFiles = new Set<string>();
  private readonly deletedFolders = new Map<string, string>();
  private deletions = 0;
  private readonly visibleMemo = new Map<string, { deletions: number; listing: Listing }>();

  constructor(
    readonly nodeId: number,
    readonly spec: PlanSpec,
    private readonly scope: string,
    config: DemoConfig,
  ) {
    this.seed = config.seed;
    this.sizes = config.sizes;
    this.separator = spec.separator;
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
   * on a Windows volume (a Mac's APFS items have none; issue 11 point 7).
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

  /** The root folders without deleted ones, as one listing (the top of a plan-wide search). */
  visibleRootListing(): Listing {
    const base = this.rootListing();
    if (this.deletions === 0) return base;
    const excluded: number[] = [];
    for (let p = 0; p < base.count; p++) if (this.isDeleted(base.at(p))) excluded.push(p);
    return excluded.length ? new FilteredListing(base, excluded) : base;
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

// ---------------------------------------------------------------------------
// The showcase devices

const FILE_SERVER_PLAN = 'server-files';
const SYSTEM_IMAGE_PLAN = 'system-image';
const OLD_FILE_PLAN = 'old-file-plan';
const WORKSTATION_IMAGE_PLAN = 'workstation-image';
const DEVICE2_DOCUMENTS_PLAN = 'documents';
const DEVICE2_IMAGE_PLAN = 'image';
const DEVICE2_BROKEN_VOLUMES_PLAN = 'broken-volumes';
const DEVICE2_BROKEN_FOLDERS_PLAN = 'broken-folders';
const ODD_NAMES_PLAN = 'odd-names';
const FAILING_PLANS_NODE = 5;

const ODD_NAMES_ROOT = '/Users/design/Odd names';
const HANDOFF_ROOT = '/Users/design/Handoff';
/**
 * Hostile file names for the download manager's sanitizer (device 3, plan
 * 'Odd names'): traversal, separators, reserved Windows names, a drive colon,
 * a trailing dot and space, 300 characters, a case-only clash, an emoji.
 */
export const ODD_FILE_NAMES = [
  '../../x',
  '..\\..\\y.txt',
  '/etc/passwd',
  'CON',
  'aux.txt',
  'a:b.txt',
  'trailing. ',
  `long-name-${'x'.repeat(286)}.txt`,
  'Report.TXT',
  'report.txt',
  '\u{1F4F7} holiday snap.jpg',
] as const;

/** Id key of an odd name (ids hash the lowercased path, and two names differ only in case). */
function oddNameIdKey(index: number): string {
  return `${ODD_NAMES_ROOT}#${index}`;
}

function oddNamesPlan(): PlanSpec {
  return planDefaults({
    key: ODD_NAMES_PLAN,
    ordinal: 2,
    name: 'Odd names',
    type: 'FILE_FOLDER',
    destination: 'CLOUD',
    separator: '/',
    volumes: [MAC_HD],
    roots: [
      {
        path: ODD_NAMES_ROOT,
        volume: MAC_HD.name,
        type: 'FOLDER',
        children: ODD_FILE_NAMES.map((name, i) => file(name, { size: 2 * KIB + i * 311, revisions: 3, ageDays: 0, idKey: oddNameIdKey(i) })),
      },
      {
        // A small folder for zip tests: a subfolder, an empty folder and a deleted file.
        path: HANDOFF_ROOT,
        volume: MAC_HD.name,
        type: 'FOLDER',
        children: [
          folder('assets', [file('logo.png', { size: 5 * KIB + 17, revisions: 3, ageDays: 0 })]),
          folder('Empty drafts', []),
          file('brief.txt', { size: 3000, revisions: 3, ageDays: 0 }),
          file('superseded.txt', { size: 2 * KIB + 5, revisions: 3, ageDays: 5, status: 'DELETED', deleted: true }),
        ],
      },
    ],
  });
}

function planDefaults(overrides: Partial<PlanSpec> & Pick<PlanSpec, 'key' | 'ordinal' | 'name' | 'type' | 'destination'>): PlanSpec {
  return {
    schedule: 'Daily at 02:00',
    enabled: true,
    deleted: false,
    backupPermissions: overrides.type === 'FILE_FOLDER',
    allowFileFolderBackupAccess: false,
    offsetDays: 0,
    incompleteJobs: 1,
    separator: '\\',
    volumes: [WINDOWS_C],
    roots: [],
    imageRevisions: 0,
    ...overrides,
  };
}

function showcasePlans(nodeId: number, sizes: DemoConfig['sizes']): PlanSpec[] | undefined {
  switch (nodeId) {
    case 1:
      return [
        planDefaults({
          key: FILE_SERVER_PLAN,
          ordinal: 1,
          name: 'Server files',
          type: 'FILE_FOLDER',
          destination: 'HYBRID',
          backupPermissions: true,
          incompleteJobs: 2,
          volumes: [WINDOWS_C, WINDOWS_D],
          roots: [
            {
              path: 'C:\\Users',
              volume: 'C:',
              type: 'COMMON_FOLDER',
              children: [
                folder('alex', [
                  folder('Documents', [file('Q3 report.docx'), file('Budget 2026.xlsx'), file('meeting notes.txt'), file('Contract draft.pdf')]),
                  folder('Desktop', [file('todo.txt'), file('screenshot.png')]),
                ]),
                folder('robin', [
                  folder('Documents', [file('Presentation.pptx'), file('contacts.csv'), file('Onboarding checklist.docx')]),
                  folder('Pictures', [file('team-offsite.jpg'), file('whiteboard.jpg')]),
                ]),
              ],
            },
            {
              path: 'C:\\Data',
              volume: 'C:',
              type: 'FOLDER',
              children: [
                folder('Archive', [], { archive: true }),
                folder('Broken', [], { broken: true }),
                folder('Empty', []),
                folder('Media', [
                  file('vm-disk.vhdx', { size: sizes.largestFileBytes }),
                  file('database.bak', { size: 4.5 * GIB }),
                  file('training.mp4', { size: 314_159_265 }),
                ]),
                file('Accounting 2026.xlsx', { ageDays: 0 }),
                file('Accounting notes.txt'),
                file('readme.txt', { revisions: 1, ageDays: 0 }),
                file('unreadable.dat', { unreadable: true }),
                file('old-budget.xls', { status: 'REMOVED', deleted: true, ageDays: 35 }),
                file('lost.docx', { status: 'MISSING', ageDays: 12 }),
                file('temp-export.csv', { status: 'DELETED', deleted: true, ageDays: 21 }),
              ],
            },
            {
              path: 'D:\\Shares',
              volume: 'D:',
              type: 'FOLDER',
              children: [
                folder('Marketing', [file('Brochure 2026.pdf'), file('logo.png'), file('campaign-plan.docx')]),
                folder('HR', [file('Handbook.pdf'), file('holiday-calendar.xlsx')]),
                file('shared-calendar.ics'),
              ],
            },
          ],
        }),
        planDefaults({
          key: SYSTEM_IMAGE_PLAN,
          ordinal: 2,
          name: 'System image',
          type: 'IMAGE',
          destination: 'CLOUD',
          schedule: 'Daily at 02:00',
          volumes: [WINDOWS_C],
          imageRevisions: SHOWCASE_IMAGE_REVISIONS,
        }),
        planDefaults({
          key: OLD_FILE_PLAN,
          ordinal: 3,
          name: 'Old file plan',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          enabled: false,
          deleted: true,
          schedule: 'Weekly on Sunday at 03:00',
          offsetDays: 45,
          incompleteJobs: 0,
          roots: [
            { path: 'C:\\Old', volume: 'C:', type: 'FOLDER', children: [file('report-2024.docx'), file('budget-2024.xlsx'), file('notes.txt')] },
          ],
        }),
        planDefaults({
          key: WORKSTATION_IMAGE_PLAN,
          ordinal: 4,
          name: 'Workstation image (disabled)',
          type: 'IMAGE',
          destination: 'LOCAL',
          enabled: false,
          schedule: 'Manual',
          offsetDays: 30,
          incompleteJobs: 0,
          imageRevisions: 2,
        }),
      ];
    case 2:
      return [
        planDefaults({
          key: DEVICE2_DOCUMENTS_PLAN,
          ordinal: 1,
          name: 'Documents',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          allowFileFolderBackupAccess: true,
          roots: [
            {
              path: 'C:\\Users\\reception\\Documents',
              volume: 'C:',
              type: 'COMMON_FOLDER',
              children: [
                folder('Scans', [file('id-scan-001.pdf'), file('id-scan-002.pdf')]),
                file('Appointments.xlsx'),
                file('Letterhead.docx'),
                file('Visitors log.txt'),
              ],
            },
          ],
        }),
        planDefaults({ key: DEVICE2_IMAGE_PLAN, ordinal: 2, name: 'Image', type: 'IMAGE', destination: 'HYBRID', imageRevisions: 10 }),
        planDefaults({
          key: DEVICE2_BROKEN_VOLUMES_PLAN,
          ordinal: 3,
          name: 'Broken volumes',
          type: 'FILE_FOLDER',
          destination: 'CLOUD',
          failing: 'volumes',
          roots: [{ path: 'C:\\Projects', volume: 'C:', type: 'FOLDER', children: [file('plan.docx')] }],
        }),
        planDefaults({
          key: DEVICE2_BROKEN_FOLDERS_PLAN,
          ordinal: 4,
          name: 'Broken folders',
          type: 'FILE_FOLDER',
          destination: 'LOCAL',
          failing: 'folders',
          roots: [{ path: 'C:\\Shared', volume: 'C:', type: 'FOLDER', children: [file('minutes.docx')] }],
        }),
      ];
    case 3:
      return [
        planDefaults({
          key: 'design-projects',
          ordinal: 1,
          name: 'Design projects',
          type: 'FILE_FOLDER',
          destination: 'CLOUD',
          separator: '/',
          volumes: [MAC_HD],
          roots: [
            {
              path: '/Users/design/Projects',
              volume: 'Macintosh HD',
              type: 'FOLDER',
              children: [
                folder('Brand refresh', [file('logo.ai'), file('palette.pdf'), file('moodboard.sketch')]),
                folder('Website', [file('index.html'), file('styles.css'), file('hero.png')]),
                file('brief.pages'),
                file('timeline.numbers'),
              ],
            },
            {
              path: '/Users/design/Documents',
              volume: 'Macintosh HD',
              type: 'COMMON_FOLDER',
              children: [file('Invoice 2026-11.pdf'), file('notes.txt')],
            },
          ],
        }),
        oddNamesPlan(),
      ];
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------
// Generated devices

const FILE_PLAN_NAMES = ['Daily files', 'User folders', 'Shared data', 'Finance files', 'Project files'];
const IMAGE_PLAN_NAMES = ['Nightly image', 'Full system image', 'Weekly image'];
const FOLDER_NAMES = ['Invoices', 'Projects', 'Scans', 'Reports', 'Photos', 'Contracts', 'Templates', 'Archive 2025', 'Clients', 'Drafts'];
const FILE_STEMS = [
  'budget', 'invoice', 'minutes', 'proposal', 'contract', 'report', 'summary',
  'letter', 'schedule', 'inventory', 'photo', 'scan', 'notes', 'plan',
];
const FILE_EXTENSIONS = ['docx', 'xlsx', 'pdf', 'txt', 'jpg', 'pptx', 'csv', 'png'];
const MAC_USERS = ['alex', 'sam', 'jordan', 'casey'];

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0] as T);
  return picked;
}

/** A small random folder tree, built only when first listed. */
function generatedChildren(seed: string, key: string, depth: number): () => NodeSpec[] {
  return () => {
    const rng = rngFor(seed, 'tree', key, depth);
    const names = new Set<string>();
    const children: NodeSpec[] = [];
    const folders = depth < 2 ? rng.int(0, 3) : 0;
    for (const name of pickDistinct(rng, FOLDER_NAMES, folders)) {
      names.add(name.toLowerCase());
      children.push(folder(name, generatedChildren(seed, `${key}/${name}`, depth + 1)));
    }
    const files = rng.int(1, 6);
    for (let i = 0; i < files; i++) {
      const name = `${rng.pick(FILE_STEMS)}-${rng.int(1, 999)}.${rng.pick(FILE_EXTENSIONS)}`;
      if (names.has(name.toLowerCase())) continue;
      names.add(name.toLowerCase());
      children.push(file(name, rng.chance(0.05) ? { status: 'REMOVED', deleted: true, ageDays: rng.int(10, 60) } : {}));
    }
    return children;
  };
}

function generatedPlans(seed: string, nodeId: number, mac: boolean): PlanSpec[] {
  const rng = rngFor(seed, 'backup-plans', nodeId);
  const count = rng.int(1, 3);
  const fileNames = pickDistinct(rng, FILE_PLAN_NAMES, 3);
  const imageNames = pickDistinct(rng, IMAGE_PLAN_NAMES, 3);
  const specs: PlanSpec[] = [];
  for (let ordinal = 1; ordinal <= count; ordinal++) {
    const image = !mac && ordinal > 1 && rng.chance(0.6);
    const destination = rng.pick(['CLOUD', 'LOCAL', 'HYBRID'] as const);
    const key = `plan-${ordinal}`;
    const enabled = rng.chance(0.9);
    const base = {
      key,
      ordinal,
      destination,
      enabled,
      offsetDays: enabled ? 0 : rng.int(5, 60),
      incompleteJobs: enabled ? rng.int(1, 2) : 0,
      schedule: rng.pick(['Daily at 02:00', 'Daily at 02:00', 'Weekly on Sunday at 03:00']),
    };
    if (image) {
      const volumes = rng.chance(0.3) ? [WINDOWS_C, WINDOWS_D] : [WINDOWS_C];
      specs.push(planDefaults({ ...base, name: imageNames.shift() ?? `Image ${ordinal}`, type: 'IMAGE', volumes, imageRevisions: rng.int(6, 12) }));
      continue;
    }
    const user = rng.pick(MAC_USERS);
    const candidates = mac
      ? [`/Users/${user}/Documents`, `/Users/${user}/Desktop`, '/Users/Shared']
      : ['C:\\Users', 'C:\\Shared', 'D:\\Data', 'C:\\Projects'];
    const rootPaths = pickDistinct(rng, candidates, rng.int(1, 2));
    const roots: RootSpec[] = rootPaths.map((path) => ({
      path,
      volume: mac ? MAC_HD.name : path.slice(0, 2),
      type: /Users|Documents|Desktop/.test(path) ? 'COMMON_FOLDER' : 'FOLDER',
      children: generatedChildren(seed, `${nodeId}/${key}/${path}`, 0),
    }));
    const volumes = mac ? [MAC_HD] : [WINDOWS_C, WINDOWS_D].filter((v) => roots.some((r) => r.volume === v.name));
    specs.push(
      planDefaults({
        ...base,
        name: fileNames.shift() ?? `Files ${ordinal}`,
        type: 'FILE_FOLDER',
        separator: mac ? '/' : '\\',
        volumes,
        roots,
        allowFileFolderBackupAccess: rng.chance(0.2),
      }),
    );
  }
  return specs;
}

// ---------------------------------------------------------------------------
// Mounted image content

export interface MountedNode {
  item: MountedContentItem;
  corrupt: boolean;
  children: MountedNode[];
}

const SYSTEM32_FILES = [
  'advapi32.dll', 'bcrypt.dll', 'cmd.exe', 'comctl32.dll', 'comdlg32.dll', 'crypt32.dll', 'ctfmon.exe', 'dxgi.dll',
  'gdi32.dll', 'hal.dll', 'imm32.dll', 'kernel32.dll', 'kernelbase.dll', 'lsass.exe', 'msvcrt.dll', 'netapi32.dll',
  'notepad.exe', 'ntdll.dll', 'ntoskrnl.exe', 'ole32.dll', 'oleaut32.dll', 'powershell.exe', 'rpcrt4.dll', 'sechost.dll',
  'services.exe', 'setupapi.dll', 'shell32.dll', 'shlwapi.dll', 'smss.exe', 'svchost.exe', 'taskmgr.exe', 'user32.dll',
  'userenv.dll', 'uxtheme.dll', 'version.dll', 'win32k.sys', 'winhttp.dll', 'wininet.dll', 'winlogon.exe', 'ws2_32.dll',
];

type MountedSpec = { name: string; children?: MountedSpec[]; size?: number; corrupt?: boolean };

const MOUNTED_TREE: MountedSpec[] = [
  { name: 'Corrupt', children: [], corrupt: true },
  {
    name: 'Program Files',
    children: [
      { name: 'Common Files', children: [{ name: 'shared-runtime.dll' }, { name: 'licenses.txt' }] },
      { name: 'Demo Accounting', children: [{ name: 'accounting.exe' }, { name: 'accounting.dll' }, { name: 'config.xml' }] },
    ],
  },
  {
    name: 'Users',
    children: [
      {
        name: 'Public',
        children: [
          {
            name: 'Documents',
            children: [{ name: 'welcome.txt' }, { name: 'install-log.txt' }, { name: 'network-setup.txt' }, { name: 'readme.txt' }],
          },
          { name: 'Pictures', children: [] },
        ],
      },
      { name: 'Default', children: [{ name: 'NTUSER.DAT', size: 3 * MIB }] },
    ],
  },
  {
    name: 'Windows',
    children: [
      {
        name: 'System32',
        children: [...SYSTEM32_FILES.map((name) => ({ name })), { name: 'drivers', children: [{ name: 'ntfs.sys' }, { name: 'tcpip.sys' }, { name: 'disk.sys' }] }],
      },
      { name: 'Fonts', children: [{ name: 'arial.ttf' }, { name: 'segoeui.ttf' }, { name: 'consola.ttf' }] },
      { name: 'explorer.exe' },
      { name: 'notepad.exe' },
      { name: 'regedit.exe' },
      { name: 'win.ini' },
    ],
  },
  { name: 'pagefile.sys', size: 4 * GIB },
];

function buildMounted(seed: string, spec: MountedSpec, path: string): MountedNode {
  const isFolder = spec.children !== undefined;
  const children = (spec.children ?? []).map((child) => buildMounted(seed, child, path === '/' ? `/${child.name}` : `${path}/${child.name}`));
  children.sort((a, b) => (a.item.type === b.item.type ? compareNames(a.item.name, b.item.name) : a.item.type === 'FOLDER' ? -1 : 1));
  return {
    item: {
      name: spec.name,
      type: isFolder ? 'FOLDER' : 'FILE',
      size: isFolder ? 0 : (spec.size ?? hashInt(2 * KIB, 6 * MIB, seed, 'mounted-size', path)),
      modified: iso(
        BACKUP_BASE_TIME - hashInt(3, 900, seed, 'mounted-modified', path) * DAY_MS - hashInt(0, 23, seed, 'mounted-hour', path) * HOUR_MS,
      ),
    },
    corrupt: spec.corrupt ?? false,
    children,
  };
}

/** '/Users/Public', '\\Users\\Public\\', 'Users/Public' all name the same folder. */
export function normalizeMountedPath(folder: string): string[] {
  return folder.replaceAll('\\', '/').split('/').filter((segment) => segment.length > 0 && segment !== '.');
}

// ---------------------------------------------------------------------------
// Search

/** §2/§5 search: '*' matches any run of characters over the whole name; without '*' a substring match. Case-insensitive. */
/**
 * Whole-name match of a pattern whose only wildcard is `*`, in time linear in
 * the name per star (the last star is backtracked, never all of them): a
 * pattern like `*a*a*a*a*b` cannot stall the demo the way a regular
 * expression with one `.*` per star would.
 */
export function globMatches(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (p < pattern.length && pattern[p] === name[n]) {
      p++;
      n++;
    } else if (star !== -1) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

export function nameMatcher(term: string): (name: string) => boolean {
  const needle = term.trim();
  if (needle.includes('*')) {
    const pattern = needle.toLowerCase();
    return (name) => globMatches(pattern, name.toLowerCase());
  }
  const lower = needle.toLowerCase();
  return (name) => name.toLowerCase().includes(lower);
}

interface SearchMatches {
  listings: Listing[];
  positions: number[];
}

const SEARCH_MEMO_LIMIT = 16;

// ---------------------------------------------------------------------------
// The world

type NodeBackup = { failing: true } | { failing: false; plans: BackupPlanData[] };

export interface BackupFileLookup {
  item: FolderContentItem;
  path: string;
  size: number;
  /** Newest first. */
  revisions: Revision[];
  /** Its revisions calls always answer 500 (unreadable.dat). */
  unreadable: boolean;
  plan: BackupPlan;
}

export type JobFilter = { onCloud?: boolean; upsyncedData?: boolean };
export type RevisionFilter = { onS3?: boolean };

const worldMemo = new WeakMap<DemoWorld, BackupWorld>();

export class BackupWorld {
  private readonly nodes = new Map<number, NodeBackup>();
  private readonly searchMemo = new Map<string, SearchMatches>();
  private mountedRoot: MountedNode | undefined;
  /** Plans whose data was deleted (`<nodeId>|<uid>`): gone from every answer for this server instance. */
  private readonly deletedPlans = new Set<string>();

  constructor(
    readonly config: DemoConfig,
    readonly world: DemoWorld,
  ) {}

  /** The one backup world of a demo world (routes of several areas share it). */
  static of(world: DemoWorld): BackupWorld {
    let backup = worldMemo.get(world);
    if (!backup) {
      backup = new BackupWorld(world.config, world);
      worldMemo.set(world, backup);
    }
    return backup;
  }

  // ----- lookups

  private nodeBackup(nodeId: number): NodeBackup {
    const known = this.nodes.get(nodeId);
    if (known) return known;
    const device = this.world.device(nodeId);
    if (!device) throw notFound(`Device ${nodeId} not found`);
    let backup: NodeBackup;
    if (nodeId === FAILING_PLANS_NODE) {
      backup = { failing: true };
    } else {
      const showcase = showcasePlans(nodeId, this.config.sizes);
      const scope = showcase ? SHOWCASE_SCOPE : this.config.seed;
      const specs = showcase ?? (device.lockhartEnabled ? generatedPlans(this.config.seed, nodeId, device.nodeClass.startsWith('MAC')) : []);
      backup = { failing: false, plans: specs.map((spec) => new BackupPlanData(nodeId, spec, scope, this.config)) };
    }
    this.nodes.set(nodeId, backup);
    return backup;
  }

  private planList(nodeId: number): BackupPlanData[] {
    const backup = this.nodeBackup(nodeId);
    if (backup.failing) throw brokenOnPurpose(`Backup plans of device ${nodeId} cannot be read (demo failure)`);
    if (this.deletedPlans.size === 0) return backup.plans;
    return backup.plans.filter((p) => !this.deletedPlans.has(`${nodeId}|${p.plan.uid}`));
  }

  /** A plan by uid, or by numeric id (a number or a string of digits), as restore specs name it; undefined when unknown. */
  planByReference(nodeId: number, reference: string | number): BackupPlanData | undefined {
    const plans = this.planList(nodeId);
    if (typeof reference === 'string') {
      const byUid = plans.find((p) => p.plan.uid === reference);
      if (byUid || !/^\d{1,15}$/.test(reference)) return byUid;
    }
    const id = Number(reference);
    return plans.find((p) => p.plan.id === id);
  }

  // ----- deletions (spec §7): in memory, for this server instance

  /**
   * Checks a deletion of whole plans (404 when one is unknown) and returns
   * what carries it out, so that the caller can ask for a second factor
   * between the two. Their data then vanishes from every answer.
   */
  preparePlanDeletion(nodeId: number, planUids: readonly string[]): () => void {
    for (const uid of planUids) this.planData(nodeId, uid);
    return () => {
      for (const uid of planUids) this.deletedPlans.add(`${nodeId}|${uid}`);
      this.searchMemo.clear();
    };
  }

  /**
   * Checks a deletion of files and folders of a file/folder plan (404 when an
   * id is unknown or already deleted, 400 when a file id names a folder or the
   * reverse, or the plan is an image plan) and returns what carries it out,
   * all or nothing.
   */
  prepareItemDeletion(nodeId: number, planUid: string, fileIds: readonly string[], folderIds: readonly string[]): () => void {
    const plan = this.filePlanData(nodeId, planUid);
    const nodes: TreeNode[] = [];
    for (const id of fileIds) {
      const node = plan.node(id);
      if (!node) throw notFound(`File ${id} not found`);
      if (node.kind !== 'file') throw badRequest(`${node.name} is a folder; pass its id in folderIds`);
      nodes.push(node);
    }
    for (const id of folderIds) {
      const node = plan.node(id);
      if (!node) throw notFound(`Folder ${id} not found`);
      if (node.kind !== 'folder') throw badRequest(`${node.name} is a file; pass its id in fileIds`);
      nodes.push(node);
    }
    return () => {
      plan.deleteItems(nodes);
      this.searchMemo.clear();
    };
  }

  /** A plan by uid. */
  planData(nodeId: number, planUid: string): BackupPlanData {
    const plan = this.planList(nodeId).find((p) => p.plan.uid === planUid);
    if (!plan) throw notFound(`Plan ${planUid} not found on device ${nodeId}`);
    return plan;
  }

  /** A plan by its numeric id (the v3 revisions call). */
  planDataByNumber(nodeId: number, planId: number): BackupPlanData {
    const plan = this.planList(nodeId).find((p) => p.plan.id === planId);
    if (!plan) throw notFound(`Plan ${planId} not found on device ${nodeId}`);
    return plan;
  }

  private filePlanData(nodeId: number, planUid: string): BackupPlanData {
    const plan = this.planData(nodeId, planUid);
    if (!plan.isFilePlan) throw badRequest(`Plan ${plan.plan.name} is not a file/folder plan`);
    return plan;
  }

  private folderNode(plan: BackupPlanData, folderId: string): FolderNode {
    const node = plan.node(folderId);
    if (!node) throw notFound(`Folder ${folderId} not found`);
    if (node.kind !== 'folder') throw badRequest(`${node.name} is not a folder`);
    if (node.broken) throw brokenOnPurpose(`Content of folder ${node.name} cannot be read (demo failure)`);
    return node;
  }

  private fileNode(plan: BackupPlanData, fileId: string): FileNode {
    const node = plan.node(fileId);
    if (!node) throw notFound(`File ${fileId} not found`);
    if (node.kind !== 'file') throw badRequest(`${node.name} is not a file`);
    return node;
  }

  // ----- answers of spec §7

  plans(nodeId: number): BackupPlan[] {
    return this.planList(nodeId).map((p) => p.plan);
  }

  volumes(nodeId: number, planUid: string): Volume[] {
    const plan = this.planData(nodeId, planUid);
    if (plan.spec.failing === 'volumes') throw brokenOnPurpose(`Volumes of plan ${plan.plan.name} cannot be read (demo failure)`);
    return plan.volumes;
  }

  /** Root folders of a file/folder plan, optionally on one volume. */
  folders(nodeId: number, planUid: string, volumeId?: string): BackupFolder[] {
    const plan = this.filePlanData(nodeId, planUid);
    if (plan.spec.failing === 'folders') throw brokenOnPurpose(`Folders of plan ${plan.plan.name} cannot be read (demo failure)`);
    if (volumeId === undefined) return plan.rootFolders();
    if (!plan.volumes.some((v) => v.id === volumeId)) throw notFound(`Volume ${volumeId} not found in plan ${plan.plan.name}`);
    return plan.rootFolders().filter((f) => f.volumeId === volumeId);
  }

  folderContent(nodeId: number, planUid: string, folderId: string, page: number, size: number): PagedAnswer<FolderContentItem> {
    const plan = this.filePlanData(nodeId, planUid);
    const listing = plan.visibleListing(this.folderNode(plan, folderId));
    return pageByIndex(listing.count, page, size, (position) => contentItem(plan, listing.at(position)));
  }

  /** Revisions of a file of a file/folder plan (v2, and v1 with a cloud filter). */
  fileRevisions(nodeId: number, planUid: string, fileId: string, page: number, size: number, filter: RevisionFilter = {}): PagedAnswer<Revision> {
    const plan = this.filePlanData(nodeId, planUid);
    return this.revisionsOf(plan, fileId, page, size, filter);
  }

  /** v3: revisions by numeric plan id, of an image volume (its fileId) or of a file of a file plan. */
  revisionsByPlanNumber(nodeId: number, planId: number, fileId: string, page: number, size: number): PagedAnswer<Revision> {
    const plan = this.planDataByNumber(nodeId, planId);
    return this.revisionsOf(plan, fileId, page, size, {});
  }

  private revisionsOf(plan: BackupPlanData, fileId: string, page: number, size: number, filter: RevisionFilter): PagedAnswer<Revision> {
    let revisions: Revision[];
    const volume = plan.imageVolume(fileId);
    if (volume) {
      revisions = plan.imageRevisions(volume);
    } else if (plan.isFilePlan) {
      const node = this.fileNode(plan, fileId);
      if (node.unreadable) throw brokenOnPurpose(`Revisions of ${node.name} cannot be read (demo failure)`);
      revisions = plan.fileRevisions(node);
    } else {
      throw notFound(`Volume image ${fileId} not found in plan ${plan.plan.name}`);
    }
    if (filter.onS3 !== undefined) revisions = revisions.filter((r) => r.onS3 === filter.onS3);
    return pageByIndex(revisions.length, page, size, (i) => revisions[i] as Revision);
  }

  /** Backup jobs of a plan, newest first (dates for folder downloads and restores). */
  jobs(nodeId: number, planUid: string, page: number, size: number, filter: JobFilter = {}): PagedAnswer<BackupJob> {
    const plan = this.planData(nodeId, planUid);
    const count = plan.jobCount();
    if (filter.onCloud === undefined && filter.upsyncedData === undefined) return pageByIndex(count, page, size, (k) => plan.jobAt(k));
    const jobs: BackupJob[] = [];
    for (let k = 0; k < count; k++) {
      const job = plan.jobAt(k);
      if (filter.onCloud !== undefined && job.onCloud !== filter.onCloud) continue;
      if (filter.upsyncedData !== undefined && job.upsyncedData !== filter.upsyncedData) continue;
      jobs.push(job);
    }
    return pageByIndex(jobs.length, page, size, (i) => jobs[i] as BackupJob);
  }

  /** Search by name across a plan, or under one folder (recursively). Matches are memoised for paging. */
  search(nodeId: number, planUid: string, term: string, page: number, size: number, folderId?: string): PagedAnswer<FolderContentItem> {
    if (term.trim().length < 3) throw badRequest('searchTerm must be at least 3 characters');
    const plan = this.filePlanData(nodeId, planUid);
    // A plan whose folders cannot be read cannot be searched either: a device-wide search meets one failing plan (issue 11 point 1).
    if (plan.spec.failing === 'folders') throw brokenOnPurpose(`Plan ${plan.plan.name} cannot be searched (demo failure)`);
    const start = folderId === undefined ? plan.visibleRootListing() : plan.visibleListing(this.folderNode(plan, folderId));
    const key = `${nodeId}|${planUid}|${folderId ?? ''}|${term.trim().toLowerCase()}`;
    let matches = this.searchMemo.get(key);
    if (matches) {
      this.searchMemo.delete(key);
    } else {
      matches = collectMatches(start, nameMatcher(term), (folder) => plan.visibleListing(folder));
      if (this.searchMemo.size >= SEARCH_MEMO_LIMIT) this.searchMemo.delete(this.searchMemo.keys().next().value as string);
    }
    this.searchMemo.set(key, matches);
    const found = matches;
    return pageByIndex(found.positions.length, page, size, (i) => contentItem(plan, (found.listings[i] as Listing).at(found.positions[i] as number)));
  }

  /** Content of a folder inside a mounted image revision; `start` is an item offset. */
  mountedContent(
    nodeId: number,
    planUid: string,
    revisionId: string,
    folderPath: string,
    start: number,
    count: number,
  ): PagedAnswer<MountedContentItem> {
    const plan = this.planData(nodeId, planUid);
    if (plan.isFilePlan) throw badRequest(`Plan ${plan.plan.name} is not an image plan`);
    if (!plan.hasImageRevision(revisionId)) throw notFound(`Revision ${revisionId} not found in plan ${plan.plan.name}`);
    const node = this.mountedNode(folderPath);
    if (node.item.type !== 'FOLDER') throw badRequest(`${folderPath} is not a folder`);
    if (node.corrupt) throw brokenOnPurpose(`Content of ${folderPath} cannot be read from the image (demo failure)`);
    const total = node.children.length;
    const answer = emptyPage<MountedContentItem>(total, count);
    answer.results = node.children.slice(start, start + count).map((child) => ({ ...child.item }));
    return answer;
  }

  private mountedNode(folderPath: string): MountedNode {
    let node = this.mountedTree();
    for (const segment of normalizeMountedPath(folderPath)) {
      const child = node.children.find((c) => c.item.name.toLowerCase() === segment.toLowerCase());
      if (!child) throw notFound(`Folder ${folderPath} not found in the image`);
      node = child;
    }
    return node;
  }

  // ----- helpers for other routes (downloads, restores)

  /** A file of a file/folder plan by id, with its revisions (newest first); undefined when unknown. */
  file(nodeId: number, planUid: string, fileId: string): BackupFileLookup | undefined {
    let plan: BackupPlanData;
    try {
      plan = this.planData(nodeId, planUid);
    } catch {
      return undefined;
    }
    const node = plan.node(fileId);
    if (!node || node.kind !== 'file') return undefined;
    return {
      item: contentItem(plan, node),
      path: node.path,
      size: node.size,
      revisions: plan.fileRevisions(node),
      unreadable: node.unreadable,
      plan: plan.plan,
    };
  }

  /** A file revision by id (`<fileId>_r<k>`), with its file; undefined when unknown. */
  fileRevision(nodeId: number, planUid: string, revisionId: string): { file: BackupFileLookup; revision: Revision } | undefined {
    const match = /^(.+)_r(\d{1,4})$/.exec(revisionId);
    if (!match) return undefined;
    const found = this.file(nodeId, planUid, match[1] ?? '');
    const revision = found?.revisions.find((r) => r.id === revisionId);
    return found && revision ? { file: found, revision } : undefined;
  }

  /** A folder (root or nested) of a file/folder plan by id, with its path; undefined when unknown. */
  folder(nodeId: number, planUid: string, folderId: string): { id: string; name: string; path: string; broken: boolean } | undefined {
    try {
      const node = this.planData(nodeId, planUid).node(folderId);
      return node?.kind === 'folder' ? { id: node.id, name: node.name, path: node.path, broken: node.broken } : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The files of a folder and its subfolders as of a backup job (folder
   * downloads): for each file its revision of that night, the newest one at or
   * before it; files not backed up yet are left out, and so are files (and
   * folders) already deleted then unless `includeDeleted`. Empty subfolders are
   * entries too. Throws the HTTP errors of the download call: 404 unknown
   * plan/folder/job, 400 not a folder or not a file plan, 409 data not in the
   * cloud or an unreadable file inside, 500 a broken folder inside, 422 more
   * than `maxEntries` entries.
   */
  folderSnapshot(
    nodeId: number,
    planUid: string,
    folderId: string,
    jobId: string,
    options: { includeDeleted: boolean; maxEntries: number },
  ): FolderSnapshot {
    const plan = this.filePlanData(nodeId, planUid);
    const root = plan.node(folderId);
    if (!root) throw notFound(`Folder ${folderId} not found`);
    if (root.kind !== 'folder') throw badRequest(`${root.name} is not a folder`);
    const k = plan.jobIndexOf(jobId);
    if (k === undefined) throw notFound(`Backup job ${jobId} not found in plan ${plan.plan.name}`);
    const job = plan.jobAt(k);
    if (!job.onCloud) throw downloadUnavailable();
    const { includeDeleted, maxEntries } = options;
    const entries: SnapshotEntry[] = [];
    const tooMany = () => tooManyItems(maxEntries);
    const visit = (folder: FolderNode, segments: string[]) => {
      if (folder.broken) throw brokenOnPurpose(`Content of folder ${folder.name} cannot be read (demo failure)`);
      const listing = plan.visibleListing(folder);
      // The huge folder is refused before a single item of it is computed.
      if (listing.computed && entries.length + listing.count > maxEntries) throw tooMany();
      const before = entries.length;
      for (let p = 0; p < listing.count; p++) {
        const child = listing.at(p);
        if (child.kind === 'folder') {
          if (child.deleted && !includeDeleted) continue;
          visit(child, [...segments, child.name]);
          continue;
        }
        const state = plan.fileAtJob(child, k);
        if (!state || (state.deleted && !includeDeleted)) continue;
        if (child.unreadable) throw downloadUnavailable();
        const revision = plan.fileRevisions(child)[state.revisionIndex] as Revision;
        entries.push({ kind: 'file', segments: [...segments, child.name], fileId: child.id, revision });
        if (entries.length > maxEntries) throw tooMany();
      }
      if (entries.length === before && segments.length > 0) {
        entries.push({ kind: 'folder', segments, modified: job.created });
        if (entries.length > maxEntries) throw tooMany();
      }
    };
    visit(root, []);
    return { folder: { id: root.id, name: root.name, path: root.path }, job, entries };
  }

  /** An image revision (downloads from a mounted image); 404 unknown, 400 not an image plan. */
  imageRevision(nodeId: number, planUid: string, revisionId: string): { plan: BackupPlan; volume: Volume; revision: Revision } {
    const plan = this.planData(nodeId, planUid);
    if (plan.isFilePlan) throw badRequest(`Plan ${plan.plan.name} is not an image plan`);
    const fileId = /^(.+)_r\d{1,4}$/.exec(revisionId)?.[1] ?? '';
    const volume = plan.imageVolume(fileId);
    const revision = volume ? plan.imageRevisions(volume).find((r) => r.id === revisionId) : undefined;
    if (!volume || !revision) throw notFound(`Revision ${revisionId} not found in plan ${plan.plan.name}`);
    return { plan: plan.plan, volume, revision };
  }

  /** A file or folder of a mounted image by path (case-insensitive, `/` or `\\`), with its exact path; 404 when unknown. */
  mountedItem(path: string): { node: MountedNode; path: string } {
    let node = this.mountedTree();
    const names: string[] = [];
    for (const segment of normalizeMountedPath(path)) {
      const child = node.children.find((c) => c.item.name.toLowerCase() === segment.toLowerCase());
      if (!child) throw notFound(`${path} not found in the image`);
      node = child;
      names.push(child.item.name);
    }
    return { node, path: `/${names.join('/')}` };
  }

  private mountedTree(): MountedNode {
    return (this.mountedRoot ??= buildMounted(this.config.seed, { name: '', children: MOUNTED_TREE }, '/'));
  }
}

/** One entry of a folder download: a file with its revision, or an empty folder. */
export type SnapshotEntry =
  | { kind: 'file'; segments: string[]; fileId: string; revision: Revision }
  | { kind: 'folder'; segments: string[]; modified: string };

export interface FolderSnapshot {
  folder: { id: string; name: string; path: string };
  job: BackupJob;
  /** Paths relative to the folder, as name segments; depth first, in listing order. */
  entries: SnapshotEntry[];
}

export const DOWNLOAD_UNAVAILABLE_MESSAGE =
  'Browser download is not available for the selected file(s). To recover the file(s), please use the restore option.';

/** 422 of the zip downloads: more entries than a browser download may hold. */
export function tooManyItems(maxEntries: number): HttpError {
  const message = `The folder has more than ${maxEntries.toLocaleString('en-US')} items, too many for a browser download. To recover the file(s), please use the restore option.`;
  return new HttpError(422, message, { error: 'too_many_items', message });
}

/** 409 of the download calls (spec §8): unreadable data, or data not (yet) in the cloud. */
export function downloadUnavailable(): HttpError {
  return new HttpError(409, DOWNLOAD_UNAVAILABLE_MESSAGE, { error: 'download_unavailable', message: DOWNLOAD_UNAVAILABLE_MESSAGE });
}

function contentItem(plan: BackupPlanData, node: TreeNode): FolderContentItem {
  if (node.kind === 'folder') {
    const { id, name, path, deleted, status } = node;
    return { id, name, path, type: 'FOLDER', deleted, backupSize: 0, size: 0, status, modified: null, backupPermissions: plan.itemsHaveBackupPermissions };
  }
  const newest = plan.jobCreated(plan.spec.incompleteJobs + node.ageDays);
  return {
    id: node.id,
    name: node.name,
    path: node.path,
    type: 'FILE',
    deleted: node.deleted,
    backupSize: node.backupSize,
    size: node.size,
    status: node.status,
    modified: iso(newest - hashInt(1, 20, plan.seed, 'modified', node.id, 0) * HOUR_MS),
    backupPermissions: plan.itemsHaveBackupPermissions,
  };
}

/** Depth-first, in listing order; broken folders are skipped (their content cannot be read). */
function collectMatches(start: Listing, matches: (name: string) => boolean, listingOf: (folder: FolderNode) => Listing): SearchMatches {
  const found: SearchMatches = { listings: [], positions: [] };
  const visit = (listing: Listing) => {
    for (let p = 0; p < listing.count; p++) {
      if (matches(listing.nameAt(p))) {
        found.listings.push(listing);
        found.positions.push(p);
      }
      if (listing.isFolderAt(p)) {
        const child = listing.at(p) as FolderNode;
        if (!child.broken) visit(listingOf(child));
      }
    }
  };
  visit(start);
  return found;
}

// ---------------------------------------------------------------------------
// Fixtures: the showcase ids, for tests and demos (valid for every seed and size)

function fixturePlan<N extends string>(nodeId: number, key: string, ordinal: number, name: N) {
  return { uid: planUidFor(SHOWCASE_SCOPE, nodeId, key), id: planNumericId(nodeId, ordinal), name };
}

function fixtureItem<N extends string, P extends string>(name: N, path: P) {
  return { id: itemIdFor(SHOWCASE_SCOPE, 1, FILE_SERVER_PLAN, path), name, path };
}

/** The id of the nightly job `daysBack` nights before the base time. */
function fixtureJobId(planUid: string, daysBack: number): string {
  return `${planUid}_j${iso(BACKUP_BASE_TIME - daysBack * DAY_MS).slice(0, 10).replaceAll('-', '')}`;
}

const ODD_NAMES_UID = planUidFor(SHOWCASE_SCOPE, 3, ODD_NAMES_PLAN);

function oddNamesItem<N extends string>(name: N, parent: string, idKey?: string) {
  const path = joinPath(parent, name, '/');
  return { id: itemIdFor(SHOWCASE_SCOPE, 3, ODD_NAMES_PLAN, idKey ?? path), name, path };
}

const FIXTURE_FILE_PLAN_UID = planUidFor(SHOWCASE_SCOPE, 1, FILE_SERVER_PLAN);
const FIXTURE_IMAGE_FILE_ID = volumeFileIdFor(SHOWCASE_SCOPE, 1, SYSTEM_IMAGE_PLAN, 'C:');

export const DEMO_FIXTURES = {
  nodeId: 1,
  filePlan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
  imagePlan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
  deletedPlan: fixturePlan(1, OLD_FILE_PLAN, 3, 'Old file plan'),
  disabledPlan: fixturePlan(1, WORKSTATION_IMAGE_PLAN, 4, 'Workstation image (disabled)'),
  volumeC: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'C:'), name: 'C:' },
  volumeD: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'D:'), name: 'D:' },
  imageVolume: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'C:'), name: 'C:', fileId: volumeFileIdFor(SHOWCASE_SCOPE, 1, SYSTEM_IMAGE_PLAN, 'C:') },
  folders: {
    users: fixtureItem('Users', 'C:\\Users'),
    data: fixtureItem('Data', 'C:\\Data'),
    archive: fixtureItem('Archive', 'C:\\Data\\Archive'),
    broken: fixtureItem('Broken', 'C:\\Data\\Broken'),
    empty: fixtureItem('Empty', 'C:\\Data\\Empty'),
    media: fixtureItem('Media', 'C:\\Data\\Media'),
  },
  files: {
    readme: fixtureItem('readme.txt', 'C:\\Data\\readme.txt'),
    unreadable: fixtureItem('unreadable.dat', 'C:\\Data\\unreadable.dat'),
    accounting: fixtureItem('Accounting 2026.xlsx', 'C:\\Data\\Accounting 2026.xlsx'),
    vmDisk: fixtureItem('vm-disk.vhdx', 'C:\\Data\\Media\\vm-disk.vhdx'),
  },
  imageRevisionCount: SHOWCASE_IMAGE_REVISIONS,
  corruptMountedFolder: '/Corrupt',
  device2: {
    nodeId: 2,
    openPlan: fixturePlan(2, DEVICE2_DOCUMENTS_PLAN, 1, 'Documents'),
    brokenVolumesPlan: { uid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_BROKEN_VOLUMES_PLAN), name: 'Broken volumes' },
    brokenFoldersPlan: { uid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_BROKEN_FOLDERS_PLAN), name: 'Broken folders' },
  },
  failingPlansNodeId: FAILING_PLANS_NODE,
  /**
   * Device 3, plan 'Odd names' (cloud): a folder of small files (2–6 KiB, 3
   * revisions each, all in the cloud) with hostile names, for the download
   * manager's sanitizer, and 'Handoff', a small folder for zip tests.
   */
  oddNames: {
    nodeId: 3,
    plan: fixturePlan(3, ODD_NAMES_PLAN, 2, 'Odd names'),
    folder: oddNamesItem('Odd names', '/Users/design'),
    /** In ODD_FILE_NAMES order; `revisionId` is the newest revision (in the cloud). */
    files: ODD_FILE_NAMES.map((name, i) => {
      const item = oddNamesItem(name, ODD_NAMES_ROOT, oddNameIdKey(i));
      return { ...item, revisionId: `${item.id}_r0` };
    }),
    /** The newest job whose data is in the cloud (the newest one is still running). */
    cloudJobId: fixtureJobId(ODD_NAMES_UID, 1),
    /** Holds `assets/logo.png`, `brief.txt`, the empty folder `Empty drafts/` and `superseded.txt`, deleted 5 nights before the base time. */
    handoff: {
      folder: oddNamesItem('Handoff', '/Users/design'),
      brief: oddNamesItem('brief.txt', HANDOFF_ROOT),
      logo: oddNamesItem('logo.png', `${HANDOFF_ROOT}/assets`),
      superseded: oddNamesItem('superseded.txt', HANDOFF_ROOT),
    },
  },
  /** Download calls on device 1 ('Server files' is hybrid: the data of the two newest completed nights is not in the cloud yet). */
  downloads: {
    /** Accounting 2026.xlsx, third-newest revision: small (≤ 3 MiB) and in the cloud. */
    smallRevisionId: `${fixtureItem('', 'C:\\Data\\Accounting 2026.xlsx').id}_r2`,
    /** readme.txt's only revision: not in the cloud yet (409). */
    notInCloudRevisionId: `${fixtureItem('', 'C:\\Data\\readme.txt').id}_r0`,
    /** unreadable.dat (409 download_unavailable). */
    unreadableRevisionId: `${fixtureItem('', 'C:\\Data\\unreadable.dat').id}_r2`,
    /** The newest job of 'Server files' whose data is in the cloud; C:\\Users zips in a few MiB, C:\\Data\\Media is > 4 GiB. */
    cloudJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 4),
    /** A completed job whose data is not in the cloud yet (409). */
    notInCloudJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 2),
    /** 'System image' (cloud): a revision in the cloud and paths inside the mounted image. */
    image: {
      revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
      file: '/Windows/win.ini',
      folder: '/Users/Public/Documents',
      corruptFolder: '/Corrupt',
    },
    /** Device 2 'Image' (hybrid): its newest revision is not in the cloud yet (409). */
    imageNotInCloud: {
      nodeId: 2,
      planUid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN),
      revisionId: `${volumeFileIdFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN, 'C:')}_r0`,
    },
  },
  /**
   * Restore calls (routes/restore.ts). Sources on device 1 'Server files' that
   * no other test browses by content: `D:\Shares\Marketing` (3 files) and its
   * `Brochure 2026.pdf`. Restores change nothing, so tests may share them.
   */
  restore: {
    nodeId: 1,
    nodeName: 'File Server',
    plan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
    folder: fixtureItem('Marketing', 'D:\\Shares\\Marketing'),
    folderFileCount: 3,
    file: fixtureItem('Brochure 2026.pdf', 'D:\\Shares\\Marketing\\Brochure 2026.pdf'),
    /** The newest revision of Brochure 2026.pdf (restores do not need the cloud). */
    fileRevisionId: `${fixtureItem('', 'D:\\Shares\\Marketing\\Brochure 2026.pdf').id}_r0`,
    /** A completed nightly job of 'Server files', for folder restores (`backupJobId`). */
    backupJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 2),
    /** EXTRACT restores from 'System image': a revision and paths inside it. */
    image: {
      plan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
      revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
      folder: '/Users/Public/Documents',
      file: '/Windows/win.ini',
    },
    /** Client settings: backupMode MANUAL (1, 3, 4, 5) or AUTOMATIC (2: online, yet Original Location unavailable). */
    manualNodeId: 1,
    automaticNodeId: 2,
    macNodeId: 3,
    offlineNodeId: 4,
  },
  /** Mounting (an image revision in the cloud, and one not yet in the cloud). */
  mount: {
    nodeId: 1,
    plan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
    revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
    notInCloud: {
      nodeId: 2,
      planUid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN),
      revisionId: `${volumeFileIdFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN, 'C:')}_r0`,
    },
  },
  /**
   * Deletion calls: items of device 1 that no other test relies on. Deleting
   * is for the server instance's lifetime, so a test deleting them should own
   * its server. `file` and `folder` are siblings (deleting one keeps the other).
   */
  deletion: {
    nodeId: 1,
    plan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
    file: fixtureItem('shared-calendar.ics', 'D:\\Shares\\shared-calendar.ics'),
    folder: fixtureItem('HR', 'D:\\Shares\\HR'),
    /** Inside `folder`: gone with it. */
    folderFile: fixtureItem('Handbook.pdf', 'D:\\Shares\\HR\\Handbook.pdf'),
    /** A whole plan to delete (delete-plan-revisions). */
    wholePlan: fixturePlan(1, WORKSTATION_IMAGE_PLAN, 4, 'Workstation image (disabled)'),
    /** The demo's second factor (config `mfaCode`). */
    mfaCode: '123456',
  },
  /**
   * The live file systems of target devices (data/directories.ts): device 1
   * (Windows: `C:\`, `D:\`), device 3 (Mac), device 4 offline (503).
   */
  directories: {
    nodeId: 1,
    drives: ['C:\\', 'D:\\'],
    data: 'C:\\Data',
    /** Exactly 1000 files (one full tree page: 'Load More'). */
    thousand: 'C:\\Data\\Thousand',
    /** 2500 files: pages of 1000, 1000 and 500. */
    exports: 'C:\\Data\\Exports',
    /** An empty folder, a quiet place to create folders in. */
    restores: 'C:\\Data\\Restores',
    /** Its listing answers 403. */
    locked: 'C:\\Locked',
    users: 'C:\\Users',
    mac: { nodeId: 3, users: '/Users', home: '/Users/design' },
    offlineNodeId: 4,
  },
} as const;
