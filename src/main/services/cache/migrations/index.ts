/**
 * Numbered migrations, one file per version. Each runs in one transaction that
 * also bumps `user_version`; a database from a newer version is refused.
 */
import type Database from 'better-sqlite3';
import { migration001 } from './001-listing-cache';
import { migration002 } from './002-name-trigram-index';
import { migration003 } from './003-candidate-check-index';

export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export const MIGRATIONS: readonly Migration[] = [migration001, migration002, migration003];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;

export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(`The cache database has schema version ${found}; this version of the console supports up to ${supported}.`);
    this.name = 'SchemaTooNewError';
  }
}

/** Brings `db` to the latest version; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
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
