/**
 * Which requests may carry the bearer header and which
 * redirects are followed, decided by origin (scheme, host, port), never by
 * string prefix.
 */
import { describe, expect, it } from 'vitest';
import { decideRedirect, mayCarryCredentials, originOf, redirectRefusedError, refusedRedirectReason } from '../../src/main/services/platform/api/redirect-policy';
import { answerTooLargeError, isPastBound, MAX_JSON_BYTES } from '../../src/main/services/platform/api/response-limits';

const API = 'https://rmm.example.com';

describe('mayCarryCredentials', () => {
  it('is true only on exactly the instance origin', () => {
    expect(mayCarryCredentials('https://rmm.example.com/api/appuser/current', API)).toBe(true);
    expect(mayCarryCredentials('https://rmm.example.com:443/api/x', API)).toBe(true);
    expect(mayCarryCredentials('https://RMM.example.com/api/x', API)).toBe(true);
  });

  it('is false for a prefix look-alike, another port, another host, another scheme', () => {
    expect(mayCarryCredentials('https://rmm.example.com.evil.test/api', API)).toBe(false);
    expect(mayCarryCredentials('https://rmm.example.com:8443/api', API)).toBe(false);
    expect(mayCarryCredentials('https://storage.example.com/api', API)).toBe(false);
    expect(mayCarryCredentials('http://rmm.example.com/api', API)).toBe(false);
    expect(mayCarryCredentials('http://127.0.0.1:8081/api', 'http://127.0.0.1:8080')).toBe(false);
  });

  it('is false for what has no origin or cannot be read', () => {
    expect(mayCarryCredentials(undefined, API)).toBe(false);
    expect(mayCarryCredentials('not a url', API)).toBe(false);
    expect(mayCarryCredentials('data:text/plain,hi', API)).toBe(false);
    expect(mayCarryCredentials('https://rmm.example.com/x', 'nonsense')).toBe(false);
    expect(originOf('file:///etc/passwd')).toBeNull();
  });
});

describe('decideRedirect', () => {
  const from = 'https://rmm.example.com/api/appuser/current';

  it('follows a redirect that stays on the instance origin, absolute or relative', () => {
    const absolute = decideRedirect(from, 'https://rmm.example.com/api/v2/appuser/current', API);
    expect(absolute).toMatchObject({ follow: true });
    const relative = decideRedirect(from, '/api/v2/appuser/current?x=1', API);
    expect(relative.follow).toBe(true);
    if (relative.follow) expect(relative.url.href).toBe('https://rmm.example.com/api/v2/appuser/current?x=1');
    const sibling = decideRedirect(from, 'current2', API);
    expect(sibling.follow && sibling.url.pathname).toBe('/api/appuser/current2');
  });

  it('refuses another port of the same host', () => {
    expect(decideRedirect('http://127.0.0.1:8080/api/x', 'http://127.0.0.1:8081/api/x', 'http://127.0.0.1:8080')).toEqual({
      follow: false,
      reason: 'cross-origin',
    });
  });

  it('refuses another host, including a protocol-relative Location', () => {
    expect(decideRedirect(from, 'https://collector.evil.test/steal', API)).toEqual({ follow: false, reason: 'cross-origin' });
    expect(decideRedirect(from, '//collector.evil.test/steal', API)).toEqual({ follow: false, reason: 'cross-origin' });
  });

  it('refuses https to http, even on the same host', () => {
    expect(decideRedirect(from, 'http://rmm.example.com/api/appuser/current', API)).toEqual({ follow: false, reason: 'downgrade' });
  });

  it('refuses a redirect that leaves the instance from a request already elsewhere', () => {
    // A request that was not on the instance (should never carry the bearer) is not helped back by a redirect either way.
    expect(decideRedirect('https://other.example.com/a', 'https://other.example.com/b', API)).toEqual({ follow: false, reason: 'cross-origin' });
  });

  it('refuses a Location it cannot read', () => {
    expect(decideRedirect(from, 'http://[::1', API)).toEqual({ follow: false, reason: 'unreadable' });
    expect(decideRedirect('not a url', '/x', API)).toEqual({ follow: false, reason: 'unreadable' });
  });
});

describe('redirectRefusedError', () => {
  it('names the instance host, says why, and never the target address', () => {
    const crossOrigin = redirectRefusedError('rmm.example.com', 'cross-origin');
    expect(crossOrigin.code).toBe('REDIRECT_REFUSED');
    expect(crossOrigin.message).toBe(
      'The server rmm.example.com redirected the request to another address; the console does not follow it with your credentials.',
    );
    expect(redirectRefusedError('rmm.example.com', 'downgrade').message).toContain('unencrypted (http)');
    expect(redirectRefusedError('rmm.example.com', 'not-followed').message).toBe(
      'The server rmm.example.com answered with a redirect; the console does not send credentials on to another address.',
    );
  });
});

describe('refusedRedirectReason (calls that follow no redirect: token calls, uploads, signed URLs)', () => {
  it('says where a redirect goes when it leaves the origin, and only that it is not followed when it stays', () => {
    const from = 'https://rmm.example.com/api/zendesk/uploads';
    expect(refusedRedirectReason(from, '/api/elsewhere', API)).toBe('not-followed');
    expect(refusedRedirectReason(from, 'https://rmm.example.com/ws/oauth/token2', API)).toBe('not-followed');
    expect(refusedRedirectReason(from, 'https://collector.example.net/x', API)).toBe('cross-origin');
    expect(refusedRedirectReason(from, 'http://rmm.example.com/x', API)).toBe('downgrade');
    expect(refusedRedirectReason(from, undefined, API)).toBe('unreadable');
  });
});

describe('answer bounds', () => {
  it('is 16 MiB, in one place, with a clear message', () => {
    expect(MAX_JSON_BYTES).toBe(16 * 1024 * 1024);
    expect(answerTooLargeError('rmm.example.com').message).toBe('The server rmm.example.com sent an answer larger than 16 MiB.');
    expect(answerTooLargeError('rmm.example.com').code).toBe('BAD_RESPONSE');
  });

  it('is past the bound when the announced length or the bytes received exceed it', () => {
    expect(isPastBound({ transferred: 0, total: MAX_JSON_BYTES + 1 }, MAX_JSON_BYTES)).toBe(true);
    expect(isPastBound({ transferred: MAX_JSON_BYTES + 1 }, MAX_JSON_BYTES)).toBe(true);
    expect(isPastBound({ transferred: MAX_JSON_BYTES, total: MAX_JSON_BYTES }, MAX_JSON_BYTES)).toBe(false);
    expect(isPastBound({ transferred: 10 }, MAX_JSON_BYTES)).toBe(false);
  });
});
