/**
 * The restore targets are asked for by id, so every page
 * holds only them; a long id list goes in chunks laid end to end.
 */
import { describe, expect, it } from 'vitest';
import { CHUNK_CONCURRENCY, ChunkTotals, chunkIds, queryByIds, type IdPage } from '../../src/main/services/devices/id-chunked-query';

/** A server holding devices 1..n, of which `matching` pass the other filters, paged by `size`. */
function fakeServer(matching: (id: number) => boolean, size: number) {
  const calls: Array<{ ids: number[]; page: number }> = [];
  const fetch = async (ids: readonly number[], page: number): Promise<IdPage<number>> => {
    calls.push({ ids: [...ids], page });
    const all = ids.filter(matching);
    return { results: all.slice(page * size, page * size + size), totalElements: all.length, totalPages: Math.ceil(all.length / size), skipped: 0 };
  };
  return { fetch, calls };
}

describe('device query by ids', () => {
  it('chunks without repeating ids', () => {
    expect(chunkIds([1, 2, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkIds([])).toEqual([]);
  });

  it('no ids: an empty page without asking the server', async () => {
    const server = fakeServer(() => true, 5);
    expect(await queryByIds([], 0, 5, server.fetch)).toEqual({ results: [], totalElements: 0, totalPages: 0, skipped: 0 });
    expect(server.calls).toHaveLength(0);
  });

  it('one chunk: the server pages', async () => {
    const server = fakeServer(() => true, 5);
    const page = await queryByIds([1, 2, 3, 4, 5, 6, 7], 1, 5, server.fetch);
    expect(page.results).toEqual([6, 7]);
    expect(server.calls).toEqual([{ ids: [1, 2, 3, 4, 5, 6, 7], page: 1 }]);
  });

  it('several chunks: every page is the right slice of all matches, in order', async () => {
    const ids = Array.from({ length: 57 }, (_, i) => i + 1);
    const matching = (id: number) => id % 3 !== 0;
    const expected = ids.filter(matching);
    const pages: number[][] = [];
    for (let page = 0; page < 5; page++) {
      const server = fakeServer(matching, 5);
      const answer = await queryByIds(ids, page, 5, server.fetch, 10);
      expect(answer.totalElements).toBe(expected.length);
      expect(answer.totalPages).toBe(Math.ceil(expected.length / 5));
      expect(server.calls.every((c) => c.ids.length <= 10)).toBe(true);
      pages.push(answer.results);
    }
    expect(pages.flat()).toEqual(expected.slice(0, 25));
    const last = await queryByIds(ids, 7, 5, fakeServer(matching, 5).fetch, 10);
    expect(last.results).toEqual(expected.slice(35, 40));
  });

  it('a later page asks only the chunks it spans once the totals are known, and never more than a few requests at once', async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const server = fakeServer(() => true, 50);
    let inFlight = 0;
    let most = 0;
    const fetch = async (chunk: readonly number[], page: number) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return server.fetch(chunk, page);
    };
    const memo = new ChunkTotals();
    const remembered = { memo, key: 'k' };
    const first = await queryByIds(ids, 0, 50, fetch, 200, remembered);
    expect(first.totalElements).toBe(2000);
    expect(server.calls).toHaveLength(10);
    expect(most).toBeLessThanOrEqual(CHUNK_CONCURRENCY);

    server.calls.length = 0;
    const later = await queryByIds(ids, 5, 50, fetch, 200, remembered);
    expect(later.results).toEqual(ids.slice(250, 300));
    expect(server.calls).toEqual([{ ids: ids.slice(200, 400), page: 1 }]);

    // Another id list or filter set learns its own totals.
    server.calls.length = 0;
    await queryByIds(ids, 5, 50, fetch, 200, { memo, key: 'other' });
    expect(server.calls.filter((c) => c.page === 0)).toHaveLength(10);
  });
});
