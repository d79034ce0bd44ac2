/**
 * Comparing a folder between two backup dates: each side is the folder's
 * content as of one backup job, walked level by level through the browser's
 * listings (so pages already cached are read from the cache, offline too,
 * and pages fetched are cached), within a depth cap and an items cap the
 * technician sees; the pure rule (shared/rules/backup/compare.ts) makes the
 * rows. A side that cannot be read is reported with its message, and the
 * comparison shows what it has.
 */
import type { BrowserLocation, ListingPage } from '../../../shared/model/backup/browser';
import type { CompareCap, CompareSide, FolderComparison } from '../../../shared/model/backup/compare';
import { AppError } from '../../../shared/errors';
import { COMPARE_DEPTH_CAP, COMPARE_ITEMS_PER_SIDE_CAP, compareListings, listedAfterBackup, type CompareEntry } from '../../../shared/rules/backup/compare';
import { cleanText, NAME_MAX } from '../../../shared/rules/platform/server-text';
import type { BrowserService } from './browser-service';

export interface CompareFolderInput {
  nodeId: number;
  planUid: string;
  folderId: string;
  folderPath: string;
  fromJobId: string;
  /** The backup's time (its completion): what the listing is checked against. */
  fromTime: string;
  toJobId: string;
  toTime: string;
}

interface CompareServiceOptions {
  browser: Pick<BrowserService, 'listPage'>;
  limits?: { depth: number; itemsPerSide: number };
}

/** Pages of one folder asked for ahead of the one being read. */
const PAGES_AHEAD = 3;

/** Unread subfolders named per side at most (the count says the rest). */
const MAX_UNREAD_FOLDERS_NAMED = 50;

const SIDE_MESSAGE = 'This backup date could not be read';

/** Windows paths (a drive letter or backslashes) match ignoring case (spec/backup-restore.md §5). */
export function isWindowsPath(path: string): boolean {
  return /^[A-Za-z]:/.test(path) || path.includes('\\');
}

/** A name as one segment of a relative path: its slashes cannot cut it into folders, its controls are dropped. */
function segmentOf(name: string): string {
  return cleanText(name, NAME_MAX).replaceAll('/', '\u2215') || '?';
}

function messageOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

interface SideRead {
  entries: CompareEntry[];
  side: CompareSide;
  /** Every folder whose content this side does not fully know (unread, or where a cap stopped the walk). */
  unknown: string[];
}

export class CompareService {
  private readonly limits: { depth: number; itemsPerSide: number };

  constructor(private readonly options: CompareServiceOptions) {
    this.limits = options.limits ?? { depth: COMPARE_DEPTH_CAP, itemsPerSide: COMPARE_ITEMS_PER_SIDE_CAP };
  }

  async compareFolder(input: CompareFolderInput): Promise<FolderComparison> {
    if (input.fromJobId === input.toJobId) throw new AppError('INVALID_INPUT', 'Pick two different backup dates.');
    const [from, to] = await Promise.all([this.readSide(input, input.fromJobId, input.fromTime), this.readSide(input, input.toJobId, input.toTime)]);
    const caseInsensitive = isWindowsPath(input.folderPath);
    const readable = from.side.state !== 'unread' && to.side.state !== 'unread';
    // Without both sides, every item would look added or removed: no rows rather than wrong ones.
    const { rows, totals } = readable
      ? compareListings(from.entries, to.entries, { caseInsensitive, unknown: [...from.unknown, ...to.unknown] })
      : compareListings([], [], { caseInsensitive });
    const capped = [...new Set([...from.side.capped, ...to.side.capped])];
    return { folderPath: input.folderPath, from: from.side, to: to.side, rows, totals, limits: { ...this.limits }, capped, caseInsensitive };
  }

  /** One side: the folder as of `jobId`, breadth first, within the caps. */
  private async readSide(input: CompareFolderInput, jobId: string, time: string): Promise<SideRead> {
    const { depth: depthCap, itemsPerSide } = this.limits;
    const entries: CompareEntry[] = [];
    const capped = new Set<CompareCap>();
    const unreadFolders: string[] = [];
    const unknown: string[] = [];
    let unreadCount = 0;
    const sources = new Set<'network' | 'cache'>();
    let fetchedAt: number | undefined;
    const side = (state: CompareSide['state'], message?: string): SideRead => ({
      entries,
      unknown,
      side: {
        jobId,
        time,
        state,
        ...(message ? { message } : {}),
        unreadFolders,
        items: entries.length,
        source: sources.size === 0 ? 'none' : sources.size === 2 ? 'mixed' : [...sources][0]!,
        ...(fetchedAt === undefined ? {} : { fetchedAt }),
        capped: [...capped],
      },
    });

    const queue: Array<{ folderId: string; relativePath: string; depth: number }> = [{ folderId: input.folderId, relativePath: '', depth: 1 }];
    walk: for (let next = 0; next < queue.length; next++) {
      const folder = queue[next]!;
      const location: BrowserLocation = { level: 'files', nodeId: input.nodeId, planUid: input.planUid, folderId: folder.folderId, jobId };
      try {
        // The next pages of a folder are asked for while one is read (a large folder over the network).
        const pending = new Map<number, Promise<ListingPage>>();
        const pageOf = (page: number) => {
          let read = pending.get(page);
          if (!read) {
            read = this.options.browser.listPage(location, page);
            read.catch(() => undefined);
            pending.set(page, read);
          }
          return read;
        };
        for (let page = 0, pages = 1; page < pages; page++) {
          const listed = await pageOf(page);
          pending.delete(page);
          pages = listed.totalPages;
          for (let ahead = page + 1; ahead < Math.min(pages, page + 1 + PAGES_AHEAD); ahead++) void pageOf(ahead);
          sources.add(listed.source);
          fetchedAt = fetchedAt === undefined ? listed.fetchedAt : Math.min(fetchedAt, listed.fetchedAt);
          for (const row of listed.rows) {
            if (row.kind !== 'item') continue;
            if (entries.length >= itemsPerSide) {
              // The walk stops here: this folder's content and every folder not walked yet are unknown (on the other
              // side too, where the walk may have gone further), so none of it is reported as added or removed.
              capped.add('items');
              for (let rest = next; rest < queue.length; rest++) unknown.push(queue[rest]!.relativePath);
              break walk;
            }
            const { item } = row;
            const segment = segmentOf(item.name);
            const relativePath = folder.relativePath ? `${folder.relativePath}/${segment}` : segment;
            const isFolder = item.type === 'FOLDER';
            entries.push({
              relativePath,
              folder: isFolder,
              id: item.id,
              path: item.path,
              name: cleanText(item.name, NAME_MAX),
              size: isFolder ? 0 : item.size,
              modified: item.modified ?? null,
            });
            if (!isFolder) continue;
            if (folder.depth < depthCap) queue.push({ folderId: item.id, relativePath, depth: folder.depth + 1 });
            else capped.add('depth');
          }
        }
      } catch (error) {
        if (folder.relativePath === '') return side('unread', `${SIDE_MESSAGE}: ${messageOf(error)}`);
        unreadCount++;
        unknown.push(folder.relativePath);
        if (unreadFolders.length < MAX_UNREAD_FOLDERS_NAMED) unreadFolders.push(folder.relativePath);
      }
    }
    const late = listedAfterBackup(entries, time);
    if (late) {
      // The instance answered another day's content (it ignored the date): a diff of it would be wrong.
      entries.length = 0;
      return side('unread', `${SIDE_MESSAGE} as of that date: the server listed "${late.name}" modified ${late.modified}, after the backup was taken.`);
    }
    if (unreadCount > 0) {
      const more = unreadCount > unreadFolders.length ? ` (and ${unreadCount - unreadFolders.length} more)` : '';
      return side('partial', `${unreadCount === 1 ? 'A subfolder' : `${unreadCount} subfolders`} could not be read${more}; their content is left out.`);
    }
    return side('read');
  }
}
