/**
 * The help panel's state (jotai): open or not, its view stack, and the help
 * context (branding, tooltip) loaded once per signed-in user.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { HelpContext } from '../../../../shared/model/help';
import { isAllowedExternalUrl } from '../../../../shared/rules/platform/external-links';
import { sessionAtom } from '../../core/session';
import { openExternalUrl, readHelpContext } from './client';

/** Default ('Help resources'), Article list (search results), Submit help ticket. */
type HelpView = 'default' | 'articles' | 'ticket';

export const helpPanelOpenAtom = atom(false);
export const helpViewStackAtom = atom<HelpView[]>(['default']);
export const helpViewAtom = atom((get) => {
  const stack = get(helpViewStackAtom);
  return stack[stack.length - 1] ?? 'default';
});
export const helpContextAtom = atom<HelpContext | null>(null);

/** Opens the panel on a view (the default one unless told). */
export const openHelpAtom = atom(null, (_get, set, view: HelpView = 'default') => {
  set(helpViewStackAtom, view === 'default' ? ['default'] : ['default', view]);
  set(helpPanelOpenAtom, true);
});

export const pushHelpViewAtom = atom(null, (get, set, view: HelpView) => {
  const stack = get(helpViewStackAtom);
  if (stack[stack.length - 1] !== view) set(helpViewStackAtom, [...stack, view]);
});

/** Back: pops one view. */
export const popHelpViewAtom = atom(null, (get, set) => {
  const stack = get(helpViewStackAtom);
  set(helpViewStackAtom, stack.length > 1 ? stack.slice(0, -1) : ['default']);
});

/** Loads the help context for the signed-in user (again after a change of user). */
export function useHelpContextSync(): void {
  const session = useAtomValue(sessionAtom);
  const setContext = useSetAtom(helpContextAtom);
  const userKey = session?.status === 'signed-in' ? `${session.profile.id}|${session.user.id}` : null;
  useEffect(() => {
    setContext(null);
    if (!userKey) return;
    let live = true;
    readHelpContext().then(
      (context) => {
        if (live) setContext(context);
      },
      // Without a context the help button stays hidden; nothing else depends on it.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [userKey, setContext]);
}

/**
 * Opens a link through a call that answers `{ opened, url }`: the system
 * browser (Electron, allow-listed by the main process), or a new tab in
 * browser mode, opened during the click (browsers refuse one later) and
 * pointed at the URL once the main process has allowed it. That tab cannot be
 * opened with 'noopener' (the page could not point it anywhere afterwards),
 * so its opener is cut before it leaves about:blank, and the page's
 * Cross-Origin-Opener-Policy parts it from this page as it
 * navigates; no referrer is sent (Referrer-Policy: no-referrer).
 */
export async function openThrough(call: () => Promise<{ opened: boolean; url: string }>): Promise<void> {
  const tab = window.api ? null : window.open('about:blank', '_blank');
  try {
    const result = await call();
    if (result.opened) {
      tab?.close();
      return;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = result.url;
    } else {
      window.open(result.url, '_blank', 'noopener,noreferrer');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/**
 * Help-center articles, the community and branding topics: through the
 * allow-listed `shell.openExternal`. In browser mode an allow-listed URL is
 * known during the click, so it opens at once with 'noopener,noreferrer'.
 */
export function openExternalLink(url: string): Promise<void> {
  if (!window.api && isAllowedExternalUrl(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return Promise.resolve();
  }
  return openThrough(() => openExternalUrl({ url }));
}
