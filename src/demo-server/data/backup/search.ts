/** Demo backup data: search. */
import type { Listing } from './tree';

/** §2/§5 search: '*' matches any run of characters over the whole name; without '*' a substring match. Case-insensitive. */
/**
 * Whole-name match of a pattern whose only wildcard is `*`, in time linear in
 * the name per star (the last star is backtracked, never all of them): a
 * pattern like `*a*a*a*a*b` cannot stall the demo the way a regular
 * expression with one `.*` per star would.
 */
export function globMatches(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (p < pattern.length && pattern[p] === name[n]) {
      p++;
      n++;
    } else if (star !== -1) {
      p = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

export function nameMatcher(term: string): (name: string) => boolean {
  const needle = term.trim();
  if (needle.includes('*')) {
    const pattern = needle.toLowerCase();
    return (name) => globMatches(pattern, name.toLowerCase());
  }
  const lower = needle.toLowerCase();
  return (name) => name.toLowerCase().includes(lower);
}

export interface SearchMatches {
  listings: Listing[];
  positions: number[];
}

export const SEARCH_MEMO_LIMIT = 16;
