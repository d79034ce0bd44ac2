/**
 * The composition root of the main-process services: everything Electron-free
 * that both the Electron app and browser mode run. Electron-only needs come in
 * as small functions (`platform`).
 */
import { mkdirSync } from 'node:fs';
import type { AppInfo } from '../../shared/contract';
import { AppError } from '../../shared/errors';
import { isAllowedExternalUrl } from '../../shared/rules/external-links';
import { createRouter, type Handlers, type Router } from '../ipc/router';
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
}

export interface ConsoleServices {
  router: Router;
  events: EventBus;
  session: SessionService;
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
  const devices = new DeviceService(session);

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
    'settings.update': (args) => settings.update(args),
    'devices.query': (args) => devices.query(args),
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
    start: () => session.restore(),
    dispose: async () => session.dispose(),
  };
}
