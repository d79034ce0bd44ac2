import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../src/shared/rules/platform/external-links';
import { checkInstanceUrl } from '../../src/shared/rules/session/instance-url';
import { isAppUrl } from '../../src/main/window-options';

describe('instance URL', () => {
  it('accepts https and normalises the URL', () => {
    expect(checkInstanceUrl(' https://eu.example-rmm.com/ ')).toEqual({ ok: true, url: 'https://eu.example-rmm.com' });
    expect(checkInstanceUrl('https://rmm.example.com/base/')).toEqual({ ok: true, url: 'https://rmm.example.com/base' });
  });
  it('accepts http only for loopback', () => {
    expect(checkInstanceUrl('http://127.0.0.1:8080').ok).toBe(true);
    // All of 127.0.0.0/8 is this machine, as for the sign-in confirmation (one loopback check).
    expect(checkInstanceUrl('http://127.4.5.6:8080').ok).toBe(true);
    expect(checkInstanceUrl('http://[::1]:8080').ok).toBe(true);
    expect(checkInstanceUrl('http://127.0.0.1.evil.example').ok).toBe(false);
    expect(checkInstanceUrl('http://localhost:3000').ok).toBe(true);
    const plain = checkInstanceUrl('http://rmm.example.com');
    expect(plain.ok).toBe(false);
    if (!plain.ok) expect(plain.message).toContain('https');
  });
  it('refuses credentials, queries, other schemes and garbage', () => {
    expect(checkInstanceUrl('https://user:pw@rmm.example.com').ok).toBe(false);
    expect(checkInstanceUrl('https://rmm.example.com/?a=1').ok).toBe(false);
    expect(checkInstanceUrl('ftp://rmm.example.com').ok).toBe(false);
    expect(checkInstanceUrl('not a url').ok).toBe(false);
    expect(checkInstanceUrl('').ok).toBe(false);
  });
});

describe('external links', () => {
  it('opens only allow-listed https hosts', () => {
    expect(isAllowedExternalUrl('https://www.ninjaone.com/docs')).toBe(true);
    expect(isAllowedExternalUrl('https://ninjarmm.zendesk.com/hc/en-us/articles/1')).toBe(true);
    expect(isAllowedExternalUrl('http://www.ninjaone.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://www.ninjaone.com.evil.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://evil.example/?https://www.ninjaone.com')).toBe(false);
    expect(isAllowedExternalUrl('https://user@www.ninjaone.com/')).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedExternalUrl('file:///etc/passwd')).toBe(false);
  });
});

// The window's webPreferences are checked where they are written, in src/main/index.ts: tests/unit/window-security.test.ts.
describe('window options', () => {
  it('recognises only the app origin (and the dev server in development) as the app', () => {
    expect(isAppUrl('app://console/index.html')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('https://www.ninjaone.com/')).toBe(false);
    expect(isAppUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173')).toBe(false);
  });
});
