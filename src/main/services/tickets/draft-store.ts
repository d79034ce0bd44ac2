/**
 * Reply drafts in SQLite (`ticketing-drafts.sqlite` in the
 * data folder), per signed-in identity (scope) and ticket id or `new:<uuid>`,
 * saved as they are typed (the caller debounces) and removed only when the
 * server has confirmed the reply. Unlike the caches, a draft is the only copy
 * of the technician's work until it is sent, so:
 * - each save is its own transaction, with `synchronous = FULL`: a save that
 *   returned survives the console's crash and the computer's too;
 * - a row this version cannot read is skipped (and left alone), never fatal;
 * - a file that cannot be used is moved aside (kept, not deleted) and
 *   rebuilt, or stood in for in memory, without blocking start (db/open).
 * Bounded: a draft over DRAFT_MAX_BYTES is refused with a clear error, and a
 * scope keeps at most DRAFTS_PER_SCOPE_MAX drafts: past it a new draft is
 * refused (saving one that is kept still works); none is dropped to make room.
 * Each save also notes which files the draft names (`reply_draft_files`):
 * the list and "does a draft still name this file" are answered from that
 * and the listing index, never by parsing draft bodies. The same file keeps
 * the record of the files this console issued (../platform/issued-files.ts).
 */
import type Database from 'better-sqlite3';
import { AppError } from '../../../shared/errors';
import { isDraftKey, parseReplyDraft, readReplyDraftJson, type ReplyDraft } from '../../../shared/rules/tickets/reply';
import { describeOpenFailure, openDatabase } from '../platform/db/open';
import { IssuedFiles } from '../platform/issued-files';
import { DRAFT_MIGRATIONS } from './migrations/drafts';

/** The largest draft kept, as stored (JSON, UTF-8). Pictures travel as uploads, so text alone rarely comes near. */
export const DRAFT_MAX_BYTES = 2 * 1024 * 1024;
/** Drafts kept per identity; a new draft past it is refused with a clear message (none is ever dropped to make room). */
export const DRAFTS_PER_SCOPE_MAX = 200;

interface StoredDraft {
  key: string;
  /** When it was last saved (epoch ms). */
  updatedAt: number;
  draft: ReplyDraft;
}

type DraftListing = Omit<StoredDraft, 'draft'>;

export interface DraftStoreOptions {
  now?: () => number;
  maxBytes?: number;
  maxDrafts?: number;
}

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

const draftTooLargeMessage = (bytes: number, maxBytes = DRAFT_MAX_BYTES) =>
  `This draft is too large to keep on this computer (${sizeText(bytes)}; at most ${sizeText(maxBytes)}). Shorten it or attach the long content as a file.`;
const draftKeyMessage = (key: string) => `A reply draft belongs to a ticket id or a new ticket ("new:<uuid>"), not "${key.slice(0, 60)}".`;
export const draftsFullMessage = (max = DRAFTS_PER_SCOPE_MAX) =>
  `This computer already keeps ${max} unsent reply drafts for you: send or discard some, and this one is kept from the next change on.`;
const DRAFT_NOT_A_DRAFT_MESSAGE = 'This is not a reply draft: it has no body and html body.';
const storageMessage = (what: 'saved' | 'read' | 'removed', error: unknown) => `The reply draft could not be ${what} on this computer: ${describeOpenFailure(error)}.`;

/** A SQLite failure as the technician should see it (codes only, never a path). */
function storageError(what: 'saved' | 'read' | 'removed', error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const full = code === 'SQLITE_FULL' || code === 'ENOSPC';
  return new AppError(full ? 'DISK_FULL' : 'IO_ERROR', storageMessage(what, error), { cause: error });
}

function prepareStatements(db: Database.Database) {
  return {
    upsert: db.prepare(
      `INSERT INTO reply_drafts (scope, draft_key, seq, updated_at, data)
       VALUES (@scope, @key, (SELECT COALESCE(MAX(seq), 0) + 1 FROM reply_drafts WHERE scope = @scope), @updatedAt, @data)
       ON CONFLICT (scope, draft_key) DO UPDATE SET seq = excluded.seq, updated_at = excluded.updated_at, data = excluded.data`,
    ),
    count: db.prepare('SELECT COUNT(*) FROM reply_drafts WHERE scope = ?').pluck(),
    exists: db.prepare('SELECT 1 FROM reply_drafts WHERE scope = ? AND draft_key = ?').pluck(),
    load: db.prepare('SELECT draft_key, updated_at, data FROM reply_drafts WHERE scope = ? AND draft_key = ?'),
    // Answered from the listing index (scope, seq, draft_key, updated_at): no draft body is read.
    listing: db.prepare('SELECT draft_key AS key, updated_at AS updatedAt FROM reply_drafts WHERE scope = ? ORDER BY seq DESC'),
    remove: db.prepare('DELETE FROM reply_drafts WHERE scope = ? AND draft_key = ?'),
    forgetFiles: db.prepare('DELETE FROM reply_draft_files WHERE scope = ? AND draft_key = ?'),
    nameFile: db.prepare('INSERT OR IGNORE INTO reply_draft_files (scope, draft_key, file_id) VALUES (?, ?, ?)'),
    filesOf: db.prepare('SELECT file_id FROM reply_draft_files WHERE scope = ? AND draft_key = ?').pluck(),
    namesFile: db.prepare('SELECT 1 FROM reply_draft_files WHERE scope = ? AND file_id = ? LIMIT 1').pluck(),
    namesFileIn: db.prepare('SELECT 1 FROM reply_draft_files WHERE scope = ? AND draft_key = ? AND file_id = ?').pluck(),
  };
}

interface Row {
  draft_key: string;
  updated_at: number;
  data: string;
}

export class ReplyDraftStore {
  private readonly db: Database.Database;
  /** Something the technician should know about the file (moved aside, newer schema, in memory). */
  readonly notice?: string;
  readonly persistent: boolean;
  private readonly now: () => number;
  private readonly maxBytes: number;
  private readonly maxDrafts: number;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly saveTransaction: (scope: string, key: string, updatedAt: number, data: string, files: readonly string[]) => void;
  /** The files this console issued, per identity (kept in this file: drafts name their files by these ids). */
  readonly issued: IssuedFiles;

  constructor(file: string, options: DraftStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxBytes = options.maxBytes ?? DRAFT_MAX_BYTES;
    this.maxDrafts = Math.max(1, options.maxDrafts ?? DRAFTS_PER_SCOPE_MAX);
    const opened = openDatabase(file, DRAFT_MIGRATIONS, {
      subject: 'The reply draft store',
      meanwhile: 'drafts typed now are kept in memory only, until you update the console',
      rebuilt: 'the drafts kept before are in the file set aside, not listed',
      memoryOnly: 'drafts typed now will not survive a restart',
    });
    this.db = opened.db;
    this.notice = opened.notice;
    this.persistent = opened.persistent;
    // The house default (NORMAL) may lose the last commits to a power cut; a draft is work, so every save waits for the disk.
    if (this.persistent) this.db.pragma('synchronous = FULL');

    this.statements = prepareStatements(this.db);
    this.saveTransaction = this.db.transaction((scope: string, key: string, updatedAt: number, data: string, files: readonly string[]) => {
      // A draft is the only copy of its work: past the bound a new one is refused, never an old one dropped.
      if (this.statements.exists.get(scope, key) === undefined && Number(this.statements.count.get(scope)) >= this.maxDrafts) {
        throw new AppError('INVALID_INPUT', draftsFullMessage(this.maxDrafts));
      }
      this.statements.upsert.run({ scope, key, updatedAt, data });
      this.statements.forgetFiles.run(scope, key);
      for (const file of files) this.statements.nameFile.run(scope, key, file);
    });
    this.issued = new IssuedFiles(this.db);
  }

  /**
   * Keeps `draft` as the draft of `key` (replacing the one before) in one
   * transaction; answers when it was saved. INVALID_INPUT for a bad key, a
   * value that is no draft or one over the size limit (nothing is written
   * then: the previous save stays); DISK_FULL or IO_ERROR when the write fails.
   */
  save(scope: string, key: string, draft: ReplyDraft): number {
    if (!isDraftKey(key)) throw new AppError('INVALID_INPUT', draftKeyMessage(key));
    const normalized = parseReplyDraft(draft);
    if (!normalized) throw new AppError('INVALID_INPUT', DRAFT_NOT_A_DRAFT_MESSAGE);
    const data = JSON.stringify(normalized);
    const bytes = Buffer.byteLength(data, 'utf8');
    if (bytes > this.maxBytes) throw new AppError('INVALID_INPUT', draftTooLargeMessage(bytes, this.maxBytes));
    const updatedAt = Math.trunc(this.now());
    try {
      this.saveTransaction(scope, key, updatedAt, data, normalized.uploads.map((upload) => upload.id));
    } catch (error) {
      throw storageError('saved', error);
    }
    return updatedAt;
  }

  /** The draft of `key`; null when there is none or it no longer reads (left in the file as it is). */
  load(scope: string, key: string): StoredDraft | null {
    let row: Row | undefined;
    try {
      row = this.statements.load.get(scope, key) as Row | undefined;
    } catch (error) {
      throw storageError('read', error);
    }
    if (!row) return null;
    const draft = readReplyDraftJson(row.data);
    return draft ? { key: row.draft_key, updatedAt: row.updated_at, draft } : null;
  }

  /**
   * The scope's drafts, most recently saved first, from the listing index
   * alone: no draft body is read, however many and large they are. A row
   * whose body no longer reads is listed too (its load answers null), so the
   * technician can still discard it.
   */
  list(scope: string): DraftListing[] {
    try {
      return this.statements.listing.all(scope) as DraftListing[];
    } catch (error) {
      throw storageError('read', error);
    }
  }

  /** The ids of the files the draft of `key` names, as noted when it was saved (its body is not read). */
  filesOf(scope: string, key: string): string[] {
    try {
      return this.statements.filesOf.all(scope, key) as string[];
    } catch (error) {
      throw storageError('read', error);
    }
  }

  /** Whether one of the scope's drafts (or the draft of `key`, when given) names the file. */
  namesFile(scope: string, fileId: string, key?: string): boolean {
    try {
      const found = key === undefined ? this.statements.namesFile.get(scope, fileId) : this.statements.namesFileIn.get(scope, key, fileId);
      return found !== undefined;
    } catch (error) {
      throw storageError('read', error);
    }
  }

  /** Forgets the draft of `key`: call only once the server has confirmed the reply. Answers whether there was one. */
  remove(scope: string, key: string): boolean {
    try {
      return this.statements.remove.run(scope, key).changes > 0;
    } catch (error) {
      throw storageError('removed', error);
    }
  }

  close(): void {
    this.db.close();
  }
}
