/**
 * Backup browsing calls of spec/backup-restore.md §7 under `/api`: plans,
 * volumes, root folders, folder content, file and image revisions, backup
 * jobs, search and mounted image content. Data comes from BackupWorld; every
 * failure answers `{ error, message }` with a 4xx/5xx status.
 */
import { BROWSER_PAGE_SIZE, REVISION_PAGE_SIZE } from '../../../shared/rules/platform/limits';
import { BackupWorld, type JobFilter } from '../../data/backup';
import { realInstanceContent, realInstancePlans, realInstanceRevisions, realInstanceRevisionsOf, realInstanceVolumes } from '../../data/real-instance';
import { badRequest, pageParams, sendJson, type RequestContext, type Router } from '../../http';
import type { DemoContext } from '../../context';

const BASE = '/api/backup/lockhart';
const MAX_PAGE_SIZE = 1000;


function integerParam(text: string | null | undefined, name: string): number {
  if (text === null || text === undefined || !/^\d{1,15}$/.test(text)) throw badRequest(`Invalid ${name}`);
  return Number(text);
}

function nodeIdOf(ctx: RequestContext): number {
  return integerParam(ctx.params.nodeId, 'nodeId');
}

function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (!value) throw badRequest(`Missing ${name}`);
  return value;
}

function booleanQuery(ctx: RequestContext, name: string): boolean | undefined {
  const value = ctx.query.get(name);
  if (value === null || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`Invalid ${name}`);
}

/** `onCloud` and `upsyncedData` (spec §7): both mean "the data is in the cloud". */
function cloudFilter(ctx: RequestContext): JobFilter {
  const filter: JobFilter = {};
  const onCloud = booleanQuery(ctx, 'onCloud');
  const upsyncedData = booleanQuery(ctx, 'upsyncedData');
  if (onCloud !== undefined) filter.onCloud = onCloud;
  if (upsyncedData !== undefined) filter.upsyncedData = upsyncedData;
  return filter;
}

export function registerBackupRoutes(router: Router, context: DemoContext): void {
  const backup = BackupWorld.of(context.world);
  /** With `realInstance`, answers carry what a real instance sends beyond the spec. */
  const real = () => context.config.realInstance;

  router.get(`${BASE}/nodes/:nodeId/plans`, (ctx) => {
    const plans = backup.plans(nodeIdOf(ctx));
    sendJson(ctx.res, 200, real() ? realInstancePlans(plans) : plans);
  });

  router.get(`${BASE}/nodes/:nodeId/plans/:planId/volumes`, (ctx) => {
    const extra = real() ? realInstanceVolumes(param(ctx, 'planId')) : null;
    sendJson(ctx.res, 200, extra ?? backup.volumes(nodeIdOf(ctx), param(ctx, 'planId')));
  });

  // An array (the page slice), not a paged object, as the real API answers.
  router.get(`${BASE}/nodes/:nodeId/plans/:planId/folders`, (ctx) => {
    const { page, size } = pageParams(ctx.query, BROWSER_PAGE_SIZE, MAX_PAGE_SIZE);
    const volumeId = ctx.query.get('volumeId') || undefined;
    const folders = backup.folders(nodeIdOf(ctx), param(ctx, 'planId'), volumeId);
    sendJson(ctx.res, 200, folders.slice(page * size, page * size + size));
  });

  router.get(`${BASE}/v2/nodes/:nodeId/plans/:planId/folders/:folderId/content`, (ctx) => {
    const { page, size } = pageParams(ctx.query, BROWSER_PAGE_SIZE, MAX_PAGE_SIZE);
    // `jobId`: the content as of that backup job (the console's compare of two dates). An instance in
    // real-instance mode stands for one that does not know the parameter: it answers today's content.
    const jobId = real() ? '' : (ctx.query.get('jobId') ?? '');
    const content = jobId
      ? backup.folderContentAt(nodeIdOf(ctx), param(ctx, 'planId'), param(ctx, 'folderId'), jobId, page, size)
      : backup.folderContent(nodeIdOf(ctx), param(ctx, 'planId'), param(ctx, 'folderId'), page, size);
    sendJson(ctx.res, 200, real() ? realInstanceContent(content, param(ctx, 'folderId'), page, size) : content);
  });

  router.get(`${BASE}/v2/nodes/:nodeId/plans/:planId/files/:fileId/revisions`, (ctx) => {
    const { page, size } = pageParams(ctx.query, BROWSER_PAGE_SIZE, MAX_PAGE_SIZE);
    const extra = real() ? realInstanceRevisionsOf(param(ctx, 'fileId')) : null;
    if (extra) return sendJson(ctx.res, 200, extra);
    const revisions = backup.fileRevisions(nodeIdOf(ctx), param(ctx, 'planId'), param(ctx, 'fileId'), page, size);
    sendJson(ctx.res, 200, real() ? realInstanceRevisions(revisions, param(ctx, 'fileId'), page, size) : revisions);
  });

  router.get(`${BASE}/v3/nodes/:nodeId/plans/:planNumericId/files/:fileId/revisions`, (ctx) => {
    const { page, size } = pageParams(ctx.query, BROWSER_PAGE_SIZE, MAX_PAGE_SIZE);
    const planId = integerParam(ctx.params.planNumericId, 'planId');
    sendJson(ctx.res, 200, backup.revisionsByPlanNumber(nodeIdOf(ctx), planId, param(ctx, 'fileId'), page, size));
  });

  // v1: the revision list of the download and restore dialogs, paged 100, with a cloud filter.
  router.get(`${BASE}/nodes/:nodeId/plans/:planId/files/:fileId/revisions`, (ctx) => {
    const { page, size } = pageParams(ctx.query, REVISION_PAGE_SIZE, MAX_PAGE_SIZE);
    const { onCloud, upsyncedData } = cloudFilter(ctx);
    if (onCloud !== undefined && upsyncedData !== undefined && onCloud !== upsyncedData) throw badRequest('onCloud and upsyncedData disagree');
    const onS3 = onCloud ?? upsyncedData;
    const filter = onS3 === undefined ? {} : { onS3 };
    sendJson(ctx.res, 200, backup.fileRevisions(nodeIdOf(ctx), param(ctx, 'planId'), param(ctx, 'fileId'), page, size, filter));
  });

  router.get(`${BASE}/nodes/:nodeId/plans/:planId/jobs`, (ctx) => {
    const { page, size } = pageParams(ctx.query, REVISION_PAGE_SIZE, MAX_PAGE_SIZE);
    sendJson(ctx.res, 200, backup.jobs(nodeIdOf(ctx), param(ctx, 'planId'), page, size, cloudFilter(ctx)));
  });

  router.get(`${BASE}/nodes/:nodeId/plans/:planId/search`, (ctx) => {
    const { page, size } = pageParams(ctx.query, BROWSER_PAGE_SIZE, MAX_PAGE_SIZE);
    const term = ctx.query.get('searchTerm') ?? '';
    const folderId = ctx.query.get('folderId') || undefined;
    sendJson(ctx.res, 200, backup.search(nodeIdOf(ctx), param(ctx, 'planId'), term, page, size, folderId));
  });

  router.get(`${BASE}/image/v2/nodes/:nodeId/plans/:planId/revisions/:revisionId/content`, (ctx) => {
    const start = ctx.query.has('start') ? integerParam(ctx.query.get('start'), 'start') : 0;
    const count = ctx.query.has('count') ? integerParam(ctx.query.get('count'), 'count') : BROWSER_PAGE_SIZE;
    if (count < 1 || count > MAX_PAGE_SIZE) throw badRequest('Invalid count');
    const folder = ctx.query.get('folder') || '/';
    sendJson(ctx.res, 200, backup.mountedContent(nodeIdOf(ctx), param(ctx, 'planId'), param(ctx, 'revisionId'), folder, start, count));
  });
}
