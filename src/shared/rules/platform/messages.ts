/**
 * The message catalogue of spec/backup-restore.md §8, to the letter. Only the
 * texts a screen shows are here: 'Windows Services could
 * not load' comes with the Windows services block (administration, not built).
 */
/**
 * The one required-field message of every form (ticketing spec §5.1, §5.2 word
 * it 'Required' as the shared required message; the help and input specs use
 * it unworded).
 */
export const REQUIRED_MESSAGE = 'Required';

export const MESSAGES = {
  restoreRequestFailed: 'Error creating/updating jobs',
  restoreResultNotSuccess: 'Error creating restore job',
  restoreCreated: 'Restore job created successfully',
  deleteFailed: 'Error deleting plan files',
  deleteScheduled: 'Data deletion scheduled successfully',
  plansFetchFailed: 'There was an error fetching backup plans for current device',
  volumesFetchFailed: 'There was an error fetching volumes for backup plan {{backupPlanName}}',
  foldersFetchFailed: 'There was an error fetching folders for backup plan {{backupPlanName}}',
  folderContentFailed: 'There was an error fetching content for folder {{folderName}}',
  revisionsFetchFailed: 'There was an error fetching revisions for {{volumeName}}',
  mountedContentFailed: 'There was an error fetching content for revision {{folderName}}',
  contentFailed: 'There was an error fetching content',
  directoryListingUnavailable: 'Directory listing unavailable.',
  noOnlineDevices: 'No online devices available',
  noRevisions: 'No revisions available',
  noOptions: 'No options available',
  emptyFolder: 'Empty Folder',
  browserDownloadUnavailable:
    'Browser download is not available for the selected file(s). To recover the file(s), please use the restore option.',
  imageDownloadFailed: 'Error while downloading image.',
} as const;

type MessageId = keyof typeof MESSAGES;

/** Fills `{{name}}` placeholders; a missing value leaves an empty string, never the placeholder. */
export function formatMessage(id: MessageId, values: Record<string, string> = {}): string {
  return MESSAGES[id].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
