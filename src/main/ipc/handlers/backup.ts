/**
 * The backup browser and its cache. Every name listed to the renderer is
 * recorded (`KnownNames`): a download's file name comes from these, never from
 * the download request.
 */
import { AppError } from '../../../shared/errors';
import type { BrowserService } from '../../services/backup/browser-service';
import type { CompareService } from '../../services/backup/compare-service';
import type { ListingCache } from '../../services/backup/cache/listing-cache';
import type { KnownNames } from '../../services/downloads';
import type { RestoreService } from '../../services/restore';
import type { HandlersOf } from '../router';

export interface BackupHandlerDeps {
  browser: BrowserService;
  compare: CompareService;
  restore: RestoreService;
  cache: ListingCache;
  names: KnownNames;
}

export function backupHandlers({ browser, compare, restore, cache, names }: BackupHandlerDeps): HandlersOf<'backup' | 'cache'> {
  return {
    'backup.listPage': async ({ location, page, fresh }) => {
      const listed = await browser.listPage(location, page, fresh ?? false);
      names.recordListing(location, listed.rows);
      return listed;
    },
    'backup.search': async (args) => {
      const found = await browser.search(args);
      names.recordSearch(args, found.rows);
      return found;
    },
    'backup.downloadRevisions': async ({ nodeId, planUid, fileId, page, cloudOnly }) => {
      const revisions = await browser.revisionsPage(nodeId, planUid, fileId, page, cloudOnly);
      names.recordRevisions(nodeId, planUid, fileId, revisions.results);
      return revisions;
    },
    'backup.compareFolder': async (input) => {
      // Only dates of the plan's date list, as the main process read it: their times are the ones it listed.
      const fromTime = names.jobTime(input.nodeId, input.planUid, input.fromJobId);
      const toTime = names.jobTime(input.nodeId, input.planUid, input.toJobId);
      if (fromTime === null || toTime === null) throw new AppError('INVALID_INPUT', 'Pick both dates from the backup dates of the plan.');
      const comparison = await compare.compareFolder({ ...input, fromTime, toTime });
      // Downloads from a row are named from the listing, as from the browser's.
      names.recordItems(input.nodeId, input.planUid, comparison.rows.flatMap((row) => [row.from, row.to].filter((state) => state !== undefined)));
      return comparison;
    },
    'backup.downloadJobs': async ({ nodeId, planUid, page, cloudOnly }) => {
      const jobs = await browser.jobsPage(nodeId, planUid, page, cloudOnly);
      names.recordJobs(nodeId, planUid, jobs.results);
      return jobs;
    },
    'backup.mount': async ({ nodeId, planUid, revisionId }) => {
      await restore.mount(nodeId, planUid, revisionId);
      return { mounted: true as const };
    },
    'backup.delete': ({ target, mfaCode }) => restore.delete(target, mfaCode),
    'backup.preview': ({ nodeId, planUid, revisionId, name, size }) => restore.preview(nodeId, planUid, revisionId, name, size),
    'cache.status': () => cache.status(),
    'cache.clear': () => {
      cache.clear();
      return cache.status();
    },
  };
}
