/**
 * The `approvals.*` channels through the console's router and service
 * against the demo server over real HTTP: each tab's devices (and one
 * organization's), approving two (the candidate's installation WAITING, the
 * acting user recorded), rejecting an approved one, a refused transition,
 * the approval modes (AUTOMATIC: a device arrives approved, by no one),
 * installations held and released (INSTALLED), the permissions (refused by
 * the main process first, and the server's 403 in the same words), the
 * failure switches, the contract's bounds, and the tolerant reading of what
 * a real instance sends. Arrivals are made at once (`/__demo/approvals/arrive`)
 * and installations held: nothing waits on the demo's clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalNode, OrganizationApprovalMode } from '../../src/shared/model/approvals';
import { APPROVAL_MESSAGES } from '../../src/shared/rules/approvals/actions';
import { signedInDemo } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const ctx = signedInDemo();
const call = <T>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);
const list = (status: string, organizationId?: number) => call<{ items: ApprovalNode[]; skipped: number }>('approvals.list', { status, ...(organizationId ? { organizationId } : {}) });
const ids = (nodes: { items: ApprovalNode[] }) => nodes.items.map((n) => n.id).sort((a, b) => a - b);
const refusal = (promise: Promise<unknown>) => promise.then(() => ({ code: 'NONE', message: '' }), (error: { code: string; message: string }) => ({ code: error.code, message: error.message }));

async function demoControl(method: 'PATCH' | 'POST', path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.demo().url}${path}`, { method, headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}
const switches = (patch: Record<string, unknown>) => demoControl('PATCH', '/__demo/approvals', patch);
const arrive = (body: Record<string, unknown>) => demoControl('POST', '/__demo/approvals/arrive', body);

beforeAll(async () => {
  // No device arrives by itself, and installations wait until released.
  await switches({ arrivalEverySeconds: 0, holdInstallations: true });
});

describe('node approvals', () => {
  it('lists each tab with the seeded devices, their candidates, deciders and times; one organization alone', async () => {
    const pending = await list('PENDING');
    expect(pending.skipped).toBe(0);
    expect(ids(pending)).toEqual([5001, 5002, 5003, 5004, 5005, 5006]);
    expect(pending.items.find((n) => n.id === 5002)).toMatchObject({ name: 'NT-SRV-N02', organizationId: 1, organizationName: 'Northwind Traders', nodeClass: 'WINDOWS_SERVER', approvalStatus: 'PENDING', candidate: true, installationStatus: 'PENDING', decidedById: null, requestedAt: expect.any(Number) });
    expect(pending.items.find((n) => n.id === 5001)).toMatchObject({ candidate: false, installationStatus: null });

    const approved = await list('APPROVED');
    expect(ids(approved)).toEqual([5007, 5008, 5009]);
    expect(approved.items.find((n) => n.id === 5008)).toMatchObject({ decidedById: 2, decidedByName: 'Robin Lee', installationStatus: 'INSTALLED', decidedAt: expect.any(Number) });
    // Approved on arrival in an AUTOMATIC organization: by no one.
    expect(approved.items.find((n) => n.id === 5009)).toMatchObject({ organizationId: 7, nodeApprovalType: 'AUTOMATIC', decidedById: null, decidedByName: null });

    const rejected = await list('REJECTED');
    expect(ids(rejected)).toEqual([5010, 5011]);
    expect(rejected.items.find((n) => n.id === 5010)).toMatchObject({ decidedById: 1, decidedByName: 'Alex Morgan' });

    expect(ids(await list('PENDING', 1))).toEqual([5001, 5002]);
  });

  it('approves two: the candidate waits for its installation, the acting user and time are recorded', async () => {
    const before = Date.now();
    const { items } = await call<{ items: ApprovalNode[] }>('approvals.approve', { nodeIds: [5001, 5002] });
    expect(items.map((n) => n.id).sort()).toEqual([5001, 5002]);
    for (const node of items) expect(node).toMatchObject({ approvalStatus: 'APPROVED', decidedById: 1, decidedByName: 'Alex Morgan' });
    expect(items.find((n) => n.id === 5002)!.installationStatus).toBe('WAITING');
    expect(items.find((n) => n.id === 5001)!.installationStatus).toBeNull();
    expect(items[0]!.decidedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(ids(await list('PENDING'))).toEqual([5003, 5004, 5005, 5006]);
    expect(ids(await list('APPROVED'))).toEqual([5001, 5002, 5007, 5008, 5009]);
    // Held: still waiting when read again.
    expect((await list('APPROVED')).items.find((n) => n.id === 5002)!.installationStatus).toBe('WAITING');
  });

  it('rejects from the Approved tab; a device the action does not move refuses the whole call', async () => {
    const { items } = await call<{ items: ApprovalNode[] }>('approvals.reject', { nodeIds: [5001] });
    expect(items[0]).toMatchObject({ id: 5001, approvalStatus: 'REJECTED', decidedByName: 'Alex Morgan' });
    expect(ids(await list('REJECTED'))).toEqual([5001, 5010, 5011]);
    const again = await refusal(call('approvals.approve', { nodeIds: [5002, 5003] }));
    expect(again).toEqual({ code: 'CONFLICT', message: 'Already approved: NT-SRV-N02' });
    // Nothing of the refused call happened.
    expect(ids(await list('PENDING'))).toContain(5003);
    const gone = await refusal(call('approvals.reject', { nodeIds: [424242] }));
    expect(gone.code).toBe('NOT_FOUND');
  });

  it('reads and sets the approval modes; a device arriving where the mode is AUTOMATIC arrives approved, by no one', async () => {
    const modes = await call<{ items: OrganizationApprovalMode[]; skipped: number }>('approvals.modes');
    expect(modes.items).toHaveLength(8);
    expect(modes.items.find((m) => m.organizationId === 7)).toEqual({ organizationId: 7, organizationName: 'Proseware Accounting', nodeApprovalType: 'AUTOMATIC' });
    expect(modes.items.filter((m) => m.nodeApprovalType === 'MANUAL')).toHaveLength(7);

    const saved = await call<OrganizationApprovalMode>('approvals.setMode', { organizationId: 2, nodeApprovalType: 'AUTOMATIC' });
    expect(saved).toEqual({ organizationId: 2, organizationName: 'Contoso Dental', nodeApprovalType: 'AUTOMATIC' });
    expect((await call<{ items: OrganizationApprovalMode[] }>('approvals.modes', { organizationId: 2 })).items).toEqual([saved]);

    const automatic = (await arrive({ organizationId: 2, name: 'CD-WS-AUTO', candidate: true })) as { id: number };
    const arrived = (await list('APPROVED', 2)).items.find((n) => n.id === automatic.id);
    expect(arrived).toMatchObject({ name: 'CD-WS-AUTO', approvalStatus: 'APPROVED', nodeApprovalType: 'AUTOMATIC', installationStatus: 'WAITING', decidedById: null, decidedByName: null, decidedAt: expect.any(Number) });

    const manual = (await arrive({ organizationId: 3 })) as { id: number };
    expect((await list('PENDING', 3)).items.map((n) => n.id)).toContain(manual.id);
  });

  it('released installations finish: WAITING becomes INSTALLED', async () => {
    const waiting = (await list('APPROVED')).items.filter((n) => n.installationStatus === 'WAITING');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    await switches({ holdInstallations: false });
    const now = (await list('APPROVED')).items;
    for (const node of waiting) expect(now.find((n) => n.id === node.id)!.installationStatus).toBe('INSTALLED');
    await switches({ holdInstallations: true });
  });

  it('without the permission: the server refuses (403) in the same words; signed in without it, the main process refuses before any call', async () => {
    const config = (permissions: Record<string, boolean>) => fetch(`${ctx.demo().url}/__demo/config`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ permissions: { tech: { canViewAndRestoreBackupData: true, ...permissions } } }) });
    expect((await config({ canApproveNodes: false, canRejectNodes: false })).status).toBe(200);
    try {
      // The session still holds the permissions it signed in with: the server's 403 answers.
      expect(await refusal(call('approvals.approve', { nodeIds: [5003] }))).toEqual({ code: 'FORBIDDEN', message: APPROVAL_MESSAGES.noApprovePermission });
      expect(await refusal(call('approvals.reject', { nodeIds: [5003] }))).toEqual({ code: 'FORBIDDEN', message: APPROVAL_MESSAGES.noRejectPermission });
      expect(await refusal(call('approvals.setMode', { organizationId: 3, nodeApprovalType: 'AUTOMATIC' }))).toEqual({ code: 'FORBIDDEN', message: APPROVAL_MESSAGES.noModePermission });
    } finally {
      expect((await config({ canApproveNodes: true, canRejectNodes: true })).status).toBe(200);
    }
    expect(ids(await list('PENDING'))).toContain(5003);

    await ctx.signIn('demo-limited', 'demo-limited-secret');
    try {
      const user = await call<{ status: string; user: { permissions: Record<string, boolean> } }>('session.get');
      expect(user.user.permissions).toMatchObject({ canApproveNodes: false, canRejectNodes: false });
      const posts = () => Object.entries(ctx.demo().stats.byRoute).filter(([route]) => route.startsWith('POST') && route.includes('nodeapprovals')).reduce((sum, [, n]) => sum + n, 0);
      const sent = posts();
      expect(await refusal(call('approvals.approve', { nodeIds: [5003] }))).toEqual({ code: 'FORBIDDEN', message: APPROVAL_MESSAGES.noApprovePermission });
      expect(await refusal(call('approvals.reject', { nodeIds: [5003] }))).toEqual({ code: 'FORBIDDEN', message: APPROVAL_MESSAGES.noRejectPermission });
      expect(posts()).toBe(sent);
      // Reading needs no permission.
      expect(ids(await list('PENDING'))).toContain(5003);
    } finally {
      await ctx.signIn();
    }
  });

  it('the failure switches: the list and the save fail with the server words; the mode stays as it was', async () => {
    await switches({ failApprovalsList: true });
    try {
      expect((await refusal(list('PENDING'))).code).toBe('SERVER_ERROR');
    } finally {
      await switches({ failApprovalsList: false });
    }
    await switches({ failApprovalMode: true, failApprove: true });
    try {
      const failed = await refusal(call('approvals.setMode', { organizationId: 4, nodeApprovalType: 'AUTOMATIC' }));
      expect(failed).toEqual({ code: 'SERVER_ERROR', message: 'The approval mode could not be saved (the server answered 500: The approval mode could not be stored (demo switch failApprovalMode).).' });
      expect((await call<{ items: OrganizationApprovalMode[] }>('approvals.modes', { organizationId: 4 })).items[0]!.nodeApprovalType).toBe('MANUAL');
      const approve = await refusal(call('approvals.approve', { nodeIds: [5003, 5004] }));
      expect(approve.code).toBe('SERVER_ERROR');
      expect(approve.message).toContain('The 2 devices could not be approved');
    } finally {
      await switches({ failApprovalMode: false, failApprove: false });
    }
  });

  it('the contract bounds every input before any call', async () => {
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    for (const input of [{ nodeIds: [] }, { nodeIds: tooMany }, { nodeIds: [5003, 5003] }, { nodeIds: ['5003'] }, { nodeIds: [0] }, { nodeIds: [5003], extra: true }]) {
      expect((await refusal(call('approvals.approve', input))).code).toBe('INVALID_INPUT');
    }
    expect((await refusal(call('approvals.setMode', { organizationId: 1, nodeApprovalType: 'BY_ROLE' }))).code).toBe('INVALID_INPUT');
    expect((await refusal(call('approvals.list', { status: 'SOMETHING' }))).code).toBe('INVALID_INPUT');
  });

  it('reads a real instance tolerantly: an odd device shown raw, an unreadable one skipped and counted, a mode of its own kept raw', async () => {
    const config = (realInstance: boolean) => fetch(`${ctx.demo().url}/__demo/config`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify({ realInstance }) });
    expect((await config(true)).status).toBe(200);
    try {
      const pending = await list('PENDING');
      expect(pending.skipped).toBe(1);
      expect(pending.items.find((n) => n.id === 990001)).toMatchObject({ nodeClass: 'LINUX_SERVER', installationStatus: 'DEPLOYING', candidate: true, requestedAt: expect.any(Number) });
      const modes = await call<{ items: OrganizationApprovalMode[]; skipped: number }>('approvals.modes');
      expect(modes.skipped).toBe(1);
      expect(modes.items.find((m) => m.organizationId === 990001)!.nodeApprovalType).toBe('APPROVE_BY_ROLE');
    } finally {
      expect((await config(false)).status).toBe(200);
    }
  });
});

