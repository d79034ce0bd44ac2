/**
 * Hash routes for the console's screens, in the RMM's route scheme so help
 * articles can follow the technician (e.g. /deviceDashboard/:id/backup/:page).
 */
import { useSyncExternalStore } from 'react';

export function currentRoute(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/devices';
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

export function useRoute(): string {
  return useSyncExternalStore(subscribe, currentRoute);
}

/**
 * The system dashboard's overview (help spec §2.1: editor pages' header logo
 * links there). The Dashboard area serves it (features/dashboard).
 */
export const SYSTEM_DASHBOARD_ROUTE = '/systemDashboard/overview';

export function navigate(route: string): void {
  if (currentRoute() !== route) window.location.hash = route;
}

/** Matches `/a/:id/b` style patterns; returns the params or null. */
export function matchRoute(pattern: string, route: string): Record<string, string> | null {
  const p = pattern.split('/').filter(Boolean);
  const r = route.split('?')[0]!.split('/').filter(Boolean);
  if (p.length !== r.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const part = p[i]!;
    const value = r[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return null;
  }
  return params;
}
