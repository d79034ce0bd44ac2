/** Restore jobs: the client's settings, creating, watching, canceling and clearing jobs, the target's folders. */
import { z } from 'zod';
import { INVALID_PATH_ID_MESSAGE, isPathId } from '../../rules/platform/api-paths';
import { COLLISION_HANDLING, type ClientSettings, type DirectoryPage, type RestoreJob, type RestoreJobList, type RestoreJobSpec } from '../../model/restore';
import { entityId, nodeId, pageIndex, returns, shortText } from '../common';

const remotePath = shortText(8192);
const jobUID = z.string().min(1).max(256).refine(isPathId, INVALID_PATH_ID_MESSAGE);

/** Restore job specification, spec §3. */
const restoreJobSpecSchema: z.ZodType<RestoreJobSpec> = z
  .strictObject({
    nodeId,
    nodeName: shortText(512),
    sourceNodeId: nodeId,
    sourceNodeName: shortText(512),
    sourcePlanId: entityId,
    sourcePlanName: shortText(512),
    sourcePath: remotePath.min(1),
    destinationPath: remotePath,
    revisionId: entityId.optional(),
    backupJobId: entityId.optional(),
    collisionHandling: z.enum(COLLISION_HANDLING),
    originalLocation: z.boolean(),
    restorePermissions: z.boolean(),
    restoreDeletedFiles: z.boolean(),
    restoreType: z.enum(['EXTRACT', 'FILE_FOLDER']),
    batch: z.string().max(256).nullable(),
  })
  .refine((spec) => (spec.revisionId === undefined) !== (spec.backupJobId === undefined), 'A restore needs either a revision or a backup date.')
  .refine((spec) => spec.originalLocation || spec.destinationPath.trim().length > 0, 'Choose where to restore to.');

export const restoreCalls = {
  'restore.clientSettings': { input: z.strictObject({ nodeId }), output: returns<ClientSettings>() },
  'restore.create': { input: z.strictObject({ specs: z.array(restoreJobSpecSchema).min(1).max(500) }), output: returns<RestoreJob[]>() },
  'restore.jobs': { input: z.strictObject({ nodeId }), output: returns<RestoreJobList>() },
  'restore.job': { input: z.strictObject({ jobUID }), output: returns<RestoreJob>() },
  'restore.cancel': { input: z.strictObject({ jobUID }), output: returns<{ canceled: true }>() },
  'restore.clear': { input: z.strictObject({ jobUID }), output: returns<{ cleared: true }>() },
  /** The target device's folders (the live file system), a page of 1000 at a time. */
  'restore.listDirectory': { input: z.strictObject({ nodeId, path: remotePath, page: pageIndex }), output: returns<DirectoryPage>() },
  'restore.createFolder': {
    input: z.strictObject({ nodeId, path: remotePath, name: shortText(255) }),
    output: returns<{ created: true; path: string } | { created: false; message: string | null }>(),
  },
} as const;
