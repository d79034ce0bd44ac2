import type { Migration } from '../../../platform/db/migrations';

/** The download list: what each download is, where it goes and how far it got. */
export const downloadsMigration001: Migration = {
  version: 1,
  name: 'downloads',
  up(db) {
    db.exec(`
      CREATE TABLE downloads (
        id TEXT PRIMARY KEY,
        scope TEXT NOT NULL,              -- the profile the download belongs to (its server)
        request TEXT NOT NULL,            -- the DownloadRequest, JSON
        file_name TEXT NOT NULL,
        folder TEXT NOT NULL,
        target_path TEXT NOT NULL,
        overwrite INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL,
        total_bytes INTEGER,
        received_bytes INTEGER NOT NULL DEFAULT 0,
        etag TEXT,                        -- validator for If-Range when resuming
        last_modified TEXT,
        checksum TEXT,                    -- sha256 (hex) the server announced
        verified TEXT,
        error_code TEXT,
        error_message TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        finished_at INTEGER,
        position INTEGER NOT NULL         -- queue order
      ) STRICT;
      CREATE INDEX downloads_by_state ON downloads(state, position);
      CREATE TABLE download_folders (
        scope TEXT NOT NULL,
        node_id INTEGER NOT NULL,
        folder TEXT NOT NULL,
        chosen_at INTEGER NOT NULL,
        PRIMARY KEY (scope, node_id)
      ) STRICT;
    `);
  },
};
