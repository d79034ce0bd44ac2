/** Temporary folders for tests (unit tests must not import the service builders). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function tempDir(prefix = 'rmm-console-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
