import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildSync } from 'esbuild';
import { PROCESS_BUNDLES, PROCESS_BUNDLES_ENV } from '../helpers/processes';

/**
 * The end-to-end tests drive the built renderer: build it once (skipped when E2E_SKIP_BUILD is set and a build exists).
 * The console and the demo server they start (a hundred times and more a run) run from a bundle of each made here, so
 * none of those starts compiles TypeScript again: about a second of CPU less each. Always made afresh, from the source
 * as it is now.
 */
export default function globalSetup(): void {
  if (!(process.env.E2E_SKIP_BUILD && existsSync('out/renderer/index.html'))) {
    execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'inherit' });
  }
  for (const [script, bundle] of Object.entries(PROCESS_BUNDLES)) {
    buildSync({ entryPoints: [script], outfile: bundle, bundle: true, platform: 'node', format: 'esm', packages: 'external', target: 'node24', logLevel: 'warning' });
  }
  // Passed on to the test workers.
  process.env[PROCESS_BUNDLES_ENV] = '1';
}
