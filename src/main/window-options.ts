/**
 * The console window's appearance and the app origin. Its security settings
 * (`webPreferences`) are written out as a literal at the `new BrowserWindow`
 * call in src/main/index.ts, where scanners and reviewers look for them; tests/unit/window-security.test.ts reads them there.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { CONTENT_SECURITY_POLICY } from './ipc/http-transport';

export const APP_PROTOCOL = 'app';
export const APP_HOST = 'console';
export const APP_ORIGIN = `${APP_PROTOCOL}://${APP_HOST}`;

export { CONTENT_SECURITY_POLICY };

/** Size, title and colours: everything but `webPreferences`. */
export const mainWindowChrome = {
  width: 1400,
  height: 900,
  minWidth: 960,
  minHeight: 600,
  show: false,
  title: 'RMM Technician Console',
  backgroundColor: '#f6f7f9',
} as const satisfies Omit<BrowserWindowConstructorOptions, 'webPreferences'>;

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

/**
 * Whether a download the window's session is about to start may go ahead:
 * only one the console started itself, by its URL, once. The console saves
 * every file through the main process (the downloads' and the image
 * viewer's rules: a name it decides, never over a file, the internet mark)
 * and starts none through the session, so a link, a data: or blob: URL or
 * a server's attachment answer the renderer would download is canceled.
 */
export function allowSessionDownload(url: string, startedByConsole: Set<string>): boolean {
  return startedByConsole.delete(url);
}
