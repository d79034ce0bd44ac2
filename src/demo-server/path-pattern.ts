/**
 * Which request paths a fault applies to (`errorPathPattern`, `dropPathPattern`),
 * matched without ever compiling a regular expression from what an admin call
 * sent (no `new RegExp(requestValue)`, so no catastrophic
 * backtracking and no pattern syntax to abuse).
 *
 * The pattern is a path fragment found anywhere in the path, where
 * - `*` or `.*` stands for any run of characters (also none),
 * - `.+` stands for at least one character,
 * - a trailing `$` ties the end of the pattern to the end of the path,
 * - a leading `^` ties its start to the start of the path,
 * - everything else is literal.
 * So `zendesk/articles`, `/revisions/.+/data$` and `zendesk/ticket$` read as
 * they did when they were regular expressions, and matching is linear in the path.
 */

interface Piece {
  /** Characters the wildcard before this literal must cover at least (0 or 1). */
  minGap: number;
  /** Whether a wildcard precedes this literal (otherwise it must follow directly). */
  gap: boolean;
  literal: string;
}

interface PathPattern {
  anchoredStart: boolean;
  anchoredEnd: boolean;
  pieces: Piece[];
  /** A wildcard after the last literal, and how many characters it needs at least. */
  trailing: { gap: boolean; minGap: number };
}

const WILDCARDS: ReadonlyArray<{ token: string; minGap: number }> = [
  { token: '.*', minGap: 0 },
  { token: '.+', minGap: 1 },
  { token: '*', minGap: 0 },
];

function parsePathPattern(source: string): PathPattern {
  let text = source;
  const anchoredStart = text.startsWith('^');
  if (anchoredStart) text = text.slice(1);
  const anchoredEnd = text.endsWith('$');
  if (anchoredEnd) text = text.slice(0, -1);
  const pieces: Piece[] = [];
  let literal = '';
  let pending = { gap: false, minGap: 0 };
  for (let i = 0; i < text.length; ) {
    const wildcard = WILDCARDS.find((w) => text.startsWith(w.token, i));
    if (wildcard) {
      if (literal) {
        pieces.push({ ...pending, literal });
        literal = '';
        pending = { gap: false, minGap: 0 };
      }
      pending = { gap: true, minGap: pending.minGap + wildcard.minGap };
      i += wildcard.token.length;
    } else {
      literal += text[i];
      i += 1;
    }
  }
  if (literal) {
    pieces.push({ ...pending, literal });
    pending = { gap: false, minGap: 0 };
  }
  return { anchoredStart, anchoredEnd, pieces, trailing: pending };
}

/**
 * Leftmost placement of each literal is optimal for patterns made only of
 * literals and wildcards, so one pass with indexOf decides; only a literal tied
 * to the end is placed at the end instead.
 */
function matchesPathPattern(pattern: PathPattern, path: string): boolean {
  const { pieces, anchoredStart, anchoredEnd, trailing } = pattern;
  let position = 0;
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    const floating = piece.gap || (index === 0 && !anchoredStart);
    const earliest = position + piece.minGap;
    const isLastTiedToEnd = anchoredEnd && index === pieces.length - 1 && !trailing.gap;
    let at: number;
    if (isLastTiedToEnd) {
      at = path.length - piece.literal.length;
      if (at < earliest || !path.startsWith(piece.literal, at) || (!floating && at !== position)) return false;
    } else if (floating) {
      at = path.indexOf(piece.literal, earliest);
      if (at < 0) return false;
    } else {
      at = position;
      if (!path.startsWith(piece.literal, at)) return false;
    }
    position = at + piece.literal.length;
  }
  const rest = path.length - position;
  if (rest < trailing.minGap) return false;
  // Only reachable without literals: `$` alone matches every path, `^$` only the empty one.
  if (anchoredEnd && !trailing.gap && rest > 0) return pieces.length === 0 && !anchoredStart;
  return true;
}

/** A matcher for one pattern (parsed once); absent or empty patterns match every path. */
export function pathMatcher(source: string | undefined): (path: string) => boolean {
  if (!source) return () => true;
  const pattern = parsePathPattern(source);
  return (path) => matchesPathPattern(pattern, path);
}
