/**
 * The restore area's calls (spec/backup-restore.md §4, §7, §8): restore job
 * creation and watching, cancel and clear, client settings, the target
 * device's folder tree and New Folder, image mounting, data deletion with a
 * second factor, and bounded file previews. Paths the spec does not show are
 * the demo API's (src/demo-server/README.md).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { ClientSettings, DeletionResult, DirectoryPage, FilePreview, RestoreJob, RestoreJobList, RestoreJobSpec } from '../../../shared/model/restore';
import { FILE_TREE_PAGE_LIMIT } from '../../../shared/rules/platform/limits';
import { PREVIEW_IMAGE_TYPES, previewKindOf } from '../../../shared/rules/backup';
import { MESSAGES } from '../../../shared/rules/platform/messages';
import { pathSegment as seg } from '../../../shared/rules/platform/api-paths';
import type { ApiClient } from '../platform/api/api-client';
import { appErrorInside, redactError } from '../platform/api/http-errors';
import type { ListingCache } from '../backup';
import { tolerantArray } from '../platform/api/tolerant';

const text = (max = 4096) => z.string().max(max);
const count = z.number().finite().min(0).catch(0);

const restoreJobSchema = z.object({
  actionType: text(64).catch('RESTORE'),
  type: text(64).catch(''),
  sourcePath: text(8192).catch(''),
  file: text(2048).catch(''),
  destinationPath: text(8192).catch(''),
  jobUID: text(256).min(1),
  jobFilesProcessed: count,
  jobTotalFiles: count,
  jobProcessedBytes: count,
  jobTotalBytes: count,
  // A status beyond §4's four passes through (shown raw).
  status: text(64).min(1),
  percentage: z.number().finite().min(0).max(100).catch(0),
  sourcePlanId: text(256).catch(''),
  sourcePlanName: text(1024).catch(''),
  createTime: text(64).catch(''),
  nodeId: z.number().int().catch(0),
  nodeName: text(1024).optional().catch(undefined),
  sourceNodeId: z.number().int().catch(0),
  // Why a FAILED job failed, under whichever name the server uses.
  failureReason: text(2000).optional().catch(undefined),
  errorMessage: text(2000).optional().catch(undefined),
  statusMessage: text(2000).optional().catch(undefined),
}).transform(({ errorMessage, statusMessage, ...job }): RestoreJob => {
  const reason = [job.failureReason, errorMessage, statusMessage].find((r) => r?.trim());
  const { failureReason: _ignored, ...rest } = job;
  void _ignored;
  return { ...rest, ...(reason ? { failureReason: reason.trim() } : {}) };
});

// One job the console cannot read never hides the others.
const createAnswerSchema = z.object({ resultCode: z.string().max(64), jobs: tolerantArray(restoreJobSchema).catch({ items: [], skipped: 0 }) });
const clientSettingsSchema = z.object({ backupMode: z.string().max(64), nodeIds: z.array(z.number().int()).max(100_000) });
const directorySchema = z.object({
  // An entry of a type other than FOLDER is shown as a file (not expandable); an unreadable one is left out.
  results: tolerantArray(z.object({ name: text(1024), path: text(8192), type: text(64).transform((t): 'FOLDER' | 'FILE' => (t === 'FOLDER' ? 'FOLDER' : 'FILE')) })).transform((list) => list.items),
  totalElements: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
const errorBodySchema = z.object({ error: z.string().max(200).optional(), message: z.string().max(2000).optional() }).catch({});

/** The preview reads at most this much of a text file... */
export const PREVIEW_TEXT_BYTES = 256 * 1024;
/** ...and shows images up to this size (an image needs all its bytes). */
const PREVIEW_IMAGE_BYTES = 8 * 1024 * 1024;

export class RestoreService {
  constructor(
    private readonly api: () => ApiClient,
    private readonly cache: () => ListingCache,
    private readonly scope: () => string,
  ) {}

  /**
   * Creates the jobs of one restore (a batch of specifications). A failed
   * request is 'Error creating/updating jobs'; an answer whose resultCode is
   * not SUCCESS is 'Error creating restore job' (§8).
   */
  async createJobs(specs: RestoreJobSpec[]): Promise<RestoreJob[]> {
    const batch = specs.length > 1 ? randomUUID() : null;
    const body = specs.map((spec) => ({ ...spec, batch: spec.batch ?? batch }));
    let answer: z.infer<typeof createAnswerSchema>;
    try {
      answer = await this.api().requestJson('POST', 'backup/lockhart/restore/jobs', createAnswerSchema, { json: body });
    } catch (error) {
      if (error instanceof AppError && error.code === 'SESSION_EXPIRED') throw error;
      throw new AppError('SERVER_ERROR', MESSAGES.restoreRequestFailed, { cause: error });
    }
    if (answer.resultCode !== 'SUCCESS') throw new AppError('SERVER_ERROR', MESSAGES.restoreResultNotSuccess);
    return answer.jobs.items;
  }

  async jobs(nodeId: number): Promise<RestoreJobList> {
    const { items, skipped } = await this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/restore/jobs`, tolerantArray(restoreJobSchema));
    return { jobs: items, skipped };
  }

  job(jobUID: string): Promise<RestoreJob> {
    return this.api().getJson(`backup/lockhart/restore/jobs/${seg(jobUID)}`, restoreJobSchema);
  }

  async cancel(jobUID: string): Promise<void> {
    const { status, body } = await this.api().requestWithStatus('POST', `backup/lockhart/restore/jobs/${seg(jobUID)}/cancel`);
    if (status === 409) throw new AppError('CONFLICT', 'The job has already finished.');
    if (status >= 400) throw new AppError('SERVER_ERROR', errorBodySchema.parse(body).message ?? 'The job could not be canceled.');
  }

  async clear(jobUID: string): Promise<void> {
    const { status, body } = await this.api().requestWithStatus('POST', `backup/lockhart/restore/jobs/${seg(jobUID)}/clear`);
    if (status >= 400) throw new AppError('SERVER_ERROR', errorBodySchema.parse(body).message ?? 'The restore could not be cleared.');
  }

  clientSettings(nodeId: number): Promise<ClientSettings> {
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/client-settings`, clientSettingsSchema);
  }

  /** A folder of the target device, a page (1000) at a time; 'Directory listing unavailable.' when it cannot be read. */
  async listDirectory(nodeId: number, path: string, page: number): Promise<DirectoryPage> {
    const { status, body } = await this.unavailableOnFailure(() =>
      this.api().requestWithStatus('GET', `backup/lockhart/nodes/${seg(nodeId)}/directories`, { searchParams: { path, page, size: FILE_TREE_PAGE_LIMIT } }),
    );
    if (status >= 400) throw new AppError('UNAVAILABLE', MESSAGES.directoryListingUnavailable);
    const parsed = directorySchema.safeParse(body);
    if (!parsed.success) throw new AppError('BAD_RESPONSE', MESSAGES.directoryListingUnavailable);
    return { ...parsed.data, page };
  }

  /** New Folder: `{ created: true, path }`, or the server's reason (shown under the field, §5). */
  async createFolder(nodeId: number, parentPath: string, name: string): Promise<{ created: true; path: string } | { created: false; message: string | null }> {
    const { status, body } = await this.unavailableOnFailure(() =>
      this.api().requestWithStatus('POST', `backup/lockhart/nodes/${seg(nodeId)}/directories`, { json: { path: parentPath, name } }),
    );
    if (status >= 400) return { created: false, message: status === 503 || status === 403 ? MESSAGES.directoryListingUnavailable : null };
    const parsed = z.object({ created: z.boolean(), path: text().optional(), message: text(2000).optional() }).safeParse(body);
    if (!parsed.success) return { created: false, message: null };
    if (parsed.data.created && parsed.data.path) return { created: true, path: parsed.data.path };
    return { created: false, message: parsed.data.message ?? null };
  }

  /** The device cannot list its folders (offline, a server error, no answer): §8's 'Directory listing unavailable.' */
  private async unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError && (error.code === 'SESSION_EXPIRED' || error.code === 'NOT_SIGNED_IN')) throw error;
      throw new AppError('UNAVAILABLE', MESSAGES.directoryListingUnavailable, { cause: error });
    }
  }

  async mount(nodeId: number, planUid: string, revisionId: string): Promise<void> {
    const { status, body } = await this.api().requestWithStatus('POST', `backup/lockhart/image/nodes/${seg(nodeId)}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/mount`);
    if (status < 400) return;
    const error = errorBodySchema.parse(body);
    if (status === 403) throw new AppError('FORBIDDEN', error.message ?? 'You do not have permission to mount images.');
    if (error.error === 'not_in_cloud') throw new AppError('UNAVAILABLE', 'This revision is not in the cloud, so it cannot be mounted.');
    throw new AppError('SERVER_ERROR', error.message ?? 'The image could not be mounted.');
  }

  /**
   * Deletes plan data or files/folders (§7). Without a valid second factor the
   * server refuses with mfa_required/mfa_invalid: that comes back as
   * 'second-factor' so the console can ask and retry.
   */
  async delete(
    target: { kind: 'plans'; nodeId: number; planUids: string[]; planName: string } | { kind: 'items'; nodeId: number; planUid: string; planName: string; fileIds: string[]; folderIds: string[] },
    mfaCode: string | undefined,
  ): Promise<DeletionResult> {
    const headers = mfaCode ? { 'x-mfa-code': mfaCode } : undefined;
    const { status, body } =
      target.kind === 'plans'
        ? await this.api().requestWithStatus('POST', `backup/lockhart/nodes/${seg(target.nodeId)}/delete-plan-revisions`, {
            searchParams: { planName: target.planName },
            json: target.planUids,
            headers,
          })
        : await this.api().requestWithStatus('POST', `backup/lockhart/nodes/${seg(target.nodeId)}/plans/${seg(target.planUid)}/delete-revisions`, {
            json: { fileIds: target.fileIds, folderIds: target.folderIds, planName: target.planName },
            headers,
          });
    const error = errorBodySchema.parse(body);
    if (status === 403 && (error.error === 'mfa_required' || error.error === 'mfa_invalid')) {
      return { status: 'second-factor', message: error.message ?? 'Enter the code from your authenticator app.', invalid: error.error === 'mfa_invalid' };
    }
    if (status >= 400) throw new AppError(status === 403 ? 'FORBIDDEN' : 'SERVER_ERROR', MESSAGES.deleteFailed);
    // The cache marks what is gone, so offline browsing does not offer it.
    try {
      if (target.kind === 'plans') this.cache().markDeleted(this.scope(), target.nodeId, { planUids: target.planUids });
      else this.cache().markDeleted(this.scope(), target.nodeId, { planUid: target.planUid, itemIds: [...target.fileIds, ...target.folderIds] });
    } catch {
      // The deletion happened on the server; a cache that cannot be updated is refreshed on the next read.
    }
    return { status: 'scheduled' };
  }

  /**
   * The first `limit` bytes of a download: asked for with a Range and, should
   * the server send the whole file anyway, cut off there, so a preview never
   * holds more than the bound in memory.
   */
  private async readBounded(path: string, limit: number, token?: string): Promise<Buffer | 'unavailable'> {
    const api = this.api();
    const sent = token ?? (await api.bearerToken());
    const stream = api.downloadStream(path, { authorization: `Bearer ${sent}`, range: `bytes=0-${limit - 1}` });
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        stream.once('response', (response: { statusCode: number }) => resolve(response.statusCode));
        stream.once('error', reject);
      });
      // An access token refused mid-session: renewed once, then asked again.
      if (status === 401 && token === undefined) {
        stream.destroy();
        return this.readBounded(path, limit, await api.renewRejectedToken(sent));
      }
      // The renewed token was refused too: the session ends saying the instance refused the credentials.
      if (status === 401) throw api.rejectedAfterRenewal();
      if (status === 409) return 'unavailable';
      if (status !== 200 && status !== 206) throw new Error(`HTTP ${status}`);
      for await (const chunk of stream) {
        chunks.push(chunk as Buffer);
        total += (chunk as Buffer).length;
        if (total >= limit) break;
      }
    } catch (error) {
      // What the technician must know comes out as itself (a refused redirect, an ended session);
      // anything else is one sentence, its cause without the request's headers.
      throw appErrorInside(error) ?? new AppError('SERVER_ERROR', 'The preview could not be loaded.', { cause: redactError(error) });
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks).subarray(0, limit);
  }

  /** A preview of a file revision: a bounded range for text, the whole file only for images up to 8 MiB. */
  async preview(nodeId: number, planUid: string, revisionId: string, name: string, size: number): Promise<FilePreview> {
    const kind = previewKindOf(name);
    if (!kind) return { kind: 'unsupported', size, reason: 'There is no preview for this kind of file.' };
    if (kind === 'image' && size > PREVIEW_IMAGE_BYTES) return { kind: 'unsupported', size, reason: 'This image is too large to preview; download it instead.' };
    const limit = kind === 'text' ? PREVIEW_TEXT_BYTES : PREVIEW_IMAGE_BYTES;
    const path = `backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/data`;
    const read = await this.readBounded(path, limit);
    if (read === 'unavailable') return { kind: 'unsupported', size, reason: MESSAGES.browserDownloadUnavailable };
    const bytes = read;
    if (kind === 'text') {
      return { kind: 'text', text: new TextDecoder('utf-8', { fatal: false }).decode(bytes), truncated: size > bytes.length, size };
    }
    const extension = name.toLowerCase().split('.').pop() ?? '';
    return { kind: 'image', dataUrl: `data:${PREVIEW_IMAGE_TYPES[extension]};base64,${bytes.toString('base64')}`, size };
  }
}
