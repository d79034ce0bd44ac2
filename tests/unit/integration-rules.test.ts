/** The other integrations' pure rules: the web security registration's states and moves, the address check, the Enabled toggle's optimistic change and put-back. */
import { describe, expect, it } from 'vitest';
import { integrationsCalls } from '../../src/shared/contract/integrations';
import { canMove, canRegister, DEFAULT_REGISTRATION_STATUS, readStatus, registrationText, REGISTRATION_STATUSES } from '../../src/shared/rules/integrations/registration';
import { EMPTY_TOGGLES, isSaving, reloaded, settleToggle, shownValue, startToggle } from '../../src/shared/rules/integrations/toggle';
import { URL_MESSAGES, urlProblem } from '../../src/shared/rules/integrations/url';

describe('web security registration', () => {
  it('starts NOT_CONFIGURED and moves only through REGISTERING', () => {
    expect(DEFAULT_REGISTRATION_STATUS).toBe('NOT_CONFIGURED');
    expect(canMove('NOT_CONFIGURED', 'REGISTERING')).toBe(true);
    expect(canMove('NOT_CONFIGURED', 'REGISTERED')).toBe(false);
    expect(canMove('NOT_CONFIGURED', 'FAILED')).toBe(false);
    expect(canMove('REGISTERING', 'REGISTERED')).toBe(true);
    expect(canMove('REGISTERING', 'FAILED')).toBe(true);
    expect(canMove('REGISTERING', 'NOT_CONFIGURED')).toBe(false);
    expect(canMove('FAILED', 'REGISTERING')).toBe(true);
    expect(canMove('REGISTERED', 'REGISTERING')).toBe(true);
    for (const status of REGISTRATION_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it('offers Register unless one is under way; an unknown status is shown raw and offers it', () => {
    expect(canRegister('NOT_CONFIGURED')).toBe(true);
    expect(canRegister('FAILED')).toBe(true);
    expect(canRegister('REGISTERING')).toBe(false);
    expect(canRegister('PENDING_VENDOR_APPROVAL')).toBe(true);
    expect(registrationText('REGISTERED')).toBe('Registered');
    expect(registrationText('NOT_CONFIGURED')).toBe('Not configured');
    expect(registrationText('PENDING_VENDOR_APPROVAL')).toBe('PENDING_VENDOR_APPROVAL');
  });

  it('reads what the server sent: none is NOT_CONFIGURED, odd characters dropped, bounded', () => {
    expect(readStatus(undefined)).toBe('NOT_CONFIGURED');
    expect(readStatus(42)).toBe('NOT_CONFIGURED');
    expect(readStatus('  ')).toBe('NOT_CONFIGURED');
    expect(readStatus('REG\u202eISTERED')).toBe('REGISTERED');
    expect(readStatus('X'.repeat(500))).toHaveLength(60);
  });
});

describe('integration addresses', () => {
  it('accepts https with a host', () => {
    expect(urlProblem('https://hooks.example.com/console')).toBeNull();
    expect(urlProblem('  https://hooks.example.com  ')).toBeNull();
    expect(urlProblem('https://10.0.0.5:8443/hook?x=1')).toBeNull();
  });

  it('refuses everything else in words', () => {
    expect(urlProblem('')).toBe(URL_MESSAGES.required);
    expect(urlProblem('http://hooks.example.com')).toBe(URL_MESSAGES.notHttps);
    expect(urlProblem('ftp://hooks.example.com')).toBe(URL_MESSAGES.notHttps);
    expect(urlProblem('javascript:alert(1)')).toBe(URL_MESSAGES.notHttps);
    expect(urlProblem('https://')).toBe(URL_MESSAGES.noHost);
    expect(urlProblem('https:///path')).toBe(URL_MESSAGES.noHost);
    expect(urlProblem('https:\\\\hooks.example.com')).toBe(URL_MESSAGES.notAddress);
    expect(urlProblem('https:hooks.example.com')).toBe(URL_MESSAGES.notAddress);
    expect(urlProblem('https://\\hooks.example.com')).toBe(URL_MESSAGES.noHost);
    expect(urlProblem('hooks.example.com')).toBe(URL_MESSAGES.notAddress);
    expect(urlProblem('https://hooks example.com')).toBe(URL_MESSAGES.notAddress);
    expect(urlProblem('https://user:pw@hooks.example.com')).toBe(URL_MESSAGES.credentials);
    expect(urlProblem(`https://h.example/${'a'.repeat(2100)}`)).toBe(URL_MESSAGES.tooLong);
  });

  it('is the contract check too: strict inputs, bounded strings, fixed ids', () => {
    const webhook = integrationsCalls['integrations.saveWebhook'].input;
    expect(webhook.safeParse({ url: 'https://h.example', enabled: true }).success).toBe(true);
    expect(webhook.safeParse({ url: 'http://h.example', enabled: true }).success).toBe(false);
    expect(webhook.safeParse({ url: 'https://h.example', enabled: true, secret: '' }).success).toBe(false);
    expect(webhook.safeParse({ url: 'https://h.example', enabled: true, other: 1 }).success).toBe(false);
    const toggle = integrationsCalls['integrations.setEnabled'].input;
    expect(toggle.safeParse({ id: 'webSecurity', enabled: false }).success).toBe(true);
    expect(toggle.safeParse({ id: 'autotask', enabled: false }).success).toBe(false);
    const connection = integrationsCalls['integrations.saveConnection'].input;
    expect(connection.safeParse({ kind: 'serviceDesk', tool: 'Zendesk', url: 'https://a.zendesk.com', enabled: true }).success).toBe(true);
    expect(connection.safeParse({ kind: 'serviceDesk', tool: 'Z'.repeat(101), url: 'https://a.zendesk.com', enabled: true }).success).toBe(false);
    expect(connection.safeParse({ kind: 'serviceDesk', tool: 'Zen\u0000desk', url: 'https://a.zendesk.com', enabled: true }).success).toBe(false);
    expect(connection.safeParse({ kind: 'webhook', tool: 'Zendesk', url: 'https://a.zendesk.com', enabled: true }).success).toBe(false);
  });
});

describe('the Enabled toggle', () => {
  it('shows the change at once and keeps the server answer', () => {
    const started = startToggle(EMPTY_TOGGLES, 'webhook', true, false)!;
    expect(shownValue(started, 'webhook', true)).toBe(false);
    expect(isSaving(started, 'webhook')).toBe(true);
    expect(startToggle(started, 'webhook', true, true)).toBeNull();
    const done = settleToggle(started, 'webhook', { ok: true, enabled: false });
    expect(shownValue(done, 'webhook', true)).toBe(false);
    expect(isSaving(done, 'webhook')).toBe(false);
    // The list read again: the server's value rules.
    expect(shownValue(reloaded(done), 'webhook', false)).toBe(false);
    expect(shownValue(reloaded(done), 'webhook', true)).toBe(true);
  });

  it('puts the value back with the message when the save fails', () => {
    const started = startToggle(EMPTY_TOGGLES, 'serviceDesk', false, true)!;
    const failed = settleToggle(started, 'serviceDesk', { ok: false, message: 'The change could not be stored.' });
    expect(shownValue(failed, 'serviceDesk', false)).toBe(false);
    expect(failed.errors.serviceDesk).toBe('The change could not be stored.');
    // The next change clears the message.
    expect(startToggle(failed, 'serviceDesk', false, true)!.errors.serviceDesk).toBeUndefined();
  });

  it('keeps a change under way through a reload', () => {
    const started = startToggle(EMPTY_TOGGLES, 'webSecurity', false, true)!;
    expect(shownValue(reloaded(started), 'webSecurity', false)).toBe(true);
  });
});
