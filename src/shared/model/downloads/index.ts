/**
 * Local downloads of backup data (spec/backup-restore.md §2 "Download dialogs",
 * §7): a file revision, a folder as a zip for a backup date, or an item of a
 * mounted image. The main process streams them to `<name>.part` beside the
 * target and renames them only when complete and verified.
 */

/** What to download; `name` is the name the listing showed (sanitized before it touches disk). */
export type DownloadRequest =
  | { kind: 'revision'; nodeId: number; planUid: string; revisionId: string; name: string }
  | { kind: 'folder'; nodeId: number; planUid: string; folderId: string; jobId: string; restoreDeleted: boolean; name: string }
  | { kind: 'image'; nodeId: number; planUid: string; revisionId: string; path: string; type: 'FILE' | 'FOLDER'; name: string };

export const DOWNLOAD_STATES = ['queued', 'downloading', 'paused', 'completed', 'failed', 'canceled'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** States a download can still move on from by itself. */
export const ACTIVE_DOWNLOAD_STATES: readonly DownloadState[] = ['queued', 'downloading'];

/** When the target file already exists: keep both (" (1)"), overwrite it, or skip the item. */
export const COLLISION_POLICIES = ['keepBoth', 'overwrite', 'skip'] as const;
export type CollisionPolicy = (typeof COLLISION_POLICIES)[number];

export interface DownloadItem {
  id: string;
  request: DownloadRequest;
  /** The sanitized file name on disk. */
  fileName: string;
  folder: string;
  targetPath: string;
  state: DownloadState;
  /** Bytes of the whole file, once the server has said. */
  totalBytes: number | null;
  receivedBytes: number;
  /** Recent speed, bytes per second (0 when not downloading). */
  bytesPerSecond: number;
  /** Seconds left at the recent speed, when it can be told. */
  etaSeconds: number | null;
  /** What went wrong (failed), or why it waits (queued after a drop). */
  error?: { code: string; message: string };
  /** A note shown under the progress, e.g. "Connection dropped, retrying in 2 s". */
  note?: string;
  /** The server sent a checksum and the file matched it. */
  verified: 'size' | 'checksum' | null;
  createdAt: number;
  finishedAt: number | null;
  /** The downloads started together share a queue; its actions run when all of them have finished. */
  queueId: string;
  onComplete: CompletionActions;
  /** A completed download's receipt files, or why they could not be written (the download itself still completed). */
  receipt?: DownloadReceiptRef;
}

/** Where a download's receipt was written (JSON and HTML), or why it could not be. */
export type DownloadReceiptRef = { jsonPath: string; htmlPath: string } | { error: string };

/** 'downloads.receipt': the receipt of a completed download, as JSON text and as a short plain text for the clipboard. */
export interface DownloadReceiptCopy {
  json: string;
  text: string;
  jsonPath: string;
  htmlPath: string;
}

/** What to do when every download of a queue has finished (chosen when starting them). */
export interface CompletionActions {
  /** One notification for the whole queue. */
  notify: boolean;
  /** Open the folder the queue downloaded to. */
  openFolder: boolean;
  /** Keep the computer from sleeping while the queue runs; allowed again once it is done. */
  keepAwake: boolean;
}

export const DEFAULT_COMPLETION_ACTIONS: CompletionActions = { notify: true, openFolder: false, keepAwake: true };

export interface DownloadConflict {
  /** Index of the item in the start request. */
  index: number;
  fileName: string;
}

export interface DownloadStartResult {
  started: DownloadItem[];
  /** Names skipped by the collision policy. */
  skipped: string[];
  /** Targets that exist and have no policy yet: nothing was started; ask, then start again with policies. */
  conflicts: DownloadConflict[];
}

export interface DownloadFolderChoice {
  folder: string;
  /** The folder was chosen for this device before (remembered per device). */
  remembered: boolean;
}

/** Overall progress of the running downloads (taskbar/dock progress, keep-awake). */
export interface DownloadsSummary {
  active: number;
  /** 0..1 over the downloads whose size is known; null when nothing runs. */
  fraction: number | null;
  /** A download of a queue that asked to keep the computer awake is still to finish. */
  keepAwake: boolean;
}
