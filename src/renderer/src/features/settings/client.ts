/**
 * The settings feature's contract calls: the offline cache's status, its size
 * limit and clearing it. Reads ask the main process directly; writes go
 * through the shared cache (`write`), naming the reads they make out of date.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** What the offline cache holds: the backup browser's listings and the offline search over them. */
const CACHED_LISTING_READS = ['cache.status', 'backup.listPage', 'backup.search'] as const;

// Reads

export function readCacheStatus(): Promise<CallOutput<'cache.status'>> {
  return api.call('cache.status', {});
}

// Writes

/** Saves the cache's size limit: the settings change, and listings past the new limit are removed at once. */
export function saveCacheLimit(input: CallInput<'settings.update'>): Promise<CallOutput<'settings.update'>> {
  return write('settings.update', input, ['settings.get', ...CACHED_LISTING_READS]);
}

/** Empties the offline cache (answers its status afterwards). */
export function clearCache(): Promise<CallOutput<'cache.clear'>> {
  return write('cache.clear', {}, CACHED_LISTING_READS);
}
