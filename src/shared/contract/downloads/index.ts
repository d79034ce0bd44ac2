/** Downloads to a local folder: starting, the queue's controls, opening what finished. */
import { z } from 'zod';
import { COLLISION_POLICIES, type DownloadFolderChoice, type DownloadReceiptCopy, type DownloadItem, type DownloadRequest, type DownloadStartResult } from '../../model/downloads';
import type { BandwidthNow } from '../../rules/downloads/bandwidth-windows';
import { completionActionsInput } from '../../rules/downloads/download-queues';
import { entityId, nodeId, noInput, returns, shortText } from '../common';

/** A path on this computer, typed or chosen by the technician (checked further in the main process). */
const localFolder = z.string().trim().min(1, 'Choose a folder to download to.').max(4096).refine((p) => !p.includes('\0'), 'Invalid folder path.');
const displayName = shortText(1024).min(1);

/** One download (spec §7): a file revision, a folder zip for a backup date, or an item of a mounted image. */
const downloadRequestSchema: z.ZodType<DownloadRequest> = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('revision'), nodeId, planUid: entityId, revisionId: entityId, name: displayName }),
  z.strictObject({
    kind: z.literal('folder'),
    nodeId,
    planUid: entityId,
    folderId: entityId,
    jobId: entityId,
    restoreDeleted: z.boolean(),
    name: displayName,
  }),
  z.strictObject({
    kind: z.literal('image'),
    nodeId,
    planUid: entityId,
    revisionId: entityId,
    path: shortText(4096).min(1),
    type: z.enum(['FILE', 'FOLDER']),
    name: displayName,
  }),
]);

const collisionPolicy = z.enum(COLLISION_POLICIES);
const downloadId = z.strictObject({ id: z.string().uuid() });

export const downloadsCalls = {
  'downloads.list': { input: noInput, output: returns<DownloadItem[]>() },
  /** The folder remembered for the device, or the user's Downloads folder. */
  'downloads.defaultFolder': { input: z.strictObject({ nodeId }), output: returns<DownloadFolderChoice>() },
  /** Electron: the system folder dialog (null when dismissed). Browser mode: not supported, the renderer shows a folder field. */
  'downloads.chooseFolder': {
    input: z.strictObject({ current: shortText(4096).optional() }),
    output: returns<{ supported: boolean; folder: string | null }>(),
  },
  'downloads.start': {
    input: z.strictObject({
      nodeId,
      folder: localFolder,
      items: z.array(downloadRequestSchema).min(1).max(1000),
      policies: z.record(z.string().regex(/^\d{1,4}$/), collisionPolicy).optional(),
      applyToAll: collisionPolicy.optional(),
      /** What to do when all of these downloads have finished (default: notify, keep the computer awake). */
      onComplete: completionActionsInput.optional(),
    }),
    output: returns<DownloadStartResult>(),
  },
  'downloads.pause': { input: downloadId, output: returns<DownloadItem>() },
  'downloads.resume': { input: downloadId, output: returns<DownloadItem>() },
  'downloads.cancel': { input: downloadId, output: returns<DownloadItem>() },
  'downloads.retry': { input: downloadId, output: returns<DownloadItem>() },
  'downloads.remove': { input: downloadId, output: returns<{ removed: true }>() },
  'downloads.clearFinished': { input: noInput, output: returns<{ removed: number }>() },
  /** Opens a completed download with its app / shows it in its folder (Electron); browser mode answers opened: false and the path. */
  'downloads.open': { input: downloadId, output: returns<{ opened: boolean; path: string }>() },
  'downloads.showInFolder': { input: downloadId, output: returns<{ opened: boolean; path: string }>() },
  /** The speed limit in force now: the bandwidth window it comes from (or none), and until when. */
  'downloads.bandwidth': { input: noInput, output: returns<BandwidthNow>() },
  /** A completed download's receipt: its JSON text and a short plain text for the clipboard. */
  'downloads.receipt': { input: downloadId, output: returns<DownloadReceiptCopy>() },
  /** Opens a completed download's readable (HTML) receipt (Electron); browser mode answers opened: false and the path. */
  'downloads.openReceipt': { input: downloadId, output: returns<{ opened: boolean; path: string }>() },
} as const;

export const downloadsEvents = {
  /** A download was added or changed (progress at most ~10 times a second per download). */
  'downloads.changed': returns<DownloadItem>(),
  'downloads.removed': returns<{ id: string }>(),
  /** A download completed or failed: browser mode shows a toast (Electron also a system notification). */
  'downloads.finished': returns<DownloadItem>(),
  /** The speed limit in force changed (another bandwidth window began or ended, or the settings changed). */
  'downloads.bandwidth': returns<BandwidthNow>(),
} as const;
