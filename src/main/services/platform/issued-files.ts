/**
 * The main process's own record of the files the renderer may name (DESIGN
 * "Security rules": the renderer names only ids the main process issued or
 * read itself), per signed-in identity (scope), in the reply drafts' file
 * (a draft names its files by these ids across restarts):
 * - uploads: the tempIds this console's uploads were answered with, with the
 *   instance's name for the file and its attachment id;
 * - files read: the attachment ids of a ticket's conversation or a trigger
 *   the console loaded, with the ticket or trigger they were read in.
 * Every channel that takes such an id asks here first and refuses one that
 * is not recorded, before anything is sent to the instance. Bounded: the
 * oldest records of a kind are forgotten first, never an upload a saved
 * draft still names.
 */
import type Database from 'better-sqlite3';

/** Uploads remembered per identity (a draft names at most 20 and 200 drafts are kept: every named one fits). */
const ISSUED_UPLOADS_MAX = 5_000;
/** Files read per identity and kind (conversation, trigger). */
const ISSUED_READS_MAX = 20_000;

type ReadKind = 'conversation' | 'trigger';

interface IssuedUpload {
  id: string;
  /** The instance's name for the file; null when it is not known (an upload recorded from an older draft). */
  name: string | null;
  /** The attachment id the instance answered beside the tempId (the status call may know the file by it). */
  attachmentId: string | null;
  /** The technician removed it: deleted on the instance, never deleted again. */
  discarded: boolean;
}

interface ReadFile {
  id: string;
  /** The ticket or trigger it was last read in. */
  owner: number;
  name: string | null;
}

interface UploadRow {
  file_id: string;
  name: string | null;
  instance_id: string | null;
  discarded: number;
}

function prepare(db: Database.Database) {
  const nextSeen = '(SELECT COALESCE(MAX(seen), 0) + 1 FROM issued_files WHERE scope = @scope AND kind = @kind)';
  return {
    put: db.prepare(
      `INSERT INTO issued_files (scope, kind, file_id, owner, name, instance_id, discarded, seen)
       VALUES (@scope, @kind, @id, @owner, @name, @instanceId, 0, ${nextSeen})
       ON CONFLICT (scope, kind, file_id) DO UPDATE SET owner = excluded.owner, name = COALESCE(excluded.name, name),
         instance_id = COALESCE(excluded.instance_id, instance_id), discarded = 0, seen = excluded.seen`,
    ),
    upload: db.prepare("SELECT file_id, name, instance_id, discarded FROM issued_files WHERE scope = ? AND kind = 'upload' AND file_id = ?"),
    read: db.prepare('SELECT file_id AS id, owner, name FROM issued_files WHERE scope = ? AND kind = ? AND file_id = ?'),
    discard: db.prepare("UPDATE issued_files SET discarded = 1 WHERE scope = ? AND kind = 'upload' AND file_id = ?"),
    count: db.prepare('SELECT COUNT(*) FROM issued_files WHERE scope = ? AND kind = ?').pluck(),
    // The oldest past `keep`, never an upload a saved draft names (that draft would no longer send).
    evict: db.prepare(
      `DELETE FROM issued_files WHERE rowid IN (
         SELECT i.rowid FROM issued_files i
         WHERE i.scope = @scope AND i.kind = @kind
           AND NOT EXISTS (SELECT 1 FROM reply_draft_files f WHERE f.scope = i.scope AND f.file_id = i.file_id)
         ORDER BY i.seen ASC LIMIT @excess)`,
    ),
  };
}

export class IssuedFiles {
  private readonly statements: ReturnType<typeof prepare>;
  private readonly readTransaction: (scope: string, kind: ReadKind, owner: number, files: ReadonlyArray<{ id: string; name: string | null }>) => void;

  constructor(
    db: Database.Database,
    private readonly limits: { uploads: number; reads: number } = { uploads: ISSUED_UPLOADS_MAX, reads: ISSUED_READS_MAX },
  ) {
    this.statements = prepare(db);
    this.readTransaction = db.transaction((scope: string, kind: ReadKind, owner: number, files: ReadonlyArray<{ id: string; name: string | null }>) => {
      for (const file of files) this.statements.put.run({ scope, kind, id: file.id, owner, name: file.name, instanceId: null });
      this.bound(scope, kind, this.limits.reads);
    });
  }

  /** This console uploaded a file for `scope`: the instance answered `id` (its tempId). */
  uploaded(scope: string, file: { id: string; name: string | null; attachmentId: string | null }): void {
    this.statements.put.run({ scope, kind: 'upload', id: file.id, owner: null, name: file.name, instanceId: file.attachmentId });
    this.bound(scope, 'upload', this.limits.uploads);
  }

  /** The files of a conversation or trigger `scope` read (one transaction). */
  read(scope: string, kind: ReadKind, owner: number, files: ReadonlyArray<{ id: string; name: string | null }>): void {
    if (files.length > 0) this.readTransaction(scope, kind, owner, files);
  }

  /** An upload this console made for `scope`, or null: the renderer named something it was never given. */
  upload(scope: string, id: string): IssuedUpload | null {
    const row = this.statements.upload.get(scope, id) as UploadRow | undefined;
    return row ? { id: row.file_id, name: row.name, attachmentId: row.instance_id, discarded: row.discarded === 1 } : null;
  }

  /** A file `scope` read in a conversation or trigger (the last one it was read in), or null. */
  readFile(scope: string, kind: ReadKind, id: string): ReadFile | null {
    return (this.statements.read.get(scope, kind, id) as ReadFile | undefined) ?? null;
  }

  /** The technician removed an upload: kept on record (a draft may still name it) but never deleted again. */
  discarded(scope: string, id: string): void {
    this.statements.discard.run(scope, id);
  }

  private bound(scope: string, kind: string, max: number): void {
    const count = Number(this.statements.count.get(scope, kind));
    if (count > max) this.statements.evict.run({ scope, kind, excess: count - max });
  }
}
