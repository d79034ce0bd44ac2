import { describe, expect, it } from 'vitest';
import {
  allowedTargetClasses,
  isRestoreTarget,
  clientSettingsAllowOriginalLocation,
  deletionFailureMessage,
  isOriginalLocationAvailable,
  isRestoreButtonDisabled,
  needsLoadMore,
  newFolderNameProblem,
  newFolderSaveFeedback,
  nextPollDelay,
  restoreJobStatusLabel,
  samePath,
  showNtfsPermissions,
  showRestoreTo,
} from '../../src/shared/rules/restore';

const on = { restore_original_location: true };

describe('Original Location availability (§4)', () => {
  const ok = { features: on, multipleRootFolders: false, sourceOnline: true, clientSettingsOk: true };
  it('is offered only when every condition holds', () => {
    expect(isOriginalLocationAvailable(ok)).toBe(true);
    expect(isOriginalLocationAvailable({ ...ok, features: { restore_original_location: false } })).toBe(false);
    expect(isOriginalLocationAvailable({ ...ok, multipleRootFolders: true })).toBe(false);
    expect(isOriginalLocationAvailable({ ...ok, sourceOnline: false })).toBe(false);
    expect(isOriginalLocationAvailable({ ...ok, clientSettingsOk: false })).toBe(false);
    expect(isOriginalLocationAvailable({ ...ok, clientSettingsOk: null })).toBe(false);
  });

  it('the client-settings check needs backup mode MANUAL with the source among nodeIds', () => {
    expect(clientSettingsAllowOriginalLocation({ backupMode: 'MANUAL', nodeIds: [1, 2] }, 1)).toBe(true);
    expect(clientSettingsAllowOriginalLocation({ backupMode: 'AUTOMATIC', nodeIds: [1] }, 1)).toBe(false);
    expect(clientSettingsAllowOriginalLocation({ backupMode: 'MANUAL', nodeIds: [2] }, 1)).toBe(false);
    expect(clientSettingsAllowOriginalLocation(null, 1)).toBeNull();
  });

  it("shows 'Restore To' only with known eligible devices and Original Location not chosen", () => {
    expect(showRestoreTo([1, 2], false)).toBe(true);
    expect(showRestoreTo([], false)).toBe(true);
    expect(showRestoreTo(null, false)).toBe(false);
    expect(showRestoreTo([1], true)).toBe(false);
  });

  it("shows 'Restore NTFS Permissions' only with the feature and an item with backupPermissions", () => {
    expect(showNtfsPermissions({ backup_ntfs_permissions: true }, true)).toBe(true);
    expect(showNtfsPermissions({ backup_ntfs_permissions: false }, true)).toBe(false);
    expect(showNtfsPermissions({ backup_ntfs_permissions: true }, false)).toBe(false);
  });

  it('offers Mac targets only with feature macff', () => {
    expect(allowedTargetClasses({ macff: false })).toEqual(['WINDOWS_SERVER', 'WINDOWS_WORKSTATION']);
    expect(allowedTargetClasses({ macff: true })).toContain('MAC');
    expect(allowedTargetClasses({ macff: true })).toContain('MAC_SERVER');
  });

  it('checks what the server answered against §5 again: an ignored filter never makes a device a target', () => {
    const eligible = new Set([1, 2]);
    const device = { id: 1, nodeClass: 'WINDOWS_SERVER', isUp: true, lockhartEnabled: true };
    expect(isRestoreTarget(device, eligible, { macff: false })).toBe(true);
    expect(isRestoreTarget({ ...device, id: 3 }, eligible, { macff: false })).toBe(false);
    expect(isRestoreTarget({ ...device, isUp: false }, eligible, { macff: false })).toBe(false);
    expect(isRestoreTarget({ ...device, lockhartEnabled: false }, eligible, { macff: false })).toBe(false);
    expect(isRestoreTarget({ ...device, nodeClass: 'MAC' }, eligible, { macff: false })).toBe(false);
    expect(isRestoreTarget({ ...device, nodeClass: 'MAC' }, eligible, { macff: true })).toBe(true);
    expect(isRestoreTarget({ ...device, nodeClass: 'LINUX_SERVER' }, eligible, { macff: true })).toBe(false);
  });
});

describe('the Restore button (§4, §5)', () => {
  const base = {
    submitting: false,
    restoreDisabled: false,
    originalLocationAvailable: true,
    originalLocationChosen: true,
    destinationDeviceId: null,
    destinationPath: null,
  };
  it('is enabled with Original Location available and chosen', () => {
    expect(isRestoreButtonDisabled(base)).toBe(false);
  });
  it('is disabled while submitting or without a revision/date', () => {
    expect(isRestoreButtonDisabled({ ...base, submitting: true })).toBe(true);
    expect(isRestoreButtonDisabled({ ...base, restoreDisabled: true })).toBe(true);
  });
  it('needs a device and a path when Original Location is not used', () => {
    const other = { ...base, originalLocationChosen: false };
    expect(isRestoreButtonDisabled(other)).toBe(true);
    expect(isRestoreButtonDisabled({ ...other, destinationDeviceId: 7 })).toBe(true);
    expect(isRestoreButtonDisabled({ ...other, destinationDeviceId: 7, destinationPath: '  ' })).toBe(true);
    expect(isRestoreButtonDisabled({ ...other, destinationDeviceId: 7, destinationPath: 'C:\\Restore' })).toBe(false);
    // Chosen but not available counts as not chosen.
    expect(isRestoreButtonDisabled({ ...base, originalLocationAvailable: false })).toBe(true);
  });
});

describe('restore job status labels (§4)', () => {
  it("says 'Preparing' while processing or while the total is unknown", () => {
    expect(restoreJobStatusLabel({ status: 'PROCESSING', jobTotalFiles: 0, jobFilesProcessed: 0 })).toBe('Preparing');
    expect(restoreJobStatusLabel({ status: 'PROCESSING', jobTotalFiles: 10, jobFilesProcessed: 3 })).toBe('Preparing');
  });
  it("says 'Completed with warnings' when more than one file and processed differs from total", () => {
    expect(restoreJobStatusLabel({ status: 'COMPLETED', jobTotalFiles: 10, jobFilesProcessed: 9 })).toBe('Completed with warnings');
    expect(restoreJobStatusLabel({ status: 'COMPLETED', jobTotalFiles: 10, jobFilesProcessed: 10 })).toBe('Completed');
    expect(restoreJobStatusLabel({ status: 'COMPLETED', jobTotalFiles: 1, jobFilesProcessed: 0 })).toBe('Completed');
  });
  it('labels failed and canceled jobs', () => {
    expect(restoreJobStatusLabel({ status: 'FAILED', jobTotalFiles: 3, jobFilesProcessed: 1 })).toBe('Failed');
    expect(restoreJobStatusLabel({ status: 'CANCELED', jobTotalFiles: 0, jobFilesProcessed: 0 })).toBe('Canceled');
    // A status beyond the four is shown raw, also while its total is unknown.
    expect(restoreJobStatusLabel({ status: 'QUEUED', jobTotalFiles: 0, jobFilesProcessed: 0 })).toBe('QUEUED');
  });
  it('polls quickly at first and backs off to 10 s', () => {
    expect(nextPollDelay(0)).toBe(1_000);
    expect(nextPollDelay(3)).toBe(3_000);
    expect(nextPollDelay(100)).toBe(10_000);
  });
});

describe('the device folder tree (§4)', () => {
  it("adds 'Load More' when the child count is a multiple of the page limit 1000", () => {
    expect(needsLoadMore(1000)).toBe(true);
    expect(needsLoadMore(2000)).toBe(true);
    expect(needsLoadMore(999)).toBe(false);
    expect(needsLoadMore(0)).toBe(false);
  });
  it('matches Windows paths without case, others exactly', () => {
    expect(samePath('C:\\Users\\Alex', 'c:\\users\\alex\\', true)).toBe(true);
    expect(samePath('/Users/alex', '/users/alex', false)).toBe(false);
  });
});

describe('New Folder (§5)', () => {
  it("requires a name: 'Required'", () => {
    expect(newFolderNameProblem('', 'windows')).toBe('Required');
    expect(newFolderNameProblem('   ', 'mac')).toBe('Required');
  });
  it("is 'Invalid' by the platform's file-name pattern", () => {
    for (const bad of ['a<b', 'a:b', 'what?', 'CON', 'lpt1.txt', 'trailing.', 'trailing ', 'a/b', 'tab\there']) {
      expect(newFolderNameProblem(bad, 'windows')).toBe('Invalid');
    }
    expect(newFolderNameProblem('Restored files', 'windows')).toBeNull();
    expect(newFolderNameProblem('.hidden', 'windows')).toBeNull();
  });
  it('on Mac a leading dot is invalid too', () => {
    expect(newFolderNameProblem('.hidden', 'mac')).toBe('Invalid');
    expect(newFolderNameProblem('a:b', 'mac')).toBe('Invalid');
    expect(newFolderNameProblem('a?b', 'mac')).toBeNull();
  });
  it('a false-like save result shows the error state; a truthy one is shown under the field', () => {
    expect(newFolderSaveFeedback(false)).toEqual({ errorState: true, message: null });
    expect(newFolderSaveFeedback(undefined)).toEqual({ errorState: true, message: null });
    expect(newFolderSaveFeedback('A folder with this name already exists.')).toEqual({ errorState: true, message: 'A folder with this name already exists.' });
  });
});

describe('deletion messages (§8)', () => {
  it("does not repeat 'Error deleting plan files' after the second-factor step reported", () => {
    expect(deletionFailureMessage(false)).toBe('Error deleting plan files');
    expect(deletionFailureMessage(true)).toBeNull();
  });
});
