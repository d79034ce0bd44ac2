/** Pure rules of the backup browser, spec/backup-restore.md §2, §4, §5, §8. */
import type { BackupPlan } from '../../model/backup';
import type { BrowserLevel, BrowserRow } from '../../model/backup/browser';
import type { UserPermissions } from '../../model/session';
import { RESTORE_SEARCH_MIN_LENGTH } from '../platform/limits';
import { formatMessage } from '../platform/messages';

/**
 * §4: folder listings are restricted when the user lacks canViewAndRestoreBackupData
 * and the plan does not allow file-folder backup access.
 */
export function isListingRestricted(permissions: UserPermissions, plan: Pick<BackupPlan, 'allowFileFolderBackupAccess'>): boolean {
  return !permissions.canViewAndRestoreBackupData && !plan.allowFileFolderBackupAccess;
}

/**
 * What the browser says about a restricted folder (§4, §6): shown above a
 * listing that holds some, and when one is opened.
 */
export const RESTRICTED_FOLDER_MESSAGE = 'Restricted: the folders and files of this plan cannot be opened without the permission to view and restore backup data.';

/** §4: restricted folders and items that are not folders cannot be entered; files open their revisions. */
export function canEnterRow(row: BrowserRow, restricted: boolean): boolean {
  switch (row.kind) {
    case 'plan':
    case 'volume':
      return true;
    case 'folder':
      return !restricted;
    case 'item':
      // Files lead to their revisions; entering either needs an unrestricted listing.
      return !restricted;
    case 'revision':
      // Image revisions lead to mounted content (mounting has its own rule); file revisions are leaves.
      return row.revision.type === 'IMAGE';
    case 'mounted':
      return row.item.type === 'FOLDER';
  }
}

/** §5: at least 3 characters (after trimming). */
export function searchTermProblem(term: string): string | null {
  const trimmed = term.trim();
  if (trimmed.length < RESTORE_SEARCH_MIN_LENGTH) return `Enter at least ${RESTORE_SEARCH_MIN_LENGTH} characters to search.`;
  return null;
}

export const SEARCH_PLACEHOLDER = 'Search files or folders in restore...';
export const SEARCH_TOOLTIP =
  "Search by file name, folder name or file extension. Use '*' as a wildcard, for example *.txt or Accounting*.";
export const BREADCRUMB_ROOT = 'All plans';
export const SEARCH_RESULTS_LEVEL = 'Search Results';
export const IMAGE_PLAN_TYPE_TOOLTIP = 'Refers to original Image Backup plan type';

/** Revision tags of spec §2 and what each means. */
export const REVISION_TAGS = {
  planDeleted: { label: 'Plan Deleted', meaning: 'The backup plan was deleted; its backup data is not deleted.' },
  disabled: { label: 'Disabled', meaning: 'The image plan is not enabled.' },
  missing: { label: 'Missing', meaning: 'The item is no longer on the backup target.' },
  removed: { label: 'Removed', meaning: 'The item was removed from the backup plan.' },
} as const;

/** Names that fill the §8 messages for a failed listing. */
export interface ListingNames {
  planName?: string;
  volumeName?: string;
  folderName?: string;
}

/** §8: the message for a failed fetch at a level, names filled in. */
export function listingErrorMessage(level: BrowserLevel | 'search', names: ListingNames): string {
  switch (level) {
    case 'plans':
      return formatMessage('plansFetchFailed');
    case 'volumes':
      return formatMessage('volumesFetchFailed', { backupPlanName: names.planName ?? '' });
    case 'folders':
      return formatMessage('foldersFetchFailed', { backupPlanName: names.planName ?? '' });
    case 'files':
      return formatMessage('folderContentFailed', { folderName: names.folderName ?? '' });
    case 'revisions':
      return formatMessage('revisionsFetchFailed', { volumeName: names.volumeName ?? names.folderName ?? '' });
    case 'mounted-folders':
    case 'mounted-files':
      return formatMessage('mountedContentFailed', { folderName: names.folderName ?? '' });
    case 'search':
      return formatMessage('contentFailed');
  }
}

/**
 * The listing age line: "updated just now" / "updated 12 min
 * ago" for rows this session fetched from a server it can reach; "cached …"
 * only for rows read from the cache (an earlier run, or the server out of reach).
 */
export function describeAge(fetchedAt: number, now: number, live = false): string {
  const word = live ? 'updated' : 'cached';
  const seconds = Math.max(0, Math.round((now - fetchedAt) / 1000));
  if (seconds < 60) return `${word} just now`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${word} ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${word} ${hours} h ago`;
  return `${word} ${Math.round(hours / 24)} days ago`;
}

/**
 * The §2 tags of a folder or item by its status: 'Missing' when no longer on
 * the backup target, 'Removed' only when removed from the backup plan (status
 * REMOVED). The `deleted` flag (a file deleted on the device, its backup kept)
 * is no tag of its own.
 */
export function statusTagKeys(status: string | undefined): Array<'missing' | 'removed'> {
  if (status === 'MISSING') return ['missing'];
  if (status === 'REMOVED') return ['removed'];
  return [];
}
