/**
 * 'History': the earlier versions of triggers (automations,
 * templates, boards) and ticket rulesets that saves from the console
 * replaced, in SQLite (`ticketing-history.sqlite` in the data folder). Kept
 * per signed-in identity (scope), kind and item id, at most HISTORY_LIMIT a
 * item (the oldest dropped). The server stays the only copy of the current
 * settings (DESIGN.md "Data rules"): this is a convenience, and a file that
 * cannot be used is rebuilt or stood in for in memory without blocking start.
 */
import type Database from 'better-sqlite3';
import type { HistoryKind, HistoryVersion, TicketRuleset, Trigger } from '../../../shared/model/ticketing';
import { openDatabase } from '../platform/db/open';
import { HISTORY_MIGRATIONS } from './migrations/history';
import { rulesetSchema } from './ruleset-schemas';
import { triggerSchema } from './trigger-schemas';

/** Versions kept per item; a save past it drops the oldest. */
export const HISTORY_LIMIT = 50;

interface Row {
  version_id: number;
  saved_at: number;
  name: string;
  data: string;
}

const readers = { trigger: triggerSchema, ruleset: rulesetSchema } as const;

/** A row this version cannot read (damaged JSON, a shape it no longer knows) is left alone and not listed. */
function fromRow(kind: HistoryKind, row: Row): HistoryVersion | null {
  let json: unknown;
  try {
    json = JSON.parse(row.data);
  } catch {
    return null;
  }
  const parsed = readers[kind].safeParse(json);
  if (!parsed.success) return null;
  return { versionId: row.version_id, savedAt: row.saved_at, name: row.name, data: parsed.data };
}

export class TicketingHistoryStore {
  private readonly db: Database.Database;
  /** Something the technician should know about the file (moved aside, newer schema, in memory). */
  readonly notice?: string;
  readonly persistent: boolean;

  constructor(
    file: string,
    private readonly now: () => number = Date.now,
  ) {
    const opened = openDatabase(file, HISTORY_MIGRATIONS, {
      subject: 'The history of automations and rulesets',
      meanwhile: 'versions replaced now are not kept after a restart until you update the console',
      rebuilt: 'earlier versions are no longer listed (what is on the server is untouched)',
      memoryOnly: 'versions replaced now will not be kept after a restart',
    });
    this.db = opened.db;
    this.notice = opened.notice;
    this.persistent = opened.persistent;
  }

  /** Keeps `data` as a version of item `itemId`; drops the oldest past HISTORY_LIMIT. Returns the new version's id. */
  add(scope: string, kind: HistoryKind, itemId: number, data: Trigger | TicketRuleset, savedAt = this.now()): number {
    return this.db.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO history_versions (scope, kind, item_id, saved_at, name, data) VALUES (?, ?, ?, ?, ?, ?)')
        .run(scope, kind, itemId, savedAt, data.name, JSON.stringify(data));
      this.db
        .prepare(
          `DELETE FROM history_versions WHERE scope = @scope AND kind = @kind AND item_id = @itemId AND version_id NOT IN (
             SELECT version_id FROM history_versions WHERE scope = @scope AND kind = @kind AND item_id = @itemId
             ORDER BY version_id DESC LIMIT @limit)`,
        )
        .run({ scope, kind, itemId, limit: HISTORY_LIMIT });
      return Number(lastInsertRowid);
    })();
  }

  /** The item's kept versions, newest first (in the order they were kept, whatever the clock said). */
  list(scope: string, kind: HistoryKind, itemId: number): HistoryVersion[] {
    const rows = this.db
      .prepare('SELECT version_id, saved_at, name, data FROM history_versions WHERE scope = ? AND kind = ? AND item_id = ? ORDER BY version_id DESC')
      .all(scope, kind, itemId) as Row[];
    return rows.map((row) => fromRow(kind, row)).filter((version): version is HistoryVersion => version !== null);
  }

  /** One kept version of the item; undefined when it is not kept (dropped, another scope's or item's, unreadable). */
  get(scope: string, kind: HistoryKind, itemId: number, versionId: number): HistoryVersion | undefined {
    const row = this.db
      .prepare('SELECT version_id, saved_at, name, data FROM history_versions WHERE version_id = ? AND scope = ? AND kind = ? AND item_id = ?')
      .get(versionId, scope, kind, itemId) as Row | undefined;
    return row ? (fromRow(kind, row) ?? undefined) : undefined;
  }

  close(): void {
    this.db.close();
  }
}
