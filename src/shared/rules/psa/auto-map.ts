/**
 * Auto Map (spec/ticketing-automations-psa.md §2.3, §2.4: "Auto Map", "Auto
 * Map preview modal", "auto-mapping result previews"; "Beyond the
 * anchors"): a review queue of proposed mappings by name similarity.
 *
 * Names are normalized once (case, accents, punctuation, '&' → 'and', a
 * leading 'The', trailing legal suffixes such as Inc, LLC, Ltd, GmbH, Corp,
 * Co, PLC, AG, SA, BV, Pty, LLP). The score (0..1) is 1 for equal normalized
 * names, otherwise 0.7 × the Dice coefficient of the character bigrams of the
 * name without spaces + 0.3 × the Dice coefficient of its words: bigrams
 * forgive typos and split words ('Micro Soft'), words reward whole-word
 * agreement. Candidates score at least AUTO_MAP_THRESHOLD (0.6). Each
 * organization gets its best candidate and each PSA record is proposed at
 * most once (greedy by score, ties broken by names then ids). An exact match
 * is pre-accepted unless it is ambiguous (another exact candidate on either
 * side); the others wait for accept or reject. Organizations already mapped
 * or marked "never map" are skipped, as are records already mapped to one.
 */
import type { AutotaskMappings, AccountRemap } from './transitions';
import { remapAccount } from './transitions';
import { remapCompany, setSite, siteKey, updateSite } from './connectwise';
import type { ConnectWiseCompanyMapping, PsaId, PsaRecord } from '../../model/psa';

/** The lowest score proposed (below it names are too different to suggest). */
export const AUTO_MAP_THRESHOLD = 0.6;
const BIGRAM_WEIGHT = 0.7;
const WORD_WEIGHT = 0.3;

/** Legal-form words dropped from the end of a name (after dots are removed: 'L.L.C.' reads 'llc', 'S.A.' 'sa'). */
const LEGAL_SUFFIXES: ReadonlySet<string> = new Set([
  'inc', 'incorporated', 'llc', 'lc', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'plc', 'llp', 'lp', 'pc',
  'gmbh', 'mbh', 'ag', 'kg', 'ohg', 'ug', 'ev', 'eg', 'sa', 'sas', 'sarl', 'srl', 'spa', 'sl', 'slu', 'bv', 'nv', 'cv',
  'pty', 'pte', 'pvt', 'oy', 'oyj', 'ab', 'as', 'asa', 'aps', 'kk', 'sro', 'spol', 'sp', 'zoo', 'kft', 'zrt', 'bhd', 'sdn',
  'lda', 'ltda', 'se',
]);

/** A name ready to compare: normalized once, its words and bigrams counted. */
interface PreparedName {
  normalized: string;
  words: ReadonlySet<string>;
  bigrams: ReadonlyMap<string, number>;
  bigramCount: number;
}

function words(name: string): string[] {
  const tokens = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[&+]/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // Runs of single letters are one word: 'l.l.c.' → 'llc', 'i.b.m.' → 'ibm'.
  const merged: string[] = [];
  let run = '';
  for (const token of [...tokens, '']) {
    if (token.length === 1) {
      run += token;
      continue;
    }
    if (run) merged.push(run);
    run = '';
    if (token) merged.push(token);
  }
  if (merged.length > 1 && merged[0] === 'the') merged.shift();
  // Trailing legal forms (and the 'and' of 'GmbH & Co. KG'), keeping at least one word.
  while (merged.length > 1 && (LEGAL_SUFFIXES.has(merged[merged.length - 1]!) || merged[merged.length - 1] === 'and')) merged.pop();
  return merged;
}

/** The name compared: lower case, no accents or punctuation, no leading 'The' or trailing legal form ('Acme, Inc.' → 'acme'). */
export function normalizeName(name: string): string {
  return words(name).join(' ');
}

/** Normalizes a name once for many comparisons. */
function prepareName(name: string): PreparedName {
  const list = words(name);
  const compact = list.join('');
  const bigrams = new Map<string, number>();
  for (let i = 0; i < compact.length - 1; i += 1) {
    const bigram = compact.slice(i, i + 2);
    bigrams.set(bigram, (bigrams.get(bigram) ?? 0) + 1);
  }
  return { normalized: list.join(' '), words: new Set(list), bigrams, bigramCount: Math.max(compact.length - 1, 0) };
}

function bigramDice(a: PreparedName, b: PreparedName): number {
  if (a.bigramCount === 0 || b.bigramCount === 0) return 0;
  const [small, large] = a.bigrams.size <= b.bigrams.size ? [a.bigrams, b.bigrams] : [b.bigrams, a.bigrams];
  let common = 0;
  for (const [bigram, count] of small) common += Math.min(count, large.get(bigram) ?? 0);
  return (2 * common) / (a.bigramCount + b.bigramCount);
}

function wordDice(a: PreparedName, b: PreparedName): number {
  if (a.words.size === 0 || b.words.size === 0) return 0;
  let common = 0;
  for (const word of a.words) if (b.words.has(word)) common += 1;
  return (2 * common) / (a.words.size + b.words.size);
}

/** The highest score two names of these sizes could reach: pairs below the threshold are not compared further. */
function upperBound(a: PreparedName, b: PreparedName): number {
  const dice = (x: number, y: number) => (x + y === 0 ? 0 : (2 * Math.min(x, y)) / (x + y));
  return BIGRAM_WEIGHT * dice(a.bigramCount, b.bigramCount) + WORD_WEIGHT * dice(a.words.size, b.words.size);
}

/** The similarity of two prepared names, 0..1; 1 when their normalized forms are equal. */
function similarity(a: PreparedName, b: PreparedName): number {
  if (a.normalized === '' || b.normalized === '') return 0;
  if (a.normalized === b.normalized) return 1;
  return Math.min(BIGRAM_WEIGHT * bigramDice(a, b) + WORD_WEIGHT * wordDice(a, b), 0.999);
}

/** The similarity of two names, 0..1. */
export function nameScore(a: string, b: string): number {
  return similarity(prepareName(a), prepareName(b));
}

// ---------------------------------------------------------------- the review queue

/** What is mapped: an organization (key: clientId) or a location (key: its site key). */
interface AutoMapSource {
  key: number | string;
  name: string;
  mapped: boolean;
}

export type ProposalStatus = 'accepted' | 'pending' | 'rejected';

export interface AutoMapProposal {
  key: number | string;
  name: string;
  target: PsaRecord;
  score: number;
  /** Equal after normalization. */
  exact: boolean;
  status: ProposalStatus;
}

export interface AutoMapResult {
  proposals: AutoMapProposal[];
  /** Keys of sources considered that got no candidate. */
  unmatched: Array<number | string>;
  skippedMapped: number;
  skippedNeverMap: number;
}

interface AutoMapInput {
  sources: readonly AutoMapSource[];
  targets: readonly PsaRecord[];
  /** Keys marked "never map". */
  neverMap?: ReadonlySet<number | string>;
  /** Targets already mapped to a source: not proposed again. */
  usedTargetIds?: Iterable<PsaId>;
  threshold?: number;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The review queue: each source's best candidate at or above the threshold, each target used at most once. */
export function autoMapCandidates(input: AutoMapInput): AutoMapResult {
  const threshold = input.threshold ?? AUTO_MAP_THRESHOLD;
  const neverMap = input.neverMap ?? new Set();
  const used = new Set([...(input.usedTargetIds ?? [])].map(String));
  const considered = input.sources.filter((s) => !s.mapped && !neverMap.has(s.key));
  const sources = considered.map((source) => ({ source, name: prepareName(source.name) }));
  const targets = input.targets.filter((t) => !used.has(String(t.id))).map((target) => ({ target, name: prepareName(target.name) }));

  const pairs: Array<{ s: number; t: number; score: number }> = [];
  const exactPerSource = new Map<number, number>();
  const exactPerTarget = new Map<number, number>();
  sources.forEach((s, si) => {
    targets.forEach((t, ti) => {
      if (upperBound(s.name, t.name) < threshold) return;
      const score = similarity(s.name, t.name);
      if (score < threshold) return;
      pairs.push({ s: si, t: ti, score });
      if (score === 1) {
        exactPerSource.set(si, (exactPerSource.get(si) ?? 0) + 1);
        exactPerTarget.set(ti, (exactPerTarget.get(ti) ?? 0) + 1);
      }
    });
  });
  pairs.sort(
    (a, b) =>
      b.score - a.score ||
      compareText(sources[a.s]!.name.normalized, sources[b.s]!.name.normalized) ||
      compareText(String(sources[a.s]!.source.key), String(sources[b.s]!.source.key)) ||
      compareText(targets[a.t]!.name.normalized, targets[b.t]!.name.normalized) ||
      compareText(String(targets[a.t]!.target.id), String(targets[b.t]!.target.id)),
  );

  const takenSources = new Set<number>();
  const takenTargets = new Set<number>();
  const proposals: AutoMapProposal[] = [];
  for (const pair of pairs) {
    if (takenSources.has(pair.s) || takenTargets.has(pair.t)) continue;
    takenSources.add(pair.s);
    takenTargets.add(pair.t);
    const exact = pair.score === 1;
    const unambiguous = exactPerSource.get(pair.s) === 1 && exactPerTarget.get(pair.t) === 1;
    const { source } = sources[pair.s]!;
    proposals.push({ key: source.key, name: source.name, target: targets[pair.t]!.target, score: pair.score, exact, status: exact && unambiguous ? 'accepted' : 'pending' });
  }
  return {
    proposals,
    unmatched: sources.filter((_, i) => !takenSources.has(i)).map(({ source }) => source.key),
    skippedMapped: input.sources.filter((s) => s.mapped).length,
    skippedNeverMap: input.sources.filter((s) => !s.mapped && neverMap.has(s.key)).length,
  };
}

/** Accept or reject (or reset to pending) one proposal of the queue. */
export function setProposalStatus(proposals: readonly AutoMapProposal[], key: number | string, status: ProposalStatus): AutoMapProposal[] {
  return proposals.map((p) => (p.key === key ? { ...p, status } : p));
}

/** Accept every proposal still pending. */
export function acceptAllPending(proposals: readonly AutoMapProposal[]): AutoMapProposal[] {
  return proposals.map((p) => (p.status === 'pending' ? { ...p, status: 'accepted' as const } : p));
}

/** The proposals that will be applied (the preview's count). */
export function acceptedProposals(proposals: readonly AutoMapProposal[]): AutoMapProposal[] {
  return proposals.filter((p) => p.status === 'accepted');
}

/** The "never map" marks with one organization marked (on) or unmarked. */
export function setNeverMap<K extends number | string>(neverMap: ReadonlySet<K>, key: K, on: boolean): Set<K> {
  const next = new Set(neverMap);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

// ---------------------------------------------------------------- Autotask accounts, ConnectWise companies

/** §2.3 Auto Map over the Account Mapping table. */
export function autoMapAccounts(mappings: Pick<AutotaskMappings, 'accountMappings'>, accounts: readonly PsaRecord[], neverMap?: ReadonlySet<number>): AutoMapResult {
  return autoMapCandidates({
    sources: mappings.accountMappings.map((row) => ({ key: row.clientId, name: row.clientName, mapped: row.accountId !== null })),
    targets: accounts,
    neverMap,
    usedTargetIds: mappings.accountMappings.flatMap((row) => (row.accountId === null ? [] : [row.accountId])),
  });
}

/** §2.3: applies the accepted proposals; each remap resets the organization's location mappings (§4.3) and may raise §8.3's warning. */
export function applyAccountProposals(mappings: AutotaskMappings, proposals: readonly AutoMapProposal[]): AccountRemap {
  let state: AccountRemap = { ...mappings, locationsReset: 0, showWarning: false };
  for (const p of acceptedProposals(proposals)) {
    const remap = remapAccount(state, Number(p.key), p.target);
    state = { ...remap, locationsReset: state.locationsReset + remap.locationsReset, showWarning: state.showWarning || remap.showWarning };
  }
  return state;
}

/** §2.4 Auto Map over the Company Mapping table. */
export function autoMapCompanies(rows: readonly ConnectWiseCompanyMapping[], companies: readonly PsaRecord[], neverMap?: ReadonlySet<number>): AutoMapResult {
  return autoMapCandidates({
    sources: rows.map((row) => ({ key: row.clientId, name: row.clientName, mapped: row.companyId !== null })),
    targets: companies,
    neverMap,
    usedTargetIds: rows.flatMap((row) => (row.companyId === null ? [] : [row.companyId])),
  });
}

/** §2.4: applies the accepted company proposals. */
export function applyCompanyProposals(rows: readonly ConnectWiseCompanyMapping[], proposals: readonly AutoMapProposal[]): ConnectWiseCompanyMapping[] {
  return acceptedProposals(proposals).reduce<ConnectWiseCompanyMapping[]>((state, p) => remapCompany(state, Number(p.key), p.target), [...rows]);
}

/** §2.4 location-to-site list "Auto": the organization's unmapped locations against its company's sites. */
export function autoMapSites(company: ConnectWiseCompanyMapping, sites: readonly PsaRecord[], neverMap?: ReadonlySet<string>): AutoMapResult {
  return autoMapCandidates({
    sources: company.locationSiteMappings.map((site) => ({ key: siteKey(site), name: site.locationName, mapped: site.psaSiteId !== null })),
    targets: sites,
    neverMap,
    usedTargetIds: company.locationSiteMappings.flatMap((site) => (site.psaSiteId === null ? [] : [site.psaSiteId])),
  });
}

/** §2.4: applies the accepted site proposals to the organization's locations. */
export function applySiteProposals(rows: readonly ConnectWiseCompanyMapping[], clientId: number, proposals: readonly AutoMapProposal[]): ConnectWiseCompanyMapping[] {
  return acceptedProposals(proposals).reduce<ConnectWiseCompanyMapping[]>((state, p) => updateSite(state, clientId, String(p.key), (site) => setSite(site, p.target)), [...rows]);
}
