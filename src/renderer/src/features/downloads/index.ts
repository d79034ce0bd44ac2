/**
 * The downloads feature's door: the panel and its header button, the list
 * kept current while signed in, the download dialogs the backup browser opens,
 * and the list and row the restore activity view shows.
 */
import type { Feature } from '../../app/feature';
import { useDownloadsSync } from './downloads-state';
import { DownloadsButton, DownloadsPanel } from './DownloadsPanel';

export { DownloadBatchDialog, DownloadFileDialog, DownloadFolderDialog, DownloadImageDialog, type BatchEntry } from './DownloadDialogs';
export { downloadListAtom, downloadsPanelOpenAtom } from './downloads-state';
export { DownloadRow } from './DownloadsPanel';

function DownloadsSync() {
  useDownloadsSync();
  return null;
}

export const downloadsFeature: Feature = {
  id: 'downloads',
  Sync: DownloadsSync,
  Overlay: DownloadsPanel,
  HeaderButton: DownloadsButton,
};
