/** The app shell: session gate, header, areas, theme. */
import { BlueprintProvider, Intent, Spinner } from '@blueprintjs/core';
import { useAtom, useSetAtom } from 'jotai';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { DEFAULT_SETTINGS, type Theme } from '../../../shared/model/settings';
import { api, errorMessage } from '../core/api';
import { queryClient } from '../core/data/cache';
import { readStartNotices, readStartup, signOut as signOutOfSession, updateSettings } from './client';
import { SignInScreen } from '../features/session';
import { StateMessage } from '../components/StateMessage';
import { FEATURES, HEADER_AREAS, screenFor } from './features';
import { Header, type AreaLink } from './Header';
import { applyTheme } from './ThemeMenu';
import { OfflineBanner } from './OfflineBanner';
import { PageErrorBoundary } from './PageErrorBoundary';
import { navigate, useRoute } from '../core/router';
import { appInfoAtom, sessionAtom, settingsAtom } from '../core/session';
import { showToast, presentError } from '../core/toaster';

export function App() {
  const [session, setSession] = useAtom(sessionAtom);
  const [settings, setSettings] = useAtom(settingsAtom);
  const [startupError, setStartupError] = useState<string | null>(null);
  const setAppInfo = useSetAtom(appInfoAtom);
  const route = useRoute();

  useEffect(() => {
    const unsubscribe = api.on('session.changed', setSession);
    readStartup()
      .then(([state, loaded, info]) => {
        setSession(state);
        setSettings(loaded);
        setAppInfo(info);
      })
      .catch((error: unknown) => setStartupError(errorMessage(error)));
    // A database moved aside or kept in memory at start: told once, until dismissed.
    readStartNotices()
      .then(({ notices }) => notices.forEach((message, i) => showToast({ message, intent: Intent.WARNING, icon: 'warning-sign', timeout: 0 }, `start-notice-${i}`)))
      .catch(() => undefined);
    return unsubscribe;
  }, [setSession, setSettings, setAppInfo]);

  // No answer read in one session shows in the next (signed out here, by expiry or elsewhere).
  const signedOut = session?.status === 'signed-out';
  useEffect(() => {
    if (signedOut) queryClient.clear();
  }, [signedOut]);

  useEffect(() => {
    if (!settings) return;
    applyTheme(settings.theme);
    document.documentElement.lang = settings.locale;
  }, [settings]);

  const chooseTheme = useCallback(
    (theme: Theme) => {
      setSettings((s) => (s ? { ...s, theme } : s));
      updateSettings({ theme })
        .then(setSettings)
        .catch((error: unknown) => presentError(error));
    },
    [setSettings],
  );

  const signOut = useCallback(() => {
    signOutOfSession()
      .then(setSession)
      .catch((error: unknown) => presentError(error));
  }, [setSession]);

  let body;
  if (startupError) {
    // Every screen is one main landmark with an h1, this one too.
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
    const { screen, params } = screenFor(route);
    const area = screen.area?.(params, route) ?? null;
    // The area whose route is the longest prefix of this one (Integrations' /administration/apps holds Ticketing's route).
    const under = (prefix: string) => route === prefix || route.startsWith(`${prefix}/`);
    const current = HEADER_AREAS.filter((always) => under(always.route)).sort((a, b) => b.route.length - a.route.length)[0];
    // A screen naming one of the areas always there marks that one (its routes need not share a prefix).
    const named = area && HEADER_AREAS.some((always) => always.id === area.id) ? area.id : null;
    const areas: AreaLink[] = [
      // The areas always there, then the one of the screen open.
      ...HEADER_AREAS.map((always) => ({ ...always, active: named ? always.id === named : always === current })),
      ...(area && !named ? [{ ...area, active: true }] : []),
    ];
    body = (
      <div className="app-shell">
        {/* The banner landmark: the header and the offline notice (all content in landmarks). */}
        <header className="app-banner">
          <Header
            session={session}
            theme={settings?.theme ?? DEFAULT_SETTINGS.theme}
            areas={areas}
            onNavigate={navigate}
            onChooseTheme={chooseTheme}
            onSignOut={signOut}
          />
          <OfflineBanner />
        </header>
        <main className="app-main">
          <PageErrorBoundary route={route}>{screen.render(params, route)}</PageErrorBoundary>
        </main>
        {FEATURES.map(({ id, Sync, Overlay }) => (
          <Fragment key={id}>
            {Sync && <Sync />}
            {Overlay && <Overlay />}
          </Fragment>
        ))}
      </div>
    );
  }

  return <BlueprintProvider>{body}</BlueprintProvider>;
}
