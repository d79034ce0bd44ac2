/**
 * The live file systems of the devices, as the restore dialog's folder tree
 * sees them (spec/backup-restore.md §2 'Restore To', §4 "Device file tree",
 * §5): not the backup, the target device's disks now. Generated from the seed
 * on demand and memoised; folders created through the API are kept in memory
 * for the server instance's lifetime.
 *
 * Windows devices list their drives at the root (`C:\`, `D:\`) and match paths
 * case-insensitively (§5); Macs list `/`'s children and match exactly. Device
 * 1 has fixed showcase folders: `C:\Data\Thousand` (exactly 1000 files, one
 * full tree page), `C:\Data\Exports` (2500 files), `C:\Data\Restores` (empty)
 * and `C:\Locked` (its listing is refused).
 */
import type { Device } from '../../../shared/model/devices';
import type { DirectoryEntry, DirectoryPage as ConsoleDirectoryPage } from '../../../shared/model/restore';
import type { DemoConfig } from '../../config';
import { badRequest, HttpError, notFound } from '../../http';
import { rngFor, type Rng } from '../random';
import type { DemoWorld } from '../world';

export type Platform = 'windows' | 'mac';
export type { DirectoryEntry, DirectoryEntryType } from '../../../shared/model/restore';

/** The listing answer: the console adds the page index it asked for. */
export type DirectoryPage = Omit<ConsoleDirectoryPage, 'page'>;

type CreateFolderAnswer = { created: true; path: string } | { created: false; message: string };

const DIRECTORY_LISTING_UNAVAILABLE = 'Directory listing unavailable.';
export const FOLDER_EXISTS_MESSAGE = 'A folder with this name already exists.';

/** The body of the 503 (offline device) and 403 (locked folder) answers. */
export function directoryListingUnavailable(status: 403 | 503): HttpError {
  return new HttpError(status, DIRECTORY_LISTING_UNAVAILABLE, { error: 'directory_listing_unavailable', message: DIRECTORY_LISTING_UNAVAILABLE });
}



export function platformOf(device: Pick<Device, 'nodeClass'>): Platform {
  return device.nodeClass.startsWith('MAC') ? 'mac' : 'windows';
}

// ---------------------------------------------------------------------------
// Names and paths (pure)

// eslint-disable-next-line no-control-regex
const WINDOWS_FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const MAC_FORBIDDEN = /[/:\u0000]/;
const MAX_NAME_LENGTH = 255;

/**
 * Whether a new folder name is valid on the platform (§5 New Folder).
 * Windows: none of `<>:"/\|?*` or control characters, not a device name (CON,
 * nul.txt, LPT1...), no trailing dot or space. Mac: no `/`, `:` or NUL, no
 * leading dot. Both: 1–255 characters, not blank.
 */
export function isValidFolderName(name: string, platform: Platform): boolean {
  if (name.trim() === '' || name.length > MAX_NAME_LENGTH) return false;
  if (platform === 'windows') return !WINDOWS_FORBIDDEN.test(name) && !WINDOWS_RESERVED.test(name) && !/[. ]$/.test(name);
  return !MAC_FORBIDDEN.test(name) && !name.startsWith('.');
}

/** Name comparison for lookups: Windows ignores case (§5), Macs do not. */
export function sameName(a: string, b: string, platform: Platform): boolean {
  return platform === 'windows' ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** Case-insensitive name order, by code unit so that it never depends on a locale. */
function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A parsed device path: the root (drive list or `/`), or a drive/`/` and name segments. */
type ParsedPath = { kind: 'root' } | { kind: 'path'; drive: string | null; segments: string[] };

/**
 * Parses a path of the platform. Windows: empty, `/` or `\` is the drive
 * list; otherwise `X:` then segments separated by `\` or `/` (`c:/users/` is
 * `C:\Users`). Mac: empty or `/` is the root; otherwise an absolute path.
 * Empty and `.` segments are ignored; `..`, control characters and relative
 * paths are a 400.
 */
export function parseDevicePath(path: string, platform: Platform): ParsedPath {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(path)) throw badRequest('Invalid path');
  const text = path.trim() === '' ? '' : path;
  if (platform === 'windows') {
    if (text === '' || text === '/' || text === '\\') return { kind: 'root' };
    const match = /^([A-Za-z]):(?:[\\/](.*))?$/s.exec(text);
    if (!match) throw badRequest(`Invalid path ${path}: a Windows path starts with a drive (C:\\)`);
    return { kind: 'path', drive: `${(match[1] as string).toUpperCase()}:`, segments: segmentsOf(match[2] ?? '', /[\\/]/) };
  }
  if (text === '' || text === '/') return { kind: 'root' };
  if (!text.startsWith('/')) throw badRequest(`Invalid path ${path}: a Mac path starts with /`);
  return { kind: 'path', drive: null, segments: segmentsOf(text, /\//) };
}

function segmentsOf(rest: string, separator: RegExp): string[] {
  const segments = rest.split(separator).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw badRequest('Invalid path: .. is not allowed');
  return segments;
}

function childPath(parent: string, name: string, platform: Platform): string {
  const separator = platform === 'windows' ? '\\' : '/';
  return parent.endsWith(separator) ? `${parent}${name}` : `${parent}${separator}${name}`;
}

// ---------------------------------------------------------------------------
// The tree

/** What a folder holds: subfolder specs, file names, or files computed from an index (the big showcase folders). */
interface FolderSpec {
  name: string;
  folders?: readonly FolderSpec[] | (() => FolderSpec[]);
  files?: readonly string[];
  computedFiles?: { count: number; nameAt(index: number): string; indexOf(name: string): number | undefined };
  /** Its listing (and anything below) answers 403. */
  locked?: boolean;
}

/** A folder of a device, its content built the first time it is listed. */
class DeviceFolder {
  private content: { folders: DeviceFolder[]; files: string[] } | undefined;

  constructor(
    readonly name: string,
    readonly path: string,
    private readonly spec: FolderSpec,
    private readonly platform: Platform,
  ) {}

  get locked(): boolean {
    return this.spec.locked ?? false;
  }

  private built(): { folders: DeviceFolder[]; files: string[] } {
    if (!this.content) {
      const specs = typeof this.spec.folders === 'function' ? this.spec.folders() : (this.spec.folders ?? []);
      const folders = specs.map((spec) => new DeviceFolder(spec.name, childPath(this.path, spec.name, this.platform), spec, this.platform));
      folders.sort((a, b) => compareNames(a.name, b.name));
      const files = [...(this.spec.files ?? [])].sort(compareNames);
      this.content = { folders, files };
    }
    return this.content;
  }

  /** Children: folders first, then files, each by name (case-insensitive). */
  get count(): number {
    const { folders, files } = this.built();
    return folders.length + files.length + (this.spec.computedFiles?.count ?? 0);
  }

  /** The child at a position; only the requested page is ever computed. */
  entryAt(position: number): DirectoryEntry {
    const { folders, files } = this.built();
    const folder = folders[position];
    if (folder) return { name: folder.name, path: folder.path, type: 'FOLDER' };
    const fileIndex = position - folders.length;
    const name = fileIndex < files.length ? files[fileIndex] : this.spec.computedFiles?.nameAt(fileIndex - files.length);
    if (name === undefined) throw new RangeError(`No entry at ${position}`);
    return { name, path: childPath(this.path, name, this.platform), type: 'FILE' };
  }

  page(page: number, size: number): DirectoryPage {
    const total = this.count;
    const results: DirectoryEntry[] = [];
    for (let p = page * size; p < Math.min(total, (page + 1) * size); p++) results.push(this.entryAt(p));
    return { results, totalElements: total, totalPages: Math.ceil(total / size) };
  }

  folder(name: string): DeviceFolder | undefined {
    return this.built().folders.find((f) => sameName(f.name, name, this.platform));
  }

  hasFile(name: string): boolean {
    if (this.built().files.some((f) => sameName(f, name, this.platform))) return true;
    const computed = this.spec.computedFiles;
    if (!computed) return false;
    const index = computed.indexOf(this.platform === 'windows' ? name.toLowerCase() : name);
    return index !== undefined && sameName(computed.nameAt(index), name, this.platform);
  }

  /** Adds an (empty) subfolder, keeping the order. The caller checked the name. */
  addFolder(name: string): DeviceFolder {
    const folder = new DeviceFolder(name, childPath(this.path, name, this.platform), { name, folders: [] }, this.platform);
    const { folders } = this.built();
    const at = folders.findIndex((f) => compareNames(name, f.name) < 0);
    folders.splice(at < 0 ? folders.length : at, 0, folder);
    return folder;
  }
}

/** `<stem>-<0001>.<ext>` for index 0..count-1 (numbered from 1), zero-padded so that name order is index order. */
function numberedFiles(stem: string, ext: string, count: number, width: number): NonNullable<FolderSpec['computedFiles']> {
  const pattern = new RegExp(`^${stem}-(\\d{${width}})\\.${ext}$`);
  return {
    count,
    nameAt: (index) => `${stem}-${String(index + 1).padStart(width, '0')}.${ext}`,
    indexOf: (name) => {
      const match = pattern.exec(name);
      const index = match ? Number(match[1]) - 1 : -1;
      return index >= 0 && index < count ? index : undefined;
    },
  };
}

// ----- generated content

const DOCUMENT_STEMS = ['budget', 'invoice', 'minutes', 'proposal', 'contract', 'report', 'summary', 'letter', 'schedule', 'notes', 'plan'];
const DOCUMENT_EXTENSIONS = ['docx', 'xlsx', 'pdf', 'txt', 'pptx', 'csv'];
const PICTURE_EXTENSIONS = ['jpg', 'png', 'heic'];
const WINDOWS_USERS = ['jordan', 'casey', 'sam', 'taylor', 'morgan', 'riley'];
const MAC_USERS = ['alex', 'sam', 'jordan', 'casey'];
const DATA_FOLDERS = ['Invoices', 'Projects', 'Scans', 'Reports', 'Clients', 'Templates'];

/** A few distinct file names for a folder, from the seed. */
function someFiles(rng: Rng, extensions: readonly string[], min: number, max: number): string[] {
  const names = new Set<string>();
  const count = rng.int(min, max);
  for (let i = 0; i < count; i++) names.add(`${rng.pick(DOCUMENT_STEMS)}-${rng.int(1, 999)}.${rng.pick(extensions)}`);
  return [...names];
}

function userHome(seed: string, nodeId: number, user: string, extra: FolderSpec[] = []): FolderSpec {
  const rng = (folder: string) => rngFor(seed, 'device-fs', nodeId, user, folder);
  return {
    name: user,
    folders: () => [
      { name: 'Desktop', files: someFiles(rng('Desktop'), DOCUMENT_EXTENSIONS, 0, 4) },
      {
        name: 'Documents',
        folders: () => [{ name: 'Archive', files: someFiles(rng('Documents/Archive'), DOCUMENT_EXTENSIONS, 1, 5) }],
        files: someFiles(rng('Documents'), DOCUMENT_EXTENSIONS, 2, 8),
      },
      { name: 'Downloads', files: someFiles(rng('Downloads'), [...DOCUMENT_EXTENSIONS, 'zip', 'exe'], 1, 6) },
      { name: 'Pictures', files: someFiles(rng('Pictures'), PICTURE_EXTENSIONS, 0, 6) },
      ...extra,
    ],
  };
}

function windowsUsers(seed: string, device: Device): string[] {
  switch (device.id) {
    case 1:
      return ['alex', 'robin'];
    case 2:
      return ['reception'];
    case 4:
      return ['accounts'];
    default: {
      const rng = rngFor(seed, 'device-fs-users', device.id);
      const first = rng.pick(WINDOWS_USERS);
      const second = rng.pick(WINDOWS_USERS);
      return first === second ? [first] : [first, second];
    }
  }
}

function windowsDrives(seed: string, device: Device): FolderSpec[] {
  const showcase = device.id === 1;
  const users = windowsUsers(seed, device);
  const rng = rngFor(seed, 'device-fs-data', device.id);
  const dataFolders: FolderSpec[] = showcase
    ? [
        { name: 'Exports', computedFiles: numberedFiles('export', 'csv', 2500, 4) },
        { name: 'Thousand', computedFiles: numberedFiles('item', 'txt', 1000, 4) },
        { name: 'Restores', folders: [] },
        { name: 'Media', files: ['training.mp4', 'vm-disk.vhdx'] },
      ]
    : DATA_FOLDERS.filter(() => rng.chance(0.5)).map((name) => ({ name, files: someFiles(rngFor(seed, 'device-fs', device.id, 'Data', name), DOCUMENT_EXTENSIONS, 0, 6) }));
  const cDrive: FolderSpec = {
    name: 'C:',
    folders: () => [
      { name: 'Data', folders: dataFolders, files: showcase ? ['readme.txt', 'Accounting 2026.xlsx'] : [] },
      ...(showcase ? [{ name: 'Locked', locked: true, files: ['secret.txt'] }] : []),
      { name: 'Program Files', folders: [{ name: 'Common Files', folders: [] }, { name: 'RMM Agent', files: ['agent.exe', 'agent.log'] }] },
      { name: 'ProgramData', folders: [{ name: 'RMM Agent', files: ['settings.json'] }] },
      { name: 'Users', folders: () => [{ name: 'Public', folders: [{ name: 'Documents', folders: [] }] }, ...users.map((u) => userHome(seed, device.id, u))] },
      { name: 'Windows', folders: [{ name: 'System32', files: ['cmd.exe', 'notepad.exe', 'kernel32.dll'] }, { name: 'Temp', folders: [] }], files: ['explorer.exe', 'win.ini'] },
    ],
  };
  const dDrive: FolderSpec = {
    name: 'D:',
    folders: () =>
      showcase
        ? [
            {
              name: 'Shares',
              folders: [
                { name: 'Marketing', files: ['Brochure 2026.pdf', 'logo.png', 'campaign-plan.docx'] },
                { name: 'HR', files: ['Handbook.pdf', 'holiday-calendar.xlsx'] },
              ],
              files: ['shared-calendar.ics'],
            },
            { name: 'Backups', folders: [] },
          ]
        : [{ name: 'Shares', files: someFiles(rngFor(seed, 'device-fs', device.id, 'Shares'), DOCUMENT_EXTENSIONS, 0, 5) }, { name: 'Backups', folders: [] }],
  };
  return [cDrive, dDrive];
}

function macRoot(seed: string, device: Device): FolderSpec {
  const users = device.id === 3 ? ['design'] : [rngFor(seed, 'device-fs-users', device.id).pick(MAC_USERS)];
  const projects = (user: string): FolderSpec[] =>
    user === 'design'
      ? [{ name: 'Projects', folders: [{ name: 'Brand refresh', files: ['logo.ai', 'palette.pdf'] }, { name: 'Website', files: ['index.html', 'styles.css'] }] }]
      : [];
  return {
    name: '',
    folders: () => [
      { name: 'Applications', folders: ['Pages.app', 'Safari.app', 'Sketch.app'].map((name) => ({ name, folders: [] })) },
      { name: 'Library', folders: [{ name: 'Application Support', folders: [] }, { name: 'Preferences', folders: [] }] },
      { name: 'System', folders: [{ name: 'Library', folders: [] }] },
      { name: 'Users', folders: () => [{ name: 'Shared', folders: [] }, ...users.map((u) => userHome(seed, device.id, u, projects(u)))] },
    ],
  };
}

/** One device's file system: the drives (Windows) or `/` (Mac), and the folders created in it. */
export class DeviceFileSystem {
  readonly platform: Platform;
  private readonly drives: DeviceFolder[] = [];
  private readonly macRoot: DeviceFolder | undefined;

  constructor(
    readonly device: Device,
    seed: string,
  ) {
    this.platform = platformOf(device);
    if (this.platform === 'windows') {
      for (const spec of windowsDrives(seed, device)) this.drives.push(new DeviceFolder(spec.name, `${spec.name}\\`, spec, 'windows'));
    } else {
      this.macRoot = new DeviceFolder('/', '/', macRoot(seed, device), 'mac');
    }
  }

  /** The folder at a parsed path, or the drive list; 404 unknown, 400 a file, 403 inside a locked folder. */
  private resolve(path: string): DeviceFolder | 'drives' {
    const parsed = parseDevicePath(path, this.platform);
    if (parsed.kind === 'root') return this.macRoot ?? 'drives';
    let folder = this.macRoot ?? this.drives.find((d) => d.name === parsed.drive);
    if (!folder) throw notFound(`Path ${path} not found`);
    for (const segment of parsed.segments) {
      if (folder.locked) throw directoryListingUnavailable(403);
      const next: DeviceFolder | undefined = folder.folder(segment);
      if (!next) {
        if (folder.hasFile(segment)) throw badRequest(`${path} is a file, not a folder`);
        throw notFound(`Path ${path} not found`);
      }
      folder = next;
    }
    if (folder.locked) throw directoryListingUnavailable(403);
    return folder;
  }

  /** One page of a folder: folders first, then files, by name. */
  list(path: string, page: number, size: number): DirectoryPage {
    const folder = this.resolve(path);
    if (folder !== 'drives') return folder.page(page, size);
    const total = this.drives.length;
    const results = this.drives.slice(page * size, (page + 1) * size).map((d): DirectoryEntry => ({ name: d.name, path: d.path, type: 'FOLDER' }));
    return { results, totalElements: total, totalPages: Math.ceil(total / size) };
  }

  /** §5 New Folder: 'Invalid' for a name the platform refuses, the exists message for a taken name. */
  createFolder(parentPath: string, name: string): CreateFolderAnswer {
    const parent = this.resolve(parentPath);
    if (parent === 'drives') throw badRequest('Folders cannot be created beside the drives; pick a drive or a folder');
    if (name.trim() === '') return { created: false, message: 'Required' };
    if (!isValidFolderName(name, this.platform)) return { created: false, message: 'Invalid' };
    if (parent.folder(name) || parent.hasFile(name)) return { created: false, message: FOLDER_EXISTS_MESSAGE };
    return { created: true, path: parent.addFolder(name).path };
  }
}

const directoryMemo = new WeakMap<DemoWorld, Map<number, DeviceFileSystem>>();

/** The file system of a device (one per demo world, so created folders stay); 404 unknown device, 503 offline. */
export function deviceFileSystem(world: DemoWorld, config: DemoConfig, nodeId: number): DeviceFileSystem {
  const device = world.device(nodeId);
  if (!device) throw notFound(`Device ${nodeId} not found`);
  if (!device.isUp) throw directoryListingUnavailable(503);
  let systems = directoryMemo.get(world);
  if (!systems) directoryMemo.set(world, (systems = new Map()));
  let system = systems.get(nodeId);
  if (!system) systems.set(nodeId, (system = new DeviceFileSystem(device, config.seed)));
  return system;
}
