/**
 * Numbered migrations, one file per version, for every SQLite file of the
 * console: the listing cache, the download list, the ticketing history, the
 * reply drafts and the ticket workspace cache. Each database keeps its own in
 * one folder, `<area>/…/migrations/<database>/NNN-name.ts`, listed in order by
 * that folder's index.ts. Each runs in one
 * transaction that also bumps `user_version`; a database from a newer version
 * is refused; a list whose versions do not run 1, 2, 3, … (a gap, a
 * duplicate, out of order) is a programming error, thrown at start before any
 * file is touched.
 */
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(`The database has schema version ${found}; this version of the console supports up to ${supported}.`);
    this.name = 'SchemaTooNewError';
  }
}

/** The versions of `migrations` are not 1, 2, 3, … in order. */
export class MigrationOrderError extends Error {
  constructor(readonly versions: readonly number[]) {
    super(`Migrations must be numbered 1, 2, 3, … in order without gaps or duplicates; found ${versions.join(', ')}.`);
    this.name = 'MigrationOrderError';
  }
}

export function checkMigrationOrder(migrations: readonly Migration[]): void {
  if (migrations.some((migration, i) => migration.version !== i + 1)) throw new MigrationOrderError(migrations.map((m) => m.version));
}

/** Brings `db` to the latest version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number[] {
  checkMigrationOrder(migrations);
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new SchemaTooNewError(current, latest);
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
