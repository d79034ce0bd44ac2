/**
 * A paged list ("Load more") as a query of the shared cache, without React (`usePaged` is the hook): the
 * query's options, and what a screen sees of its result.
 */
import type { InfiniteData, InfiniteQueryObserverOptions, InfiniteQueryObserverResult } from '@tanstack/query-core';
import type { PageAnswer } from './paged-loader';

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  hasMore: boolean;
  loadMore(): void;
}

type Pages<T> = InfiniteData<PageAnswer<T, unknown>, unknown>;

/**
 * The query of a paged list, but for its page fetch (`queryFn`, given `pageParam`): pages asked from `first` on,
 * each after the one before (a null `next` is the last).
 */
export function pagedQuery<T, C>(
  queryKey: readonly unknown[],
  first: C,
  enabled: boolean,
): Omit<InfiniteQueryObserverOptions<PageAnswer<T, unknown>, Error, Pages<T>, readonly unknown[], unknown>, 'queryFn'> {
  return {
    queryKey,
    initialPageParam: first,
    getNextPageParam: (answer) => answer.next ?? undefined,
    enabled,
    gcTime: 0,
    staleTime: Infinity,
  };
}

/** What a screen sees of a paged list's query. */
export function pagedList<T>(query: InfiniteQueryObserverResult<Pages<T>, Error>, enabled: boolean): PagedList<T> {
  const { data, fetchNextPage, refetch, isFetching, hasNextPage, isError } = query;
  return {
    items: enabled ? (data?.pages.flatMap((page) => page.items) ?? []) : [],
    loading: enabled && isFetching,
    // A first page that failed can be asked for again.
    hasMore: enabled && (data === undefined ? isError : hasNextPage),
    loadMore: () => {
      if (!enabled || isFetching) return;
      if (data === undefined) void refetch();
      else if (hasNextPage) void fetchNextPage();
    },
  };
}

