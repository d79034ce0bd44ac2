/** What the download manager is given: its store, session, settings and the platform's pieces. */
import type { CollisionPolicy, CompletionActions, DownloadItem, DownloadRequest, DownloadsSummary } from '../../../shared/model/downloads';
import type { BandwidthWindow } from '../../../shared/rules/downloads/bandwidth-windows';
import type { ApiClient } from '../platform/api/api-client';
import type { EventBus } from '../platform/events';
import type { KnownNames } from './download-names';
import type { DownloadStore } from './download-store';
import type { ReceiptOptions } from './download-receipts';
import type { MarkFromInternet } from '../platform/files/internet-mark';
import type { PartFileSystem } from '../platform/files/part-file';

export interface DownloadSettings {
  /** Downloads running at once (default 3). */
  parallelDownloads: number;
  /** Bandwidth limit for all downloads together in KiB/s; 0 = none. */
  downloadLimitKBps: number;
  /** Limits for some hours of some days; outside them `downloadLimitKBps` applies. */
  bandwidthWindows?: readonly BandwidthWindow[];
  /** Largest download of unknown size (no Content-Length), GiB (default 64). */
  maxUnknownSizeGb?: number;
  /** Where receipts are written; null or absent: beside each download. */
  receiptsFolder?: string | null;
}

export interface DownloadManagerOptions {
  store: DownloadStore;
  /** The signed-in session's API client (throws NOT_SIGNED_IN otherwise). */
  api: () => ApiClient;
  /** The signed-in profile: downloads belong to the server they came from. */
  scope: () => string | null;
  events: EventBus;
  settings: () => DownloadSettings;
  /** Names of the items the console fetched (listings, revision lists): where a download's name comes from. */
  names?: KnownNames;
  platform?: NodeJS.Platform;
  fs?: PartFileSystem;
  /** Waits between attempts after a drop; a download fails after as many attempts in a row without progress. */
  retryDelaysMs?: readonly number[];
  /** At most one progress event per download per this many ms (default 100: ~10 a second). */
  progressIntervalMs?: number;
  /** How often the received offset is written to SQLite while downloading (default 1 s). */
  persistIntervalMs?: number;
  /** The `.part` is flushed to disk (and its offset recorded) each time this many bytes were written (default 64 MiB). */
  syncEveryBytes?: number;
  /** Bodies read by the socket reader at curl's cost (default true); false: through got's stream. */
  fastBodies?: boolean;
  freeBytes?: (folder: string) => Promise<number | null>;
  /** The "from the internet" mark on a finished file (default: the one of this process's platform). */
  markFromInternet?: MarkFromInternet;
  /** Something went wrong that does not fail a download (a mark that could not be written). */
  log?: (what: string, error: unknown) => void;
  /** Overall progress changed (Electron: taskbar/dock progress and keeping the machine awake). */
  onSummary?: (summary: DownloadsSummary) => void;
  /** Every download of a queue has finished (once each time it does): its actions run (notify, open the folder). */
  onQueueFinished?: (queue: FinishedQueue) => void;
  /** What a completed download's receipt says beyond the download's own facts (names, dates, the technician). */
  receipts?: ReceiptOptions;
  now?: () => number;
  /** This boot of the machine (default: platform/boot.ts); a test gives another to stand for a restart of the machine. */
  bootId?: string;
}

export interface StartDownloadsInput {
  nodeId: number;
  folder: string;
  items: DownloadRequest[];
  /** Collision answers by item index. */
  policies?: Record<string, CollisionPolicy>;
  /** The answer for every collision ("apply to all"). */
  applyToAll?: CollisionPolicy;
  /** What to do when all of these downloads have finished (default: notify and keep the computer awake). */
  onComplete?: CompletionActions;
}

/** A queue whose downloads have all finished. */
export interface FinishedQueue {
  queueId: string;
  folder: string;
  onComplete: CompletionActions;
  items: DownloadItem[];
}
