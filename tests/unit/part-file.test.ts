/**
 * The `.part` file: opened never through a link
 * (also where the platform cannot refuse one at open) and never over a stray
 * file or a file swapped in, flushed to disk about every N bytes with only
 * flushed offsets reported, and never grown past its bound.
 */
import { constants as fsConstants, promises as fsp, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { isPartLinkError, isPartReplacedError, openPartFile, PartWriter, realPartFileSystem, SLOW_WRITES_TO_GIVE_UP, slowWritesAfter, type PartFileSystem } from '../../src/main/services/platform/files/part-file';
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

  /**
   * Windows has no O_NOFOLLOW: this file system
   * opens as Windows would, following links, and plants a link to the victim
   * between the lstat and the open, as an attacker racing the console would.
   */
  function windowsLikeRace(victim: string): PartFileSystem {
    return {
      open: async (path, flags) => {
        rmSync(path, { force: true });
        symlinkSync(victim, path);
        return fsp.open(path, flags & ~(fsConstants.O_NOFOLLOW ?? 0), 0o644);
      },
    };
  }

  it.each([
    ['truncate', 'an existing .part'],
    ['resume', 'an existing .part'],
    ['truncate', 'no .part yet'],
  ] as const)('refuses a link planted between the check and the open (%s, %s), its target untouched', async (mode, start) => {
    const dir = tempDir('rmm-part-');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'do not touch');
    const part = join(dir, 'x.part');
    if (start === 'an existing .part') writeFileSync(part, 'our own bytes');
    const failure = await openPartFile(windowsLikeRace(victim), part, mode).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isPartLinkError(failure)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('do not touch');
  });

  it('refuses another file put where the download’s own .part was, and empties its own only on truncate', async () => {
    const dir = tempDir('rmm-part-');
    const part = join(dir, 'x.part');
    writeFileSync(part, 'our own bytes');
    const own = statSync(part);
    const identity = { dev: own.dev, ino: own.ino };
    const resumed = await openPartFile(realPartFileSystem, part, 'resume', identity);
    await resumed.close();
    expect(readFileSync(part, 'utf8')).toBe('our own bytes');
    const truncated = await openPartFile(realPartFileSystem, part, 'truncate', identity);
    await truncated.close();
    expect(readFileSync(part, 'utf8')).toBe('');

    // Swapped for another file (a hard link to someone's file, a copy): not the one this download wrote.
    // (Written beside it first, so the file system cannot hand the freed inode number back.)
    writeFileSync(join(dir, 'other'), 'someone else');
    renameSync(join(dir, 'other'), part);
    for (const mode of ['resume', 'truncate'] as const) {
      const failure = await openPartFile(realPartFileSystem, part, mode, identity).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isPartReplacedError(failure)).toBe(true);
    }
    expect(readFileSync(part, 'utf8')).toBe('someone else');
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

describe('slow disks (writes leave the receiving thread only when the disk itself is slow)', () => {
  it('counts slow writes in a row; a quick one starts the count again', () => {
    let count = 0;
    for (let i = 0; i < SLOW_WRITES_TO_GIVE_UP; i++) count = slowWritesAfter(count, 40, false);
    expect(count).toBe(SLOW_WRITES_TO_GIVE_UP);
    expect(slowWritesAfter(2, 1, false)).toBe(0);
  });

  it('a write held up by a flush under way (the journal commit) is not counted', () => {
    expect(slowWritesAfter(0, 46, true)).toBe(0);
    expect(slowWritesAfter(2, 200, true)).toBe(2);
  });
});
