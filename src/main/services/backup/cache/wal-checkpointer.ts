/**
 * Checkpoints a WAL database on a worker thread. SQLite's
 * automatic checkpoint runs inside the commit that crosses its threshold: on
 * the main process's thread, it copied the WAL back into the file and synced
 * it in the middle of storing a listing (about a sixth of the time storing
 * 100,000 items took). Here a second connection on a worker does it while the
 * main thread goes on: a PASSIVE checkpoint never blocks the writer, and a
 * crash at any point leaves a database SQLite recovers (the WAL's own rules).
 *
 * - A checkpoint is asked for once about WAL_BYTES of rows were written since
 *   the last one; one runs at a time, and one more follows if writes came meanwhile.
 * - While it works, the main connection's own automatic checkpoint is pushed
 *   far out (SAFETY_NET_PAGES), as a safety net only; if the worker cannot
 *   start or fails, `onFailure` puts it back and this stops asking.
 * - `close()` ends the worker's connection; it must run before the file is
 *   moved aside (Windows cannot rename a file another connection holds open).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** About this many bytes of stored rows (their text; the WAL holds more with the indexes) between checkpoints. */
const WAL_BYTES = 4 * 1024 * 1024;
/** The main connection's automatic checkpoint while the worker does them: 32 MiB of WAL pages. */
export const SAFETY_NET_PAGES = 8192;
/** How long closing waits for the worker's connection to close. */
const CLOSE_WAIT_MS = 2_000;
/** SQLite's default. */
export const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// CommonJS read by the worker (eval); builtins and the same better-sqlite3 the main thread loaded.
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  const state = new Int32Array(workerData.state);
  if (message === 'close') {
    db.close();
    Atomics.store(state, 0, 1);
    Atomics.notify(state, 0);
    parentPort.close();
    return;
  }
  let answer;
  try {
    answer = { result: db.pragma('wal_checkpoint(PASSIVE)')[0] };
  } catch (error) {
    answer = { error: String((error && error.code) || error) };
  }
  Atomics.store(state, 1, 0);
  parentPort.postMessage(answer);
});
`;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

interface WalCheckpointerOptions {
  /** The worker could not start or a checkpoint failed: the main connection checkpoints itself again. */
  onFailure: (reason: string) => void;
  /** Tests: after each checkpoint. */
  onCheckpoint?: (result: CheckpointResult) => void;
  walBytes?: number;
}

export class WalCheckpointer {
  private worker: Worker | null = null;
  /**
   * Shared with the worker: [0] is 1 once its connection is closed, [1] is 1
   * while a checkpoint runs (read at once, though the main thread may be busy
   * storing page after page and not yet have its message).
   */
  private readonly state = new Int32Array(new SharedArrayBuffer(8));
  private written = 0;
  private stopped = false;

  constructor(
    private readonly file: string,
    private readonly options: WalCheckpointerOptions,
  ) {}

  /** `bytes` of rows were committed. */
  wrote(bytes: number): void {
    if (this.stopped) return;
    this.written += bytes;
    this.maybeRun();
  }

  private maybeRun(): void {
    if (this.stopped || this.written < (this.options.walBytes ?? WAL_BYTES)) return;
    // One at a time; the bytes written meanwhile wait for the next one.
    if (Atomics.load(this.state, 1) === 1) return;
    const worker = this.thread();
    if (!worker) return;
    this.written = 0;
    Atomics.store(this.state, 1, 1);
    worker.postMessage('checkpoint');
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    try {
      const module = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(WORKER_CODE, { eval: true, execArgv: [], workerData: { file: this.file, module, state: this.state.buffer } });
      worker.unref();
      worker.on('message', (message: { result?: CheckpointResult; error?: string }) => {
        if (message.error !== undefined) {
          this.fail(`a checkpoint failed (${message.error})`);
          return;
        }
        if (message.result) this.options.onCheckpoint?.(message.result);
        this.maybeRun();
      });
      worker.on('error', (error) => this.fail(`the checkpoint thread failed (${error.name})`));
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = null;
        if (!this.stopped) this.fail('the checkpoint thread ended');
      });
      this.worker = worker;
      return worker;
    } catch (error) {
      this.fail(`the checkpoint thread could not start (${error instanceof Error ? error.name : 'error'})`);
      return null;
    }
  }

  private fail(reason: string): void {
    if (this.stopped) return;
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.options.onFailure(reason);
  }

  /**
   * Ends the worker's connection and waits (up to CLOSE_WAIT_MS: a checkpoint
   * under way finishes first) until it is closed, so the file can be moved.
   */
  close(): void {
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage('close');
    Atomics.wait(this.state, 0, 0, CLOSE_WAIT_MS);
    void worker.terminate();
  }
}
