/**
 * The running sha256 lives in a worker thread; what it
 * digests must be exactly the bytes handed over, in order, whatever the
 * batches, with several hashes running at once, and the caller's buffer free
 * to reuse as soon as update returns.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { appendFileSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HASH_BACKLOG_LIMIT, hashesInWorker, RunningHash } from '../../src/main/services/platform/files/hash-worker';

describe('the hashing worker', () => {
  it('digests exactly the bytes handed over, batch sizes and reused buffers notwithstanding', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 3);
    const running = new RunningHash();
    const other = new RunningHash();
    const reused = Buffer.alloc(1024 * 1024);
    let at = 0;
    for (const size of [1, 0, 4095, 1024 * 1024, 333_333]) {
      const piece = data.subarray(at, at + size);
      piece.copy(reused);
      running.update(reused.subarray(0, piece.length));
      // The caller scribbles over its buffer at once: the worker has its own copy.
      reused.fill(0xee);
      other.update(Buffer.from('interleaved'));
      at += size;
    }
    running.update(data.subarray(at));
    expect(running.bytes).toBe(data.length);
    expect(await running.digest()).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await other.digest()).toBe(createHash('sha256').update(Buffer.from('interleaved'.repeat(5))).digest('hex'));
    expect(await new RunningHash().digest()).toBe(createHash('sha256').digest('hex'));
  });

  it('says when it is far behind, and when it caught up', async () => {
    const running = new RunningHash();
    const block = Buffer.alloc(8 * 1024 * 1024, 1);
    for (let i = 0; i * block.length <= HASH_BACKLOG_LIMIT; i++) running.update(block);
    expect(running.behind).toBe(true);
    await running.caughtUp();
    expect(running.backlog).toBeLessThanOrEqual(HASH_BACKLOG_LIMIT / 2);
    const expected = createHash('sha256');
    for (let i = 0; i * block.length <= HASH_BACKLOG_LIMIT; i++) expected.update(block);
    expect(await running.digest()).toBe(expected.digest('hex'));
  });
});

describe('the hashing worker and the process', () => {
  it('does not keep a process alive once nothing is on its way', async () => {
    const { spawnSync } = await import('node:child_process');
    const script = `
      import { RunningHash } from './src/main/services/platform/files/hash-worker.ts';
      const h = new RunningHash();
      h.update(Buffer.alloc(1024 * 1024, 3));
      console.log((await h.digest()).length);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 20_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('64');
    expect(run.status).toBe(0);
  });

  it('hashes on the calling thread when the process may use one CPU only, with the same digest', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 1);
    const local = new RunningHash(false);
    expect(local.inWorker).toBe(false);
    const reused = Buffer.alloc(1024 * 1024);
    for (let at = 0; at < data.length; at += reused.length) {
      const piece = data.subarray(at, at + reused.length);
      piece.copy(reused);
      local.update(reused.subarray(0, piece.length));
      reused.fill(0xee);
    }
    expect(local.backlog).toBe(0);
    await local.caughtUp();
    expect(await local.digest()).toBe(createHash('sha256').update(data).digest('hex'));
    expect(new RunningHash(true).inWorker).toBe(true);
  });

  it.runIf(process.platform === 'linux')('chooses the calling thread under a one-CPU affinity (taskset), the worker otherwise', () => {
    const module = resolve(import.meta.dirname, '../../src/main/services/platform/files/hash-worker.ts');
    const script = `import(${JSON.stringify(module)}).then((m) => console.log(m.hashesInWorker()))`;
    let pinned: string;
    try {
      pinned = execFileSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', '-e', script], { encoding: 'utf8' }).trim();
    } catch {
      return; // No taskset here.
    }
    expect(pinned).toBe('false');
    expect(hashesInWorker()).toBe(availableParallelism() >= 2);
  });
});

describe('a hash that follows a file', () => {
  it('reads the bytes from the file as they are said to be written, including bytes that were there before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rmm-hash-'));
    const path = join(dir, 'a.part');
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const prefix = 1024 * 1024 + 5;
    writeFileSync(path, data.subarray(0, prefix));
    const stat = statSync(path);
    const running = new RunningHash(true, { path, identity: { dev: stat.dev, ino: stat.ino } });
    expect(running.followsFile).toBe(true);
    running.advance(prefix);
    for (let at = prefix; at < data.length; at += 500_000) {
      const piece = data.subarray(at, Math.min(data.length, at + 500_000));
      appendFileSync(path, piece);
      // Only said to be written: the worker reads it back from the file.
      running.update(Buffer.alloc(piece.length));
    }
    expect(running.bytes).toBe(data.length);
    expect(await running.digest()).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('fails its digest (the caller hashes the file itself) when the file is another one or shorter than said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rmm-hash-'));
    const path = join(dir, 'b.part');
    writeFileSync(path, 'short');
    const stat = statSync(path);
    const other = new RunningHash(true, { path, identity: { dev: stat.dev, ino: stat.ino + 1 } });
    other.advance(5);
    await expect(other.digest()).rejects.toThrow(/could not be hashed/);
    const short = new RunningHash(true, { path, identity: null });
    short.advance(10);
    await expect(short.digest()).rejects.toThrow(/shorter/);
  });
});
