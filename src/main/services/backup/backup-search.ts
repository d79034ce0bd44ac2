/**
 * The backup browser's search (spec/backup-restore.md §2, §5, §7), in the scope the search bar names:
 * - inside a plan: that plan's search call, with folderId inside a folder;
 * - at 'All plans' (no planUid): every file/folder plan of the device, in
 *   parallel, merged and paged (DeviceSearch);
 * - offline: the cached listings over the same scope.
 * Every result row carries the plan it was found in, so opening, downloading
 * and restoring it use that plan; device-wide result keys are
 * `<planUid>|<itemId>` (ids are unique only inside a plan).
 */
import type { BackupFolder, BackupPlan, FolderContentItem } from '../../../shared/model/backup';
import type { BrowserRow, ListingPage, SearchQuery } from '../../../shared/model/backup/browser';
import { AppError } from '../../../shared/errors';
import { searchRowKey } from '../../../shared/rules/backup/search';
import { BROWSER_PAGE_SIZE } from '../../../shared/rules/platform/limits';
import type { ListingCache } from './cache/listing-cache';
import type { Connectivity } from '../platform/connectivity';
import type { BackupApi } from './backup-api';
import { DeviceSearch, type MergedSearchPage } from './device-search';

interface BackupSearchOptions {
  api: BackupApi;
  cache: () => ListingCache;
  connectivity: Connectivity;
  scope: () => string;
  /** The device's plans (cache first, else the server). */
  plans: (nodeId: number) => Promise<BackupPlan[]>;
  /** The device's plans as cached, without a call. */
  cachedPlans: (nodeId: number) => BackupPlan[];
  now: () => number;
  /**
   * An offline search answered with a lower-bound total: called once the exact
   * total is counted (and kept), so the listing re-reads its first page.
   */
  counted: (key: string) => void;
}

/** A cached root folder, as a search result item (§3 "Folder content item"). */
function folderAsItem(folder: BackupFolder): FolderContentItem {
  return {
    id: folder.id,
    name: folder.name,
    path: folder.path,
    type: 'FOLDER',
    deleted: folder.deleted,
    backupSize: 0,
    size: 0,
    status: folder.status,
  };
}

/** The notice of a device-wide search some plans could not answer. */
export function failedPlansNotice(failed: readonly BackupPlan[]): string | undefined {
  if (failed.length === 0) return undefined;
  const names = failed.map((plan) => `'${plan.name}'`).join(', ');
  return failed.length === 1
    ? `The plan ${names} could not be searched: its results are missing.`
    : `The plans ${names} could not be searched: their results are missing.`;
}

export class BackupSearch {
  private readonly device: DeviceSearch;
  /** Offline searches whose exact total is being counted (one count each). */
  private readonly counting = new Set<string>();

  constructor(private readonly options: BackupSearchOptions) {
    this.device = new DeviceSearch({ now: options.now });
  }

  async search(query: SearchQuery): Promise<ListingPage> {
    const term = query.term.trim();
    const scope = this.options.scope();
    const key = [scope, 'search', query.nodeId, query.planUid ?? '', query.folderId ?? '', term].map((p) => encodeURIComponent(String(p))).join('|');
    if (this.options.connectivity.online) {
      try {
        const found = query.planUid ? await this.inPlan(query, term) : await this.deviceWide(key, query.nodeId, term, query.page);
        this.options.connectivity.reportReachable();
        return { key, level: 'search', page: query.page, pageSize: BROWSER_PAGE_SIZE, ...found };
      } catch (error) {
        // Unreachable: the cache answers. A plans listing never cached cannot be read offline either: the cache says what it has.
        const offline = this.options.connectivity.reportFailure(error) || (error instanceof AppError && error.code === 'NOT_AVAILABLE_OFFLINE');
        if (!offline) throw error;
      }
    }
    return { key, level: 'search', page: query.page, pageSize: BROWSER_PAGE_SIZE, ...this.fromCache(key, scope, query) };
  }

  private async inPlan(query: SearchQuery, term: string): Promise<Omit<ListingPage, 'key' | 'level' | 'page' | 'pageSize'>> {
    const planUid = query.planUid!;
    const answer = await this.options.api.search(query.nodeId, planUid, term, query.page, BROWSER_PAGE_SIZE, query.folderId);
    // The plan object travels with each row when it is known (it is, once the plans were listed).
    const plan = this.options.cachedPlans(query.nodeId).find((p) => p.uid === planUid);
    return {
      rows: answer.results.map((item): BrowserRow => ({ kind: 'item', key: item.id, item, ...(plan ? { plan } : {}) })),
      total: answer.totalElements,
      totalPages: answer.totalPages,
      complete: true,
      fetchedAt: this.options.now(),
      source: 'network',
      offline: false,
      live: true,
      skipped: answer.skipped,
    };
  }

  private async deviceWide(key: string, nodeId: number, term: string, page: number): Promise<Omit<ListingPage, 'key' | 'level' | 'page' | 'pageSize'>> {
    // §7: the search call is per file/folder plan; image plans (and types the spec does not list) have none.
    const plans = (await this.options.plans(nodeId)).filter((plan) => plan.type === 'FILE_FOLDER');
    const merged: MergedSearchPage = await this.device.page(
      key,
      plans,
      (plan, p, size) => this.options.api.search(nodeId, plan.uid, term, p, size),
      page,
      BROWSER_PAGE_SIZE,
    );
    const notice = failedPlansNotice(merged.failed);
    return {
      rows: merged.found.map(({ plan, item }): BrowserRow => ({ kind: 'item', key: searchRowKey(plan.uid, item.id), item, plan })),
      total: merged.total,
      totalPages: Math.ceil(merged.total / BROWSER_PAGE_SIZE),
      complete: true,
      fetchedAt: this.options.now(),
      source: 'network',
      offline: false,
      live: true,
      skipped: merged.skipped,
      ...(notice ? { notice } : {}),
    };
  }

  /** Offline: the cached folders and files in the same scope (device, plan, or under a folder's path). */
  private fromCache(key: string, scope: string, query: SearchQuery): Omit<ListingPage, 'key' | 'level' | 'page' | 'pageSize'> {
    const target = { scope, nodeId: query.nodeId, planUid: query.planUid, pathPrefix: query.folderPath, term: query.term };
    // A full page answers at once; the exact total follows (counting a broad pattern walks every match).
    const found = this.options.cache().search({ ...target, offset: query.page * BROWSER_PAGE_SIZE, limit: BROWSER_PAGE_SIZE, countLater: true });
    if (found.counting) this.countLater(key, target);
    const plans = new Map(this.options.cachedPlans(query.nodeId).map((plan) => [plan.uid, plan]));
    const rows = found.rows.map((row, i): BrowserRow => {
      const item = row.kind === 'folder' ? folderAsItem(row.folder) : row.kind === 'item' ? row.item : null;
      if (!item) return row;
      const planUid = found.planUids[i] ?? '';
      const plan = plans.get(planUid);
      return { kind: 'item', key: query.planUid ? item.id : searchRowKey(planUid, item.id), item, ...(plan ? { plan } : {}) };
    });
    return {
      rows,
      total: found.total,
      totalPages: Math.ceil(found.total / BROWSER_PAGE_SIZE),
      complete: true,
      ...(found.counting ? { counting: true } : {}),
      fetchedAt: this.options.now(),
      source: 'cache',
      offline: !this.options.connectivity.online,
      live: false,
    };
  }

  /** After this answer has gone: count, keep the count, and say so (the first page is then read again, with the exact total). */
  private countLater(key: string, target: Parameters<ListingCache['countSearch']>[0]): void {
    if (this.counting.has(key)) return;
    this.counting.add(key);
    setTimeout(() => {
      try {
        this.options.cache().countSearch(target);
        this.options.counted(key);
      } catch {
        // The cache failed to count: the listing keeps its lower bound; the next search counts again.
      } finally {
        this.counting.delete(key);
      }
    }, 0);
  }
}
