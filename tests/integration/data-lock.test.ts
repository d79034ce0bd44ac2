/**
 * One data folder, one process, with real processes: a
 * process holding the folder refuses this one and `npm run serve` (which
 * prints the message and exits 1); once it is killed outright (no cleanup),
 * its stale lock is taken over; a process that stops normally removes its lock.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataFolderInUseError, LOCK_FILE_NAME } from '../../src/main/services/platform/data-lock';
import { tempDir } from '../helpers/temp';

const ROOT = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function holdLock(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/fixtures/hold-data-lock.ts'), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolveHeld, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('held true')) resolveHeld(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}: ${output}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolveExit) => (child.exitCode !== null || child.signalCode !== null ? resolveExit() : child.once('exit', () => resolveExit())));

describe('data folder lock across processes', () => {
  it('refuses a second console while the first runs, and takes over after the first was killed', async () => {
    const dir = tempDir();
    const holder = await holdLock(dir);

    expect(() => acquireDataLock(dir)).toThrow(new DataFolderInUseError(dir, holder.pid!).message);
    const serve = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main/serve.ts'), '--data-dir', dir], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(serve.status).toBe(1);
    expect(serve.stderr).toContain(`Another RMM Technician Console is already using ${dir}. Close it first. If none is open, delete ${join(dir, LOCK_FILE_NAME)}.`);

    holder.kill('SIGKILL');
    await exited(holder);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    const lock = acquireDataLock(dir);
    expect(lock.held).toBe(true);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  // Linux tells a process's start from /proc; elsewhere only a lock from before this boot is known stale.
  it.runIf(process.platform === 'linux')('takes over the lock of a killed console whose pid now belongs to another program', async () => {
    const dir = tempDir();
    const holder = await holdLock(dir);
    holder.kill('SIGKILL');
    await exited(holder);
    // After a crash and a reboot the pid is handed to something else: here a live process that is not a console.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    await new Promise((resolveSpawn) => other.once('spawn', resolveSpawn));
    const file = join(dir, LOCK_FILE_NAME);
    const left = JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
    writeFileSync(file, JSON.stringify({ ...left, pid: other.pid }));

    const lock = acquireDataLock(dir);
    expect(lock.held).toBe(true);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid).toBe(process.pid);
    lock.release();
  });

  it('a console that stops normally leaves no lock behind', async () => {
    const dir = tempDir();
    const holder = await holdLock(dir);
    holder.kill('SIGTERM');
    await exited(holder);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });
});
