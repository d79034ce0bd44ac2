/**
 * The composition root of the main-process services: everything Electron-free
 * that both the Electron app and browser mode run, wired together; the
 * channels' handlers are in src/main/ipc/handlers/<area>.ts. Electron-only
 * needs come in as small functions (`platform`).
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { AppInfo } from '../shared/contract';
import type { DownloadsSummary } from '../shared/model/downloads';
import { AppError } from '../shared/errors';
import { createHandlers } from './ipc/handlers';
import { createRouter, type Router } from './ipc/router';
import { BackupApi } from './services/backup/backup-api';
import { BrowserService } from './services/backup/browser-service';
import { CompareService } from './services/backup/compare-service';
import { ListingCache } from './services/backup/cache/listing-cache';
import { Connectivity } from './services/platform/connectivity';
import { DeviceService } from './services/devices/device-service';
import { TicketingHistoryStore } from './services/ticketing/history-store';
import { TicketingService } from './services/ticketing/ticketing-service';
import { ReplyDraftStore } from './services/tickets/draft-store';
import { WorkspaceCache } from './services/tickets/cache';
import { TicketWorkspaceService } from './services/tickets/service';
import { DownloadManager } from './services/downloads/download-manager';
import { runQueueActions } from './services/downloads/download-queue-actions';
import { KnownNames } from './services/downloads/download-names';
import { DownloadStore } from './services/downloads/download-store';
import { internetMarkFor } from './services/platform/files/internet-mark';
import { defaultDownloadsFolder } from './services/platform/files/paths';
import { DownloadAccess } from './services/downloads/download-access';
import { RestoreService } from './services/restore/restore-service';
import { EventBus } from './services/platform/events';
import { ProfileStore } from './services/session/profile-store';
import { SessionService, type DemoInstance } from './services/session/session-service';
import { CredentialVault, type KeytarLike } from './services/session/vault';
import { SettingsStore } from './services/settings/settings-store';
import { HelpApi } from './services/help/help-api';
import { HelpService } from './services/help/help-service';
import type { ExternalOpenPurpose } from './services/session/external-open';
import { ensurePrivateDir } from './services/platform/private-files';
import { NeverMapStore } from './services/psa/never-map-store';
import { PsaService } from './services/psa/psa-service';
import { IntegrationsService } from './services/integrations/integrations-service';
import { BillingService } from './services/admin/billing-service';
import { ApprovalsService } from './services/approvals/approvals-service';
import { GettingStartedService } from './services/getting-started/getting-started-service';
import { DashboardService } from './services/dashboard/dashboard-service';
import { PoliciesService } from './services/admin/policies-service';
import { TasksService } from './services/admin/tasks-service';

/** A device's name as the console shows it; null when the device was not opened (the receipt then shows its id). */
function deviceNameOf(device: { displayName: string; name: string } | undefined): string | null {
  return device ? device.displayName || device.name || null : null;
}

/** What differs between the Electron app and browser mode. */
export interface PlatformHooks {
  mode: 'electron' | 'browser';
  /**
   * Opens a URL in the system browser through the one guarded function (src/main/open-external.ts):
   * an allow-listed https link, or the sign-in page of the instance named in `purpose`. Absent in browser mode.
   */
  openExternal?: (url: string, purpose?: ExternalOpenPurpose) => Promise<void>;
  /**
   * A native confirmation naming the host before signing in to an instance no
   * profile knows (Electron); true to go on. Absent in browser mode.
   */
  confirmNewInstance?: (host: string) => Promise<boolean>;
  /** Browser mode: instances that may be signed in to without a profile or a confirmation (`--allow-instance`). */
  allowedInstances?: readonly string[];
  /** The system folder picker (Electron); null when dismissed. Absent in browser mode. */
  chooseFolder?: (current?: string) => Promise<string | null>;
  /** Opens a file with its default app (Electron shell.openPath). */
  openPath?: (path: string) => Promise<void>;
  /**
   * A native confirmation naming the file before "Open" launches one that is
   * not of a passive type (Electron); true to open. Without it such files are never opened.
   */
  confirmOpenFile?: (fileName: string) => Promise<boolean>;
  /**
   * Without a system folder picker (browser mode): downloads are accepted
   * only under this folder (default: the user's Downloads folder;
   * `--downloads-root DIR`).
   */
  downloadsRoot?: string;
  /** Shows a file in its folder (Electron shell.showItemInFolder). */
  showItemInFolder?: (path: string) => void;
  /** Overall download progress: taskbar/dock progress and keeping the machine awake (Electron). */
  onDownloadsSummary?: (summary: DownloadsSummary) => void;
  /** A system notification (Electron); browser mode shows a toast instead. */
  notify?: (title: string, body: string) => void;
}

interface ConsoleServicesOptions {
  dataDir: string;
  keytar: KeytarLike | null;
  demo: DemoInstance | null;
  platform: PlatformHooks;
  appVersion: string;
  logError?: (channel: string, error: unknown) => void;
  /** Cached pages older than this are revalidated in the background when read (default 30 s). */
  revalidateAfterMs?: number;
  /** How often to probe the server while offline (default 3 s). */
  probeIntervalMs?: number;
  /** Download retry waits (tests make them short). */
  downloadRetryDelaysMs?: readonly number[];
  /** This boot of the machine (default: read from the system); tests give another to stand for a restart of the machine. */
  bootId?: string;
}

export interface ConsoleServices {
  router: Router;
  events: EventBus;
  session: SessionService;
  cache: ListingCache;
  connectivity: Connectivity;
  downloads: DownloadManager;
  /** Silent sign-in with the remembered profile. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function createConsoleServices(options: ConsoleServicesOptions): ConsoleServices {
  // Owner-only; a folder that cannot be created or changed must not block start.
  ensurePrivateDir(options.dataDir);
  const events = new EventBus();
  const vault = new CredentialVault(options.keytar);
  const profiles = new ProfileStore(options.dataDir);
  const settings = new SettingsStore(options.dataDir);
  const session = new SessionService({
    vault,
    profiles,
    events,
    demo: options.demo,
    openExternal: options.platform.openExternal,
    confirmNewInstance: options.platform.confirmNewInstance,
    allowedInstances: options.platform.allowedInstances,
    userAgent: `rmm-technician-console/${options.appVersion}`,
    // Every area's calls feed the offline state (connectivity is made just below; no call runs before).
    reachability: { reportReachable: () => connectivity.reportReachable(), reportFailure: (error) => connectivity.reportFailure(error) },
  });
  const connectivity = new Connectivity({
    events,
    probe: async () => {
      await session.api().getJson('appuser/current', z.unknown(), { retry: { limit: 0 } });
    },
    probeIntervalMs: options.probeIntervalMs,
  });
  const backupApi = new BackupApi(() => session.api());
  const devices = new DeviceService(session, options.dataDir, connectivity);
  // Apart from the listing cache, like the download list: clearing the cache never loses a kept version.
  const ticketingHistory = new TicketingHistoryStore(join(options.dataDir, 'ticketing-history.sqlite'));
  // Reply drafts (the only copy of unsent work), with the record of the files issued to each identity.
  const replyDrafts = new ReplyDraftStore(join(options.dataDir, 'ticketing-drafts.sqlite'));
  // An automation's attachment opened (§4.1) is saved where the image viewer's Download goes, and opened by the downloads' "Open" rule.
  const ticketing = new TicketingService(session, ticketingHistory, undefined, (what, error) => options.logError?.(what, error), {
    folder: () => imagesFolder,
    markFromInternet: internetMarkFor(),
    open: (path) => downloadAccess.openFile(path),
    log: (what, error) => options.logError?.(what, error),
  }, replyDrafts.issued);
  // The workspace's offline cache and tabs, per identity.
  const workspaceCache = new WorkspaceCache(join(options.dataDir, 'ticketing-workspace.sqlite'));
  // Browser mode has no system dialogs: typed folders and files are confined under one root.
  const browserRoot = options.platform.chooseFolder ? undefined : (options.platform.downloadsRoot ?? defaultDownloadsFolder());
  // The image viewer's Download goes where downloads go without a choice: the root (browser mode), else the Downloads folder.
  const imagesFolder = browserRoot ?? defaultDownloadsFolder();
  const tickets = new TicketWorkspaceService({
    session,
    ticketing,
    cache: workspaceCache,
    drafts: replyDrafts,
    connectivity,
    downloadsFolder: () => imagesFolder,
    log: (what, error) => options.logError?.(what, error),
  });
  // PSA secrets in the keychain, "never map" marks in the data folder, both per signed-in identity.
  const psa = new PsaService({ session, vault, neverMap: new NeverMapStore(options.dataDir), log: (what, error) => options.logError?.(what, error) });
  // The PSA secrets live as long as the sign-in: signing out removes them.
  const unsubscribePsaSecrets = session.onForget((scope) => psa.forgetSecrets(scope));
  // The other integrations' secrets are kept the same way, and go at sign-out too.
  const integrations = new IntegrationsService({ session, vault, log: (what, error) => options.logError?.(what, error) });
  const unsubscribeIntegrationSecrets = session.onForget((scope) => integrations.forgetSecrets(scope));
  // Scheduled tasks, billing products and policies keep nothing per session: no reset on a session change.
  const tasks = new TasksService(() => session.api());
  const billing = new BillingService(() => session.api());
  // Node approvals keep nothing per session either; the permissions are the signed-in user's of the moment.
  const approvals = new ApprovalsService({ api: () => session.api(), permissions: () => session.user().permissions });
  const policies = new PoliciesService(() => session.api());
  // The getting-started progress lives on the server, per user: nothing kept here.
  const gettingStarted = new GettingStartedService(() => session.api());
  // Dashboards keep nothing per session: every read asks the instance.
  const dashboard = new DashboardService(() => session.api());
  ensurePrivateDir(join(options.dataDir, 'cache'));
  const cache = new ListingCache(join(options.dataDir, 'cache', 'listings.sqlite'), { limitBytes: settings.get().cacheLimitMb * 1024 * 1024 });
  const browser = new BrowserService({
    api: backupApi,
    cache: () => cache,
    connectivity,
    events,
    scope: () => {
      const id = session.profileId();
      if (!id) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
      return id;
    },
    revalidateAfterMs: options.revalidateAfterMs,
  });

  const downloadStore = new DownloadStore(join(options.dataDir, 'downloads.sqlite'));
  /** Names of the items listed to the renderer: a download's file name comes from these, not from the request. */
  const downloadNames = new KnownNames();
  const downloads = new DownloadManager({
    store: downloadStore,
    api: () => session.api(),
    scope: () => session.identityScope(),
    events,
    settings: () => settings.get(),
    names: downloadNames,
    receipts: {
      // Names and dates the main process listed itself; the device's name from the devices the technician opened.
      describe: (request) => ({
        ...downloadNames.describe(request),
        deviceName: deviceNameOf(devices.recent().find((d) => d.id === request.nodeId)),
      }),
      technician: () => {
        const user = session.user();
        return { name: user.name, email: user.email };
      },
      consoleVersion: options.appVersion,
    },
    log: (what, error) => options.logError?.(what, error),
    retryDelaysMs: options.downloadRetryDelaysMs,
    bootId: options.bootId,
    onSummary: options.platform.onDownloadsSummary,
    // One notification per queue (when asked for), not one per file; the folder opened when asked for.
    onQueueFinished: (queue) =>
      void runQueueActions({ notify: options.platform.notify, openFolder: options.platform.openPath, log: (what, error) => options.logError?.(what, error) }, queue),
  });
  const unsubscribeSession = session.onChange((signedIn) => {
    downloadNames.clear();
    downloads.sessionChanged(signedIn);
  });
  const downloadAccess = new DownloadAccess({
    platform: options.platform,
    root: browserRoot,
    rememberedFolder: (nodeId) => downloads.rememberedFolder(nodeId),
    completedPath: (id) => downloads.completedPath(id),
    start: (request) => downloads.start(request),
  });

  const help = new HelpService({
    api: new HelpApi(() => session.api()),
    user: () => session.user(),
    events,
    scope: () => session.identityScope(),
    openExternal: options.platform.openExternal,
    log: (what, error) => options.logError?.(what, error),
  });
  // Signed URLs and what was read of attachments belong to the session that asked for them.
  const unsubscribeAttachments = session.onChange(() => {
    help.reset();
    ticketing.reset();
    tickets.reset();
  });

  const restore = new RestoreService(
    () => session.api(),
    () => cache,
    () => {
      const id = session.profileId();
      if (!id) throw new AppError('NOT_SIGNED_IN', 'Sign in to continue.');
      return id;
    },
  );

  const info: AppInfo = {
    name: 'RMM Technician Console',
    version: options.appVersion,
    mode: options.platform.mode,
    platform: process.platform,
  };
  /** What the technician must hear about start (a database moved aside or kept in memory): shown once. */
  const startNotices = [cache.status().notice, downloadStore.notice, ticketingHistory.notice, replyDrafts.notice, workspaceCache.notice].filter((notice): notice is string => Boolean(notice));

  const handlers = createHandlers({
    app: { info, startNotices, connectivity, openExternal: options.platform.openExternal },
    session,
    settings: { settings, cache, downloads, access: downloadAccess },
    devices,
    backup: { browser, compare: new CompareService({ browser }), restore, cache, names: downloadNames },
    restore,
    downloads: { downloads, access: downloadAccess },
    help,
    ticketing,
    tickets,
    psa,
    integrations,
    tasks,
    billing,
    approvals,
    policies,
    gettingStarted,
    dashboard,
  });

  return {
    router: createRouter(handlers, options.logError),
    events,
    session,
    cache,
    connectivity,
    downloads,
    start: () => session.restore(),
    dispose: async () => {
      unsubscribeSession();
      unsubscribeAttachments();
      unsubscribePsaSecrets();
      unsubscribeIntegrationSecrets();
      await downloads.dispose();
      downloadStore.close();
      ticketingHistory.close();
      replyDrafts.close();
      workspaceCache.close();
      connectivity.dispose();
      session.dispose();
      cache.close();
    },
  };
}
