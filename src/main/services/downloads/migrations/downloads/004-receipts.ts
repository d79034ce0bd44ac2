import type { Migration } from '../../../platform/db/migrations';

/**
 * A download's receipt: `started_at`, when its bytes first started to come
 * (the receipt's start time), and where its receipt files were written
 * (`receipt_json_path`, `receipt_html_path`) or why they could not be
 * (`receipt_error`), so "Copy receipt" works after a restart.
 */
export const downloadsMigration004: Migration = {
  version: 4,
  name: 'receipts',
  up(db) {
    db.exec(`
      ALTER TABLE downloads ADD COLUMN started_at INTEGER;
      ALTER TABLE downloads ADD COLUMN receipt_json_path TEXT;
      ALTER TABLE downloads ADD COLUMN receipt_html_path TEXT;
      ALTER TABLE downloads ADD COLUMN receipt_error TEXT;
    `);
  },
};
