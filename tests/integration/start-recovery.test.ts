/**
 * Nothing blocks start: the download list in a real
 * SQLite file that is garbage, has a damaged page, cannot be opened, sits in a
 * read-only data folder or on a full disk. Each time the console still opens a
 * working download list and says what happened, once.
 *
 * A read-only folder: as a normal user, chmod 0500. Root ignores permissions,
 * so as root the check runs in a child process inside a private mount
 * namespace (`unshare -Urm`) where the folder is bind-mounted read-only (a real
 * EROFS); a full disk is a tiny tmpfs there. Where namespaces are not
 * available those two cases are skipped (and say so).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DownloadStore } from '../../src/main/services/downloads/download-store';
import { createTestServices } from '../helpers/services';
import { storedDownload } from '../helpers/stored-download';
import { tempDir } from '../helpers/temp';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'tests/fixtures/open-data-folder.ts');
const isRoot = process.getuid?.() === 0;
const namespacesWork = process.platform === 'linux' && spawnSync('unshare', ['-Urm', 'true']).status === 0;

function seed(file: string, count: number): void {
  const store = new DownloadStore(file);
  store.insertMany(Array.from({ length: count }, (_, i) => storedDownload(i + 1)));
  store.close();
}

/** Overwrites one page in the middle of the file with junk: the header still reads, the b-tree does not. */
function damageMiddlePage(file: string): void {
  const bytes = readFileSync(file);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  const pages = Math.floor(bytes.length / pageSize);
  expect(pages).toBeGreaterThan(8);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, Math.floor(pages / 2) * pageSize);
  closeSync(fd);
}

function asideCopies(dir: string, kind: 'corrupt' | 'unusable'): string[] {
  return readdirSync(dir).filter((name) => name.startsWith(`downloads.sqlite.${kind}-`) && !name.endsWith('-wal') && !name.endsWith('-shm'));
}

interface FixtureResult {
  persistent?: boolean;
  notice?: string | null;
  listed?: number;
  afterInsert?: string[];
  untouched?: boolean;
  first?: { ok: boolean; value: { notices: string[] } };
  second?: { ok: boolean; value: { notices: string[] } };
  list?: { ok: boolean; value: unknown[] };
  lockHeld?: boolean;
  crashed?: string;
}

/** Runs the fixture with `dir` read-only: chmod for a normal user, a read-only bind mount for root. */
function runReadOnly(dir: string, mode: 'store' | 'services'): FixtureResult {
  let result;
  if (isRoot) {
    const script = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" "$1" && exec "$2" --import tsx "$3" "$4" "$1"';
    result = spawnSync('unshare', ['-Urm', 'sh', '-c', script, 'sh', dir, process.execPath, FIXTURE, mode], { cwd: ROOT, encoding: 'utf8' });
  } else {
    chmodSync(dir, 0o500);
    try {
      result = spawnSync(process.execPath, ['--import', 'tsx', FIXTURE, mode, dir], { cwd: ROOT, encoding: 'utf8' });
    } finally {
      chmodSync(dir, 0o700);
    }
  }
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (!line.startsWith('{')) throw new Error(`fixture failed (${result.status}): ${result.stderr}`);
  return JSON.parse(line) as FixtureResult;
}

describe('the download list at start', () => {
  it('a file of garbage bytes is moved aside and rebuilt, and the technician is told once', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'downloads.sqlite'), Buffer.alloc(64 * 1024, 'this is not a database '));
    const services = await createTestServices({ demo: { url: 'http://127.0.0.1:9' }, dataDir, keytar: null });
    try {
      expect(await services.call('downloads.list')).toEqual([]);
      const { notices } = await services.call<{ notices: string[] }>('app.notices');
      expect(notices).toEqual([expect.stringMatching(/^The download list file was damaged\. It was moved aside and a new one was started/)]);
      expect((await services.call<{ notices: string[] }>('app.notices')).notices).toEqual([]);
      expect(asideCopies(dataDir, 'corrupt')).toHaveLength(1);
    } finally {
      await services.dispose();
    }
  });

  it('a damaged page that opening alone does not notice is found by quick_check, moved aside and rebuilt', () => {
    const dir = tempDir();
    const file = join(dir, 'downloads.sqlite');
    seed(file, 400);
    damageMiddlePage(file);
    // The premise: the header and schema still read, so only a full check finds the bad page.
    const raw = new Database(file);
    expect(raw.prepare('SELECT count(*) AS n FROM sqlite_schema').get()).toMatchObject({ n: expect.any(Number) });
    expect(raw.pragma('quick_check', { simple: true })).not.toBe('ok');
    raw.close();

    const store = new DownloadStore(file);
    try {
      expect(store.persistent).toBe(true);
      expect(store.notice).toMatch(/download list file was damaged/);
      expect(store.all()).toEqual([]);
      store.insert(storedDownload(1));
      expect(store.get('download-1')?.fileName).toBe('report-1.pdf');
    } finally {
      store.close();
    }
    expect(asideCopies(dir, 'corrupt')).toHaveLength(1);
    // The rebuilt file is a good one: it opens again without a notice and keeps the new row.
    const again = new DownloadStore(file);
    expect(again.notice).toBeUndefined();
    expect(again.all().map((d) => d.id)).toEqual(['download-1']);
    again.close();
  });

  it('a file that cannot be opened (a folder in its place) is moved aside and a new one started', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'downloads.sqlite'));
    const store = new DownloadStore(join(dir, 'downloads.sqlite'));
    try {
      expect(store.persistent).toBe(true);
      expect(store.notice).toMatch(/^The download list file could not be opened \(.+\)\. It was moved aside and a new one was started/);
      store.insert(storedDownload(2));
      expect(store.all()).toHaveLength(1);
    } finally {
      store.close();
    }
    expect(asideCopies(dir, 'unusable')).toHaveLength(1);
    expect(statSync(join(dir, 'downloads.sqlite')).isFile()).toBe(true);
  });

  it.skipIf(isRoot && !namespacesWork)('a read-only data folder: the list runs in memory, the file is left as it was, and the notice says downloads will not survive a restart', () => {
    const dir = tempDir();
    seed(join(dir, 'downloads.sqlite'), 3);
    const result = runReadOnly(dir, 'store');
    expect(result.crashed).toBeUndefined();
    expect(result.persistent).toBe(false);
    expect(result.notice).toMatch(/read-only/);
    expect(result.notice).toMatch(/downloads started now will not be remembered after a restart\.$/);
    expect(result.afterInsert).toEqual(['download-900']);
    expect(result.untouched).toBe(true);
    expect(readdirSync(dir).filter((name) => name.startsWith('downloads.sqlite.'))).toEqual([]);
  });

  it.skipIf(isRoot && !namespacesWork)('the whole console starts in a read-only data folder and shows its notices once', () => {
    const dir = tempDir();
    seed(join(dir, 'downloads.sqlite'), 2);
    const result = runReadOnly(dir, 'services');
    expect(result.crashed).toBeUndefined();
    expect(result.first?.ok).toBe(true);
    const notices = result.first!.value.notices;
    expect(notices.some((n) => n.startsWith('The download list could not be opened') && n.includes('will not be remembered after a restart'))).toBe(true);
    expect(notices.some((n) => n.startsWith('The offline cache could not be created'))).toBe(true);
    expect(result.second).toEqual({ ok: true, value: { notices: [] } });
    expect(result.list).toEqual({ ok: true, value: [] });
    expect(result.lockHeld).toBe(false);
  });

  it.skipIf(!namespacesWork)('a full disk: the file is put back untouched, the list runs in memory and the notice says why', () => {
    const source = join(tempDir(), 'downloads.sqlite');
    seed(source, 5);
    const dir = tempDir();
    // A 256 KiB tmpfs over the data folder, filled up after the database is copied in.
    const script =
      'mount -t tmpfs -o size=256k tmpfs "$1" && cp "$5" "$1/downloads.sqlite" && { head -c 1048576 /dev/zero > "$1/fill" 2>/dev/null; true; } && ' +
      'exec "$2" --import tsx "$3" "$4" "$1"';
    const run = spawnSync('unshare', ['-Urm', 'sh', '-c', script, 'sh', dir, process.execPath, FIXTURE, 'store', source], { cwd: ROOT, encoding: 'utf8' });
    const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}') as FixtureResult;
    expect(result.crashed).toBeUndefined();
    expect(result.persistent).toBe(false);
    expect(result.notice).toMatch(/^The download list could not be opened or rebuilt \(a write failed; the disk may be full\); downloads started now will not be remembered after a restart\.$/);
    expect(result.afterInsert).toEqual(['download-900']);
    expect(result.untouched).toBe(true);
  });
});
