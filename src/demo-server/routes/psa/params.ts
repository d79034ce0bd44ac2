/** Input checks and the §8.3 failure shared by the PSA routes (./psa.ts, ./connectwise.ts). */
import { z } from 'zod';
import type { PsaKind, PsaStore } from '../../data/psa/store';
import { badRequest, HttpError, notFound, type RequestContext } from '../../http';

/** A table of the console's path templates (src/shared/rules/psa/paths.ts) as the router's routes, under `/api/`. */
export function apiRoutes<T extends Record<string, string>>(paths: T): { readonly [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(paths).map(([key, path]) => [key, `/api/${path}`])) as { [K in keyof T]: string };
}

/** A positive whole id in a JSON body. */
export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A path id; anything but digits names nothing (404, as an unknown one). */
export function pathId(ctx: RequestContext, key: string, missing: string): number {
  const text = ctx.params[key] ?? '';
  if (!/^\d{1,15}$/.test(text)) throw notFound(missing);
  return Number(text);
}

/** An optional whole-number query parameter (400 when it is something else). */
export function queryId(ctx: RequestContext, key: string, required = false): number | undefined {
  const text = ctx.query.get(key);
  if (text === null || text === '') {
    if (required) throw badRequest(`${key}: required`);
    return undefined;
  }
  if (!/^\d{1,15}$/.test(text)) throw badRequest(`${key}: a whole number is expected`);
  return Number(text);
}

/** A name filter query parameter (at most 200 characters). */
export function queryName(ctx: RequestContext, key: string): string | null {
  const value = ctx.query.get(key);
  if (value !== null && value.length > 200) throw badRequest(`${key}: at most 200 characters`);
  return value;
}

/** §8.3: a failure the switches or markers asked for (500, the message naming its cause). */
export function injectedFailure(message: string): HttpError {
  return new HttpError(500, message, { error: 'internal', message });
}

export const syncAttributesBody = z.strictObject({ deviceDataSyncAttributes: z.array(z.string().min(1).max(100)).max(100) });

/** §8.3 'Error setting device sync attributes': the switch, or the PSA's connection unreachable. */
export function failSyncAttributesIfAsked(store: PsaStore, psa: PsaKind): void {
  if (store.switches.failSyncAttributes) throw injectedFailure('The device sync attributes were not stored (demo switch failSyncAttributes).');
  if (store.unreachable(psa)) throw injectedFailure(`The device sync attributes were not stored: ${store.connections[psa].instanceUrl} cannot be reached.`);
}
