/**
 * Browser mode (`npm run serve`): the demo server, the same main-process
 * services and the built renderer on 127.0.0.1. Prints the URL to open.
 *   --port N         listen port (default: a free one)
 *   --data-dir DIR   where profiles, settings and the cache live
 *   --demo-url URL   use an already running demo server instead of the embedded one
 *   --renderer-dir   the built renderer (default: out/renderer)
 *   --downloads-root DIR  downloads are accepted only in this folder and folders
 *                    under it (default: the user's Downloads folder; the page is untrusted)
 *   --allow-instance URL  an instance the page may sign in to without a saved profile
 *                    (repeatable or comma-separated). Without it only the demo, loopback
 *                    instances and those signed in to before are.
 * RMM_EXTRA_CA_CERTS=FILE  also trust the certificate authorities (PEM) in FILE for https,
 *                    e.g. a private CA of an instance, or the bench's TLS demo server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { embeddedDemo } from './embedded-demo';
import { startBrowserModeServer } from './ipc/http-transport';
import { defaultDataDir } from './paths';
import { trustExtraCertificateAuthoritiesFromEnv } from './services/platform/api/extra-ca';
import { createConsoleServices } from './app-services';
import { defaultDownloadsFolder } from './services/platform/files/paths';
import { acquireDataLock } from './services/platform/data-lock';
import { parseAllowedInstances } from './services/session/session-rules';
import { loadKeytar } from './services/session/vault';

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'demo-url': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'downloads-root': { type: 'string' },
      'allow-instance': { type: 'string', multiple: true },
    },
  });
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const extraCas = trustExtraCertificateAuthoritiesFromEnv();
  if (extraCas > 0) console.log(`Trusting ${extraCas} extra certificate ${extraCas === 1 ? 'authority' : 'authorities'} from RMM_EXTRA_CA_CERTS.`);
  // One data folder, one process: a second console on it stops here with a clear
  // message (main() prints it and exits 1). A lock left by a killed process is taken over.
  const lock = acquireDataLock(dataDir);
  const root = packageRoot();
  const rendererDir = resolve(values['renderer-dir'] ?? join(root, 'out', 'renderer'));
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error(`The renderer is not built (${rendererDir}). Run "npm run build" first.`);
  }
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const demo = embeddedDemo(values['demo-url']);
  const services = createConsoleServices({
    dataDir,
    keytar: await loadKeytar(),
    demo,
    platform: {
      mode: 'browser',
      downloadsRoot: resolve(values['downloads-root'] ?? defaultDownloadsFolder()),
      allowedInstances: parseAllowedInstances(values['allow-instance'] ?? []),
    },
    appVersion: version,
    logError: (channel, error) => console.error(`[${channel}]`, error instanceof Error ? error.name : 'error'),
  });
  const server = await startBrowserModeServer({
    router: services.router,
    events: services.events,
    rendererDir,
    port: values.port ? Number(values.port) : 0,
  });
  console.log(`Technician console (browser mode) ready. Open: ${server.url}`);
  // Silent sign-in runs in the background; the page follows it through session events.
  void services.start();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await services.dispose();
    await server.close();
    await demo.close();
    lock.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
