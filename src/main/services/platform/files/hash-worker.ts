/**
 * sha256 off the receive path: the running hash of each
 * download lives in one worker thread shared by all downloads, fed with
 * batches as they are written, so receiving, writing and hashing overlap. The
 * main thread keeps only how many bytes it handed over (`bytes`, the figure
 * compared with the recorded offset for resume) and asks for the digest once
 * the file is complete.
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
const hashes = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'update') {
    let h = hashes.get(m.id);
    if (!h) { h = createHash('sha256'); hashes.set(m.id, h); }
    h.update(m.bytes);
    parentPort.postMessage({ type: 'done', id: m.id, length: m.bytes.length });
  } else if (m.type === 'digest') {
    const h = hashes.get(m.id) ?? createHash('sha256');
    hashes.delete(m.id);
    parentPort.postMessage({ type: 'digest', id: m.id, hex: h.digest('hex') });
  } else if (m.type === 'drop') {
    hashes.delete(m.id);
  }
});
`;

/** Bytes handed to the worker and not hashed yet beyond which the writer is told to wait (memory stays bounded). */
export const HASH_BACKLOG_LIMIT = 64 * 1024 * 1024;

type Message = { type: 'done'; id: number; length: number } | { type: 'digest'; id: number; hex: string };

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
      this.digests.get(message.id)?.resolve(message.hex);
      this.digests.delete(message.id);
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
 * (once), or fails when the worker died (the caller then hashes the file on
 * its own).
 */
export class RunningHash {
  bytes = 0;
  private readonly local: Hash | null;
  private readonly id: number;

  constructor(inWorker = hashesInWorker()) {
    this.local = inWorker ? null : createHash('sha256');
    this.id = inWorker ? shared.open(this) : 0;
  }

  /** Whether the worker computes this hash. */
  get inWorker(): boolean {
    return this.local === null;
  }

  update(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    if (this.local) this.local.update(chunk);
    else shared.update(this.id, chunk);
    this.bytes += chunk.length;
  }

  /** Bytes handed over and not hashed yet: over the limit, the writer waits (`caughtUp`). */
  get backlog(): number {
    return this.local ? 0 : shared.backlogOf(this.id);
  }

  get behind(): boolean {
    return this.backlog > HASH_BACKLOG_LIMIT;
  }

  caughtUp(): Promise<void> {
    return this.local ? Promise.resolve() : shared.whenCaughtUp(this.id);
  }

  digest(): Promise<string> {
    return this.local ? Promise.resolve(this.local.digest('hex')) : shared.digest(this, this.id);
  }
}
