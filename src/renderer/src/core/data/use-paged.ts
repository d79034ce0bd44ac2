/**
 * A list read page by page with "Load more" (see `PagedLoader`): the first
 * page is read when `enabled`, and everything starts over when `key` changes.
 * A failed page is presented (`onError`) and can be asked for again.
 */
import { useEffect, useRef, useState } from 'react';
import { PagedLoader, type PageFetch, type PagedState } from './paged-loader';

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  hasMore: boolean;
  loadMore(): void;
}

export function usePaged<T, C>(fetch: PageFetch<T, C>, first: C, options: { enabled: boolean; key?: string; onError?: (error: unknown) => void }): PagedList<T> {
  const latest = useRef({ fetch, onError: options.onError });
  useEffect(() => {
    latest.current = { fetch, onError: options.onError };
  });
  const [state, setState] = useState<PagedState<T>>({ items: [], loading: options.enabled, hasMore: false, error: null });
  const loader = useRef<PagedLoader<T, C> | null>(null);
  const { enabled, key = '' } = options;

  useEffect(() => {
    if (!enabled) return;
    const made = new PagedLoader<T, C>(
      (cursor) => latest.current.fetch(cursor),
      first,
      (next) => {
        if (loader.current !== made) return;
        setState(next);
        if (next.error !== null && !next.loading) latest.current.onError?.(next.error);
      },
    );
    loader.current = made;
    made.loadMore();
    return () => {
      if (loader.current === made) loader.current = null;
      made.reset();
    };
    // `first` is the first cursor of this key's list: a new key starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, key]);

  return { items: state.items, loading: state.loading, hasMore: state.hasMore, loadMore: () => loader.current?.loadMore() };
}
