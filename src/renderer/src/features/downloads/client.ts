/**
 * The downloads feature's contract calls: the download list, where to save
 * (the default folder, the folder dialog), starting downloads, the queue's
 * controls, opening what finished, the download settings, and the revision and
 * date lists of the download dialogs. Reads ask the main process directly;
 * writes go through the shared cache (`write`), naming the reads they make
 * out of date.
 */
import type { CallInput, CallOutput } from '../../../../shared/contract';
import { api } from '../../core/api';
import { write } from '../../core/data/cache';

// Reads

export function readDownloads(): Promise<CallOutput<'downloads.list'>> {
  return api.call('downloads.list', {});
}

/** The speed limit in force now and the bandwidth window it comes from. */
export function readBandwidth(): Promise<CallOutput<'downloads.bandwidth'>> {
  return api.call('downloads.bandwidth', {});
}

/** The folder remembered for the device, or the user's Downloads folder. */
export function readDefaultFolder(input: CallInput<'downloads.defaultFolder'>): Promise<CallOutput<'downloads.defaultFolder'>> {
  return api.call('downloads.defaultFolder', input);
}

/** A page of a file's revisions (the Download File dialog's list). */
export function readRevisionPage(input: CallInput<'backup.downloadRevisions'>): Promise<CallOutput<'backup.downloadRevisions'>> {
  return api.call('backup.downloadRevisions', input);
}

/** A page of a plan's backup jobs (the Download Folder dialog's dates). */
export function readBackupDatePage(input: CallInput<'backup.downloadJobs'>): Promise<CallOutput<'backup.downloadJobs'>> {
  return api.call('backup.downloadJobs', input);
}

// Writes

/** The system folder dialog (Electron); the folder picked may then be downloaded to. Nothing read changes. */
export function chooseDownloadFolder(input: CallInput<'downloads.chooseFolder'>): Promise<CallOutput<'downloads.chooseFolder'>> {
  return write('downloads.chooseFolder', input, []);
}

/** Starts downloads (or answers the names that already exist): the list grows and the folder is remembered for the device. */
export function startDownloads(input: CallInput<'downloads.start'>): Promise<CallOutput<'downloads.start'>> {
  return write('downloads.start', input, ['downloads.list', 'downloads.defaultFolder']);
}

export function pauseDownload(input: CallInput<'downloads.pause'>): Promise<CallOutput<'downloads.pause'>> {
  return write('downloads.pause', input, ['downloads.list']);
}

export function resumeDownload(input: CallInput<'downloads.resume'>): Promise<CallOutput<'downloads.resume'>> {
  return write('downloads.resume', input, ['downloads.list']);
}

export function cancelDownload(input: CallInput<'downloads.cancel'>): Promise<CallOutput<'downloads.cancel'>> {
  return write('downloads.cancel', input, ['downloads.list']);
}

export function retryDownload(input: CallInput<'downloads.retry'>): Promise<CallOutput<'downloads.retry'>> {
  return write('downloads.retry', input, ['downloads.list']);
}

/** Removes a finished or canceled download from the list. */
export function removeDownload(input: CallInput<'downloads.remove'>): Promise<CallOutput<'downloads.remove'>> {
  return write('downloads.remove', input, ['downloads.list']);
}

/** Removes every finished download from the list. */
export function clearFinishedDownloads(): Promise<CallOutput<'downloads.clearFinished'>> {
  return write('downloads.clearFinished', {}, ['downloads.list']);
}

/** Opens a completed download with its app (browser mode: answers where it is). Nothing read changes. */
export function openDownload(input: CallInput<'downloads.open'>): Promise<CallOutput<'downloads.open'>> {
  return write('downloads.open', input, []);
}

/** Shows a completed download in its folder (browser mode: answers where it is). Nothing read changes. */
export function showDownloadInFolder(input: CallInput<'downloads.showInFolder'>): Promise<CallOutput<'downloads.showInFolder'>> {
  return write('downloads.showInFolder', input, []);
}

/** Saves the parallel, bandwidth (and its windows) and unknown-size limits: the settings, and the queue they apply to at once. */
export function saveDownloadSettings(input: CallInput<'settings.update'>): Promise<CallOutput<'settings.update'>> {
  return write('settings.update', input, ['settings.get', 'downloads.list', 'downloads.bandwidth']);
}

/** A completed download's receipt (its JSON and a short text for the clipboard). Nothing read changes. */
export function readDownloadReceipt(input: CallInput<'downloads.receipt'>): Promise<CallOutput<'downloads.receipt'>> {
  return api.call('downloads.receipt', input);
}

/** Opens a completed download's readable receipt (browser mode: answers where it is). Nothing read changes. */
export function openDownloadReceipt(input: CallInput<'downloads.openReceipt'>): Promise<CallOutput<'downloads.openReceipt'>> {
  return write('downloads.openReceipt', input, []);
}
