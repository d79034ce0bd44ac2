/**
 * The renderer core's data loaders, without React: polling
 * with backoff (`Poller`, behind `usePolled`) and lists read page after page
 * by page number or after the last id (`PagedLoader`, behind `usePaged`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byLastId, byPageNumber, PagedLoader, type PagedState } from '../../src/renderer/src/core/data/paged-loader';
import { Poller } from '../../src/renderer/src/core/data/poller';

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

describe('PagedLoader', () => {
  function collect<T, C>(fetch: ConstructorParameters<typeof PagedLoader<T, C>>[0], first: C) {
    const states: Array<PagedState<T>> = [];
    const loader = new PagedLoader<T, C>(fetch, first, (state) => states.push(state));
    return { loader, states };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('by page number: appends pages until the last, one at a time', async () => {
    const asked: number[] = [];
    const { loader } = collect(
      byPageNumber(async (page: number) => {
        asked.push(page);
        return { results: [`p${page}a`, `p${page}b`], totalPages: 3 };
      }),
      0,
    );
    loader.loadMore();
    loader.loadMore(); // ignored: a page is on its way
    await settle();
    expect(loader.state).toEqual({ items: ['p0a', 'p0b'], loading: false, hasMore: true, error: null });
    loader.loadMore();
    await settle();
    loader.loadMore();
    await settle();
    expect(loader.state.items).toEqual(['p0a', 'p0b', 'p1a', 'p1b', 'p2a', 'p2b']);
    expect(loader.state.hasMore).toBe(false);
    loader.loadMore(); // nothing more to ask
    await settle();
    expect(asked).toEqual([0, 1, 2]);
  });

  it('after the last id: pages of 500 until a short one (PSA lists)', async () => {
    const all = Array.from({ length: 1200 }, (_, i) => ({ id: i + 1 }));
    const asked: Array<number | null> = [];
    const { loader } = collect(
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
    for (let i = 0; i < 3; i++) {
      loader.loadMore();
      await settle();
    }
    expect(asked).toEqual([null, 500, 1000]);
    expect(loader.state.items).toHaveLength(1200);
    expect(loader.state.hasMore).toBe(false);
  });

  it('a failed page keeps what was read and can be asked again; an answer from before a reset is dropped', async () => {
    let fail = true;
    let release: (value: { results: string[]; totalPages: number }) => void = () => undefined;
    const { loader } = collect(
      byPageNumber((page: number): Promise<{ results: string[]; totalPages: number }> => {
        if (page === 1 && fail) return Promise.reject(new Error('offline'));
        if (page === 0 && !fail) return new Promise((resolve) => (release = resolve));
        return Promise.resolve({ results: [`p${page}`], totalPages: 2 });
      }),
      0,
    );
    loader.loadMore();
    await settle();
    loader.loadMore();
    await settle();
    expect(loader.state).toMatchObject({ items: ['p0'], loading: false, hasMore: true });
    expect((loader.state.error as Error).message).toBe('offline');
    fail = false;
    loader.loadMore();
    await settle();
    expect(loader.state).toEqual({ items: ['p0', 'p1'], loading: false, hasMore: false, error: null });

    // Start over while the first page of the new read is on its way: the old answer must not land after the reset.
    loader.reset();
    loader.loadMore();
    loader.reset();
    release({ results: ['stale'], totalPages: 1 });
    await settle();
    expect(loader.state).toEqual({ items: [], loading: false, hasMore: true, error: null });
  });
});
