/**
 * The backup feature's contract calls: the browser's listing pages and
 * search, the newest revision or date a multi-selection downloads, and
 * mounting an image revision. Reads ask the main process directly; writes go
 * through the shared cache (`write`), naming the reads they make out of date.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

// Reads

/** One page of a listing (`fresh`: the server is asked even when the offline cache has it). */
export function readListingPage(input: CallInput<'backup.listPage'>): Promise<CallOutput<'backup.listPage'>> {
  return api.call('backup.listPage', input);
}

/** One page of a search's results. */
export function searchBackup(input: CallInput<'backup.search'>): Promise<CallOutput<'backup.search'>> {
  return api.call('backup.search', input);
}

/** A page of a file's revisions. */
export function readRevisionPage(input: CallInput<'backup.downloadRevisions'>): Promise<CallOutput<'backup.downloadRevisions'>> {
  return api.call('backup.downloadRevisions', input);
}

/** A page of a plan's backup jobs (the dates a folder downloads from). */
export function readBackupDatePage(input: CallInput<'backup.downloadJobs'>): Promise<CallOutput<'backup.downloadJobs'>> {
  return api.call('backup.downloadJobs', input);
}

/** A folder compared between two backup dates (its dated listings are cached like any other). */
export function compareFolder(input: CallInput<'backup.compareFolder'>): Promise<CallOutput<'backup.compareFolder'>> {
  return api.call('backup.compareFolder', input);
}

// Writes

/** Mounts an image revision in the cloud: its folders and files can then be listed and searched. */
export function mountImage(input: CallInput<'backup.mount'>): Promise<CallOutput<'backup.mount'>> {
  return write('backup.mount', input, ['backup.listPage', 'backup.search', 'backup.downloadRevisions']);
}
