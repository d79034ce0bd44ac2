/**
 * Offline search over the cached items of one device.
 * Two plans, one answer: every plan applies the same WHERE (device,
 * searchable, plan, name GLOB, path GLOB) and the same order (plan, name, id).
 * - index: the `items_names` trigram index gives the candidates (a superset
 *   of the matches), which are checked and sorted; its cost follows the
 *   number of candidates.
 * - scan: the compact `items_search` index is walked in order; a page stops
 *   early, the total reads the device's every entry.
 * The index serves a pattern with a literal run of 3 or more characters unless
 * it has so many candidates that walking in order is cheaper (`*.txt` over a
 * folder of text files). Choosing (probing the index, counting candidates)
 * often costs more than reading the page it chooses for (over 1M items: ~3 ms,
 * against 0.3-5 ms): what it decided comes back with each answer (`planned`),
 * for the caller to give back with the same search.
 * A full page may answer before its total is counted (`deferCount`): a broad
 * pattern's count walks every match.
 */
import type Database from 'better-sqlite3';
import type { BrowserRow } from '../../../../shared/model/backup/browser';
import { statement } from '../../platform/db/statements';
import { coveringTrigramsFor, globPatternFor, matchQuery, pathPrefixPattern, trigramsFor } from './name-pattern';

export interface ItemSearch {
  nodeRef: number;
  planUid?: string;
  pathPrefix?: string;
  term: string;
  offset: number;
  limit: number;
}

/**
 * What planning decided for a search: the same pattern over the same rows is
 * planned the same again, so the caller may keep it while the rows are
 * unchanged and give it back (`SearchOptions.planned`).
 */
export type PlannedSearch = { plan: 'index'; trigrams: readonly string[] } | { plan: 'scan' };

export interface ItemSearchResult {
  rows: BrowserRow[];
  planUids: string[];
  /** Exact when `counted`; otherwise a lower bound (a full page was found, more may follow). */
  total: number;
  counted: boolean;
  /** Which plan answered (for tests and figures). */
  plan: 'index' | 'scan';
  planned: PlannedSearch;
}

/** Up to this many candidates the index always serves (a few milliseconds of lookups at most). */
const INDEX_ALWAYS_CANDIDATES = 1_000;
/**
 * Above that, the index serves while candidates are fewer than the device's
 * items divided by this. Checking one candidate (a lookup into the narrow
 * `items_candidates`, ~0.3-0.5 µs) costs several scanned `items_search`
 * entries (~0.1 µs), and the index must check every candidate even for a first
 * page while a scan's first page stops at its 250th match: so the index is
 * kept to the narrower patterns.
 */
const SCAN_TO_LOOKUP_RATIO = 25;

/** A trigram found in fewer names than this is rare; counting stops here, so a probe costs little. */
const PROBE_CAP = 2_000;
/**
 * When none is rare at PROBE_CAP, those whose first PROBE_CAP names lie far
 * enough apart to be rare at this cap (a name's digits are each in ~1% of
 * names, its extension in a fifth) are counted again up to it.
 */
const SECOND_PROBE_CAP = 8_000;
const SECOND_PROBES = 3;
/** The rarest few trigrams narrow enough; each common one added costs a walk through its long list. */
const MAX_TRIGRAMS = 3;

export type SearchPlan = 'auto' | 'index' | 'scan';

interface Probe {
  trigram: string;
  n: number;
  /** How far apart (in item ids) the names counted lie: the wider, the sparser the trigram. */
  spread: number;
}

interface TrigramChoice {
  trigrams: readonly string[];
  /** No more candidates than this (the count of the rarest trigram chosen), when counted. */
  atMost?: number;
}

function rarest(probes: readonly Probe[], cap: number): TrigramChoice | null {
  const rare = probes.filter(({ n }) => n < cap).sort((a, b) => a.n - b.n);
  return rare.length > 0 ? { trigrams: rare.slice(0, MAX_TRIGRAMS).map(({ trigram }) => trigram), atMost: rare[0]!.n } : null;
}

/**
 * Which trigrams to ask the index for. Any subset finds every match (each
 * candidate is checked with the GLOB), so the rarest few are asked for: a
 * trigram like `pdf` is in a fifth of the names and makes the index walk all
 * of them. Every trigram is counted up to PROBE_CAP; when none is rare, those
 * whose spread says they may be rare at SECOND_PROBE_CAP (items are numbered
 * in storing order, so PROBE_CAP names over a span of ids tell the density)
 * are counted further. When none is rare even so, the trigrams covering the
 * pattern's literal characters narrow together.
 */
interface ProbeCaps {
  first: number;
  second: number;
}

const PROBE_CAPS: ProbeCaps = { first: PROBE_CAP, second: SECOND_PROBE_CAP };

/** Exported for tests, which give small caps to a small cache. */
export function chooseTrigrams(db: Database.Database, pattern: string, trigrams: readonly string[], caps: ProbeCaps = PROBE_CAPS): TrigramChoice {
  if (trigrams.length <= 1) return { trigrams };
  const probe = statement(
    db,
    'SELECT count(*) AS n, coalesce(max(rowid) - min(rowid), 0) AS spread FROM (SELECT rowid FROM items_names WHERE items_names MATCH ? LIMIT ?)',
  );
  const count = (trigram: string, cap: number): Probe => ({ trigram, ...(probe.get(matchQuery([trigram]), cap) as { n: number; spread: number }) });
  const first = trigrams.map((trigram) => count(trigram, caps.first));
  const rare = rarest(first, caps.first);
  if (rare) return rare;
  const { ids } = statement(db, 'SELECT coalesce((SELECT max(id) FROM items) - (SELECT min(id) FROM items) + 1, 0) AS ids').get() as { ids: number };
  // caps.first names over `spread` ids: about caps.first * ids / spread over all of them, if spread evenly.
  const second = first
    .filter(({ spread }) => caps.first * ids < caps.second * 2 * Math.max(1, spread))
    .sort((a, b) => b.spread - a.spread)
    .slice(0, SECOND_PROBES)
    .map(({ trigram }) => count(trigram, caps.second));
  return rarest(second, caps.second) ?? { trigrams: coveringTrigramsFor(pattern) ?? trigrams };
}

function choosePlan(db: Database.Database, nodeRef: number, choice: TrigramChoice | null, forced: SearchPlan): 'index' | 'scan' {
  if (choice === null || forced === 'scan') return 'scan';
  if (forced === 'index') return 'index';
  const items = (
    statement(db, 'SELECT coalesce(sum(p.row_count), 0) AS n FROM listings l JOIN pages p ON p.listing_id = l.id WHERE l.node_ref = ?').get(nodeRef) as { n: number }
  ).n;
  const enough = Math.max(INDEX_ALWAYS_CANDIDATES, Math.floor(items / SCAN_TO_LOOKUP_RATIO));
  // A rare trigram's count already bounds the candidates.
  if (choice.atMost !== undefined && choice.atMost <= enough) return 'index';
  // Counting stops at the threshold: a pattern matching half the names costs no more than one that matches the threshold.
  const { n } = statement(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM items_names WHERE items_names MATCH ? LIMIT ?)').get(
    matchQuery(choice.trigrams),
    enough + 1,
  ) as { n: number };
  return n <= enough ? 'index' : 'scan';
}

interface SearchOptions {
  plan?: SearchPlan;
  /** What an earlier search of the same pattern over the same rows planned (then `plan` is not asked). */
  planned?: PlannedSearch;
  /** The exact total, known from an earlier count of the same search over the same rows. */
  knownTotal?: number;
  /**
   * A full page answers without counting (a broad pattern's count walks every
   * match: up to ~100 ms over 1M items); `total` is then the lower bound
   * `offset + rows` and `countItems` gives the exact one afterwards.
   */
  deferCount?: boolean;
}

interface PreparedSearch {
  from: string;
  clause: string;
  params: unknown[];
  planned: PlannedSearch;
}

function planSearch(db: Database.Database, query: ItemSearch, forced: SearchPlan): PlannedSearch {
  const pattern = globPatternFor(query.term);
  const trigrams = forced === 'scan' ? null : trigramsFor(pattern);
  const choice = trigrams ? chooseTrigrams(db, pattern, trigrams) : null;
  return choosePlan(db, query.nodeRef, choice, forced) === 'index' ? { plan: 'index', trigrams: choice!.trigrams } : { plan: 'scan' };
}

function prepareSearch(db: Database.Database, query: ItemSearch, planned: PlannedSearch): PreparedSearch {
  const pattern = globPatternFor(query.term);
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
  // CROSS JOIN keeps the trigram index as the outer loop: each candidate is one lookup into the narrow
  // `items_candidates` (migration 003), which holds all the check and the order need (not a folder path).
  const from = planned.plan === 'index' ? 'items_names f CROSS JOIN items i INDEXED BY items_candidates ON i.id = f.rowid' : 'items i INDEXED BY items_search';
  if (planned.plan === 'index') {
    where.unshift('items_names MATCH ?');
    params.unshift(matchQuery(planned.trigrams));
  }
  return { from, clause: where.join(' AND '), params, planned };
}

function countOf(db: Database.Database, { from, clause, params }: PreparedSearch): number {
  return (statement(db, `SELECT count(*) AS total FROM ${from} WHERE ${clause}`).get(...params) as { total: number }).total;
}

/** The exact number of items a search finds (what a deferred count gives afterwards), and what was planned for it. */
export function countItems(db: Database.Database, query: ItemSearch, planned?: PlannedSearch): { total: number; planned: PlannedSearch } {
  const prepared = prepareSearch(db, query, planned ?? planSearch(db, query, 'auto'));
  return { total: countOf(db, prepared), planned: prepared.planned };
}

export function searchItems(db: Database.Database, query: ItemSearch, options: SearchOptions = {}): ItemSearchResult {
  const prepared = prepareSearch(db, query, options.planned ?? planSearch(db, query, options.plan ?? 'auto'));
  const { from, clause, params, planned } = prepared;
  // Ties (the same name twice in a plan) go by id: the order the scan's index keeps them in.
  // The page's ids in order, then their rows in one pass (each row read once, after the page is known).
  const stored = statement(
    db,
    `SELECT r.row, r.plan_uid FROM (SELECT i.id, i.plan_uid, i.name_lower FROM ${from} WHERE ${clause} ORDER BY i.plan_uid, i.name_lower, i.id LIMIT ? OFFSET ?) AS page
     CROSS JOIN items r ON r.id = page.id ORDER BY page.plan_uid, page.name_lower, page.id`,
  ).all(...params, query.limit, query.offset) as Array<{ row: string; plan_uid: string }>;
  // A short page already tells the total; only a full one (or none) needs a second pass to count.
  const told = stored.length > 0 && stored.length < query.limit ? query.offset + stored.length : options.knownTotal;
  const deferred = told === undefined && options.deferCount === true && stored.length > 0;
  const total = told ?? (deferred ? query.offset + stored.length : countOf(db, prepared));
  return {
    rows: stored.map((s) => JSON.parse(s.row) as BrowserRow),
    planUids: stored.map((s) => s.plan_uid),
    total,
    counted: !deferred,
    plan: planned.plan,
    planned,
  };
}
