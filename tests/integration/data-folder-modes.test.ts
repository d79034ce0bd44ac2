/**
 * The data folder is owner-only: folders 0700; the SQLite
 * files with their -wal/-shm and the JSON files 0600, also when an older
 * version left them wider. POSIX modes only.
 */
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestServices } from '../helpers/services';
import { tempDir } from '../helpers/temp';

const modeOf = (path: string) => statSync(path).mode & 0o777;

const DATABASE_FILES = ['downloads.sqlite', 'downloads.sqlite-wal', 'downloads.sqlite-shm', 'cache/listings.sqlite', 'cache/listings.sqlite-wal', 'cache/listings.sqlite-shm'];

describe.skipIf(process.platform === 'win32')('data folder modes', () => {
  it('creates the folder 0700 and the databases, their WAL/SHM and the settings file 0600', async () => {
    const previous = process.umask(0o022);
    const dataDir = join(tempDir(), 'new data folder');
    const services = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, dataDir, keytar: null });
    try {
      await services.call('settings.update', { theme: 'light' });
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, 'cache'))).toBe(0o700);
      for (const file of DATABASE_FILES) {
        expect(existsSync(join(dataDir, file)), file).toBe(true);
        expect(modeOf(join(dataDir, file)), file).toBe(0o600);
      }
      expect(modeOf(join(dataDir, 'settings.json'))).toBe(0o600);
    } finally {
      await services.dispose();
      process.umask(previous);
    }
  });

  it('narrows a data folder and files an older version left readable by others', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, dataDir, keytar: null });
    await first.call('settings.update', { theme: 'light' });
    await first.dispose();
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'cache'), 0o755);
    for (const file of ['downloads.sqlite', 'cache/listings.sqlite', 'settings.json']) chmodSync(join(dataDir, file), 0o644);

    const second = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, dataDir, keytar: null });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, 'cache'))).toBe(0o700);
      for (const file of DATABASE_FILES) expect(modeOf(join(dataDir, file)), file).toBe(0o600);
      expect(modeOf(join(dataDir, 'settings.json'))).toBe(0o600);
    } finally {
      await second.dispose();
    }
  });
});
