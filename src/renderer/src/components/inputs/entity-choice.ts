/** The entity multi-select's choosing, pure. */

/** Adds the entity, or removes it when it is already chosen (by id: the server's objects are compared by id, not identity). */
export function toggleEntity<T>(selected: readonly T[], item: T, idOf: (item: T) => string): T[] {
  const id = idOf(item);
  return selected.some((chosen) => idOf(chosen) === id) ? selected.filter((chosen) => idOf(chosen) !== id) : [...selected, item];
}
