/**
 * Small JSON documents in the app's data folder (profiles, settings), written
 * atomically (temp file + rename) and validated on read. A damaged file is
 * moved aside, never silently overwritten in place. Owner-only: the folder
 * 0700 and the file 0600, narrowed when an older version left them wider.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { ensurePrivateDir, PRIVATE_FILE_MODE, restrictMode } from './private-files';

export class JsonFile<T> {
  constructor(
    private readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
  ) {}

  read(): T {
    if (!existsSync(this.path)) return this.fallback();
    restrictMode(this.path, PRIVATE_FILE_MODE);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      this.moveAside();
      return this.fallback();
    }
    const parsed = this.schema.safeParse(raw);
    if (!parsed.success) {
      this.moveAside();
      return this.fallback();
    }
    return parsed.data;
  }

  write(value: T): void {
    ensurePrivateDir(dirname(this.path));
    const temp = `${this.path}.${randomBytes(4).toString('hex')}.tmp`;
    // `flag: 'wx'`: a fresh file (never through a planted symlink), created 0600 whatever the umask.
    writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    renameSync(temp, this.path);
  }

  private moveAside(): void {
    try {
      renameSync(this.path, `${this.path}.damaged-${Date.now()}`);
    } catch {
      // Nothing to keep.
    }
  }
}
