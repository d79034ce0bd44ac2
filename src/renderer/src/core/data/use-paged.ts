/**
 * A list read page by page with "Load more", through the shared cache: the first page is read when
 * `enabled`, one page is asked at a time, and everything starts over when `key` changes or the list is
 * closed (`enabled` turns false). A failed page is presented (`onError`) and can be asked for again.
 * The cursor is whatever the API pages by (`paged-loader.ts`).
 */
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { PageFetch } from './paged-loader';
import { pagedList, pagedQuery, type PagedList } from './paged-query';
import { useErrorReport } from './error-report';

export type { PagedList };

export function usePaged<T, C>(fetch: PageFetch<T, C>, first: C, options: { enabled: boolean; key?: string; onError?: (error: unknown) => void }): PagedList<T> {
  const id = useId();
  const client = useQueryClient();
  const latest = useRef(fetch);
  useEffect(() => {
    latest.current = fetch;
  });
  const { enabled, key = '' } = options;
  const query = useInfiniteQuery({
    ...pagedQuery<T, C>(['paged', id, key], first, enabled),
    // The page fetch of the latest render (a new identity each render must not start over).
    queryFn: ({ pageParam }) => latest.current(pageParam as C),
  });
  // Closed: what was read is forgotten, so the list reads its first page again when it opens.
  useEffect(() => {
    if (!enabled) client.removeQueries({ queryKey: ['paged', id] });
  }, [client, enabled, id]);
  useErrorReport(query.error, query.errorUpdatedAt, options.onError);
  return pagedList(query, enabled);
}
