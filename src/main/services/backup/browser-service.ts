/**
 * The backup browser's reads: cache first, then revalidated in the background;
 * the network when a page is not cached; the cache alone when offline. Pages
 * are 250 rows (§9) and are fetched as the technician scrolls, never a whole
 * folder at once.
 */
import type { BackupFolder, FolderContentItem } from '../../../shared/model/backup';
import type { BrowserLocation, BrowserRow, ListingPage, SearchQuery } from '../../../shared/model/browser';
import { AppError } from '../../../shared/errors';
import { BROWSER_PAGE_SIZE } from '../../../shared/rules/limits';
import type { CachedRow, ListingCache, ListingMeta } from '../cache/listing-cache';
import type { Connectivity } from '../connectivity';
import type { EventBus } from '../events';
import type { BackupApi } from './backup-api';

export interface BrowserServiceOptions {
  api: BackupApi;
  cache: () => ListingCache;
  connectivity: Connectivity;
  events: EventBus;
  /** The signed-in profile id: cached rows of different profiles never mix. */
  scope: () => string;
  /** A cached page older than this is revalidated in the background when read. */
  revalidateAfterMs?: number;
  now?: () => number;
}

/** Root-folder answers are arrays without totals: read at most this many pages of them. */
const MAX_FOLDER_PAGES = 200;

export const NOT_AVAILABLE_OFFLINE_MESSAGE = 'This listing is not available offline: it was not opened while the server could be reached.';

export function listingKey(scope: string, location: BrowserLocation): string {
  const parts: Array<string | number | undefined> = [scope, location.level, location.nodeId];
  switch (location.level) {
    case 'plans':
      break;
    case 'volumes':
      parts.push(location.planUid);
      break;
    case 'folders':
      parts.push(location.planUid, location.volumeId);
      break;
    case 'files':
      parts.push(location.planUid, location.folderId);
      break;
    case 'revisions':
      parts.push(location.planUid, location.source, location.fileId);
      break;
    case 'mounted-folders':
    case 'mounted-files':
      parts.push(location.planUid, location.revisionId, location.folder);
      break;
  }
  return parts.map((p) => encodeURIComponent(String(p ?? ''))).join('|');
}

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

function joinMounted(folder: string, name: string): string {
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

/** `skipped`: items of the answer that could not be read (issue 11 point 5); a whole listing counts them all. */
type Fetched = { kind: 'whole'; rows: CachedRow[]; skipped: number } | { kind: 'page'; rows: CachedRow[]; total: number; skipped: number };

export class BrowserService {
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * Unreadable items per fetched page (`key#page`; a whole listing on page 0),
   * kept only when non-zero. In memory: a page read from the cache after a
   * restart shows none until it is revalidated (issue 11 point 5).
   */
  private readonly skippedCounts = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: BrowserServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  private meta(location: BrowserLocation): ListingMeta {
    const scope = this.options.scope();
    return {
      key: listingKey(scope, location),
      scope,
      nodeId: location.nodeId,
      planUid: 'planUid' in location ? location.planUid : undefined,
      level: location.level,
    };
  }

  /** A page of a listing: from the cache when stored (revalidated when stale), else from the server; `fresh` asks the server first. */
  async listPage(location: BrowserLocation, page: number, fresh = false): Promise<ListingPage> {
    const meta = this.meta(location);
    const cache = this.options.cache();
    if (fresh && this.options.connectivity.online) {
      try {
        await this.refresh(location, meta, page);
        const stored = cache.readPage(meta.key, page);
        if (stored) return this.toPage(meta, location.level, page, stored, 'network');
      } catch (error) {
        // Unreachable: the cached page (below) is the best there is; other failures are the listing's own.
        if (!(error instanceof AppError && error.code === 'OFFLINE')) throw error;
      }
    }
    const cached = cache.readPage(meta.key, page);
    if (cached) {
      const age = this.now() - cached.fetchedAt;
      if (this.options.connectivity.online && age >= (this.options.revalidateAfterMs ?? 30_000)) {
        void this.refresh(location, meta, page).catch(() => undefined);
      }
      return this.toPage(meta, location.level, page, cached, 'cache');
    }
    const info = cache.listingInfo(meta.key);
    if (info && page >= Math.max(1, Math.ceil(info.total / info.pageSize))) {
      // Past the end of a known listing: nothing to fetch.
      return {
        key: meta.key,
        level: location.level,
        page,
        pageSize: info.pageSize,
        rows: [],
        total: info.total,
        totalPages: Math.ceil(info.total / info.pageSize),
        complete: info.complete,
        fetchedAt: this.now(),
        source: 'cache',
        offline: !this.options.connectivity.online,
      };
    }
    try {
      await this.refresh(location, meta, page);
    } catch (error) {
      if (error instanceof AppError && error.code === 'OFFLINE') {
        throw new AppError('NOT_AVAILABLE_OFFLINE', NOT_AVAILABLE_OFFLINE_MESSAGE);
      }
      throw error;
    }
    const stored = cache.readPage(meta.key, page);
    if (!stored) throw new AppError('INTERNAL', 'The listing could not be read back from the cache.');
    return this.toPage(meta, location.level, page, stored, 'network');
  }

  private toPage(meta: ListingMeta, level: ListingPage['level'], page: number, cached: NonNullable<ReturnType<ListingCache['readPage']>>, source: 'cache' | 'network'): ListingPage {
    return {
      key: meta.key,
      level,
      page,
      pageSize: cached.pageSize,
      rows: cached.rows,
      total: cached.total,
      totalPages: cached.totalPages,
      complete: cached.complete,
      fetchedAt: cached.fetchedAt,
      source,
      offline: !this.options.connectivity.online,
      skipped: this.skippedCounts.get(`${meta.key}#${page}`) ?? 0,
    };
  }

  private recordSkipped(key: string, page: number, fetched: Fetched): void {
    if (fetched.kind === 'whole') {
      for (const counted of [...this.skippedCounts.keys()]) if (counted.startsWith(`${key}#`)) this.skippedCounts.delete(counted);
    }
    const at = `${key}#${fetched.kind === 'whole' ? 0 : page}`;
    if (fetched.skipped > 0) this.skippedCounts.set(at, fetched.skipped);
    else this.skippedCounts.delete(at);
  }

  /** Fetches one page (or a whole unpaged listing) and stores it; single-flight per page. */
  private refresh(location: BrowserLocation, meta: ListingMeta, page: number): Promise<void> {
    const flightKey = `${meta.key}#${page}`;
    const running = this.inFlight.get(flightKey);
    if (running) return running;
    const work = (async () => {
      let fetched: Fetched;
      try {
        fetched = await this.fetch(location, page);
        this.options.connectivity.reportReachable();
      } catch (error) {
        this.options.connectivity.reportFailure(error);
        throw error;
      }
      const fetchedAt = this.now();
      const cache = this.options.cache();
      this.recordSkipped(meta.key, page, fetched);
      let reset: boolean;
      if (fetched.kind === 'whole') {
        cache.storeWhole(meta, BROWSER_PAGE_SIZE, fetched.rows, fetchedAt);
        reset = true;
      } else {
        reset = cache.storePage(meta, page, BROWSER_PAGE_SIZE, fetched.total, fetched.rows, fetchedAt).reset;
      }
      this.options.events.emit('backup.listingUpdated', { key: meta.key, page, reset });
    })().finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, work);
    return work;
  }

  private async fetch(location: BrowserLocation, page: number): Promise<Fetched> {
    const api = this.options.api;
    const size = BROWSER_PAGE_SIZE;
    switch (location.level) {
      case 'plans': {
        const { items: plans, skipped } = await api.plans(location.nodeId);
        return { kind: 'whole', skipped, rows: plans.map((plan) => ({ row: { kind: 'plan', key: plan.uid, plan }, name: plan.name, searchable: false })) };
      }
      case 'volumes': {
        const { items: volumes, skipped } = await api.volumes(location.nodeId, location.planUid);
        return {
          kind: 'whole',
          skipped,
          rows: volumes.map((volume) => ({ row: { kind: 'volume', key: volume.id, volume }, name: volume.name, searchable: false })),
        };
      }
      case 'folders': {
        const folders: BackupFolder[] = [];
        let skipped = 0;
        for (let p = 0; p < MAX_FOLDER_PAGES; p++) {
          const batch = await api.folders(location.nodeId, location.planUid, p, size, location.volumeId);
          folders.push(...batch.items);
          skipped += batch.skipped;
          // A page is short only when the server had no more: unreadable items still count as sent.
          if (batch.items.length + batch.skipped < size) break;
        }
        const onVolume = folders.filter((f) => !f.volumeId || f.volumeId === location.volumeId);
        return {
          kind: 'whole',
          skipped,
          rows: onVolume.map((folder) => ({ row: { kind: 'folder', key: folder.id, folder }, name: folder.name, path: folder.path, searchable: true })),
        };
      }
      case 'files': {
        const answer = await api.folderContent(location.nodeId, location.planUid, location.folderId, page, size);
        return {
          kind: 'page',
          total: answer.totalElements,
          skipped: answer.skipped,
          rows: answer.results.map((item) => ({ row: { kind: 'item', key: item.id, item }, name: item.name, path: item.path, searchable: true })),
        };
      }
      case 'revisions': {
        const answer =
          location.source === 'image'
            ? await api.imageRevisions(location.nodeId, this.requireNumericId(location.planNumericId), location.fileId, page, size)
            : await api.fileRevisions(location.nodeId, location.planUid, location.fileId, page, size);
        return {
          kind: 'page',
          total: answer.totalElements,
          skipped: answer.skipped,
          rows: answer.results.map((revision) => ({ row: { kind: 'revision', key: revision.id, revision }, name: revision.modified, searchable: false })),
        };
      }
      case 'mounted-folders':
      case 'mounted-files': {
        const answer = await api.mountedContent(location.nodeId, location.planUid, location.revisionId, location.folder, page, size);
        return {
          kind: 'page',
          total: answer.totalElements,
          skipped: answer.skipped,
          rows: answer.results.map((item) => {
            const path = joinMounted(location.folder, item.name);
            return { row: { kind: 'mounted', key: path, item, path }, name: item.name, path, searchable: false };
          }),
        };
      }
    }
  }

  private requireNumericId(id: number | undefined): number {
    if (id === undefined) throw new AppError('INVALID_INPUT', 'Image revisions need the plan number.');
    return id;
  }

  /**
   * Search: the server when it can be reached (inside a plan, with folderId
   * inside a folder); everything cached for the device when it cannot, or at
   * the plans level where the API has no device-wide search.
   */
  async search(query: SearchQuery): Promise<ListingPage> {
    const scope = this.options.scope();
    const key = ['search', query.nodeId, query.planUid ?? '', query.folderId ?? '', query.term.trim()].map((p) => encodeURIComponent(String(p))).join('|');
    const base = { key, level: 'search' as const, page: query.page, pageSize: BROWSER_PAGE_SIZE };
    if (query.planUid && this.options.connectivity.online) {
      try {
        const answer = await this.options.api.search(query.nodeId, query.planUid, query.term.trim(), query.page, BROWSER_PAGE_SIZE, query.folderId);
        this.options.connectivity.reportReachable();
        return {
          ...base,
          rows: answer.results.map((item): BrowserRow => ({ kind: 'item', key: item.id, item })),
          total: answer.totalElements,
          totalPages: answer.totalPages,
          complete: true,
          fetchedAt: this.now(),
          source: 'network',
          offline: false,
          skipped: answer.skipped,
        };
      } catch (error) {
        if (!this.options.connectivity.reportFailure(error)) throw error;
      }
    }
    const found = this.options.cache().search({
      scope,
      nodeId: query.nodeId,
      planUid: query.planUid,
      pathPrefix: query.folderPath,
      term: query.term,
      offset: query.page * BROWSER_PAGE_SIZE,
      limit: BROWSER_PAGE_SIZE,
    });
    return {
      ...base,
      rows: found.rows.map((row): BrowserRow => (row.kind === 'folder' ? { kind: 'item', key: row.key, item: folderAsItem(row.folder) } : row)),
      total: found.total,
      totalPages: Math.ceil(found.total / BROWSER_PAGE_SIZE),
      complete: true,
      fetchedAt: this.now(),
      source: 'cache',
      offline: !this.options.connectivity.online,
    };
  }
}
