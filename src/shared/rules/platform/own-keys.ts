/**
 * Lookups in plain-object dictionaries by strings that come from a server, a
 * file or a document (DESIGN.md "Real instances": one odd item never fails a
 * page). A plain object inherits Object.prototype's members, so a type or
 * field named '__proto__', 'constructor' or 'toString' would find an object
 * or a function there, which a screen then draws or calls and crashes on.
 * Only the dictionary's own keys count here.
 */

/** The value `record` holds under `key` itself, else undefined (never an inherited member). */
export function ownValue<V>(record: { readonly [key: string]: V }, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Whether `record` holds `key` itself (an `in` check would also find Object.prototype's members). */
export function hasOwnKey(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/**
 * Stores `value` under `key` as the record's own entry: a plain assignment
 * with the key '__proto__' would change the record's prototype instead (and
 * a string is silently dropped).
 */
export function setOwn<V>(record: { [key: string]: V }, key: string, value: V): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
