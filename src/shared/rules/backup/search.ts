/**
 * Where the backup browser's search bar searches (spec/backup-restore.md §2
 * "Search bar", §7 search call). The API has one search
 * call, per file/folder plan, with folderId inside a folder:
 * - at 'All plans' the bar searches every file/folder plan of the device
 *   (the per-plan call, in parallel, merged);
 * - inside a file/folder plan, that plan; inside one of its folders, that folder;
 * - inside an image plan or a mounted image the API offers no search, and the
 *   bar says so instead of searching something else.
 * Offline the same scopes are searched over the cached listings.
 */
import type { BackupPlan } from '../../model/backup';
import type { BrowserLevel, BrowserRow, SearchQuery } from '../../model/backup/browser';
import type { UserPermissions } from '../../model/session';
import { isListingRestricted } from './browser';

export type SearchScope =
  | { kind: 'device' }
  | { kind: 'plan'; planUid: string }
  | { kind: 'folder'; planUid: string; folderId: string; folderPath: string }
  /** No search here: `reason` is what the bar says. */
  | { kind: 'none'; reason: string };

export const SEARCH_UNAVAILABLE_IMAGE = 'Search is not available in image backups';
export const SEARCH_UNAVAILABLE_MOUNTED = 'Search is not available inside a mounted image';
export const SEARCH_UNAVAILABLE_PLAN_TYPE = 'Search is not available for this type of plan';

/** The innermost listing the technician is in (never the search pseudo-level). */
export interface SearchPlace {
  level: BrowserLevel;
  plan?: Pick<BackupPlan, 'uid' | 'type'>;
  /** The folder being listed (files level), or the folder holding the file whose revisions are listed. */
  folder?: { id: string; path: string };
}

export function searchScopeOf(place: SearchPlace): SearchScope {
  if (place.level === 'plans' || !place.plan) return { kind: 'device' };
  if (place.level === 'mounted-folders' || place.level === 'mounted-files') return { kind: 'none', reason: SEARCH_UNAVAILABLE_MOUNTED };
  if (place.plan.type === 'IMAGE') return { kind: 'none', reason: SEARCH_UNAVAILABLE_IMAGE };
  // A plan type the spec does not list (a real instance's, shown raw): the search call is for file/folder plans.
  if (place.plan.type !== 'FILE_FOLDER') return { kind: 'none', reason: SEARCH_UNAVAILABLE_PLAN_TYPE };
  if (place.folder) return { kind: 'folder', planUid: place.plan.uid, folderId: place.folder.id, folderPath: place.folder.path };
  return { kind: 'plan', planUid: place.plan.uid };
}

/** The query a scope sends for a term (already checked by searchTermProblem), or null where there is no search. */
export function searchQueryOf(scope: SearchScope, nodeId: number, term: string): Omit<SearchQuery, 'page'> | null {
  switch (scope.kind) {
    case 'none':
      return null;
    case 'device':
      return { nodeId, term: term.trim() };
    case 'plan':
      return { nodeId, term: term.trim(), planUid: scope.planUid };
    case 'folder':
      return { nodeId, term: term.trim(), planUid: scope.planUid, folderId: scope.folderId, folderPath: scope.folderPath };
  }
}

/** The key of a device-wide search result: item ids are only unique inside a plan. */
export function searchRowKey(planUid: string, itemId: string): string {
  return `${planUid}|${itemId}`;
}

/** The plan a row belongs to: a search result's own plan, else the plan of the listing it is in. */
export function planOfRow<P extends Pick<BackupPlan, 'uid'>>(row: BrowserRow, listingPlan: P | undefined): P | BackupPlan | undefined {
  return row.kind === 'item' && row.plan ? row.plan : listingPlan;
}

/**
 * §4 per row: a row is in a restricted listing when its plan is a file/folder
 * plan the user may not enter (a device-wide search mixes plans, so each
 * result is judged by its own plan).
 */
export function isRowRestricted(
  row: BrowserRow,
  listingPlan: Pick<BackupPlan, 'uid' | 'type' | 'allowFileFolderBackupAccess'> | undefined,
  permissions: UserPermissions,
): boolean {
  const plan = planOfRow(row, listingPlan);
  return !!plan && plan.type === 'FILE_FOLDER' && isListingRestricted(permissions, plan);
}

/** The one plan all `rows` belong to, or null when they belong to several (or none is known). */
export function singlePlanOf<P extends Pick<BackupPlan, 'uid'>>(rows: readonly BrowserRow[], listingPlan: P | undefined): P | BackupPlan | null {
  let found: P | BackupPlan | undefined;
  for (const row of rows) {
    const plan = planOfRow(row, listingPlan);
    if (!plan) return null;
    if (found && found.uid !== plan.uid) return null;
    found = plan;
  }
  return found ?? null;
}
