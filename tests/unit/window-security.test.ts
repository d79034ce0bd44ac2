/**
 * The main window's webPreferences are a literal at the `new BrowserWindow`
 * call in src/main/index.ts, where reviewers and scanners
 * (e.g. Electronegativity) read them: this test reads them there too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowSessionDownload } from '../../src/main/window-options';

const MAIN_DIR = resolve(import.meta.dirname, '../../src/main');
const INDEX = readFileSync(join(MAIN_DIR, 'index.ts'), 'utf8');

/** The text of the object literal passed to `new BrowserWindow(`, braces balanced. */
function windowLiteral(source: string): string {
  const start = source.indexOf('new BrowserWindow({');
  expect(start).toBeGreaterThan(-1);
  let depth = 0;
  for (let i = source.indexOf('{', start); i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
  }
  throw new Error('unbalanced literal');
}

function webPreferences(literal: string): Map<string, string> {
  const body = literal.slice(literal.indexOf('webPreferences: {') + 'webPreferences: {'.length, literal.lastIndexOf('}', literal.length - 2));
  const entries = new Map<string, string>();
  for (const line of body.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const match = /^(\w+): (.+?),?$/.exec(line);
    if (!match) throw new Error(`not a plain key: value line in webPreferences: ${line}`);
    entries.set(match[1]!, match[2]!);
  }
  return entries;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the main window', () => {
  const prefs = webPreferences(windowLiteral(INDEX));

  it('is created with the Electron security checklist written out at the call', () => {
    expect(Object.fromEntries(prefs)).toEqual({
      preload: "join(import.meta.dirname, '../preload/index.cjs')",
      sandbox: 'true',
      contextIsolation: 'true',
      nodeIntegration: 'false',
      nodeIntegrationInWorker: 'false',
      nodeIntegrationInSubFrames: 'false',
      webSecurity: 'true',
      allowRunningInsecureContent: 'false',
      experimentalFeatures: 'false',
      webviewTag: 'false',
      navigateOnDragDrop: 'false',
      safeDialogs: 'true',
      disableBlinkFeatures: "'Auxclick'",
      spellcheck: 'true',
    });
  });

  it('takes no webPreferences from elsewhere (no spread, no enableBlinkFeatures)', () => {
    const literal = windowLiteral(INDEX);
    const prefsText = literal.slice(literal.indexOf('webPreferences'));
    expect(prefsText).not.toContain('...');
    expect(literal).not.toContain('enableBlinkFeatures');
  });

  it('is the only window the main process creates', () => {
    const creators = sourceFiles(MAIN_DIR).filter((file) => readFileSync(file, 'utf8').includes('new BrowserWindow('));
    expect(creators).toEqual([join(MAIN_DIR, 'index.ts')]);
  });
});

describe("the window session's downloads", () => {
  it('go ahead only when the console started them itself, once: a link, a data: or blob: URL the renderer downloads is canceled', () => {
    const started = new Set<string>();
    for (const url of ['data:image/png;base64,iVBORw0KGgo=', 'blob:app://console/5b1f', 'https://instance.example/file.exe', 'app://console/index.html']) {
      expect(allowSessionDownload(url, started), url).toBe(false);
    }
    started.add('https://instance.example/report.pdf');
    expect(allowSessionDownload('https://instance.example/report.pdf?x=1', started)).toBe(false);
    expect(allowSessionDownload('https://instance.example/report.pdf', started)).toBe(true);
    expect(allowSessionDownload('https://instance.example/report.pdf', started)).toBe(false);
  });

  it('are decided by that rule in the main process: every will-download of the session is checked', () => {
    expect(INDEX).toMatch(/session\.defaultSession\.on\('will-download', \(event, item\) => \{\s*if \(!allowSessionDownload\(item\.getURL\(\), consoleDownloads\)\) event\.preventDefault\(\);/);
  });
});
