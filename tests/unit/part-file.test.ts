/**
 * The `.part` file (issue 10 points 5 and 7): opened never through a link and
 * never over a stray file, flushed to disk about every N bytes with only
 * flushed offsets reported, and never grown past its bound.
 */
import { promises as fsp, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { isPartLinkError, openPartFile, PartWriter, realPartFileSystem } from '../../src/main/services/downloads/part-file';
import { tempDir } from '../helpers/temp';

const MIB = 1024 * 1024;

function chunks(total: number, size = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(size, total - sent);
      sent += n;
      this.push(Buffer.alloc(n, 1));
    },
  });
}

describe('openPartFile', () => {
  it('creates a new .part only when nothing is at the path', async () => {
    const dir = tempDir('rmm-part-');
    const fresh = await openPartFile(realPartFileSystem, join(dir, 'a.part'), 'create');
    await fresh.close();
    writeFileSync(join(dir, 'stray.part'), 'theirs');
    await expect(openPartFile(realPartFileSystem, join(dir, 'stray.part'), 'create')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dir, 'stray.part'), 'utf8')).toBe('theirs');
  });

  it.each(['create', 'truncate', 'resume'] as const)('refuses a link in %s mode and leaves its target alone', async (mode) => {
    const dir = tempDir('rmm-part-');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'do not touch');
    symlinkSync(victim, join(dir, 'x.part'));
    const failure = await openPartFile(realPartFileSystem, join(dir, 'x.part'), mode).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isPartLinkError(failure)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('do not touch');
  });
});

describe('PartWriter', () => {
  it('flushes about every syncEveryBytes and reports only offsets that were on disk when the flush began', async () => {
    const dir = tempDir('rmm-part-');
    const handle = await fsp.open(join(dir, 'a.part'), 'w+');
    const flushes: number[] = [];
    const reported: number[] = [];
    let writer: PartWriter | null = null;
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      flushes.push(writer!.position);
      await datasync();
    };
    writer = new PartWriter({
      handle,
      position: 0,
      hash: null,
      batchBytes: 256 * 1024,
      syncEveryBytes: MIB,
      onWritten: () => undefined,
      onSynced: (position) => reported.push(position),
    });
    await pipeline(chunks(5 * MIB + 123), writer);
    expect(await writer.flush()).toBe(5 * MIB + 123);
    await handle.close();
    expect(statSync(join(dir, 'a.part')).size).toBe(5 * MIB + 123);
    // Periodic, not per chunk (80 chunks here): at most one per MiB, one at a time, plus the last one.
    expect(flushes.length).toBeGreaterThanOrEqual(2);
    expect(flushes.length).toBeLessThanOrEqual(7);
    // Each reported offset is one a flush started at (never bytes written after it).
    for (const offset of reported) expect(flushes).toContain(offset);
    expect(reported.at(-1)).toBe(5 * MIB + 123);
    expect([...reported].sort((a, b) => a - b)).toEqual(reported);
  });

  it('refuses bytes past maxPosition with the given error, keeping what came before', async () => {
    const dir = tempDir('rmm-part-');
    const handle = await fsp.open(join(dir, 'b.part'), 'w+');
    const writer = new PartWriter({ handle, position: 0, hash: null, maxPosition: 2 * MIB, limitError: () => new Error('too big'), onWritten: () => undefined });
    await expect(pipeline(chunks(3 * MIB), writer)).rejects.toThrow('too big');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await handle.close();
    expect(writer.position).toBeLessThanOrEqual(2 * MIB);
    expect(statSync(join(dir, 'b.part')).size).toBe(writer.position);
  });
});
