/**
 * The demo server's administration calls over real HTTP
 * (src/shared/rules/admin/paths.ts; spec/help-shared-blocks-editor.md §3,
 * §7, §8; ticketing-automations-psa.md §3.5): the seeded tasks and their
 * wire shape, saves checked with the shared payload rules and the ids they
 * name, an unknown action kept as sent, scripts with every §3 variable type,
 * GET /webapp/winservice and its two failure kinds, paged targets, billing
 * product CRUD with its checks, GET /psa/user-roles (the help's roles, its
 * end-user role not one a product names), the saved searches and
 * the `/__demo/admin` switches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_VARIABLE_TYPES } from '../../src/shared/model/admin';
import { DEMO_SCRIPTS } from '../../src/demo-server/data/admin/catalogue';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { demoAccessToken } from '../helpers/demo-token';

const ADMIN_KEY = 'admin-blocks-key';
let demo: DemoServer;
let token: string;

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: ADMIN_KEY, sizes: { bigFolderItems: 100 } });
  token = await demoAccessToken(demo.url);
});
afterAll(async () => demo.close());

type Json = Record<string, unknown>;
type Task = { id: number; name: string; enabled: boolean; scripts: { actionList: Json[] }; schedule: Json; targets: Json[]; nextRun: number | null };

async function call<T = Json>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${demo.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}
async function ok<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await call<T>(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}
const switches = (patch?: Json) => call(patch === undefined ? 'GET' : 'PATCH', '/__demo/admin', patch, { 'x-demo-admin': ADMIN_KEY });

const schedule = { repeats: 'WEEKLY', repeatsEveryCount: 1, daysOfWeek: ['MON', 'THU'], dayOfMonth: 1, weekOfMonth: null, scheduleInterval: null, startDate: Date.UTC(2027, 0, 4), runAtHour: 22, runAtMinute: 45, end: { type: 'AFTER', endDate: null, occurenceCount: 10 } };
const newTask = (fields: Json = {}) => ({
  name: 'Nightly checks',
  description: 'made by a test',
  enabled: true,
  runsOnNodeScheduledTask: false,
  scripts: { actionList: [{ type: 'SCRIPT', scriptId: 3, scriptName: 'Ping gateway', runAs: 'SYSTEM', scriptParam: '', scriptVariables: [{ calculatedName: 'gateway', value: '10.0.0.1' }] }] },
  schedule,
  targets: [{ targetType: 'GROUP', targetId: 2, name: 'Critical Servers' }],
  ...fields,
});

describe('scheduled tasks', () => {
  it('seeds a monthly task, one per action kind, a group target and an action of an unknown type, with their next runs', async () => {
    const tasks = await ok<Task[]>('GET', '/api/scheduledtasks');
    expect(tasks.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    const types = tasks.flatMap((t) => t.scripts.actionList.map((a) => a.type));
    expect(new Set(types)).toEqual(new Set(['SCRIPT', 'DEFRAG', 'WINDOWS_SERVICE', 'PATCH_SCAN']));
    expect(tasks[0]!.schedule).toMatchObject({ repeats: 'MONTHLY', dayOfMonth: 1, runAtHour: 9, runAtMinute: 0 });
    expect(tasks.flatMap((t) => t.targets).map((t) => t.targetType)).toEqual(expect.arrayContaining(['NODE', 'GROUP', 'ORGANIZATION', 'LOCATION']));
    expect(tasks[0]!.nextRun).toBeGreaterThan(Date.now());
    expect(tasks.find((t) => !t.enabled)!.nextRun).toBeNull();
    expect(await ok<Task>('GET', '/api/scheduledtasks/3')).toEqual(tasks[2]);
    expect((await call('GET', '/api/scheduledtasks/999')).body).toEqual({ error: 'not_found', message: 'No such scheduled task' });
  });

  it('creates, updates, switches off and deletes a task; the targets name their task', async () => {
    const created = await call<Task>('POST', '/api/scheduledtasks', newTask());
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.targets).toEqual([{ scheduledTaskId: id, targetType: 'GROUP', targetId: 2, name: 'Critical Servers' }]);
    const updated = await ok<Task>('PUT', `/api/scheduledtasks/${id}`, newTask({ id, name: 'Renamed', scripts: { actionList: [{ type: 'DEFRAG', volumes: [{ volumeName: 'C:', checkList: 'INCLUDE' }] }] } }));
    expect(updated).toMatchObject({ id, name: 'Renamed', scripts: { actionList: [{ type: 'DEFRAG' }] } });
    expect(await ok<Task>('PATCH', `/api/scheduledtasks/${id}/enabled`, { enabled: false })).toMatchObject({ id, enabled: false, nextRun: null });
    expect((await call('DELETE', `/api/scheduledtasks/${id}`)).status).toBe(204);
    expect((await call('GET', `/api/scheduledtasks/${id}`)).status).toBe(404);
  });

  it('refuses what the shared rules refuse, and ids that name nothing; keeps an unknown action as sent', async () => {
    const refused = async (body: unknown) => {
      const answer = await call('POST', '/api/scheduledtasks', body);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refused(newTask({ name: '  ' }))).toBe('name: Required');
    expect(await refused(newTask({ scripts: { actionList: [] } }))).toBe('actions: Add at least one action.');
    expect(await refused(newTask({ scripts: { actionList: [{ type: 'WINDOWS_SERVICE', serviceName: ' ', displayName: '', operation: 'START' }] } }))).toBe('actions[0].serviceName: Required');
    expect(await refused(newTask({ scripts: { actionList: [{ type: 'SCRIPT', scriptId: 99, scriptName: '', runAs: '', scriptParam: '', scriptVariables: [] }] } }))).toBe('actions[0].scriptId: no such script 99');
    expect(await refused(newTask({ scripts: { actionList: [{ type: 'X' }, { type: 'SCRIPT', scriptId: 3, scriptName: '', runAs: '', scriptParam: '', scriptVariables: [] }] } }))).toMatch(/^actions\[1\]: Ping gateway: gateway: /);
    expect(await refused(newTask({ targets: [{ targetType: 'NODE', targetId: 99999, name: '' }] }))).toBe('targets[0]: no such node 99999');

    const unknown = { type: 'PATCH_SCAN', scanType: 'QUICK', nested: { a: [1, 2] } };
    const kept = await ok<Task>('POST', '/api/scheduledtasks', newTask({ scripts: { actionList: [unknown, newTask().scripts.actionList[0]] } }));
    expect(kept.scripts.actionList[0]).toEqual(unknown);
    await ok('DELETE', `/api/scheduledtasks/${kept.id}`);
  });

  it('lists scripts with every §3 variable type (DROPDOWN with its values), searched by name', async () => {
    const scripts = await ok<Array<{ name: string; variables: Array<{ type: string; required: boolean; valueList: string[] }> }>>('GET', '/api/scripts');
    expect(scripts.length).toBe(DEMO_SCRIPTS.length);
    const variables = scripts.flatMap((s) => s.variables);
    for (const type of SCRIPT_VARIABLE_TYPES) expect(variables.map((v) => v.type), type).toContain(type);
    expect(variables.some((v) => v.required) && variables.some((v) => !v.required)).toBe(true);
    for (const v of variables.filter((v) => v.type === 'DROPDOWN')) expect(v.valueList.length).toBeGreaterThan(1);
    expect((await ok<Json[]>('GET', '/api/scripts?search=GATE')).map((s) => s.name)).toEqual(['Ping gateway']);
  });

  it('answers targets paged 50 and searched; an unknown target type is refused', async () => {
    const nodes = await ok<{ results: Json[]; totalElements: number; totalPages: number }>('GET', '/api/scheduledtasks/targets?targetType=NODE&page=0');
    expect(nodes.results.length).toBe(Math.min(50, nodes.totalElements));
    expect(nodes.results[0]).toEqual({ targetType: 'NODE', targetId: 1, name: expect.any(String), detail: expect.any(String) });
    const groups = await ok<{ results: Json[] }>('GET', '/api/scheduledtasks/targets?targetType=GROUP&search=patch');
    expect(groups.results.map((g) => g.name)).toEqual(['Patch Ring 1', 'Patch Ring 2', 'Patch Ring 3']);
    const orgs = await ok<{ results: Json[] }>('GET', '/api/scheduledtasks/targets?targetType=ORGANIZATION');
    expect(orgs.results[0]).toMatchObject({ targetType: 'ORGANIZATION', targetId: 1, detail: expect.stringMatching(/^\d+ devices$/) });
    expect((await call('GET', '/api/scheduledtasks/targets?targetType=LOCATION')).status).toBe(400);
  });

  it('GET /webapp/winservice answers SUCCESS with ~30 services; the switch answers resultCode FAILURE or HTTP 500', async () => {
    const answer = await ok<{ resultCode: string; windowsServices: Json[] }>('GET', '/api/webapp/winservice');
    expect(answer.resultCode).toBe('SUCCESS');
    expect(answer.windowsServices.length).toBeGreaterThanOrEqual(30);
    expect(answer.windowsServices).toContainEqual({ serviceName: 'Spooler', displayName: 'Print Spooler' });

    expect((await switches({ windowsServices: 'resultFailure' })).body).toMatchObject({ windowsServices: 'resultFailure' });
    expect(await call('GET', '/api/webapp/winservice')).toEqual({ status: 200, body: { resultCode: 'FAILURE', windowsServices: [] } });
    await switches({ windowsServices: 'httpError' });
    expect((await call('GET', '/api/webapp/winservice')).status).toBe(500);
    await switches({ windowsServices: 'ok' });
    expect((await call('GET', '/api/webapp/winservice')).status).toBe(200);
  });
});

describe('billing products', () => {
  const product = (fields: Json = {}) => ({
    type: 'PRODUCT', name: 'Audit', description: 'A security audit.', price: 120, cost: 40, quantity: 1, quantityText: 'audit', taxable: true,
    billing: 'ONE_TIME', term: 'MONTHLY', licensingType: 'FLAT_FEE', autoRoundTimeEntries: false,
    onSiteMultiplier: 1, remoteMultiplier: 1, normalHoursMultiplier: 1, offHoursMultiplier: 1.5,
    userRoles: [1], productIds: [], nodeRoleId: null, anyRole: true, groupIds: [2], allGroups: false, ...fields,
  });

  it('seeds products and groups, some inactive, prices from the seed', async () => {
    const products = await ok<Array<Json & { id: number; type: string; isActive: boolean; productIds: number[] }>>('GET', '/api/psa/products');
    expect(products.length).toBe(10);
    expect(products.filter((p) => p.type === 'GROUP' && p.productIds.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(products.some((p) => !p.isActive)).toBe(true);
    const other = await startDemoServer({ sizes: { bigFolderItems: 100 } });
    try {
      const again = await fetch(`${other.url}/api/psa/products`, { headers: { authorization: `Bearer ${await demoAccessToken(other.url)}` } }).then((res) => res.json());
      expect(again).toEqual(products);
    } finally {
      await other.close();
    }
  });

  it('creates a group, updates it (isActive kept), refuses bad saves, deletes a member out of its group', async () => {
    const member = await call<Json & { id: number }>('POST', '/api/psa/products', product());
    expect(member.status).toBe(201);
    expect(member.body).toMatchObject({ name: 'Audit', isActive: true });
    const group = await ok<Json & { id: number; productIds: number[] }>('POST', '/api/psa/products', product({ type: 'GROUP', name: 'Audit bundle', productIds: [member.body.id, 1] }));
    expect(group.productIds).toEqual([member.body.id, 1]);
    expect(await ok('PUT', '/api/psa/products/7', { ...product({ name: 'Legacy support', anyRole: false, nodeRoleId: 1 }), id: 7 })).toMatchObject({ id: 7, isActive: false, nodeRoleId: 1 });

    const refused = async (body: unknown, path = '/api/psa/products', method = 'POST') => {
      const answer = await call(method, path, body);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await refused(product({ name: '' }))).toBe('name: Required');
    expect(await refused(product({ type: 'GROUP', productIds: [] }))).toBe('productIds: A product group needs at least one product.');
    expect(await refused(product({ anyRole: false }))).toBe('nodeRoleId: Choose a node role, or apply the product to all roles.');
    expect(await refused(product({ type: 'GROUP', productIds: [9] }))).toBe('productIds[0]: Helpdesk bundle is a group; a group holds products');
    expect(await refused(product({ userRoles: [3] }))).toBe('userRoles[0]: no such user role 3');
    expect(await refused(product({ groupIds: [500] }))).toBe('groupIds[0]: no such saved search 500');

    expect((await call('DELETE', `/api/psa/products/${member.body.id}`)).status).toBe(204);
    expect((await ok<{ productIds: number[] }>('GET', `/api/psa/products/${group.id}`)).productIds).toEqual([1]);
    expect((await call('GET', `/api/psa/products/${member.body.id}`)).body).toEqual({ error: 'not_found', message: 'No such product' });
  });

  it('user roles, node roles and saved searches, and their failure switches', async () => {
    expect(await ok<Json[]>('GET', '/api/psa/user-roles')).toContainEqual(expect.objectContaining({ id: 1, name: 'Administrators', roleType: 'TECHNICIAN' }));
    expect((await ok<Json[]>('GET', '/api/noderole/list')).length).toBeGreaterThan(10);
    expect(await ok<Json[]>('GET', '/api/search/list')).toContainEqual({ id: 2, name: 'Critical Servers' });
    await switches({ failUserRoles: true, failInitialData: true, failScripts: true });
    expect((await call('GET', '/api/psa/user-roles')).status).toBe(500);
    expect((await call('GET', '/api/search/list')).status).toBe(500);
    expect((await call('GET', '/api/scripts')).status).toBe(500);
    const view = (await switches({ failUserRoles: false, failInitialData: false, failScripts: false })).body;
    expect(view).toMatchObject({ windowsServices: 'ok', failUserRoles: false, failInitialData: false, failScripts: false, counts: { tasks: 5 } });
    expect((await call('GET', '/api/psa/user-roles')).status).toBe(200);
  });

  it('the switches need the admin key, and refuse unknown fields', async () => {
    expect((await call('GET', '/__demo/admin', undefined, { 'x-demo-admin': 'wrong' })).status).toBe(403);
    expect((await switches({ windowsServices: 'sometimes' })).status).toBe(400);
    expect((await switches({ failEverything: true })).status).toBe(400);
  });
});
