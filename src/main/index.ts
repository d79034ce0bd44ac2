/**
 * The Electron main process: app lifecycle, the sandboxed window, wiring of
 * the services to the Electron transport. Everything else lives in services/.
 */
import { readFileSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, net, Notification, powerSaveBlocker, protocol, session, shell } from 'electron';
import { AppError } from '../shared/errors';
import type { DownloadsSummary } from '../shared/model/downloads';
import { embeddedDemo } from './embedded-demo';
import { attachElectronTransport } from './ipc/electron-transport';
import { openExternalGuarded } from './open-external';
import { createConsoleServices } from './app-services';
import { trustExtraCertificateAuthoritiesFromEnv } from './services/platform/api/extra-ca';
import { redactError } from './services/platform/api/http-errors';
import { acquireDataLock, type DataLock } from './services/platform/data-lock';
import { loadKeytar } from './services/session/vault';
import { startFailureDialog } from './start-failure';
import { allowSessionDownload, APP_HOST, APP_ORIGIN, APP_PROTOCOL, CONTENT_SECURITY_POLICY, isAppUrl, mainWindowChrome } from './window-options';

const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
const rendererDir = resolve(join(import.meta.dirname, '../renderer'));
const isOwnUrl = (url: string) => isAppUrl(url, devServerUrl);

protocol.registerSchemesAsPrivileged([
  { scheme: APP_PROTOCOL, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();

/** Serves the built renderer from app://console/ with the CSP; nothing outside it. */
function registerAppProtocol(): void {
  protocol.handle(APP_PROTOCOL, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(rendererDir, relative));
    if (!file.startsWith(rendererDir + sep)) return new Response('Forbidden', { status: 403 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** The URLs of the downloads the console starts through the window's session (none today: it saves files itself). */
const consoleDownloads = new Set<string>();

function hardenSessions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Nothing reaches the disk past the main process's own saving: a download the console did not start is canceled.
  session.defaultSession.on('will-download', (event, item) => {
    if (!allowSessionDownload(item.getURL(), consoleDownloads)) event.preventDefault();
  });
  if (devServerUrl) {
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")] } });
    });
  }
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isOwnUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // Allow-listed links open in the system browser; anything else is refused there.
    openExternalGuarded(url).catch(() => undefined);
    return { action: 'deny' };
  });
});

/** Keeps the machine awake while downloads of a queue that asked for it run, and shows their progress on the taskbar/dock. */
function downloadsPresence(window: () => BrowserWindow | null): (summary: DownloadsSummary) => void {
  let blocker: number | null = null;
  return (summary) => {
    if (summary.keepAwake && blocker === null) blocker = powerSaveBlocker.start('prevent-app-suspension');
    if (!summary.keepAwake && blocker !== null) {
      powerSaveBlocker.stop(blocker);
      blocker = null;
    }
    window()?.setProgressBar(summary.fraction === null ? -1 : summary.fraction);
  };
}

/** The data folder, held for this process (one data folder, one process). */
let dataLock: DataLock | null = null;

async function start(): Promise<void> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  dataLock = acquireDataLock(dataDir);
  // A private certificate authority (RMM_EXTRA_CA_CERTS) before any connection; a bad file stops the start, said.
  trustExtraCertificateAuthoritiesFromEnv();
  registerAppProtocol();
  hardenSessions();

  const version = (JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8')) as { version: string }).version;
  const demo = embeddedDemo();
  let mainWindow: BrowserWindow | null = null;
  // Dialogs are modal to the window once there is one.
  const messageBox = (options: Electron.MessageBoxOptions) => (mainWindow ? dialog.showMessageBox(mainWindow, options) : dialog.showMessageBox(options));
  const openDialog = (options: Electron.OpenDialogOptions) => (mainWindow ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options));
  const services = createConsoleServices({
    dataDir,
    keytar: await loadKeytar(),
    demo,
    platform: {
      mode: 'electron',
      // The one guarded function: allow-listed links, or exactly the sign-in page of the instance named in `purpose`.
      openExternal: (url, purpose) => openExternalGuarded(url, purpose),
      // A renderer call cannot send the technician to a new instance without this native dialog.
      confirmNewInstance: async (host) => {
        const options: Electron.MessageBoxOptions = {
          type: 'question',
          title: 'Sign in to a new instance',
          message: `Sign in to ${host}?`,
          detail: 'The console has not signed in to this instance before. Continue only if you typed or chose this address yourself.',
          buttons: ['Sign in', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true,
        };
        const { response } = await messageBox(options);
        return response === 0;
      },
      chooseFolder: async (current) => {
        const options: Electron.OpenDialogOptions = { title: 'Download to folder', properties: ['openDirectory', 'createDirectory'], defaultPath: current };
        const result = await openDialog(options);
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      openPath: async (path) => {
        const problem = await shell.openPath(path);
        if (problem) throw new AppError('IO_ERROR', `The file could not be opened: ${problem}`);
      },
      // Anything but a passive document, picture, text or zip opens only after this native question naming the file; Cancel is the default.
      confirmOpenFile: async (fileName) => {
        const options: Electron.MessageBoxOptions = {
          type: 'warning',
          title: 'Open this file?',
          message: `"${fileName}" is not a document, picture, text or zip file. Opening it may run code on this computer.`,
          detail: 'Open it only if you trust where it came from.',
          buttons: ['Cancel', 'Open'],
          defaultId: 0,
          cancelId: 0,
          noLink: true,
        };
        const { response } = await messageBox(options);
        return response === 1;
      },
      showItemInFolder: (path) => shell.showItemInFolder(path),
      onDownloadsSummary: downloadsPresence(() => mainWindow),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show();
      },
    },
    appVersion: version,
  });

  // The Electron security checklist, written out here where reviewers and scanners look (// tests/unit/window-security.test.ts checks each setting in this literal).
  const window = new BrowserWindow({
    ...mainWindowChrome,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  mainWindow = window;
  const detach = attachElectronTransport(services.router, services.events, window, isOwnUrl);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  // The services' start (resuming the session, the queue) must never become an unhandled rejection; the window is
  // up and shows what failed. Only the error's name and code are logged: a got error holds the request's headers.
  services.start().catch((error: unknown) => {
    const safe = redactError(error);
    console.error('The console services could not start:', safe.name, (safe as { code?: unknown }).code ?? '');
  });

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    detach();
    void services.dispose();
    void demo.close();
    dataLock?.release();
  });
}

/**
 * A start that fails is shown and the app quits: never a
 * windowless process that keeps the single-instance lock, so that every later
 * launch would only "focus" nothing.
 */
function failStart(error: unknown): void {
  const { title, content } = startFailureDialog(error);
  console.error('The console could not start:', error instanceof Error ? error.name : 'error');
  try {
    dialog.showErrorBox(title, content);
  } finally {
    dataLock?.release();
    app.exit(1);
  }
}

if (!app.requestSingleInstanceLock()) {
  // The running console gets 'second-instance' and comes to the front.
  app.quit();
} else {
  start().catch(failStart);
}
