import type { Migration } from '../../../platform/db/migrations';

/**
 * The versions a save from the console replaced, per
 * signed-in identity (scope), kind and item. `version_id` is AUTOINCREMENT so
 * that an id, once dropped (the 50 cap), is never given to another version: a
 * stale "Restore this version" can only miss, never restore something else.
 */
export const historyMigration001: Migration = {
  version: 1,
  name: 'history versions',
  up(db) {
    db.exec(`
      CREATE TABLE history_versions (
        version_id INTEGER PRIMARY KEY AUTOINCREMENT,
        scope TEXT NOT NULL,              -- who was signed in where (SessionService.identityScope)
        kind TEXT NOT NULL CHECK (kind IN ('trigger', 'ruleset')),
        item_id INTEGER NOT NULL,         -- the trigger's or ruleset's id on the instance
        saved_at INTEGER NOT NULL,        -- when the save that replaced it succeeded (epoch ms)
        name TEXT NOT NULL,
        data TEXT NOT NULL                -- the Trigger or TicketRuleset as read from the server, JSON
      ) STRICT;
      CREATE INDEX history_by_item ON history_versions(scope, kind, item_id, version_id);
    `);
  },
};
