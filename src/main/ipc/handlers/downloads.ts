/**
 * Downloads. Where a download may be written and what "Open" may do are
 * decided by DownloadAccess; the queue by DownloadManager.
 */
import type { DownloadAccess } from '../../services/downloads/download-access';
import type { DownloadManager } from '../../services/downloads/download-manager';
import type { HandlersOf } from '../router';

export interface DownloadsHandlerDeps {
  downloads: DownloadManager;
  access: DownloadAccess;
}

export function downloadsHandlers({ downloads, access }: DownloadsHandlerDeps): HandlersOf<'downloads'> {
  return {
    'downloads.list': () => downloads.list(),
    'downloads.defaultFolder': ({ nodeId }) => access.defaultFolder(nodeId),
    'downloads.chooseFolder': ({ current }) => access.chooseFolder(current),
    'downloads.start': (args) => access.start(args),
    'downloads.pause': ({ id }) => downloads.pause(id),
    'downloads.resume': ({ id }) => downloads.resume(id),
    'downloads.cancel': ({ id }) => downloads.cancel(id),
    'downloads.retry': ({ id }) => downloads.retry(id),
    'downloads.remove': async ({ id }) => {
      await downloads.remove(id);
      return { removed: true as const };
    },
    'downloads.clearFinished': async () => ({ removed: await downloads.clearFinished() }),
    'downloads.open': ({ id }) => access.open(id),
    'downloads.showInFolder': ({ id }) => access.showInFolder(id),
    'downloads.bandwidth': () => downloads.bandwidthNow(),
    'downloads.receipt': ({ id }) => downloads.receipt(id),
    // An HTML page the console wrote itself, opened by the same rule as a finished download.
    'downloads.openReceipt': ({ id }) => access.openFile(downloads.receiptHtmlPath(id)),
  };
}
