/**
 * Windowed listing data for the browser table: pages of 250 rows are asked for
 * only when the rows they hold become visible, kept by page index, and
 * re-read when the main process says a page was revalidated.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BrowserLocation, BrowserRow, ListingPage, SearchQuery } from '../../../../shared/model/browser';
import { BROWSER_PAGE_SIZE } from '../../../../shared/rules/limits';
import { api, ApiError } from '../../core/api';
import { ListingLayout } from './listing-layout';

export type ListingSource = { kind: 'location'; location: BrowserLocation } | { kind: 'search'; query: Omit<SearchQuery, 'page'> };

export interface ListingState {
  /** Rows in the listing (0 until the first page arrives). */
  total: number;
  /** The first page has arrived (or failed). */
  ready: boolean;
  error: ApiError | null;
  /** Oldest fetch time among the loaded pages. */
  fetchedAt: number | null;
  source: ListingPage['source'] | null;
  offline: boolean;
  complete: boolean;
  /** `total` is a lower bound while an offline search counts its matches (issue 12 point 5). */
  counting: boolean;
  /** Every loaded page is as this session fetched it from a reachable server: "updated …", not "cached …" (issue 11 point 7). */
  live: boolean;
  /** What the first page says the technician should know (a plan a device-wide search could not read). */
  notice: string | null;
  /** Items of the loaded pages the server sent but the console could not read (issue 11 point 5). */
  skipped: number;
  version: number;
}

export interface Listing extends ListingState {
  rowAt(index: number): BrowserRow | undefined;
  /** Asks for the pages holding rows [start, end]. */
  ensureRows(start: number, end: number): void;
  loadedRows(): BrowserRow[];
  reload(): void;
}

const EMPTY: ListingState = { total: 0, ready: false, error: null, fetchedAt: null, source: null, offline: false, complete: false, counting: false, live: false, notice: null, skipped: 0, version: 0 };

/** Rows are placed by what each loaded page really holds: a page missing unreadable items is short. */
function layoutOf(pages: ReadonlyMap<number, ListingPage>): ListingLayout {
  const first = pages.get(0) ?? pages.values().next().value;
  return new ListingLayout(new Map([...pages].map(([index, page]) => [index, page.rows.length])), first?.total ?? 0, BROWSER_PAGE_SIZE);
}

/** `fresh`: the technician asked to reload, so the server is asked even when the cache has the page. */
function fetchPage(source: ListingSource, page: number, fresh: boolean): Promise<ListingPage> {
  return source.kind === 'location'
    ? api.call('backup.listPage', { location: source.location, page, ...(fresh ? { fresh } : {}) })
    : api.call('backup.search', { ...source.query, page });
}

export function useListing(source: ListingSource, onError: (error: ApiError) => void): Listing {
  const sourceKey = JSON.stringify(source);
  const [reloadCount, setReloadCount] = useState(0);
  /** Which listing (and which reload of it) the pages and state below belong to. */
  const token = `${reloadCount}#${sourceKey}`;
  const pages = useRef(new Map<number, ListingPage>());
  const pending = useRef(new Set<number>());
  const listingKey = useRef<string | null>(null);
  /**
   * Listings announced as updated while their page was on its way (in browser
   * mode events and answers travel apart): an answer that is still `counting`
   * is read again at once when its count was announced meanwhile.
   */
  const announced = useRef(new Set<string>());
  const owner = useRef<string | null>(null);
  /** The latest `load`, for an answer that asks for its own page again. */
  const loadAgain = useRef<(page: number, force: boolean) => void>(() => undefined);
  const layout = useRef(layoutOf(new Map()));
  const [stored, setStored] = useState<{ token: string; state: ListingState }>({ token: '', state: EMPTY });
  const state = stored.token === token ? stored.state : EMPTY;
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });

  const summarize = useCallback(
    (error: ApiError | null) => {
      const loaded = [...pages.current.values()];
      const first = pages.current.get(0) ?? loaded[0];
      layout.current = layoutOf(pages.current);
      setStored((previous) => ({
        token,
        state: {
          total: error ? 0 : layout.current.total,
          ready: true,
          error,
          fetchedAt: loaded.length ? Math.min(...loaded.map((p) => p.fetchedAt)) : null,
          source: first?.source ?? null,
          offline: loaded.some((p) => p.offline),
          complete: first?.complete ?? false,
          counting: !error && first?.counting === true,
          live: loaded.length > 0 && loaded.every((p) => p.live === true),
          notice: error ? null : (first?.notice ?? null),
          skipped: error ? 0 : loaded.reduce((sum, p) => sum + (p.skipped ?? 0), 0),
          version: previous.state.version + 1,
        },
      }));
    },
    [token],
  );

  const load = useCallback(
    (page: number, force = false) => {
      if (owner.current !== token) {
        // A new listing (or a reload): forget everything kept for the previous one.
        owner.current = token;
        pages.current = new Map();
        pending.current = new Set();
        listingKey.current = null;
        announced.current = new Set();
        layout.current = layoutOf(pages.current);
      }
      if (pending.current.has(page) || (!force && pages.current.has(page))) return;
      const parsed = JSON.parse(sourceKey) as ListingSource;
      pending.current.add(page);
      fetchPage(parsed, page, reloadCount > 0).then(
        (result) => {
          if (owner.current !== token) return;
          pending.current.delete(page);
          listingKey.current = result.key;
          pages.current.set(page, result);
          summarize(null);
          if (result.counting && announced.current.delete(result.key)) loadAgain.current(page, true);
        },
        (error: unknown) => {
          if (owner.current !== token) return;
          pending.current.delete(page);
          const apiError = error instanceof ApiError ? error : new ApiError('INTERNAL', 'Something went wrong in the console.');
          // §4: on a failed fetch the table shows empty data and the error is reported.
          pages.current.clear();
          summarize(apiError);
          onErrorRef.current(apiError);
        },
      );
    },
    [sourceKey, token, summarize, reloadCount],
  );

  useEffect(() => {
    loadAgain.current = load;
    load(0);
  }, [load]);

  useEffect(
    () =>
      api.on('backup.listingUpdated', (update) => {
        if (update.key !== listingKey.current || pending.current.has(update.page)) {
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
      if (state.error) return;
      for (const page of layout.current.pagesFor(start, end)) load(page);
    },
    [load, state.error],
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

  return { ...state, rowAt, ensureRows, loadedRows, reload };
}
