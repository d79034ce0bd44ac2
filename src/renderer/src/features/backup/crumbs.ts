/**
 * The backup browser's breadcrumb steps (spec/backup-restore.md §2, §4): where
 * opening a row leads, what a row restores or deletes, and where the search bar
 * searches from the step the technician is on. A search result carries its own
 * plan: everything a result leads to uses that plan, not the
 * plan of the listing it is shown in.
 */
import type { BackupPlan, ItemStatus, Revision } from '../../../../shared/model/backup';
import type { BrowserLocation, BrowserRow, SearchQuery } from '../../../../shared/model/backup/browser';
import type { CallInput } from '../../../../shared/contract';
import { BREADCRUMB_ROOT, SEARCH_RESULTS_LEVEL, searchTermProblem, type ListingNames } from '../../../../shared/rules/backup/browser';
import { planOfRow, searchQueryOf, type SearchPlace, type SearchScope } from '../../../../shared/rules/backup/search';
import type { DeletionEntry, RestoreItem } from '../../../../shared/model/restore';

type DeletionTarget = CallInput<'backup.delete'>['target'];

/** What a step lists: a place in the backup, or a search. */
export type ListingSource = { kind: 'location'; location: BrowserLocation } | { kind: 'search'; query: Omit<SearchQuery, 'page'> };

/** One step of the breadcrumb: what it shows and the context its rows need. */
export interface Crumb {
  label: string;
  source: ListingSource;
  plan?: BackupPlan;
  volumeName?: string;
  folderName?: string;
  folderPath?: string;
  folderId?: string;
  fileStatus?: ItemStatus;
  /** The file whose revisions are listed. */
  filePath?: string;
  /** Revisions level: the file entry's backupPermissions (§3), which its revisions restore with. */
  fileBackupPermissions?: boolean;
  /** The mounted image revision (mounted levels). */
  imageRevision?: Revision;
}

export function levelOf(crumb: Crumb) {
  return crumb.source.kind === 'search' ? 'search' : crumb.source.location.level;
}

/**
 * A crumb's path (help spec §2.3: clicking a crumb sets the page hash to it):
 * the device's browse page, naming the levels below the root down to this one.
 */
export function crumbPath(nodeId: number, trail: readonly Pick<Crumb, 'label'>[], index: number): string {
  const page = `/deviceDashboard/${nodeId}/backup/browse`;
  const levels = trail.slice(1, index + 1).map((crumb) => encodeURIComponent(crumb.label));
  return levels.length === 0 ? page : `${page}?at=${levels.join('/')}`;
}

export function rootCrumb(nodeId: number): Crumb {
  return { label: BREADCRUMB_ROOT, source: { kind: 'location', location: { level: 'plans', nodeId } } };
}

/** §4: where opening a row leads, or null when it cannot be entered. */
export function nextCrumb(current: Crumb, row: BrowserRow, nodeId: number): Crumb | null {
  const base = { plan: current.plan, volumeName: current.volumeName };
  const at = (location: BrowserLocation): ListingSource => ({ kind: 'location', location });
  switch (row.kind) {
    case 'plan':
      return { label: row.plan.name, plan: row.plan, source: at({ level: 'volumes', nodeId, planUid: row.plan.uid }) };
    case 'volume': {
      const plan = current.plan;
      if (!plan) return null;
      if (plan.type === 'IMAGE') {
        if (!row.volume.fileId) return null;
        return {
          ...base,
          label: row.volume.name,
          volumeName: row.volume.name,
          source: at({ level: 'revisions', nodeId, planUid: plan.uid, fileId: row.volume.fileId, source: 'image', planNumericId: plan.id }),
        };
      }
      return { ...base, label: row.volume.name, volumeName: row.volume.name, source: at({ level: 'folders', nodeId, planUid: plan.uid, volumeId: row.volume.id }) };
    }
    case 'folder':
      if (!current.plan) return null;
      return {
        ...base,
        label: row.folder.name,
        folderName: row.folder.name,
        folderPath: row.folder.path,
        folderId: row.folder.id,
        source: at({ level: 'files', nodeId, planUid: current.plan.uid, folderId: row.folder.id }),
      };
    case 'item': {
      // A search result opens in its own plan.
      const plan = planOfRow(row, current.plan);
      if (!plan) return null;
      const inPlan = { ...base, plan };
      if (row.item.type === 'FOLDER') {
        return {
          ...inPlan,
          label: row.item.name,
          folderName: row.item.name,
          folderPath: row.item.path,
          folderId: row.item.id,
          source: at({ level: 'files', nodeId, planUid: plan.uid, folderId: row.item.id }),
        };
      }
      return {
        ...inPlan,
        label: row.item.name,
        folderName: row.item.name,
        fileStatus: row.item.status,
        filePath: row.item.path,
        fileBackupPermissions: row.item.backupPermissions,
        source: at({ level: 'revisions', nodeId, planUid: plan.uid, fileId: row.item.id, source: 'file' }),
      };
    }
    case 'revision':
      return null; // Image revisions open through the Mount Image dialog.
    case 'mounted':
      if (row.item.type !== 'FOLDER' || current.source.kind !== 'location') return null;
      if (current.source.location.level !== 'mounted-folders' && current.source.location.level !== 'mounted-files') return null;
      return {
        ...base,
        imageRevision: current.imageRevision,
        label: row.item.name,
        folderName: row.item.name,
        source: at({ level: 'mounted-files', nodeId, planUid: current.source.location.planUid, revisionId: current.source.location.revisionId, folder: row.path }),
      };
  }
}

export function namesOf(crumb: Crumb): ListingNames {
  return { planName: crumb.plan?.name, volumeName: crumb.volumeName, folderName: crumb.folderName ?? crumb.label };
}

/**
 * Where the search bar stands: the innermost listing (the
 * 'Search Results' step is skipped), its plan, and the folder it lists, or
 * the folder holding the file whose revisions it lists.
 */
export function searchPlaceOf(crumbs: readonly Crumb[]): SearchPlace {
  const located = crumbs.filter((c): c is Crumb & { source: { kind: 'location' } } => c.source.kind === 'location');
  const inner = located[located.length - 1]!;
  const level = inner.source.location.level;
  const folderStep = level === 'files' ? inner : level === 'revisions' ? located[located.length - 2] : undefined;
  const folder =
    folderStep?.folderId && folderStep.folderPath && folderStep.source.location.level === 'files' && folderStep.plan?.uid === inner.plan?.uid
      ? { id: folderStep.folderId, path: folderStep.folderPath }
      : undefined;
  return { level, plan: inner.plan, folder };
}

/** What a row restores (§2 "Restore dialogs"), or null when it cannot be restored. */
export function restoreItemOf(row: BrowserRow, crumb: Crumb): RestoreItem | null {
  const location = crumb.source.kind === 'location' ? crumb.source.location : null;
  switch (row.kind) {
    // The entry's own backupPermissions decide 'Restore NTFS Permissions' (§4).
    case 'folder':
      return { kind: 'folder', name: row.folder.name, path: row.folder.path, folderId: row.folder.id, isRoot: true, backupPermissions: row.folder.backupPermissions };
    case 'item':
      return row.item.type === 'FOLDER'
        ? { kind: 'folder', name: row.item.name, path: row.item.path, folderId: row.item.id, backupPermissions: row.item.backupPermissions }
        : { kind: 'file', name: row.item.name, path: row.item.path, fileId: row.item.id, backupPermissions: row.item.backupPermissions };
    case 'revision':
      if (row.revision.type === 'IMAGE' || location?.level !== 'revisions') return null;
      return { kind: 'file', name: crumb.label, path: crumb.filePath ?? crumb.label, fileId: location.fileId, revision: row.revision, backupPermissions: crumb.fileBackupPermissions };
    case 'mounted':
      if (!crumb.imageRevision) return null;
      return { kind: 'image', name: row.item.name, path: row.path, imageRevision: crumb.imageRevision, imageType: row.item.type === 'FOLDER' ? 'FOLDER' : 'FILE' };
    default:
      return null;
  }
}

/** Rows whose backup data can be deleted from this listing (§2 "Delete confirmations"). */
function deletableEntry(row: BrowserRow): (DeletionEntry & { id: string; folder: boolean; plan?: BackupPlan }) | null {
  switch (row.kind) {
    case 'plan':
      return { id: row.plan.uid, name: row.plan.name, path: row.plan.name, folder: false, plan: row.plan };
    case 'folder':
      return { id: row.folder.id, name: row.folder.name, path: row.folder.path, folder: true };
    case 'item':
      return { id: row.item.id, name: row.item.name, path: row.item.path, folder: row.item.type === 'FOLDER' };
    default:
      return null;
  }
}

/**
 * The search bar's Search (§5): an emptied bar on the
 * results goes back to where the search started; a term under 3 characters is
 * a problem; otherwise the 'Search Results' step replaces the one on top (a new
 * search is not stacked on the last one).
 */
type SearchStep = { kind: 'back'; crumbs: Crumb[] } | { kind: 'problem'; problem: string } | { kind: 'search'; crumbs: Crumb[] } | { kind: 'none' };

export function searchStep(crumbs: readonly Crumb[], term: string, scope: SearchScope, nodeId: number): SearchStep {
  const top = crumbs[crumbs.length - 1];
  if (!term.trim() && top?.source.kind === 'search') return { kind: 'back', crumbs: crumbs.slice(0, -1) };
  const problem = searchTermProblem(term);
  if (problem) return { kind: 'problem', problem };
  const query = searchQueryOf(scope, nodeId, term);
  if (!query) return { kind: 'none' };
  const inner = [...crumbs].reverse().find((c) => c.source.kind === 'location');
  const results: Crumb = { label: SEARCH_RESULTS_LEVEL, plan: query.planUid ? inner?.plan : undefined, source: { kind: 'search', query } };
  return { kind: 'search', crumbs: [...(top?.source.kind === 'search' ? crumbs.slice(0, -1) : crumbs), results] };
}

/** §4: a mounted image revision's root folder, the step after mounting it. */
export function mountedCrumb(from: Crumb, revision: Revision, nodeId: number, label: string): Crumb | null {
  const planUid = from.plan?.uid;
  if (!planUid) return null;
  return {
    plan: from.plan,
    volumeName: from.volumeName,
    imageRevision: revision,
    label,
    folderName: label,
    source: { kind: 'location', location: { level: 'mounted-folders', nodeId, planUid, revisionId: revision.id, folder: '/' } },
  };
}

/**
 * What deleting the selected rows deletes (§2 "Delete confirmations"): plan
 * data at the plans level, else files and folders of the one plan the
 * selection is in; null when some row cannot be deleted or the plan is not one.
 */
export function deletionOf(rows: readonly BrowserRow[], atPlans: boolean, plan: BackupPlan | null, nodeId: number): { target: DeletionTarget; entries: DeletionEntry[] } | null {
  const entries = rows.map(deletableEntry);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return null;
  const kept = entries as Array<NonNullable<ReturnType<typeof deletableEntry>>>;
  if (atPlans) return { target: { kind: 'plans', nodeId, planUids: kept.map((e) => e.id), planName: kept.map((e) => e.name).join(', ') }, entries: kept };
  if (!plan) return null;
  return {
    target: {
      kind: 'items',
      nodeId,
      planUid: plan.uid,
      planName: plan.name,
      fileIds: kept.filter((e) => !e.folder).map((e) => e.id),
      folderIds: kept.filter((e) => e.folder).map((e) => e.id),
    },
    entries: kept,
  };
}
