/**
 * Offline search over the cached items of one device (issue 12 point 5).
 * Two plans, one answer: every plan applies the same WHERE (device,
 * searchable, plan, name GLOB, path GLOB) and the same order (plan, name, id).
 * - index: the `items_names` trigram index gives the candidates (a superset
 *   of the matches), which are checked and sorted; its cost follows the
 *   number of candidates.
 * - scan: the compact `items_search` index is walked in order; a page stops
 *   early, the total reads the device's every entry.
 * The index serves a pattern with a literal run of 3 or more characters unless
 * it has so many candidates that walking in order is cheaper (`*.txt` over a
 * folder of text files).
 */
import type Database from 'better-sqlite3';
import type { BrowserRow } from '../../../shared/model/browser';
import { globPatternFor, matchQuery, pathPrefixPattern, trigramsFor } from './name-pattern';

export interface ItemSearch {
  nodeRef: number;
  planUid?: string;
  pathPrefix?: string;
  term: string;
  offset: number;
  limit: number;
}

export interface ItemSearchResult {
  rows: BrowserRow[];
  planUids: string[];
  total: number;
  /** Which plan answered (for tests and figures). */
  plan: 'index' | 'scan';
}

/** Up to this many candidates the index always serves (a few milliseconds of lookups at most). */
const INDEX_ALWAYS_CANDIDATES = 1_000;
/**
 * Above that, the index serves while candidates are fewer than the device's
 * items divided by this: checking one candidate (a lookup into the wide
 * `items` table) costs about as much as scanning this many compact
 * `items_search` entries (measured: ~3-4 µs against ~0.1 µs).
 */
const SCAN_TO_LOOKUP_RATIO = 25;

/** A trigram found in fewer names than this is rare; counting stops here, so a probe costs little. */
const PROBE_CAP = 2_000;
/** The rarest few trigrams narrow enough; each common one added costs a walk through its long list. */
const MAX_TRIGRAMS = 3;

export type SearchPlan = 'auto' | 'index' | 'scan';

/**
 * Which trigrams to ask the index for. Any subset finds every match (each
 * candidate is checked with the GLOB), so the rarest few are asked for: a
 * trigram like `pdf` is in a fifth of the names and makes the index walk all
 * of them. When none is rare, all of them narrow together.
 */
function chooseTrigrams(db: Database.Database, trigrams: readonly string[]): readonly string[] {
  if (trigrams.length <= 1) return trigrams;
  const probe = db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM items_names WHERE items_names MATCH ? LIMIT ?)');
  const rare = trigrams
    .map((trigram) => ({ trigram, n: (probe.get(matchQuery([trigram]), PROBE_CAP) as { n: number }).n }))
    .filter(({ n }) => n < PROBE_CAP)
    .sort((a, b) => a.n - b.n);
  return rare.length > 0 ? rare.slice(0, MAX_TRIGRAMS).map(({ trigram }) => trigram) : trigrams;
}

function choosePlan(db: Database.Database, nodeRef: number, match: string | null, forced: SearchPlan): 'index' | 'scan' {
  if (match === null || forced === 'scan') return 'scan';
  if (forced === 'index') return 'index';
  const items = (
    db.prepare('SELECT coalesce(sum(p.row_count), 0) AS n FROM listings l JOIN pages p ON p.listing_id = l.id WHERE l.node_ref = ?').get(nodeRef) as { n: number }
  ).n;
  const enough = Math.max(INDEX_ALWAYS_CANDIDATES, Math.floor(items / SCAN_TO_LOOKUP_RATIO));
  // Counting stops at the threshold: a pattern matching half the names costs no more than one that matches the threshold.
  const { n } = db.prepare('SELECT count(*) AS n FROM (SELECT 1 FROM items_names WHERE items_names MATCH ? LIMIT ?)').get(match, enough + 1) as { n: number };
  return n <= enough ? 'index' : 'scan';
}

export function searchItems(db: Database.Database, query: ItemSearch, forced: SearchPlan = 'auto'): ItemSearchResult {
  const pattern = globPatternFor(query.term);
  const trigrams = forced === 'scan' ? null : trigramsFor(pattern);
  const match = trigrams ? matchQuery(chooseTrigrams(db, trigrams)) : null;
  const plan = choosePlan(db, query.nodeRef, match, forced);

  const where = ['i.node_ref = ?', 'i.searchable = 1'];
  const params: unknown[] = [query.nodeRef];
  if (query.planUid) {
    where.push('i.plan_uid = ?');
    params.push(query.planUid);
  }
  where.push('i.name_lower GLOB ?');
  params.push(pattern);
  if (query.pathPrefix) {
    where.push('i.path_lower GLOB ?');
    params.push(pathPrefixPattern(query.pathPrefix));
  }
  // CROSS JOIN keeps the trigram index as the outer loop: each candidate is one rowid lookup.
  const from = plan === 'index' ? 'items_names f CROSS JOIN items i ON i.id = f.rowid' : 'items i INDEXED BY items_search';
  if (plan === 'index') {
    where.unshift('items_names MATCH ?');
    params.unshift(match);
  }
  const clause = where.join(' AND ');
  // Ties (the same name twice in a plan) go by id: the order the scan's index keeps them in.
  const ids = db.prepare(`SELECT i.id FROM ${from} WHERE ${clause} ORDER BY i.plan_uid, i.name_lower, i.id LIMIT ? OFFSET ?`).all(...params, query.limit, query.offset) as Array<{
    id: number;
  }>;
  // A short page already tells the total; only a full one (or none) needs a second pass to count.
  const total =
    ids.length > 0 && ids.length < query.limit
      ? query.offset + ids.length
      : (db.prepare(`SELECT count(*) AS total FROM ${from} WHERE ${clause}`).get(...params) as { total: number }).total;
  const rowOf = db.prepare('SELECT row, plan_uid FROM items WHERE id = ?');
  const stored = ids.map(({ id }) => rowOf.get(id) as { row: string; plan_uid: string });
  return { rows: stored.map((s) => JSON.parse(s.row) as BrowserRow), planUids: stored.map((s) => s.plan_uid), total, plan };
}
