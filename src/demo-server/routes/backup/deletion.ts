/**
 * Backup data deletion, spec/backup-restore.md §7 (paths as the spec shows
 * them), with a second factor: without header `x-mfa-code` the calls answer
 * 403 `mfa_required`, with a wrong code 403 `mfa_invalid`; the demo's code is
 * config `mfaCode` (default 123456). Deleted plans, files and folders vanish
 * from every answer for this server instance (BackupWorld's overlay).
 */
import { z } from 'zod';
import type { DemoConfig } from '../../config';
import { BackupWorld } from '../../data/backup';
import { HttpError, sendJson, type RequestContext, type Router } from '../../http';
import type { DemoContext } from '../../context';
import { badRequest, jsonBody, nodeIdOf, param, requireBackupPermission } from '../params';

const BASE = '/api/backup/lockhart';
const MAX_IDS = 1000;

const MFA_REQUIRED_MESSAGE = 'Enter the code from your authenticator app to confirm the deletion.';
const MFA_INVALID_MESSAGE = 'The code is not valid.';

const id = z.string().min(1).max(200);
const planIds = z.array(id).min(1).max(100);
const itemIds = z
  .strictObject({
    fileIds: z.array(id).max(MAX_IDS),
    folderIds: z.array(id).max(MAX_IDS),
    planName: z.string().min(1).max(512),
  })
  .refine((body) => body.fileIds.length + body.folderIds.length > 0, { message: 'fileIds and folderIds are both empty' });

/** The second factor (checked last, once the request could otherwise succeed). */
function requireSecondFactor(ctx: RequestContext, config: DemoConfig): void {
  const header = ctx.req.headers['x-mfa-code'];
  const code = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  if (code === '') throw new HttpError(403, MFA_REQUIRED_MESSAGE, { error: 'mfa_required', message: MFA_REQUIRED_MESSAGE });
  if (code !== config.mfaCode) throw new HttpError(403, MFA_INVALID_MESSAGE, { error: 'mfa_invalid', message: MFA_INVALID_MESSAGE });
}

function scheduled(ctx: RequestContext): void {
  sendJson(ctx.res, 200, { resultCode: 'SUCCESS', scheduledAt: new Date().toISOString() });
}

export function registerDeletionRoutes(router: Router, context: DemoContext): void {
  const { config } = context;
  const backup = BackupWorld.of(context.world);

  // ?planName=<name>, body: the uids of the plans whose data goes.
  router.post(`${BASE}/nodes/:nodeId/delete-plan-revisions`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    requireBackupPermission(ctx);
    const planName = ctx.query.get('planName') ?? '';
    if (planName.trim() === '') throw badRequest('planName is required');
    const uids = await jsonBody(ctx, planIds, 'an array of plan uids');
    if (new Set(uids).size !== uids.length) throw badRequest('body: a plan uid is listed twice');
    const commit = backup.preparePlanDeletion(nodeId, uids);
    requireSecondFactor(ctx, config);
    commit();
    scheduled(ctx);
  });

  // Body { fileIds, folderIds, planName }: files and folders of a file/folder plan.
  router.post(`${BASE}/nodes/:nodeId/plans/:planId/delete-revisions`, async (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const planUid = param(ctx, 'planId');
    requireBackupPermission(ctx);
    const body = await jsonBody(ctx, itemIds, '{ fileIds, folderIds, planName }');
    const commit = backup.prepareItemDeletion(nodeId, planUid, body.fileIds, body.folderIds);
    requireSecondFactor(ctx, config);
    commit();
    scheduled(ctx);
  });
}
