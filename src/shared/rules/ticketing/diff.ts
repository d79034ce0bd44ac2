/**
 * A field-by-field diff of two versions of a trigger or ruleset (History): every leaf that differs, by its path
 * ('conditions.all.0.value'), with both values as text. A list of plain
 * values ('tags') is one field; lists of objects are compared item by item.
 */
import { ownValue } from '../platform/own-keys';

interface FieldChange {
  path: string;
  before: string;
  after: string;
}

const isPlain = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLeafList = (value: unknown): value is unknown[] => Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null);

/** A value as the diff shows it ('' for nothing). */
export function shown(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function fieldDiff(before: unknown, after: unknown, path = ''): FieldChange[] {
  // An object against nothing: each of its fields against nothing.
  if (isPlain(before) && (after === null || after === undefined)) return fieldDiff(before, {}, path);
  if (isPlain(after) && (before === null || before === undefined)) return fieldDiff({}, after, path);
  if (isPlain(before) && isPlain(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => fieldDiff(ownValue(before, key), ownValue(after, key), path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after) && !(isLeafList(before) && isLeafList(after))) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => fieldDiff(before[i], after[i], `${path}.${i}`)).flat();
  }
  const a = shown(before);
  const b = shown(after);
  return a === b ? [] : [{ path, before: a, after: b }];
}
