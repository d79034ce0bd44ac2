/** The script variable inputs' rules (help spec §3 "Script variable", §5 "Script variable inputs"). */
import { describe, expect, it } from 'vitest';
import type { ScriptVariable } from '../../src/shared/model/admin';
import {
  BLOCKED_KEYS,
  filterVariableText,
  initialVariableValues,
  isBlockedKey,
  isIpv4Address,
  SCRIPT_VARIABLE_MESSAGES,
  variableLabel,
  variableProblem,
  variableProblems,
} from '../../src/shared/rules/admin/script-variables';

const variable = (type: string, over: Partial<ScriptVariable> = {}): ScriptVariable => ({
  name: `${type} value`,
  calculatedName: type.toLowerCase(),
  type,
  description: '',
  required: false,
  valueList: [],
  defaultValue: null,
  ...over,
});

describe('keys blocked per type (§5)', () => {
  it('INTEGER blocks e, E, minus, plus and period, and nothing else', () => {
    expect(BLOCKED_KEYS.INTEGER).toEqual(['e', 'E', '-', '+', '.']);
    for (const key of ['e', 'E', '-', '+', '.']) expect(isBlockedKey('INTEGER', key)).toBe(true);
    for (const key of ['0', '9', 'Backspace', 'ArrowLeft', 'Tab']) expect(isBlockedKey('INTEGER', key)).toBe(false);
  });

  it('DECIMAL blocks e, E, plus and minus but keeps its decimal point', () => {
    for (const key of ['e', 'E', '-', '+']) expect(isBlockedKey('DECIMAL', key)).toBe(true);
    expect(isBlockedKey('DECIMAL', '.')).toBe(false);
    expect(isBlockedKey('DECIMAL', '7')).toBe(false);
  });

  it('IPADDRESS refuses every printable key but digits and dots', () => {
    for (const key of ['a', 'Z', '-', ' ', ':', '/']) expect(isBlockedKey('IPADDRESS', key)).toBe(true);
    for (const key of ['0', '5', '.', 'Backspace', 'Delete']) expect(isBlockedKey('IPADDRESS', key)).toBe(false);
  });

  it('shortcuts (Ctrl+V, Cmd+A) pass whatever the type; TEXT and unknown types block nothing', () => {
    expect(isBlockedKey('INTEGER', 'e', { ctrlKey: true })).toBe(false);
    expect(isBlockedKey('IPADDRESS', 'a', { metaKey: true })).toBe(false);
    expect(isBlockedKey('TEXT', 'e')).toBe(false);
    expect(isBlockedKey('PASSWORD', '-')).toBe(false);
  });
});

describe('paste filtering (§5: IP address keeps only digits and dots)', () => {
  it('IPADDRESS keeps digits and dots only', () => {
    expect(filterVariableText('IPADDRESS', ' 10.0.0.1\n')).toBe('10.0.0.1');
    expect(filterVariableText('IPADDRESS', 'ip: 192.168.1.20/24')).toBe('192.168.1.2024');
    expect(filterVariableText('IPADDRESS', 'abc')).toBe('');
  });

  it('INTEGER and DECIMAL lose their blocked characters; TEXT keeps all', () => {
    expect(filterVariableText('INTEGER', '-1e5.0')).toBe('150');
    expect(filterVariableText('DECIMAL', '+2.5e-3')).toBe('2.53');
    expect(filterVariableText('TEXT', '-1e5 a.b')).toBe('-1e5 a.b');
  });
});

describe('per-variable validation (§5)', () => {
  it('a required empty variable says Required; an optional one is fine', () => {
    expect(variableProblem(variable('TEXT', { required: true }), '  ')).toBe(SCRIPT_VARIABLE_MESSAGES.required);
    expect(variableProblem(variable('INTEGER', { required: true }), undefined)).toBe('Required');
    expect(variableProblem(variable('INTEGER'), '')).toBeNull();
  });

  it('INTEGER takes whole numbers only', () => {
    expect(variableProblem(variable('INTEGER'), '42')).toBeNull();
    expect(variableProblem(variable('INTEGER'), '4.2')).toBe('Not a whole number');
    expect(variableProblem(variable('INTEGER'), '12abc')).toBe('Not a whole number');
  });

  it('DECIMAL takes numbers with one decimal point', () => {
    for (const ok of ['3', '3.25', '.5', '3.']) expect(variableProblem(variable('DECIMAL'), ok)).toBeNull();
    for (const bad of ['1.2.3', 'x', '.']) expect(variableProblem(variable('DECIMAL'), bad)).toBe('Not a number');
  });

  it('IPADDRESS needs four octets of 0-255', () => {
    expect(isIpv4Address('192.168.0.1')).toBe(true);
    expect(isIpv4Address('0.0.0.0')).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1..2.3']) expect(variableProblem(variable('IPADDRESS'), bad)).toBe('Not an IPv4 address');
  });

  it('DATE is a real yyyy-mm-dd day, DATETIME an ISO instant', () => {
    expect(variableProblem(variable('DATE'), '2026-02-28')).toBeNull();
    expect(variableProblem(variable('DATE'), '2026-02-30')).toBe('Not a valid date');
    expect(variableProblem(variable('DATE'), '02/28/2026')).toBe('Not a valid date');
    expect(variableProblem(variable('DATETIME'), '2026-11-27T09:30:00.000Z')).toBeNull();
    expect(variableProblem(variable('DATETIME'), '2026-11-27')).toBe('Not a valid date and time');
  });

  it('DROPDOWN must be one of its valueList; a CHECKBOX always has a value', () => {
    const dropdown = variable('DROPDOWN', { valueList: ['Low', 'High'], required: true });
    expect(variableProblem(dropdown, 'High')).toBeNull();
    expect(variableProblem(dropdown, 'Medium')).toBe('Not one of the choices');
    expect(variableProblem(variable('CHECKBOX', { required: true }), 'false')).toBeNull();
  });

  it('values over the payload limit are refused; unknown types are text', () => {
    expect(variableProblem(variable('TEXT'), 'x'.repeat(2001))).toBe(SCRIPT_VARIABLE_MESSAGES.tooLong);
    expect(variableProblem(variable('PASSWORD'), 'anything')).toBeNull();
  });

  it('variableProblems keys each message by calculatedName', () => {
    const variables = [variable('INTEGER', { required: true }), variable('IPADDRESS'), variable('TEXT')];
    expect(variableProblems(variables, { integer: '', ipaddress: '10.0.0', text: 'ok' })).toEqual({ integer: 'Required', ipaddress: 'Not an IPv4 address' });
    expect(variableProblems(variables, { integer: '5', ipaddress: '10.0.0.1' })).toEqual({});
  });
});

describe('initial values and labels', () => {
  it('keeps saved values of variables the script has, else defaults; checkboxes are true/false', () => {
    const variables = [variable('INTEGER', { defaultValue: '30' }), variable('CHECKBOX'), variable('TEXT'), variable('CHECKBOX', { calculatedName: 'on', defaultValue: 'true' })];
    expect(initialVariableValues(variables, { integer: '7', gone: 'x' })).toEqual({ integer: '7', checkbox: 'false', text: '', on: 'true' });
  });

  it("marks required ones with '*'", () => {
    expect(variableLabel(variable('TEXT', { required: true, name: 'Host' }))).toBe('Host *');
    expect(variableLabel(variable('TEXT', { name: ' ' }))).toBe('text');
  });
});
