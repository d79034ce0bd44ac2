/**
 * The restore feature's contract calls: the client's settings, restore jobs
 * (creating, watching, canceling, clearing), the target device's folders and
 * the devices it may restore to, the revision and date lists and the preview
 * of a file, deleting backup data, and the advice's link. Reads ask the main
 * process directly; writes go through the shared cache (`write`), naming the
 * reads they make out of date.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

/** What a change to the restore jobs shows in: a device's jobs and one job's progress. */
const JOB_READS = ['restore.jobs', 'restore.job'] as const;

// Reads

/** The client's restore settings for the source device (which devices it may restore to, Original Location). */
export function readClientSettings(input: CallInput<'restore.clientSettings'>): Promise<CallOutput<'restore.clientSettings'>> {
  return api.call('restore.clientSettings', input);
}

export function readRestoreJobs(input: CallInput<'restore.jobs'>): Promise<CallOutput<'restore.jobs'>> {
  return api.call('restore.jobs', input);
}

export function readRestoreJob(input: CallInput<'restore.job'>): Promise<CallOutput<'restore.job'>> {
  return api.call('restore.job', input);
}

/** A page of a target device's folders (its live file system). */
export function readTargetDirectory(input: CallInput<'restore.listDirectory'>): Promise<CallOutput<'restore.listDirectory'>> {
  return api.call('restore.listDirectory', input);
}

/** A page of the devices a restore may go to (the device query with the picker's filters). */
export function queryTargetDevices(input: CallInput<'devices.query'>): Promise<CallOutput<'devices.query'>> {
  return api.call('devices.query', input);
}

/** A page of a file's revisions (the restore dialog's list, the preview's newest revision). */
export function readRevisionPage(input: CallInput<'backup.downloadRevisions'>): Promise<CallOutput<'backup.downloadRevisions'>> {
  return api.call('backup.downloadRevisions', input);
}

/** A page of a plan's backup jobs (the restore dialog's dates). */
export function readBackupDatePage(input: CallInput<'backup.downloadJobs'>): Promise<CallOutput<'backup.downloadJobs'>> {
  return api.call('backup.downloadJobs', input);
}

/** A bounded preview of a file revision. */
export function readFilePreview(input: CallInput<'backup.preview'>): Promise<CallOutput<'backup.preview'>> {
  return api.call('backup.preview', input);
}

// Writes

/** Creates the jobs of one restore: the device's jobs change, and so do the target's folders once files arrive. */
export function createRestoreJobs(input: CallInput<'restore.create'>): Promise<CallOutput<'restore.create'>> {
  return write('restore.create', input, [...JOB_READS, 'restore.listDirectory']);
}

export function cancelRestoreJob(input: CallInput<'restore.cancel'>): Promise<CallOutput<'restore.cancel'>> {
  return write('restore.cancel', input, JOB_READS);
}

/** Clears a finished restore: it is no longer listed. */
export function clearRestoreJob(input: CallInput<'restore.clear'>): Promise<CallOutput<'restore.clear'>> {
  return write('restore.clear', input, JOB_READS);
}

/** New Folder on the target device. */
export function createTargetFolder(input: CallInput<'restore.createFolder'>): Promise<CallOutput<'restore.createFolder'>> {
  return write('restore.createFolder', input, ['restore.listDirectory']);
}

/**
 * Deletes plan data or files and folders (or answers that a second factor is needed): what the backup browser lists
 * and searches, the revisions and dates of the dialogs, previews, and the offline cache (it marks what is gone).
 */
export function deleteBackupData(input: CallInput<'backup.delete'>): Promise<CallOutput<'backup.delete'>> {
  return write('backup.delete', input, ['backup.listPage', 'backup.search', 'backup.downloadRevisions', 'backup.downloadJobs', 'backup.preview', 'cache.status']);
}

/** Opens an allow-listed link in the system browser (or answers it, for browser mode to open). */
export function openExternalUrl(input: CallInput<'shell.openExternal'>): Promise<CallOutput<'shell.openExternal'>> {
  return write('shell.openExternal', input, []);
}
