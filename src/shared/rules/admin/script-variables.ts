/**
 * Script variable inputs (spec/help-shared-blocks-editor.md §3 "Script
 * variable", §5 "Script variable inputs"), pure: which keys each type
 * refuses, what a paste keeps, each variable's message, and the values a
 * script action starts with. Values are text for every type (model
 * ScriptVariableValues): CHECKBOX 'true'/'false', DATE yyyy-mm-dd, DATETIME
 * an ISO instant, the others as typed.
 *
 * §5: INTEGER blocks e, E, minus, plus and period; DECIMAL blocks "similar
 * keys" (e, E, plus and minus: its period is its decimal point); IPADDRESS
 * keeps only digits and dots, typed or pasted. Required ones are marked '*'
 * and every variable shows its own message. The spec words no message: these
 * are the console's. A type the spec does not list is a text input.
 */
import { isValid, parseISO } from 'date-fns';
import type { ScriptVariable, ScriptVariableType, ScriptVariableValues } from '../../model/admin';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { hasOwnKey, ownValue, setOwn } from '../platform/own-keys';
import { TASK_LIMITS } from './scheduled-task';

export const SCRIPT_VARIABLE_MESSAGES = {
  required: REQUIRED_MESSAGE,
  integer: 'Not a whole number',
  decimal: 'Not a number',
  ipAddress: 'Not an IPv4 address',
  date: 'Not a valid date',
  dateTime: 'Not a valid date and time',
  dropdown: 'Not one of the choices',
  tooLong: `At most ${TASK_LIMITS.variableValue} characters`,
} as const;

/** §5: the keys a number input refuses (e and E would make an exponent, the signs and INTEGER's period a non-whole number). */
export const BLOCKED_KEYS: Readonly<Partial<Record<ScriptVariableType, readonly string[]>>> = {
  INTEGER: ['e', 'E', '-', '+', '.'],
  DECIMAL: ['e', 'E', '+', '-'],
};

/** The mark after a required variable's name (§5). */
export const REQUIRED_MARK = '*';

const typeOf = (type: string): ScriptVariableType | null => (hasOwnKey(TYPE_SET, type) ? (type as ScriptVariableType) : null);
const TYPE_SET: Record<ScriptVariableType, true> = { TEXT: true, INTEGER: true, DECIMAL: true, CHECKBOX: true, DATE: true, DATETIME: true, DROPDOWN: true, IPADDRESS: true };

/**
 * Whether a key press is refused for this type: INTEGER's and DECIMAL's blocked keys, and for IPADDRESS any
 * printable character but a digit or a dot. Keys with a modifier (Ctrl+V, Ctrl+A) and named keys (Backspace,
 * ArrowLeft) always pass.
 */
export function isBlockedKey(type: string, key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}): boolean {
  if (modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return false;
  if (Array.from(key).length !== 1) return false;
  const known = typeOf(type);
  if (known === 'IPADDRESS') return !/^[0-9.]$/.test(key);
  return known !== null && (BLOCKED_KEYS[known]?.includes(key) ?? false);
}

/** What a typed or pasted text keeps: IPADDRESS only digits and dots; INTEGER and DECIMAL lose their blocked characters; others as they are. */
export function filterVariableText(type: string, text: string): string {
  const known = typeOf(type);
  if (known === 'IPADDRESS') return text.replace(/[^0-9.]/g, '');
  const blocked = known === null ? undefined : BLOCKED_KEYS[known];
  return blocked ? Array.from(text).filter((c) => !blocked.includes(c)).join('') : text;
}

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIpv4Address(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_OCTET.test(part));
}

/** yyyy-mm-dd that is a real day (not 2026-02-30). */
function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = parseISO(text);
  return isValid(date) && date.getDate() === Number(text.slice(8, 10));
}

function isIsoInstant(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && isValid(parseISO(text));
}

/** The variable's message for this value, or null when it is fine (§5: one per variable). */
export function variableProblem(variable: Pick<ScriptVariable, 'type' | 'required' | 'valueList'>, value: string | undefined): string | null {
  const text = value ?? '';
  const known = typeOf(variable.type);
  // A checkbox always has a value: unticked is 'false', not missing.
  if (known === 'CHECKBOX') return null;
  if (text.trim() === '') return variable.required ? SCRIPT_VARIABLE_MESSAGES.required : null;
  if (text.length > TASK_LIMITS.variableValue) return SCRIPT_VARIABLE_MESSAGES.tooLong;
  switch (known) {
    case 'INTEGER':
      return /^\d+$/.test(text.trim()) ? null : SCRIPT_VARIABLE_MESSAGES.integer;
    case 'DECIMAL':
      return /^(\d+\.?\d*|\.\d+)$/.test(text.trim()) ? null : SCRIPT_VARIABLE_MESSAGES.decimal;
    case 'IPADDRESS':
      return isIpv4Address(text.trim()) ? null : SCRIPT_VARIABLE_MESSAGES.ipAddress;
    case 'DATE':
      return isIsoDay(text) ? null : SCRIPT_VARIABLE_MESSAGES.date;
    case 'DATETIME':
      return isIsoInstant(text) ? null : SCRIPT_VARIABLE_MESSAGES.dateTime;
    case 'DROPDOWN':
      return variable.valueList.includes(text) ? null : SCRIPT_VARIABLE_MESSAGES.dropdown;
    default:
      return null;
  }
}

/** Every variable's message, keyed by its calculatedName (empty when all are fine). */
export function variableProblems(variables: readonly ScriptVariable[], values: ScriptVariableValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const variable of variables) {
    const problem = variableProblem(variable, ownValue(values, variable.calculatedName));
    if (problem !== null) setOwn(problems, variable.calculatedName, problem);
  }
  return problems;
}

/**
 * The values a script action starts with: what was saved for a variable the script still has, else its default
 * (a checkbox 'false' without one). Values of variables the script no longer has are dropped.
 */
export function initialVariableValues(variables: readonly ScriptVariable[], saved: ScriptVariableValues = {}): ScriptVariableValues {
  const values: ScriptVariableValues = {};
  for (const variable of variables) {
    const kept = ownValue(saved, variable.calculatedName);
    const start = kept ?? variable.defaultValue ?? (variable.type === 'CHECKBOX' ? 'false' : '');
    setOwn(values, variable.calculatedName, variable.type === 'CHECKBOX' ? String(start === 'true') : start);
  }
  return values;
}

/** The label: the variable's name with '*' when required (§5). */
export function variableLabel(variable: Pick<ScriptVariable, 'name' | 'calculatedName' | 'required'>): string {
  const name = variable.name.trim() || variable.calculatedName;
  return variable.required ? `${name} ${REQUIRED_MARK}` : name;
}
