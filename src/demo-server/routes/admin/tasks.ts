/**
 * Scheduled tasks under `/api` (spec/ticketing-automations-psa.md
 * §3.5, help-shared-blocks-editor.md §3, §7, §8): the tasks (list, one, create,
 * update, the enabled switch, delete), the scripts their script actions run,
 * the Windows services of GET /webapp/winservice (§7, the spec's path; its
 * §8 failure by the switch `windowsServices` of ./switches.ts) and the
 * add-targets modal's devices, saved searches and organizations, paged 50.
 * The other paths are the demo's own (src/shared/rules/admin/paths.ts).
 */
import { z } from 'zod';
import { ADMIN_PATHS } from '../../../shared/rules/admin/paths';
import type { DemoContext } from '../../context';
import { DEMO_SCRIPTS, DEMO_WINDOWS_SERVICES } from '../../data/admin/catalogue';
import { AdminStore } from '../../data/admin/store';
import { checkedTask } from '../../data/admin/tasks';
import { DEVICE_GROUPS } from '../../data/psa/psa';
import { rngFor } from '../../data/random';
import { badRequest, pageOf, pageParams, readJson, sendJson, type RequestContext, type Router } from '../../http';
import { jsonBody } from '../params';
import { apiRoutes, injectedFailure, pathId, queryName } from '../psa/params';

const ROUTES = apiRoutes(ADMIN_PATHS);
const TARGET_PAGE_SIZE = 50;

const enabledBody = z.strictObject({ enabled: z.boolean() });

export function registerAdminTaskRoutes(router: Router, context: DemoContext): void {
  const store = () => AdminStore.of(context.world);
  const { world } = context;
  const taskId = (ctx: RequestContext) => pathId(ctx, 'id', 'No such scheduled task');

  // Before the `:id` routes: "targets" is not an id.
  router.get(ROUTES.taskTargets, (ctx) => {
    const { page } = pageParams(ctx.query, TARGET_PAGE_SIZE, TARGET_PAGE_SIZE);
    const search = (queryName(ctx, 'search') ?? '').trim().toLowerCase();
    const type = ctx.query.get('targetType');
    const devicesOf = (clientId: number) => world.devices().filter((d) => d.clientId === clientId).length;
    let choices: Array<{ targetType: string; targetId: number; name: string; detail: string }>;
    if (type === 'NODE') choices = world.devices().map((d) => ({ targetType: 'NODE', targetId: d.id, name: d.displayName, detail: d.organizationName }));
    else if (type === 'GROUP') choices = DEVICE_GROUPS.map((g) => ({ targetType: 'GROUP', targetId: g.id, name: g.name, detail: `${rngFor(world.config.seed, 'saved-search', g.id).int(0, 60)} devices` }));
    else if (type === 'ORGANIZATION') choices = world.organizations.map((o) => ({ targetType: 'ORGANIZATION', targetId: o.id, name: o.name, detail: `${devicesOf(o.id)} devices` }));
    else throw badRequest('targetType: NODE, GROUP or ORGANIZATION is expected');
    const matches = search ? choices.filter((c) => c.name.toLowerCase().includes(search)) : choices;
    sendJson(ctx.res, 200, pageOf(matches, page, TARGET_PAGE_SIZE));
  });

  router.get(ROUTES.tasks, (ctx) => sendJson(ctx.res, 200, [...store().tasks.values()].sort((a, b) => a.id - b.id)));
  router.get(ROUTES.task, (ctx) => sendJson(ctx.res, 200, store().task(taskId(ctx))));
  router.post(ROUTES.tasks, async (ctx) => {
    const body = await readJson(ctx.req);
    if (typeof body === 'object' && body !== null && 'id' in body) throw badRequest(`id: a new task has no id; PUT ${ROUTES.task} updates one`);
    sendJson(ctx.res, 201, store().saveTask(null, checkedTask(world, body, null)));
  });
  router.put(ROUTES.task, async (ctx) => {
    const id = taskId(ctx);
    store().task(id);
    const body = await readJson(ctx.req);
    if (typeof body === 'object' && body !== null && 'id' in body && body.id !== id) throw badRequest("id: the body's id is not the path's");
    sendJson(ctx.res, 200, store().saveTask(id, checkedTask(world, body, id)));
  });
  router.patch(ROUTES.taskEnabled, async (ctx) => {
    const id = taskId(ctx);
    const { enabled } = await jsonBody(ctx, enabledBody, '{enabled}');
    sendJson(ctx.res, 200, store().setEnabled(id, enabled));
  });
  router.delete(ROUTES.task, (ctx) => {
    store().deleteTask(taskId(ctx));
    ctx.res.writeHead(204).end();
  });

  router.get(ROUTES.scripts, (ctx) => {
    if (store().switches.failScripts) throw injectedFailure('The scripts could not be read (demo switch failScripts).');
    const search = (queryName(ctx, 'search') ?? '').trim().toLowerCase();
    sendJson(ctx.res, 200, search ? DEMO_SCRIPTS.filter((s) => s.name.toLowerCase().includes(search)) : DEMO_SCRIPTS);
  });

  // §7 GET /webapp/winservice; §8: a failure or a resultCode other than SUCCESS.
  router.get(ROUTES.windowsServices, (ctx) => {
    const mode = store().switches.windowsServices;
    if (mode === 'httpError') throw injectedFailure('The Windows services could not be read (demo switch windowsServices).');
    if (mode === 'resultFailure') return sendJson(ctx.res, 200, { resultCode: 'FAILURE', windowsServices: [] });
    sendJson(ctx.res, 200, { resultCode: 'SUCCESS', windowsServices: DEMO_WINDOWS_SERVICES });
  });
}
