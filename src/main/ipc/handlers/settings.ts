/** The console's settings; a changed cache limit or download setting applies at once. */
import type { ListingCache } from '../../services/backup';
import type { DownloadAccess, DownloadManager } from '../../services/downloads';
import type { SettingsStore } from '../../services/settings/settings-store';
import type { HandlersOf } from '../router';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  cache: ListingCache;
  downloads: DownloadManager;
  /** Where the receipts folder may be (the download folders' rule). */
  access: Pick<DownloadAccess, 'allowedReceiptsFolder'>;
}

export function settingsHandlers({ settings, cache, downloads, access }: SettingsHandlerDeps): HandlersOf<'settings'> {
  return {
    'settings.get': () => settings.get(),
    'settings.update': async (args) => {
      const { receiptsFolder, ...rest } = args;
      const patch: typeof rest & { receiptsFolder?: string | null } = rest;
      if (receiptsFolder !== undefined) {
        // A folder is checked (a full path, one downloads may go to) and created before it is kept.
        patch.receiptsFolder = receiptsFolder === null ? null : await access.allowedReceiptsFolder(receiptsFolder, settings.get().receiptsFolder);
      }
      const updated = settings.update(patch);
      if (args.cacheLimitMb !== undefined) cache.setLimit(updated.cacheLimitMb * 1024 * 1024);
      if (args.parallelDownloads !== undefined || args.downloadLimitKBps !== undefined || args.bandwidthWindows !== undefined) downloads.applySettings();
      return updated;
    },
  };
}
