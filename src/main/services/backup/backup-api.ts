/**
 * The backup listing calls of spec/backup-restore.md §7, with runtime schemas:
 * an answer that does not match is refused (BAD_RESPONSE) before anything
 * stores or shows it.
 */
import { z } from 'zod';
import { BLD_TYPES, ITEM_STATUSES, PLAN_DESTINATIONS, PLAN_TYPES, type PagedAnswer } from '../../../shared/model/backup';
import type { ApiClient } from '../api/api-client';

const text = (max = 1024) => z.string().max(max);
const id = z.union([z.string().min(1).max(256), z.number().int().transform(String)]);
const bytes = z.number().finite().min(0).catch(0);
const isoOrNull = z.string().max(64).nullable().catch(null);
const status = z.enum(ITEM_STATUSES).catch('DEFINED');

export const planSchema = z.object({
  uid: text(256).min(1),
  id: z.number().int(),
  name: text(500),
  type: z.enum(PLAN_TYPES),
  schedule: text(500).catch(''),
  enabled: z.boolean(),
  deleted: z.boolean(),
  destination: z.enum(PLAN_DESTINATIONS),
  backupPermissions: z.boolean().catch(false),
  lastSuccess: isoOrNull,
  storage: z.object({ volumes: z.number().int().min(0).catch(0), local: bytes, cloud: bytes }).catch({ volumes: 0, local: 0, cloud: 0 }),
  allowFileFolderBackupAccess: z.boolean().catch(false),
});

export const volumeSchema = z.object({
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

export const folderSchema = z.object({
  id,
  name: text(1024),
  path: text(8192),
  type: z.enum(['COMMON_FOLDER', 'FOLDER']).catch('FOLDER'),
  deleted: z.boolean().catch(false),
  status,
  cfid: id.catch(''),
  latestRevisionCreatedAt: isoOrNull,
  volumeId: text(256).catch(''),
});

export const contentItemSchema = z.object({
  id,
  name: text(1024),
  path: text(8192),
  type: z.enum(['FOLDER', 'FILE']),
  deleted: z.boolean().catch(false),
  backupSize: bytes,
  size: bytes,
  status,
  modified: isoOrNull.optional(),
});

export const revisionSchema = z.object({
  id,
  planId: id.catch(''),
  type: z.enum(['FILE', 'IMAGE']).catch('FILE'),
  size: bytes,
  backupSize: bytes,
  bldType: z.enum(BLD_TYPES),
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
  type: z.enum(['FOLDER', 'FILE']),
  size: bytes,
  modified: isoOrNull,
});

function paged<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}

export const jobSchema = z.object({
  id,
  planId: id.catch(''),
  created: text(64),
  completed: isoOrNull,
  onCloud: z.boolean().catch(false),
  upsyncedData: z.boolean().catch(false),
});

export type Plan = z.infer<typeof planSchema>;

const seg = encodeURIComponent;

/** Typed endpoints; every path exactly as §7 has it (volumes: our demo's path, the spec does not show one). */
export class BackupApi {
  constructor(private readonly api: () => ApiClient) {}

  plans(nodeId: number) {
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans`, z.array(planSchema));
  }

  volumes(nodeId: number, planUid: string) {
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans/${seg(planUid)}/volumes`, z.array(volumeSchema));
  }

  folders(nodeId: number, planUid: string, page: number, size: number, volumeId?: string) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (volumeId) searchParams.set('volumeId', volumeId);
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans/${seg(planUid)}/folders`, z.array(folderSchema), { searchParams });
  }

  folderContent(nodeId: number, planUid: string, folderId: string, page: number, size: number): Promise<PagedAnswer<z.infer<typeof contentItemSchema>>> {
    return this.api().getJson(`backup/lockhart/v2/nodes/${nodeId}/plans/${seg(planUid)}/folders/${seg(folderId)}/content`, paged(contentItemSchema), {
      searchParams: { page, size },
    });
  }

  fileRevisions(nodeId: number, planUid: string, fileId: string, page: number, size: number) {
    return this.api().getJson(`backup/lockhart/v2/nodes/${nodeId}/plans/${seg(planUid)}/files/${seg(fileId)}/revisions`, paged(revisionSchema), {
      searchParams: { page, size },
    });
  }

  imageRevisions(nodeId: number, planNumericId: number, fileId: string, page: number, size: number) {
    return this.api().getJson(`backup/lockhart/v3/nodes/${nodeId}/plans/${planNumericId}/files/${seg(fileId)}/revisions`, paged(revisionSchema), {
      searchParams: { page, size },
    });
  }

  /** start = page index × page size (§7). */
  mountedContent(nodeId: number, planUid: string, revisionId: string, folder: string, page: number, size: number) {
    return this.api().getJson(
      `backup/lockhart/image/v2/nodes/${nodeId}/plans/${seg(planUid)}/revisions/${seg(revisionId)}/content`,
      paged(mountedItemSchema),
      { searchParams: { folder, start: page * size, count: size } },
    );
  }

  /** The revision list of the download and restore dialogs (v1, paged 100); `cloudOnly` keeps revisions whose data is in the cloud. */
  listFileRevisions(nodeId: number, planUid: string, fileId: string, page: number, size: number, cloudOnly: boolean) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (cloudOnly) searchParams.set('onCloud', 'true');
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans/${seg(planUid)}/files/${seg(fileId)}/revisions`, paged(revisionSchema), { searchParams });
  }

  /** Backup jobs (dates) of a plan, paged 100; `onCloud` keeps those whose data is in the cloud. */
  jobs(nodeId: number, planUid: string, page: number, size: number, onCloud?: boolean) {
    const searchParams = new URLSearchParams({ page: String(page), size: String(size) });
    if (onCloud !== undefined) searchParams.set('onCloud', String(onCloud));
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans/${seg(planUid)}/jobs`, paged(jobSchema), { searchParams });
  }

  search(nodeId: number, planUid: string, searchTerm: string, page: number, size: number, folderId?: string) {
    const searchParams = new URLSearchParams({ searchTerm, page: String(page), size: String(size) });
    if (folderId) searchParams.set('folderId', folderId);
    return this.api().getJson(`backup/lockhart/nodes/${nodeId}/plans/${seg(planUid)}/search`, paged(contentItemSchema), { searchParams });
  }
}
