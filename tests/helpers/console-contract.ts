/**
 * The console as a user gets it, for the bench and for tests that stop the
 * process itself (a SIGKILL mid-download): the browser-mode process
 * (`npm run serve`, the same main-process services the desktop app runs),
 * called over its HTTP contract with the page's token, its events read from
 * the same server-sent stream the renderer listens to. A download is started
 * with `downloads.start` and is done when `downloads.finished` arrives, as
 * the downloads panel sees it.
 */
import { execFileSync } from 'node:child_process';
import type { DownloadItem, DownloadRequest, DownloadStartResult } from '../../src/shared/model/downloads';
import { startConsoleProcess, type ConsoleProcess } from './processes';
import { tempDir } from './temp';

interface ContractOptions {
  demoUrl: string;
  /** Where downloads may go (the console's --downloads-root). */
  downloadsRoot: string;
  /** The data folder; a new temp folder when not given (given again: the same console after a restart). */
  dataDir?: string;
  /** Linux CPU list for every thread of the console (taskset), e.g. "1" or "0,1". */
  cpus?: string;
  env?: NodeJS.ProcessEnv;
  /** The page to serve (default: the built renderer); tests that only call the contract give a stub. */
  rendererDir?: string;
}

type EventHandler = (event: string, payload: unknown) => void;

export class ConsoleContract {
  private readonly handlers = new Set<EventHandler>();
  private readonly abort = new AbortController();
  /** Every event received so far, oldest first: a wait looks at these before new ones. */
  readonly received: Array<{ event: string; payload: unknown }> = [];

  private constructor(
    readonly process: ConsoleProcess,
    readonly dataDir: string,
  ) {}

  /** Starts the console, pins it when asked, opens its event stream and signs in to the demo. */
  static async start(options: ContractOptions): Promise<ConsoleContract> {
    const dataDir = options.dataDir ?? tempDir('rmm-bench-console-');
    const started = await startConsoleProcess({ demoUrl: options.demoUrl, dataDir, downloadsRoot: options.downloadsRoot, env: options.env, rendererDir: options.rendererDir });
    const contract = new ConsoleContract(started, dataDir);
    if (options.cpus) contract.pin(options.cpus);
    await contract.openEvents();
    await contract.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    return contract;
  }

  get pid(): number {
    return this.process.process.pid!;
  }

  /** Pins every thread of the console (the main thread, the thread pool, the hashing worker) to `cpus`. */
  pin(cpus: string): boolean {
    if (process.platform !== 'linux') return false;
    try {
      execFileSync('taskset', ['-a', '-cp', cpus, String(this.pid)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }

  /** One call, as the page makes it: POST /rpc/<channel> with the token. */
  async call<T = unknown>(channel: string, input: unknown = {}): Promise<T> {
    const res = await fetch(`${this.process.origin}/rpc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.process.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const answer = (await res.json()) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
    if (!answer.ok) throw Object.assign(new Error(`${channel}: ${answer.error.message}`), { code: answer.error.code });
    return answer.value;
  }

  /** The event stream, opened as the page opens it: a one-time ticket, then GET /events. */
  private async openEvents(): Promise<void> {
    const issued = await fetch(`${this.process.origin}/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${this.process.token}` } });
    const { ticket } = (await issued.json()) as { ticket: string };
    const res = await fetch(`${this.process.origin}/events?ticket=${encodeURIComponent(ticket)}`, { signal: this.abort.signal });
    if (!res.ok || !res.body) throw new Error(`The event stream did not open (${res.status})`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = text.indexOf('\n\n')) !== -1) {
            const frame = text.slice(0, end);
            text = text.slice(end + 2);
            if (!frame.startsWith('data: ')) continue;
            const { event, payload } = JSON.parse(frame.slice(6)) as { event: string; payload: unknown };
            this.received.push({ event, payload });
            for (const handler of this.handlers) handler(event, payload);
          }
        }
      } catch {
        // The console stopped (or was killed): the stream ends with it.
      }
    })();
  }

  /** Calls `handler` for every event until the returned function is called. */
  on(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * Resolves with the downloads once `downloads.finished` arrived for each
   * (also when it arrived before this was called); rejects when one did not
   * complete.
   */
  finished(ids: readonly string[]): Promise<DownloadItem[]> {
    const pending = new Set(ids);
    const done: DownloadItem[] = [];
    return new Promise((resolve, reject) => {
      let off = () => {};
      const look = (event: string, payload: unknown) => {
        if (event !== 'downloads.finished') return;
        const item = payload as DownloadItem;
        if (!pending.delete(item.id)) return;
        if (item.state !== 'completed') {
          off();
          reject(new Error(`${item.fileName}: ${item.error?.message ?? item.state}`));
          return;
        }
        done.push(item);
        if (pending.size === 0) {
          off();
          resolve(done);
        }
      };
      off = this.on(look);
      for (const { event, payload } of [...this.received]) look(event, payload);
    });
  }

  /** Starts downloads into `folder` (an existing file is overwritten); resolves with their ids. */
  async start(nodeId: number, folder: string, items: DownloadRequest[]): Promise<string[]> {
    const result = await this.call<DownloadStartResult>('downloads.start', { nodeId, folder, items, applyToAll: 'overwrite' });
    return result.started.map((s) => s.id);
  }

  /** Starts downloads into `folder` and waits until all completed. */
  async download(nodeId: number, folder: string, items: DownloadRequest[]): Promise<DownloadItem[]> {
    return this.finished(await this.start(nodeId, folder, items));
  }

  /** Stops the console as a user quits it (SIGTERM: downloads keep their place). */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.process.stop();
  }

  /** Kills the console outright (SIGKILL: no shutdown code runs), and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.process.process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
    this.abort.abort();
  }
}
