/**
 * The shared data table's constants and small rules (help spec §4 "Tables",
 * §9), pure: sizes and delays, which rows may be actioned, when row actions
 * show inline and when in a menu, the last-refresh label, and sorting.
 */
import { TABLE_CHECKBOX_COLUMN_WIDTH, TABLE_HEADER_HEIGHT, TABLE_ROW_HEIGHT, TABLE_SEARCH_DELAY_MS } from '../../../../shared/rules/platform/limits';

export const TABLE = {
  rowHeight: TABLE_ROW_HEIGHT,
  headerHeight: TABLE_HEADER_HEIGHT,
  checkboxColumnWidth: TABLE_CHECKBOX_COLUMN_WIDTH,
  /** Typing in the table's search waits this long before it searches. */
  searchDelayMs: TABLE_SEARCH_DELAY_MS,
  /** A remote table fetches this long after its page, sort or filters last changed. */
  remoteFetchDelayMs: 300,
  /** Row actions show as inline buttons when a row has 1 to this many. */
  maxInlineActions: 3,
  /** The last-refresh label is hidden while the data is at most this old... */
  lastRefreshHiddenMs: 5 * 60_000,
  /** ...and is recomputed this often. */
  lastRefreshTickMs: 60_000,
  /** With auto-refresh on (table settings), the rows are fetched again this often (the spec gives no period: the console's choice). */
  autoRefreshMs: 60_000,
} as const;

export const DISABLED_ROW_TOOLTIP = 'This item cannot be actioned';

type SortDirection = 'ASC' | 'DESC';

export interface SortBy {
  id: string;
  desc: boolean;
}

export function directionOf(sort: SortBy): SortDirection {
  return sort.desc ? 'DESC' : 'ASC';
}

/** Clicking a column's header: ascending first, then descending, then ascending again. */
export function nextSort(current: SortBy | null, column: string): SortBy {
  return current?.id === column ? { id: column, desc: !current.desc } : { id: column, desc: false };
}

export function showsInlineActions(actionCount: number): boolean {
  return actionCount >= 1 && actionCount <= TABLE.maxInlineActions;
}

/** How a row offers its actions (§9): none, 1 to 3 inline buttons, or more than 3 in one menu. */
type RowActionsLayout = 'none' | 'inline' | 'menu';

export function rowActionsLayout(actionCount: number): RowActionsLayout {
  if (actionCount < 1) return 'none';
  return showsInlineActions(actionCount) ? 'inline' : 'menu';
}

/** The actions column's width: a button an inline action, or the one menu button. */
export function actionsColumnWidth(actionCount: number): number {
  const layout = rowActionsLayout(actionCount);
  return layout === 'none' ? 0 : 40 * (layout === 'inline' ? actionCount : 1) + 16;
}

/** "Last refreshed 7 minutes ago", or null while the data is at most 5 minutes old. */
export function lastRefreshLabel(fetchedAt: number, now: number): string | null {
  const age = now - fetchedAt;
  if (age <= TABLE.lastRefreshHiddenMs) return null;
  const minutes = Math.floor(age / 60_000);
  if (minutes < 60) return `Last refreshed ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last refreshed ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  return `Last refreshed ${days} ${days === 1 ? 'day' : 'days'} ago`;
}
