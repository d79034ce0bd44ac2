/** The app's own calls: what it is, start notices, connectivity, opening a link outside. */
import { z } from 'zod';
import type { ConnectivityState } from '../../model/platform/connectivity';
import { noInput, returns, shortText } from '../common';

export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  platform: string;
}

export interface OpenExternalResult {
  /** True when the main process opened it; false when the renderer must (browser mode). */
  opened: boolean;
  url: string;
}

export const appCalls = {
  'app.info': { input: noInput, output: returns<AppInfo>() },
  /** Start notices (a database moved aside or kept in memory only); each is handed out once, then dropped. */
  'app.notices': { input: noInput, output: returns<{ notices: string[] }>() },
  'connectivity.get': { input: noInput, output: returns<ConnectivityState>() },
  'shell.openExternal': {
    input: z.strictObject({ url: shortText(4096) }),
    output: returns<OpenExternalResult>(),
  },
} as const;

export const appEvents = {
  'connectivity.changed': returns<ConnectivityState>(),
} as const;
