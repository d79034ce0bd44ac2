/**
 * Every shell.openExternal goes through one guarded function: the decision (links on the allow-list; exactly the authorize page of
 * the instance being signed in to), and a source check that no other file
 * calls shell.openExternal.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideExternalOpen, LINK_REFUSED_MESSAGE, openAllowedLink, SIGN_IN_REFUSED_MESSAGE } from '../../src/main/services/session/external-open';

const ROOT = resolve(import.meta.dirname, '../..');
const authorize = (base: string, redirect = 'http://127.0.0.1:50123/callback') =>
  `${base}/ws/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'rmm-console', redirect_uri: redirect, state: 's', code_challenge: 'c', code_challenge_method: 'S256' })}`;

describe('what the system browser may open', () => {
  it('links: only allow-listed https URLs', () => {
    expect(decideExternalOpen('https://www.ninjaone.com/docs/backup/')).toEqual({ allowed: true, url: 'https://www.ninjaone.com/docs/backup/' });
    for (const url of ['https://evil.example/', 'http://www.ninjaone.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:', authorize('https://eu.rmm.example.com')]) {
      expect(decideExternalOpen(url), url).toEqual({ allowed: false, message: LINK_REFUSED_MESSAGE });
    }
  });

  it('a link the renderer asks for: refused off the list; opened by the main process when it can, else handed back', async () => {
    const opened: string[] = [];
    const open = async (url: string) => void opened.push(url);
    await expect(openAllowedLink('https://evil.example/', open)).rejects.toMatchObject({ code: 'FORBIDDEN', message: LINK_REFUSED_MESSAGE });
    expect(await openAllowedLink('https://www.ninjaone.com/docs/backup/', open)).toEqual({ opened: true, url: 'https://www.ninjaone.com/docs/backup/' });
    expect(await openAllowedLink('https://www.ninjaone.com/docs/backup/', undefined)).toEqual({ opened: false, url: 'https://www.ninjaone.com/docs/backup/' });
    expect(opened).toEqual(['https://www.ninjaone.com/docs/backup/']);
  });

  it('sign-in: exactly the authorize page of the instance being signed in to', () => {
    const instance = 'https://eu.rmm.example.com';
    const url = authorize(instance);
    expect(decideExternalOpen(url, { kind: 'sign-in', instance })).toEqual({ allowed: true, url });
    const withPath = 'https://rmm.example.com/base';
    expect(decideExternalOpen(authorize(withPath), { kind: 'sign-in', instance: withPath }).allowed).toBe(true);
    expect(decideExternalOpen(authorize('http://127.0.0.1:8787'), { kind: 'sign-in', instance: 'http://127.0.0.1:8787' }).allowed).toBe(true);
  });

  it('sign-in: refuses another host, another path, another scheme, a remote redirect or credentials in the URL', () => {
    const instance = 'https://eu.rmm.example.com';
    const refused = { allowed: false, message: SIGN_IN_REFUSED_MESSAGE };
    for (const url of [
      authorize('https://evil.example'),
      authorize('https://eu.rmm.example.com.evil.example'),
      authorize('http://eu.rmm.example.com'),
      'https://eu.rmm.example.com/ws/oauth/token?response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb',
      'https://eu.rmm.example.com/download/setup.exe',
      authorize(instance, 'https://evil.example/callback'),
      authorize(instance).replace('https://', 'https://user:pw@'),
      `${authorize(instance)}#fragment`,
      authorize(instance).replace('response_type=code', 'response_type=token'),
      'file:///C:/Windows/System32/calc.exe',
      'not a url',
    ]) {
      expect(decideExternalOpen(url, { kind: 'sign-in', instance }), url).toEqual(refused);
    }
    expect(decideExternalOpen(authorize('http://rmm.example.com'), { kind: 'sign-in', instance: 'http://rmm.example.com' })).toEqual(refused);
  });
});

describe('shell.openExternal in the sources', () => {
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx|cjs|mjs|js)$/.test(name) ? [path] : [];
    });
  }

  /** The code without comments (they may name shell.openExternal); channel names in quotes do not count either. */
  const code = (file: string) =>
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
  /** A use of Electron's shell.openExternal: a call or reference, a destructuring, or a computed access to shell. */
  const USE = /(?<![\w'"`.])shell\s*\.\s*openExternal\b|\bopenExternal\b[^}]*}\s*=\s*shell\b|\bshell\s*\[/;

  it('is called in one file only, src/main/open-external.ts', () => {
    const callers = files(join(ROOT, 'src'))
      .filter((file) => USE.test(code(file)))
      .map((file) => relative(ROOT, file));
    expect(callers).toEqual(['src/main/open-external.ts']);
  });

  it('the check sees the ways around it', () => {
    for (const sneaky of ['void shell.openExternal(url);', 'const open = shell .openExternal;', 'const { openExternal } = shell;', "shell['openExternal'](url)"]) {
      expect(USE.test(sneaky), sneaky).toBe(true);
    }
    expect(USE.test("'shell.openExternal': async ({ url }) => {")).toBe(false);
  });
});
