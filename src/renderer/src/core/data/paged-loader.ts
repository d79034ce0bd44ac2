/**
 * The cursors of lists read page after page ("Load more"; `usePaged` reads
 * them). The cursor is whatever the API pages by: a page number (the backup
 * calls, pages of 100), or the last item's id (PSA lists, pages of 500 after
 * an id).
 */
export interface PageAnswer<T, C> {
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
