/**
 * Inline images (§2.5 viewer with download): the name an inline image is offered
 * under is the server's (untrusted) name made safe for Windows and macOS,
 * with the fetched image's extension when it has none; the main process
 * saves it on real temp folders by the downloads' rules: never over a file
 * ('name (1).png'), through its own `.part`, marked from the internet before
 * it takes its name, and nothing left behind when the write fails.
 */
import { promises as fsp, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MarkFromInternet } from '../../src/main/services/platform/files/internet-mark';
import { saveNewFile } from '../../src/main/services/platform/files/saved-file';
import { downloadName, WorkspaceImages } from '../../src/main/services/tickets/images';
import type { SessionService } from '../../src/main/services/session/session-service';
import { tempDir } from '../helpers/temp';

describe('the downloaded image name', () => {
  it('keeps a safe name as it is', () => {
    expect(downloadName('printer status.png', 'image/png')).toBe('printer status.png');
  });

  it('keeps only the last path segment and replaces what Windows refuses', () => {
    expect(downloadName('../../C:\\Users\\x\\scan:1?.jpeg', 'image/jpeg')).toBe('scan_1_.jpeg');
    expect(downloadName('a<b>|c*.gif', 'image/gif')).toBe('a_b__c_.gif');
  });

  it('adds the fetched type as the extension when the name has none, and names a nameless image', () => {
    expect(downloadName('screenshot', 'image/png')).toBe('screenshot.png');
    expect(downloadName('', 'image/jpeg')).toBe('image.jpeg');
    expect(downloadName('CON', 'image/png')).toMatch(/^_CON\.png$/i);
  });

  it('always ends in the extension of what was fetched: another one stays part of the name', () => {
    expect(downloadName('invoice.hta', 'image/png')).toBe('invoice.hta.png');
    expect(downloadName('setup.EXE', 'image/gif')).toBe('setup.EXE.gif');
    expect(downloadName('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(downloadName('photo.png', 'image/jpeg')).toBe('photo.png.jpeg');
  });
});

describe('an image saved by the main process', () => {
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const marks: Array<{ file: string; origin: string; present: string[] }> = [];
  const save = (
    folder: string,
    name: string,
    mark: MarkFromInternet = async (file, origin) => {
      marks.push({ file, origin, present: readdirSync(folder) });
    },
  ) =>
    saveNewFile({ folder, name, bytes, origin: 'https://one.example', markFromInternet: mark, platform: 'linux' });

  it('is written under its safe name, marked while still a .part, then renamed; a second save takes "(1)", never overwriting', async () => {
    const folder = tempDir('rmm-saved-image-');
    writeFileSync(join(folder, 'Scan.PNG'), 'theirs');
    const first = await save(folder, 'scan.png');
    // A file differing only in case is taken too (Windows and macOS would overwrite it).
    expect(first).toEqual({ name: 'scan (1).png', path: join(folder, 'scan (1).png') });
    expect(marks.at(-1)).toEqual({ file: join(folder, 'scan (1).png.part'), origin: 'https://one.example', present: ['Scan.PNG', 'scan (1).png.part'] });
    const second = await save(folder, '../../scan.png');
    expect(second.name).toBe('scan (2).png');
    expect(readFileSync(second.path)).toEqual(bytes);
    expect(readFileSync(join(folder, 'Scan.PNG'), 'utf8')).toBe('theirs');
    expect(readdirSync(folder).sort()).toEqual(['Scan.PNG', 'scan (1).png', 'scan (2).png']);
  });

  it('two saves of one image at once take two names', async () => {
    const folder = tempDir('rmm-saved-image-');
    const saved = await Promise.all([save(folder, 'f.png'), save(folder, 'f.png'), save(folder, 'f.png')]);
    expect(saved.map((s) => s.name).sort()).toEqual(['f (1).png', 'f (2).png', 'f.png']);
    expect(readdirSync(folder).sort()).toEqual(['f (1).png', 'f (2).png', 'f.png']);
  });

  it("leaves someone else's .part and a link planted at a name alone", async () => {
    const folder = tempDir('rmm-saved-image-');
    const elsewhere = tempDir('rmm-saved-elsewhere-');
    writeFileSync(join(folder, 'a.png.part'), 'a download on its way');
    symlinkSync(join(elsewhere, 'target.png'), join(folder, 'a (1).png.part'));
    const saved = await save(folder, 'a.png');
    expect(saved.name).toBe('a (2).png');
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readFileSync(join(folder, 'a.png.part'), 'utf8')).toBe('a download on its way');
  });

  it('is saved even when the mark cannot be written (as a download is)', async () => {
    const folder = tempDir('rmm-saved-image-');
    const saved = await save(folder, 'b.png', () => Promise.reject(new Error('no streams here')));
    expect(readFileSync(saved.path)).toEqual(bytes);
  });

  it('is refused in a folder that is a file, and nothing is written', async () => {
    const parent = tempDir('rmm-saved-image-');
    const file = join(parent, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(save(file, 'c.png')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(readdirSync(parent)).toEqual(['not-a-folder']);
  });

  it('takes the next name when something appears at its name while the .part is written', async () => {
    const folder = tempDir('rmm-saved-image-');
    const saved = await save(folder, 'd.png', async () => writeFileSync(join(folder, 'D.png'), 'theirs, just now'));
    expect(saved.name).toBe('d (1).png');
    expect(readdirSync(folder).sort()).toEqual(['D.png', 'd (1).png']);
  });

  it('fails with IO_ERROR and removes its .part when the rename fails (a full disk, a folder gone read-only)', async () => {
    const folder = tempDir('rmm-saved-image-');
    const rename = vi.spyOn(fsp, 'rename').mockRejectedValueOnce(Object.assign(new Error('EACCES'), { code: 'EACCES' }));
    try {
      await expect(save(folder, 'e.png')).rejects.toMatchObject({ code: 'IO_ERROR', message: 'e.png could not be saved in ' + folder + ': permission denied.' });
    } finally {
      rename.mockRestore();
    }
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('a file the instance flagged (help spec §4)', () => {
  it('FAILURE or SUSPICIOUS is never fetched, shown or saved: Resource Not Found, without a call', async () => {
    let calls = 0;
    const session = { api: () => { calls += 1; throw new Error('no call expected'); } } as unknown as SessionService;
    const images = new WorkspaceImages({
      session,
      fileOf: (_ticket, id) => ({ name: `${id}.png`, uploadStatus: id === 'bad' ? 'SUSPICIOUS' : 'FAILURE' }),
      saving: { folder: () => tempDir('rmm-saved-image-'), markFromInternet: async () => undefined },
    });
    for (const id of ['bad', 'broken']) {
      await expect(images.inlineImage(1001, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(images.saveImage(1001, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(calls).toBe(0);
  });
});
