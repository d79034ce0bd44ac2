/**
 * The backup browser's listing: a windowed list (core `useWindowed`) of pages
 * of 250 rows, from `backup.listPage` or `backup.search`, read again when the
 * main process says a page was revalidated or an offline search's total was
 * counted; and what the listing's pages say together (source, age, offline,
 * counting, skipped items).
 */
import { useMemo } from 'react';
import type { BrowserRow, ListingPage } from '../../../../shared/model/backup/browser';
import type { ListingSource } from './crumbs';

export type { ListingSource } from './crumbs';
import { BROWSER_PAGE_SIZE } from '../../../../shared/rules/platform/limits';
import { api, type ApiError } from '../../core/api';
import { useWindowed } from '../../core/data/use-windowed';
import { readListingPage, searchBackup } from './client';


interface ListingState {
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
  /** `total` is a lower bound while an offline search counts its matches. */
  counting: boolean;
  /** Every loaded page is as this session fetched it from a reachable server: "updated …", not "cached …". */
  live: boolean;
  /** What the first page says the technician should know (a plan a device-wide search could not read). */
  notice: string | null;
  /** Items of the loaded pages the server sent but the console could not read. */
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

/** `fresh`: the technician asked to reload, so the server is asked even when the cache has the page. */
function fetchPage(source: ListingSource, page: number, fresh: boolean): Promise<ListingPage> {
  return source.kind === 'location'
    ? readListingPage({ location: source.location, page, ...(fresh ? { fresh } : {}) })
    : searchBackup({ ...source.query, page });
}

export function useListing(source: ListingSource, onError: (error: ApiError) => void): Listing {
  const sourceKey = JSON.stringify(source);
  const windowed = useWindowed<BrowserRow, ListingPage>({
    sourceKey,
    pageSize: BROWSER_PAGE_SIZE,
    fetchPage: (page, fresh) => fetchPage(JSON.parse(sourceKey) as ListingSource, page, fresh),
    subscribe: (listener) => api.on('backup.listingUpdated', listener),
    awaitsUpdate: (page) => page.counting === true,
    onError,
  });
  const { pages, error, ready, total, version } = windowed;
  const state = useMemo(() => {
    const loaded = [...pages.values()];
    const first = pages.get(0) ?? loaded[0];
    return {
      fetchedAt: loaded.length ? Math.min(...loaded.map((p) => p.fetchedAt)) : null,
      source: first?.source ?? null,
      offline: loaded.some((p) => p.offline),
      complete: first?.complete ?? false,
      counting: !error && first?.counting === true,
      live: loaded.length > 0 && loaded.every((p) => p.live === true),
      notice: error ? null : (first?.notice ?? null),
      skipped: error ? 0 : loaded.reduce((sum, p) => sum + (p.skipped ?? 0), 0),
    };
  }, [pages, error]);
  return { ...state, total, ready, error, version, rowAt: windowed.rowAt, ensureRows: windowed.ensureRows, loadedRows: windowed.loadedRows, reload: windowed.reload };
}
