/**
 * Version 4: the trigram name index of version 2, rebuilt so that removing
 * names costs what adding them costs.
 * Version 2's index recorded each removal (one per item, through a trigger) as
 * a tombstone in every stored segment of the index that could hold the item,
 * and rewrote those segments as their tombstones grew: replacing the pages of
 * an already cached folder took several times as long as storing them.
 * This one is contentless without `contentless_delete`: a name is removed by
 * the FTS5 `delete` command with the exact text it was indexed with, which is
 * queued and merged like an addition (any other text would corrupt the index:
 * the text is always the item's `name_lower`, read as the item goes). So:
 * - items are removed through `ListingCache.removeItems` only: one
 *   `INSERT ... SELECT 'delete'` over the items about to go, then their rows
 *   (a page replaced, a listing changed, dropped or evicted); `clear` empties
 *   the index at once;
 * - a name changed in place (nothing does today) is re-indexed by a trigger;
 * - `columnsize = 0`: no per-item size row (nothing ranks the matches).
 * The other settings are version 2's; every cached name is indexed again here.
 */
import type { Migration } from '../../../../platform/db/migrations';

export const migration004: Migration = {
  version: 4,
  name: 'name index with bulk removal',
  up(db) {
    db.exec(`
      DROP TRIGGER items_names_delete;
      DROP TRIGGER items_names_update;
      DROP TABLE items_names;

      CREATE VIRTUAL TABLE items_names USING fts5(
        name_lower,
        content = '',
        columnsize = 0,
        detail = 'none',
        tokenize = 'trigram case_sensitive 1'
      );
      INSERT INTO items_names (rowid, name_lower) SELECT id, name_lower FROM items;

      CREATE TRIGGER items_names_update AFTER UPDATE OF id, name_lower ON items
      WHEN old.id IS NOT new.id OR old.name_lower IS NOT new.name_lower BEGIN
        INSERT INTO items_names (items_names, rowid, name_lower) VALUES ('delete', old.id, old.name_lower);
        INSERT INTO items_names (rowid, name_lower) VALUES (new.id, new.name_lower);
      END;
    `);
  },
};
