/**
 * The other integrations under `/api` (spec/ticketing-automations-psa.md
 * §2.5, §4.4; paths: src/shared/rules/integrations/paths.ts, the demo's
 * own): the list, the project management and service desk connections, the
 * webhook and its (simulated) test delivery, the web security registration
 * and each one's Enabled toggle; and under the admin key `GET`/`PATCH
 * /__demo/integrations`, their switches (../../data/integrations/store.ts),
 * with the recorded test deliveries.
 */
import { z } from 'zod';
import { INTEGRATION_PATHS } from '../../../shared/rules/integrations/paths';
import { urlProblem } from '../../../shared/rules/integrations/url';
import type { DemoContext } from '../../context';
import { IntegrationStore, wireConnection, wireWebhook, wireWebSecurity, type ToolSegment } from '../../data/integrations/store';
import { badRequest, HttpError, notFound, sendJson, type Router } from '../../http';
import { registerSwitchRoutes } from '../control';
import { jsonBody } from '../params';
import { apiRoutes, injectedFailure } from '../psa/params';

const ROUTES = apiRoutes(INTEGRATION_PATHS);
const TOOL_SEGMENTS: readonly ToolSegment[] = ['projectmanagement', 'servicedesk'];
const SEGMENTS = [...TOOL_SEGMENTS, 'webhook', 'websecurity'] as const;

const url = z
  .string()
  .max(2048)
  .refine((value) => urlProblem(value) === null, { message: 'url: an https address with a host is expected' });
const secret = z.string().min(1).max(4096).optional();
const connectionBody = z.strictObject({ tool: z.string().trim().min(1).max(100), url, enabled: z.boolean(), secret });
const webhookBody = z.strictObject({ url, enabled: z.boolean(), secret });
const enabledBody = z.strictObject({ enabled: z.boolean() });

const switchesBody = z.strictObject({
  holdRegistration: z.boolean().optional(),
  failRegistration: z.boolean().optional(),
  registerAfterSeconds: z.number().min(0).max(3600).optional(),
  failToggle: z.boolean().optional(),
  webSecurityStatus: z.string().min(1).max(60).optional(),
});

const conflict = (message: string) => new HttpError(409, message, { error: 'conflict', message });

export function registerIntegrationRoutes(router: Router, context: DemoContext): void {
  const store = () => {
    const held = IntegrationStore.of(context.world);
    held.tick();
    return held;
  };
  const overview = (s: IntegrationStore) => ({
    connections: { projectmanagement: wireConnection(s.connections.projectmanagement), servicedesk: wireConnection(s.connections.servicedesk) },
    webhook: wireWebhook(s.webhook),
    webSecurity: wireWebSecurity(s.webSecurity),
  });

  if (context.config.adminKey) {
    registerSwitchRoutes(router, context.config, '/__demo/integrations', {
      schema: switchesBody,
      switches: () => IntegrationStore.of(context.world).switches,
      view: () => {
        const s = IntegrationStore.of(context.world);
        return { ...s.switches, ...overview(s), deliveries: s.deliveries };
      },
      beforeEach: () => IntegrationStore.of(context.world).tick(),
      afterPatch: (before) => IntegrationStore.of(context.world).switched(before),
    });
  }

  router.get(ROUTES.list, (ctx) => sendJson(ctx.res, 200, overview(store())));

  router.put(ROUTES.connection, async (ctx) => {
    const kind = ctx.params.kind as ToolSegment;
    if (!TOOL_SEGMENTS.includes(kind)) throw notFound('No such connection');
    const body = await jsonBody(ctx, connectionBody, '{tool, url, enabled, secret?}');
    const s = store();
    const before = s.connections[kind];
    const kept = body.secret ?? before?.secret ?? null;
    if (kept === null) throw badRequest('secret: Required (the connection has no API key yet)');
    s.connections[kind] = { tool: body.tool, url: body.url.trim(), enabled: body.enabled, secret: kept };
    sendJson(ctx.res, 200, wireConnection(s.connections[kind]));
  });

  router.put(ROUTES.webhook, async (ctx) => {
    const body = await jsonBody(ctx, webhookBody, '{url, enabled, secret?}');
    const s = store();
    s.webhook = { url: body.url.trim(), enabled: body.enabled, secret: body.secret ?? s.webhook?.secret ?? null };
    sendJson(ctx.res, 200, wireWebhook(s.webhook));
  });

  router.post(ROUTES.webhookTest, (ctx) => {
    const answer = store().deliverTest();
    if (!answer) throw notFound('No webhook is saved');
    sendJson(ctx.res, 200, answer);
  });

  router.post(ROUTES.webSecurityRegister, (ctx) => {
    const s = store();
    if (!s.register()) throw conflict('A registration is under way already.');
    sendJson(ctx.res, 200, wireWebSecurity(s.webSecurity));
  });

  router.put(ROUTES.enabled, async (ctx) => {
    const id = ctx.params.id as (typeof SEGMENTS)[number];
    if (!SEGMENTS.includes(id)) throw notFound('No such integration');
    const { enabled } = await jsonBody(ctx, enabledBody, '{enabled}');
    const s = store();
    if (s.switches.failToggle) throw injectedFailure('The change could not be stored (demo switch failToggle).');
    const target = id === 'webhook' ? s.webhook : id === 'websecurity' ? s.webSecurity : s.connections[id];
    if (!target) throw conflict('Save the connection before turning it on or off.');
    target.enabled = enabled;
    sendJson(ctx.res, 200, { enabled });
  });
}
