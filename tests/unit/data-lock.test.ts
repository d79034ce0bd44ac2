import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataLock, DataFolderInUseError, isProcessAlive, LOCK_FILE_NAME } from '../../src/main/services/data-lock';
import { tempDir } from '../helpers/temp';

const alive = (pids: number[]) => (pid: number) => pids.includes(pid);

describe('data folder lock', () => {
  it('holds the folder with the pid, refuses a second process while it lives, and frees it on release', () => {
    const dir = tempDir();
    const first = acquireDataLock(dir, { pid: 1001, isAlive: alive([1001, 1002]) });
    expect(first.held).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe('1001\n');

    let refused: unknown;
    try {
      acquireDataLock(dir, { pid: 1002, isAlive: alive([1001, 1002]) });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as Error).message).toBe(`Another RMM Technician Console is already using ${dir}. Close it first.`);

    first.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    const second = acquireDataLock(dir, { pid: 1002, isAlive: alive([1002]) });
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe('1002\n');
    second.release();
  });

  it('takes over a lock whose process is gone (a crash or power loss)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), '4242\n');
    const lock = acquireDataLock(dir, { pid: 1003, isAlive: alive([1003]) });
    expect(lock.held).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe('1003\n');
    lock.release();
  });

  it('takes over a lock holding its own pid (left by an earlier run that had the same pid)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), '1004\n');
    const lock = acquireDataLock(dir, { pid: 1004, isAlive: () => true });
    expect(lock.held).toBe(true);
    lock.release();
  });

  it('waits out an empty lock being written now, but takes over one left empty long ago', () => {
    const dir = tempDir();
    const file = join(dir, LOCK_FILE_NAME);
    writeFileSync(file, '');
    expect(() => acquireDataLock(dir, { pid: 1005, isAlive: () => true })).toThrow(DataFolderInUseError);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(file, longAgo, longAgo);
    const lock = acquireDataLock(dir, { pid: 1005, isAlive: () => true });
    expect(readFileSync(file, 'utf8')).toBe('1005\n');
    lock.release();
  });

  it('never removes a lock another process took over meanwhile', () => {
    const dir = tempDir();
    const lock = acquireDataLock(dir, { pid: 1006, isAlive: () => true });
    writeFileSync(join(dir, LOCK_FILE_NAME), '1007\n');
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe('1007\n');
  });

  it('creates a missing data folder for its lock', () => {
    const dir = join(tempDir(), 'a', 'b');
    const lock = acquireDataLock(dir, { pid: 1008, isAlive: () => true });
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    lock.release();
  });

  it('tells a live process from a gone one', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(0)).toBe(false);
    expect(isProcessAlive(2 ** 30)).toBe(false);
  });
});
