/**
 * What recent offline searches learned, kept while the database is as it was
 * (`changes`: the rows this connection has changed so far, SQLite's
 * total_changes()):
 * - the exact total: a broad pattern's count walks every match;
 * - the plan (offline-search.ts): choosing it often costs more than reading
 *   a page.
 * The next read of the same search (the count that follows a first page, the
 * first page read again with it, the next page) uses both. The most recent
 * KEPT_SEARCHES are kept.
 */
import { globPatternFor } from './name-pattern';
import type { ItemSearch, PlannedSearch } from './offline-search';

/** The searches a technician pages through, typed one after another. */
const KEPT_SEARCHES = 32;

export interface KeptSearch {
  total?: number;
  planned?: PlannedSearch;
}

export class KeptSearches {
  private readonly kept = new Map<string, KeptSearch & { changes: number }>();

  constructor(private readonly changes: () => number) {}

  private keyOf(target: ItemSearch): string {
    return JSON.stringify([target.nodeRef, target.planUid ?? '', target.pathPrefix ?? '', globPatternFor(target.term)]);
  }

  get(target: ItemSearch): KeptSearch {
    const kept = this.kept.get(this.keyOf(target));
    if (!kept || kept.changes !== this.changes()) return {};
    const { changes: _changes, ...learned } = kept;
    return learned;
  }

  /** Adds what a search learned to what is kept of it (all of it is dropped once the database changed). */
  keep(target: ItemSearch, learned: KeptSearch): void {
    const key = this.keyOf(target);
    const changes = this.changes();
    const kept = this.kept.get(key);
    this.kept.delete(key);
    this.kept.set(key, { ...(kept?.changes === changes ? kept : {}), ...learned, changes });
    if (this.kept.size > KEPT_SEARCHES) this.kept.delete(this.kept.keys().next().value!);
  }

  clear(): void {
    this.kept.clear();
  }
}
