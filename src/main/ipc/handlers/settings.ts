/** The console's settings; a changed cache limit or download setting applies at once. */
import type { ListingCache } from '../../services/backup';
import type { DownloadManager } from '../../services/downloads';
import type { SettingsStore } from '../../services/settings/settings-store';
import type { HandlersOf } from '../router';

export interface SettingsHandlerDeps {
  settings: SettingsStore;
  cache: ListingCache;
  downloads: DownloadManager;
}

export function settingsHandlers({ settings, cache, downloads }: SettingsHandlerDeps): HandlersOf<'settings'> {
  return {
    'settings.get': () => settings.get(),
    'settings.update': (args) => {
      const updated = settings.update(args);
      if (args.cacheLimitMb !== undefined) cache.setLimit(updated.cacheLimitMb * 1024 * 1024);
      if (args.parallelDownloads !== undefined || args.downloadLimitKBps !== undefined || args.bandwidthWindows !== undefined) downloads.applySettings();
      return updated;
    },
  };
}
