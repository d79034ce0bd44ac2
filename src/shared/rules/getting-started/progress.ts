/**
 * How the wizard sees a step done from what the technician really did (pure):
 * a device's page opened (stepTwo), a download completed (stepThree), an
 * automation saved (stepFour), a PSA connection saved (stepFive); and where
 * each step's "Go" takes them.
 */
import type { GettingStartedTask } from '../../model/getting-started';

export const DEVICE_LIST_ROUTE = '/devices';
export const AUTOMATIONS_ROUTE = '/administration/apps/ticketing';
export const PSA_INTEGRATIONS_ROUTE = '/administration/apps';

/** The automations' trigger types (ticketing spec §7.1): templates and boards are not automations. */
const AUTOMATION_TYPES: readonly string[] = ['EVENT_BASED', 'TIME_BASED'];

/** The device whose page `route` is (`/deviceDashboard/:id/…`), or null. */
export function deviceOfRoute(route: string): number | null {
  const match = /^\/deviceDashboard\/([1-9]\d{0,9})(?:\/|$|\?)/.exec(route);
  return match ? Number(match[1]) : null;
}

/** The step a visited route does: a device's page is stepTwo. */
export function stepOfRoute(route: string): GettingStartedTask | null {
  return deviceOfRoute(route) === null ? null : 'stepTwo';
}

/** The step a download in this state does: a completed one is stepThree. */
export function stepOfDownload(download: { state: string }): GettingStartedTask | null {
  return download.state === 'completed' ? 'stepThree' : null;
}

/** The step a successful contract write does: an automation saved (stepFour), a PSA connection saved (stepFive). */
export function stepOfWrite(channel: string, output: unknown): GettingStartedTask | null {
  if (channel === 'psa.saveConnection') return 'stepFive';
  if (channel === 'ticketing.saveTrigger') {
    const type = typeof output === 'object' && output !== null ? (output as { type?: unknown }).type : undefined;
    return typeof type === 'string' && AUTOMATION_TYPES.includes(type) ? 'stepFour' : null;
  }
  return null;
}

/** Where the step's "Go" leads: the device list, the last device's backup page (else the list), automations, integrations; null for none. */
export function goRoute(step: GettingStartedTask, lastDeviceId: number | null): string | null {
  switch (step) {
    case 'stepTwo':
      return DEVICE_LIST_ROUTE;
    case 'stepThree':
      return lastDeviceId === null ? DEVICE_LIST_ROUTE : `/deviceDashboard/${lastDeviceId}/backup`;
    case 'stepFour':
      return AUTOMATIONS_ROUTE;
    case 'stepFive':
      return PSA_INTEGRATIONS_ROUTE;
    default:
      return null;
  }
}
