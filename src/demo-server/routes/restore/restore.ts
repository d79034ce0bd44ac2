/**
 * Restore calls of spec/backup-restore.md §7 whose paths the spec leaves
 * unshown (the demo's paths, documented in the README): batch restore job
 * creation, restore jobs that progress over time (list, one, cancel, clear),
 * client settings, and mounting an image revision. Under
 * `/api/backup/lockhart`, behind the bearer token; errors `{ error, message }`.
 */
import { z } from 'zod';
import type { Device } from '../../../shared/model/devices';
import type { DemoConfig } from '../../config';
import { BackupWorld, type BackupPlanData, type MountedNode } from '../../data/backup';
import { platformOf } from '../../data/restore/directories';
import { realInstanceJobs } from '../../data/real-instance';
import { hashString } from '../../data/random';
import {
  CancelConflict,
  COLLISION_HANDLING,
  RestoreJobStore,
  type ResolvedRestoreSource,
  type RestoreJobSpec,
} from '../../data/restore/jobs';
import type { DemoWorld } from '../../data/world';
import { HttpError, sendJson, type RequestContext, type Router } from '../../http';
import type { DemoContext } from '../../context';
import { badRequest, forbidden, jsonBody, nodeIdOf, notFound, param, requireBackupPermission } from '../params';

const BASE = '/api/backup/lockhart';
/** At most this many specifications in one batch call. */
const MAX_RESTORE_SPECS = 500;
/** destinationPath marker: the batch call answers `{ resultCode: 'FAILURE', jobs: [] }` (status 200). */
export const FAIL_RESULT_MARKER = 'FAIL-RESULT';

const id = z.string().min(1).max(200);
const name = z.string().min(1).max(512);

const restoreJobSpec = z.strictObject({
  nodeId: z.number().int().positive(),
  nodeName: name,
  sourceNodeId: z.number().int().positive(),
  sourceNodeName: name,
  sourcePlanId: z.union([id, z.number().int().positive()]),
  sourcePlanName: name,
  sourcePath: z.string().min(1).max(4096),
  destinationPath: z.string().max(4096),
  revisionId: id.nullable().optional(),
  backupJobId: id.nullable().optional(),
  collisionHandling: z.enum(COLLISION_HANDLING),
  originalLocation: z.boolean(),
  restorePermissions: z.boolean(),
  restoreDeletedFiles: z.boolean(),
  restoreType: z.enum(['EXTRACT', 'FILE_FOLDER']),
  batch: id.nullable(),
});

const restoreJobSpecs = z.array(restoreJobSpec).min(1).max(MAX_RESTORE_SPECS);

// ---------------------------------------------------------------------------
// Client settings

export interface ClientSettings {
  backupMode: 'MANUAL' | 'AUTOMATIC';
  nodeIds: number[];
}

/** The showcase device whose backup client runs in AUTOMATIC mode (Original Location unavailable although online). */
const AUTOMATIC_SHOWCASE_NODE_ID = 2;

/**
 * Backup mode: MANUAL for the showcase devices 1, 3, 4 and 5, AUTOMATIC for
 * device 2, and for about 1 in 5 other devices (from the seed). nodeIds: the
 * devices eligible as restore targets, those of the same organization with
 * lockhartEnabled, and the device itself, ascending.
 */
function clientSettingsOf(world: DemoWorld, device: Device): ClientSettings {
  const automatic = device.id <= 5 ? device.id === AUTOMATIC_SHOWCASE_NODE_ID : hashString(`${world.config.seed}|backup-mode|${device.id}`) % 5 === 0;
  const nodeIds = world
    .devices()
    .filter((d) => d.id === device.id || (d.clientId === device.clientId && d.lockhartEnabled))
    .map((d) => d.id);
  return { backupMode: automatic ? 'AUTOMATIC' : 'MANUAL', nodeIds };
}

// ---------------------------------------------------------------------------
// Restore job specifications: every field checked against the data

function totalsOfMounted(node: MountedNode): { files: number; bytes: number } {
  if (node.item.type !== 'FOLDER') return { files: 1, bytes: node.item.size };
  const totals = { files: 0, bytes: 0 };
  for (const child of node.children) {
    const sub = totalsOfMounted(child);
    totals.files += sub.files;
    totals.bytes += sub.bytes;
  }
  return totals;
}

/** Whether a destination path is absolute on the target's platform (`C:\...` on Windows, `/...` on a Mac). */
function isAbsoluteDestination(path: string, device: Device): boolean {
  return platformOf(device) === 'windows' ? /^[A-Za-z]:([\\/]|$)/.test(path) : path.startsWith('/');
}

/**
 * What a specification restores, or a 400 naming the field: devices, plan,
 * source item, revision or backup job, restore type, and the destination.
 */
function resolveRestoreSpec(context: DemoContext, spec: RestoreJobSpec, index: number): ResolvedRestoreSource {
  const { world } = context;
  const backup = BackupWorld.of(world);
  const fail = (field: string, message: string) => badRequest(`body[${index}].${field}: ${message}`);
  const source = world.device(spec.sourceNodeId);
  if (!source) throw fail('sourceNodeId', `device ${spec.sourceNodeId} not found`);
  const target = world.device(spec.nodeId);
  if (!target) throw fail('nodeId', `device ${spec.nodeId} not found`);

  const plan = backup.planByReference(source.id, spec.sourcePlanId);
  if (!plan) throw fail('sourcePlanId', `plan ${spec.sourcePlanId} not found on device ${source.id}`);
  const image = !plan.isFilePlan;
  if (image && spec.restoreType !== 'EXTRACT') throw fail('restoreType', 'an image plan restores with restoreType EXTRACT');
  if (!image && spec.restoreType !== 'FILE_FOLDER') throw fail('restoreType', 'a file/folder plan restores with restoreType FILE_FOLDER');
  const hasRevision = !!spec.revisionId;
  const hasJob = !!spec.backupJobId;
  if (hasRevision === hasJob) throw fail('revisionId', 'give exactly one of revisionId and backupJobId');

  const item = image ? imageSource(backup, plan, spec, fail) : fileSource(plan, spec, fail);
  checkDestination(context, spec, source, target, fail);
  return {
    type: spec.batch !== null ? 'BATCH' : item.type,
    name: item.name,
    targetName: target.displayName,
    sourcePlanName: plan.plan.name,
    files: item.files,
    bytes: item.bytes,
  };
}

/** Original Location: same device, feature on, device online, MANUAL mode; otherwise an eligible target, macff for Macs, an absolute path. */
function checkDestination(context: DemoContext, spec: RestoreJobSpec, source: Device, target: Device, fail: FieldFailure): void {
  const settings = clientSettingsOf(context.world, source);
  if (spec.originalLocation) {
    if (target.id !== source.id) throw fail('originalLocation', 'a restore to the original location targets the source device (nodeId = sourceNodeId)');
    if (!context.config.features.restore_original_location) throw fail('originalLocation', 'restoring to the original location is not enabled');
    if (!source.isUp) throw fail('originalLocation', `device ${source.id} is offline; restore to another location`);
    if (settings.backupMode !== 'MANUAL') throw fail('originalLocation', `the original location is not available for device ${source.id}`);
    return;
  }
  if (!settings.nodeIds.includes(target.id)) throw fail('nodeId', `device ${target.id} is not an eligible restore target for device ${source.id}`);
  if (platformOf(target) === 'mac' && !context.config.features.macff) throw fail('nodeId', 'Mac devices are not enabled as restore targets');
  if (!isAbsoluteDestination(spec.destinationPath, target)) throw fail('destinationPath', `not an absolute path on device ${target.id}`);
}

type SourceItem = { type: 'FILE' | 'FOLDER'; name: string; files: number; bytes: number };
type FieldFailure = (field: string, message: string) => HttpError;

function fileSource(plan: BackupPlanData, spec: RestoreJobSpec, fail: FieldFailure): SourceItem {
  const node = plan.nodeByPath(spec.sourcePath);
  if (!node) throw fail('sourcePath', `${spec.sourcePath} not found in plan ${plan.plan.name}`);
  if (spec.revisionId) {
    if (node.kind !== 'file') throw fail('revisionId', 'a folder restores from a backup job (backupJobId)');
    const revision = plan.fileRevisions(node).find((r) => r.id === spec.revisionId);
    if (!revision) throw fail('revisionId', `revision ${spec.revisionId} is not a revision of ${spec.sourcePath}`);
    return { type: 'FILE', name: node.name, files: 1, bytes: revision.size };
  }
  const k = plan.jobIndexOf(spec.backupJobId ?? '');
  if (k === undefined) throw fail('backupJobId', `backup job ${spec.backupJobId} not found in plan ${plan.plan.name}`);
  if (plan.jobAt(k).completed === null) throw fail('backupJobId', `backup job ${spec.backupJobId} did not complete`);
  if (node.kind === 'file') return { type: 'FILE', name: node.name, files: 1, bytes: node.size };
  return { type: 'FOLDER', name: node.name, ...plan.folderTotals(node, spec.restoreDeletedFiles) };
}

function imageSource(backup: BackupWorld, plan: BackupPlanData, spec: RestoreJobSpec, fail: FieldFailure): SourceItem {
  if (!spec.revisionId) throw fail('revisionId', 'an image restore needs revisionId');
  if (!plan.hasImageRevision(spec.revisionId)) throw fail('revisionId', `revision ${spec.revisionId} not found in plan ${plan.plan.name}`);
  let found: { node: MountedNode; path: string };
  try {
    found = backup.mountedItem(spec.sourcePath);
  } catch {
    throw fail('sourcePath', `${spec.sourcePath} not found in the image`);
  }
  const { node, path } = found;
  const volume = plan.volumes[0]?.name ?? 'image';
  return { type: node.item.type === 'FOLDER' ? 'FOLDER' : 'FILE', name: path === '/' ? volume : node.item.name, ...totalsOfMounted(node) };
}

// ---------------------------------------------------------------------------
// Routes

function jobOr404(job: ReturnType<RestoreJobStore['get']>, jobUID: string) {
  if (!job) throw notFound(`Restore job ${jobUID} not found`);
  return job;
}

function deviceOr404(world: DemoWorld, nodeId: number): Device {
  const device = world.device(nodeId);
  if (!device) throw notFound(`Device ${nodeId} not found`);
  return device;
}

/** §4 Mounting an image: permission canViewAndRestoreBackupData and feature cloud_image_mounting, else 403. */
function canMount(ctx: RequestContext, config: DemoConfig): void {
  requireBackupPermission(ctx);
  if (!config.features.cloud_image_mounting) throw forbidden('Cloud image mounting is not enabled.');
}

export function registerRestoreRoutes(router: Router, context: DemoContext): void {
  const { world, config } = context;
  const backup = BackupWorld.of(world);
  const jobs = RestoreJobStore.of(world);

  router.post(`${BASE}/restore/jobs`, async (ctx) => {
    const specs = await jsonBody(ctx, restoreJobSpecs, `an array of 1 to ${MAX_RESTORE_SPECS} restore job specifications`);
    const batches = new Set(specs.map((s) => s.batch).filter((b) => b !== null));
    if (batches.size > 1) throw badRequest('body: the specifications of one request share one batch id (or null)');
    const resolved = specs.map((spec, i) => ({ spec, source: resolveRestoreSpec(context, spec, i) }));
    if (specs.some((s) => s.destinationPath.includes(FAIL_RESULT_MARKER))) {
      sendJson(ctx.res, 200, { resultCode: 'FAILURE', jobs: [] });
      return;
    }
    sendJson(ctx.res, 200, { resultCode: 'SUCCESS', jobs: jobs.create(resolved) });
  });

  router.get(`${BASE}/nodes/:nodeId/restore/jobs`, (ctx) => {
    const device = deviceOr404(world, nodeIdOf(ctx));
    const listed = jobs.forDevice(device.id);
    // With `realInstance`, a status beyond §4's and an unreadable job.
    sendJson(ctx.res, 200, config.realInstance ? realInstanceJobs(listed, device.id) : listed);
  });

  router.get(`${BASE}/restore/jobs/:jobUID`, (ctx) => {
    const jobUID = param(ctx, 'jobUID');
    sendJson(ctx.res, 200, jobOr404(jobs.get(jobUID), jobUID));
  });

  router.post(`${BASE}/restore/jobs/:jobUID/cancel`, (ctx) => {
    const jobUID = param(ctx, 'jobUID');
    try {
      sendJson(ctx.res, 200, jobOr404(jobs.cancel(jobUID), jobUID));
    } catch (error) {
      if (!(error instanceof CancelConflict)) throw error;
      const message = `Restore job ${jobUID} has already ended and cannot be canceled`;
      throw new HttpError(409, message, { error: 'job_not_running', message });
    }
  });

  router.post(`${BASE}/restore/jobs/:jobUID/clear`, (ctx) => {
    const jobUID = param(ctx, 'jobUID');
    sendJson(ctx.res, 200, jobOr404(jobs.clear(jobUID), jobUID));
  });

  router.get(`${BASE}/nodes/:nodeId/client-settings`, (ctx) => {
    sendJson(ctx.res, 200, clientSettingsOf(world, deviceOr404(world, nodeIdOf(ctx))));
  });

  router.post(`${BASE}/image/nodes/:nodeId/plans/:planId/revisions/:revisionId/mount`, (ctx) => {
    const nodeId = nodeIdOf(ctx);
    const planUid = param(ctx, 'planId');
    const revisionId = param(ctx, 'revisionId');
    canMount(ctx, config);
    const { revision } = backup.imageRevision(nodeId, planUid, revisionId);
    if (!revision.onS3) {
      const message = 'Only revisions in the cloud can be mounted; this revision is not in the cloud yet.';
      throw new HttpError(409, message, { error: 'not_in_cloud', message });
    }
    sendJson(ctx.res, 200, { status: 'MOUNTED', revisionId, mountedAt: new Date().toISOString() });
  });
}
