import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, win32 } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { downloadPath } from '../../src/main/services/downloads/download-attempt';
import { checksumFrom, parseContentRange } from '../../src/main/services/downloads/download-decisions';
import { fileNameFor } from '../../src/main/services/downloads/download-names';
import { fsPath, nameTaken, prepareFolder, targetInside, uniqueName } from '../../src/main/services/platform/files/paths';
import { collisionKey, MAX_NAME_BYTES, numberedName, sanitizeFileName } from '../../src/shared/rules/platform/file-names';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

describe('sanitizeFileName (names from the server are untrusted)', () => {
  it.each([
    ['../../x', 'x'],
    ['..\\..\\y.txt', 'y.txt'],
    ['/etc/passwd', 'passwd'],
    ['C:\\Windows\\win.ini', 'win.ini'],
    ['a:b.txt', 'a_b.txt'],
    ['what?<>|*".txt', 'what______.txt'],
    ['trailing. ', 'trailing'],
    ['dots...', 'dots'],
    ['  leading.txt', 'leading.txt'],
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['aux.txt', '_aux.txt'],
    ['LPT1.log', '_LPT1.log'],
    ['COM9', '_COM9'],
    ['console.txt', 'console.txt'],
    ['..', 'download'],
    ['.', 'download'],
    ['', 'download'],
    ['/', 'download'],
    ['tab\there', 'tab_here'],
    ['report 📈.xlsx', 'report 📈.xlsx'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('keeps a 300-character name under the length limit with its extension and room for a suffix', () => {
    const name = `${'a'.repeat(300)}.docx`;
    const safe = sanitizeFileName(name);
    expect(utf8(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES - 16);
    expect(safe.endsWith('.docx')).toBe(true);
    expect(utf8(`${numberedName(safe, 12)}.part`)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  });

  it('never splits a multi-byte character when it shortens a name', () => {
    const safe = sanitizeFileName(`${'é'.repeat(200)}.txt`);
    expect(safe).toMatch(/^é+\.txt$/);
    expect(utf8(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES - 16);
  });

  it('numbers copies before the extension and compares names without case', () => {
    expect(numberedName('report.txt', 1)).toBe('report (1).txt');
    expect(numberedName('archive', 2)).toBe('archive (2)');
    expect(collisionKey('Report.TXT')).toBe(collisionKey('report.txt'));
  });
});

describe('download targets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rmm-names-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('always lands directly inside the chosen folder, on POSIX and Windows', () => {
    for (const hostile of ['../../x', '/etc/passwd', '..\\..\\evil.exe', 'a/../../b', 'C:\\Windows\\System32\\drivers\\etc\\hosts']) {
      const p = targetInside('/home/tech/Downloads', hostile, 'linux');
      expect(posix.dirname(p)).toBe('/home/tech/Downloads');
      const w = targetInside('C:\\Users\\tech\\Downloads', hostile, 'win32');
      expect(win32.dirname(w)).toBe('C:\\Users\\tech\\Downloads');
    }
  });

  it('uses the \\\\?\\ form for long Windows paths only', () => {
    const short = 'C:\\Users\\tech\\Downloads\\a.txt';
    expect(fsPath(short, 'win32')).toBe(short);
    const long = `C:\\Users\\tech\\Downloads\\${'d'.repeat(150)}\\${'f'.repeat(150)}.txt`;
    expect(fsPath(long, 'win32')).toBe(`\\\\?\\${long}`);
    expect(fsPath(`\\\\server\\share\\${'x'.repeat(300)}`, 'win32')).toMatch(/^\\\\\?\\UNC\\server\\share\\/);
    expect(fsPath(`/home/${'x'.repeat(300)}`, 'linux')).toBe(`/home/${'x'.repeat(300)}`);
  });

  it('finds a free name that differs from files on disk and other downloads regardless of case', () => {
    writeFileSync(join(dir, 'report.txt'), 'x');
    writeFileSync(join(dir, 'report (1).txt.part'), 'x');
    const taken = new Set([collisionKey(join(dir, 'REPORT (2).TXT'))]);
    expect(uniqueName(dir, 'report.txt', taken, existsSync, 'linux')).toBe('report (3).txt');
    expect(uniqueName(dir, 'fresh.txt', taken, () => false, 'linux')).toBe('fresh.txt');
  });

  it('takes a name as used when a file on disk differs from it only in case', () => {
    const folder = join(dir, 'case');
    mkdirSync(folder);
    writeFileSync(join(folder, 'Report.TXT'), 'x');
    expect(nameTaken(join(folder, 'report.txt'))).toBe(true);
    expect(nameTaken(join(folder, 'Report.TXT'))).toBe(true);
    expect(nameTaken(join(folder, 'other.txt'))).toBe(false);
    expect(uniqueName(folder, 'REPORT.txt', new Set(), nameTaken, 'linux')).toBe('REPORT (1).txt');
  });

  it('checks the folder: absolute, created when missing, not a file', () => {
    expect(() => prepareFolder('relative/path', 'linux')).toThrow(/full folder path/);
    const created = prepareFolder(join(dir, 'new', 'nested'), 'linux');
    expect(created).toBe(join(dir, 'new', 'nested'));
    writeFileSync(join(dir, 'a-file'), 'x');
    expect(() => prepareFolder(join(dir, 'a-file'), 'linux')).toThrow(/is a file, not a folder/);
  });
});

describe('download requests and answers', () => {
  it('builds the three download paths of spec §7', () => {
    expect(downloadPath({ kind: 'revision', nodeId: 1, planUid: 'p 1', revisionId: 'f_r0', name: 'a.txt' })).toBe(
      'backup/lockhart/nodes/1/plans/p%201/revisions/f_r0/data',
    );
    expect(downloadPath({ kind: 'folder', nodeId: 2, planUid: 'p', folderId: 'f', jobId: 'j', restoreDeleted: true, name: 'Data' })).toBe(
      'backup/lockhart/nodes/2/plans/p/folders/f/jobs/j/data?restoreDeleted=true',
    );
    const image = downloadPath({ kind: 'image', nodeId: 3, planUid: 'img', revisionId: 'r', path: '/Windows/win.ini', type: 'FILE', name: 'win.ini' });
    expect(image).toBe(`backup/lockhart/image/nodes/3/plans/img/revisions/r/download?fileBase64=${encodeURIComponent(Buffer.from('/Windows/win.ini').toString('base64'))}&type=FILE`);
  });

  it('names folder downloads as zips and sanitizes every name from the server', () => {
    expect(fileNameFor({ kind: 'folder', nodeId: 1, planUid: 'p', folderId: 'f', jobId: 'j', restoreDeleted: false, name: 'hint' }, 'Data')).toBe('Data.zip');
    expect(fileNameFor({ kind: 'image', nodeId: 1, planUid: 'p', revisionId: 'r', path: '/x', type: 'FOLDER', name: 'hint' }, '../System32')).toBe('System32.zip');
    expect(fileNameFor({ kind: 'revision', nodeId: 1, planUid: 'p', revisionId: 'r', name: 'hint' }, 'CON')).toBe('_CON');
  });

  it('reads Content-Range and the checksum headers', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, end: 199, total: 1000 });
    expect(parseContentRange('bytes 0-0/*')).toEqual({ start: 0, end: 0, total: null });
    expect(parseContentRange('bytes 5-4/10')).toBeNull();
    expect(parseContentRange('bytes 0-10/10')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
    const hex = 'a'.repeat(64);
    expect(checksumFrom({ 'x-checksum-sha256': hex.toUpperCase() })).toBe(hex);
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    expect(checksumFrom({ 'repr-digest': `sha-256=:${base64}:` })).toBe(hex);
    expect(checksumFrom({ digest: `SHA-256=${base64}` })).toBe(hex);
    expect(checksumFrom({ 'x-checksum-sha256': 'not-hex' })).toBeNull();
  });
});
