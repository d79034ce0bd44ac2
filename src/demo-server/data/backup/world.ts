/** Demo backup data: the world. */
import type { BackupFolder, BackupJob, BackupPlan, FolderContentItem, MountedContentItem, PagedAnswer, Revision, Volume } from '../../../shared/model/backup';
import type { DemoConfig } from '../../config';
import { HttpError, badRequest, notFound } from '../../http';
import type { DemoWorld } from '../world';
import { generatedPlans } from './generated';
import { HOUR_MS, SHOWCASE_SCOPE, brokenOnPurpose, emptyPage, hashInt, iso, pageByIndex } from './ids';
import { MOUNTED_TREE, type MountedNode, buildMounted, normalizeMountedPath } from './mounted';
import { datedFolderContent } from './dated-content';
import { BackupPlanData } from './plan-data';
import { SEARCH_MEMO_LIMIT, type SearchMatches, nameMatcher } from './search';
import { FAILING_PLANS_NODE, showcasePlans } from './showcase';
import type { FileNode, FolderNode, Listing, TreeNode } from './tree';

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

  /** The content of a folder as of a backup job of its plan (dated-content.ts); 404 for a job of no such plan. */
  folderContentAt(nodeId: number, planUid: string, folderId: string, jobId: string, page: number, size: number): PagedAnswer<FolderContentItem> {
    const plan = this.filePlanData(nodeId, planUid);
    const folder = this.folderNode(plan, folderId);
    const k = plan.jobIndexOf(jobId);
    if (k === undefined) throw notFound(`Backup job ${jobId} not found in plan ${plan.plan.name}`);
    return datedFolderContent(plan, folder, k, page, size);
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
    // A plan whose folders cannot be read cannot be searched either: a device-wide search meets one failing plan.
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
