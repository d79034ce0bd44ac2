/**
 * The listing cache: every page fetched from the API is stored with its fetch
 * time; a listing is complete only when all its pages are stored (with one
 * agreed total). Reads page by page; offline search over everything cached for
 * a device; least-recently-used eviction above a size limit.
 */
import type Database from 'better-sqlite3';
import type { BrowserRow, CacheStatus } from '../../../../shared/model/backup/browser';
import { BROWSER_PAGE_SIZE } from '../../../../shared/rules/platform/limits';
import { isCorruptionError, moveAside } from '../../platform/db/open';
import { statement } from '../../platform/db/statements';
import { openCacheDatabase } from './database';
import { DEFAULT_AUTOCHECKPOINT_PAGES, SAFETY_NET_PAGES, WalCheckpointer } from './wal-checkpointer';
import { KeptSearches } from './kept-searches';
import { countItems, searchItems, type ItemSearch, type ItemSearchResult, type SearchPlan } from './offline-search';


export { globPatternFor, pathPrefixPattern } from './name-pattern';

export interface ListingMeta {
  key: string;
  /** The profile the listing belongs to (different instances never share rows). */
  scope: string;
  nodeId: number;
  planUid?: string;
  level: string;
}

export interface CachedRow {
  row: BrowserRow;
  name: string;
  path?: string;
  /** Included in offline search (folders and files of file/folder plans). */
  searchable: boolean;
}

interface CachedPage {
  rows: BrowserRow[];
  fetchedAt: number;
  total: number;
  pageSize: number;
  totalPages: number;
  complete: boolean;
}

interface ListingInfo {
  total: number;
  pageSize: number;
  complete: boolean;
  pages: number[];
}

export interface CacheSearch {
  scope: string;
  nodeId: number;
  planUid?: string;
  /** Only items under this folder path (case-insensitive). */
  pathPrefix?: string;
  term: string;
  offset: number;
  limit: number;
  /**
   * A full page answers at once, with `counting` and a lower-bound total; the
   * exact total comes from `countSearch` afterwards (the
   * count of a broad pattern walks every match).
   */
  countLater?: boolean;
}

type CacheSearchResult = Omit<ItemSearchResult, 'plan' | 'counted' | 'planned'> & { plan?: ItemSearchResult['plan']; counting?: boolean };

/** Rough per-item overhead (index entries, row header) added to the stored text lengths. */
const ITEM_OVERHEAD_BYTES = 64;
/** An item row's columns, in the order `insertItems` takes their values. */
const ITEM_COLUMNS = ['listing_id', 'idx', 'node_ref', 'plan_uid', 'searchable', 'name_lower', 'path_lower', 'row'] as const;
/**
 * Items inserted by one statement: a full page of the API (a statement per
 * item made storing a page about 15% slower). The items of a page that is not
 * full go one by one, so two statements serve every page.
 */
const INSERT_CHUNK_ITEMS = BROWSER_PAGE_SIZE;

function insertItemsSql(items: number): string {
  const tuple = `(${ITEM_COLUMNS.map(() => '?').join(', ')})`;
  return `INSERT INTO items (${ITEM_COLUMNS.join(', ')}) VALUES ${Array<string>(items).fill(tuple).join(', ')}`;
}

const INSERT_ITEM = insertItemsSql(1);
const INSERT_CHUNK = insertItemsSql(INSERT_CHUNK_ITEMS);

/** last_used is refreshed at most this often per listing, so reads stay reads. */
const TOUCH_INTERVAL_MS = 30_000;

export class ListingCache {
  private db!: Database.Database;
  private persistent = true;
  private notice: string | undefined;
  private limitBytes: number;
  private readonly touched = new Map<number, number>();
  /** Exact totals and plans of recent searches, each valid while the database is as it was. */
  private readonly kept = new KeptSearches(() => (this.sql('SELECT total_changes() AS n').get() as { n: number }).n);
  private readonly now: () => number;
  /** Checkpoints the WAL on a worker thread (persistent files only). */
  private checkpointer: WalCheckpointer | null = null;

  constructor(
    readonly file: string,
    options: { limitBytes: number; now?: () => number },
  ) {
    this.limitBytes = options.limitBytes;
    this.now = options.now ?? Date.now;
    this.open();
  }

  private open(): void {
    const opened = openCacheDatabase(this.file);
    this.db = opened.db;
    this.persistent = opened.persistent;
    this.notice = 'notice' in opened ? opened.notice : undefined;
    this.touched.clear();
    this.kept.clear();
    this.checkpointer = null;
    if (this.persistent) {
      const db = this.db;
      this.checkpointer = new WalCheckpointer(this.file, {
        onFailure: () => {
          try {
            db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
          } catch {
            // Closed meanwhile: the next open starts over.
          }
        },
      });
      db.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
    }
  }

  /** Prepared once per open database (see platform/db/statements). */
  private sql(text: string): Database.Statement {
    return statement(this.db, text);
  }

  /** A corrupt page found while running: move the file aside, start over, and carry on as a cache miss. */
  private guard<T>(work: () => T, fallback: () => T): T {
    try {
      return work();
    } catch (error) {
      if (!isCorruptionError(error) || !this.persistent) throw error;
      this.checkpointer?.close();
      try {
        this.db.close();
      } catch {
        // Closing a damaged database may fail too; the file is moved aside either way.
      }
      moveAside(this.file, this.now());
      this.open();
      this.notice = 'The offline cache file was damaged. It was moved aside and a new cache was started; listings will be cached again as you browse.';
      return fallback();
    }
  }

  get isPersistent(): boolean {
    return this.persistent;
  }

  setLimit(limitBytes: number): void {
    this.limitBytes = limitBytes;
    this.evict();
  }

  status(): CacheStatus {
    return this.guard(
      () => {
        const listings = this.sql('SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM listings').get() as { n: number; bytes: number };
        const items = this.sql('SELECT count(*) AS n FROM items').get() as { n: number };
        return {
          persistent: this.persistent,
          file: this.file,
          bytes: listings.bytes,
          limitBytes: this.limitBytes,
          listings: listings.n,
          items: items.n,
          ...(this.notice ? { notice: this.notice } : {}),
        };
      },
      () => this.status(),
    );
  }

  listingInfo(key: string): ListingInfo | null {
    return this.guard(
      () => {
        const listing = this.sql('SELECT id, total, page_size, complete FROM listings WHERE key = ?').get(key) as
          | { id: number; total: number; page_size: number; complete: number }
          | undefined;
        if (!listing) return null;
        const pages = (this.sql('SELECT page FROM pages WHERE listing_id = ? ORDER BY page').all(listing.id) as Array<{ page: number }>).map((p) => p.page);
        return { total: listing.total, pageSize: listing.page_size, complete: listing.complete === 1, pages };
      },
      () => null,
    );
  }

  readPage(key: string, page: number): CachedPage | null {
    return this.guard(
      () => {
        const listing = this.sql('SELECT id, total, page_size, complete FROM listings WHERE key = ?').get(key) as
          | { id: number; total: number; page_size: number; complete: number }
          | undefined;
        if (!listing) return null;
        const stored = this.sql('SELECT fetched_at FROM pages WHERE listing_id = ? AND page = ?').get(listing.id, page) as
          | { fetched_at: number }
          | undefined;
        if (!stored) return null;
        const start = page * listing.page_size;
        const rows = (
          this.sql('SELECT row FROM items WHERE listing_id = ? AND idx >= ? AND idx < ? ORDER BY idx').all(listing.id, start, start + listing.page_size) as Array<{
            row: string;
          }>
        ).map((r) => JSON.parse(r.row) as BrowserRow);
        this.touch(listing.id);
        return {
          rows,
          fetchedAt: stored.fetched_at,
          total: listing.total,
          pageSize: listing.page_size,
          totalPages: Math.ceil(listing.total / listing.page_size),
          complete: listing.complete === 1,
        };
      },
      () => null,
    );
  }

  private touch(listingId: number): void {
    const now = this.now();
    const last = this.touched.get(listingId) ?? 0;
    if (now - last < TOUCH_INTERVAL_MS) return;
    this.touched.set(listingId, now);
    this.sql('UPDATE listings SET last_used = ? WHERE id = ?').run(now, listingId);
  }

  /**
   * Stores one page. When the server's total or page size differs from what is
   * stored, the listing changed: its other pages are dropped (never mixed) and
   * it is no longer complete. Returns whether other pages were dropped.
   */
  storePage(meta: ListingMeta, page: number, pageSize: number, total: number, rows: readonly CachedRow[], fetchedAt: number): { reset: boolean } {
    return this.guard(
      () => {
        const { reset, bytes } = this.db.transaction(() => this.storePageInTransaction(meta, page, pageSize, total, rows, fetchedAt))();
        this.checkpointer?.wrote(bytes);
        this.evict(meta.key);
        return { reset };
      },
      () => this.storePage(meta, page, pageSize, total, rows, fetchedAt),
    );
  }

  /** Replaces a whole listing (answers that are not paged: plans, volumes, root folders). */
  storeWhole(meta: ListingMeta, pageSize: number, rows: readonly CachedRow[], fetchedAt: number): void {
    this.guard(
      () => {
        const bytes = this.db.transaction(() => {
          this.dropListing(meta.key);
          const pages = Math.max(1, Math.ceil(rows.length / pageSize));
          let written = 0;
          for (let page = 0; page < pages; page++) {
            written += this.storePageInTransaction(meta, page, pageSize, rows.length, rows.slice(page * pageSize, (page + 1) * pageSize), fetchedAt).bytes;
          }
          return written;
        })();
        this.checkpointer?.wrote(bytes);
        this.evict(meta.key);
      },
      () => this.storeWhole(meta, pageSize, rows, fetchedAt),
    );
  }

  /** `bytes`: the text stored (what the WAL grew by, roughly). */
  private storePageInTransaction(
    meta: ListingMeta,
    page: number,
    pageSize: number,
    total: number,
    rows: readonly CachedRow[],
    fetchedAt: number,
  ): { reset: boolean; bytes: number } {
    const now = this.now();
    let listing = this.sql('SELECT id, total, page_size FROM listings WHERE key = ?').get(meta.key) as
      | { id: number; total: number; page_size: number }
      | undefined;
    let reset = false;
    const nodeRef = this.nodeRef(meta.scope, meta.nodeId, true) as number;
    if (listing && (listing.total !== total || listing.page_size !== pageSize)) {
      this.removeItems(listing.id);
      this.sql('DELETE FROM pages WHERE listing_id = ?').run(listing.id);
      this.sql('UPDATE listings SET total = ?, page_size = ?, complete = 0, bytes = 0 WHERE id = ?').run(total, pageSize, listing.id);
      reset = true;
    }
    if (!listing) {
      const inserted = this.sql(
        'INSERT INTO listings (key, node_ref, plan_uid, level, total, page_size, complete, bytes, last_used) VALUES (?, ?, ?, ?, ?, ?, 0, 0, ?)',
      ).run(meta.key, nodeRef, meta.planUid ?? null, meta.level, total, pageSize, now);
      listing = { id: Number(inserted.lastInsertRowid), total, page_size: pageSize };
    }
    const start = page * pageSize;
    const old = this.sql(
      'SELECT coalesce(sum(length(row) + length(name_lower) + length(path_lower)), 0) AS bytes, count(*) AS n FROM items WHERE listing_id = ? AND idx >= ? AND idx < ?',
    ).get(listing.id, start, start + pageSize) as { bytes: number; n: number };
    this.removeItems(listing.id, start, start + pageSize);
    let bytes = 0;
    const values: unknown[] = [];
    rows.forEach((cached, i) => {
      const json = JSON.stringify(cached.row);
      const nameLower = cached.name.toLowerCase();
      const pathLower = (cached.path ?? '').toLowerCase();
      bytes += json.length + nameLower.length + pathLower.length + ITEM_OVERHEAD_BYTES;
      values.push(listing.id, start + i, nodeRef, meta.planUid ?? '', cached.searchable ? 1 : 0, nameLower, pathLower, json);
    });
    this.insertItems(values);
    // The page's names go into the trigram index in the same transaction, in one statement (see migrations 002 and 004).
    if (rows.length > 0) {
      this.sql('INSERT INTO items_names (rowid, name_lower) SELECT id, name_lower FROM items WHERE listing_id = ? AND idx >= ? AND idx < ?').run(
        listing.id,
        start,
        start + rows.length,
      );
    }
    const delta = bytes - (old.bytes + old.n * ITEM_OVERHEAD_BYTES);
    this.sql('INSERT OR REPLACE INTO pages (listing_id, page, fetched_at, row_count) VALUES (?, ?, ?, ?)').run(listing.id, page, fetchedAt, rows.length);
    const totalPages = Math.max(1, Math.ceil(total / pageSize));
    const { stored } = this.sql('SELECT count(*) AS stored FROM pages WHERE listing_id = ? AND page < ?').get(listing.id, totalPages) as { stored: number };
    this.sql('UPDATE listings SET complete = ?, bytes = max(0, bytes + ?), last_used = ? WHERE id = ?').run(stored >= totalPages ? 1 : 0, delta, now, listing.id);
    this.touched.set(listing.id, now);
    return { reset, bytes };
  }

  /** Inserts items given as the values of their ITEM_COLUMNS one after another, in order. */
  private insertItems(values: readonly unknown[]): void {
    const chunk = INSERT_CHUNK_ITEMS * ITEM_COLUMNS.length;
    let from = 0;
    for (; from + chunk <= values.length; from += chunk) this.sql(INSERT_CHUNK).run(values.slice(from, from + chunk));
    for (; from < values.length; from += ITEM_COLUMNS.length) this.sql(INSERT_ITEM).run(values.slice(from, from + ITEM_COLUMNS.length));
  }

  private nodeRef(scope: string, nodeId: number, create: boolean): number | null {
    const found = this.sql('SELECT id FROM nodes WHERE scope = ? AND node_id = ?').get(scope, nodeId) as { id: number } | undefined;
    if (found) return found.id;
    if (!create) return null;
    return Number(this.sql('INSERT INTO nodes (scope, node_id) VALUES (?, ?)').run(scope, nodeId).lastInsertRowid);
  }

  /**
   * Removes a listing's items at positions [from, to) with their names in the
   * trigram index: one statement each, however many items go (see migration
   * 004). Every removal of items goes through here; `clear` empties both at once.
   */
  private removeItems(listingId: number, from = 0, to = Number.MAX_SAFE_INTEGER): void {
    const where = 'WHERE listing_id = ? AND idx >= ? AND idx < ?';
    this.sql(`INSERT INTO items_names (items_names, rowid, name_lower) SELECT 'delete', id, name_lower FROM items ${where}`).run(listingId, from, to);
    this.sql(`DELETE FROM items ${where}`).run(listingId, from, to);
  }

  /** Removes a listing: its items first, then the listing (its pages go with it). Call inside a transaction. */
  private removeListing(listingId: number): void {
    this.removeItems(listingId);
    this.sql('DELETE FROM listings WHERE id = ?').run(listingId);
    this.touched.delete(listingId);
  }

  private dropListing(key: string): void {
    const listing = this.sql('SELECT id FROM listings WHERE key = ?').get(key) as { id: number } | undefined;
    if (listing) this.removeListing(listing.id);
  }

  /** Drops one listing (the server says it is gone). */
  forget(key: string): void {
    this.guard(
      () => this.db.transaction(() => this.dropListing(key))(),
      () => undefined,
    );
  }

  /**
   * Data deletion was scheduled (§4): the cached rows of these files/folders
   * (or plans) are marked deleted, so offline browsing shows them as removed
   * and offline search no longer finds them, until the server's listing
   * replaces them. Returns how many cached rows were marked.
   */
  markDeleted(scope: string, nodeId: number, target: { planUids: readonly string[] } | { planUid: string; itemIds: readonly string[] }): number {
    return this.guard(
      () => {
        const nodeRef = this.nodeRef(scope, nodeId, false);
        if (nodeRef === null) return 0;
        if ('planUids' in target) {
          if (target.planUids.length === 0) return 0;
          const marks = target.planUids.map(() => '?').join(', ');
          return this.db
            .prepare(
              `UPDATE items SET row = json_set(row, '$.plan.deleted', json('true')), searchable = 0
               WHERE node_ref = ? AND json_extract(row, '$.kind') = 'plan' AND json_extract(row, '$.plan.uid') IN (${marks})`,
            )
            .run(nodeRef, ...target.planUids).changes;
        }
        if (target.itemIds.length === 0) return 0;
        const marks = target.itemIds.map(() => '?').join(', ');
        const items = this.db
          .prepare(
            `UPDATE items SET row = json_set(row, '$.item.deleted', json('true'), '$.item.status', 'DELETED'), searchable = 0
             WHERE node_ref = ? AND plan_uid = ? AND json_extract(row, '$.kind') = 'item' AND json_extract(row, '$.item.id') IN (${marks})`,
          )
          .run(nodeRef, target.planUid, ...target.itemIds).changes;
        const folders = this.db
          .prepare(
            `UPDATE items SET row = json_set(row, '$.folder.deleted', json('true'), '$.folder.status', 'DELETED'), searchable = 0
             WHERE node_ref = ? AND plan_uid = ? AND json_extract(row, '$.kind') = 'folder' AND json_extract(row, '$.folder.id') IN (${marks})`,
          )
          .run(nodeRef, target.planUid, ...target.itemIds).changes;
        return items + folders;
      },
      () => 0,
    );
  }

  /** Least-recently-used listings go first until the cache fits its limit. */
  private evict(keep?: string): void {
    let { bytes } = this.sql('SELECT coalesce(sum(bytes), 0) AS bytes FROM listings').get() as { bytes: number };
    if (bytes <= this.limitBytes) return;
    const candidates = this.sql('SELECT id, key, bytes FROM listings ORDER BY last_used ASC, id ASC').all() as Array<{ id: number; key: string; bytes: number }>;
    this.db.transaction(() => {
      for (const candidate of candidates) {
        if (bytes <= this.limitBytes) break;
        if (candidate.key === keep) continue;
        this.removeListing(candidate.id);
        bytes -= candidate.bytes;
      }
    })();
  }

  /**
   * Offline search: name (or extension) with `*` wildcards, by plan then name.
   * `planUids[i]` is the plan of `rows[i]`: a device-wide search mixes plans,
   * and each result keeps its own. `plan` forces the
   * trigram index or the plain scan (tests and figures compare them); both
   * give the same rows, totals and order.
   */
  search(query: CacheSearch, plan: SearchPlan = 'auto'): CacheSearchResult {
    return this.guard(
      (): CacheSearchResult => {
        const target = this.searchTarget(query);
        if (!target) return { rows: [], planUids: [], total: 0 };
        const kept = this.kept.get(target);
        const found = searchItems(this.db, target, {
          plan,
          deferCount: query.countLater === true,
          ...(plan === 'auto' && kept.planned ? { planned: kept.planned } : {}),
          ...(kept.total === undefined ? {} : { knownTotal: kept.total }),
        });
        const { counted, planned, ...result } = found;
        // A full page's count is kept (a short page tells its total anyway); the plan, unless it was forced.
        const count = counted && kept.total === undefined && found.rows.length === query.limit ? { total: found.total } : {};
        this.kept.keep(target, { ...count, ...(plan === 'auto' ? { planned } : {}) });
        return counted ? result : { ...result, counting: true };
      },
      () => ({ rows: [], planUids: [], total: 0 }),
    );
  }

  /** The exact total of a search (kept until the cache changes): what follows a `counting` answer. */
  countSearch(query: Omit<CacheSearch, 'offset' | 'limit' | 'countLater'>): number {
    return this.guard(
      () => {
        const target = this.searchTarget({ ...query, offset: 0, limit: 0 });
        if (!target) return 0;
        const kept = this.kept.get(target);
        if (kept.total !== undefined) return kept.total;
        const { total, planned } = countItems(this.db, target, kept.planned);
        this.kept.keep(target, { total, planned });
        return total;
      },
      () => 0,
    );
  }

  private searchTarget(query: CacheSearch): ItemSearch | null {
    const nodeRef = this.nodeRef(query.scope, query.nodeId, false);
    if (nodeRef === null) return null;
    const { planUid, pathPrefix, term, offset, limit } = query;
    return { nodeRef, planUid, pathPrefix, term, offset, limit };
  }

  clear(): void {
    this.guard(
      () => {
        this.db.transaction(() => {
          // Empties the name index and the items at once (instead of `removeItems` listing by listing).
          this.sql("INSERT INTO items_names (items_names) VALUES ('delete-all')").run();
          this.sql('DELETE FROM items').run();
          this.sql('DELETE FROM pages').run();
          this.sql('DELETE FROM listings').run();
          this.sql('DELETE FROM nodes').run();
        })();
        this.touched.clear();
        this.notice = undefined;
        if (this.persistent) {
          this.db.pragma('wal_checkpoint(TRUNCATE)');
          this.db.exec('VACUUM');
        }
      },
      () => undefined,
    );
  }

  close(): void {
    this.checkpointer?.close();
    try {
      this.db.close();
    } catch {
      // Already closed.
    }
  }
}
