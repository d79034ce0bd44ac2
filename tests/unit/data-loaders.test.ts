/**
 * The renderer core's data loaders, without React: polling
 * with backoff (`Poller`, behind `usePolled`) and lists read page after page
 * by page number or after the last id (`PagedLoader`, behind `usePaged`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/query-core';
import { byLastId, byPageNumber, type PageFetch } from '../../src/renderer/src/core/data/paged-loader';
import { pagedList, pagedQuery } from '../../src/renderer/src/core/data/paged-query';
import { PollSchedule, Poller } from '../../src/renderer/src/core/data/poller';

describe('Poller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const delays = [100, 200, 400, 800];
  const delay = (unchanged: number) => delays[Math.min(unchanged, delays.length - 1)]!;

  it('asks at once, backs off while answers stay the same, speeds up on a change, stops when told', async () => {
    const answers = ['a', 'a', 'a', 'b', 'b', 'done'];
    const asked: number[] = [];
    const seen: string[] = [];
    const poller = new Poller<string>({
      load: async () => {
        asked.push(Date.now());
        return answers.shift()!;
      },
      onAnswer: (answer) => seen.push(answer),
      onError: () => undefined,
      continueAfter: (answer) => answer !== 'done',
      fingerprint: (answer) => answer,
      delay,
    });
    const start = Date.now();
    poller.start();
    await vi.runAllTimersAsync();
    expect(seen).toEqual(['a', 'a', 'a', 'b', 'b', 'done']);
    // a (new) → 100, a (same once) → 200, a (twice) → 400, b (new) → 100, b (same) → 200, done.
    expect(asked.map((t) => t - start)).toEqual([0, 100, 300, 700, 800, 1000]);
  });

  it('a failure is reported and waits longer; the next answer clears the way', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const times: number[] = [];
    const poller = new Poller<string>({
      load: async () => {
        times.push(Date.now());
        calls++;
        if (calls === 2) throw new Error('offline');
        return calls >= 3 ? 'done' : 'running';
      },
      onAnswer: () => undefined,
      onError: (error) => errors.push(error),
      continueAfter: (answer) => answer !== 'done',
      fingerprint: (answer) => answer,
      delay,
      errorBackoff: 2,
    });
    const start = Date.now();
    poller.start();
    await vi.runAllTimersAsync();
    expect(errors).toHaveLength(1);
    // running → 100; failure: unchanged 1 + 2 → 800; done.
    expect(times.map((t) => t - start)).toEqual([0, 100, 900]);
  });

  it('after stop nothing more is asked, and a late answer is dropped', async () => {
    let release: (value: string) => void = () => undefined;
    const seen: string[] = [];
    let asked = 0;
    const poller = new Poller<string>({
      load: () => {
        asked++;
        return new Promise<string>((resolve) => (release = resolve));
      },
      onAnswer: (answer) => seen.push(answer),
      onError: () => undefined,
      continueAfter: () => true,
      fingerprint: (answer) => answer,
      delay,
    });
    poller.start();
    poller.stop();
    release('late');
    await vi.runAllTimersAsync();
    expect(seen).toEqual([]);
    expect(asked).toBe(1);
  });
});

describe('PollSchedule', () => {
  it('waits longer while answers stay the same, starts over on a change, and longer still after a failure', () => {
    const schedule = new PollSchedule((unchanged) => 1000 * (unchanged + 1), 3);
    expect(schedule.answered('a')).toBe(1000);
    expect(schedule.answered('a')).toBe(2000);
    expect(schedule.answered('a')).toBe(3000);
    expect(schedule.answered('b')).toBe(1000);
    // A failure counts as one more unchanged answer plus the error backoff.
    expect(schedule.failed()).toBe(5000);
    expect(schedule.answered('b')).toBe(3000);
  });
});

describe('a paged list (usePaged) through the query cache', () => {
  /** Drives the list as the hook does, without React: the cache's observer and the screen's view of it. */
  function list<T, C>(fetch: PageFetch<T, C>, first: C) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, { ...pagedQuery<T, C>(['paged', 'test'], first, true), queryFn: ({ pageParam }) => fetch(pageParam as C) });
    const stop = observer.subscribe(() => undefined);
    const view = () => pagedList(observer.getCurrentResult(), true);
    return { view, stop };
  }
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };

  it('by page number: the first page at once, then one page per "Load more" until the last', async () => {
    const asked: number[] = [];
    const { view, stop } = list(
      byPageNumber(async (page: number) => {
        asked.push(page);
        return { results: [`p${page}a`, `p${page}b`], totalPages: 3 };
      }),
      0,
    );
    expect(view().loading).toBe(true);
    view().loadMore(); // ignored: a page is on its way
    await settle();
    expect(view()).toMatchObject({ items: ['p0a', 'p0b'], loading: false, hasMore: true });
    view().loadMore();
    await settle();
    view().loadMore();
    await settle();
    expect(view().items).toEqual(['p0a', 'p0b', 'p1a', 'p1b', 'p2a', 'p2b']);
    expect(view().hasMore).toBe(false);
    view().loadMore(); // nothing more to ask
    await settle();
    expect(asked).toEqual([0, 1, 2]);
    stop();
  });

  it('after the last id: pages of 500 until a short one (PSA lists)', async () => {
    const all = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1 }));
    const asked: Array<number | null> = [];
    const { view, stop } = list(
      byLastId(
        async (after: number | null) => {
          asked.push(after);
          const from = after === null ? 0 : all.findIndex((item) => item.id === after) + 1;
          return all.slice(from, from + 500);
        },
        (item) => item.id,
        500,
      ),
      null as number | null,
    );
    await settle();
    for (let i = 0; i < 2; i++) {
      view().loadMore();
      await settle();
    }
    expect(asked).toEqual([null, 500, 1000]);
    expect(view().items).toHaveLength(1200);
    expect(view().hasMore).toBe(false);
    stop();
  });

  it('a failed page keeps what was read and can be asked again; so can a failed first page', async () => {
    let fail = true;
    const { view, stop } = list(
      byPageNumber((page: number): Promise<{ results: string[]; totalPages: number }> => {
        if (fail && page === 1) return Promise.reject(new Error('offline'));
        return Promise.resolve({ results: [`p${page}`], totalPages: 2 });
      }),
      0,
    );
    await settle();
    view().loadMore();
    await settle();
    expect(view()).toMatchObject({ items: ['p0'], loading: false, hasMore: true });
    fail = false;
    view().loadMore();
    await settle();
    expect(view()).toMatchObject({ items: ['p0', 'p1'], loading: false, hasMore: false });
    stop();

    let firstFails = true;
    const again = list(
      byPageNumber((page: number): Promise<{ results: string[]; totalPages: number }> =>
        firstFails ? Promise.reject(new Error('offline')) : Promise.resolve({ results: [`p${page}`], totalPages: 1 }),
      ),
      0,
    );
    await settle();
    expect(again.view()).toMatchObject({ items: [], loading: false, hasMore: true });
    firstFails = false;
    again.view().loadMore();
    await settle();
    expect(again.view()).toMatchObject({ items: ['p0'], hasMore: false });
    again.stop();
  });
});
