export type Theme = 'light' | 'dark';

export interface Settings {
  theme: Theme;
}

export const DEFAULT_SETTINGS: Settings = { theme: 'dark' };
