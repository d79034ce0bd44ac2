import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataLock, DataFolderInUseError, isProcessAlive, isStaleLock, LOCK_FILE_NAME, processStartOf, type LockFacts } from '../../src/main/services/platform/data-lock';
import { tempDir } from '../helpers/temp';

const alive = (pids: number[]) => (pid: number) => pids.includes(pid);
/** The pid written in a folder's lock. */
const lockPid = (dir: string) => (JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number }).pid;
const inUseMessage = (dir: string) => `Another RMM Technician Console is already using ${dir}. Close it first. If none is open, delete ${join(dir, LOCK_FILE_NAME)}.`;

describe('data folder lock', () => {
  it('holds the folder with the pid, refuses a second process while it lives, and frees it on release', () => {
    const dir = tempDir();
    const first = acquireDataLock(dir, { pid: 1001, isAlive: alive([1001, 1002]), processStart: () => null });
    expect(first.held).toBe(true);
    expect(lockPid(dir)).toBe(1001);

    let refused: unknown;
    try {
      acquireDataLock(dir, { pid: 1002, isAlive: alive([1001, 1002]), processStart: () => null });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    // It says what to do when no console is open after all.
    expect((refused as Error).message).toBe(inUseMessage(dir));

    first.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    const second = acquireDataLock(dir, { pid: 1002, isAlive: alive([1002]) });
    expect(lockPid(dir)).toBe(1002);
    second.release();
  });

  it('writes a random id of the run, when its process started and when it was written', () => {
    const dir = tempDir();
    const before = Date.now();
    const lock = acquireDataLock(dir, { pid: 1009, processStart: (pid) => `boot-a:${pid}` });
    const owner = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: 1009, start: 'boot-a:1009' });
    expect(owner.run).toMatch(/^[0-9a-f]{24}$/);
    expect(owner.writtenAt).toBeGreaterThanOrEqual(before);
    lock.release();
  });

  it('takes over a lock whose process is gone (a crash or power loss)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), '4242\n');
    const lock = acquireDataLock(dir, { pid: 1003, isAlive: alive([1003]) });
    expect(lock.held).toBe(true);
    expect(lockPid(dir)).toBe(1003);
    lock.release();
  });

  it('takes over a lock whose pid is alive but is another process (a pid reused after a crash and reboot)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 4242, run: 'old', start: 'boot-a:100', writtenAt: Date.now() - 1000 }));
    // The pid now belongs to a process that started at another time (or on another boot).
    const lock = acquireDataLock(dir, { pid: 1010, isAlive: alive([4242, 1010]), processStart: (pid) => (pid === 4242 ? 'boot-b:7' : null), bootTime: Date.now() - 60_000 });
    expect(lock.held).toBe(true);
    expect(lockPid(dir)).toBe(1010);
    lock.release();
  });

  it('takes over a lock written before this boot when the process start cannot be told (not Linux)', () => {
    const dir = tempDir();
    const bootTime = Date.now() - 60_000;
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 4242, run: 'old', start: null, writtenAt: bootTime - 3_600_000 }));
    const lock = acquireDataLock(dir, { pid: 1011, isAlive: () => true, processStart: () => null, bootTime });
    expect(lockPid(dir)).toBe(1011);
    lock.release();
    // An older version's lock (the pid alone) goes by the file's time.
    writeFileSync(join(dir, LOCK_FILE_NAME), '4242\n');
    const hourAgo = new Date(bootTime - 3_600_000);
    utimesSync(join(dir, LOCK_FILE_NAME), hourAgo, hourAgo);
    const again = acquireDataLock(dir, { pid: 1011, isAlive: () => true, processStart: () => null, bootTime });
    expect(lockPid(dir)).toBe(1011);
    again.release();
  });

  it('judges a lock: gone, reused pid, written before boot, or held', () => {
    const facts = (over: Partial<LockFacts> = {}): LockFacts => ({ ownPid: 1, bootTime: 1_000_000, isAlive: () => true, processStart: () => 'boot:5', ...over });
    const owner = { pid: 2, run: 'r', start: 'boot:5', writtenAt: 2_000_000 };
    expect(isStaleLock(owner, facts())).toBe(false);
    expect(isStaleLock(owner, facts({ isAlive: () => false }))).toBe(true);
    expect(isStaleLock(owner, facts({ processStart: () => 'boot:6' }))).toBe(true);
    expect(isStaleLock({ ...owner, pid: 1 }, facts())).toBe(true);
    // The start tells exactly where it can be read: an odd clock does not matter then.
    expect(isStaleLock({ ...owner, writtenAt: 0 }, facts())).toBe(false);
    // Elsewhere the boot time decides.
    expect(isStaleLock({ ...owner, start: null, writtenAt: 0 }, facts())).toBe(true);
    expect(isStaleLock({ ...owner, start: null }, facts())).toBe(false);
    expect(isStaleLock(owner, facts({ processStart: () => null, bootTime: 3_000_000 + 60_000 }))).toBe(true);
  });

  it.runIf(process.platform === 'linux')('on Linux, tells this process from one that merely has its pid', () => {
    const start = processStartOf(process.pid);
    expect(start).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect(processStartOf(process.pid)).toBe(start);
    expect(processStartOf(2 ** 30)).toBeNull();
    // A lock naming this live process with another start is stale; with its own start it is held.
    const facts: LockFacts = { ownPid: 1, bootTime: 0, isAlive: isProcessAlive, processStart: processStartOf };
    expect(isStaleLock({ pid: process.pid, run: 'r', start: `${start!.split(':')[0]}:1`, writtenAt: Date.now() }, facts)).toBe(true);
    expect(isStaleLock({ pid: process.pid, run: 'r', start, writtenAt: Date.now() }, facts)).toBe(false);
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
    expect(lockPid(dir)).toBe(1005);
    lock.release();
  });

  it('never removes a lock another process took over meanwhile, even one with the same pid', () => {
    const dir = tempDir();
    const lock = acquireDataLock(dir, { pid: 1006, isAlive: () => true });
    const other = JSON.stringify({ pid: 1006, run: 'another-run', start: null, writtenAt: Date.now() });
    writeFileSync(join(dir, LOCK_FILE_NAME), other);
    lock.release();
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')).toBe(other);
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
