/**
 * The ticket workspace's SQLite file
 * (`ticketing-workspace.sqlite` in the data folder), per signed-in identity:
 * - the offline cache: the boards list, pages of a board's tickets (per
 *   board and query) and ticket pages (the ticket and its conversation),
 *   each with when it was fetched. Only complete answers are put here (the
 *   caller's rule); the newest CACHED_PER_KIND of each kind are kept, and
 *   all answers together stay under WORKSPACE_CACHE_MAX_BYTES: past it, other
 *   identities' answers go first (oldest first), then the signed-in one's.
 *   The instance stays the only copy (DESIGN "Data rules"): losing this file
 *   loses nothing but offline reading.
 * - the technician's tabs: recent (at most 10, §9.4 RECENT_TABS_LIMIT, most
 *   recently opened first) and favorites (in the order they were marked).
 * A row this version cannot read is treated as absent; a file that cannot be
 * used is moved aside or stood in for in memory without blocking start
 * (db/open).
 */
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { WorkspaceTab, WorkspaceTabs } from '../../../shared/model/tickets';
import { pushRecent, RECENT_TABS_LIMIT } from '../../../shared/rules/tickets/reply';
import { describeOpenFailure, openDatabase } from '../platform/db/open';
import { WORKSPACE_MIGRATIONS } from './migrations/workspace';

export type CachedKind = 'boards' | 'board_page' | 'ticket_view';

/** Answers kept per identity and kind; past it the least recently written go first. */
export const CACHED_PER_KIND: Readonly<Record<CachedKind, number>> = { boards: 1, board_page: 200, ticket_view: 300 };
/** All cached answers together (every identity), in bytes of their JSON: the file's bound on disk. */
export const WORKSPACE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Favorites kept per identity: a list longer than this is no longer a shortlist. */
export const FAVORITES_MAX = 100;
/** Titles as shown on a tab; longer ones are cut (the contract allows 300). */
const TITLE_MAX = 300;

interface CachedAnswer<T> {
  data: T;
  fetchedAt: number;
}

interface TabRow {
  list: 'recent' | 'favorite';
  tab_kind: 'board' | 'ticket';
  item_id: number;
  title: string;
}

const tabKey = (tab: Pick<WorkspaceTab, 'kind' | 'id'>) => `${tab.kind}:${tab.id}`;

function tabsError(error: unknown): AppError {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return new AppError(code === 'SQLITE_FULL' ? 'DISK_FULL' : 'IO_ERROR', `The tabs could not be saved on this computer: ${describeOpenFailure(error)}.`, { cause: error });
}

export class WorkspaceCache {
  private readonly db: Database.Database;
  /** Something the technician should know about the file (moved aside, newer schema, in memory). */
  readonly notice?: string;
  readonly persistent: boolean;
  private readonly replaceTabs: (scope: string, list: 'recent' | 'favorite', tabs: readonly WorkspaceTab[]) => void;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
    private readonly maxBytes: number = WORKSPACE_CACHE_MAX_BYTES,
  ) {
    const opened = openDatabase(file, WORKSPACE_MIGRATIONS, {
      subject: 'The ticket workspace cache',
      meanwhile: 'boards and tickets are not kept for offline use, and tabs not after a restart, until you update the console',
      rebuilt: 'boards and tickets will be cached again as you open them, and your recent and favorite tabs start empty',
      memoryOnly: 'boards and tickets opened now are not kept for offline use after a restart, nor are your tabs',
    });
    this.db = opened.db;
    this.notice = opened.notice;
    this.persistent = opened.persistent;
    const remove = this.db.prepare('DELETE FROM workspace_tabs WHERE scope = ? AND list = ?');
    const insert = this.db.prepare('INSERT OR IGNORE INTO workspace_tabs (scope, list, position, tab_kind, item_id, title) VALUES (?, ?, ?, ?, ?, ?)');
    this.replaceTabs = this.db.transaction((scope: string, list: 'recent' | 'favorite', tabs: readonly WorkspaceTab[]) => {
      remove.run(scope, list);
      tabs.forEach((tab, position) => insert.run(scope, list, position, tab.kind, tab.id, tab.title.slice(0, TITLE_MAX)));
    });
  }

  // -------------------------------------------------------------------------
  // Cached answers
  // -------------------------------------------------------------------------

  /** Keeps a complete answer as `key`'s of `kind`, replacing the one before; the oldest past the kind's limit go. */
  put(scope: string, kind: CachedKind, key: string, data: unknown, fetchedAt = this.now()): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO cached_answers (scope, kind, item_key, seq, fetched_at, data)
           VALUES (@scope, @kind, @key, (SELECT COALESCE(MAX(seq), 0) + 1 FROM cached_answers WHERE scope = @scope AND kind = @kind), @fetchedAt, @data)
           ON CONFLICT (scope, kind, item_key) DO UPDATE SET seq = excluded.seq, fetched_at = excluded.fetched_at, data = excluded.data`,
        )
        .run({ scope, kind, key, fetchedAt: Math.trunc(fetchedAt), data: JSON.stringify(data) });
      this.db
        .prepare(
          `DELETE FROM cached_answers WHERE scope = @scope AND kind = @kind AND seq <= (
             SELECT seq FROM cached_answers WHERE scope = @scope AND kind = @kind ORDER BY seq DESC LIMIT 1 OFFSET @keep)`,
        )
        .run({ scope, kind, keep: CACHED_PER_KIND[kind] });
      this.fitBytes(scope, kind, key);
    })();
  }

  /**
   * Past the byte cap, answers go until the rest fits: other identities'
   * first (someone else signed in on this computer before; theirs are the
   * least likely to be read), then the signed-in identity's, each oldest
   * fetched first. An answer larger than the cap on its own is not kept,
   * and costs no other its place.
   */
  private fitBytes(scope: string, kind: CachedKind, key: string): void {
    // octet_length reads the stored length, not the text.
    const { total } = this.db.prepare('SELECT COALESCE(SUM(octet_length(data)), 0) AS total FROM cached_answers').get() as { total: number };
    let excess = total - this.maxBytes;
    if (excess <= 0) return;
    const own = this.db.prepare('SELECT octet_length(data) AS bytes FROM cached_answers WHERE scope = ? AND kind = ? AND item_key = ?').get(scope, kind, key) as { bytes: number };
    if (own.bytes > this.maxBytes) {
      this.remove(scope, kind, key);
      return;
    }
    const rows = this.db
      .prepare(
        `SELECT rowid AS id, octet_length(data) AS bytes FROM cached_answers
         WHERE NOT (scope = @scope AND kind = @kind AND item_key = @key)
         ORDER BY scope = @scope, fetched_at, seq`,
      )
      .all({ scope, kind, key }) as Array<{ id: number; bytes: number }>;
    const remove = this.db.prepare('DELETE FROM cached_answers WHERE rowid = ?');
    for (const row of rows) {
      if (excess <= 0) break;
      remove.run(row.id);
      excess -= row.bytes;
    }
  }

  /** The cached answer as `schema` reads it; null when there is none, or it no longer reads (damaged, an older shape). */
  get<T>(scope: string, kind: CachedKind, key: string, schema: z.ZodType<T, unknown>): CachedAnswer<T> | null {
    const row = this.db.prepare('SELECT fetched_at, data FROM cached_answers WHERE scope = ? AND kind = ? AND item_key = ?').get(scope, kind, key) as
      | { fetched_at: number; data: string }
      | undefined;
    if (!row) return null;
    let json: unknown;
    try {
      json = JSON.parse(row.data);
    } catch {
      return null;
    }
    const parsed = schema.safeParse(json);
    return parsed.success ? { data: parsed.data, fetchedAt: row.fetched_at } : null;
  }

  /** Forgets one cached answer (a ticket that no longer exists). */
  remove(scope: string, kind: CachedKind, key: string): void {
    this.db.prepare('DELETE FROM cached_answers WHERE scope = ? AND kind = ? AND item_key = ?').run(scope, kind, key);
  }

  // -------------------------------------------------------------------------
  // Tabs (§9.4)
  // -------------------------------------------------------------------------

  tabs(scope: string): WorkspaceTabs {
    let rows: TabRow[];
    try {
      rows = this.db.prepare('SELECT list, tab_kind, item_id, title FROM workspace_tabs WHERE scope = ? ORDER BY list, position').all(scope) as TabRow[];
    } catch (error) {
      throw new AppError('IO_ERROR', `The tabs could not be read on this computer: ${describeOpenFailure(error)}.`, { cause: error });
    }
    const read = (list: TabRow['list']) =>
      rows.filter((row) => row.list === list && (row.tab_kind === 'board' || row.tab_kind === 'ticket') && Number.isSafeInteger(row.item_id)).map((row): WorkspaceTab => ({ kind: row.tab_kind, id: row.item_id, title: row.title }));
    return { recent: read('recent').slice(0, RECENT_TABS_LIMIT), favorites: read('favorite').slice(0, FAVORITES_MAX) };
  }

  /** A board or ticket was opened: first in the recent tabs (§9.4: at most 10), its title refreshed in the favorites too. */
  openTab(scope: string, tab: WorkspaceTab): WorkspaceTabs {
    const current = this.tabs(scope);
    const byKey = new Map([...current.recent, tab].map((t) => [tabKey(t), t]));
    const recent = pushRecent(current.recent.map(tabKey), tabKey(tab)).map((key) => byKey.get(key)!);
    const favorites = current.favorites.map((favorite) => (tabKey(favorite) === tabKey(tab) ? { ...favorite, title: tab.title } : favorite));
    this.write(scope, { recent, favorites });
    return { recent, favorites };
  }

  /** Marks or unmarks a favorite; a new one goes last. Refused past FAVORITES_MAX. */
  setFavorite(scope: string, tab: WorkspaceTab, favorite: boolean): WorkspaceTabs {
    const current = this.tabs(scope);
    const others = current.favorites.filter((t) => tabKey(t) !== tabKey(tab));
    const isNew = others.length === current.favorites.length;
    if (favorite && isNew && others.length >= FAVORITES_MAX) throw new AppError('INVALID_INPUT', `At most ${FAVORITES_MAX} favorites are kept. Remove one first.`);
    const favorites = favorite ? (isNew ? [...others, tab] : current.favorites.map((t) => (tabKey(t) === tabKey(tab) ? tab : t))) : others;
    this.write(scope, { recent: current.recent, favorites });
    return { recent: current.recent, favorites };
  }

  private write(scope: string, tabs: WorkspaceTabs): void {
    try {
      this.db.transaction(() => {
        this.replaceTabs(scope, 'recent', tabs.recent);
        this.replaceTabs(scope, 'favorite', tabs.favorites);
      })();
    } catch (error) {
      throw tabsError(error);
    }
  }

  close(): void {
    this.db.close();
  }
}
