/** The pure OAuth decisions (client authentication, scopes, errors, RFC 9207). */
import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  BROWSER_SCOPE,
  CLIENT_CREDENTIALS_SCOPE,
  clientAuthentication,
  clientAuthOrder,
  describeAuthorizationError,
  describeTokenFailure,
  isClientAuthRefusal,
  issuerMatches,
  printableDescription,
} from '../../src/main/services/session/oauth-rules';
import { OAuthClient } from '../../src/main/services/session/oauth-client';

const failure = (status: number, body: unknown, grant = 'client_credentials', scope = CLIENT_CREDENTIALS_SCOPE) =>
  describeTokenFailure({ status, body, grant, scope, confidential: grant === 'client_credentials', host: 'rmm.example.com' });

describe('scopes', () => {
  it('client credentials never ask for offline_access; the browser does, with prompt=consent', () => {
    expect(CLIENT_CREDENTIALS_SCOPE.split(' ')).not.toContain('offline_access');
    expect(BROWSER_SCOPE.split(' ')).toContain('offline_access');
    const url = new URL(
      new OAuthClient('https://rmm.example.com').authorizeUrl({ clientId: 'c', redirectUri: 'http://127.0.0.1:1/cb', challenge: 'x', state: 's' }),
    );
    expect(url.searchParams.get('scope')).toBe(BROWSER_SCOPE);
    expect(url.searchParams.get('prompt')).toBe('consent');
  });
});

describe('client authentication', () => {
  it('tries the form body first, then Basic once; a remembered method goes first', () => {
    expect(clientAuthOrder()).toEqual(['client_secret_post', 'client_secret_basic']);
    expect(clientAuthOrder('client_secret_basic')).toEqual(['client_secret_basic', 'client_secret_post']);
  });

  it('counts invalid_client or a 401 as a refusal of the authentication, not other errors', () => {
    expect(isClientAuthRefusal(401, 'invalid_client')).toBe(true);
    expect(isClientAuthRefusal(400, 'invalid_client')).toBe(true);
    expect(isClientAuthRefusal(401, undefined)).toBe(true);
    expect(isClientAuthRefusal(400, 'invalid_scope')).toBe(false);
    expect(isClientAuthRefusal(200, undefined)).toBe(false);
  });

  it('encodes Basic as RFC 6749 §2.3.1 says: each part url-encoded before base64 (a space is %20, not +)', () => {
    const header = basicAuthorization('my client', 'p@ss:w+rd/é');
    const decoded = Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');
    expect(decoded).toBe('my%20client:p%40ss%3Aw%2Brd%2F%C3%A9');
    const [id, secret] = decoded.split(':').map((part) => decodeURIComponent(part.replace(/\+/g, '%20')));
    expect([id, secret]).toEqual(['my client', 'p@ss:w+rd/é']);
  });

  it('puts the secret in the body or in the header, never both', () => {
    expect(clientAuthentication('client_secret_post', 'id', 's')).toEqual({ form: { client_id: 'id', client_secret: 's' }, headers: {} });
    const basic = clientAuthentication('client_secret_basic', 'id', 's');
    expect(basic.form).toEqual({});
    expect(basic.headers.authorization).toMatch(/^Basic /);
  });
});

describe('what a refused token call says', () => {
  it('names the scope the instance refused, with a short description', () => {
    expect(failure(400, { error: 'invalid_scope', error_description: 'requested scope is not allowed' }).message).toBe(
      'The instance refused the requested scope (monitoring management): requested scope is not allowed.',
    );
    expect(failure(400, { error: 'invalid_scope' }, 'authorization_code', BROWSER_SCOPE).message).toBe(
      'The instance refused the requested scope (monitoring management offline_access).',
    );
  });

  it('a refused refresh token is an expired session; a refused client a clear sign-in error', () => {
    expect(failure(400, { error: 'invalid_grant' }, 'refresh_token').code).toBe('SESSION_EXPIRED');
    expect(failure(401, { error: 'invalid_client' })).toMatchObject({
      code: 'SIGN_IN_FAILED',
      message: 'The client id or client secret was not accepted by the instance.',
    });
    expect(failure(400, { error: 'invalid_grant' }, 'authorization_code').message).toContain('code expired or was already used');
    expect(failure(503, undefined)).toMatchObject({ code: 'SERVER_ERROR', message: 'The sign-in server rmm.example.com answered with an error (503).' });
  });

  it('never repeats a description that is long, not plain ASCII, or carries an address or markup', () => {
    expect(printableDescription('scope not allowed.')).toBe('scope not allowed');
    expect(printableDescription('see https://evil.example/?token=abc')).toBeUndefined();
    expect(printableDescription('<script>alert(1)</script>')).toBeUndefined();
    expect(printableDescription('x'.repeat(200))).toBeUndefined();
    expect(printableDescription('line\nbreak')).toBeUndefined();
    expect(failure(400, { error: 'invalid_request', error_description: 'see https://evil.example/?code=1' }).message).toBe(
      'The sign-in server rmm.example.com refused the request (400).',
    );
  });

  it('never shows back a credential the server echoed in its description', () => {
    const echoed = describeTokenFailure({
      status: 400,
      body: { error: 'invalid_scope', error_description: 'bad scope for secret hunter2' },
      grant: 'client_credentials',
      scope: CLIENT_CREDENTIALS_SCOPE,
      confidential: true,
      host: 'rmm.example.com',
      sent: ['hunter2'],
    });
    expect(echoed.message).toBe('The instance refused the requested scope (monitoring management).');
  });

  it('describes a browser redirect that carries an error instead of a code', () => {
    expect(describeAuthorizationError('access_denied', undefined, BROWSER_SCOPE).message).toBe('Sign-in was denied in the browser.');
    expect(describeAuthorizationError('invalid_scope', undefined, BROWSER_SCOPE).message).toBe(
      'The instance refused the requested scope (monitoring management offline_access).',
    );
  });
});

describe('RFC 9207 issuer check', () => {
  it('accepts the instance URL or its origin, nothing else', () => {
    expect(issuerMatches('https://rmm.example.com', 'https://rmm.example.com')).toBe(true);
    expect(issuerMatches('https://rmm.example.com/', 'https://rmm.example.com')).toBe(true);
    expect(issuerMatches('https://rmm.example.com', 'https://rmm.example.com/tenant')).toBe(true);
    expect(issuerMatches('https://rmm.example.com/tenant', 'https://rmm.example.com/tenant')).toBe(true);
    expect(issuerMatches('https://evil.example', 'https://rmm.example.com')).toBe(false);
    expect(issuerMatches('http://rmm.example.com', 'https://rmm.example.com')).toBe(false);
    expect(issuerMatches('https://rmm.example.com.evil.example', 'https://rmm.example.com')).toBe(false);
  });
});
