/**
 * Prepared statements kept per database connection, by their SQL text:
 * preparing a statement costs more than running most of them once. A
 * connection's statements go with it (a reopened file starts a new set).
 */
import type Database from 'better-sqlite3';

const kept = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function statement(db: Database.Database, sql: string): Database.Statement {
  let statements = kept.get(db);
  if (!statements) {
    statements = new Map();
    kept.set(db, statements);
  }
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    statements.set(sql, prepared);
  }
  return prepared;
}
