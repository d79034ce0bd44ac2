/**
 * The data hooks' windowed list (from the backup browser's
 * listing hook): pages of `pageSize` rows are asked for only when the rows
 * they hold become visible (`ensureRows`), kept by page index, and read again
 * when an update for the list arrives. Rows are placed by what each loaded page
 * really holds (`ListingLayout`: a page missing unreadable items is short). A
 * new `sourceKey` (or `reload`) forgets everything kept for the previous list;
 * answers for it are dropped. A failed page empties the list and is reported.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../api';
import { asApiError } from '../api-error';
import { ListingLayout } from './window-layout';

interface WindowPage<R> {
  /** The list's own key, as its update events name it. */
  key: string;
  rows: R[];
  /** Rows in the whole list, as this page says. */
  total: number;
}

interface WindowUpdate {
  key: string;
  page: number;
  /** Every loaded page is stale (its other pages were dropped). */
  reset: boolean;
}

interface WindowedOptions<P> {
  /** Identity of the list: a new one starts over. */
  sourceKey: string;
  pageSize: number;
  /** `fresh`: the technician asked to reload. */
  fetchPage(page: number, fresh: boolean): Promise<P>;
  /** Update events for lists; returns the unsubscribe. */
  subscribe?(listener: (update: WindowUpdate) => void): () => void;
  /** An answer to read again at once when its update was announced while it was on its way (events and answers may travel apart). */
  awaitsUpdate?(page: P): boolean;
  onError(error: ApiError): void;
}

interface Windowed<R, P> {
  /** The loaded pages of the current list, by index. */
  pages: ReadonlyMap<number, P>;
  /** Rows the table shows. */
  total: number;
  /** The first page has arrived (or failed). */
  ready: boolean;
  error: ApiError | null;
  /** Changes whenever the pages do. */
  version: number;
  rowAt(index: number): R | undefined;
  /** Asks for the pages holding rows [start, end]. */
  ensureRows(start: number, end: number): void;
  loadedRows(): R[];
  reload(): void;
}

/** Rows are placed by what each loaded page really holds; the total comes from the first page. */
function layoutOf<R>(pages: ReadonlyMap<number, WindowPage<R>>, pageSize: number): ListingLayout {
  const first = pages.get(0) ?? pages.values().next().value;
  return new ListingLayout(new Map([...pages].map(([index, page]) => [index, page.rows.length])), first?.total ?? 0, pageSize);
}

interface Summary<P> {
  token: string;
  ready: boolean;
  error: ApiError | null;
  version: number;
  /** A snapshot of the loaded pages, taken when they changed. */
  pages: ReadonlyMap<number, P>;
  total: number;
}

export function useWindowed<R, P extends WindowPage<R>>(options: WindowedOptions<P>): Windowed<R, P> {
  const { sourceKey, pageSize } = options;
  const [reloadCount, setReloadCount] = useState(0);
  /** Which list (and which reload of it) the pages and state below belong to. */
  const token = `${reloadCount}#${sourceKey}`;
  const pages = useRef(new Map<number, P>());
  const pending = useRef(new Set<number>());
  const listKey = useRef<string | null>(null);
  /** Lists announced as updated while their page was on its way. */
  const announced = useRef(new Set<string>());
  const owner = useRef<string | null>(null);
  const layout = useRef(layoutOf<R>(new Map(), pageSize));
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  /** The latest `load`, for an answer that asks for its own page again. */
  const loadAgain = useRef<(page: number, force: boolean) => void>(() => undefined);
  const [summary, setSummary] = useState<Summary<P>>({ token: '', ready: false, error: null, version: 0, pages: new Map(), total: 0 });
  const current: Summary<P> = summary.token === token ? summary : { token, ready: false, error: null, version: summary.version, pages: new Map(), total: 0 };

  const summarize = useCallback(
    (error: ApiError | null) => {
      layout.current = layoutOf(pages.current, pageSize);
      const total = error ? 0 : layout.current.total;
      setSummary((previous) => ({ token, ready: true, error, version: previous.version + 1, pages: new Map(pages.current), total }));
    },
    [token, pageSize],
  );

  const load = useCallback(
    (page: number, force = false) => {
      if (owner.current !== token) {
        // A new list (or a reload): forget everything kept for the previous one.
        owner.current = token;
        pages.current = new Map();
        pending.current = new Set();
        listKey.current = null;
        announced.current = new Set();
        layout.current = layoutOf<R>(pages.current, pageSize);
      }
      if (pending.current.has(page) || (!force && pages.current.has(page))) return;
      pending.current.add(page);
      latest.current.fetchPage(page, reloadCount > 0).then(
        (result) => {
          if (owner.current !== token) return;
          pending.current.delete(page);
          listKey.current = result.key;
          pages.current.set(page, result);
          summarize(null);
          if (latest.current.awaitsUpdate?.(result) && announced.current.delete(result.key)) loadAgain.current(page, true);
        },
        (error: unknown) => {
          if (owner.current !== token) return;
          pending.current.delete(page);
          const apiError = asApiError(error);
          // §4: on a failed fetch the table shows empty data and the error is reported.
          pages.current.clear();
          summarize(apiError);
          latest.current.onError(apiError);
        },
      );
    },
    [token, summarize, reloadCount, pageSize],
  );

  useEffect(() => {
    loadAgain.current = load;
    load(0);
  }, [load]);

  useEffect(
    () =>
      latest.current.subscribe?.((update) => {
        if (update.key !== listKey.current || pending.current.has(update.page)) {
          announced.current.add(update.key);
          return;
        }
        if (update.reset) {
          const loaded = [...pages.current.keys()];
          pages.current.clear();
          for (const page of loaded.length ? loaded : [0]) load(page, true);
        } else if (pages.current.has(update.page)) {
          load(update.page, true);
        }
      }),
    [load],
  );

  const rowAt = useCallback(
    (index: number) => {
      if (owner.current !== token) return undefined;
      const place = layout.current.locate(index);
      return place ? pages.current.get(place.page)?.rows[place.offset] : undefined;
    },
    [token],
  );

  const ensureRows = useCallback(
    (start: number, end: number) => {
      if (current.error) return;
      for (const page of layout.current.pagesFor(start, end)) load(page);
    },
    [load, current.error],
  );

  const loadedRows = useCallback(
    () =>
      owner.current === token
        ? [...pages.current.entries()]
            .sort(([a], [b]) => a - b)
            .flatMap(([, page]) => page.rows)
        : [],
    [token],
  );

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  return {
    pages: current.pages,
    total: current.total,
    ready: current.ready,
    error: current.error,
    version: current.version,
    rowAt,
    ensureRows,
    loadedRows,
    reload,
  };
}
