/**
 * The WAL is checkpointed on a worker thread, with a real
 * SQLite file and a real worker: checkpoints happen while the main thread
 * stores page after page, the main connection's own automatic checkpoint is
 * only a far safety net, closing ends the worker's connection first, and a
 * worker that cannot work hands checkpoints back to the main connection.
 */
import { existsSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingCache, type CachedRow, type ListingMeta } from '../../src/main/services/backup/cache/listing-cache';
import { DEFAULT_AUTOCHECKPOINT_PAGES, SAFETY_NET_PAGES, WalCheckpointer, type CheckpointResult } from '../../src/main/services/backup/cache/wal-checkpointer';
import { tempDir } from '../helpers/temp';

const open: Array<{ close(): void }> = [];
afterEach(() => {
  for (const closable of open.splice(0)) closable.close();
});

const meta: ListingMeta = { key: 'k', scope: 'profile-1', nodeId: 1, planUid: 'plan-a', level: 'files' };

function page(n: number): CachedRow[] {
  return Array.from({ length: 250 }, (_, i) => {
    const name = `file-${n}-${i}-${'x'.repeat(40)}.pdf`;
    const path = `C:\\Data\\${name}`;
    return { row: { kind: 'item', key: `${n}-${i}`, item: { id: `${n}-${i}`, name, path, type: 'FILE', deleted: false, backupSize: 1, size: 2, status: 'DEFINED' } }, name, path, searchable: true };
  });
}

function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => (check() ? resolve() : Date.now() - start > timeoutMs ? reject(new Error('timed out')) : setTimeout(poll, 10));
    poll();
  });
}

describe('checkpoints on a worker thread', () => {
  it('copies the WAL into the file while the main thread keeps storing; the main connection only keeps a far safety net', async () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = new ListingCache(file, { limitBytes: 1e9 });
    open.push(cache);
    const db = (cache as unknown as { db: Database.Database }).db;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SAFETY_NET_PAGES);
    const checkpoints: CheckpointResult[] = [];
    const checkpointer = (cache as unknown as { checkpointer: WalCheckpointer }).checkpointer;
    (checkpointer as unknown as { options: { onCheckpoint: (r: CheckpointResult) => void } }).options.onCheckpoint = (r) => checkpoints.push(r);
    const sizeBefore = statSync(file).size;
    // ~4 MiB of rows per checkpoint: 120 pages of 250 rows of ~250 bytes, stored back to back on this thread.
    for (let n = 0; n < 120; n++) cache.storePage(meta, n, 250, 30_000, page(n), 1);
    await until(() => checkpoints.length > 0);
    expect(checkpoints[0]!.checkpointed).toBeGreaterThan(0);
    // PASSIVE: frames the main thread appends meanwhile may wait for the next one.
    expect(checkpoints[0]!.checkpointed).toBeLessThanOrEqual(checkpoints[0]!.log);
    // The frames were copied into the database file by the worker, not by the main connection (its net is 8192 pages).
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1024 * 1024);
    expect(cache.search({ scope: 'profile-1', nodeId: 1, term: 'file-119-249', offset: 0, limit: 10 }).total).toBe(1);
  });

  it('closing ends the worker connection first: the file can be moved and the WAL is gone', async () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = new ListingCache(file, { limitBytes: 1e9 });
    const checkpointer = (cache as unknown as { checkpointer: WalCheckpointer }).checkpointer;
    let done = 0;
    (checkpointer as unknown as { options: { onCheckpoint: () => void } }).options.onCheckpoint = () => done++;
    for (let n = 0; n < 120; n++) cache.storePage(meta, n, 250, 30_000, page(n), 1);
    await until(() => done > 0);
    cache.close();
    // The last connection to close removes the WAL: the worker's was closed before the main one.
    expect(existsSync(`${file}-wal`)).toBe(false);
    renameSync(file, `${file}.moved`);
    const reopened = new Database(`${file}.moved`, { readonly: true });
    expect(reopened.prepare('SELECT count(*) FROM items').pluck().get()).toBe(30_000);
    reopened.close();
  });

  it('a worker that cannot open the file hands checkpoints back to the main connection', async () => {
    const reasons: string[] = [];
    const checkpointer = new WalCheckpointer(join(tempDir(), 'missing.sqlite'), { onFailure: (reason) => reasons.push(reason), walBytes: 1 });
    open.push(checkpointer);
    checkpointer.wrote(10);
    await until(() => reasons.length > 0);
    expect(reasons[0]).toMatch(/^the checkpoint thread (failed|ended)/);
    // Stopped: no more asking.
    checkpointer.wrote(10);
    expect(reasons).toHaveLength(1);
  });

  it('a cache whose worker failed checkpoints itself again at the default', async () => {
    const file = join(tempDir(), 'c.sqlite');
    const cache = new ListingCache(file, { limitBytes: 1e9 });
    open.push(cache);
    const db = (cache as unknown as { db: Database.Database }).db;
    const checkpointer = (cache as unknown as { checkpointer: WalCheckpointer }).checkpointer;
    (checkpointer as unknown as { fail(reason: string): void }).fail('test');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(DEFAULT_AUTOCHECKPOINT_PAGES);
  });
});
