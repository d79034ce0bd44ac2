/**
 * The backup browser's reads: cache first, then revalidated in the background;
 * the network when a page is not cached; the cache alone when offline. Pages
 * are 250 rows (§9) and are fetched as the technician scrolls, never a whole
 * folder at once.
 */
import type { BackupFolder, BackupPlan } from '../../../shared/model/backup';
import type { BrowserLocation, ListingPage, SearchQuery } from '../../../shared/model/backup/browser';
import { AppError } from '../../../shared/errors';
import { BROWSER_PAGE_SIZE, REVISION_PAGE_SIZE } from '../../../shared/rules/platform/limits';
import type { CachedRow, ListingCache, ListingMeta } from './cache/listing-cache';
import type { Connectivity } from '../platform/connectivity';
import type { EventBus } from '../platform/events';
import type { BackupApi } from './backup-api';
import { BackupSearch } from './backup-search';

interface BrowserServiceOptions {
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
/** Pages whose live fetch time is remembered (the oldest are forgotten: read back, they say "cached"). */
const MAX_LIVE_PAGES = 20_000;

const NOT_AVAILABLE_OFFLINE_MESSAGE = 'This listing is not available offline: it was not opened while the server could be reached.';

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
      // A dated listing is another listing; today's key stays as it was.
      if (location.jobId) parts.push(`job:${location.jobId}`);
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

function joinMounted(folder: string, name: string): string {
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

/** `skipped`: items of the answer that could not be read; a whole listing counts them all. */
type Fetched = { kind: 'whole'; rows: CachedRow[]; skipped: number } | { kind: 'page'; rows: CachedRow[]; total: number; skipped: number };

export class BrowserService {
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * Unreadable items per fetched page (`key#page`; a whole listing on page 0),
   * kept only when non-zero. In memory: a page read from the cache after a
   * restart shows none until it is revalidated.
   */
  private readonly skippedCounts = new Map<string, number>();
  /**
   * When this run last stored each page (`key#page`) from a server answer: a
   * page read back with that fetch time is live, one stored by an earlier run
   * is cached.
   */
  private readonly liveFetches = new Map<string, number>();
  private readonly searcher: BackupSearch;
  private readonly now: () => number;

  constructor(private readonly options: BrowserServiceOptions) {
    this.now = options.now ?? Date.now;
    this.searcher = new BackupSearch({
      api: options.api,
      cache: options.cache,
      connectivity: options.connectivity,
      scope: options.scope,
      plans: (nodeId) => this.plans(nodeId),
      cachedPlans: (nodeId) => this.cachedPlans(nodeId),
      now: this.now,
      counted: (key) => options.events.emit('backup.listingUpdated', { key, page: 0, reset: false }),
    });
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
      // A folder as of a backup job does not change afterwards: its cached pages are never revalidated.
      const dated = location.level === 'files' && !!location.jobId;
      if (!dated && this.options.connectivity.online && age >= (this.options.revalidateAfterMs ?? 30_000)) {
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
        live: false,
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
      live: this.options.connectivity.online && this.liveFetches.get(`${meta.key}#${page}`) === cached.fetchedAt,
      skipped: this.skippedCounts.get(`${meta.key}#${page}`) ?? 0,
    };
  }

  private recordLive(key: string, pages: readonly number[], fetchedAt: number): void {
    for (const page of pages) {
      const at = `${key}#${page}`;
      this.liveFetches.delete(at);
      this.liveFetches.set(at, fetchedAt);
    }
    while (this.liveFetches.size > MAX_LIVE_PAGES) this.liveFetches.delete(this.liveFetches.keys().next().value as string);
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
        const pages = Math.max(1, Math.ceil(fetched.rows.length / BROWSER_PAGE_SIZE));
        this.recordLive(meta.key, Array.from({ length: pages }, (_, i) => i), fetchedAt);
        reset = true;
      } else {
        reset = cache.storePage(meta, page, BROWSER_PAGE_SIZE, fetched.total, fetched.rows, fetchedAt).reset;
        this.recordLive(meta.key, [page], fetchedAt);
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
        const answer = await api.folderContent(location.nodeId, location.planUid, location.folderId, page, size, location.jobId);
        return {
          kind: 'page',
          total: answer.totalElements,
          skipped: answer.skipped,
          // A dated listing's items are of another day: offline search finds today's only.
          rows: answer.results.map((item) => ({ row: { kind: 'item', key: item.id, item }, name: item.name, path: item.path, searchable: !location.jobId })),
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

  /** The device's plans (all pages of its plans listing, cache first). */
  private async plans(nodeId: number): Promise<BackupPlan[]> {
    const location: BrowserLocation = { level: 'plans', nodeId };
    const plans: BackupPlan[] = [];
    for (let page = 0, pages = 1; page < pages; page++) {
      const listed = await this.listPage(location, page);
      pages = listed.totalPages;
      for (const row of listed.rows) if (row.kind === 'plan') plans.push(row.plan);
    }
    return plans;
  }

  /** The device's plans as cached (no call): an empty list when its plans listing was never stored. */
  private cachedPlans(nodeId: number): BackupPlan[] {
    const key = this.meta({ level: 'plans', nodeId }).key;
    const cache = this.options.cache();
    const info = cache.listingInfo(key);
    if (!info) return [];
    return info.pages.flatMap((page) => cache.readPage(key, page)?.rows ?? []).flatMap((row) => (row.kind === 'plan' ? [row.plan] : []));
  }

  /**
   * Search: inside a plan (with folderId inside a folder) that
   * plan's search call; at 'All plans' every file/folder plan's, merged; the
   * cached listings over the same scope when the server cannot be reached.
   */
  search(query: SearchQuery): Promise<ListingPage> {
    return this.searcher.search(query);
  }

  /** The revision list of the Download File and restore dialogs, a page of REVISION_PAGE_SIZE; `cloudOnly` for downloads (§7). */
  async revisionsPage(nodeId: number, planUid: string, fileId: string, page: number, cloudOnly: boolean) {
    const revisions = await this.options.api.listFileRevisions(nodeId, planUid, fileId, page, REVISION_PAGE_SIZE, cloudOnly);
    return { ...revisions, page, size: REVISION_PAGE_SIZE };
  }

  /** The backup dates of the Download Folder and restore dialogs, a page of REVISION_PAGE_SIZE; `cloudOnly` for downloads (§7). */
  async jobsPage(nodeId: number, planUid: string, page: number, cloudOnly: boolean) {
    const jobs = await this.options.api.jobs(nodeId, planUid, page, REVISION_PAGE_SIZE, cloudOnly ? true : undefined);
    return { ...jobs, page, size: REVISION_PAGE_SIZE };
  }
}
