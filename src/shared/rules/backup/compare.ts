/**
 * The comparison of one folder between two backup dates, as a pure rule: two
 * flat listings (every item under the folder, keyed by its path relative to
 * the folder) become rows of what was added, removed or changed. Unchanged
 * items are not listed. A folder present on one side only is one row, with
 * everything listed inside it counted in its bytes. Paths match ignoring
 * case on Windows devices (spec/backup-restore.md §5).
 *
 * Built for 100,000 items a side: one Map per side, typed arrays for the
 * per-item bookkeeping, no objects besides the rows themselves.
 */
import type { CompareItemState, CompareRow, CompareTotals } from '../../model/backup/compare';

/** How deep the comparison enters subfolders (the compared folder's own content is level 1). */
export const COMPARE_DEPTH_CAP = 8;
/** Items read per side at most. */
export const COMPARE_ITEMS_PER_SIDE_CAP = 100_000;

/** One listed item of a side. */
export interface CompareEntry extends CompareItemState {
  /** Path relative to the compared folder, `/`-separated, without a leading separator. */
  relativePath: string;
  folder: boolean;
}

export interface CompareOptions {
  caseInsensitive: boolean;
  /**
   * Relative folder paths whose content is unknown on either side (they could
   * not be listed, or a cap stopped the walk in or before them; '' is the
   * compared folder itself): nothing under them is reported as added or
   * removed.
   */
  unknown?: readonly string[];
}

export interface CompareResult {
  rows: CompareRow[];
  totals: CompareTotals;
}

/** The instant of an ISO time; null when absent or unreadable (two unknown times are equal). */
function instant(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

/** The key of an item: its relative path, lowercased where case does not count. */
function keyOf(entry: CompareEntry, caseInsensitive: boolean): string {
  return caseInsensitive ? entry.relativePath.toLowerCase() : entry.relativePath;
}

interface Side {
  entries: readonly CompareEntry[];
  keys: string[];
  index: Map<string, number>;
  /** Index of the folder containing each entry, -1 at the top. */
  parent: Int32Array;
}

function sideOf(entries: readonly CompareEntry[], caseInsensitive: boolean): Side {
  const keys = new Array<string>(entries.length);
  const index = new Map<string, number>();
  for (let i = 0; i < entries.length; i++) {
    const key = keyOf(entries[i]!, caseInsensitive);
    keys[i] = key;
    // A listing repeating an item keeps its first occurrence.
    if (!index.has(key)) index.set(key, i);
  }
  const parent = new Int32Array(entries.length).fill(-1);
  for (let i = 0; i < entries.length; i++) {
    const key = keys[i]!;
    const cut = key.lastIndexOf('/');
    if (cut <= 0) continue;
    const p = index.get(key.slice(0, cut));
    if (p !== undefined && entries[p]!.folder) parent[i] = p;
  }
  return { entries, keys, index, parent };
}

/** The index of the same item on the other side: same path and same type (a folder that became a file is another item). */
function counterpart(side: Side, i: number, other: Side): number | undefined {
  const j = other.index.get(side.keys[i]!);
  return j !== undefined && other.entries[j]!.folder === side.entries[i]!.folder ? j : undefined;
}

/**
 * For each entry of `side` missing from `other`: the topmost enclosing
 * folder that is missing from `other` too (-2 when the entry is itself such
 * a topmost item, -1 when it is present on both sides).
 */
function oneSidedTops(side: Side, other: Side): Int32Array {
  const n = side.entries.length;
  const top = new Int32Array(n).fill(-3); // -3: not worked out yet
  const resolve = (start: number): number => {
    // Iterative: climb to a resolved ancestor, then fill in on the way down.
    const chain: number[] = [];
    let i = start;
    while (i >= 0 && top[i] === -3) {
      chain.push(i);
      i = side.parent[i]!;
    }
    for (let c = chain.length - 1; c >= 0; c--) {
      const j = chain[c]!;
      if (counterpart(side, j, other) !== undefined) {
        top[j] = -1;
        continue;
      }
      const p = side.parent[j]!;
      if (p < 0 || top[p] === -1) top[j] = -2;
      else top[j] = top[p] === -2 ? p : top[p]!;
    }
    return top[start]!;
  };
  for (let i = 0; i < n; i++) if (top[i] === -3) resolve(i);
  return top;
}

function unknownTest(unknown: readonly string[] | undefined, caseInsensitive: boolean): (relativePath: string) => boolean {
  if (!unknown || unknown.length === 0) return () => false;
  const folders = new Set(unknown.map((p) => (caseInsensitive ? p.toLowerCase() : p)));
  // Only what is inside such a folder is unknown: the folder itself was listed by its parent.
  return (relativePath) => {
    let path = parentOf(caseInsensitive ? relativePath.toLowerCase() : relativePath);
    for (;;) {
      if (folders.has(path)) return true;
      if (path === '') return false;
      path = parentOf(path);
    }
  };
}

function state(entry: CompareEntry, size: number): CompareItemState {
  return { id: entry.id, path: entry.path, name: entry.name, size, modified: entry.modified };
}

/** Sizes summed into each topmost one-sided folder, and how many items it holds. */
function folderContents(side: Side, tops: Int32Array): { bytes: Float64Array; inside: Int32Array } {
  const bytes = new Float64Array(side.entries.length);
  const inside = new Int32Array(side.entries.length);
  for (let i = 0; i < tops.length; i++) {
    const top = tops[i]!;
    if (top < 0) continue;
    inside[top]! += 1;
    if (!side.entries[i]!.folder) bytes[top]! += side.entries[i]!.size;
  }
  return { bytes, inside };
}

/** The rows and totals of `from` → `to`: added (only at `to`), removed (only at `from`), changed (size or modified time differs). */
export function compareListings(from: readonly CompareEntry[], to: readonly CompareEntry[], options: CompareOptions): CompareResult {
  const { caseInsensitive } = options;
  const a = sideOf(from, caseInsensitive);
  const b = sideOf(to, caseInsensitive);
  const isUnknown = unknownTest(options.unknown, caseInsensitive);
  const totals: CompareTotals = { added: { count: 0, bytes: 0 }, removed: { count: 0, bytes: 0 }, changed: { count: 0, fromBytes: 0, toBytes: 0 } };
  const rows: CompareRow[] = [];

  const removedTops = oneSidedTops(a, b);
  const addedTops = oneSidedTops(b, a);
  const removedInside = folderContents(a, removedTops);
  const addedInside = folderContents(b, addedTops);

  for (let i = 0; i < from.length; i++) {
    const entry = from[i]!;
    if (a.index.get(a.keys[i]!) !== i) continue; // a repeated item
    const j = counterpart(a, i, b);
    if (j === undefined) {
      if (removedTops[i] !== -2 || isUnknown(entry.relativePath)) continue;
      const size = entry.folder ? removedInside.bytes[i]! : entry.size;
      const inside = entry.folder ? removedInside.inside[i]! : 0;
      rows.push({ kind: 'removed', relativePath: entry.relativePath, folder: entry.folder, inside, from: state(entry, size) });
      totals.removed.count++;
      totals.removed.bytes += size;
      continue;
    }
    if (entry.folder) continue; // a folder on both sides: its content is compared item by item
    const later = to[j]!;
    if (entry.size === later.size && (entry.modified === later.modified || instant(entry.modified) === instant(later.modified))) continue;
    rows.push({ kind: 'changed', relativePath: later.relativePath, folder: false, inside: 0, from: state(entry, entry.size), to: state(later, later.size) });
    totals.changed.count++;
    totals.changed.fromBytes += entry.size;
    totals.changed.toBytes += later.size;
  }
  for (let j = 0; j < to.length; j++) {
    const entry = to[j]!;
    if (addedTops[j] !== -2 || b.index.get(b.keys[j]!) !== j || isUnknown(entry.relativePath)) continue;
    const size = entry.folder ? addedInside.bytes[j]! : entry.size;
    const inside = entry.folder ? addedInside.inside[j]! : 0;
    rows.push({ kind: 'added', relativePath: entry.relativePath, folder: entry.folder, inside, to: state(entry, size) });
    totals.added.count++;
    totals.added.bytes += size;
  }
  rows.sort((x, y) => (x.relativePath < y.relativePath ? -1 : x.relativePath > y.relativePath ? 1 : 0));
  return { rows, totals };
}

/**
 * Whether a side's listing cannot be the backup of `time`: an item modified
 * after the backup was taken cannot be in it (an instance that ignores the
 * date answers today's content). An hour's leeway covers a device's clock
 * that is off and a file changed while the backup ran.
 */
const LATE_LEEWAY_MS = 60 * 60_000;

export function listedAfterBackup(entries: readonly CompareEntry[], time: string): CompareEntry | undefined {
  const limit = Date.parse(time);
  if (Number.isNaN(limit)) return undefined;
  for (const entry of entries) {
    const modified = instant(entry.modified);
    if (modified !== null && modified > limit + LATE_LEEWAY_MS) return entry;
  }
  return undefined;
}

/** How each kind of change is named in the table and its filters. */
export const COMPARE_KIND_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** What the comparison covered, always shown. */
export function compareLimitsText(limits: { depth: number; itemsPerSide: number }): string {
  return `Compared ${limits.depth} levels deep, up to ${limits.itemsPerSide.toLocaleString('en-US')} items per side.`;
}

/** The warning when a cap was reached: the comparison is not the whole folder. */
export function compareCapText(capped: readonly ('depth' | 'items')[], limits: { depth: number; itemsPerSide: number }): string | null {
  if (capped.length === 0) return null;
  const parts: string[] = [];
  if (capped.includes('depth')) parts.push(`folders deeper than ${limits.depth} levels were not compared`);
  if (capped.includes('items')) parts.push(`a side holds more than ${limits.itemsPerSide.toLocaleString('en-US')} items and the rest was not read`);
  const text = parts.join('; ');
  return `Not the whole folder: ${text}. Compare a subfolder to see the rest.`;
}
