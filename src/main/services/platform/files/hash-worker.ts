/**
 * sha256 off the receive path: the running hash of each
 * download lives in one worker thread shared by all downloads, so receiving,
 * writing and hashing overlap. The main thread keeps only how many bytes it
 * handed over (`bytes`, the figure compared with the recorded offset for
 * resume) and asks for the digest once the file is complete.
 *
 * A hash that follows a file (the download's `.part`) costs the receiving
 * thread nothing but a message every 8 MiB: the worker reads the bytes just
 * written back from the file itself (the operating system's cache), on its
 * own core, checking that it opened the very file the download writes. A
 * hash without a file gets a copy of each batch.
 *
 * The worker's code is inline (no file to bundle for Electron's main process)
 * and uses Node's builtins only.
 */
import { createHash, type Hash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_CODE = `
const { parentPort } = process.getBuiltinModule('node:worker_threads');
const { createHash } = process.getBuiltinModule('node:crypto');
const fs = process.getBuiltinModule('node:fs');
const hashes = new Map();
let readBuffer = null;
const stateOf = (id) => {
  let h = hashes.get(id);
  if (!h) { h = { hash: createHash('sha256'), fd: null, hashed: 0, error: null }; hashes.set(id, h); }
  return h;
};
const close = (h) => { if (h.fd !== null) { try { fs.closeSync(h.fd); } catch {} h.fd = null; } };
// A file that cannot be read fails the hash (its digest says why) and lets go of the file.
const fail = (h, error) => { h.error = String(error && error.message || error); close(h); };
parentPort.on('message', (m) => {
  if (m.type === 'update') {
    const h = stateOf(m.id);
    h.hash.update(m.bytes);
    parentPort.postMessage({ type: 'done', id: m.id, length: m.bytes.length });
  } else if (m.type === 'follow') {
    const h = stateOf(m.id);
    try {
      h.fd = fs.openSync(m.path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
      const stat = fs.fstatSync(h.fd);
      if (m.identity && (stat.dev !== m.identity.dev || stat.ino !== m.identity.ino)) throw new Error('Another file is at the path');
    } catch (error) {
      fail(h, error);
    }
  } else if (m.type === 'extend') {
    const h = stateOf(m.id);
    const before = h.hashed;
    if (!h.error) {
      try {
        readBuffer ??= Buffer.allocUnsafe(4 * 1024 * 1024);
        while (h.hashed < m.to) {
          const n = fs.readSync(h.fd, readBuffer, 0, Math.min(readBuffer.length, m.to - h.hashed), h.hashed);
          if (n === 0) throw new Error('The file is shorter than what was written');
          h.hash.update(readBuffer.subarray(0, n));
          h.hashed += n;
        }
      } catch (error) {
        fail(h, error);
      }
    }
    // Counted as done even when it failed, so nobody waits on it; the digest says it failed.
    parentPort.postMessage({ type: 'done', id: m.id, length: m.to - before });
  } else if (m.type === 'digest') {
    const h = stateOf(m.id);
    hashes.delete(m.id);
    close(h);
    if (h.error) parentPort.postMessage({ type: 'digest', id: m.id, error: h.error });
    else parentPort.postMessage({ type: 'digest', id: m.id, hex: h.hash.digest('hex') });
  } else if (m.type === 'drop') {
    const h = hashes.get(m.id);
    if (h) close(h);
    hashes.delete(m.id);
  }
});
`;

/** Bytes handed to the worker and not hashed yet beyond which the writer is told to wait (memory stays bounded). */
export const HASH_BACKLOG_LIMIT = 64 * 1024 * 1024;
/** A hash that follows a file tells the worker how far it is written every this many bytes (and before its digest). */
const FOLLOW_STEP_BYTES = 8 * 1024 * 1024;

type Message = { type: 'done'; id: number; length: number } | { type: 'digest'; id: number; hex?: string; error?: string };

/** The file a hash follows: its path, and the file the download opened there (device and inode), when known. */
export interface FollowedFile {
  path: string;
  identity: { dev: number; ino: number } | null;
}

class HashWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  /** The worker died: every running hash is incomplete from then on. */
  private dead = false;
  private readonly backlog = new Map<number, number>();
  private readonly digests = new Map<number, { resolve: (hex: string) => void; reject: (error: Error) => void }>();
  private readonly waiting = new Map<number, Array<() => void>>();
  private readonly registry = new FinalizationRegistry<number>((id) => this.post({ type: 'drop', id }));

  private get thread(): Worker {
    if (!this.worker) {
      // Builtins only, read the same way as CommonJS or as a module; none of the parent's flags (loaders, --input-type).
      const worker = new Worker(WORKER_CODE, { eval: true, execArgv: [] });
      worker.unref();
      worker.on('message', (message: Message) => this.onMessage(message));
      worker.on('error', (error) => {
        // A worker that died takes its states with it: digests asked for fail (the caller hashes the file itself).
        for (const [id, waiter] of this.digests) {
          this.digests.delete(id);
          waiter.reject(error);
        }
        this.dead = true;
        this.worker = null;
      });
      this.worker = worker;
    }
    return this.worker;
  }

  private post(message: object, transfer: ArrayBuffer[] = []): void {
    this.thread.postMessage(message, transfer);
  }

  private onMessage(message: Message): void {
    if (message.type === 'done') {
      const left = (this.backlog.get(message.id) ?? 0) - message.length;
      this.backlog.set(message.id, left);
      if (left <= HASH_BACKLOG_LIMIT / 2) for (const wake of this.waiting.get(message.id)?.splice(0) ?? []) wake();
    } else {
      this.backlog.delete(message.id);
      this.waiting.delete(message.id);
      const waiter = this.digests.get(message.id);
      this.digests.delete(message.id);
      if (message.hex !== undefined) waiter?.resolve(message.hex);
      else waiter?.reject(new Error(`The file could not be hashed: ${message.error ?? 'unknown'}`));
    }
    // Nothing on its way: the worker no longer keeps the process alive.
    if (this.digests.size === 0 && [...this.backlog.values()].every((b) => b <= 0)) this.worker?.unref();
  }

  open(owner: object): number {
    const id = this.nextId++;
    this.backlog.set(id, 0);
    this.registry.register(owner, id, owner);
    return id;
  }

  update(id: number, bytes: Uint8Array): void {
    // A copy the worker owns: the caller's buffer is reused as soon as this returns.
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    this.backlog.set(id, (this.backlog.get(id) ?? 0) + bytes.length);
    this.thread.ref();
    this.post({ type: 'update', id, bytes: copy }, [copy.buffer]);
  }

  /** From now on the worker reads this hash's bytes from `file` (opened there, checked to be the download's own). */
  follow(id: number, file: FollowedFile): void {
    this.post({ type: 'follow', id, path: file.path, identity: file.identity });
  }

  /** The followed file's first `to` bytes are written: the worker reads and hashes up to there. */
  extend(id: number, added: number, to: number): void {
    this.backlog.set(id, (this.backlog.get(id) ?? 0) + added);
    this.thread.ref();
    this.post({ type: 'extend', id, to });
  }

  /** The hash is no longer needed: the worker lets go of it (and of the file it follows). */
  release(owner: object, id: number): void {
    this.registry.unregister(owner);
    this.backlog.delete(id);
    this.waiting.delete(id);
    if (this.worker) this.post({ type: 'drop', id });
  }

  backlogOf(id: number): number {
    return this.backlog.get(id) ?? 0;
  }

  /** Resolves once the worker is under half the backlog limit for `id`. */
  whenCaughtUp(id: number): Promise<void> {
    if (this.dead || this.backlogOf(id) <= HASH_BACKLOG_LIMIT / 2) return Promise.resolve();
    return new Promise((resolve) => {
      const list = this.waiting.get(id) ?? [];
      list.push(resolve);
      this.waiting.set(id, list);
    });
  }

  digest(owner: object, id: number): Promise<string> {
    this.registry.unregister(owner);
    if (this.dead) return Promise.reject(new Error('The hashing worker stopped.'));
    return new Promise((resolve, reject) => {
      this.digests.set(id, { resolve, reject });
      this.thread.ref();
      this.post({ type: 'digest', id });
    });
  }
}

const shared = new HashWorker();

/**
 * Where a new running hash is computed: in the worker when this process may
 * run on 2+ CPUs (`availableParallelism` follows the CPU affinity), else on
 * the calling thread: with one CPU the worker could only take turns with the
 * receiving thread, and each batch would cost a copy and two thread switches.
 */
export function hashesInWorker(): boolean {
  return availableParallelism() >= 2;
}

/**
 * A running sha256 of a file's first `bytes` bytes, computed in the worker
 * (or here, `inWorker` false). `update` hands a batch over and returns at
 * once; `digest` waits for every batch handed over, then gives the hex digest
 * (once), or fails when the worker died or could not read the file it
 * follows (the caller then hashes the file on its own).
 *
 * With `file`, in the worker, the hash follows that file: `update(chunk)`
 * only says the chunk was just written there at `bytes` (it must already be
 * in the file), and `advance(n)` that the next n bytes were there before.
 */
export class RunningHash {
  bytes = 0;
  private readonly local: Hash | null;
  private readonly id: number;
  private readonly following: boolean;
  /** Bytes said to be written that the worker has not been told about yet (following a file). */
  private unsent = 0;

  constructor(inWorker = hashesInWorker(), file: FollowedFile | null = null) {
    this.local = inWorker ? null : createHash('sha256');
    this.id = inWorker ? shared.open(this) : 0;
    this.following = inWorker && file !== null;
    if (this.following) shared.follow(this.id, file!);
  }

  /** Whether the worker computes this hash. */
  get inWorker(): boolean {
    return this.local === null;
  }

  /** Whether the worker reads the bytes from the file (nothing is copied here). */
  get followsFile(): boolean {
    return this.following;
  }

  update(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.bytes += chunk.length;
    if (this.local) this.local.update(chunk);
    else if (this.following) this.tell(chunk.length);
    else shared.update(this.id, chunk);
  }

  /** A followed file's next `length` bytes were already there (a resumed download's earlier bytes): the worker reads them. */
  advance(length: number): void {
    if (!this.following) throw new Error('Only a hash that follows a file can skip ahead');
    if (length <= 0) return;
    this.bytes += length;
    this.tell(length);
  }

  /**
   * Tells the worker how far the file is written, once FOLLOW_STEP_BYTES
   * more are there (or at once when asked): a message and a wake-up of the
   * worker per batch would cost more than reading it.
   */
  private tell(added: number, now = false): void {
    this.unsent += added;
    if (this.unsent === 0 || (!now && this.unsent < FOLLOW_STEP_BYTES)) return;
    shared.extend(this.id, this.unsent, this.bytes);
    this.unsent = 0;
  }

  /** Bytes handed over and not hashed yet: over the limit, the writer waits (`caughtUp`). */
  get backlog(): number {
    return this.local ? 0 : shared.backlogOf(this.id);
  }

  get behind(): boolean {
    return this.backlog > HASH_BACKLOG_LIMIT;
  }

  caughtUp(): Promise<void> {
    if (this.following) this.tell(0, true);
    return this.local ? Promise.resolve() : shared.whenCaughtUp(this.id);
  }

  digest(): Promise<string> {
    if (this.following) this.tell(0, true);
    return this.local ? Promise.resolve(this.local.digest('hex')) : shared.digest(this, this.id);
  }

  /** Not needed any more (the download started over or was discarded): the worker closes the file it follows now. */
  release(): void {
    if (!this.local) shared.release(this, this.id);
  }
}
