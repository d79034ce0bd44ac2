/** "Open" launches nothing but a passive type without the native confirmation; browser mode opens nothing. */
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DownloadAccess, type DownloadAccessPlatform } from '../../src/main/services/downloads/download-access';
import { tempDir } from '../helpers/temp';

const folder = tempDir('rmm-open-');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, mode = 0o644): string {
  const path = join(folder, name);
  writeFileSync(path, 'content');
  chmodSync(path, mode);
  return path;
}

function access(path: string, platform: DownloadAccessPlatform, platformName: NodeJS.Platform = 'linux') {
  return new DownloadAccess({
    platform,
    root: undefined,
    rememberedFolder: () => undefined,
    completedPath: () => path,
    start: () => {
      throw new Error('not started in these tests');
    },
    platformName,
  });
}

function hooks(answer: boolean) {
  const opened: string[] = [];
  const asked: string[] = [];
  const platform: DownloadAccessPlatform = {
    chooseFolder: async () => null,
    openPath: async (path) => {
      opened.push(path);
    },
    confirmOpenFile: async (name) => {
      asked.push(name);
      return answer;
    },
  };
  return { platform, opened, asked };
}

describe('opening a finished download', () => {
  it('opens a document without asking', async () => {
    const path = file('report.pdf');
    const { platform, opened, asked } = hooks(false);
    expect(await access(path, platform).open('id')).toEqual({ opened: true, path });
    expect(opened).toEqual([path]);
    expect(asked).toEqual([]);
  });

  it('asks, naming the file, before opening a program; declined means not opened', async () => {
    const path = file('Setup.EXE.');
    const declined = hooks(false);
    expect(await access(path, declined.platform, 'win32').open('id')).toEqual({ opened: false, path });
    expect(declined.asked).toEqual(['Setup.EXE.']);
    expect(declined.opened).toEqual([]);
    const confirmed = hooks(true);
    expect(await access(path, confirmed.platform, 'win32').open('id')).toEqual({ opened: true, path });
    expect(confirmed.opened).toEqual([path]);
  });

  it('asks for a script and for a file marked executable outside Windows', async () => {
    const script = file('fix.ps1');
    const binary = file('tool', 0o755);
    for (const path of [script, binary]) {
      const { platform, opened, asked } = hooks(false);
      expect(await access(path, platform).open('id')).toEqual({ opened: false, path });
      expect(asked).toHaveLength(1);
      expect(opened).toEqual([]);
    }
  });

  it('asks for every type off the passive list (remote desktop, packages, themes, pages, pictures that run script), also on Windows', async () => {
    for (const name of ['server.rdp', 'setup.ppkg', 'addin.vsto', 'ext.vsix', 'addon.xpi', 'db.accde', 'box.wsb', 'drivers.cab', 'dark.theme', 'page.html', 'page.mht', 'logo.svg', 'find.search-ms']) {
      const path = file(name);
      const { platform, opened, asked } = hooks(false);
      expect(await access(path, platform, 'win32').open('id'), name).toEqual({ opened: false, path });
      expect(asked).toEqual([name]);
      expect(opened).toEqual([]);
    }
  });

  it('opens a zip archive and a picture without asking, but asks for a passive type marked executable outside Windows', async () => {
    for (const name of ['restore.zip', 'photo.png']) {
      const path = file(name);
      const { platform, opened, asked } = hooks(false);
      expect(await access(path, platform).open('id')).toEqual({ opened: true, path });
      expect(asked).toEqual([]);
      expect(opened).toEqual([path]);
    }
    const marked = file('odd.pdf', 0o755);
    const { platform, opened, asked } = hooks(false);
    expect(await access(marked, platform).open('id')).toEqual({ opened: false, path: marked });
    expect(asked).toEqual(['odd.pdf']);
    expect(opened).toEqual([]);
  });

  it('never opens a program without a confirmation hook, and nothing at all in browser mode', async () => {
    const path = file('install.msi');
    const opened: string[] = [];
    const noConfirm = access(path, { openPath: async (p) => void opened.push(p) });
    expect(await noConfirm.open('id')).toEqual({ opened: false, path });
    const doc = file('notes.txt');
    expect(await access(doc, {}).open('id')).toEqual({ opened: false, path: doc });
    expect(opened).toEqual([]);
  });
});

describe('starting downloads and showing them', () => {
  it('starts only into an allowed folder: picked, remembered or Downloads with a picker; under the root without one', async () => {
    const started: string[] = [];
    const root = tempDir('rmm-root-');
    const under = join(root, 'restores');
    const make = (platform: DownloadAccessPlatform, rootFolder: string | undefined) =>
      new DownloadAccess({
        platform,
        root: rootFolder,
        rememberedFolder: () => undefined,
        completedPath: () => '',
        start: (request) => {
          started.push(request.folder);
          return { started: [], skipped: [], conflicts: [] };
        },
      });
    const request = (where: string) => ({ nodeId: 1, folder: where, items: [] });
    const withPicker = make({ chooseFolder: async () => folder }, undefined);
    await expect(withPicker.start(request(folder))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await withPicker.chooseFolder(undefined);
    await withPicker.start(request(folder));
    const browserMode = make({}, root);
    await browserMode.start(request(under));
    await expect(browserMode.start(request(folder))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(started).toEqual([folder, under]);
    rmSync(root, { recursive: true, force: true });
  });

  it('"Show in folder" shows the file with the system (Electron); browser mode says where it is', () => {
    const path = file('shown.pdf');
    const shown: string[] = [];
    expect(access(path, { showItemInFolder: (p) => void shown.push(p) }).showInFolder('id')).toEqual({ opened: true, path });
    expect(shown).toEqual([path]);
    expect(access(path, {}).showInFolder('id')).toEqual({ opened: false, path });
  });
});

describe('the receipts folder', () => {
  it('with a system folder picker: only a folder picked in it (or the one already set), created when missing', async () => {
    const chosen = join(tempDir('rmm-receipts-'), 'picked', 'receipts');
    const elsewhere = join(tempDir('rmm-receipts-'), 'typed');
    const access = new DownloadAccess({
      platform: { chooseFolder: async () => chosen },
      root: undefined,
      rememberedFolder: () => undefined,
      completedPath: () => '',
      start: () => {
        throw new Error('not started in these tests');
      },
    });
    await expect(access.allowedReceiptsFolder(elsewhere, null)).rejects.toThrow(/Choose the receipts folder/);
    await access.chooseFolder(undefined);
    expect(await access.allowedReceiptsFolder(chosen, null)).toBe(chosen);
    expect(await access.allowedReceiptsFolder(elsewhere, elsewhere)).toBe(elsewhere);
  });

  it('without one (browser mode): only under the root', async () => {
    const root = tempDir('rmm-receipts-root-');
    const access = new DownloadAccess({
      platform: {},
      root,
      rememberedFolder: () => undefined,
      completedPath: () => '',
      start: () => {
        throw new Error('not started in these tests');
      },
    });
    expect(await access.allowedReceiptsFolder(join(root, 'receipts'), null)).toBe(join(root, 'receipts'));
    await expect(access.allowedReceiptsFolder(tempDir('rmm-receipts-outside-'), null)).rejects.toThrow(/under/);
    await expect(access.allowedReceiptsFolder('relative', null)).rejects.toThrow(/full folder path/);
  });
});
