/** Demo backup data: mounted image content. */
import type { MountedContentItem } from '../../../shared/model/backup';
import { BACKUP_BASE_TIME, DAY_MS, GIB, HOUR_MS, KIB, MIB, compareNames, hashInt, iso } from './ids';

export interface MountedNode {
  item: MountedContentItem;
  corrupt: boolean;
  children: MountedNode[];
}

const SYSTEM32_FILES = [
  'advapi32.dll', 'bcrypt.dll', 'cmd.exe', 'comctl32.dll', 'comdlg32.dll', 'crypt32.dll', 'ctfmon.exe', 'dxgi.dll',
  'gdi32.dll', 'hal.dll', 'imm32.dll', 'kernel32.dll', 'kernelbase.dll', 'lsass.exe', 'msvcrt.dll', 'netapi32.dll',
  'notepad.exe', 'ntdll.dll', 'ntoskrnl.exe', 'ole32.dll', 'oleaut32.dll', 'powershell.exe', 'rpcrt4.dll', 'sechost.dll',
  'services.exe', 'setupapi.dll', 'shell32.dll', 'shlwapi.dll', 'smss.exe', 'svchost.exe', 'taskmgr.exe', 'user32.dll',
  'userenv.dll', 'uxtheme.dll', 'version.dll', 'win32k.sys', 'winhttp.dll', 'wininet.dll', 'winlogon.exe', 'ws2_32.dll',
];

type MountedSpec = { name: string; children?: MountedSpec[]; size?: number; corrupt?: boolean };

export const MOUNTED_TREE: MountedSpec[] = [
  { name: 'Corrupt', children: [], corrupt: true },
  {
    name: 'Program Files',
    children: [
      { name: 'Common Files', children: [{ name: 'shared-runtime.dll' }, { name: 'licenses.txt' }] },
      { name: 'Demo Accounting', children: [{ name: 'accounting.exe' }, { name: 'accounting.dll' }, { name: 'config.xml' }] },
    ],
  },
  {
    name: 'Users',
    children: [
      {
        name: 'Public',
        children: [
          {
            name: 'Documents',
            children: [{ name: 'welcome.txt' }, { name: 'install-log.txt' }, { name: 'network-setup.txt' }, { name: 'readme.txt' }],
          },
          { name: 'Pictures', children: [] },
        ],
      },
      { name: 'Default', children: [{ name: 'NTUSER.DAT', size: 3 * MIB }] },
    ],
  },
  {
    name: 'Windows',
    children: [
      {
        name: 'System32',
        children: [...SYSTEM32_FILES.map((name) => ({ name })), { name: 'drivers', children: [{ name: 'ntfs.sys' }, { name: 'tcpip.sys' }, { name: 'disk.sys' }] }],
      },
      { name: 'Fonts', children: [{ name: 'arial.ttf' }, { name: 'segoeui.ttf' }, { name: 'consola.ttf' }] },
      { name: 'explorer.exe' },
      { name: 'notepad.exe' },
      { name: 'regedit.exe' },
      { name: 'win.ini' },
    ],
  },
  { name: 'pagefile.sys', size: 4 * GIB },
];

export function buildMounted(seed: string, spec: MountedSpec, path: string): MountedNode {
  const isFolder = spec.children !== undefined;
  const children = (spec.children ?? []).map((child) => buildMounted(seed, child, path === '/' ? `/${child.name}` : `${path}/${child.name}`));
  children.sort((a, b) => (a.item.type === b.item.type ? compareNames(a.item.name, b.item.name) : a.item.type === 'FOLDER' ? -1 : 1));
  return {
    item: {
      name: spec.name,
      type: isFolder ? 'FOLDER' : 'FILE',
      size: isFolder ? 0 : (spec.size ?? hashInt(2 * KIB, 6 * MIB, seed, 'mounted-size', path)),
      modified: iso(
        BACKUP_BASE_TIME - hashInt(3, 900, seed, 'mounted-modified', path) * DAY_MS - hashInt(0, 23, seed, 'mounted-hour', path) * HOUR_MS,
      ),
    },
    corrupt: spec.corrupt ?? false,
    children,
  };
}

/** '/Users/Public', '\\Users\\Public\\', 'Users/Public' all name the same folder. */
export function normalizeMountedPath(folder: string): string[] {
  return folder.replaceAll('\\', '/').split('/').filter((segment) => segment.length > 0 && segment !== '.');
}
