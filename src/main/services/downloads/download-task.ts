/** One download as the manager runs it: its stored state plus what only the running process knows. */
import type { StoredDownload } from './download-store';
import type { PartIdentity, RunningHash } from '../platform/files/part-file';

export type StopReason = 'pause' | 'cancel' | 'signout' | 'shutdown' | 'remove';

export interface Task {
  stored: StoredDownload;
  controller: AbortController | null;
  stopReason: StopReason | null;
  running: Promise<void> | null;
  hash: RunningHash | null;
  samples: Array<{ at: number; bytes: number }>;
  lastEmit: number;
  lastPersist: number;
  emitTimer: NodeJS.Timeout | null;
  note?: string;
  /** Held until the technician signs in again (the session expired mid-download). */
  waitingForSignIn: boolean;
  /**
   * Loaded from SQLite at start: unless its `.part` was last written on this
   * boot of the machine (`sameBoot`), the first attempt trusts it only up to
   * the recorded flushed offset (a power loss may have left a zero tail).
   */
  afterRestart: boolean;
  /** Its `.part` was last written on this boot of the machine: a crash of the console lost none of it. */
  sameBoot: boolean;
  /** The `.part` this process opened (device and inode): completion renames only that file. */
  partIdentity: PartIdentity | null;
  /**
   * The instance's origin, taken when the attempt started: the file's "from
   * the internet" mark names it even when the session ends before the file is
   * finished.
   */
  origin: string | null;
  /** The server announced the size (Content-Length) in its last answer: a completed size was verified against it. */
  sizeAnnounced: boolean;
}

export function newTask(stored: StoredDownload, restart: { sameBoot: boolean } | null = null): Task {
  return {
    stored,
    controller: null,
    stopReason: null,
    running: null,
    hash: null,
    samples: [],
    lastEmit: 0,
    lastPersist: 0,
    emitTimer: null,
    waitingForSignIn: false,
    afterRestart: restart !== null,
    sameBoot: restart?.sameBoot ?? true,
    partIdentity: null,
    origin: null,
    sizeAnnounced: true,
  };
}

/** The task's running hash no longer matches its `.part`: let it go (the hashing worker closes the file it reads). */
export function dropHash(task: Task): void {
  task.hash?.release();
  task.hash = null;
}
