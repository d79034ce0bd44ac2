/** Which instances need a confirmation, and how a refused session ends. */
import { describe, expect, it } from 'vitest';
import { securityConfigLines } from '../../src/shared/rules/session/security-config';
import {
  CREDENTIALS_REFUSED_MESSAGE,
  instanceTrust,
  isLoopbackInstance,
  NO_REFRESH_TOKEN_MESSAGE,
  parseAllowedInstances,
  sessionEndOutcome,
} from '../../src/main/services/session/session-rules';

const base = { known: [] as string[], allowed: [] as string[] };

describe('signing in to a new instance', () => {
  it('proceeds for an instance a profile knows, in either mode', () => {
    const known = ['https://rmm.example.com'];
    expect(instanceTrust({ ...base, baseUrl: 'https://rmm.example.com', known, canConfirm: true })).toEqual({ action: 'proceed' });
    expect(instanceTrust({ ...base, baseUrl: 'https://rmm.example.com', known, canConfirm: false })).toEqual({ action: 'proceed' });
  });

  it('asks a native confirmation naming the host for any new instance in Electron, loopback included', () => {
    expect(instanceTrust({ ...base, baseUrl: 'https://new.example.com:8443', canConfirm: true })).toEqual({ action: 'confirm', host: 'new.example.com:8443' });
    expect(instanceTrust({ ...base, baseUrl: 'http://127.0.0.1:9000', canConfirm: true })).toEqual({ action: 'confirm', host: '127.0.0.1:9000' });
  });

  it('browser mode: loopback and allowed instances proceed, any other is refused with how to allow it', () => {
    expect(instanceTrust({ ...base, baseUrl: 'http://127.0.0.1:9000', canConfirm: false })).toEqual({ action: 'proceed' });
    expect(instanceTrust({ ...base, baseUrl: 'http://localhost:9000', canConfirm: false })).toEqual({ action: 'proceed' });
    expect(instanceTrust({ ...base, baseUrl: 'https://rmm.example.com', allowed: ['https://rmm.example.com'], canConfirm: false })).toEqual({ action: 'proceed' });
    const refused = instanceTrust({ ...base, baseUrl: 'https://rmm.example.com', canConfirm: false });
    expect(refused).toEqual({
      action: 'refuse',
      message:
        'The console in browser mode signs in only to instances it already knows. To allow rmm.example.com, start it with --allow-instance https://rmm.example.com.',
    });
  });

  it('knows loopback by address, not by a name that merely starts like one', () => {
    expect(isLoopbackInstance('http://127.4.5.6:1')).toBe(true);
    expect(isLoopbackInstance('http://[::1]:1')).toBe(true);
    expect(isLoopbackInstance('https://127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackInstance('https://localhost.evil.example')).toBe(false);
    expect(isLoopbackInstance('http://127.0.0.300')).toBe(false);
  });

  it('parses --allow-instance (repeatable, comma-separated) and refuses a bad URL', () => {
    expect(parseAllowedInstances(['https://a.example.com/, https://b.example.com', 'https://c.example.com'])).toEqual([
      'https://a.example.com',
      'https://b.example.com',
      'https://c.example.com',
    ]);
    expect(() => parseAllowedInstances(['http://plain.example.com'])).toThrow(/--allow-instance http:\/\/plain\.example\.com: .*https/);
  });
});

describe('how a session ends', () => {
  it('a 401 that survived a renewal keeps the keychain entry and says the credentials were refused', () => {
    for (const secret of ['refresh_token', 'client_secret'] as const) {
      expect(sessionEndOutcome({ cause: 'rejected-after-renewal', secret })).toEqual({
        reason: 'credentials-refused',
        message: CREDENTIALS_REFUSED_MESSAGE,
        keepSecret: true,
      });
    }
  });

  it('a refused client secret is kept too (a misconfigured instance must not lose it)', () => {
    expect(sessionEndOutcome({ cause: 'renewal-refused', secret: 'client_secret', renewalError: 'SIGN_IN_FAILED' })).toMatchObject({
      reason: 'credentials-refused',
      keepSecret: true,
    });
  });

  it('only a refresh token the instance called invalid is deleted', () => {
    expect(sessionEndOutcome({ cause: 'renewal-refused', secret: 'refresh_token', renewalError: 'SESSION_EXPIRED' })).toEqual({
      reason: 'expired',
      message: 'Your session has expired. Please sign in again.',
      keepSecret: false,
    });
    expect(sessionEndOutcome({ cause: 'renewal-refused', secret: 'refresh_token', renewalError: 'SIGN_IN_FAILED' }).keepSecret).toBe(true);
  });

  it('without a refresh token the session ends with its access token, saying why', () => {
    expect(sessionEndOutcome({ cause: 'renewal-refused', secret: null })).toEqual({ reason: 'expired', message: NO_REFRESH_TOKEN_MESSAGE, keepSecret: true });
  });
});

describe("the security configuration's lines (profile menu)", () => {
  it('says each setting, and what the instance did not say as such', () => {
    expect(securityConfigLines({ resetPasswordViaLink: true, acceptInvitationViaLink: false, allowedIPSubnets: ['10.0.0.0/8', '192.168.1.0/24'] })).toEqual([
      { label: 'Reset password via link', value: 'Yes' },
      { label: 'Accept invitation via link', value: 'No' },
      { label: 'Allowed IP subnets', value: '10.0.0.0/8, 192.168.1.0/24' },
    ]);
    expect(securityConfigLines({ resetPasswordViaLink: null, acceptInvitationViaLink: null, allowedIPSubnets: [] }).map((l) => l.value)).toEqual(['Not set', 'Not set', 'Any']);
    // A list the instance did not send is not said as "any"; nor is a session kept from before the console read it.
    expect(securityConfigLines({ resetPasswordViaLink: null, acceptInvitationViaLink: null, allowedIPSubnets: null }).map((l) => l.value)).toEqual(['Not set', 'Not set', 'Not set']);
    expect(securityConfigLines(undefined).map((l) => l.value)).toEqual(['Not set', 'Not set', 'Not set']);
  });
});
