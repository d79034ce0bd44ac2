/** The app shell: session gate, header, areas, theme. */
import { BlueprintProvider, Classes, Intent, Spinner } from '@blueprintjs/core';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { Theme } from '../../../shared/model/settings';
import { api, errorMessage } from '../core/api';
import { DevicePage, type DevicePageTab } from '../features/backup/DevicePage';
import { DeviceList } from '../features/devices/DeviceList';
import { useDownloadsSync } from '../features/downloads/downloads-state';
import { DownloadsPanel } from '../features/downloads/DownloadsPanel';
import { RecentDevices } from '../features/devices/RecentDevices';
import { CacheDialog } from '../features/settings/CacheDialog';
import { BackupGetStarted } from '../features/help/BackupGetStarted';
import { useHelpContextSync } from '../features/help/help-state';
import { HelpPanel } from '../features/help/HelpPanel';
import { SignInScreen } from '../features/sign-in/SignInScreen';
import { StateMessage } from '../components/StateMessage';
import { Header, type AreaLink } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { matchRoute, navigate, useRoute } from '../core/router';
import { appInfoAtom, sessionAtom, settingsAtom } from '../core/session';
import { showToast, presentError } from '../core/toaster';

function applyTheme(theme: Theme): void {
  document.body.classList.toggle(Classes.DARK, theme === 'dark');
  document.documentElement.dataset.theme = theme;
}

/** Loads the help context (branding, guide tooltip) for the signed-in user. */
function HelpSync() {
  useHelpContextSync();
  return null;
}

/** Keeps the downloads list current while signed in. */
function DownloadsSync() {
  useDownloadsSync();
  return null;
}

export function App() {
  const [session, setSession] = useAtom(sessionAtom);
  const [settings, setSettings] = useAtom(settingsAtom);
  const [startupError, setStartupError] = useState<string | null>(null);
  const setAppInfo = useSetAtom(appInfoAtom);
  const [cacheOpen, setCacheOpen] = useState(false);
  const route = useRoute();

  useEffect(() => {
    const unsubscribe = api.on('session.changed', setSession);
    Promise.all([api.call('session.get', {}), api.call('settings.get', {}), api.call('app.info', {})])
      .then(([state, loaded, info]) => {
        setSession(state);
        setSettings(loaded);
        setAppInfo(info);
      })
      .catch((error: unknown) => setStartupError(errorMessage(error)));
    // A database moved aside or kept in memory at start (issue 10 point 6): told once, until dismissed.
    api
      .call('app.notices', {})
      .then(({ notices }) => notices.forEach((message, i) => showToast({ message, intent: Intent.WARNING, icon: 'warning-sign', timeout: 0 }, `start-notice-${i}`)))
      .catch(() => undefined);
    return unsubscribe;
  }, [setSession, setSettings, setAppInfo]);

  useEffect(() => {
    if (settings) applyTheme(settings.theme);
  }, [settings]);

  const toggleTheme = useCallback(() => {
    const theme: Theme = settings?.theme === 'dark' ? 'light' : 'dark';
    setSettings((s) => (s ? { ...s, theme } : s));
    api
      .call('settings.update', { theme })
      .then(setSettings)
      .catch((error: unknown) => presentError(error));
  }, [settings, setSettings]);

  const signOut = useCallback(() => {
    api
      .call('session.signOut', {})
      .then(setSession)
      .catch((error: unknown) => presentError(error));
  }, [setSession]);

  let body;
  if (startupError) {
    // Every screen is one main landmark with an h1 (issue 11 point 10), this one too.
    body = (
      <main className="app-state">
        <StateMessage level={1} icon="error" title="The console could not start" description={startupError} />
      </main>
    );
  } else if (!session || session.status === 'restoring') {
    body = (
      <main className="app-state">
        <StateMessage level={1} icon={<Spinner />} title={session?.status === 'restoring' ? `Signing in to ${session.profile.name}...` : 'Starting...'} />
      </main>
    );
  } else if (session.status === 'signed-out') {
    body = <SignInScreen state={session} />;
  } else {
    const backupRoute = matchRoute('/deviceDashboard/:nodeId/backup/:page', route) ?? matchRoute('/deviceDashboard/:nodeId/backup', route);
    const nodeId = backupRoute ? Number.parseInt(backupRoute.nodeId ?? '', 10) : NaN;
    const devicePageTab: DevicePageTab = backupRoute?.page === 'activity' ? 'activity' : 'browse';
    const areas: AreaLink[] = [
      { id: 'devices', label: 'Devices', icon: 'desktop', route: '/devices', active: route.startsWith('/devices') },
      ...(Number.isInteger(nodeId) && nodeId > 0
        ? [{ id: 'backup', label: 'Backup', icon: 'database' as const, route, active: true }]
        : []),
    ];
    const openDevice = (device: { id: number }) => navigate(`/deviceDashboard/${device.id}/backup`);
    // The backup get-started page: a device without backup, or the help panel's link (page getStarted of backup/:page).
    const getStartedRoute = matchRoute('/deviceDashboard/:nodeId/backup/getStarted', route);
    const getStarted = getStartedRoute || route.split('?')[0] === '/systemDashboard/backup/getStarted';
    const getStartedNodeId = getStartedRoute ? Number.parseInt(getStartedRoute.nodeId ?? '', 10) : NaN;
    body = (
      <div className="app-shell">
        {/* The banner landmark: the header and the offline notice (issue 11 point 10: all content in landmarks). */}
        <header className="app-banner">
          <Header
            session={session}
            theme={settings?.theme ?? 'dark'}
            areas={areas}
            onNavigate={navigate}
            onToggleTheme={toggleTheme}
            onSignOut={signOut}
            onOpenCache={() => setCacheOpen(true)}
          />
          <OfflineBanner />
        </header>
        <main className="app-main">
          {getStarted ? (
            <BackupGetStarted nodeId={Number.isInteger(getStartedNodeId) ? getStartedNodeId : undefined} />
          ) : Number.isInteger(nodeId) && nodeId > 0 ? (
            <DevicePage key={nodeId} nodeId={nodeId} tab={devicePageTab} />
          ) : (
            <>
              <h1 className={`${Classes.HEADING} page-title`}>Devices</h1>
              <RecentDevices onOpen={openDevice} />
              <DeviceList onOpenDevice={openDevice} />
            </>
          )}
        </main>
        <CacheDialog isOpen={cacheOpen} onClose={() => setCacheOpen(false)} />
        <DownloadsSync />
        <DownloadsPanel />
        <HelpSync />
        <HelpPanel />
      </div>
    );
  }

  return <BlueprintProvider>{body}</BlueprintProvider>;
}
