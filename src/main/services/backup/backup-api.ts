/**
 * The backup listing calls of spec/backup-restore.md §7, with runtime schemas:
 * an answer whose envelope does not match is refused (BAD_RESPONSE) before
 * anything stores or shows it; inside it, an item that does not match is
 * skipped and counted (`skipped`), the others shown.
 * Enumerations a real instance may extend (plan types, destinations, statuses,
 * bldTypes) are read as open strings and shown raw when unknown.
 */
import { z } from 'zod';
import { pathSegment as seg } from '../../../shared/rules/platform/api-paths';
import type { ApiClient } from '../platform/api/api-client';
import { tolerantArray, tolerantPage } from '../platform/api/tolerant';

const text = (max = 1024) => z.string().max(max);
const id = z.union([z.string().min(1).max(256), z.number().int().transform(String)]);
const bytes = z.number().finite().min(0).catch(0);
const isoOrNull = z.string().max(64).nullable().catch(null);
/** An open enumeration value: any short string passes (shown raw when unknown). */
const openValue = z.string().max(100);
const status = openValue.min(1).catch('DEFINED');
/** §3: "type (FOLDER or file)": FOLDER, and anything else is a file. */
const folderOrFile = z
  .string()
  .max(100)
  .transform((type): 'FOLDER' | 'FILE' => (type.toUpperCase() === 'FOLDER' ? 'FOLDER' : 'FILE'));

export const planSchema = z.object({
  uid: text(256).min(1),
  id: z.number().int(),
  name: text(500),
  type: openValue.min(1),
  schedule: text(500).catch(''),
  enabled: z.boolean().catch(true),
  deleted: z.boolean().catch(false),
  destination: openValue.catch(''),
  backupPermissions: z.boolean().catch(false),
  lastSuccess: isoOrNull,
  storage: z.object({ volumes: z.number().int().min(0).catch(0), local: bytes, cloud: bytes }).catch({ volumes: 0, local: 0, cloud: 0 }),
  allowFileFolderBackupAccess: z.boolean().catch(false),
});

const volumeSchema = z.object({
  id: text(256).min(1),
  name: text(500),
  label: text(500).catch(''),
  size: bytes,
  location: text(500).catch(''),
  fileSystem: text(100).catch(''),
  partitionStyle: text(100).catch(''),
  fileId: id.nullable().catch(null),
  lastRevision: isoOrNull,
  volumeName: text(500).catch(''),
  filePlanId: id.nullable().catch(null),
  stats: z
    .object({ localBytes: bytes, cloudBytes: bytes, usedBytes: bytes, capacityBytes: bytes, cloudDeduplicationBytes: bytes })
    .catch({ localBytes: 0, cloudBytes: 0, usedBytes: 0, capacityBytes: 0, cloudDeduplicationBytes: 0 }),
});

const folderSchema = z.object({
  id,
  name: text(1024),
  path: text(8192),
  type: z.enum(['COMMON_FOLDER', 'FOLDER']).catch('FOLDER'),
  deleted: z.boolean().catch(false),
  status,
  cfid: id.catch(''),
  latestRevisionCreatedAt: isoOrNull,
  volumeId: text(256).catch(''),
  // §3 backup file entry: per item, when the answer says.
  backupPermissions: z.boolean().optional().catch(undefined),
});

export const contentItemSchema = z.object({
  id,
  name: text(1024),
  path: text(8192),
  type: folderOrFile,
  deleted: z.boolean().catch(false),
  backupSize: bytes,
  size: bytes,
  status,
  modified: isoOrNull.optional(),
  backupPermissions: z.boolean().optional().catch(undefined),
});

export const revisionSchema = z.object({
  id,
  planId: id.catch(''),
  type: z.enum(['FILE', 'IMAGE']).catch('FILE'),
  size: bytes,
  backupSize: bytes,
  bldType: openValue.catch(''),
  modified: text(64),
  jobCreated: text(64),
  jobCompleted: isoOrNull,
  onS3: z.boolean().catch(false),
  onNas: z.boolean().catch(false),
  rollupSize: bytes,
  file: text(8192).catch(''),
});

export const mountedItemSchema = z.object({
  name: text(1024),
  type: folderOrFile,
  size: bytes,
  modified: isoOrNull,
});

const jobSchema = z.object({
  id,
  planId: id.catch(''),
  created: text(64),
  completed: isoOrNull,
  onCloud: z.boolean().catch(false),
  upsyncedData: z.boolean().catch(false),
});

export type Plan = z.infer<typeof planSchema>;

/**
 * §7: the date and revision lists filter by "search parameters onCloud or
 * upsyncedData". Both are sent, with one value, so an instance that knows
 * either one filters.
 */
function setCloudFilter(searchParams: URLSearchParams, inCloud: boolean): void {
  searchParams.set('onCloud', String(inCloud));
  searchParams.set('upsyncedData', String(inCloud));
}

/** Typed endpoints; every path exactly as §7 has it (volumes: our demo's path, the spec does not show one). */
export class BackupApi {
  constructor(private readonly api: () => ApiClient) {}

  plans(nodeId: number) {
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans`, tolerantArray(planSchema));
  }

  volumes(nodeId: number, planUid: string) {
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/volumes`, tolerantArray(volumeSchema));
  }

  folders(nodeId: number, planUid: string, page: number, size: number, volumeId?: string) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (volumeId) searchParams.set('volumeId', volumeId);
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/folders`, tolerantArray(folderSchema), { searchParams });
  }

  /**
   * `jobId`: the content as of that backup job. The spec shows no such call;
   * the console asks the same call with this extra parameter (README, "Compare
   * a folder between two backup dates") and checks the answer can be of that date.
   */
  folderContent(nodeId: number, planUid: string, folderId: string, page: number, size: number, jobId?: string) {
    return this.api().getJson(`backup/lockhart/v2/nodes/${seg(nodeId)}/plans/${seg(planUid)}/folders/${seg(folderId)}/content`, tolerantPage(contentItemSchema), {
      searchParams: jobId ? { page, size, jobId } : { page, size },
    });
  }

  fileRevisions(nodeId: number, planUid: string, fileId: string, page: number, size: number) {
    return this.api().getJson(`backup/lockhart/v2/nodes/${seg(nodeId)}/plans/${seg(planUid)}/files/${seg(fileId)}/revisions`, tolerantPage(revisionSchema), {
      searchParams: { page, size },
    });
  }

  imageRevisions(nodeId: number, planNumericId: number, fileId: string, page: number, size: number) {
    return this.api().getJson(`backup/lockhart/v3/nodes/${seg(nodeId)}/plans/${seg(planNumericId)}/files/${seg(fileId)}/revisions`, tolerantPage(revisionSchema), {
      searchParams: { page, size },
    });
  }

  /** start = page index × page size (§7). */
  mountedContent(nodeId: number, planUid: string, revisionId: string, folder: string, page: number, size: number) {
    return this.api().getJson(
      `backup/lockhart/image/v2/nodes/${seg(nodeId)}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/content`,
      tolerantPage(mountedItemSchema),
      { searchParams: { folder, start: page * size, count: size } },
    );
  }

  /** The revision list of the download and restore dialogs (v1, paged 100); `cloudOnly` keeps revisions whose data is in the cloud. */
  listFileRevisions(nodeId: number, planUid: string, fileId: string, page: number, size: number, cloudOnly: boolean) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (cloudOnly) setCloudFilter(searchParams, true);
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/files/${seg(fileId)}/revisions`, tolerantPage(revisionSchema), { searchParams });
  }

  /** Backup jobs (dates) of a plan, paged 100; `onCloud` keeps those whose data is in the cloud. */
  jobs(nodeId: number, planUid: string, page: number, size: number, onCloud?: boolean) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (onCloud !== undefined) setCloudFilter(searchParams, onCloud);
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/jobs`, tolerantPage(jobSchema), { searchParams });
  }

  search(nodeId: number, planUid: string, searchTerm: string, page: number, size: number, folderId?: string) {
    const searchParams = new URLSearchParams({ searchTerm, page: String(page), size: String(size) });
    if (folderId) searchParams.set('folderId', folderId);
    return this.api().getJson(`backup/lockhart/nodes/${seg(nodeId)}/plans/${seg(planUid)}/search`, tolerantPage(contentItemSchema), { searchParams });
  }
}
