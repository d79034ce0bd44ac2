/** Browser-mode folder confinement, decided on resolved paths (pure) and on real folders and symlinks. */
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confineFolderToRoot, isInsideRoot, realLocation } from '../../src/main/services/platform/file-policy';
import { tempDir } from '../helpers/temp';

describe('isInsideRoot (pure)', () => {
  it('accepts the root and folders under it only', () => {
    expect(isInsideRoot('/home/u/Downloads', '/home/u/Downloads', 'linux')).toBe(true);
    expect(isInsideRoot('/home/u/Downloads', '/home/u/Downloads/a/b', 'linux')).toBe(true);
    expect(isInsideRoot('/home/u/Downloads', '/home/u/Downloads2', 'linux')).toBe(false);
    expect(isInsideRoot('/home/u/Downloads', '/home/u', 'linux')).toBe(false);
    expect(isInsideRoot('/home/u/Downloads', '/home/u/Downloads/../.ssh', 'linux')).toBe(false);
    expect(isInsideRoot('/home/u/Downloads', '/home/u/Downloads/..foo', 'linux')).toBe(true);
    expect(isInsideRoot('/home/u/Downloads', 'relative', 'linux')).toBe(false);
  });

  it('compares without case on Windows and macOS, with it on Linux', () => {
    expect(isInsideRoot('C:\\Users\\u\\Downloads', 'c:\\users\\U\\downloads\\x', 'win32')).toBe(true);
    expect(isInsideRoot('C:\\Users\\u\\Downloads', 'D:\\Users\\u\\Downloads', 'win32')).toBe(false);
    expect(isInsideRoot('C:\\Users\\u\\Downloads', 'C:\\Users\\u\\Downloads\\..\\Desktop', 'win32')).toBe(false);
    expect(isInsideRoot('/Users/u/Downloads', '/users/U/downloads/x', 'darwin')).toBe(true);
    expect(isInsideRoot('/home/u/Downloads', '/home/u/downloads/x', 'linux')).toBe(false);
  });
});

describe('on real folders', () => {
  const root = tempDir('rmm-policy-root-');
  const outside = tempDir('rmm-policy-out-');
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('resolves symlinks of the deepest existing folder and keeps the missing rest', async () => {
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'alias'), 'dir');
    expect(await realLocation(join(root, 'alias', 'new', 'deeper'))).toBe(join(await realLocation(root) as string, 'real', 'new', 'deeper'));
    symlinkSync(join(root, 'loop'), join(root, 'loop'));
    expect(await realLocation(join(root, 'loop', 'x'))).toBeNull();
  });

  it('confines download folders to the root', async () => {
    symlinkSync(outside, join(root, 'out'), 'dir');
    await expect(confineFolderToRoot(join(root, 'a', 'b'), root)).resolves.toBe(join(root, 'a', 'b'));
    // A link inside the root that stays inside it is fine, and keeps the technician's spelling.
    await expect(confineFolderToRoot(join(root, 'alias', 'c'), root)).resolves.toBe(join(root, 'alias', 'c'));
    await expect(confineFolderToRoot(join(root, 'out', 'b'), root)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(confineFolderToRoot(`${root}/../x`, root)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(confineFolderToRoot(join(root, 'loop'), root)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A root that does not exist yet still confines.
    await expect(confineFolderToRoot(join(root, 'later', 'x'), join(root, 'later'))).resolves.toContain('later');
    await expect(confineFolderToRoot(join(root, 'x'), join(root, 'later'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

});
