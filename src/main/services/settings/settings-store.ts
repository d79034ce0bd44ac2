/** User settings (theme, and later areas' preferences) persisted in settings.json. */
import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SETTINGS, LOCALES, MAX_UNKNOWN_SIZE_GB_RANGE, PARALLEL_DOWNLOADS_MAX, THEMES, type Settings } from '../../../shared/model/settings';
import { BANDWIDTH_LIMIT_MAX_KBPS, BANDWIDTH_WINDOWS_MAX, bandwidthWindowSchema, windowProblems, type BandwidthWindow } from '../../../shared/rules/downloads';
import { JsonFile } from '../platform/json-file';

/** Bandwidth windows as saved: an odd window (unreadable or against the rules) is dropped, not the whole list or file. */
const savedBandwidthWindows = z
  .array(z.unknown())
  .catch([])
  .transform((entries) =>
    entries.flatMap((entry): BandwidthWindow[] => {
      const parsed = bandwidthWindowSchema.safeParse(entry);
      return parsed.success && windowProblems(parsed.data).length === 0 ? [parsed.data] : [];
    }),
  )
  .transform((windows) => windows.filter((w, i) => windows.findIndex((other) => other.id === w.id) === i).slice(0, BANDWIDTH_WINDOWS_MAX));

const settingsSchema = z.object({
  // A theme chosen earlier ('light' or 'dark') is kept; only a missing or unknown one becomes the default.
  theme: z.enum(THEMES).catch(DEFAULT_SETTINGS.theme),
  locale: z.enum(LOCALES).catch(DEFAULT_SETTINGS.locale),
  cacheLimitMb: z.number().int().min(16).max(100_000).catch(DEFAULT_SETTINGS.cacheLimitMb),
  parallelDownloads: z.number().int().min(1).max(PARALLEL_DOWNLOADS_MAX).catch(DEFAULT_SETTINGS.parallelDownloads),
  downloadLimitKBps: z.number().int().min(0).max(BANDWIDTH_LIMIT_MAX_KBPS).catch(DEFAULT_SETTINGS.downloadLimitKBps),
  bandwidthWindows: savedBandwidthWindows,
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
