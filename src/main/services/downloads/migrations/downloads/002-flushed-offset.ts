import type { Migration } from '../../../platform/db/migrations';

/**
 * * - `flushed_bytes`: the offset of the download's own `.part` known to be on
 *   disk (fdatasync returned before it was recorded); NULL while the download
 *   has no `.part` of its own, so a file found at that path is a stray and is
 *   never appended to. Downloads from before keep their `.part` as recorded.
 * - `name_settled`: 0 while the file name is a stand-in (nothing the console
 *   fetched named the item): the answer's Content-Disposition then names it.
 */
export const downloadsMigration002: Migration = {
  version: 2,
  name: 'flushed offset and settled name',
  up(db) {
    db.exec(`
      ALTER TABLE downloads ADD COLUMN flushed_bytes INTEGER;
      ALTER TABLE downloads ADD COLUMN name_settled INTEGER NOT NULL DEFAULT 1;
      UPDATE downloads SET flushed_bytes = received_bytes WHERE state IN ('queued', 'downloading', 'paused', 'failed');
    `);
  },
};
