/**
 * Offline search patterns (pure): a search term becomes a GLOB pattern over
 * lower-cased names, and a pattern with a literal run of at least 3 characters
 * becomes a trigram query that finds every candidate name through the
 * `items_names` FTS5 index. The trigram query only narrows:
 * the candidates are checked with the same GLOB as the plain scan, so both
 * give exactly the same rows.
 */

/**
 * The GLOB pattern for a search term over lower-cased names: `*` is the wildcard
 * over the whole name; without one, the term matches anywhere in the name.
 * (GLOB on pre-lowered text is about twice as fast as LIKE.)
 */
export function globPatternFor(term: string): string {
  const lower = term.trim().toLowerCase();
  const escaped = lower.replace(/[?[\]]/g, (ch) => `[${ch}]`).replace(/\*+/g, '*');
  return lower.includes('*') ? escaped : `*${escaped}*`;
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]]/g, (ch) => `[${ch}]`);
}

/** `C:\Data` → `c:\data\*`, `/Users/x/` → `/users/x/*` (GLOB over lower-cased paths). */
export function pathPrefixPattern(folderPath: string): string {
  const separator = folderPath.includes('\\') ? '\\' : '/';
  const lower = folderPath.toLowerCase();
  const withSeparator = lower.endsWith(separator) ? lower : lower + separator;
  return `${escapeGlob(withSeparator)}*`;
}

/**
 * The literal runs of a pattern made by `globPatternFor`, split at `*`; an
 * escaped `[c]` is the one literal character c. Any other GLOB syntax (never
 * produced here) makes the pattern unusable for the index: `null`.
 */
export function literalRuns(pattern: string): string[] | null {
  const runs: string[] = [];
  let run = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (run) runs.push(run);
      run = '';
    } else if (ch === '[') {
      if (pattern[i + 2] !== ']') return null;
      run += pattern[i + 1];
      i += 2;
    } else if (ch === '?' || ch === ']') {
      return null;
    } else {
      run += ch;
    }
  }
  if (run) runs.push(run);
  return runs;
}

/** The fewest literal characters in a row a pattern needs before the trigram index serves it. */
const MIN_INDEXED_RUN = 3;

/**
 * The distinct trigrams (counted in code points, as the trigram tokenizer
 * does) of each literal run of 3 or more characters: every name matching
 * `pattern` contains each of them. `null` when the pattern has no such run:
 * the plain scan serves it.
 */
export function trigramsFor(pattern: string): string[] | null {
  return runTrigrams(pattern, 1);
}

/**
 * Fewer trigrams that still cover every literal character of each run of 3 or
 * more: positions 0, 3, 6, … and the last (`5.pdf` → `5.p`, `pdf`). Overlapping
 * trigrams of one run narrow little more than these, and each costs a walk
 * through its list. `null` as for `trigramsFor`.
 */
export function coveringTrigramsFor(pattern: string): string[] | null {
  return runTrigrams(pattern, MIN_INDEXED_RUN);
}

/** The trigrams at positions 0, step, 2·step, … and the last one of each literal run. */
function runTrigrams(pattern: string, step: number): string[] | null {
  const runs = literalRuns(pattern);
  if (!runs) return null;
  const trigrams = new Set<string>();
  for (const run of runs) {
    const chars = Array.from(run);
    if (chars.length < MIN_INDEXED_RUN) continue;
    const last = chars.length - MIN_INDEXED_RUN;
    for (let i = 0; i < last; i += step) trigrams.add(chars.slice(i, i + MIN_INDEXED_RUN).join(''));
    trigrams.add(chars.slice(last).join(''));
  }
  return trigrams.size > 0 ? [...trigrams] : null;
}

/** The FTS5 query for names containing every one of `trigrams`: `"abc" AND "bcd"` (quotes doubled). */
export function matchQuery(trigrams: readonly string[]): string {
  return trigrams.map((trigram) => `"${trigram.replace(/"/g, '""')}"`).join(' AND ');
}

/** The FTS5 query every name matching `pattern` also matches (all its trigrams), or `null`. */
export function trigramQueryFor(pattern: string): string | null {
  const trigrams = trigramsFor(pattern);
  return trigrams ? matchQuery(trigrams) : null;
}
