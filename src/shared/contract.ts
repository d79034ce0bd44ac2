/**
 * THE typed IPC contract: every call and event between the renderer and the
 * main process. Each call has a runtime input schema (zod) and an output type;
 * the router, the preload, the HTTP transport and the renderer client all
 * derive their types from this one map.
 */
import { z } from 'zod';
import type { CallResult } from './errors';
import type { BrowserLocation, CacheStatus, ConnectivityState, ListingPage } from './model/browser';
import type { BackupJob, Revision } from './model/backup';
import type { Device, Page, RecentDevice } from './model/device';
import { COLLISION_POLICIES, type DownloadFolderChoice, type DownloadItem, type DownloadRequest, type DownloadStartResult } from './model/downloads';
import { NODE_CLASSES } from './model/device';
import { COLLISION_HANDLING, type ClientSettings, type DeletionResult, type DirectoryPage, type FilePreview, type RestoreJob, type RestoreJobList, type RestoreJobSpec } from './model/restore';
import type { SessionState } from './model/session';
import { MAX_UNKNOWN_SIZE_GB_RANGE, PARALLEL_DOWNLOADS_MAX, type Settings } from './model/settings';
import { helpCalls, helpEvents } from './rules/help-contract';

/** Phantom marker for an output type: carries a type, nothing at run time. */
function returns<T>(): T {
  return undefined as unknown as T;
}

const noInput = z.strictObject({});

const shortText = (max: number) => z.string().max(max);

const entityId = z.string().min(1).max(256);
const nodeId = z.number().int().positive().max(2 ** 31);

/** Where the backup browser is: one listing (spec/backup-restore.md §4). */
export const browserLocationSchema: z.ZodType<BrowserLocation> = z.discriminatedUnion('level', [
  z.strictObject({ level: z.literal('plans'), nodeId }),
  z.strictObject({ level: z.literal('volumes'), nodeId, planUid: entityId }),
  z.strictObject({ level: z.literal('folders'), nodeId, planUid: entityId, volumeId: entityId }),
  z.strictObject({ level: z.literal('files'), nodeId, planUid: entityId, folderId: entityId }),
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

const pageIndex = z.number().int().min(0).max(100_000);

/** A path on this computer, typed or chosen by the technician (checked further in the main process). */
const localFolder = z.string().trim().min(1, 'Choose a folder to download to.').max(4096).refine((p) => !p.includes('\0'), 'Invalid folder path.');
const displayName = shortText(1024).min(1);

/** One download (spec §7): a file revision, a folder zip for a backup date, or an item of a mounted image. */
export const downloadRequestSchema: z.ZodType<DownloadRequest> = z.discriminatedUnion('kind', [
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

const remotePath = shortText(8192);
const jobUID = z.string().min(1).max(256);

/** Restore job specification, spec §3. */
export const restoreJobSpecSchema: z.ZodType<RestoreJobSpec> = z
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
const downloadId = z.strictObject({ id: z.string().uuid() });

const signInTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('demo') }),
  z.strictObject({
    kind: z.literal('instance'),
    baseUrl: shortText(2048),
    name: shortText(120).optional(),
  }),
]);

export interface AppInfo {
  name: string;
  version: string;
  mode: 'electron' | 'browser';
  platform: string;
}

export interface OpenExternalResult {
  /** True when the main process opened it; false when the renderer must (browser mode). */
  opened: boolean;
  url: string;
}

export const calls = {
  'app.info': { input: noInput, output: returns<AppInfo>() },
  /** Start notices (a database moved aside or kept in memory only); each is handed out once, then dropped. */
  'app.notices': { input: noInput, output: returns<{ notices: string[] }>() },

  'session.get': { input: noInput, output: returns<SessionState>() },
  'session.signInWithClientCredentials': {
    input: z.strictObject({
      target: signInTarget,
      clientId: shortText(256).min(1, 'Enter the client id.'),
      clientSecret: shortText(1024).min(1, 'Enter the client secret.'),
      remember: z.boolean(),
    }),
    output: returns<SessionState>(),
  },
  'session.beginBrowserSignIn': {
    input: z.strictObject({
      target: signInTarget,
      clientId: shortText(256).min(1).optional(),
      remember: z.boolean(),
    }),
    output: returns<{ authorizeUrl: string; openedExternally: boolean }>(),
  },
  'session.cancelBrowserSignIn': { input: noInput, output: returns<{ canceled: boolean }>() },
  /** Signs in again with a remembered profile whose keychain entry was kept (issue 10 point 8). */
  'session.signInAgain': { input: z.strictObject({ profileId: shortText(64).min(1) }), output: returns<SessionState>() },
  'session.signOut': { input: noInput, output: returns<SessionState>() },

  'settings.get': { input: noInput, output: returns<Settings>() },
  'settings.update': {
    input: z.strictObject({
      theme: z.enum(['light', 'dark']).optional(),
      cacheLimitMb: z.number().int().min(16).max(100_000).optional(),
      parallelDownloads: z.number().int().min(1).max(PARALLEL_DOWNLOADS_MAX).optional(),
      downloadLimitKBps: z.number().int().min(0).max(10_000_000).optional(),
      maxUnknownSizeGb: z.number().int().min(MAX_UNKNOWN_SIZE_GB_RANGE.min).max(MAX_UNKNOWN_SIZE_GB_RANGE.max).optional(),
    }),
    output: returns<Settings>(),
  },

  'devices.query': {
    input: z.strictObject({
      page: z.number().int().min(0).max(1_000_000),
      name: shortText(200).optional(),
      organization: shortText(200).optional(),
      nodeId: z.number().int().positive().optional(),
      /** Only these devices (the restore targets a client allows; issue 11 point 2): §5's nodeId filter with a list. */
      nodeIds: z.array(z.number().int().positive()).max(100_000).optional(),
      nodeClass: z.array(z.enum(NODE_CLASSES)).max(NODE_CLASSES.length).optional(),
      online: z.boolean().optional(),
      lockhartEnabled: z.boolean().optional(),
    }),
    output: returns<Page<Device>>(),
  },

  /** Opens a device: its details (from the server, or the recent list offline) and a place in the recent list. */
  'devices.open': { input: z.strictObject({ nodeId }), output: returns<Device>() },
  'devices.recent': { input: noInput, output: returns<RecentDevice[]>() },

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

  'cache.status': { input: noInput, output: returns<CacheStatus>() },
  'cache.clear': { input: noInput, output: returns<CacheStatus>() },
  'connectivity.get': { input: noInput, output: returns<ConnectivityState>() },

  'shell.openExternal': {
    input: z.strictObject({ url: shortText(4096) }),
    output: returns<OpenExternalResult>(),
  },

  /** Help panel, help ticket and demo request (src/shared/rules/help-contract.ts). */
  ...helpCalls,
} as const;

export const events = {
  'session.changed': returns<SessionState>(),
  'session.browserSignInFailed': returns<{ message: string }>(),
  /** A listing page was stored (fresh or revalidated); `reset` when its other pages were dropped. */
  'backup.listingUpdated': returns<{ key: string; page: number; reset: boolean }>(),
  'connectivity.changed': returns<ConnectivityState>(),
  /** A download was added or changed (progress at most ~10 times a second per download). */
  'downloads.changed': returns<DownloadItem>(),
  'downloads.removed': returns<{ id: string }>(),
  /** A download completed or failed: browser mode shows a toast (Electron also a system notification). */
  'downloads.finished': returns<DownloadItem>(),
  ...helpEvents,
} as const;

export type Calls = typeof calls;
export type CallChannel = keyof Calls;
/** What the renderer sends. */
export type CallInput<C extends CallChannel> = z.input<Calls[C]['input']>;
/** What a handler receives after validation. */
export type CallArgs<C extends CallChannel> = z.output<Calls[C]['input']>;
export type CallOutput<C extends CallChannel> = Calls[C]['output'];

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];

export const CALL_CHANNELS = Object.keys(calls) as CallChannel[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isCallChannel(value: unknown): value is CallChannel {
  return typeof value === 'string' && Object.hasOwn(calls, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(events, value);
}

/** The object the preload exposes as `window.api` (and the HTTP client mirrors). */
export interface ConsoleBridge {
  call(channel: string, input: unknown): Promise<CallResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** IPC channel names used by the Electron transport. */
export const IPC_CALL = 'console:call';
export const IPC_EVENT = 'console:event';
