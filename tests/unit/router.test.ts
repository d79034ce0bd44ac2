import { describe, expect, it, vi } from 'vitest';
import { CALL_CHANNELS, calls, EVENT_NAMES, isCallChannel } from '../../src/shared/contract';
import { AppError } from '../../src/shared/errors';
import { DEFAULT_SETTINGS } from '../../src/shared/model/settings';
import { createRouter, type Handlers } from '../../src/main/ipc/router';
import { createHandlers, type HandlerDeps } from '../../src/main/ipc/handlers/index';
import { appCalls, appEvents } from '../../src/shared/contract/app';
import { backupCalls, backupEvents } from '../../src/shared/contract/backup';
import { devicesCalls } from '../../src/shared/contract/devices';
import { downloadsCalls, downloadsEvents } from '../../src/shared/contract/downloads';
import { helpCalls, helpEvents } from '../../src/shared/contract/help';
import { approvalsCalls } from '../../src/shared/contract/approvals';
import { gettingStartedCalls } from '../../src/shared/contract/getting-started';
import { dashboardCalls } from '../../src/shared/contract/dashboard';
import { billingCalls, policiesCalls, tasksCalls } from '../../src/shared/contract/admin';
import { psaCalls } from '../../src/shared/contract/psa';
import { integrationsCalls } from '../../src/shared/contract/integrations';
import { ticketingCalls } from '../../src/shared/contract/ticketing';
import { ticketsCalls } from '../../src/shared/contract/tickets';
import { restoreCalls } from '../../src/shared/contract/restore';
import { sessionCalls, sessionEvents } from '../../src/shared/contract/session';
import { settingsCalls } from '../../src/shared/contract/settings';

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const fail = () => {
    throw new Error('not used in this test');
  };
  const all = Object.fromEntries(CALL_CHANNELS.map((c) => [c, fail])) as unknown as Handlers;
  return { ...all, ...overrides };
}

describe('contract', () => {
  it('lists every call and event once, with a schema per call', () => {
    expect(new Set(CALL_CHANNELS).size).toBe(CALL_CHANNELS.length);
    expect(CALL_CHANNELS).toContain('devices.query');
    expect(EVENT_NAMES).toContain('session.changed');
    for (const channel of CALL_CHANNELS) expect(typeof calls[channel].input.safeParse).toBe('function');
  });

  it('is merged from one map per area; each channel is named after its area and defined once', () => {
    const areas: Array<[prefixes: string[], calls: object, events: object]> = [
      [['app', 'connectivity', 'shell'], appCalls, appEvents],
      [['session'], sessionCalls, sessionEvents],
      [['settings'], settingsCalls, {}],
      [['devices'], devicesCalls, {}],
      [['backup', 'cache'], backupCalls, backupEvents],
      [['restore'], restoreCalls, {}],
      [['downloads'], downloadsCalls, downloadsEvents],
      [['help'], helpCalls, helpEvents],
      [['ticketing'], ticketingCalls, {}],
      [['tickets'], ticketsCalls, {}],
      [['psa'], psaCalls, {}],
      [['integrations'], integrationsCalls, {}],
      [['admin'], tasksCalls, {}],
      [['admin'], billingCalls, {}],
      [['approvals'], approvalsCalls, {}],
      [['dashboard'], dashboardCalls, {}],
      [['admin'], policiesCalls, {}],
      [['gettingStarted'], gettingStartedCalls, {}],
    ];
    const callNames = areas.flatMap(([, c]) => Object.keys(c));
    const eventNames = areas.flatMap(([, , e]) => Object.keys(e));
    expect(callNames.sort()).toEqual([...CALL_CHANNELS].sort());
    expect(eventNames.sort()).toEqual([...EVENT_NAMES].sort());
    for (const [prefixes, c, e] of areas) {
      for (const name of [...Object.keys(c), ...Object.keys(e)]) expect(prefixes, name).toContain(name.split('.')[0]);
    }
  });

  it('has a handler for every channel, merged from the per-area handler files', () => {
    // The handlers are only built here (none runs), so their services are not needed.
    const deps = new Proxy({}, { get: () => ({}) }) as HandlerDeps;
    const built = createHandlers(deps);
    expect(Object.keys(built).sort()).toEqual([...CALL_CHANNELS].sort());
    for (const channel of CALL_CHANNELS) expect(typeof built[channel], channel).toBe('function');
  });

  it('does not treat prototype keys as channels', () => {
    expect(isCallChannel('toString')).toBe(false);
    expect(isCallChannel('__proto__')).toBe(false);
    expect(isCallChannel('devices.query')).toBe(true);
  });

  it('rejects unknown fields, wrong types and out-of-range values', () => {
    const schema = calls['devices.query'].input;
    expect(schema.safeParse({ page: 0 }).success).toBe(true);
    expect(schema.safeParse({ page: -1 }).success).toBe(false);
    expect(schema.safeParse({ page: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ page: 0, extra: true }).success).toBe(false);
    expect(schema.safeParse({ page: 0, nodeClass: ['LINUX'] }).success).toBe(false);
    expect(schema.safeParse({ page: 0, nodeClass: ['MAC', 'MAC_SERVER'] }).success).toBe(true);
  });

  it('requires a client id and secret for client-credentials sign-in and a known target kind', () => {
    const schema = calls['session.signInWithClientCredentials'].input;
    const base = { target: { kind: 'demo' }, clientId: 'a', clientSecret: 'b', remember: true };
    expect(schema.safeParse(base).success).toBe(true);
    expect(schema.safeParse({ ...base, clientSecret: '' }).success).toBe(false);
    expect(schema.safeParse({ ...base, target: { kind: 'other' } }).success).toBe(false);
    expect(schema.safeParse({ ...base, target: { kind: 'instance' } }).success).toBe(false);
  });
});

describe('router', () => {
  it('refuses unknown channels', async () => {
    const router = createRouter(handlers());
    expect(await router.dispatch('nope.nope', {})).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', message: 'Unknown call: nope.nope' },
    });
    const nonString = await router.dispatch(42, {});
    expect(nonString.ok).toBe(false);
    if (!nonString.ok) expect(nonString.error.code).toBe('UNKNOWN_CHANNEL');
  });

  it('validates input before the handler runs', async () => {
    const query = vi.fn();
    const router = createRouter(handlers({ 'devices.query': query }));
    const result = await router.dispatch('devices.query', { page: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.message).toContain('page');
    }
    expect(query).not.toHaveBeenCalled();
  });

  it('passes parsed input and returns the value', async () => {
    const router = createRouter(handlers({ 'devices.query': async (args) => ({ results: [], totalElements: 0, totalPages: 0, page: args.page, size: 50 }) }));
    expect(await router.dispatch('devices.query', { page: 3 })).toEqual({
      ok: true,
      value: { results: [], totalElements: 0, totalPages: 0, page: 3, size: 50 },
    });
  });

  it('turns AppErrors into their code and message', async () => {
    const router = createRouter(handlers({ 'session.get': () => Promise.reject(new AppError('OFFLINE', 'Cannot reach example.com.')) }));
    expect(await router.dispatch('session.get', {})).toEqual({ ok: false, error: { code: 'OFFLINE', message: 'Cannot reach example.com.' } });
  });

  it('hides the text of unexpected errors and logs them', async () => {
    const log = vi.fn();
    const router = createRouter(
      handlers({
        'session.get': () => {
          throw new Error('secret=abc123 leaked from somewhere');
        },
      }),
      log,
    );
    const result = await router.dispatch('session.get', {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INTERNAL');
      expect(result.error.message).not.toContain('abc123');
    }
    expect(log).toHaveBeenCalledOnce();
  });

  it('treats a missing input as an empty object', async () => {
    const router = createRouter(handlers({ 'settings.get': () => ({ ...DEFAULT_SETTINGS }) }));
    expect(await router.dispatch('settings.get', undefined)).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });
});
