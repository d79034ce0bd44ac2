/**
 * The device query restricted to a list of ids (the restore targets a
 * device's client settings allow; spec/backup-restore.md §5 filter nodeId;
 * issue 11 point 2), so that every page holds only those devices. The ids go
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
export type FetchIdPage<T> = (ids: readonly number[], page: number) => Promise<IdPage<T>>;

export function chunkIds(ids: readonly number[], size = IDS_PER_REQUEST): number[][] {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}

/**
 * Page `page` of the devices among `ids`. One chunk: one request, the server's
 * paging as is. Several: the first page of every chunk (in parallel) gives each
 * chunk's total; the page's range is then read from the chunks it spans.
 */
export async function queryByIds<T>(ids: readonly number[], page: number, pageSize: number, fetch: FetchIdPage<T>, chunkSize = IDS_PER_REQUEST): Promise<IdPage<T>> {
  const chunks = chunkIds(ids, chunkSize);
  if (chunks.length === 0) return { results: [], totalElements: 0, totalPages: 0, skipped: 0 };
  if (chunks.length === 1) return fetch(chunks[0]!, page);

  const firsts = await Promise.all(chunks.map((chunk) => fetch(chunk, 0)));
  const totalElements = firsts.reduce((sum, answer) => sum + answer.totalElements, 0);
  const start = page * pageSize;
  const end = start + pageSize;
  const results: T[] = [];
  let skipped = 0;
  let offset = 0;
  for (let i = 0; i < chunks.length; i++) {
    const total = firsts[i]!.totalElements;
    const from = Math.max(start, offset) - offset;
    const to = Math.min(end, offset + total) - offset;
    offset += total;
    if (from >= to) continue;
    // The chunk's own pages that hold positions [from, to).
    for (let p = Math.floor(from / pageSize); p <= Math.floor((to - 1) / pageSize); p++) {
      const answer = p === 0 ? firsts[i]! : await fetch(chunks[i]!, p);
      const base = p * pageSize;
      results.push(...answer.results.slice(Math.max(from - base, 0), Math.min(to - base, pageSize)));
      skipped += answer.skipped;
    }
  }
  return { results, totalElements, totalPages: Math.ceil(totalElements / pageSize), skipped };
}
