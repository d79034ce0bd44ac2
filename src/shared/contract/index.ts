/**
 * THE typed IPC contract: every call and event between the renderer and the
 * main process, merged from one map per area (`./<area>.ts`). Each call has a
 * runtime input schema (zod) and an output type; the router, the preload, the
 * HTTP transport and the renderer client all derive their types from it. A
 * channel belongs to one area: its name starts with the area (`backup.…`),
 * or it is one of the app's own (`app.…`, `connectivity.…`, `shell.…`) or the
 * backup's cache (`cache.…`).
 */
import type { z } from 'zod';
import type { CallResult } from '../errors';
import { billingCalls, policiesCalls, tasksCalls } from './admin';
import { appCalls, appEvents } from './app';
import { approvalsCalls } from './approvals';
import { backupCalls, backupEvents } from './backup';
import { dashboardCalls } from './dashboard';
import { devicesCalls } from './devices';
import { downloadsCalls, downloadsEvents } from './downloads';
import { gettingStartedCalls } from './getting-started';
import { helpCalls, helpEvents } from './help';
import { integrationsCalls } from './integrations';
import { restoreCalls } from './restore';
import { sessionCalls, sessionEvents } from './session';
import { settingsCalls } from './settings';
import { psaCalls } from './psa';
import { ticketingCalls } from './ticketing';
import { ticketsCalls } from './tickets';

export type { AppInfo, OpenExternalResult } from './app';

export const calls = {
  ...appCalls,
  ...sessionCalls,
  ...settingsCalls,
  ...devicesCalls,
  ...backupCalls,
  ...restoreCalls,
  ...downloadsCalls,
  ...helpCalls,
  ...ticketingCalls,
  ...ticketsCalls,
  ...psaCalls,
  ...integrationsCalls,
  ...tasksCalls,
  ...billingCalls,
  ...approvalsCalls,
  ...policiesCalls,
  ...gettingStartedCalls,
  ...dashboardCalls,
} as const;

export const events = {
  ...appEvents,
  ...sessionEvents,
  ...backupEvents,
  ...downloadsEvents,
  ...helpEvents,
} as const;

export type Calls = typeof calls;
export type CallChannel = keyof Calls;
/** What the renderer sends. */
export type CallInput<C extends CallChannel> = z.input<Calls[C]['input']>;
/** What a handler receives after validation. */
export type CallArgs<C extends CallChannel> = z.output<Calls[C]['input']>;
export type CallOutput<C extends CallChannel> = Calls[C]['output'];

/** The channels of one area (or of one prefix: `cache`, `connectivity`, `shell`). */
export type ChannelsOf<Prefix extends string> = Extract<CallChannel, `${Prefix}.${string}`>;

type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];

export const CALL_CHANNELS = Object.keys(calls) as CallChannel[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isCallChannel(value: unknown): value is CallChannel {
  return typeof value === 'string' && Object.hasOwn(calls, value);
}

/** The object the preload exposes as `window.api` (and the HTTP client mirrors). */
export interface ConsoleBridge {
  call(channel: string, input: unknown): Promise<CallResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** IPC channel names used by the Electron transport. */
export const IPC_CALL = 'console:call';
export const IPC_EVENT = 'console:event';
