/** Demo backup data: constants, ids and small helpers. */
import type { PagedAnswer } from '../../../shared/model/backup';
import { HttpError } from '../../http';
import { guidFor, hashString } from '../random';

/** Every generated time counts back from here: the newest nightly job. */
export const BACKUP_BASE_TIME = Date.parse('2026-11-20T02:00:00Z');
/** Revisions an image volume of the showcase 'System image' plan has. */
export const SHOWCASE_IMAGE_REVISIONS = 14;
/** In the huge folder, every item whose index is a multiple of this is a subfolder. */
export const ARCHIVE_FOLDER_EVERY = 500;
/** Hybrid plans: the data of the newest completed jobs is not yet upsynced to the cloud. */
export const HYBRID_UPSYNC_LAG_DAYS = 2;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;

/** Ids of the showcase devices are keyed by this instead of the seed, so they never change. */
export const SHOWCASE_SCOPE = 'showcase';

export function iso(time: number): string {
  return new Date(time).toISOString();
}

/** A URL-safe token ([0-9a-z], 11 characters) from the keys. */
export function token(...keys: Array<string | number>): string {
  return hashString(keys.join('|')).toString(36).padStart(11, '0');
}

/** Id of a folder or file: a letter and a token, never '_' (that separates computed suffixes). */
export function itemIdFor(scope: string, nodeId: number, planKey: string, path: string): string {
  return `i${token(scope, 'item', nodeId, planKey, path.toLowerCase())}`;
}

/** A plan uid shaped like a version-4 UUID (lowercase hex and '-'). */
export function planUidFor(scope: string, nodeId: number, planKey: string): string {
  const text = `${scope}|plan|${nodeId}|${planKey}`;
  // 13 hex digits (52 of the hash's 53 bits) per hash, so every digit is uniform.
  const part = (salt: number) => (hashString(text, salt) % 2 ** 52).toString(16).padStart(13, '0');
  const hex = `${part(1)}${part(2)}${part(3)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A physical volume has one GUID per device, whichever plan backs it up. */
export function volumeGuidFor(scope: string, nodeId: number, volumeName: string): string {
  return guidFor(scope, 'volume', nodeId, volumeName.toLowerCase());
}

/** File id of a volume image (image plans). */
export function volumeFileIdFor(scope: string, nodeId: number, planKey: string, volumeName: string): string {
  return `v${token(scope, 'volume-file', nodeId, planKey, volumeName.toLowerCase())}`;
}

export function planNumericId(nodeId: number, ordinal: number): number {
  return nodeId * 100 + ordinal;
}

export function joinPath(parent: string, name: string, separator: string): string {
  return parent.endsWith(separator) ? `${parent}${name}` : `${parent}${separator}${name}`;
}

export function lastSegment(path: string, separator: string): string {
  const parts = path.split(separator).filter(Boolean);
  return parts[parts.length - 1] ?? path;
}

/** An integer in [min, max] from a hash of the keys (cheaper than an Rng for one value). */
export function hashInt(min: number, max: number, ...keys: Array<string | number>): number {
  return min + (hashString(keys.join('|')) % (max - min + 1));
}

/** Case-insensitive name order, by code unit so that it never depends on a locale. */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}



/** The showcase's deliberately broken calls: always a 500, whatever the fault settings say. */
export function brokenOnPurpose(message: string): HttpError {
  return new HttpError(500, message, { error: 'internal', message });
}

export function emptyPage<T>(total: number, size: number): PagedAnswer<T> {
  return { results: [], totalElements: total, totalPages: Math.ceil(total / size) };
}

/** A page of a listing of `total` items whose item at a position is computed on demand. */
export function pageByIndex<T>(total: number, page: number, size: number, at: (position: number) => T): PagedAnswer<T> {
  const answer = emptyPage<T>(total, size);
  const end = Math.min(total, (page + 1) * size);
  for (let position = page * size; position < end; position++) answer.results.push(at(position));
  return answer;
}
