/** Whose a PSA connection's secret is: the instance's origin and the user (src/shared/rules/psa/connection.ts). */
import { describe, expect, it } from 'vitest';
import { sameOwner, secretMovedMessage } from '../../src/shared/rules/psa/connection';

const AT = { instanceUrl: 'https://webservices5.autotask.net', username: 'api@acme.example' };

describe('sameOwner', () => {
  it.each([
    ['the origin spelled in other case, with a path', { instanceUrl: 'https://WebServices5.Autotask.net/atservicesrest/', username: 'api@acme.example' }],
    ['the user with spaces around it', { instanceUrl: AT.instanceUrl, username: '  api@acme.example ' }],
  ])('the same owner: %s', (_, other) => {
    expect(sameOwner(AT, other)).toBe(true);
  });

  it.each([
    ['another host', { ...AT, instanceUrl: 'https://psa.attacker.example' }],
    ['a host that only starts the same', { ...AT, instanceUrl: 'https://webservices5.autotask.net.attacker.example' }],
    ['another port', { ...AT, instanceUrl: 'https://webservices5.autotask.net:8443' }],
    ['plain http', { ...AT, instanceUrl: 'http://webservices5.autotask.net' }],
    ['another user', { ...AT, username: 'API@acme.example' }],
    ['no address', { ...AT, instanceUrl: '' }],
    ['an address without an origin', { ...AT, instanceUrl: 'data:text/plain,x' }],
  ])('another owner: %s', (_, other) => {
    expect(sameOwner(AT, other)).toBe(false);
    expect(sameOwner(other, AT)).toBe(false);
  });
});

it('the refusal names what the form calls the secret', () => {
  expect(secretMovedMessage('autotask')).toMatch(/^The instance address or username changed: enter the secret for it\./);
  expect(secretMovedMessage('connectwise')).toMatch(/enter the private key for it\./);
});
