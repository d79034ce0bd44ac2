/**
 * Business names for the demo's PSA data (./psa.ts): near-duplicates of a
 * name, as someone else typed it into a PSA ('Acme, Inc.' → 'ACME Inc',
 * 'Contoso Ltd' → 'Contoso Limited', a typing slip, another case, 'The …',
 * '… (old)'), and unrelated names with no organization behind them. Pure
 * functions of the seed.
 */
import { rngFor, type Rng } from '../random';

/** The legal forms organization names end with ('' for none). */
export const FORMS = [', Inc.', ' Ltd', ' LLC', ' Corp.', ' & Co.', ' Group', ' Partners', ' Holdings', ''];

const LEGAL_WORDS = new Set(['Inc', 'Ltd', 'LLC', 'Corp', 'Co', 'Group', 'Partners', 'Holdings', 'Limited', 'Incorporated', 'Corporation']);
const LEGAL_SWAPS: Array<[RegExp, string]> = [
  [/,? Inc\.?$/, ' Incorporated'],
  [/ Ltd\.?$/, ' Limited'],
  [/ LLC$/, ' L.L.C.'],
  [/ Corp\.$/, ' Corporation'],
  [/ & Co\.$/, ' and Company'],
  [/ Group$/, ' Grp'],
  [/ Partners$/, ' Partners LLP'],
  [/ Holdings$/, ' Holdings Ltd'],
];

/** 'Acme, Inc.' → 'ACME Inc': shouted, without commas and periods, the legal form kept as it was written. */
function shouted(name: string): string {
  const words = name.replace(/[,.]/g, '').split(/\s+/);
  const last = words.at(-1) ?? '';
  return words.map((w, i) => (i === words.length - 1 && LEGAL_WORDS.has(last) ? w : w.toUpperCase())).join(' ');
}

/** 'Contoso Ltd' → 'Contoso Limited'; a name without a legal form gains one. */
function otherLegalForm(name: string): string {
  for (const [pattern, replacement] of LEGAL_SWAPS) if (pattern.test(name)) return name.replace(pattern, replacement);
  return `${name} Inc`;
}

/** One typing slip in the longest word: two letters swapped, one dropped or one doubled. */
function typo(name: string, rng: Rng): string {
  const words = name.split(' ');
  let at = 0;
  words.forEach((w, i) => {
    if (w.length > (words[at]?.length ?? 0)) at = i;
  });
  const word = words[at] ?? name;
  if (word.length < 4) return `${name}.`;
  const p = rng.int(1, word.length - 2);
  const kind = rng.int(0, 2);
  const slipped =
    kind === 0 && word[p] !== word[p + 1]
      ? word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2)
      : kind === 1
        ? word.slice(0, p) + word.slice(p + 1)
        : word.slice(0, p) + word[p] + word.slice(p);
  words[at] = slipped;
  return words.join(' ');
}

const VARIANTS: Array<[number, (name: string, rng: Rng) => string]> = [
  [2, shouted],
  [3, otherLegalForm],
  [3, typo],
  [1, (name) => name.toLowerCase()],
  [1, (name) => `The ${name}`],
  [1, (name, rng) => `${name}${rng.pick([' (old)', ' - HQ', ' - Billing'])}`],
  [2, (name) => name.replace(/[,.]/g, '')],
  [2, (name) => name],
];
const VARIANT_WEIGHT = VARIANTS.reduce((sum, [w]) => sum + w, 0);

/** A name as someone else typed it into a PSA: near the original, sometimes identical. */
export function nearDuplicate(name: string, rng: Rng): string {
  let roll = rng.next() * VARIANT_WEIGHT;
  for (const [weight, variant] of VARIANTS) {
    roll -= weight;
    if (roll < 0) return variant(name, rng);
  }
  return name;
}

/** A seeded Fisher–Yates shuffle. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Unrelated business names (no organization behind them): surname × trade × form, a seeded choice. */
export function unrelatedNames(seed: string, key: string, count: number, taken: ReadonlySet<string>): string[] {
  const surnames = ['Hargreaves', 'Okafor', 'Lindqvist', 'Moreau', 'Takahashi', 'Brennan', 'Castillo', 'Novak', 'Ferreira', 'Whitaker', 'Osei', 'Kowalski', 'Delgado', 'Fitzgerald', 'Haddad', 'Ivanova', 'Jensen', 'Kaur', 'Larsen', 'Mbeki', 'Nakamura', 'Oduya', 'Petrov', 'Quintero', 'Rasmussen', 'Sato', 'Toivonen', 'Varga', 'Wojcik', 'Yilmaz'];
  const trades = ['Plumbing', 'Roofing', 'Catering', 'Printing', 'Landscaping', 'Electrical', 'Optics', 'Pharmacy', 'Consulting', 'Flooring', 'Joinery', 'Tutoring', 'Storage', 'Couriers', 'Fitness'];
  const candidates = surnames.flatMap((s) => trades.flatMap((t) => FORMS.map((f) => `${s} ${t}${f}`)));
  return shuffled(candidates, rngFor(seed, 'psa', key, 'unrelated'))
    .filter((name) => !taken.has(name))
    .slice(0, count);
}

