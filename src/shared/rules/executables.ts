/**
 * Which downloaded files "Open" must not launch without a native confirmation
 * naming the file (issue 10 point 2; DESIGN.md "Security rules": confirm in a
 * native dialog what could hurt). The renderer is untrusted, so this is
 * decided in the main process from the name of the file on disk, never from
 * a name the renderer sends.
 */

/**
 * Extensions (lower case, without the dot) that run code when opened with the
 * default app: programs, installers, scripts, shortcuts and launchers on
 * Windows, macOS and Linux, and disk images whose contents escape the mark.
 */
export const EXECUTABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Windows programs, installers and system items
  'exe', 'com', 'scr', 'pif', 'cpl', 'msi', 'msp', 'msu', 'mst', 'msc', 'msix', 'msixbundle', 'appx', 'appxbundle',
  'appinstaller', 'appref-ms', 'application', 'gadget', 'xbap', 'xll', 'dll', 'ocx', 'sys', 'drv', 'diagcab', 'reg', 'inf',
  'ins', 'isp', 'chm', 'hlp', 'ade', 'adp', 'mde', 'mda',
  // Disk images Windows mounts on open: the files inside do not carry the download's mark (issue 10 review, point 9)
  'iso', 'img', 'vhd', 'vhdx',
  // Windows scripts and script hosts
  'bat', 'cmd', 'ps1', 'psm1', 'psd1', 'ps1xml', 'ps2', 'ps2xml', 'psc1', 'psc2', 'vb', 'vbs', 'vbe', 'js', 'jse',
  'ws', 'wsf', 'wsh', 'wsc', 'sct', 'hta', 'msh', 'msh1', 'msh2', 'mshxml', 'msh1xml', 'msh2xml', 'scf', 'shb', 'shs',
  // Windows shortcuts and links
  'lnk', 'url', 'website', 'settingcontent-ms', 'library-ms', 'searchconnector-ms',
  // macOS
  'app', 'command', 'tool', 'terminal', 'term', 'pkg', 'mpkg', 'dmg', 'workflow', 'action', 'scpt', 'scptd',
  'applescript', 'osax', 'prefpane', 'kext', 'webloc', 'inetloc', 'fileloc',
  // Linux and Unix
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'tcsh', 'fish', 'desktop', 'appimage', 'run', 'bin', 'deb', 'rpm', 'snap',
  'flatpak', 'flatpakref', 'elf', 'out',
  // Interpreted everywhere (Node runs .mjs and .cjs like .js)
  'mjs', 'cjs', 'jar', 'jnlp', 'py', 'pyw', 'pyc', 'pyo', 'pyz', 'pyzw', 'pl', 'pm', 'rb', 'php', 'lua', 'tcl',
]);

/**
 * The extension the operating system goes by: the last one, in lower case,
 * after dropping what Windows ignores at the end of a name (dots and spaces,
 * so `x.exe.` and `x.exe  ` run as `x.exe`) and an alternate data stream
 * suffix (`x.exe::$DATA`).
 */
export function effectiveExtension(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const withoutStream = base.replace(/:.*$/s, '');
  const trimmed = withoutStream.replace(/[.\s]+$/u, '');
  const dot = trimmed.lastIndexOf('.');
  if (dot < 0) return '';
  return trimmed.slice(dot + 1).toLowerCase();
}

/** True when opening `fileName` with its default app could run code: it needs the technician's confirmation first. */
export function isExecutableFileName(fileName: string): boolean {
  const extension = effectiveExtension(fileName);
  return extension !== '' && EXECUTABLE_EXTENSIONS.has(extension);
}
