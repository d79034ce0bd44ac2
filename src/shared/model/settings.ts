export type Theme = 'light' | 'dark';

export interface Settings {
  theme: Theme;
  /** Size limit of the offline listing cache, in MiB; least-recently-used listings go first. */
  cacheLimitMb: number;
  /** Downloads running at once. */
  parallelDownloads: number;
  /** Bandwidth limit for all downloads together, KiB/s; 0 = no limit. */
  downloadLimitKBps: number;
}

export const PARALLEL_DOWNLOADS_MAX = 6;

export const DEFAULT_SETTINGS: Settings = { theme: 'dark', cacheLimitMb: 1024, parallelDownloads: 3, downloadLimitKBps: 0 };
