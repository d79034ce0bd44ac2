/**
 * The README works for a plain clone. Its commands run as
 * written (the headless line installs without the Electron binary; `npm start`
 * fetches the binary npm ci no longer downloads), and it points at nothing
 * outside the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { bin?: Record<string, string>; scripts?: Record<string, string> };

describe('README for a plain clone', () => {
  it('keeps its two first commands: install and start on the demo, run all tests', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.split('\n').filter(Boolean).map((line) => line.split('#')[0]!.trim())).toEqual(['npm ci && npm start', 'npm test']);
  });

  it('gives the headless set-up line as a command that needs no Electron binary', () => {
    expect(readme).toContain('```sh\nELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci && npm run serve\n```');
    // Browser mode builds and serves without Electron: nothing in its script starts the binary.
    expect(scripts.serve).not.toMatch(/electron-vite dev|electron-vite preview|install-electron/);
  });

  it('npm start fetches the Electron binary first when npm ci did not', () => {
    // Electron's package has no install script: the binary comes from its install-electron command.
    expect(electron.scripts?.postinstall).toBeUndefined();
    expect(electron.bin?.['install-electron']).toBeDefined();
    expect(scripts.start).toMatch(/^install-electron && electron-vite dev$/);
  });

  it('links and points at nothing outside the repository', () => {
    expect(readme).not.toMatch(/\.\.\//);
    expect(readme).not.toMatch(/\]\(\s*(https?:|\/\/)/);
    expect(readme).not.toMatch(/<https?:\/\//);
    for (const [, target] of readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      expect(existsSync(join(root, target!)), `README links ${target}`).toBe(true);
    }
  });
});
