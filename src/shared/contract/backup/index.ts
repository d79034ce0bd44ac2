/** The backup browser: listings, search, the download dialogs' lists, mount, delete, preview, and the offline cache. */
import { z } from 'zod';
import type { BackupJob, Revision } from '../../model/backup';
import type { BrowserLocation, CacheStatus, ListingPage } from '../../model/backup/browser';
import type { FolderComparison } from '../../model/backup/compare';
import type { Page } from '../../model/devices';
import type { DeletionResult, FilePreview } from '../../model/restore';
import { entityId, nodeId, noInput, pageIndex, returns, shortText } from '../common';

/** Where the backup browser is: one listing (spec/backup-restore.md §4). */
const browserLocationSchema: z.ZodType<BrowserLocation> = z.discriminatedUnion('level', [
  z.strictObject({ level: z.literal('plans'), nodeId }),
  z.strictObject({ level: z.literal('volumes'), nodeId, planUid: entityId }),
  z.strictObject({ level: z.literal('folders'), nodeId, planUid: entityId, volumeId: entityId }),
  z.strictObject({ level: z.literal('files'), nodeId, planUid: entityId, folderId: entityId, jobId: entityId.optional() }),
  z.strictObject({
    level: z.literal('revisions'),
    nodeId,
    planUid: entityId,
    fileId: entityId,
    source: z.enum(['file', 'image']),
    planNumericId: z.number().int().optional(),
  }),
  z.strictObject({ level: z.literal('mounted-folders'), nodeId, planUid: entityId, revisionId: entityId, folder: shortText(4096).min(1) }),
  z.strictObject({ level: z.literal('mounted-files'), nodeId, planUid: entityId, revisionId: entityId, folder: shortText(4096).min(1) }),
]);

const displayName = shortText(1024).min(1);
/** When a backup was taken (its completion), as the date list gave it. */

const deletionTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('plans'), nodeId, planUids: z.array(entityId).min(1).max(100), planName: shortText(512) }),
  z.strictObject({
    kind: z.literal('items'),
    nodeId,
    planUid: entityId,
    planName: shortText(512),
    fileIds: z.array(entityId).max(1000),
    folderIds: z.array(entityId).max(1000),
  }),
]);

export const backupCalls = {
  'backup.listPage': {
    input: z.strictObject({ location: browserLocationSchema, page: pageIndex, fresh: z.boolean().optional() }),
    output: returns<ListingPage>(),
  },
  'backup.search': {
    input: z.strictObject({
      nodeId,
      planUid: entityId.optional(),
      folderId: entityId.optional(),
      folderPath: shortText(4096).optional(),
      term: shortText(256).refine((t) => t.trim().length >= 3, 'Enter at least 3 characters to search.'),
      page: pageIndex,
    }),
    output: returns<ListingPage>(),
  },

  /** The revision list of the Download File and restore dialogs: paged 100; downloads list only revisions in the cloud (§7). */
  'backup.downloadRevisions': {
    input: z.strictObject({ nodeId, planUid: entityId, fileId: entityId, page: pageIndex, cloudOnly: z.boolean().default(true) }),
    output: returns<Page<Revision>>(),
  },
  /** The dates of the Download Folder and restore dialogs: backup jobs paged 100; downloads list only those in the cloud (§7). */
  'backup.downloadJobs': {
    input: z.strictObject({ nodeId, planUid: entityId, page: pageIndex, cloudOnly: z.boolean().default(true) }),
    output: returns<Page<BackupJob>>(),
  },

  /**
   * Compares a folder between two backup dates (its content as of each backup
   * job, cached where it is): added, removed and changed items, totals, and
   * what each side could read. Both jobs must be of the plan's date list as
   * the main process listed it (backup.downloadJobs): their times are taken
   * from there.
   */
  'backup.compareFolder': {
    input: z
      .strictObject({
        nodeId,
        planUid: entityId,
        folderId: entityId,
        folderPath: shortText(8192).min(1),
        fromJobId: entityId,
        toJobId: entityId,
      })
      .refine((input) => input.fromJobId !== input.toJobId, { message: 'Pick two different backup dates.', path: ['toJobId'] }),
    output: returns<FolderComparison>(),
  },

  /** Mounts an image revision in the cloud (feature cloud_image_mounting and permission canViewAndRestoreBackupData, §4). */
  'backup.mount': { input: z.strictObject({ nodeId, planUid: entityId, revisionId: entityId }), output: returns<{ mounted: true }>() },
  /** Deletes plan data or files/folders; 'second-factor' asks for a code, then the same call with mfaCode. */
  'backup.delete': {
    input: z.strictObject({ target: deletionTarget, mfaCode: z.string().trim().regex(/^\d{4,10}$/, 'Enter the code (digits only).').optional() }),
    output: returns<DeletionResult>(),
  },
  /** A bounded preview of a file revision (text or image). */
  'backup.preview': {
    input: z.strictObject({ nodeId, planUid: entityId, revisionId: entityId, name: displayName, size: z.number().int().min(0) }),
    output: returns<FilePreview>(),
  },

  'cache.status': { input: noInput, output: returns<CacheStatus>() },
  'cache.clear': { input: noInput, output: returns<CacheStatus>() },
} as const;

export const backupEvents = {
  /** A listing page was stored (fresh or revalidated); `reset` when its other pages were dropped. */
  'backup.listingUpdated': returns<{ key: string; page: number; reset: boolean }>(),
} as const;
