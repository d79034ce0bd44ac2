/**
 * Real processes for integration and end-to-end tests: the demo API server
 * (`npm run demo-server`) and the browser-mode console (`npm run serve`),
 * each started with tsx, or from its bundle when the end-to-end setup made
 * one, and stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface RunningProcess {
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** The scripts the end-to-end setup bundles (relative to the repository), and where each bundle goes. */
export const PROCESS_BUNDLES: Readonly<Record<string, string>> = {
  'src/main/serve.ts': 'out/e2e/serve.mjs',
  'src/demo-server/cli.ts': 'out/e2e/demo-server.mjs',
};
/** Set (by the end-to-end setup) when the bundles were made for this run. */
export const PROCESS_BUNDLES_ENV = 'RMM_TEST_PROCESS_BUNDLES';

function startTs(script: string, args: string[], env: NodeJS.ProcessEnv, readyPattern: RegExp): Promise<RunningProcess & { match: RegExpMatchArray }> {
  const bundle = process.env[PROCESS_BUNDLES_ENV] ? PROCESS_BUNDLES[script] : undefined;
  const entry = bundle ? [join(ROOT, bundle)] : ['--import', 'tsx', join(ROOT, script)];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolveStop) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
      child.once('exit', () => resolveStop());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start in time. Output:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(readyPattern);
      if (match) {
        clearTimeout(timer);
        resolveStart({ process: child, output: () => output, stop, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}. Output:\n${output}`));
    });
  });
}

export const DEMO_ADMIN_KEY = 'e2e-admin';

export interface DemoProcess extends RunningProcess {
  url: string;
  port: number;
  /** Changes the running demo server's configuration (fault injection, flags, token lifetimes). */
  configure(patch: Record<string, unknown>): Promise<void>;
  revokeAllTokens(): Promise<void>;
}

export async function startDemoProcess(args: string[] = []): Promise<DemoProcess> {
  const started = await startTs('src/demo-server/cli.ts', ['--admin-key', DEMO_ADMIN_KEY, ...args], {}, /listening at (https?:\/\/127\.0\.0\.1:(\d+))/);
  const url = started.match[1]!;
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-demo-admin': DEMO_ADMIN_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`demo admin ${path}: ${res.status}`);
  };
  return {
    ...started,
    url,
    port: Number(started.match[2]),
    configure: (patch) => admin('PATCH', '/__demo/config', patch),
    revokeAllTokens: () => admin('POST', '/__demo/revoke-all'),
  };
}

export interface ConsoleProcess extends RunningProcess {
  /** The URL with the token, as printed (the page takes the token from it and keeps it in its tab). */
  url: string;
  origin: string;
  token: string;
  dataDir: string;
}

export async function startConsoleProcess(options: {
  demoUrl: string;
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Where downloads may be (default: the temp folder the tests write in). */
  downloadsRoot?: string;
  /** The page to serve (default: the built renderer). */
  rendererDir?: string;
}): Promise<ConsoleProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rmm-console-e2e-'));
  const args = ['--data-dir', dataDir, '--demo-url', options.demoUrl, '--downloads-root', options.downloadsRoot ?? tmpdir()];
  if (options.port) args.push('--port', String(options.port));
  if (options.rendererDir) args.push('--renderer-dir', options.rendererDir);
  const started = await startTs('src/main/serve.ts', args, options.env ?? {}, /Open: (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/);
  const origin = started.match[1]!;
  const token = started.match[2]!;
  return { ...started, url: `${origin}/?token=${token}`, origin, token, dataDir };
}
