import type { Migration } from '../../../platform/db/migrations';

/**
 * The ticket workspace's offline cache (the boards list,
 * pages of a board's tickets, ticket pages) and the technician's
 * recent and favorite tabs (§9.4), per signed-in identity (scope). Answers
 * are cached only when complete, each with when it was fetched; `seq` is the
 * write order (the clock may go back) that pruning keeps the newest by.
 */
export const workspaceMigration001: Migration = {
  version: 1,
  name: 'ticket workspace cache and tabs',
  up(db) {
    db.exec(`
      CREATE TABLE cached_answers (
        scope TEXT NOT NULL,              -- who was signed in where (SessionService.identityScope)
        kind TEXT NOT NULL CHECK (kind IN ('boards', 'board_page', 'ticket_view')),
        item_key TEXT NOT NULL,           -- '' for the boards; board id and query; ticket id
        seq INTEGER NOT NULL,             -- write order within the scope and kind: newest is highest
        fetched_at INTEGER NOT NULL,      -- when the instance answered (epoch ms)
        data TEXT NOT NULL,               -- the answer as the console read it, JSON
        PRIMARY KEY (scope, kind, item_key)
      ) STRICT;
      CREATE INDEX cached_answers_by_seq ON cached_answers(scope, kind, seq);
      CREATE TABLE workspace_tabs (
        scope TEXT NOT NULL,
        list TEXT NOT NULL CHECK (list IN ('recent', 'favorite')),
        position INTEGER NOT NULL,        -- 0 first
        tab_kind TEXT NOT NULL CHECK (tab_kind IN ('board', 'ticket')),
        item_id INTEGER NOT NULL,
        title TEXT NOT NULL,
        PRIMARY KEY (scope, list, tab_kind, item_id)
      ) STRICT;
    `);
  },
};
