/**
 * A table's settings (help spec §3 "Table settings", §5):
 * the columns shown (required: Save is disabled with none; at most
 * maxColumnCount or the columns available, with 'This table has reached
 * maximum amount of columns.'), the sort list and auto-refresh; kept per
 * table, read back tolerantly (an unknown or removed column is dropped, a bad
 * file gives the defaults).
 */
import type { SortBy } from './table-rules';

export interface TableSettings {
  columns: string[];
  sortBy: SortBy[];
  autoRefreshEnabled: boolean;
}

export const MAX_COLUMNS_WARNING = 'This table has reached maximum amount of columns.';

/** How many columns may be shown. */
function columnCap(available: readonly string[], maxColumnCount?: number): number {
  return maxColumnCount === undefined ? available.length : Math.min(maxColumnCount, available.length);
}

interface ColumnsCheck {
  canSave: boolean;
  /** The cap is reached: no more columns can be added. */
  atCap: boolean;
  warning: string | null;
}

export function checkColumns(columns: readonly string[], available: readonly string[], maxColumnCount?: number): ColumnsCheck {
  const cap = columnCap(available, maxColumnCount);
  const atCap = columns.length >= cap;
  return { canSave: columns.length > 0 && columns.length <= cap, atCap, warning: atCap ? MAX_COLUMNS_WARNING : null };
}

/** Shows or hides a column; showing one past the cap is refused (unchanged). */
export function toggleColumn(columns: readonly string[], column: string, available: readonly string[], maxColumnCount?: number): string[] {
  if (columns.includes(column)) return columns.filter((c) => c !== column);
  if (!available.includes(column) || columns.length >= columnCap(available, maxColumnCount)) return [...columns];
  // Kept in the table's own column order.
  return available.filter((c) => c === column || columns.includes(c));
}

export function storageKeyOf(tableId: string): string {
  return `table-settings:${tableId}`;
}

/** Settings read back from storage, or the defaults: unknown columns and sorts on them dropped, the cap applied. */
export function readSettings(stored: string | null, defaults: TableSettings, available: readonly string[], maxColumnCount?: number): TableSettings {
  let raw: unknown;
  try {
    raw = stored === null ? null : JSON.parse(stored);
  } catch {
    return defaults;
  }
  if (!raw || typeof raw !== 'object') return defaults;
  const value = raw as Partial<Record<keyof TableSettings, unknown>>;
  const columns = Array.isArray(value.columns) ? value.columns.filter((c): c is string => typeof c === 'string' && available.includes(c)) : [];
  const capped = [...new Set(columns)].slice(0, columnCap(available, maxColumnCount));
  const sortBy = Array.isArray(value.sortBy)
    ? value.sortBy.filter((s): s is SortBy => !!s && typeof s === 'object' && typeof (s as SortBy).id === 'string' && available.includes((s as SortBy).id) && typeof (s as SortBy).desc === 'boolean')
    : defaults.sortBy;
  return {
    columns: capped.length > 0 ? capped : defaults.columns,
    sortBy,
    autoRefreshEnabled: typeof value.autoRefreshEnabled === 'boolean' ? value.autoRefreshEnabled : defaults.autoRefreshEnabled,
  };
}
