/**
 * Tolerant reading of lists from the API (DESIGN "Real instances, not only the
 * demo"): a real instance may send an item the console cannot
 * read (a missing id, a wrong type). That item is skipped and counted, and the
 * rest of the page is shown, instead of the whole answer being refused. The
 * envelope (the array itself, the paging totals) stays strict: without it
 * nothing on the page can be placed.
 */
import { z } from 'zod';

export interface TolerantList<T> {
  items: T[];
  /** Items of the answer that did not match the item schema and are left out. */
  skipped: number;
}

/** Parses each item on its own; failures are counted, never thrown. */
export function readItems<T>(item: z.ZodType<T>, values: readonly unknown[]): TolerantList<T> {
  const items: T[] = [];
  let skipped = 0;
  for (const value of values) {
    const parsed = item.safeParse(value);
    if (parsed.success) items.push(parsed.data);
    else skipped += 1;
  }
  return { items, skipped };
}

/** An answer that is an array of items (plans, volumes, root folders). */
export function tolerantArray<T>(item: z.ZodType<T>): z.ZodType<TolerantList<T>> {
  return z.array(z.unknown()).transform((values) => readItems(item, values));
}

/** The paged answer of §7 (results, totalElements, totalPages), its results read item by item. */
export interface TolerantPage<T> {
  results: T[];
  totalElements: number;
  totalPages: number;
  skipped: number;
}

export function tolerantPage<T>(item: z.ZodType<T>): z.ZodType<TolerantPage<T>> {
  return z
    .object({
      results: z.array(z.unknown()),
      totalElements: z.number().int().min(0),
      totalPages: z.number().int().min(0),
    })
    .transform(({ results, totalElements, totalPages }) => {
      const read = readItems(item, results);
      return { results: read.items, totalElements, totalPages, skipped: read.skipped };
    });
}

/** A list that may come bare or in a field of an object (`{ accountList: […] }`); anything else reads as an empty list. */
export function listIn(answer: unknown, ...fields: string[]): unknown {
  if (Array.isArray(answer)) return answer;
  if (typeof answer !== 'object' || answer === null) return [];
  const record = answer as Record<string, unknown>;
  return fields.map((field) => record[field]).find(Array.isArray) ?? [];
}

/** Any JSON answer: read afterwards, piece by piece. */
export const anyAnswer = z.unknown();
