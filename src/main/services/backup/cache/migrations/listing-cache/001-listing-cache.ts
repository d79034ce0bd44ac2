/** Version 1: listings, their pages and their items, with a covering index for offline search. */
import type { Migration } from '../../../../platform/db/migrations';

export const migration001: Migration = {
  version: 1,
  name: 'listing cache',
  up(db) {
    db.exec(`
      -- One row per (profile, device): items refer to it by a small integer.
      CREATE TABLE nodes (
        id INTEGER PRIMARY KEY,
        scope TEXT NOT NULL,
        node_id INTEGER NOT NULL,
        UNIQUE (scope, node_id)
      );

      CREATE TABLE listings (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        node_ref INTEGER NOT NULL REFERENCES nodes (id),
        plan_uid TEXT,
        level TEXT NOT NULL,
        total INTEGER NOT NULL,
        page_size INTEGER NOT NULL,
        complete INTEGER NOT NULL DEFAULT 0,
        bytes INTEGER NOT NULL DEFAULT 0,
        last_used INTEGER NOT NULL
      );
      CREATE INDEX listings_lru ON listings (last_used);

      CREATE TABLE pages (
        listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
        page INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL,
        row_count INTEGER NOT NULL,
        PRIMARY KEY (listing_id, page)
      ) WITHOUT ROWID;

      CREATE TABLE items (
        id INTEGER PRIMARY KEY,
        listing_id INTEGER NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        node_ref INTEGER NOT NULL,
        plan_uid TEXT NOT NULL DEFAULT '',
        searchable INTEGER NOT NULL,
        name_lower TEXT NOT NULL,
        path_lower TEXT NOT NULL DEFAULT '',
        row TEXT NOT NULL
      );
      CREATE UNIQUE INDEX items_position ON items (listing_id, idx);
      -- Offline search scans this compact index (no row JSON), in name order within a plan.
      CREATE INDEX items_search ON items (node_ref, plan_uid, name_lower) WHERE searchable = 1;
    `);
  },
};
