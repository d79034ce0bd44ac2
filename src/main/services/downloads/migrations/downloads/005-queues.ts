import type { Migration } from '../../../platform/db/migrations';

/**
 * A download's queue: `queue_id`, shared by the downloads started together,
 * and `on_complete`, what to do when the whole queue has finished (JSON:
 * notify, open the folder, keep the computer awake until then), so the
 * actions still run after a restart. NULL (downloads from before): a queue of
 * its own with the defaults.
 */
export const downloadsMigration005: Migration = {
  version: 5,
  name: 'queues',
  up(db) {
    db.exec(`
      ALTER TABLE downloads ADD COLUMN queue_id TEXT;
      ALTER TABLE downloads ADD COLUMN on_complete TEXT;
    `);
  },
};
