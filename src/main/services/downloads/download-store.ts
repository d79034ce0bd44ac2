/**
 * The download list in SQLite (`downloads.sqlite` in the data folder, apart
 * from the listing cache so that clearing the cache never loses a download):
 * each download's request, target, validators and progress, so that it
 * resumes after a dropped connection and after a restart.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import type { CompletionActions, DownloadItem, DownloadReceiptRef, DownloadRequest, DownloadState } from '../../../shared/model/downloads';
import { DOWNLOAD_STATES } from '../../../shared/model/downloads';
import { openDatabase } from '../platform/db/open';
import { DOWNLOAD_MIGRATIONS } from './migrations/downloads';
import { readCompletionActions } from '../../../shared/rules/downloads/download-queues';

/** A download as stored; `DownloadItem` adds what only the running process knows (speed, ETA). */
export interface StoredDownload {
  id: string;
  scope: string;
  request: DownloadRequest;
  fileName: string;
  folder: string;
  targetPath: string;
  overwrite: boolean;
  state: DownloadState;
  totalBytes: number | null;
  receivedBytes: number;
  etag: string | null;
  lastModified: string | null;
  checksum: string | null;
  verified: DownloadItem['verified'];
  error: { code: string; message: string } | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  position: number;
  /** Bytes of the download's own `.part` known to be on disk; null while it has no `.part` of its own. */
  flushedBytes: number | null;
  /** False while the name is a stand-in, until the answer's Content-Disposition names the file. */
  nameSettled: boolean;
  /**
   * The boot of the machine on which the `.part` was last written (null:
   * unknown). On the same boot its bytes past `flushedBytes` are still there
   * after a crash of the console; after a restart of the machine they may not be.
   */
  writtenBoot: string | null;
  /** The downloads started together share a queue. */
  queueId: string;
  /** What to do when the whole queue has finished. */
  onComplete: CompletionActions;
  /** When its bytes first started to come (the receipt's start time); null before. */
  startedAt: number | null;
  /** Its receipt, once completed (null: none written). */
  receipt: DownloadReceiptRef | null;
}

interface Row {
  id: string;
  scope: string;
  request: string;
  file_name: string;
  folder: string;
  target_path: string;
  overwrite: number;
  state: string;
  total_bytes: number | null;
  received_bytes: number;
  etag: string | null;
  last_modified: string | null;
  checksum: string | null;
  verified: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  position: number;
  flushed_bytes: number | null;
  name_settled: number;
  written_boot: string | null;
  started_at: number | null;
  receipt_json_path: string | null;
  receipt_html_path: string | null;
  receipt_error: string | null;
  queue_id: string | null;
  on_complete: string | null;
}

const requestSchema: z.ZodType<DownloadRequest> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('revision'), nodeId: z.number(), planUid: z.string(), revisionId: z.string(), name: z.string() }),
  z.object({
    kind: z.literal('folder'),
    nodeId: z.number(),
    planUid: z.string(),
    folderId: z.string(),
    jobId: z.string(),
    restoreDeleted: z.boolean(),
    name: z.string(),
  }),
  z.object({
    kind: z.literal('image'),
    nodeId: z.number(),
    planUid: z.string(),
    revisionId: z.string(),
    path: z.string(),
    type: z.enum(['FILE', 'FOLDER']),
    name: z.string(),
  }),
]);

function fromRow(row: Row): StoredDownload | null {
  let request: DownloadRequest;
  try {
    request = requestSchema.parse(JSON.parse(row.request));
  } catch {
    return null; // A row this version cannot read is left alone rather than guessed at.
  }
  const state = (DOWNLOAD_STATES as readonly string[]).includes(row.state) ? (row.state as DownloadState) : 'failed';
  return {
    id: row.id,
    scope: row.scope,
    request,
    fileName: row.file_name,
    folder: row.folder,
    targetPath: row.target_path,
    overwrite: row.overwrite === 1,
    state,
    totalBytes: row.total_bytes,
    receivedBytes: row.received_bytes,
    etag: row.etag,
    lastModified: row.last_modified,
    checksum: row.checksum,
    verified: row.verified === 'size' || row.verified === 'checksum' ? row.verified : null,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    position: row.position,
    flushedBytes: row.flushed_bytes,
    nameSettled: row.name_settled !== 0,
    writtenBoot: row.written_boot,
    // Downloads from before queues: each its own queue.
    queueId: row.queue_id ?? row.id,
    onComplete: readCompletionActions(row.on_complete),
    startedAt: row.started_at,
    receipt: receiptOf(row),
  };
}

function receiptOf(row: Row): DownloadReceiptRef | null {
  if (row.receipt_json_path && row.receipt_html_path) return { jsonPath: row.receipt_json_path, htmlPath: row.receipt_html_path };
  return row.receipt_error ? { error: row.receipt_error } : null;
}

export class DownloadStore {
  private readonly db: Database.Database;
  /** Something the technician should know about the file (moved aside, newer schema). */
  readonly notice?: string;
  readonly persistent: boolean;

  constructor(file: string) {
    const opened = openDatabase(file, DOWNLOAD_MIGRATIONS, {
      subject: 'The download list',
      meanwhile: 'downloads started now are not remembered after a restart until you update the console',
      rebuilt: 'earlier downloads are no longer listed (their files are untouched)',
      memoryOnly: 'downloads started now will not be remembered after a restart',
    });
    this.db = opened.db;
    this.notice = opened.notice;
    this.persistent = opened.persistent;
  }

  all(): StoredDownload[] {
    const rows = this.db.prepare('SELECT * FROM downloads ORDER BY position').all() as Row[];
    return rows.map(fromRow).filter((d): d is StoredDownload => d !== null);
  }

  get(id: string): StoredDownload | undefined {
    const row = this.db.prepare('SELECT * FROM downloads WHERE id = ?').get(id) as Row | undefined;
    return row ? (fromRow(row) ?? undefined) : undefined;
  }

  nextPosition(): number {
    const row = this.db.prepare('SELECT coalesce(max(position), 0) + 1 AS next FROM downloads').get() as { next: number };
    return row.next;
  }

  insert(download: StoredDownload): void {
    this.db
      .prepare(
        `INSERT INTO downloads (id, scope, request, file_name, folder, target_path, overwrite, state, total_bytes, received_bytes,
           etag, last_modified, checksum, verified, error_code, error_message, created_at, updated_at, finished_at, position,
           flushed_bytes, name_settled, written_boot, queue_id, on_complete, started_at, receipt_json_path, receipt_html_path, receipt_error)
         VALUES (@id, @scope, @request, @fileName, @folder, @targetPath, @overwrite, @state, @totalBytes, @receivedBytes,
           @etag, @lastModified, @checksum, @verified, @errorCode, @errorMessage, @createdAt, @updatedAt, @finishedAt, @position,
           @flushedBytes, @nameSettled, @writtenBoot, @queueId, @onComplete, @startedAt, @receiptJsonPath, @receiptHtmlPath, @receiptError)`,
      )
      .run(this.params(download));
  }

  insertMany(downloads: StoredDownload[]): void {
    this.db.transaction(() => {
      for (const download of downloads) this.insert(download);
    })();
  }

  update(download: StoredDownload): void {
    this.db
      .prepare(
        `UPDATE downloads SET file_name = @fileName, target_path = @targetPath, overwrite = @overwrite, state = @state,
           total_bytes = @totalBytes, received_bytes = @receivedBytes, etag = @etag, last_modified = @lastModified,
           checksum = @checksum, verified = @verified, error_code = @errorCode, error_message = @errorMessage,
           updated_at = @updatedAt, finished_at = @finishedAt, flushed_bytes = @flushedBytes, name_settled = @nameSettled,
           written_boot = @writtenBoot, started_at = @startedAt, receipt_json_path = @receiptJsonPath,
           receipt_html_path = @receiptHtmlPath, receipt_error = @receiptError
         WHERE id = @id`,
      )
      .run(this.params(download));
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM downloads WHERE id = ?').run(id);
  }

  removeWhereStates(states: readonly DownloadState[]): string[] {
    const placeholders = states.map(() => '?').join(', ');
    const rows = this.db.prepare(`DELETE FROM downloads WHERE state IN (${placeholders}) RETURNING id`).all(...states) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  folderFor(scope: string, nodeId: number): string | undefined {
    const row = this.db.prepare('SELECT folder FROM download_folders WHERE scope = ? AND node_id = ?').get(scope, nodeId) as { folder: string } | undefined;
    return row?.folder;
  }

  rememberFolder(scope: string, nodeId: number, folder: string, now = Date.now()): void {
    this.db
      .prepare(
        `INSERT INTO download_folders (scope, node_id, folder, chosen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (scope, node_id) DO UPDATE SET folder = excluded.folder, chosen_at = excluded.chosen_at`,
      )
      .run(scope, nodeId, folder, now);
  }

  close(): void {
    this.db.close();
  }

  private params(d: StoredDownload): Record<string, unknown> {
    return {
      id: d.id,
      scope: d.scope,
      request: JSON.stringify(d.request),
      fileName: d.fileName,
      folder: d.folder,
      targetPath: d.targetPath,
      overwrite: d.overwrite ? 1 : 0,
      state: d.state,
      totalBytes: d.totalBytes,
      receivedBytes: d.receivedBytes,
      etag: d.etag,
      lastModified: d.lastModified,
      checksum: d.checksum,
      verified: d.verified,
      errorCode: d.error?.code ?? null,
      errorMessage: d.error?.message ?? null,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
      finishedAt: d.finishedAt,
      position: d.position,
      flushedBytes: d.flushedBytes,
      nameSettled: d.nameSettled ? 1 : 0,
      writtenBoot: d.writtenBoot,
      queueId: d.queueId,
      onComplete: JSON.stringify(d.onComplete),
      startedAt: d.startedAt,
      receiptJsonPath: d.receipt && 'jsonPath' in d.receipt ? d.receipt.jsonPath : null,
      receiptHtmlPath: d.receipt && 'htmlPath' in d.receipt ? d.receipt.htmlPath : null,
      receiptError: d.receipt && 'error' in d.receipt ? d.receipt.error : null,
    };
  }
}
