/**
 * A download's file name comes from the API, never from the renderer (DESIGN.md "Security rules": the main process decides file names
 * from its own records). Two sources, in this order:
 *  1. what the main process fetched and handed to the renderer: listing rows
 *     (files, folders, items of a mounted image), search results (also
 *     device-wide ones, under the plan each row names), and the
 *     revision lists of the download dialogs (revision id → its file);
 *  2. the download's own answer: its Content-Disposition (RFC 6266).
 * The `name` of a 'downloads.start' request is only a display hint and never
 * reaches the disk: with nothing known, a download gets a generic name from
 * its ids until the answer names it. Every name is sanitized for Windows and
 * macOS before it touches disk.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { BrowserLocation, BrowserRow, SearchQuery } from '../../../shared/model/backup';
import type { DownloadRequest } from '../../../shared/model/downloads';
import { sanitizeFileName } from '../../../shared/rules/platform/file-names';

/** Entries kept per kind; the oldest go first (a forgotten item falls back to its answer's name). */
const MAX_ENTRIES = 50_000;

function key(...parts: Array<string | number>): string {
  return parts.map((p) => encodeURIComponent(String(p))).join('|');
}

function remember(map: Map<string, string>, k: string, value: string): void {
  map.delete(k);
  map.set(k, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

/** The plan a search result was found in, when it says (`plan` of a device-wide search's row). */
function planUidOf(row: BrowserRow): string | undefined {
  const uid = (row as { plan?: { uid?: unknown } }).plan?.uid;
  return typeof uid === 'string' && uid !== '' ? uid : undefined;
}

/** The names of backup items the main process fetched from the instance (in memory, per session). */
export class KnownNames {
  /** nodeId|planUid|itemId → name (files and folders share the id space of a plan). */
  private readonly items = new Map<string, string>();
  /** nodeId|planUid|revisionId → fileId. */
  private readonly revisions = new Map<string, string>();
  /** nodeId|planUid|revisionId|path → name, inside a mounted image. */
  private readonly mounted = new Map<string, string>();
  /** For receipts: nodeId|planUid → plan name; nodeId|planUid|itemId → path; nodeId|planUid|revisionId or jobId → backup date. */
  private readonly plans = new Map<string, string>();
  private readonly paths = new Map<string, string>();
  private readonly dates = new Map<string, string>();
  /** nodeId|planUid|jobId → when that backup completed (or started, while it runs), as listed. */
  private readonly jobTimes = new Map<string, string>();

  /** Rows of a listing page the renderer is about to show. */
  recordListing(location: BrowserLocation, rows: readonly BrowserRow[]): void {
    if (location.level === 'plans') {
      for (const row of rows) if (row.kind === 'plan') remember(this.plans, key(location.nodeId, row.plan.uid), row.plan.name);
      return;
    }
    if (!('planUid' in location)) return;
    const { nodeId, planUid } = location;
    for (const row of rows) {
      switch (row.kind) {
        case 'folder':
          remember(this.items, key(nodeId, planUid, row.folder.id), row.folder.name);
          remember(this.paths, key(nodeId, planUid, row.folder.id), row.folder.path);
          break;
        case 'item':
          this.recordItems(nodeId, planUid, [row.item]);
          break;
        case 'revision':
          remember(this.dates, key(nodeId, planUid, row.revision.id), row.revision.jobCreated);
          if (location.level === 'revisions' && location.source === 'file') remember(this.revisions, key(nodeId, planUid, row.revision.id), location.fileId);
          break;
        case 'mounted':
          if (location.level === 'mounted-folders' || location.level === 'mounted-files') {
            remember(this.mounted, key(nodeId, planUid, location.revisionId, row.path), row.item.name);
          }
          break;
        default:
          break;
      }
    }
  }

  /**
   * Search results. A device-wide search (no plan in the query) merges the
   * device's plans, and each row carries the plan it was found in: its name
   * is recorded under that plan, so a download from such a row is named from
   * the listing too. A row without one belongs to
   * the query's plan.
   */
  recordSearch(query: SearchQuery, rows: readonly BrowserRow[]): void {
    for (const row of rows) {
      if (row.kind !== 'item') continue;
      const planUid = planUidOf(row) ?? query.planUid;
      if (!planUid) continue;
      remember(this.items, key(query.nodeId, planUid, row.item.id), row.item.name);
      remember(this.paths, key(query.nodeId, planUid, row.item.id), row.item.path);
      if (row.plan) remember(this.plans, key(query.nodeId, planUid), row.plan.name);
    }
  }

  /** Files and folders of a plan the main process listed (a listing's rows, a compare's items). */
  recordItems(nodeId: number, planUid: string, items: ReadonlyArray<{ id: string; name: string; path: string }>): void {
    for (const item of items) {
      remember(this.items, key(nodeId, planUid, item.id), item.name);
      remember(this.paths, key(nodeId, planUid, item.id), item.path);
    }
  }

  /** A revision list of the download dialogs: each revision belongs to `fileId`. */
  recordRevisions(nodeId: number, planUid: string, fileId: string, revisions: ReadonlyArray<{ id: string; jobCreated?: string }>): void {
    for (const revision of revisions) {
      remember(this.revisions, key(nodeId, planUid, revision.id), fileId);
      if (revision.jobCreated) remember(this.dates, key(nodeId, planUid, revision.id), revision.jobCreated);
    }
  }

  /** The backup dates of the Download Folder dialog (a folder zip's job). */
  recordJobs(nodeId: number, planUid: string, jobs: ReadonlyArray<{ id: string; created: string; completed?: string | null }>): void {
    for (const job of jobs) {
      remember(this.dates, key(nodeId, planUid, job.id), job.created);
      remember(this.jobTimes, key(nodeId, planUid, job.id), job.completed ?? job.created);
    }
  }

  /** When a backup job of the plan's date list completed (or started), as listed; null for a job never listed. */
  jobTime(nodeId: number, planUid: string, jobId: string): string | null {
    return this.jobTimes.get(key(nodeId, planUid, jobId)) ?? null;
  }

  /** For a receipt: the plan's name, the item's path and the backup date, as listed (null: never fetched). */
  describe(request: DownloadRequest): { planName: string | null; itemPath: string | null; backupDate: string | null } {
    const planName = this.plans.get(key(request.nodeId, request.planUid)) ?? null;
    switch (request.kind) {
      case 'revision': {
        const fileId = this.revisions.get(key(request.nodeId, request.planUid, request.revisionId));
        return {
          planName,
          itemPath: fileId === undefined ? null : (this.paths.get(key(request.nodeId, request.planUid, fileId)) ?? null),
          backupDate: this.dates.get(key(request.nodeId, request.planUid, request.revisionId)) ?? null,
        };
      }
      case 'folder':
        return {
          planName,
          itemPath: this.paths.get(key(request.nodeId, request.planUid, request.folderId)) ?? null,
          backupDate: this.dates.get(key(request.nodeId, request.planUid, request.jobId)) ?? null,
        };
      case 'image':
        return { planName, itemPath: request.path, backupDate: this.dates.get(key(request.nodeId, request.planUid, request.revisionId)) ?? null };
    }
  }

  /** The listed name of what `request` downloads (before the ".zip" of a folder); null when never fetched. */
  nameOf(request: DownloadRequest): string | null {
    switch (request.kind) {
      case 'revision': {
        const fileId = this.revisions.get(key(request.nodeId, request.planUid, request.revisionId));
        return fileId === undefined ? null : (this.items.get(key(request.nodeId, request.planUid, fileId)) ?? null);
      }
      case 'folder':
        return this.items.get(key(request.nodeId, request.planUid, request.folderId)) ?? null;
      case 'image':
        return this.mounted.get(key(request.nodeId, request.planUid, request.revisionId, request.path)) ?? null;
    }
  }

  /** Another session (or instance): nothing fetched before applies. */
  clear(): void {
    this.items.clear();
    this.revisions.clear();
    this.mounted.clear();
    this.plans.clear();
    this.paths.clear();
    this.dates.clear();
  }
}

/** Folders (and folders of an image) arrive as zips. */
function isZipped(request: DownloadRequest): boolean {
  return request.kind === 'folder' || (request.kind === 'image' && request.type === 'FOLDER');
}

/** The file name for a name the server gave: sanitized, with ".zip" for a zipped folder. */
export function fileNameFor(request: DownloadRequest, serverName: string): string {
  const name = sanitizeFileName(serverName);
  return isZipped(request) && !name.toLowerCase().endsWith('.zip') ? sanitizeFileName(`${name}.zip`) : name;
}

/**
 * A safe stand-in until the answer names the file: "revision-<id>",
 * "folder-<id>-<job>.zip", "image-<revision>[.zip]". Deliberately without an
 * extension for files, so nothing a renderer says can make it an ".exe".
 */
function provisionalFileName(request: DownloadRequest): string {
  // Ids are one segment of the name: their separators must not cut it down to a tail.
  const id = (value: string) => value.replace(/[/\\]/g, '_');
  switch (request.kind) {
    case 'revision':
      return sanitizeFileName(`revision-${id(request.revisionId)}`);
    case 'folder':
      return fileNameFor(request, `folder-${id(request.folderId)}-${id(request.jobId)}`);
    case 'image':
      return fileNameFor(request, `image-${id(request.revisionId)}`);
  }
}

/** The name a download gets when it is queued; `settled` false: the answer's Content-Disposition decides. */
export function plannedFileName(request: DownloadRequest, known: string | null): { fileName: string; settled: boolean } {
  return known === null ? { fileName: provisionalFileName(request), settled: false } : { fileName: fileNameFor(request, known), settled: true };
}

function decodeExtValue(value: string): string | null {
  // RFC 8187: charset'language'percent-encoded; UTF-8 and ISO-8859-1 are the charsets a server may use.
  const match = /^([\w!#$%&+^`{}~-]+)'[\w-]*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  try {
    if (charset === 'utf-8') return decodeURIComponent(encoded);
    if (charset === 'iso-8859-1') return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
  return null;
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC
 * 8187) before `filename`; null when there is none. Not sanitized.
 */
export function nameFromContentDisposition(header: string | undefined): string | null {
  if (!header) return null;
  let plain: string | null = null;
  let extended: string | null = null;
  // Parameters: name=token or name="quoted \"string\"".
  const parameter = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (let match = parameter.exec(header); match; match = parameter.exec(header)) {
    const name = match[1]!.toLowerCase();
    const raw = match[2]!.trim();
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (name === 'filename*' && extended === null) extended = decodeExtValue(value);
    else if (name === 'filename' && plain === null) plain = value;
  }
  const chosen = extended ?? plain;
  return chosen && chosen.trim() !== '' ? chosen : null;
}

/** The sanitized name an answer gives the download, or null when it names none. */
export function fileNameFromAnswer(request: DownloadRequest, headers: IncomingHttpHeaders): string | null {
  const name = nameFromContentDisposition(typeof headers['content-disposition'] === 'string' ? headers['content-disposition'] : undefined);
  return name === null ? null : fileNameFor(request, name);
}
