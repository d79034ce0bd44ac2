/**
 * Pure rules of the restore area, spec/backup-restore.md §4, §5, §6, §9:
 * the Restore button, Original Location availability, 'Restore To', NTFS
 * permissions, job status labels, the device folder tree, New Folder names,
 * and polling.
 */
import type { FeatureFlags } from '../../model/platform/features';
import type { Device, NodeClass } from '../../model/devices';
import type { ClientSettings, RestoreJob } from '../../model/restore';
import { FILE_TREE_PAGE_LIMIT } from '../platform/limits';

// ---------------------------------------------------------------------------
// Restore dialog (§4 "Restore dialog")

interface OriginalLocationInput {
  features: Pick<FeatureFlags, 'restore_original_location'>;
  /** The selection holds more than one root folder. */
  multipleRootFolders: boolean;
  sourceOnline: boolean;
  /** The additional availability check (client settings); null while unknown. */
  clientSettingsOk: boolean | null;
}

/** Original Location is offered only when every condition holds; otherwise Other Location is forced. */
export function isOriginalLocationAvailable(input: OriginalLocationInput): boolean {
  return input.features.restore_original_location && !input.multipleRootFolders && input.sourceOnline && input.clientSettingsOk === true;
}

/**
 * The additional availability check: the source device's backup client is in
 * MANUAL mode and lists the source device among its nodeIds.
 */
export function clientSettingsAllowOriginalLocation(settings: ClientSettings | null, sourceNodeId: number): boolean | null {
  if (!settings) return null;
  return settings.backupMode === 'MANUAL' && settings.nodeIds.includes(sourceNodeId);
}

/** 'Restore To' appears only when the eligible device ids are known and Original Location is not chosen. */
export function showRestoreTo(eligibleDeviceIds: readonly number[] | null, originalLocationChosen: boolean): boolean {
  return eligibleDeviceIds !== null && !originalLocationChosen;
}

/** 'Restore NTFS Permissions' appears only with feature backup_ntfs_permissions and an item with backupPermissions. */
export function showNtfsPermissions(features: Pick<FeatureFlags, 'backup_ntfs_permissions'>, itemHasBackupPermissions: boolean): boolean {
  return features.backup_ntfs_permissions && itemHasBackupPermissions;
}

interface RestoreButtonInput {
  submitting: boolean;
  /** No revision (files) or date (folders) chosen. */
  restoreDisabled: boolean;
  originalLocationAvailable: boolean;
  originalLocationChosen: boolean;
  destinationDeviceId: number | null;
  destinationPath: string | null;
}

/**
 * The Restore button is disabled while submitting, while restore is disabled,
 * or when neither Original Location (available and chosen) nor a destination
 * device plus path is set (§4, §5).
 */
export function isRestoreButtonDisabled(input: RestoreButtonInput): boolean {
  if (input.submitting || input.restoreDisabled) return true;
  const original = input.originalLocationAvailable && input.originalLocationChosen;
  const destination = input.destinationDeviceId !== null && !!input.destinationPath?.trim();
  return !original && !destination;
}

/** §5, §6: Mac devices are restore targets only with feature macff. */
export function allowedTargetClasses(features: Pick<FeatureFlags, 'macff'>): NodeClass[] {
  return features.macff ? ['WINDOWS_SERVER', 'WINDOWS_WORKSTATION', 'MAC', 'MAC_SERVER'] : ['WINDOWS_SERVER', 'WINDOWS_WORKSTATION'];
}

/**
 * §5 checked again on what the server answered: an instance that ignores a
 * filter of the device query never makes an ineligible device (another
 * organization's, offline, without backup, a Mac without macff, a Linux or
 * VMware device) a restore target.
 */
export function isRestoreTarget(
  device: Pick<Device, 'id' | 'nodeClass' | 'isUp' | 'lockhartEnabled'>,
  eligibleIds: ReadonlySet<number>,
  features: Pick<FeatureFlags, 'macff'>,
): boolean {
  return eligibleIds.has(device.id) && device.isUp && device.lockhartEnabled && (allowedTargetClasses(features) as string[]).includes(device.nodeClass);
}

// ---------------------------------------------------------------------------
// Restore job status (§4 "Restore job status")

/**
 * The job will not change any more: COMPLETED, FAILED or CANCELED. A status
 * this console does not know (a real instance's) keeps being
 * watched, at the slowest poll.
 */
export function isTerminal(job: Pick<RestoreJob, 'status'>): boolean {
  return job.status === 'COMPLETED' || job.status === 'FAILED' || job.status === 'CANCELED';
}

/**
 * 'Preparing' while total files is unknown or the job is processing;
 * 'Completed with warnings' when total files is above 1, the job completed and
 * processed files differ from total.
 */
export function restoreJobStatusLabel(job: Pick<RestoreJob, 'status' | 'jobTotalFiles' | 'jobFilesProcessed'>): string {
  switch (job.status) {
    case 'COMPLETED':
      return job.jobTotalFiles > 1 && job.jobFilesProcessed !== job.jobTotalFiles ? 'Completed with warnings' : 'Completed';
    case 'FAILED':
      return 'Failed';
    case 'CANCELED':
      return 'Canceled';
    case 'PROCESSING':
      return 'Preparing';
    default:
      // A status beyond §4's four is the server's word, shown raw.
      return String(job.status);
  }
}

/** Waits between polls of running jobs: quick at first, then backing off to 10 s while nothing changes. */
const JOB_POLL_DELAYS_MS = [1_000, 1_000, 2_000, 3_000, 5_000, 8_000, 10_000] as const;

export function nextPollDelay(unchangedPolls: number): number {
  return JOB_POLL_DELAYS_MS[Math.min(unchangedPolls, JOB_POLL_DELAYS_MS.length - 1)]!;
}

// ---------------------------------------------------------------------------
// Device file tree (§4 "Device file tree")

/** A 'Load More' node appears when a folder's child count is a (non-zero) multiple of the page limit. */
export function needsLoadMore(childCount: number, pageLimit = FILE_TREE_PAGE_LIMIT): boolean {
  return childCount > 0 && childCount % pageLimit === 0;
}

/** §5: Windows paths match case-insensitively; other platforms exactly. */
export function samePath(a: string, b: string, windows: boolean): boolean {
  if (!windows) return a === b;
  const norm = (p: string) => p.replace(/\//g, '\\').replace(/\\+$/, '').toLowerCase();
  return norm(a) === norm(b);
}

/** Any class a device carries (a real instance sends more than §5's four). */
export function isWindowsClass(nodeClass: string): boolean {
  return nodeClass === 'WINDOWS_SERVER' || nodeClass === 'WINDOWS_WORKSTATION';
}

// ---------------------------------------------------------------------------
// New Folder (§5)

/** Windows file-name pattern: no reserved characters or control characters, not a device name, no trailing dot or space. */
// eslint-disable-next-line no-control-regex
const WINDOWS_BAD_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
/** Mac (and Unix) names: no '/' or ':' (Finder's separator), no NUL. */
// eslint-disable-next-line no-control-regex
const MAC_BAD_CHARACTERS = /[/:\u0000]/;

/** 'Required' when empty, 'Invalid' when it fails the platform's pattern (a leading dot too on Mac), else null. */
export function newFolderNameProblem(name: string, platform: 'windows' | 'mac'): 'Required' | 'Invalid' | null {
  if (name.trim() === '') return 'Required';
  if (name.length > 255) return 'Invalid';
  if (platform === 'windows') {
    if (WINDOWS_BAD_CHARACTERS.test(name) || WINDOWS_RESERVED.test(name) || /[. ]$/.test(name) || name === '.' || name === '..') return 'Invalid';
    return null;
  }
  if (MAC_BAD_CHARACTERS.test(name) || name.startsWith('.')) return 'Invalid';
  return null;
}

/**
 * §5: what the New Folder dialog shows when a save did not create the folder:
 * a false-like result shows the error state; a truthy one is displayed as the
 * error under the field. (A successful save closes the dialog instead.)
 */
export function newFolderSaveFeedback(result: unknown): { errorState: true; message: string | null } {
  if (!result) return { errorState: true, message: null };
  return { errorState: true, message: typeof result === 'string' ? result : String(result) };
}

// ---------------------------------------------------------------------------
// Deletion (§4 "Data deletion", §8)

/** 'Error deleting plan files', unless the second-factor step already reported the failure. */
export function deletionFailureMessage(secondFactorAlreadyReported: boolean): string | null {
  return secondFactorAlreadyReported ? null : 'Error deleting plan files';
}
