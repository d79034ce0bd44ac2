/**
 * Version 2: a trigram index over item names for offline search. Contentless (the names stay in `items` only; FTS5 keeps just the
 * trigram lists), `detail=none` (no positions: search checks every candidate
 * with its GLOB anyway, so a smaller, faster-to-write index is enough), and
 * case-sensitive over the already lower-cased `name_lower`, so folding is done
 * once, by the same `toLowerCase` as the search term.
 * It changes in the same transaction as the rows:
 * - rows are indexed by the page that stores them, one INSERT ... SELECT per
 *   page (`ListingCache.storePage`): a per-row trigger into FTS5 costs about
 *   five times as much;
 * - every removal (a replaced page, a changed listing, a dropped or evicted
 *   listing through ON DELETE CASCADE, clear) goes through the delete trigger,
 *   which costs the same as a bulk delete and cannot be forgotten;
 * - a name that changes in place (nothing does today) is re-indexed.
 * Search checks every candidate with its GLOB, so the index only ever has to
 * hold at least every stored name. Rows cached by version 1 are indexed here.
 */
import type { Migration } from '../../../../platform/db/migrations';

export const migration002: Migration = {
  version: 2,
  name: 'name trigram index',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE items_names USING fts5(
        name_lower,
        content = '',
        contentless_delete = 1,
        detail = 'none',
        tokenize = 'trigram case_sensitive 1'
      );
      INSERT INTO items_names (rowid, name_lower) SELECT id, name_lower FROM items;

      CREATE TRIGGER items_names_delete AFTER DELETE ON items BEGIN
        DELETE FROM items_names WHERE rowid = old.id;
      END;
      CREATE TRIGGER items_names_update AFTER UPDATE OF id, name_lower ON items BEGIN
        DELETE FROM items_names WHERE rowid = old.id;
        INSERT INTO items_names (rowid, name_lower) VALUES (new.id, new.name_lower);
      END;
    `);
  },
};
