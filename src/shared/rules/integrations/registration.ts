/**
 * The web security integration's registration (spec §4.4): it starts
 * NOT_CONFIGURED, a Register moves it to REGISTERING, which ends REGISTERED
 * or FAILED; a FAILED one may be registered again, and so may a REGISTERED
 * one (to renew it). A status the console does not know (a real server's
 * own) is shown as the server sent it, and Register stays offered.
 */
export const REGISTRATION_STATUSES = ['NOT_CONFIGURED', 'REGISTERING', 'REGISTERED', 'FAILED'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const DEFAULT_REGISTRATION_STATUS: RegistrationStatus = 'NOT_CONFIGURED';

const MOVES: Record<RegistrationStatus, readonly RegistrationStatus[]> = {
  NOT_CONFIGURED: ['REGISTERING'],
  REGISTERING: ['REGISTERED', 'FAILED'],
  REGISTERED: ['REGISTERING', 'NOT_CONFIGURED'],
  FAILED: ['REGISTERING', 'NOT_CONFIGURED'],
};

export const REGISTRATION_TEXTS: Record<RegistrationStatus, string> = {
  NOT_CONFIGURED: 'Not configured',
  REGISTERING: 'Registering…',
  REGISTERED: 'Registered',
  FAILED: 'Registration failed',
};

export function isKnownStatus(status: string): status is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(status);
}

/** Whether the registration may move from `from` to `to`. */
export function canMove(from: RegistrationStatus, to: RegistrationStatus): boolean {
  return MOVES[from].includes(to);
}

/** Register is offered unless a registration is under way (an unknown status offers it: the server decides). */
export function canRegister(status: string): boolean {
  return status !== 'REGISTERING';
}

/** The status's text: the console's words for a known one, the server's own otherwise. */
export function registrationText(status: string): string {
  return isKnownStatus(status) ? REGISTRATION_TEXTS[status] : status;
}

/** The registration answered: a status of the server (bounded), NOT_CONFIGURED when it sent none. */
export function readStatus(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_REGISTRATION_STATUS;
  const text = value.replace(/[^\x20-\x7e]/g, '').trim().slice(0, 60);
  return text === '' ? DEFAULT_REGISTRATION_STATUS : text;
}
