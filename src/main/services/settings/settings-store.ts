/** User settings (theme, and later areas' preferences) persisted in settings.json. */
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS, LOCALES, MAX_UNKNOWN_SIZE_GB_RANGE, PARALLEL_DOWNLOADS_MAX, THEMES, type Settings } from '../../../shared/model/settings';
import { JsonFile } from '../platform/json-file';

const settingsSchema = z.object({
  // A theme chosen earlier ('light' or 'dark') is kept; only a missing or unknown one becomes the default.
  theme: z.enum(THEMES).catch(DEFAULT_SETTINGS.theme),
  locale: z.enum(LOCALES).catch(DEFAULT_SETTINGS.locale),
  cacheLimitMb: z.number().int().min(16).max(100_000).catch(DEFAULT_SETTINGS.cacheLimitMb),
  parallelDownloads: z.number().int().min(1).max(PARALLEL_DOWNLOADS_MAX).catch(DEFAULT_SETTINGS.parallelDownloads),
  downloadLimitKBps: z.number().int().min(0).max(10_000_000).catch(DEFAULT_SETTINGS.downloadLimitKBps),
  maxUnknownSizeGb: z.number().int().min(MAX_UNKNOWN_SIZE_GB_RANGE.min).max(MAX_UNKNOWN_SIZE_GB_RANGE.max).catch(DEFAULT_SETTINGS.maxUnknownSizeGb),
  receiptsFolder: z.string().min(1).max(4096).nullable().catch(DEFAULT_SETTINGS.receiptsFolder),
});

export class SettingsStore {
  private readonly file: JsonFile<Settings>;
  private current: Settings;

  constructor(dataDir: string) {
    this.file = new JsonFile(join(dataDir, 'settings.json'), settingsSchema, () => ({ ...DEFAULT_SETTINGS }));
    this.current = this.file.read();
  }

  get(): Settings {
    return { ...this.current };
  }

  update(patch: Partial<Settings>): Settings {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    this.current = { ...this.current, ...defined };
    this.file.write(this.current);
    return this.get();
  }
}
