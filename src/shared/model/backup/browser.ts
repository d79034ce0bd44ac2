/**
 * The backup browser's levels, locations and rows (spec/backup-restore.md §2, §4).
 * A location names one listing; a listing is read a page (250 rows) at a time.
 */
import type { BackupFolder, BackupPlan, FolderContentItem, MountedContentItem, Revision, Volume } from '.';

export const BROWSER_LEVELS = ['plans', 'volumes', 'folders', 'files', 'revisions', 'mounted-folders', 'mounted-files'] as const;
export type BrowserLevel = (typeof BROWSER_LEVELS)[number];

/** The table id of a level, spec §2: 'backup-manage-{level}'. */
export function tableIdOf(level: BrowserLevel | 'search'): string {
  return `backup-manage-${level}`;
}

export type BrowserLocation =
  | { level: 'plans'; nodeId: number }
  | { level: 'volumes'; nodeId: number; planUid: string }
  /** Root folders of a file/folder plan on one volume. */
  | { level: 'folders'; nodeId: number; planUid: string; volumeId: string }
  /**
   * The content (subfolders and files) of one folder; with `jobId`, as of that
   * backup job (the compare of two backup dates), cached apart from today's.
   */
  | { level: 'files'; nodeId: number; planUid: string; folderId: string; jobId?: string }
  /** Revisions of a file (`source: 'file'`, v2 call) or of an image volume (`source: 'image'`, v3 call by numeric plan id). */
  | { level: 'revisions'; nodeId: number; planUid: string; fileId: string; source: 'file' | 'image'; planNumericId?: number }
  /** Inside a mounted image revision: the root ('/') is 'mounted-folders', anything deeper 'mounted-files'. */
  | { level: 'mounted-folders' | 'mounted-files'; nodeId: number; planUid: string; revisionId: string; folder: string };

export type BrowserRow =
  | { kind: 'plan'; key: string; plan: BackupPlan }
  | { kind: 'volume'; key: string; volume: Volume }
  | { kind: 'folder'; key: string; folder: BackupFolder }
  /**
   * A folder or file inside a file/folder plan. A search result carries the
   * plan it was found in (`plan`): a device-wide search merges several plans,
   * and opening, downloading or restoring a result uses its own plan. Its `key` is then `<planUid>|<itemId>`, unique across plans.
   */
  | { kind: 'item'; key: string; item: FolderContentItem; plan?: BackupPlan }
  | { kind: 'revision'; key: string; revision: Revision }
  | { kind: 'mounted'; key: string; item: MountedContentItem; path: string };

export type ListingSource = 'network' | 'cache';

export interface ListingPage {
  /** Stable key of the listing (for update events). */
  key: string;
  level: BrowserLevel | 'search';
  page: number;
  pageSize: number;
  rows: BrowserRow[];
  /** Rows in the whole listing, when known. */
  total: number;
  totalPages: number;
  /**
   * `total` is a lower bound (an offline search found a full page and did not
   * wait for its count); a `backup.listingUpdated` for page 0 follows once the
   * exact total is known.
   */
  counting?: boolean;
  /** Every page of the listing is stored in the cache. */
  complete: boolean;
  /** When this page was fetched from the server (epoch ms). */
  fetchedAt: number;
  source: ListingSource;
  /** The server could not be reached for this read. */
  offline: boolean;
  /**
   * The rows are as this session last fetched them from the server and the
   * server can be reached: the listing says "updated …"; otherwise the rows
   * come from an earlier run or the server is out of reach, and it says
   * "cached …".
   */
  live?: boolean;
  /** Something the technician should know about this page (a plan a device-wide search could not read). */
  notice?: string;
  /**
   * Items of the server's answer for this page that could not be read and are
   * not in `rows`; a whole listing (plans, volumes, root
   * folders) counts them on page 0. Absent or 0: none.
   */
  skipped?: number;
}

export interface SearchQuery {
  nodeId: number;
  /** Absent at the plans level: every file/folder plan of the device. */
  planUid?: string;
  /** Inside a folder: its id (sent to the server) and path (used offline). */
  folderId?: string;
  folderPath?: string;
  term: string;
  page: number;
}

export interface CacheStatus {
  /** False when the cache file could not be used; the console then keeps listings in memory only. */
  persistent: boolean;
  file: string;
  bytes: number;
  limitBytes: number;
  listings: number;
  items: number;
  /** Something the technician should know (a corrupt file moved aside, a newer schema refused). */
  notice?: string;
}

