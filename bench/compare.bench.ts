/**
 * Comparing a folder between two backup dates: a 100,000-item folder at each
 * date, both dated listings in the SQLite listing cache, compared through
 * the compare service (pages read back through the browser service, offline,
 * as the console does from the cache), against the 2 s goal; beside it, its
 * peer: the pure diff of the same two listings already in memory, which
 * tells how much of the time is the cache read.
 */
import { join } from 'node:path';
import { BrowserService, listingKey } from '../src/main/services/backup/browser-service';
import type { BackupApi } from '../src/main/services/backup/backup-api';
import { ListingCache, type CachedRow } from '../src/main/services/backup/cache/listing-cache';
import { CompareService } from '../src/main/services/backup/compare-service';
import type { Connectivity } from '../src/main/services/platform/connectivity';
import { EventBus } from '../src/main/services/platform/events';
import type { BrowserLocation } from '../src/shared/model/backup/browser';
import { compareListings, type CompareEntry } from '../src/shared/rules/backup/compare';
import { tempDir } from '../tests/helpers/temp';
import { median, printFigures, timeIt, type Figure } from './harness';

const PAGE = 250;
const ITEMS = 100_000;
const SCOPE = 'bench';
const NODE = 1;
const PLAN = 'plan';
const FOLDER = 'folder-data';
const EARLIER = { jobId: 'plan_j20261101', time: '2026-11-01T03:00:00.000Z' };
const LATER = { jobId: 'plan_j20261115', time: '2026-11-15T03:00:00.000Z' };

/**
 * Item n of the folder at a date: the later date drops one item in 50, adds
 * as many, and changes one in 20 (size and modified time).
 */
function itemAt(n: number, later: boolean): { name: string; size: number; modified: string } | null {
  if (later && n % 50 === 7) return null;
  if (!later && n >= ITEMS - ITEMS / 50) return null;
  const changed = later && n % 20 === 3;
  return {
    name: `file-${String(n).padStart(6, '0')}.pdf`,
    size: 4096 + n + (changed ? 100 : 0),
    modified: changed ? '2026-11-10T09:00:00.000Z' : '2026-10-20T09:00:00.000Z',
  };
}

function datedRows(later: boolean): CachedRow[] {
  const rows: CachedRow[] = [];
  for (let n = 0; n < ITEMS; n++) {
    const item = itemAt(n, later);
    if (!item) continue;
    const path = `C:\\Data\\${item.name}`;
    rows.push({
      row: { kind: 'item', key: `id-${n}`, item: { id: `id-${n}`, name: item.name, path, type: 'FILE', deleted: false, backupSize: item.size, size: item.size, status: 'DEFINED', modified: item.modified } },
      name: item.name,
      path,
      searchable: false,
    });
  }
  return rows;
}

function location(jobId: string): BrowserLocation {
  return { level: 'files', nodeId: NODE, planUid: PLAN, folderId: FOLDER, jobId };
}

function store(cache: ListingCache, jobId: string, rows: CachedRow[]): void {
  const key = listingKey(SCOPE, location(jobId));
  for (let page = 0; page * PAGE < rows.length; page++) {
    cache.storePage({ key, scope: SCOPE, nodeId: NODE, planUid: PLAN, level: 'files' }, page, PAGE, rows.length, rows.slice(page * PAGE, (page + 1) * PAGE), Date.now());
  }
}

const entriesOf = (rows: CachedRow[]): CompareEntry[] =>
  rows.map(({ row }) => {
    const item = (row as Extract<typeof row, { kind: 'item' }>).item;
    return { relativePath: item.name, folder: false, id: item.id, path: item.path, name: item.name, size: item.size, modified: item.modified ?? null };
  });

export async function compareBench(): Promise<void> {
  const dir = tempDir('rmm-bench-compare-');
  const cache = new ListingCache(join(dir, 'listings.sqlite'), { limitBytes: 10 * 1024 ** 3 });
  const figures: Figure[] = [];
  try {
    const earlier = datedRows(false);
    const later = datedRows(true);
    store(cache, EARLIER.jobId, earlier);
    store(cache, LATER.jobId, later);
    // Offline: every page must come from the cache (nothing is asked of a server).
    const offline = { online: false, reportReachable: () => undefined, reportFailure: () => true } as unknown as Connectivity;
    const unreachable = {} as BackupApi;
    const browser = new BrowserService({ api: unreachable, cache: () => cache, connectivity: offline, events: new EventBus(), scope: () => SCOPE });
    const service = new CompareService({ browser });
    const input = { nodeId: NODE, planUid: PLAN, folderId: FOLDER, folderPath: 'C:\\Data', fromJobId: EARLIER.jobId, fromTime: EARLIER.time, toJobId: LATER.jobId, toTime: LATER.time };

    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < 3; i++) {
      const { ms, result } = await timeIt(() => service.compareFolder(input));
      samples.push(ms);
      rows = result.rows.length;
      if (result.from.source !== 'cache' || result.to.source !== 'cache') throw new Error('The comparison did not come from the cache');
    }
    figures.push({
      name: 'compare a 100,000-item folder at two dates, from the cache',
      value: median(samples),
      unit: 'ms',
      goal: { value: 2000, lowerIsBetter: true },
      note: `(median of 3, first ${samples[0]!.toFixed(0)} ms; ${rows} changes)`,
    });

    // The peer: the diff alone, the listings already in memory.
    const a = entriesOf(earlier);
    const b = entriesOf(later);
    const diffSamples: number[] = [];
    for (let i = 0; i < 3; i++) diffSamples.push((await timeIt(() => compareListings(a, b, { caseInsensitive: true }))).ms);
    const diffMs = median(diffSamples);
    figures.push({ name: 'the diff alone (peer: same listings in memory), median', value: diffMs, unit: 'ms', note: `(the cache read is ${((1 - diffMs / median(samples)) * 100).toFixed(0)}% of the compare)` });
  } finally {
    cache.close();
  }
  printFigures('Compare a folder between two backup dates', figures);
}
