/**
 * Small JSON documents in the app's data folder (profiles, settings), written
 * atomically (temp file + rename) and validated on read. A damaged file is
 * moved aside, never silently overwritten in place.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

export class JsonFile<T> {
  constructor(
    private readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
  ) {}

  read(): T {
    if (!existsSync(this.path)) return this.fallback();
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
    mkdirSync(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
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
