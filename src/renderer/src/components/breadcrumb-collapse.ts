/**
 * Which crumbs of a trail collapse when it is too wide (help spec §2.3: middle
 * crumbs collapse into a dropdown). The first (the root) and the last (where
 * the technician is) always stay; the ones right after the root go first.
 * Pure, so it is unit-tested without a renderer.
 */

interface CrumbSplit<T> {
  /** Shown before the collapsed dropdown: the root, or the whole trail when nothing collapses. */
  head: T[];
  /** In the dropdown, in trail order. */
  collapsed: T[];
  /** Shown after the dropdown. */
  tail: T[];
}

/** How many crumbs can collapse at most: all but the root and the current one. */
export function maxCollapsible(length: number): number {
  return Math.max(0, length - 2);
}

export function splitCrumbs<T>(items: readonly T[], hidden: number): CrumbSplit<T> {
  const count = Math.min(Math.max(0, Math.floor(hidden)), maxCollapsible(items.length));
  if (count === 0) return { head: [...items], collapsed: [], tail: [] };
  return { head: items.slice(0, 1), collapsed: items.slice(1, 1 + count), tail: items.slice(1 + count) };
}
