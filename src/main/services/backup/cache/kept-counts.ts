/**
 * Exact totals of recent offline searches: a broad
 * pattern's count walks every match, so once counted it is kept and served to
 * the next read of the same search, while the database is as it was counted
 * (`changes`: the rows this connection has changed so far, SQLite's
 * total_changes()). The most recent KEPT_COUNTS are kept.
 */
import { globPatternFor } from './name-pattern';
import type { ItemSearch } from './offline-search';

/** The searches a technician pages through, typed one after another. */
const KEPT_COUNTS = 32;

export class KeptCounts {
  private readonly counts = new Map<string, { changes: number; total: number }>();

  constructor(private readonly changes: () => number) {}

  private keyOf(target: ItemSearch): string {
    return JSON.stringify([target.nodeRef, target.planUid ?? '', target.pathPrefix ?? '', globPatternFor(target.term)]);
  }

  get(target: ItemSearch): number | undefined {
    const kept = this.counts.get(this.keyOf(target));
    return kept && kept.changes === this.changes() ? kept.total : undefined;
  }

  keep(target: ItemSearch, total: number): void {
    const key = this.keyOf(target);
    this.counts.delete(key);
    this.counts.set(key, { changes: this.changes(), total });
    if (this.counts.size > KEPT_COUNTS) this.counts.delete(this.counts.keys().next().value!);
  }

  clear(): void {
    this.counts.clear();
  }
}
