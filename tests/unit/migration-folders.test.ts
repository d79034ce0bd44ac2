/**
 * One migration convention for every SQLite file of the console: each
 * database has a folder `<area>/…/migrations/<database>/` of numbered files
 * `NNN-name.ts`, one version each, listed in order by the folder's index.ts and
 * run by the same runner (src/main/services/platform/db/migrations.ts).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../src/main/services/platform/db/migrations';

const SERVICES = resolve('src/main/services');

function migrationFolders(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'migrations') found.push(...readdirSync(path).map((db) => join(path, db)));
    else found.push(...migrationFolders(path));
  }
  return found;
}

const folders = migrationFolders(SERVICES);

describe('migration folders', () => {
  it('has one folder per database', () => {
    expect(folders.map((folder) => relative(SERVICES, folder)).sort()).toEqual([
      'backup/cache/migrations/listing-cache',
      'downloads/migrations/downloads',
      'ticketing/migrations/history',
      'tickets/migrations/drafts',
      'tickets/migrations/workspace',
    ]);
  });

  it.each(folders.map((folder) => [relative(SERVICES, folder), folder]))('%s: NNN-name.ts files, numbered 1, 2, 3, … and listed in order', async (_name, folder) => {
    expect(statSync(folder).isDirectory()).toBe(true);
    const files = readdirSync(folder).filter((name) => name !== 'index.ts');
    for (const name of files) expect(name).toMatch(/^\d{3}-[a-z0-9-]+\.ts$/);
    const numbers = files.map((name) => Number(name.slice(0, 3))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const module = (await import(join(folder, 'index.ts'))) as Record<string, unknown>;
    const lists = Object.values(module).filter((value): value is Migration[] => Array.isArray(value));
    expect(lists).toHaveLength(1);
    expect(lists[0]!.map((migration) => migration.version)).toEqual(numbers);
    for (const [i, migration] of lists[0]!.entries()) {
      const file = (await import(join(folder, files.find((name) => Number(name.slice(0, 3)) === i + 1)!))) as Record<string, unknown>;
      expect(Object.values(file)).toContain(migration);
    }
  });
});
