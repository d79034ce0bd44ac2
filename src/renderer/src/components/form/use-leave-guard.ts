/**
 * Unsaved changes are never lost silently (DESIGN "Data rules"; help spec
 * §2.3's 'You have unsaved changes'): while a page form is dirty, leaving it
 * by any route change (the navigation, the header, Back) is held and asked
 * first; Continue then goes where the technician was going.
 *
 * The route is the hash, which changes before anything can be asked: the
 * Navigation API's `navigate` event comes first and cancels the change (a
 * later `hashchange` is too late: a render in between already shows the
 * other screen). Where that API is missing, the hash change is undone
 * before the router hears of it, as well as it can be.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { navigate } from '../../core/router';

interface LeaveGuard {
  /** The route being left for, while the question is asked. */
  pending: string | null;
  /** Goes to `route` without asking (after a save, or a Continue). */
  leave(route: string): void;
  /** Leaves for `route`, asking first while dirty (the form's own Cancel). */
  request(route: string): void;
  /** Continue: leaves for the pending route. */
  confirm(): void;
  /** Cancel: stays with the changes. */
  cancel(): void;
}

const routeOfUrl = (url: string) => new URL(url).hash.replace(/^#/, '') || '/';

export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const leavingRef = useRef(false);

  useEffect(() => {
    const holds = () => dirtyRef.current && !leavingRef.current;
    const navigation = (window as { navigation?: Navigation }).navigation;
    if (navigation) {
      const onNavigate = (event: NavigateEvent) => {
        if (!holds() || !event.cancelable || !event.hashChange) return;
        event.preventDefault();
        setPending(routeOfUrl(event.destination.url));
      };
      navigation.addEventListener('navigate', onNavigate);
      return () => navigation.removeEventListener('navigate', onNavigate);
    }
    // A capture listener at the window runs before the router's own.
    const onHashChange = (event: HashChangeEvent) => {
      if (!holds()) return;
      event.stopImmediatePropagation();
      window.history.replaceState(window.history.state, '', event.oldURL);
      setPending(routeOfUrl(event.newURL));
    };
    window.addEventListener('hashchange', onHashChange, true);
    return () => window.removeEventListener('hashchange', onHashChange, true);
  }, []);

  const leave = useCallback((route: string) => {
    leavingRef.current = true;
    setPending(null);
    navigate(route);
  }, []);
  const request = useCallback((route: string) => (dirtyRef.current ? setPending(route) : leave(route)), [leave]);
  const confirm = useCallback(() => {
    if (pending !== null) leave(pending);
  }, [pending, leave]);
  const cancel = useCallback(() => setPending(null), []);
  return { pending, leave, request, confirm, cancel };
}
