import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The end-to-end tests drive the built renderer: build it once (skipped when E2E_SKIP_BUILD is set and a build exists). */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD && existsSync('out/renderer/index.html')) return;
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'inherit' });
}
