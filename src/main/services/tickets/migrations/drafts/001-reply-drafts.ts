import type { Migration } from '../../../platform/db/migrations';

/**
 * The reply drafts, one per signed-in identity (scope) and
 * ticket (its id) or new ticket (`new:<uuid>`). `seq` is the save order within
 * the scope, which the clock cannot reorder (it may go back); `updated_at` is
 * what the technician is shown.
 */
export const draftsMigration001: Migration = {
  version: 1,
  name: 'reply drafts',
  up(db) {
    db.exec(`
      CREATE TABLE reply_drafts (
        scope TEXT NOT NULL,              -- who was signed in where (SessionService.identityScope)
        draft_key TEXT NOT NULL,          -- the ticket's id, or new:<uuid> for a ticket not created yet
        seq INTEGER NOT NULL,             -- save order within the scope: newest is highest
        updated_at INTEGER NOT NULL,      -- when it was last saved (epoch ms)
        data TEXT NOT NULL,               -- the ReplyDraft, JSON
        PRIMARY KEY (scope, draft_key)
      ) STRICT;
      CREATE INDEX reply_drafts_by_seq ON reply_drafts(scope, seq);
    `);
  },
};
