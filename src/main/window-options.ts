/**
 * The console window's options: the Electron security checklist's settings,
 * kept apart from the window code so a unit test can check them without
 * launching Electron.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { CONTENT_SECURITY_POLICY } from './ipc/http-transport';

export const APP_PROTOCOL = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_PROTOCOL}://${APP_HOST}`;

export { CONTENT_SECURITY_POLICY };

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'RMM Technician Console',
    backgroundColor: '#1c2127',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: undefined,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  };
}

/** True for the app's own pages: the packaged app:// origin, or the dev server in development. */
export function isAppUrl(url: string, devServerUrl?: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === `${APP_PROTOCOL}:` && parsed.host === APP_HOST) return true;
    if (devServerUrl) return parsed.origin === new URL(devServerUrl).origin;
    return false;
  } catch {
    return false;
  }
}
