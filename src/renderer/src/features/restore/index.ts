/** The restore feature's door: the dialogs and views the backup browser and device page open. */
export { ActivityView } from './ActivityView';
export { DeleteDataDialog, type DeletionEntry } from './DeleteDialogs';
export { FilePreviewDialog } from './FilePreviewDialog';
export { RestoreDialog, type RestoreItem } from './RestoreDialog';
export { JobProgressDialog } from './restore-jobs';
