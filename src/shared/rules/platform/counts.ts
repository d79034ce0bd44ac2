/** A count with its noun, singular for one: '1 item', '2 items', '0 items'. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
