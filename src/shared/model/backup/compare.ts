/**
 * Comparing a folder between two backup dates: what the console lists as
 * added, removed and changed, and how much of each side it could read.
 */

export const COMPARE_KINDS = ['added', 'removed', 'changed'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** One item of a side: as listed at that backup date. */
export interface CompareItemState {
  /** The item's id at that date (downloads and restores name it). */
  id: string;
  /** Full path as the server listed it (shown, and used by restores). */
  path: string;
  name: string;
  /** Bytes: a file's size; a folder only on this side: everything listed inside it. */
  size: number;
  /** ISO time of the last modification, when the server said. */
  modified: string | null;
}

export interface CompareRow {
  kind: CompareKind;
  /** Path relative to the compared folder, `/`-separated. */
  relativePath: string;
  folder: boolean;
  /** Items listed inside a folder that is on one side only (counted in its bytes). */
  inside: number;
  /** The item at the earlier ("from") date; absent when added. */
  from?: CompareItemState;
  /** The item at the later ("to") date; absent when removed. */
  to?: CompareItemState;
}

export interface CompareTotals {
  added: { count: number; bytes: number };
  removed: { count: number; bytes: number };
  /** Bytes of the changed items at each date. */
  changed: { count: number; fromBytes: number; toBytes: number };
}

/** Which cap stopped the walk of a side: levels deeper than the depth cap, or items past the per-side cap. */
export type CompareCap = 'depth' | 'items';

export interface CompareSide {
  jobId: string;
  /** The backup's time (its completion), ISO. */
  time: string;
  /** 'read': every folder listed; 'partial': some subfolders could not be listed; 'unread': nothing usable. */
  state: 'read' | 'partial' | 'unread';
  /** Why the side (or part of it) could not be read. */
  message?: string;
  /** Subfolders (relative paths) that could not be listed; their content is left out of the comparison. */
  unreadFolders: string[];
  /** Items listed on this side. */
  items: number;
  /** Where the pages came from. */
  source: 'network' | 'cache' | 'mixed' | 'none';
  /** Oldest fetch time of the pages used (epoch ms), when any. */
  fetchedAt?: number;
  /** Caps reached while walking this side. */
  capped: CompareCap[];
}

export interface FolderComparison {
  folderPath: string;
  from: CompareSide;
  to: CompareSide;
  rows: CompareRow[];
  totals: CompareTotals;
  /** The limits the walk used (shown: "Compared N levels deep, up to M items per side"). */
  limits: { depth: number; itemsPerSide: number };
  /** Any cap reached on either side. */
  capped: CompareCap[];
  /** Whether paths were matched ignoring case (Windows devices). */
  caseInsensitive: boolean;
}
