/**
 * The device query restricted to a list of ids (the restore targets a
 * device's client settings allow; spec/backup-restore.md §5 filter nodeId), so that every page holds only those devices. The ids go
 * in the query string; a long list is sent in chunks (a URL has a length
 * limit), and the chunks' answers are laid end to end, in chunk order then the
 * server's order, and cut into pages of the usual size.
 */

/** Ids per request: about 2 KB of query string, well within any server's limit. */
export const IDS_PER_REQUEST = 200;

export interface IdPage<T> {
  results: T[];
  totalElements: number;
  totalPages: number;
  skipped: number;
}

/** One request: the devices among `ids` (after the other filters), page `page` of `pageSize`. */
type FetchIdPage<T> = (ids: readonly number[], page: number) => Promise<IdPage<T>>;

export function chunkIds(ids: readonly number[], size = IDS_PER_REQUEST): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

/** Requests in flight at once while learning the chunks' totals (a long id list must not flood the server). */
export const CHUNK_CONCURRENCY = 6;

/**
 * The chunks' totals of one id list and filter set, remembered for a while, so
 * paging through a long list asks only the chunks a page spans, not the first
 * page of every chunk on every click. Page 0 always learns them afresh.
 */
export class ChunkTotals {
  private readonly known = new Map<string, { at: number; totals: number[] }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 20,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): number[] | undefined {
    const entry = this.known.get(key);
    return entry && this.now() - entry.at <= this.ttlMs ? entry.totals : undefined;
  }

  set(key: string, totals: number[]): void {
    this.known.delete(key);
    this.known.set(key, { at: this.now(), totals });
    if (this.known.size > this.max) this.known.delete(this.known.keys().next().value as string);
  }
}

/** `work` over `items`, at most `limit` at once, results in order. */
async function mapLimited<I, O>(items: readonly I[], limit: number, work: (item: I, index: number) => Promise<O>): Promise<O[]> {
  const results = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Page `page` of the devices among `ids`. One chunk: one request, the server's
 * paging as is. Several: the first page of every chunk (a few at a time) gives
 * each chunk's total, remembered in `memo` under `key`; the page's range is
 * then read from the chunks it spans.
 */
export async function queryByIds<T>(
  ids: readonly number[],
  page: number,
  pageSize: number,
  fetch: FetchIdPage<T>,
  chunkSize = IDS_PER_REQUEST,
  remembered?: { memo: ChunkTotals; key: string },
): Promise<IdPage<T>> {
  const chunks = chunkIds(ids, chunkSize);
  if (chunks.length === 0) return { results: [], totalElements: 0, totalPages: 0, skipped: 0 };
  if (chunks.length === 1) return fetch(chunks[0]!, page);

  const firsts = new Map<number, IdPage<T>>();
  let totals = page > 0 ? remembered?.memo.get(remembered.key) : undefined;
  if (!totals || totals.length !== chunks.length) {
    totals = await mapLimited(chunks, CHUNK_CONCURRENCY, async (chunk, i) => {
      const answer = await fetch(chunk, 0);
      firsts.set(i, answer);
      return answer.totalElements;
    });
    remembered?.memo.set(remembered.key, totals);
  }
  const totalElements = totals.reduce((sum, total) => sum + total, 0);
  const start = page * pageSize;
  const end = start + pageSize;
  const results: T[] = [];
  let skipped = 0;
  let offset = 0;
  for (let i = 0; i < chunks.length; i++) {
    const total = totals[i]!;
    const from = Math.max(start, offset) - offset;
    const to = Math.min(end, offset + total) - offset;
    offset += total;
    if (from >= to) continue;
    // The chunk's own pages that hold positions [from, to).
    for (let p = Math.floor(from / pageSize); p <= Math.floor((to - 1) / pageSize); p++) {
      const answer = (p === 0 ? firsts.get(i) : undefined) ?? (await fetch(chunks[i]!, p));
      const base = p * pageSize;
      results.push(...answer.results.slice(Math.max(from - base, 0), Math.min(to - base, pageSize)));
      skipped += answer.skipped;
    }
  }
  return { results, totalElements, totalPages: Math.ceil(totalElements / pageSize), skipped };
}
