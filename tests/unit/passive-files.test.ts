/** Which downloaded files "Open" launches without asking: a short allow-list of passive types; everything else asks. */
import { describe, expect, it } from 'vitest';
import { effectiveExtension, opensWithoutAsking, PASSIVE_EXTENSIONS } from '../../src/shared/rules/platform/passive-files';

describe('opensWithoutAsking', () => {
  it('opens the listed documents, text, pictures and zip archives without asking, in any case', () => {
    for (const name of ['report.pdf', 'letter.docx', 'sheet.xlsx', 'deck.pptx', 'notes.txt', 'server.log', 'export.csv', 'photo.png', 'photo.JPG', 'photo.jpeg', 'anim.gif', 'scan.bmp', 'pic.webp', 'restore.zip', 'Report.PDF']) {
      expect(opensWithoutAsking(name), name).toBe(true);
    }
  });

  it('keeps the list short: exactly these types', () => {
    expect([...PASSIVE_EXTENSIONS].sort()).toEqual(['bmp', 'csv', 'docx', 'gif', 'jpeg', 'jpg', 'log', 'pdf', 'png', 'pptx', 'txt', 'webp', 'xlsx', 'zip']);
  });

  it.each([
    // Types a list of executables missed: remote desktop, provisioning and add-in packages, extensions, sandboxes, cabinets, themes, pages and search connectors
    'server.rdp', 'setup.ppkg', 'addin.vsto', 'ext.vsix', 'addon.xpi', 'db.accde', 'box.wsb', 'drivers.cab', 'dark.theme', 'page.html', 'archive.mht', 'logo.svg', 'find.search-ms',
    // Programs, installers, scripts and launchers
    'setup.exe', 'run.bat', 'fix.ps1', 'a.vbs', 'a.js', 'a.hta', 'link.lnk', 'install.msi', 'Tool.app', 'go.command', 'go.sh', 'install.pkg', 'disk.dmg', 'lib.jar', 'script.py', 'site.url', 'app.desktop', 'App.AppImage', 'disk.iso', 'vm.vhdx',
    // Documents that can carry macros or embedded programs, pages and other archives
    'macro.docm', 'macro.xlsm', 'macro.pptm', 'old.doc', 'old.xls', 'old.ppt', 'text.rtf', 'open.odt', 'open.ods', 'page.htm', 'data.xml', 'pack.7z', 'pack.rar', 'backup.tar.gz',
    // No extension at all
    'README', 'tool', '.bashrc', 'a.',
  ])('%s asks first', (name) => {
    expect(opensWithoutAsking(name)).toBe(false);
  });

  it('goes by the extension Windows goes by: trailing dots and spaces, a stream suffix, the last of a double extension', () => {
    for (const name of ['x.exe.', 'x.exe  ', 'x.exe . .', 'x.exe::$DATA', 'invoice.pdf.exe', 'photo.jpg.scr', 'x.html.']) {
      expect(opensWithoutAsking(name), name).toBe(false);
    }
    expect(opensWithoutAsking('setup.exe.txt')).toBe(true);
    expect(opensWithoutAsking('report.pdf.')).toBe(true);
  });

  it('asks for any name with a colon: on Windows it names a stream of another file', () => {
    expect(opensWithoutAsking('x.pdf:evil.exe')).toBe(false);
    expect(opensWithoutAsking('x.exe:notes.txt')).toBe(false);
  });

  it('reads only the last path segment', () => {
    expect(effectiveExtension('C:\\folder.exe\\notes.txt')).toBe('txt');
    expect(effectiveExtension('/a.sh/b')).toBe('');
    expect(effectiveExtension('dir/evil.CMD')).toBe('cmd');
    expect(opensWithoutAsking('C:\\folder.pdf\\setup.exe')).toBe(false);
  });
});
