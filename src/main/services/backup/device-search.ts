/**
 * Search from 'All plans'. The API searches one plan at a
 * time (spec/backup-restore.md §7: .../plans/{planId}/search), so a device-wide
 * search asks every file/folder plan in parallel and merges the answers into
 * one listing of 250-row pages: the plans in the device's order, each plan's
 * results in the server's order. Every result keeps the plan it came from.
 *
 * Page p of the merged listing needs every plan's total (to know where each
 * plan's results start), so page 0 asks every plan for its first page and the
 * totals are remembered for the pages after it; a later page asks only the
 * plans (and their pages) that hold its rows.
 */
import type { BackupPlan, FolderContentItem } from '../../../shared/model/backup';
import { AppError } from '../../../shared/errors';

/** One page of one plan's search answer, as read (unreadable items counted, not kept). */
export interface PlanSearchPage {
  results: FolderContentItem[];
  totalElements: number;
  skipped: number;
}

type SearchPlanPage = (plan: BackupPlan, page: number, size: number) => Promise<PlanSearchPage>;

export interface MergedSearchPage {
  found: Array<{ plan: BackupPlan; item: FolderContentItem }>;
  total: number;
  /** Items of the answers behind this page that could not be read. */
  skipped: number;
  /** Plans whose search failed: their results are missing (their total counts as 0). */
  failed: BackupPlan[];
}

interface Remembered {
  at: number;
  /** Per plan (in order): its total, or null when its search failed. */
  totals: Array<number | null>;
}

/** How long the totals of a search are trusted for its later pages. */
const TOTALS_TTL_MS = 5 * 60_000;
const MAX_REMEMBERED = 32;

/** A failure that means "the server cannot be reached": the whole search falls back to the cache. */
function isOffline(error: unknown): boolean {
  return error instanceof AppError && error.code === 'OFFLINE';
}

export class DeviceSearch {
  private readonly remembered = new Map<string, Remembered>();
  private readonly now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Page `page` (of `size` rows) of the merged results. `key` names the search
   * (profile, device, term); `plans` are the device's file/folder plans.
   */
  async page(key: string, plans: readonly BackupPlan[], fetch: SearchPlanPage, page: number, size: number): Promise<MergedSearchPage> {
    const memoKey = `${key}|${plans.map((p) => p.uid).join(',')}`;
    const answers = new Map<string, PlanSearchPage>();
    let known = this.remembered.get(memoKey);
    if (page === 0 || !known || this.now() - known.at > TOTALS_TTL_MS) {
      known = { at: this.now(), totals: await this.firstPages(plans, fetch, size, answers) };
      this.remember(memoKey, known);
    }
    const totals = known.totals;
    const failed = plans.filter((_, i) => totals[i] === null);

    // Which rows of which plan fall on this page.
    const start = page * size;
    const end = start + size;
    const slices: Array<{ index: number; from: number; to: number }> = [];
    let offset = 0;
    totals.forEach((total, index) => {
      const count = total ?? 0;
      const from = Math.max(start, offset) - offset;
      const to = Math.min(end, offset + count) - offset;
      if (to > from) slices.push({ index, from, to });
      offset += count;
    });

    const needed = new Set<string>();
    for (const { index, from, to } of slices) {
      for (let p = Math.floor(from / size); p <= Math.floor((to - 1) / size); p++) needed.add(`${index}#${p}`);
    }
    // A plan whose later page fails is reported like one whose first page failed: its rows on this page are missing, the others show.
    const failedNow = new Set<number>();
    const wanted = [...needed].filter((at) => !answers.has(at));
    const settled = await Promise.allSettled(
      wanted.map(async (at) => {
        const [index, p] = at.split('#').map(Number) as [number, number];
        try {
          answers.set(at, await fetch(plans[index]!, p, size));
        } catch (error) {
          if (isOffline(error)) throw error;
          failedNow.add(index);
        }
      }),
    );
    const offline = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (offline) throw offline.reason;

    const found: MergedSearchPage['found'] = [];
    let skipped = 0;
    for (const { index, from, to } of slices) {
      if (failedNow.has(index)) continue;
      const plan = plans[index]!;
      for (let p = Math.floor(from / size); p <= Math.floor((to - 1) / size); p++) {
        const answer = answers.get(`${index}#${p}`)!;
        const pageStart = p * size;
        const rows = answer.results.slice(Math.max(from, pageStart) - pageStart, Math.min(to, pageStart + size) - pageStart);
        for (const item of rows) found.push({ plan, item });
        skipped += answer.skipped > 0 ? Math.min(to, pageStart + size) - Math.max(from, pageStart) - rows.length : 0;
      }
    }
    for (const index of failedNow) if (!failed.includes(plans[index]!)) failed.push(plans[index]!);
    return { found, total: offset, skipped, failed };
  }

  /** Every plan's first page, in parallel: their totals (null for a plan whose search failed). */
  private async firstPages(plans: readonly BackupPlan[], fetch: SearchPlanPage, size: number, answers: Map<string, PlanSearchPage>): Promise<Array<number | null>> {
    const settled = await Promise.allSettled(plans.map((plan) => fetch(plan, 0, size)));
    const offline = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && isOffline(s.reason));
    if (offline) throw offline.reason;
    if (settled.length > 0 && settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
    return settled.map((s, index) => {
      if (s.status === 'rejected') return null;
      answers.set(`${index}#0`, s.value);
      return s.value.totalElements;
    });
  }

  private remember(key: string, value: Remembered): void {
    this.remembered.delete(key);
    this.remembered.set(key, value);
    if (this.remembered.size > MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value as string);
  }

  /** A new session: nothing remembered applies. */
  clear(): void {
    this.remembered.clear();
  }
}
