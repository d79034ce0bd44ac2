import type { Migration } from '../../../platform/db/migrations';
import { readReplyDraftJson } from '../../../../../shared/rules/tickets/reply';

/**
 * What the renderer may name (DESIGN "Security rules": the renderer names
 * only ids the main process issued or read itself), kept with the drafts
 * because a draft names its files by these ids across restarts:
 * - `issued_files`: per identity (scope), the upload tempIds this console
 *   created and the attachment ids it read in a ticket's conversation or a
 *   trigger it loaded; `name` is the instance's own (never a draft's);
 * - `reply_draft_files`: which files each draft names, so that listing the
 *   drafts or asking "does a draft still name this file" never parses a
 *   draft body;
 * - a listing index that answers the drafts list from the index alone.
 * The drafts saved before this version name their files by id only: those
 * ids are taken as this identity's uploads (its own earlier version wrote
 * them), without a name (a saved image is then called 'image').
 */
export const draftsMigration002: Migration = {
  version: 2,
  name: 'issued files and draft summaries',
  up(db) {
    db.exec(`
      CREATE TABLE issued_files (
        scope TEXT NOT NULL,                 -- who was signed in where (SessionService.identityScope)
        kind TEXT NOT NULL CHECK (kind IN ('upload', 'conversation', 'trigger')),
        file_id TEXT NOT NULL,               -- the tempId of an upload, the attachment id of a file read
        owner INTEGER,                       -- the ticket or trigger it was read in; NULL for an upload
        name TEXT,                           -- as the instance's metadata names it; NULL when unknown
        instance_id TEXT,                    -- an upload: the attachment id the instance answered beside its tempId
        discarded INTEGER NOT NULL DEFAULT 0, -- an upload the technician removed (deleted on the instance)
        seen INTEGER NOT NULL,               -- order within (scope, kind): the oldest are forgotten first
        PRIMARY KEY (scope, kind, file_id)
      ) STRICT;
      CREATE INDEX issued_files_by_age ON issued_files(scope, kind, seen);
      CREATE TABLE reply_draft_files (
        scope TEXT NOT NULL,
        draft_key TEXT NOT NULL,
        file_id TEXT NOT NULL,
        PRIMARY KEY (scope, draft_key, file_id),
        FOREIGN KEY (scope, draft_key) REFERENCES reply_drafts(scope, draft_key) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX reply_draft_files_by_file ON reply_draft_files(scope, file_id);
      DROP INDEX reply_drafts_by_seq;
      CREATE INDEX reply_drafts_listing ON reply_drafts(scope, seq, draft_key, updated_at);
    `);
    const rows = db.prepare('SELECT scope, draft_key, data FROM reply_drafts').all() as Array<{ scope: string; draft_key: string; data: string }>;
    const named = db.prepare('INSERT OR IGNORE INTO reply_draft_files (scope, draft_key, file_id) VALUES (?, ?, ?)');
    const issued = db.prepare(
      `INSERT OR IGNORE INTO issued_files (scope, kind, file_id, seen)
       VALUES (?, 'upload', ?, (SELECT COALESCE(MAX(seen), 0) + 1 FROM issued_files WHERE scope = ? AND kind = 'upload'))`,
    );
    for (const row of rows) {
      // A row that does not read names no file it could be trusted with.
      for (const upload of readReplyDraftJson(row.data)?.uploads ?? []) {
        named.run(row.scope, row.draft_key, upload.id);
        issued.run(row.scope, upload.id, row.scope);
      }
    }
  },
};
