import type { BandwidthWindow } from '../../rules/downloads';

/** The console's themes; 'blue' (Blueprint's light theme with a blue header) is a new data folder's (§9.4 "a blue theme"). */
export const THEMES = ['blue', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The languages the console speaks: English only so far (§9.4: locale en). */
export const LOCALES = ['en'] as const;
type Locale = (typeof LOCALES)[number];

export interface Settings {
  theme: Theme;
  /** The language of the console's texts; set on the page as its `lang`. */
  locale: Locale;
  /** Size limit of the offline listing cache, in MiB; least-recently-used listings go first. */
  cacheLimitMb: number;
  /** Downloads running at once. */
  parallelDownloads: number;
  /** Bandwidth limit for all downloads together, KiB/s; 0 = no limit. */
  downloadLimitKBps: number;
  /** Limits for some hours of some days (first matching window wins); outside them `downloadLimitKBps` applies. */
  bandwidthWindows: BandwidthWindow[];
  /**
   * Largest download the console accepts when the server does not say how
   * large it is (a streamed zip without Content-Length), in GiB: past it the
   * download stops with its `.part` kept ("everything read
   * is bounded").
   */
  maxUnknownSizeGb: number;
  /** The folder a completed download's receipt goes to (an absolute path); null: beside each download. */
  receiptsFolder: string | null;
}

export const PARALLEL_DOWNLOADS_MAX = 6;

/** Bounds of `maxUnknownSizeGb`: at least 1 GiB, at most 64 TiB (there is always a bound). */
export const MAX_UNKNOWN_SIZE_GB_RANGE = { min: 1, max: 65_536 } as const;

/**
 * 64 GiB: far above any folder zip a browser download is meant for (larger
 * data sets are what restores are for), yet below the free space of a typical
 * technician laptop, so a server that streams without end stops long before
 * the disk fills. Raised in the downloads panel when a real download needs it.
 */
export const DEFAULT_MAX_UNKNOWN_SIZE_GB = 64;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'blue',
  locale: 'en',
  cacheLimitMb: 1024,
  parallelDownloads: 3,
  downloadLimitKBps: 0,
  bandwidthWindows: [],
  maxUnknownSizeGb: DEFAULT_MAX_UNKNOWN_SIZE_GB,
  receiptsFolder: null,
};
