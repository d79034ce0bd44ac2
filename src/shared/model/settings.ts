export type Theme = 'light' | 'dark';

export interface Settings {
  theme: Theme;
  /** Size limit of the offline listing cache, in MiB; least-recently-used listings go first. */
  cacheLimitMb: number;
}

export const DEFAULT_SETTINGS: Settings = { theme: 'dark', cacheLimitMb: 1024 };
