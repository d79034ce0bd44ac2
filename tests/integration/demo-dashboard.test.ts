/**
 * The `dashboard.*` channels through the console's router and service
 * against the demo server over real HTTP: every device's last backup status
 * (counts as the demo holds them, the devices behind each status, one
 * organization's), the open tickets, the failure switches, an odd answer
 * read tolerantly (a status of its own kept raw and counted as other, an
 * unreadable device skipped and counted), and the session's phone, division
 * configuration and security configuration (odd values read as null or none).
 */
import { describe, expect, it } from 'vitest';
import type { DashboardBackup, OpenTickets } from '../../src/shared/model/dashboard';
import type { SessionState } from '../../src/shared/model/session';
import { countByStatus, devicesOfPage, healthCounts, sortByStatus } from '../../src/shared/rules/dashboard/backup-status';
import { signedInDemo } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const ctx = signedInDemo();
const call = <T>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);
const backup = (organizationId?: number) => call<DashboardBackup>('dashboard.backup', organizationId ? { organizationId } : {});
const tickets = (organizationId?: number) => call<OpenTickets>('dashboard.tickets', organizationId ? { organizationId } : {});
const refusal = (promise: Promise<unknown>) => promise.then(() => ({ code: 'NONE', message: '' }), (error: { code: string; message: string }) => ({ code: error.code, message: error.message }));

async function demoControl(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.demo().url}${path}`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}
const switches = (patch: Record<string, unknown>) => demoControl('/__demo/dashboard', patch);

describe('backup status', () => {
  it('counts every device as the demo holds them; the showcase devices fixed; no plan: not configured', async () => {
    const answer = await backup();
    expect(answer.skipped).toBe(0);
    expect(answer.items).toHaveLength(120);
    const counts = countByStatus(answer.items);
    const held = (await switches({})).counts as Record<string, number>;
    expect(counts).toEqual({ failed: held.FAILED ?? 0, warnings: held.WARNING ?? 0, succeeded: held.SUCCEEDED ?? 0, notConfigured: held.NOT_CONFIGURED ?? 0, other: 0, total: 120 });
    for (const status of ['failed', 'warnings', 'succeeded', 'notConfigured'] as const) expect(counts[status]).toBeGreaterThan(0);
    expect(answer.items.find((d) => d.nodeId === 1)).toMatchObject({ name: 'File Server (NT-SRV-001)', organizationId: 1, organizationName: 'Northwind Traders', status: 'FAILED', isUp: true, planName: expect.any(String), message: expect.any(String), lastBackupAt: expect.any(Number) });
    expect(answer.items.find((d) => d.nodeId === 2)).toMatchObject({ status: 'SUCCEEDED', message: null });
    expect(answer.items.find((d) => d.nodeId === 3)).toMatchObject({ status: 'WARNING' });
    for (const device of devicesOfPage(answer.items, 'notConfigured')) expect(device).toMatchObject({ planName: null, lastBackupAt: null });
    expect(healthCounts(answer.items).online + healthCounts(answer.items).offline).toBe(120);
    // The same seed, the same answer.
    expect(await backup()).toEqual(answer);
  });

  it('lists the devices behind each status, failed first in the default order', async () => {
    const { items } = await backup();
    const failed = devicesOfPage(items, 'failed');
    expect(failed.length).toBe(countByStatus(items).failed);
    expect(failed.every((d) => d.status === 'FAILED' && d.message)).toBe(true);
    const sorted = sortByStatus(items);
    expect(sorted.slice(0, failed.length).every((d) => d.status === 'FAILED')).toBe(true);
    expect(sorted.at(-1)!.status).toBe('SUCCEEDED');
  });

  it("lists one organization's devices alone", async () => {
    const { items } = await backup(2);
    expect(items).toHaveLength(15);
    expect(items.every((d) => d.organizationId === 2 && d.organizationName === 'Contoso Dental')).toBe(true);
    const all = await backup();
    expect(countByStatus(items).failed).toBe(devicesOfPage(all.items, 'failed').filter((d) => d.organizationId === 2).length);
  });

  it('keeps a status of its own raw (counted as other) and skips an unreadable device, counting it', async () => {
    await switches({ oddItems: true });
    try {
      const answer = await backup();
      expect(answer.skipped).toBe(1);
      expect(answer.items).toHaveLength(121);
      expect(answer.items.find((d) => d.nodeId === 990101)).toMatchObject({ status: 'RUNNING', lastBackupAt: expect.any(Number) });
      expect(countByStatus(answer.items).other).toBe(1);
    } finally {
      await switches({ oddItems: false });
    }
  });

  it('fails with the switch, and reads again once it is off', async () => {
    await switches({ failBackupStatus: true });
    try {
      const failed = await refusal(backup());
      expect(failed.code).not.toBe('NONE');
      expect(failed.code).not.toBe('SESSION_EXPIRED');
    } finally {
      await switches({ failBackupStatus: false });
    }
    expect((await backup()).items).toHaveLength(120);
  });

  it('refuses an unknown switch', async () => {
    const res = await fetch(`${ctx.demo().url}/__demo/dashboard`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ failEverything: true }) });
    expect(res.status).toBe(400);
  });
});

describe('open tickets', () => {
  it('counts the open tickets and lists the latest five, newest first; of one organization alone', async () => {
    const all = await tickets();
    expect(all.skipped).toBe(0);
    const openCount = all.openCount ?? 0;
    expect(openCount).toBeGreaterThan(0);
    expect(all.latest.length).toBe(Math.min(5, openCount));
    const times = all.latest.map((t) => t.createdAt ?? 0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const ticket of all.latest) expect(['RESOLVED', 'CLOSED']).not.toContain(ticket.status);
    const one = await tickets(1);
    expect(one.openCount).toBeLessThanOrEqual(openCount);
    expect(one.latest.every((t) => t.organizationName === 'Northwind Traders')).toBe(true);
  });

  it('fails with the switch', async () => {
    await switches({ failTickets: true });
    try {
      expect((await refusal(tickets())).code).not.toBe('NONE');
    } finally {
      await switches({ failTickets: false });
    }
  });
});

describe("the session's user, division and security configuration", () => {
  const user = async () => {
    const state = await call<SessionState>('session.get');
    if (state.status !== 'signed-in') throw new Error('not signed in');
    return state.user;
  };

  it('carries the phone, the division configuration and the security configuration', async () => {
    expect(await user()).toMatchObject({
      phone: '+1 206 555 0142',
      divisionConfig: { name: 'Demo MSP', timeZone: 'America/Los_Angeles' },
      securityConfig: { resetPasswordViaLink: true, acceptInvitationViaLink: false, allowedIPSubnets: ['10.0.0.0/8', '192.168.1.0/24'] },
    });
  });

  it('reads odd or missing values as null or none', async () => {
    await demoControl('/__demo/config', { securityConfig: { resetPasswordViaLink: 'yes', allowedIPSubnets: ['10.1.0.0/16', 42, '', null] }, divisionConfig: 'not an object' });
    try {
      await ctx.signIn('demo-limited', 'demo-limited-secret');
      expect(await user()).toMatchObject({ name: 'Robin Lee', phone: null, divisionConfig: null, securityConfig: { resetPasswordViaLink: null, acceptInvitationViaLink: null, allowedIPSubnets: ['10.1.0.0/16'] } });
      await demoControl('/__demo/config', { securityConfig: null });
      await ctx.signIn();
      // Nothing said is not "any subnet": the list is not set.
      expect((await user()).securityConfig).toEqual({ resetPasswordViaLink: null, acceptInvitationViaLink: null, allowedIPSubnets: null });
    } finally {
      await demoControl('/__demo/config', { securityConfig: { resetPasswordViaLink: true, acceptInvitationViaLink: false, allowedIPSubnets: [] }, divisionConfig: { name: 'Demo MSP' } });
      await ctx.signIn();
    }
  });
});
