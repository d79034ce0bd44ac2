/**
 * Issue 11 point 2: the restore targets are asked for by id, so every page
 * holds only them; a long id list goes in chunks laid end to end.
 */
import { describe, expect, it } from 'vitest';
import { chunkIds, queryByIds, type IdPage } from '../../src/main/services/devices/id-chunked-query';

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
});
