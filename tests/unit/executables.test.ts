/** Issue 10 point 2: which downloaded files "Open" must confirm before launching. */
import { describe, expect, it } from 'vitest';
import { effectiveExtension, isExecutableFileName } from '../../src/shared/rules/executables';

describe('isExecutableFileName', () => {
  it.each([
    'setup.exe', 'run.bat', 'run.cmd', 'old.com', 'fix.ps1', 'a.vbs', 'a.vbe', 'a.js', 'a.jse', 'a.wsf', 'a.wsh', 'a.hta', 'link.lnk',
    'saver.scr', 'a.pif', 'panel.cpl', 'install.msi', 'patch.msp', 'a.mst', 'keys.reg', 'Tool.app', 'go.command', 'go.sh', 'go.bash',
    'go.zsh', 'go.csh', 'install.pkg', 'disk.dmg', 'lib.jar', 'script.py', 'script.pl', 'script.rb', 'site.url', 'a.website',
    'app.desktop', 'App.AppImage', 'installer.run', 'firmware.bin',
    // Issue 10 review, point 9: installers and packages, scripts and modules, launchers, and disk images that
    // Windows mounts on open (their files bypass the download's mark).
    'update.msu', 'app.appinstaller', 'app.appx', 'app.msix', 'types.ps1xml', 'module.psm1', 'deploy.application', 'clock.gadget',
    'x.settingcontent-ms', 'tool.mjs', 'tool.cjs', 'setup.iso', 'disk.img', 'vm.vhd', 'vm-disk.vhdx',
  ])('%s needs a confirmation', (name) => {
    expect(isExecutableFileName(name)).toBe(true);
  });

  it('ignores case, trailing dots and spaces, and alternate data streams, as Windows does', () => {
    for (const name of ['SETUP.EXE', 'Setup.Exe', 'x.exe.', 'x.exe...', 'x.exe  ', 'x.exe . .', 'x.exe::$DATA', 'x.ps1:stream']) {
      expect(isExecutableFileName(name), name).toBe(true);
    }
  });

  it('goes by the last extension of a double one', () => {
    expect(isExecutableFileName('invoice.pdf.exe')).toBe(true);
    expect(isExecutableFileName('photo.jpg.scr')).toBe(true);
    expect(isExecutableFileName('setup.exe.txt')).toBe(false);
    expect(isExecutableFileName('backup.tar.gz')).toBe(false);
  });

  it('lets documents, images and archives open directly', () => {
    for (const name of ['report.pdf', 'notes.txt', 'photo.JPG', 'data.zip', 'sheet.xlsx', 'README', '.bashrc', 'exe', 'a.']) {
      expect(isExecutableFileName(name), name).toBe(false);
    }
  });

  it('reads only the last path segment', () => {
    expect(effectiveExtension('C:\\folder.exe\\notes.txt')).toBe('txt');
    expect(effectiveExtension('/a.sh/b')).toBe('');
    expect(effectiveExtension('dir/evil.CMD')).toBe('cmd');
  });
});
