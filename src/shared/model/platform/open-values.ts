/**
 * Values of a set the spec lists, open to whatever else a real instance sends
 * (DESIGN "Real instances, not only the demo"): the known
 * ones get their label, any other value passes through and is shown raw.
 */

/** One of `T`, or another string from the server. `string & {}` keeps editors suggesting the known values. */
export type OpenValue<T extends string> = T | (string & {});

export function isKnownValue<T extends string>(known: readonly T[], value: string): value is T {
  return (known as readonly string[]).includes(value);
}

/** The label of a known value, the raw value otherwise ('-' when the server sent none). */
export function labelOrRaw<T extends string>(labels: Readonly<Record<T, string>>, value: string): string {
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as T] : value || '-';
}
