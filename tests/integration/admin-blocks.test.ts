/**
 * The `admin.tasks.*` and `admin.billing.*` channels through the console's
 * router and services against the demo server over real HTTP: list, get,
 * save, copy, switch and delete a scheduled task with each action kind and a
 * group target (schedules read with fromSaved, sent with toSaved); an action
 * of a type this console does not know kept across an update; the §8
 * messages ('Windows Services could not load' for a failed call and for a
 * resultCode other than SUCCESS, 'Error fetching user roles', 'Error
 * fetching initial data'); refused saves with the server's text; billing
 * product CRUD with a group; the contract refusing bad input; and tolerant
 * reading of odd tasks and products through a forwarder that rewrites the
 * demo's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingProduct, NamedChoice, ProductMember, ScheduledTask, ScheduledTaskRow, Script, TargetChoice, WindowsService } from '../../src/shared/model/admin';
import { BILLING_MESSAGES } from '../../src/shared/rules/admin/billing-product';
import { TASK_MESSAGES } from '../../src/shared/rules/admin/scheduled-task';
import { defaultSchedule } from '../../src/shared/rules/platform/schedule';
import { signedInOddInstance, type OddForwarder } from '../helpers/odd-forwarder';
import { signedInDemo, type TestServices } from '../helpers/services';

const ADMIN_KEY = 'demo-admin';
const ctx = signedInDemo();
const call = <T>(channel: string, input: unknown = {}) => ctx.services().call<T>(channel, input);
const switches = async (patch: Record<string, unknown>) => {
  const res = await fetch(`${ctx.demo().url}/__demo/admin`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.status).toBe(200);
};
const demoTask = async (id: number) => (await fetch(`${ctx.demo().url}/api/scheduledtasks/${id}`, { headers: { authorization: `Bearer ${await ctx.services().session.api().bearerToken()}` } })).json() as Promise<{ scripts: { actionList: Array<Record<string, unknown>> }; schedule: Record<string, unknown>; runsOnNodeScheduledTask: boolean }>;

/** What the editor sends: the task's own fields, without id when creating or copying. */
function payloadOf(task: ScheduledTask, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const { id, name, description, enabled, actions, schedule, targets } = task;
  const { weekOfMonth: _weekOfMonth, ...known } = schedule as typeof schedule & { weekOfMonth?: unknown };
  return { id, name, description, enabled, actions, schedule: { ...known, end: { type: known.end.type, endDate: known.end.endDate, occurenceCount: known.end.occurenceCount } }, targets, ...changes };
}

describe('scheduled tasks', () => {
  it('lists the tasks with their counts and repeats; gets one with each action kind; an unknown action type is named', async () => {
    const list = await call<{ items: ScheduledTaskRow[]; skipped: number }>('admin.tasks.list');
    expect(list.skipped).toBe(0);
    expect(list.items.map((row) => row.name)).toEqual(['Monthly maintenance', 'Defragment file servers', 'Restart print spooler', 'Disk report', 'Weekly patch scan']);
    expect(list.items[0]).toMatchObject({ enabled: true, repeats: 'MONTHLY', targetCount: 1, actionCount: 1, nextRun: expect.any(Number) });
    // HOURLY with an interval reads as EVERY (fromSaved); the PATCH_SCAN action counts.
    expect(list.items[4]).toMatchObject({ enabled: false, repeats: 'EVERY', actionCount: 2, targetCount: 2, nextRun: null });

    const monthly = await call<ScheduledTask>('admin.tasks.get', { id: 1 });
    expect(monthly.actions).toEqual([{ type: 'SCRIPT', scriptId: 1, scriptName: 'Clear temp files', runAs: 'SYSTEM', scriptParam: '', variables: { maxAgeDays: '30', includeUserProfiles: 'false' } }]);
    expect(monthly.schedule).toMatchObject({ repeats: 'MONTHLY', dayOfMonth: 1, runAtHour: 9, runAtMinute: 0 });
    expect((await call<ScheduledTask>('admin.tasks.get', { id: 2 })).actions[0]).toEqual({ type: 'DEFRAG', volumes: [{ volumeName: 'C:', checkList: 'EXCLUDE' }, { volumeName: 'D:', checkList: 'INCLUDE' }] });
    const spooler = await call<ScheduledTask>('admin.tasks.get', { id: 3 });
    expect(spooler.actions[0]).toEqual({ type: 'WINDOWS_SERVICE', serviceName: 'Spooler', displayName: 'Print Spooler', operation: 'RESTART' });
    expect(spooler.targets).toEqual([{ targetType: 'GROUP', targetId: 3, name: 'Workstations' }]);
    const scan = await call<ScheduledTask>('admin.tasks.get', { id: 5 });
    expect(scan.otherActionTypes).toEqual(['PATCH_SCAN']);
    expect(scan.actions.map((a) => a.type)).toEqual(['SCRIPT']);
    expect(scan.schedule).toMatchObject({ repeats: 'EVERY', scheduleInterval: 4 });
    expect(scan.targets).toContainEqual({ targetType: 'LOCATION', targetId: 7, name: 'Head office, 2nd floor' });
    expect(monthly.otherActionTypes).toBeUndefined();
    await expect(call('admin.tasks.get', { id: 4242 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This scheduled task no longer exists.' });
  });

  it('creates a task with each action kind and a group target, copies it, switches it off and deletes both', async () => {
    const schedule = { ...defaultSchedule(new Date()), repeats: 'EVERY', scheduleInterval: 6 };
    const actions = [
      { type: 'SCRIPT', scriptId: 2, scriptName: 'Collect disk report', runAs: 'SYSTEM', scriptParam: '-Verbose', variables: { reportDate: '2027-01-31', thresholdPercent: '90', format: 'JSON' } },
      { type: 'DEFRAG', volumes: [{ volumeName: 'C:', checkList: 'INCLUDE' }] },
      { type: 'WINDOWS_SERVICE', serviceName: 'W32Time', displayName: 'Windows Time', operation: 'START' },
    ];
    const created = await call<ScheduledTask>('admin.tasks.save', { name: 'Every six hours', description: 'First line\nsecond line', enabled: true, actions, schedule, targets: [{ targetType: 'GROUP', targetId: 2, name: 'Critical Servers' }] });
    expect(created).toMatchObject({ name: 'Every six hours', description: 'First line\nsecond line', actions, targets: [{ targetType: 'GROUP', targetId: 2, name: 'Critical Servers' }], schedule: { repeats: 'EVERY', scheduleInterval: 6 } });
    // Sent with toSaved: the server holds HOURLY with the hours in both fields.
    expect((await demoTask(created.id)).schedule).toMatchObject({ repeats: 'HOURLY', repeatsEveryCount: 6, scheduleInterval: 6 });
    expect((await demoTask(created.id)).scripts.actionList[0]).toMatchObject({ scriptVariables: expect.arrayContaining([{ calculatedName: 'format', value: 'JSON' }]) });

    const copy = await call<ScheduledTask>('admin.tasks.save', { ...payloadOf(created, { name: `${created.name} (Copy)` }), id: undefined });
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({ name: 'Every six hours (Copy)', actions, targets: created.targets });

    expect(await call<ScheduledTask>('admin.tasks.setEnabled', { id: copy.id, enabled: false })).toMatchObject({ id: copy.id, enabled: false, nextRun: null });
    expect(await call('admin.tasks.delete', { id: copy.id })).toEqual({ deleted: true });
    expect(await call('admin.tasks.delete', { id: created.id })).toEqual({ deleted: true });
    await expect(call('admin.tasks.delete', { id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await call<{ items: ScheduledTaskRow[] }>('admin.tasks.list')).items.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('an update keeps the action this console does not know, in its place, and the fields it does not edit', async () => {
    const scan = await call<ScheduledTask>('admin.tasks.get', { id: 5 });
    const before = await demoTask(5);
    const saved = await call<ScheduledTask>('admin.tasks.save', payloadOf(scan, { name: 'Patch scan, renamed', actions: [...scan.actions, { type: 'DEFRAG', volumes: [{ volumeName: 'E:', checkList: 'INCLUDE' }] }] }));
    expect(saved).toMatchObject({ name: 'Patch scan, renamed', otherActionTypes: ['PATCH_SCAN'] });
    const after = await demoTask(5);
    expect(after.scripts.actionList[0]).toEqual(before.scripts.actionList[0]);
    expect(after.scripts.actionList.map((a) => a.type)).toEqual(['PATCH_SCAN', 'SCRIPT', 'DEFRAG']);
    const defrag = await call<ScheduledTask>('admin.tasks.get', { id: 2 });
    await call('admin.tasks.save', payloadOf(defrag, { description: 'changed' }));
    expect((await demoTask(2)).runsOnNodeScheduledTask).toBe(true);
  });

  it('refused saves say what the server refused; the contract refuses bad input before any call', async () => {
    const task = await call<ScheduledTask>('admin.tasks.get', { id: 1 });
    await expect(call('admin.tasks.save', payloadOf(task, { actions: [{ ...task.actions[0], scriptId: 99 }] }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The scheduled task was not saved: Action 1, script: no such script 99' });
    await expect(call('admin.tasks.save', payloadOf(task, { targets: [{ targetType: 'NODE', targetId: 99999, name: '' }] }))).rejects.toMatchObject({ message: 'The scheduled task was not saved: Target 1: no such node 99999' });
    await expect(call('admin.tasks.save', payloadOf(task, { actions: [{ ...task.actions[0], variables: {} }] }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/^The scheduled task was not saved: Action 1: Clear temp files: maxAgeDays: /) });
    await expect(call('admin.tasks.save', payloadOf(task, { id: 4242 }))).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This scheduled task no longer exists.' });
    await expect(call('admin.tasks.save', payloadOf(task, { actions: [] }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // §5's schedule rules are the main process's too, not only the editor's.
    const weekly = { ...(payloadOf(task).schedule as Record<string, unknown>), repeats: 'WEEKLY', daysOfWeek: [] };
    await expect(call('admin.tasks.save', payloadOf(task, { schedule: weekly }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The scheduled task was not saved: Schedule (days): Choose at least one day of the week' });
    const every = { ...(payloadOf(task).schedule as Record<string, unknown>), repeats: 'EVERY', scheduleInterval: null };
    await expect(call('admin.tasks.save', payloadOf(task, { schedule: every }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The scheduled task was not saved: Schedule (hours): Required' });
    expect((await demoTask(1)).schedule).toMatchObject({ repeats: 'MONTHLY' });
    await expect(call('admin.tasks.save', payloadOf(task, { actions: [{ type: 'REBOOT' }] }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(call('admin.tasks.targets', { targetType: 'LOCATION', page: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('scripts with their variables, searched; targets paged and searched', async () => {
    const scripts = await call<Script[]>('admin.tasks.scripts', {});
    expect(scripts.length).toBe(11);
    const report = scripts.find((s) => s.name === 'Collect disk report')!;
    expect(report.variables.find((v) => v.calculatedName === 'format')).toEqual({ name: 'Format', calculatedName: 'format', type: 'DROPDOWN', description: '', required: true, valueList: ['CSV', 'JSON', 'HTML'], defaultValue: 'CSV' });
    expect(scripts.flatMap((s) => s.variables).map((v) => v.type)).toContain('PASSWORD');
    expect((await call<Script[]>('admin.tasks.scripts', { search: 'dns' })).map((s) => s.name)).toEqual(['Flush DNS cache']);

    const devices = await call<{ items: TargetChoice[]; totalCount: number }>('admin.tasks.targets', { targetType: 'NODE', page: 0 });
    expect(devices.items.length).toBe(Math.min(50, devices.totalCount));
    expect(devices.items[0]).toMatchObject({ targetType: 'NODE', targetId: 1 });
    const groups = await call<{ items: TargetChoice[]; totalCount: number }>('admin.tasks.targets', { targetType: 'GROUP', page: 0, search: 'ring' });
    expect(groups).toMatchObject({ totalCount: 3, items: [{ name: 'Patch Ring 1' }, { name: 'Patch Ring 2' }, { name: 'Patch Ring 3' }] });
  });

  it("Windows services, and 'Windows Services could not load' for a failed call and for a resultCode other than SUCCESS", async () => {
    const services = await call<WindowsService[]>('admin.tasks.windowsServices');
    expect(services.length).toBeGreaterThanOrEqual(30);
    expect(services).toContainEqual({ serviceName: 'Spooler', displayName: 'Print Spooler' });
    for (const mode of ['resultFailure', 'httpError']) {
      await switches({ windowsServices: mode });
      await expect(call('admin.tasks.windowsServices'), mode).rejects.toMatchObject({ code: 'SERVER_ERROR', message: TASK_MESSAGES.windowsServicesFailed });
    }
    await switches({ windowsServices: 'ok' });
    expect(await call<WindowsService[]>('admin.tasks.windowsServices')).toEqual(services);
  });
});

describe('billing products', () => {
  const product = (fields: Record<string, unknown> = {}) => ({
    type: 'PRODUCT', name: 'Security audit', description: 'A yearly audit.', price: 480.5, cost: 200, quantity: 1, quantityText: 'audit', taxable: true,
    billing: 'ONE_TIME', term: 'YEARLY', licensingType: 'FLAT_FEE', autoRoundTimeEntries: true,
    onSiteMultiplier: 1.25, remoteMultiplier: 1, normalHoursMultiplier: 1, offHoursMultiplier: 1.75,
    userRoles: [1, 2], productIds: [], nodeRoleId: 1, anyRole: false, groupIds: [2, 18], allGroups: true, ...fields,
  });

  it('lists, creates a product and a group holding it, updates, and deletes them', async () => {
    const list = await call<{ items: BillingProduct[]; skipped: number }>('admin.billing.products');
    expect(list).toMatchObject({ skipped: 0 });
    expect(list.items.length).toBe(10);
    expect(list.items.find((p) => p.name === 'Helpdesk bundle')).toMatchObject({ type: 'GROUP', productIds: [1, 2] });
    // §3 isActive as the instance says, for products and groups alike (the list's Active column).
    expect(list.items.find((p) => p.name === 'Old maintenance bundle')).toMatchObject({ type: 'GROUP', isActive: false });
    expect(list.items.find((p) => p.name === 'Helpdesk bundle')?.isActive).toBe(true);

    const created = await call<BillingProduct>('admin.billing.save', product());
    expect(created).toEqual({ ...product(), id: expect.any(Number), isActive: true });
    const group = await call<BillingProduct>('admin.billing.save', product({ type: 'GROUP', name: 'Audit bundle', productIds: [created.id, 1], anyRole: true, nodeRoleId: null }));
    expect(group).toMatchObject({ type: 'GROUP', productIds: [created.id, 1], anyRole: true, nodeRoleId: null });
    const members = await call<ProductMember[]>('admin.billing.members');
    expect(members).toContainEqual({ id: created.id, type: 'PRODUCT', name: 'Security audit', isActive: true });
    expect(members).toContainEqual({ id: 7, type: 'PRODUCT', name: 'Legacy support', isActive: false });
    expect(members.some((m) => m.type === 'GROUP')).toBe(false);

    expect(await call<BillingProduct>('admin.billing.save', { ...product({ name: 'Security audit+' }), id: created.id })).toMatchObject({ id: created.id, name: 'Security audit+' });
    expect(await call<BillingProduct>('admin.billing.product', { id: created.id })).toMatchObject({ name: 'Security audit+', price: 480.5 });
    expect(await call('admin.billing.delete', { id: created.id })).toEqual({ deleted: true });
    expect((await call<BillingProduct>('admin.billing.product', { id: group.id })).productIds).toEqual([1]);
    await call('admin.billing.delete', { id: group.id });
    await expect(call('admin.billing.product', { id: created.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This product no longer exists.' });
  });

  it('refused saves carry the server text; the contract applies the §5 rules', async () => {
    await expect(call('admin.billing.save', product({ type: 'GROUP', productIds: [8] }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'The product was not saved: Product 1: Managed server bundle is a group; a group holds products' });
    await expect(call('admin.billing.save', product({ nodeRoleId: 4242 }))).rejects.toMatchObject({ message: 'The product was not saved: Node role: no such node role 4242' });
    await expect(call('admin.billing.save', product({ anyRole: false, nodeRoleId: null }))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining(BILLING_MESSAGES.nodeRoleRequired) });
    await expect(call('admin.billing.save', product({ name: 'x'.repeat(51) }))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it("user roles, node roles and saved searches, and 'Error fetching user roles' / 'Error fetching initial data'", async () => {
    expect(await call<NamedChoice[]>('admin.billing.userRoles')).toEqual([{ id: 1, name: 'Administrators' }, { id: 2, name: 'Help desk' }]);
    const initial = await call<{ nodeRoles: NamedChoice[]; savedSearches: NamedChoice[] }>('admin.billing.initialData');
    expect(initial.nodeRoles).toContainEqual({ id: 1, name: 'Windows Server' });
    expect(initial.savedSearches).toContainEqual({ id: 2, name: 'Critical Servers' });
    await switches({ failUserRoles: true, failInitialData: true });
    await expect(call('admin.billing.userRoles')).rejects.toMatchObject({ code: 'SERVER_ERROR', message: BILLING_MESSAGES.userRolesFailed });
    await expect(call('admin.billing.initialData')).rejects.toMatchObject({ code: 'SERVER_ERROR', message: BILLING_MESSAGES.initialDataFailed });
    await switches({ failUserRoles: false, failInitialData: false });
    expect((await call<NamedChoice[]>('admin.billing.userRoles')).length).toBe(2);
  });
});

/** Task 1 and product 1 as an instance with fields of its own sends them (parameters with two spaces, ids, a uid, a SKU, its own type). */
function ownFields(url: string, record: Record<string, unknown>): Record<string, unknown> {
  if (url === '/api/psa/products/1') return { ...record, sku: 'RS-1', type: 'BUNDLE' };
  const [action] = (record.scripts as { actionList: Array<Record<string, unknown>> }).actionList;
  // Task 4's values: one of them an object, which a save could not send back as it came.
  if (url === '/api/scheduledtasks/4') return { ...record, scripts: { actionList: [{ ...action, scriptVariables: [...(action!.scriptVariables as unknown[]), { calculatedName: 'extra', value: { a: 1 } }] }] } };
  // Task 1's values as a number and a boolean, as an instance may send them.
  const typed: Record<string, unknown> = { maxAgeDays: 30, includeUserProfiles: false };
  const variables = (action!.scriptVariables as Array<Record<string, unknown>>).map((v, i) => ({ ...v, value: typed[v.calculatedName as string] ?? v.value, id: 900 + i, type: 'TEXT' }));
  const targets = (record.targets as Array<Record<string, unknown>>).map((t) => ({ ...t, id: 77, inherited: false }));
  return { ...record, targets, scripts: { actionList: [{ ...action, id: 501, scriptUid: 'uid-1', scriptParam: '-Path "C:\\My  Files"', scriptVariables: variables }] } };
}

/**
 * A forwarder to the demo that rewrites the lists' answers the way an odd instance might send them, and task 1
 * and product 1 with fields of their own: their updates are kept in `sent` and answered as sent, not forwarded.
 */
function oddRewrites(): Parameters<typeof signedInOddInstance>[0] {
  const own = ['/api/scheduledtasks/1', '/api/scheduledtasks/4', '/api/psa/products/1'];
  return {
    kept: (path) => own.includes(path),
    rewrite: (path) => {
      if (own.includes(path)) return (json) => ownFields(path, json as Record<string, unknown>);
      if (path === '/api/scheduledtasks')
        return (json) => [...(json as Array<Record<string, unknown>>).map((task) => (task.id === 1 ? { ...task, id: String(task.id), enabled: 'false', schedule: { ...(task.schedule as object), repeats: 'YEARLY' }, targets: [...(task.targets as unknown[]), { targetType: 'SITE', targetId: '12' }, { targetType: 'NODE' }] } : task)), { name: 'No id' }, 'text'];
      if (path === '/api/psa/products') return (json) => [...(json as Array<Record<string, unknown>>).map((p) => (p.id === 1 ? { ...p, price: '95.5', type: 'BUNDLE', userRoles: [1, 'x'], nodeRoleId: 'none' } : p)), { id: -3, name: 'Bad id' }];
      return null;
    },
  };
}

describe('tolerant reading of an odd instance', () => {
  let forwarder: OddForwarder;
  let services: TestServices;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ services, forwarder, close } = await signedInOddInstance(oddRewrites()));
  });
  afterAll(async () => {
    await close?.();
  });

  it('skips and counts unreadable tasks and products; keeps odd values raw', async () => {
    const tasks = await services.call<{ items: ScheduledTaskRow[]; skipped: number }>('admin.tasks.list');
    expect(tasks.skipped).toBe(2);
    expect(tasks.items[0]).toMatchObject({ id: 1, enabled: false, repeats: 'YEARLY', targetCount: 2 });
    const products = await services.call<{ items: BillingProduct[]; skipped: number }>('admin.billing.products');
    expect(products.skipped).toBe(1);
    expect(products.items[0]).toMatchObject({ id: 1, price: 95.5, type: 'BUNDLE', userRoles: [1], nodeRoleId: null });
  });

  it('an update sends back what the editor does not edit: parameters as they are, an action\'s and a product\'s own fields, a type of its own', async () => {
    const task = await services.call<ScheduledTask>('admin.tasks.get', { id: 1 });
    expect(task.actions[0]).toMatchObject({ type: 'SCRIPT', scriptParam: '-Path "C:\\My  Files"' });
    expect(task.otherActionTypes).toBeUndefined();
    await services.call('admin.tasks.save', payloadOf(task, { description: 'changed' }));
    const sentTask = forwarder.sent.get('/api/scheduledtasks/1') as { description: string; scripts: { actionList: Array<Record<string, unknown>> }; targets: unknown[] };
    expect(sentTask.description).toBe('changed');
    expect(sentTask.targets).toEqual([expect.objectContaining({ scheduledTaskId: 1, targetType: 'ORGANIZATION', id: 77, inherited: false })]);
    expect(sentTask.scripts.actionList).toEqual([
      expect.objectContaining({ type: 'SCRIPT', id: 501, scriptUid: 'uid-1', scriptParam: '-Path "C:\\My  Files"', scriptVariables: [{ calculatedName: 'maxAgeDays', value: 30, id: 900, type: 'TEXT' }, { calculatedName: 'includeUserProfiles', value: false, id: 901, type: 'TEXT' }] }),
    ]);
    // A value the editor could not send back as it came: the action is one it does not edit (kept raw on a save).
    const report = await services.call<ScheduledTask>('admin.tasks.get', { id: 4 });
    expect(report).toMatchObject({ actions: [], otherActionTypes: ['SCRIPT'] });

    const product = await services.call<BillingProduct>('admin.billing.product', { id: 1 });
    expect(product.type).toBe('BUNDLE');
    // What the form sends: the payload's fields (isActive is shown, not edited).
    const { isActive: _shown, ...fields } = product;
    await services.call('admin.billing.save', { ...fields, type: 'PRODUCT', description: 'changed' });
    expect(forwarder.sent.get('/api/psa/products/1')).toMatchObject({ id: 1, sku: 'RS-1', type: 'BUNDLE', description: 'changed', isActive: true });
  });
});
