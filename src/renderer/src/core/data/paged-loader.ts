/**
 * A list read page after page ("Load more"), with no React (`usePaged` wraps
 * it). The cursor is whatever the API pages by: a page number (the backup
 * calls, pages of 100), or the last item's id (PSA lists, pages of 500 after
 * an id). One page is asked at a time; `reset` starts over, and an answer for
 * an earlier generation is dropped.
 */
interface PageAnswer<T, C> {
  items: T[];
  /** Where the next page starts, or null when this was the last. */
  next: C | null;
}

export type PageFetch<T, C> = (cursor: C) => Promise<PageAnswer<T, C>>;

/** Pages numbered from 0, with a page count in the answer. */
export function byPageNumber<T>(load: (page: number) => Promise<{ results: T[]; totalPages: number }>): PageFetch<T, number> {
  return async (page) => {
    const answer = await load(page);
    return { items: answer.results, next: page + 1 < answer.totalPages ? page + 1 : null };
  };
}

/** Pages of `pageSize` after the last id seen (null: from the start); a short page is the last. */
export function byLastId<T, Id>(load: (after: Id | null) => Promise<T[]>, idOf: (item: T) => Id, pageSize: number): PageFetch<T, Id | null> {
  return async (after) => {
    const items = await load(after);
    const last = items[items.length - 1];
    return { items, next: items.length >= pageSize && last !== undefined ? idOf(last) : null };
  };
}

export interface PagedState<T> {
  items: T[];
  loading: boolean;
  hasMore: boolean;
  /** The last page asked for failed; `loadMore` asks for it again. */
  error: unknown;
}

export class PagedLoader<T, C> {
  private generation = 0;
  /** Where the next page starts (the first cursor may itself be null: "from the start"). */
  private cursor: C;
  private done = false;
  private current: PagedState<T> = { items: [], loading: false, hasMore: true, error: null };

  constructor(
    private readonly fetch: PageFetch<T, C>,
    private readonly first: C,
    private readonly onChange: (state: PagedState<T>) => void,
  ) {
    this.cursor = first;
  }

  get state(): PagedState<T> {
    return this.current;
  }

  /** Forgets what was read; the next `loadMore` reads the first page. */
  reset(): void {
    this.generation++;
    this.cursor = this.first;
    this.done = false;
    this.set({ items: [], loading: false, hasMore: true, error: null });
  }

  loadMore(): void {
    if (this.current.loading || this.done) return;
    const generation = this.generation;
    const cursor = this.cursor;
    this.set({ ...this.current, loading: true, error: null });
    this.fetch(cursor).then(
      (answer) => {
        if (generation !== this.generation) return;
        if (answer.next === null) this.done = true;
        else this.cursor = answer.next;
        this.set({ items: [...this.current.items, ...answer.items], loading: false, hasMore: answer.next !== null, error: null });
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.set({ ...this.current, loading: false, error });
      },
    );
  }

  private set(state: PagedState<T>): void {
    this.current = state;
    this.onChange(state);
  }
}
