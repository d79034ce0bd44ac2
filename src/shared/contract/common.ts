/** Pieces every area's contract uses: the output-type marker and common input schemas. */
import { z } from 'zod';
import { INVALID_PATH_ID_MESSAGE, isPathId } from '../rules/platform/api-paths';

/** Phantom marker for an output type: carries a type, nothing at run time. */
export function returns<T>(): T {
  return undefined as unknown as T;
}

export const noInput = z.strictObject({});

export const shortText = (max: number) => z.string().max(max);

/** A backup item's id; it goes into a path segment of the API (../rules/platform/api-paths.ts). */
export const entityId = z.string().min(1).max(256).refine(isPathId, INVALID_PATH_ID_MESSAGE);
export const nodeId = z.number().int().positive().max(2 ** 31);
export const pageIndex = z.number().int().min(0).max(100_000);
