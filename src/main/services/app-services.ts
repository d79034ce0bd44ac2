/**
 * The composition root of the main-process services: everything Electron-free
 * that both the Electron app and browser mode run. Electron-only needs come in
 * as small functions (`platform`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppInfo } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { isAllowedExternalUrl } from '../../shared/rules/external-links';
import { createRouter, type Handlers, type Router } from '../ipc/router';
import { BackupApi } from './backup/backup-api';
import { BrowserService } from './backup/browser-service';
import { ListingCache } from './cache/listing-cache';
import { Connectivity } from './connectivity';
import { DeviceService } from './devices/device-service';
import { EventBus } from './events';
import { ProfileStore } from './session/profile-store';
import { SessionService, type DemoInstance } from './session/session-service';
import { CredentialVault, type KeytarLike } from './session/vault';
import { SettingsStore } from './settings/settings-store';

/** What differs between the Electron app and browser mode. */
export interface PlatformHooks {
  mode: 'electron' | 'browser';
  /** Opens an allow-listed https URL in the system browser; absent in browser mode. */
  openExternal?: (url: string) => Promise<void>;
}

export interface ConsoleServicesOptions {
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
}

export interface ConsoleServices {
  router: Router;
  events: EventBus;
  session: SessionService;
  cache: ListingCache;
  connectivity: Connectivity;
  /** Silent sign-in with the remembered profile. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export function createConsoleServices(options: ConsoleServicesOptions): ConsoleServices {
  mkdirSync(options.dataDir, { recursive: true });
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
    userAgent: `rmm-technician-console/${options.appVersion}`,
  });
  const connectivity = new Connectivity({
    events,
    probe: async () => {
      await session.api().getJson('appuser/current', z.unknown(), { retry: { limit: 0 } });
    },
    probeIntervalMs: options.probeIntervalMs,
  });
  const devices = new DeviceService(session, options.dataDir, connectivity);
  mkdirSync(join(options.dataDir, 'cache'), { recursive: true });
  const cache = new ListingCache(join(options.dataDir, 'cache', 'listings.sqlite'), { limitBytes: settings.get().cacheLimitMb * 1024 * 1024 });
  const browser = new BrowserService({
    api: new BackupApi(() => session.api()),
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

  const info: AppInfo = {
    name: 'RMM Technician Console',
    version: options.appVersion,
    mode: options.platform.mode,
    platform: process.platform,
  };

  const handlers: Handlers = {
    'app.info': () => info,
    'session.get': () => session.state(),
    'session.signInWithClientCredentials': (args) => session.signInWithClientCredentials(args),
    'session.beginBrowserSignIn': (args) => session.beginBrowserSignIn(args),
    'session.cancelBrowserSignIn': () => ({ canceled: session.cancelBrowserSignIn() }),
    'session.signOut': () => session.signOut(),
    'settings.get': () => settings.get(),
    'settings.update': (args) => {
      const updated = settings.update(args);
      if (args.cacheLimitMb !== undefined) cache.setLimit(updated.cacheLimitMb * 1024 * 1024);
      return updated;
    },
    'devices.query': (args) => devices.query(args),
    'devices.open': ({ nodeId }) => devices.open(nodeId),
    'devices.recent': () => devices.recent(),
    'backup.listPage': ({ location, page }) => browser.listPage(location, page),
    'backup.search': (args) => browser.search(args),
    'cache.status': () => cache.status(),
    'cache.clear': () => {
      cache.clear();
      return cache.status();
    },
    'connectivity.get': () => connectivity.state(),
    'shell.openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) throw new AppError('FORBIDDEN', 'This link is not on the list of sites the console may open.');
      if (options.platform.openExternal) {
        await options.platform.openExternal(url);
        return { opened: true, url };
      }
      return { opened: false, url };
    },
  };

  return {
    router: createRouter(handlers, options.logError),
    events,
    session,
    cache,
    connectivity,
    start: () => session.restore(),
    dispose: async () => {
      connectivity.dispose();
      session.dispose();
      cache.close();
    },
  };
}
