/**
 * The feature registry: every feature the shell shows, in the order their
 * screens are tried for a route (the devices list last: it serves any route
 * no other screen does). The shell imports features only from here.
 */
import { adminFeature } from '../features/admin';
import { backupFeature } from '../features/backup';
import { dashboardFeature } from '../features/dashboard';
import { devicesFeature } from '../features/devices';
import { downloadsFeature } from '../features/downloads';
import { gettingStartedFeature } from '../features/getting-started';
import { helpFeature } from '../features/help';
import { settingsFeature } from '../features/settings';
import { psaFeature } from '../features/psa';
import { ticketingFeature } from '../features/ticketing';
import { ticketsFeature } from '../features/tickets';
import type { Feature, FeatureScreen, HeaderArea } from './feature';

export const FEATURES: readonly Feature[] = [helpFeature, backupFeature, downloadsFeature, settingsFeature, ticketsFeature, ticketingFeature, psaFeature, adminFeature, dashboardFeature, gettingStartedFeature, devicesFeature];

/** The header's areas that are always there, in their order. */
export const HEADER_AREAS: readonly HeaderArea[] = [devicesFeature, dashboardFeature, ticketsFeature, ticketingFeature, psaFeature, adminFeature].flatMap((feature) => (feature.headerArea ? [feature.headerArea] : []));

/** The screen serving `route`, with its params. */
export function screenFor(route: string): { screen: FeatureScreen; params: Record<string, string> } {
  for (const feature of FEATURES) {
    for (const screen of feature.screens ?? []) {
      const params = screen.match(route);
      if (params) return { screen, params };
    }
  }
  throw new Error('No screen serves this route.');
}
