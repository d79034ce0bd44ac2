/**
 * `/__demo/*`: run-time control of the demo server for tests and demos
 * (fault injection, feature flags, token lifetimes, forced sign-out).
 * Guarded by the admin key; never part of the RMM API. Registered only when
 * an admin key is configured (server.ts); without one they answer 404.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { FEATURE_FLAGS } from '../../shared/model/platform/features';
import type { DemoConfig } from '../config';
import { badRequest, HttpError, readJson, sendJson, type RequestContext, type Router } from '../http';
import { issuesMessage } from './params';
import type { TokenAuthority } from '../oauth';

const featurePatch = z.partialRecord(z.enum(FEATURE_FLAGS), z.boolean());

const configPatch = z.strictObject({
  accessTokenTtlSeconds: z.number().int().min(1).optional(),
  refreshTokenTtlSeconds: z.number().int().min(1).optional(),
  features: featurePatch.optional(),
  faults: z
    .strictObject({
      latencyMs: z.number().min(0).max(60_000).optional(),
      errorRate: z.number().min(0).max(1).optional(),
      errorPathPattern: z.string().max(500).nullable().optional(),
      dropAfterBytes: z.number().int().min(0).nullable().optional(),
      dropPathPattern: z.string().max(500).nullable().optional(),
      dropTimes: z.number().int().min(0).nullable().optional(),
      tokenMaxAgeSeconds: z.number().int().min(0).nullable().optional(),
      holdSignedFiles: z.boolean().nullable().optional(),
      holdDownloadsAtByte: z.number().int().min(0).nullable().optional(),
    })
    .optional(),
  permissions: z
    .record(
        z.string(),
        z.strictObject({ canViewAndRestoreBackupData: z.boolean(), canAdministerPsa: z.boolean().optional(), canApproveNodes: z.boolean().optional(), canRejectNodes: z.boolean().optional() }),
      )
    .optional(),
  /** Changes the bytes and ETag of every download ("the file changed on the server"). */
  contentVersion: z.number().int().min(0).max(1_000_000).optional(),
  /** Files up to this size carry a checksum header (benchmarks compare with and without). */
  checksumMaxBytes: z.number().int().min(0).optional(),
  /** How long new restore jobs run, in seconds (jobs already created keep theirs). */
  restoreJobSeconds: z.number().positive().max(86_400).optional(),
  /** The second factor the deletion calls accept. */
  mfaCode: z.string().regex(/^\d{4,10}$/, 'mfaCode is 4 to 10 digits').optional(),
  /** Answers carry what a real instance sends beyond the spec (data/real-instance.ts). */
  realInstance: z.boolean().optional(),
  /** What GET /api/appuser/current sends as `divisionConfig` and `securityConfig` (any JSON: tests send odd values). */
  divisionConfig: z.unknown().optional(),
  securityConfig: z.unknown().optional(),
});

type DemoConfigPatch = z.infer<typeof configPatch>;

function applyConfigPatch(config: DemoConfig, patch: DemoConfigPatch): void {
  if (patch.accessTokenTtlSeconds !== undefined) config.accessTokenTtlSeconds = patch.accessTokenTtlSeconds;
  if (patch.refreshTokenTtlSeconds !== undefined) config.refreshTokenTtlSeconds = patch.refreshTokenTtlSeconds;
  if (patch.features) Object.assign(config.features, patch.features);
  if (patch.contentVersion !== undefined) config.contentVersion = patch.contentVersion;
  if (patch.checksumMaxBytes !== undefined) config.sizes.checksumMaxBytes = patch.checksumMaxBytes;
  if (patch.restoreJobSeconds !== undefined) config.sizes.restoreJobSeconds = patch.restoreJobSeconds;
  if (patch.mfaCode !== undefined) config.mfaCode = patch.mfaCode;
  if (patch.realInstance !== undefined) config.realInstance = patch.realInstance;
  if ('divisionConfig' in patch) config.divisionConfig = patch.divisionConfig;
  if ('securityConfig' in patch) config.securityConfig = patch.securityConfig;
  if (patch.faults) {
    for (const [key, value] of Object.entries(patch.faults)) {
      const faults = config.faults as unknown as Record<string, unknown>;
      if (value === null) delete faults[key];
      else faults[key] = value;
    }
  }
  if (patch.permissions) {
    for (const [login, permissions] of Object.entries(patch.permissions)) {
      const user = config.users.find((u) => u.login === login);
      // A permission the patch does not name stays as it was.
      if (user) user.permissions = { ...user.permissions, ...Object.fromEntries(Object.entries(permissions).filter(([, value]) => value !== undefined)) };
    }
  }
}

export function requireAdmin(ctx: RequestContext, config: DemoConfig): void {
  if (!config.adminKey) throw new HttpError(404, 'Not found');
  const given = Buffer.from(String(ctx.req.headers['x-demo-admin'] ?? ''));
  const expected = Buffer.from(config.adminKey);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new HttpError(403, 'Admin key required');
  }
}

export function registerAdminRoutes(
  router: Router,
  config: DemoConfig,
  authority: TokenAuthority,
  stats: () => Record<string, unknown>,
  /** More state for GET /__demo/state (restore job counts). */
  extraState: () => Record<string, unknown> = () => ({}),
): void {
  router.get(
    '/__demo/state',
    (ctx) => {
      requireAdmin(ctx, config);
      sendJson(ctx.res, 200, {
        features: config.features,
        faults: config.faults,
        accessTokenTtlSeconds: config.accessTokenTtlSeconds,
        contentVersion: config.contentVersion,
        restoreJobSeconds: config.sizes.restoreJobSeconds,
        stats: stats(),
        ...extraState(),
      });
    },
    { auth: false },
  );
  router.patch(
    '/__demo/config',
    async (ctx) => {
      requireAdmin(ctx, config);
      const parsed = configPatch.safeParse(await readJson(ctx.req));
      if (!parsed.success) throw new HttpError(400, parsed.error.issues.map((i) => i.message).join('; '));
      applyConfigPatch(config, parsed.data);
      sendJson(ctx.res, 200, {
        features: config.features,
        faults: config.faults,
        contentVersion: config.contentVersion,
        restoreJobSeconds: config.sizes.restoreJobSeconds,
      });
    },
    { auth: false },
  );
  router.post(
    '/__demo/revoke-all',
    (ctx) => {
      requireAdmin(ctx, config);
      authority.revokeAll();
      sendJson(ctx.res, 200, { generation: authority.generation });
    },
    { auth: false },
  );
}

/**
 * An area's failure switches under the admin key: `GET route` answers `view()`; `PATCH route` with a body `schema`
 * reads (strict: an unknown switch is a 400) sets each switch it names on `switches()`, then `afterPatch` (given
 * the switches before and the patch) and answers `view()`. `beforeEach` runs first in both (an area whose time moves
 * when it is read).
 */
export function registerSwitchRoutes<S extends object, P extends Partial<S>>(
  router: Router,
  config: DemoConfig,
  route: string,
  area: { schema: z.ZodType<P>; switches: () => S; view: () => unknown; beforeEach?: () => void; afterPatch?: (before: S, patch: P) => void },
): void {
  router.get(
    route,
    (ctx) => {
      requireAdmin(ctx, config);
      area.beforeEach?.();
      sendJson(ctx.res, 200, area.view());
    },
    { auth: false },
  );
  router.patch(
    route,
    async (ctx) => {
      requireAdmin(ctx, config);
      const parsed = area.schema.safeParse(await readJson(ctx.req));
      if (!parsed.success) throw badRequest(issuesMessage(parsed.error, 'body'));
      area.beforeEach?.();
      const switches = area.switches();
      const before = { ...switches };
      for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined) Object.assign(switches, { [key]: value });
      area.afterPatch?.(before, parsed.data);
      sendJson(ctx.res, 200, area.view());
    },
    { auth: false },
  );
}
