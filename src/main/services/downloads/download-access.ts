/**
 * What the untrusted renderer may do with downloads on this computer
 * (DESIGN.md "Security rules"):
 * - where a download may be written: with a system folder picker (Electron)
 *   only folders picked in it, the Downloads folder or the device's remembered
 *   folder; without one (browser mode) only folders under one root (the
 *   user's Downloads folder, or `--downloads-root DIR`), symlinks resolved;
 * - what "Open" does with a finished download: launches nothing but the
 *   short list of passive types (PASSIVE_EXTENSIONS) without a native
 *   confirmation naming the file; browser mode opens nothing and only says
 *   where the file is.
 * The file itself is named by the main process (the download manager), from
 * its own records, never from this call.
 */
import { stat } from 'node:fs/promises';
import { basename, resolve as resolvePath } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { DownloadStartResult } from '../../../shared/model/downloads';
import { opensWithoutAsking } from '../../../shared/rules/platform/passive-files';
import type { StartDownloadsInput } from './download-options';
import { defaultDownloadsFolder, prepareFolder } from '../platform/files/paths';
import { confineFolderToRoot, isReallyUnderRoot } from '../platform/file-policy';

export interface DownloadAccessPlatform {
  /** The system folder picker (Electron); null when dismissed. */
  chooseFolder?: (current?: string) => Promise<string | null>;
  /** Opens a file with its default app (Electron). */
  openPath?: (path: string) => Promise<void>;
  /** A native confirmation naming the file before one that is not of a passive type is opened (Electron); true to open. */
  confirmOpenFile?: (fileName: string) => Promise<boolean>;
  /** Shows a file in its folder (Electron). */
  showItemInFolder?: (path: string) => void;
}

interface DownloadAccessOptions {
  platform: DownloadAccessPlatform;
  /** Without a folder picker: the folder downloads are confined under. */
  root: string | undefined;
  rememberedFolder: (nodeId: number) => string | undefined;
  completedPath: (id: string) => string;
  /** Starts downloads into a folder this class allowed. */
  start: (request: StartDownloadsInput) => DownloadStartResult;
  /** Tests pretend to be another platform. */
  platformName?: NodeJS.Platform;
}

export class DownloadAccess {
  /** Folders the technician picked in the system dialog this session (Electron). */
  private readonly chosenFolders = new Set<string>();

  constructor(private readonly options: DownloadAccessOptions) {}

  /** The folder proposed for a device: its remembered one, else the Downloads folder (browser mode: the root). */
  async defaultFolder(nodeId: number): Promise<{ folder: string; remembered: boolean }> {
    const remembered = this.options.rememberedFolder(nodeId);
    const { root } = this.options;
    if (!this.options.platform.chooseFolder && root !== undefined) {
      // The remembered folder only while it is still under the root (the check confineFolderToRoot makes).
      if (remembered && (await isReallyUnderRoot(remembered, root))) return { folder: remembered, remembered: true };
      return { folder: root, remembered: false };
    }
    return remembered ? { folder: remembered, remembered: true } : { folder: defaultDownloadsFolder(), remembered: false };
  }

  async chooseFolder(current: string | undefined): Promise<{ supported: boolean; folder: string | null }> {
    if (!this.options.platform.chooseFolder) return { supported: false, folder: null };
    const folder = await this.options.platform.chooseFolder(current);
    if (folder) this.chosenFolders.add(resolvePath(folder));
    return { supported: true, folder };
  }

  /** Downloads into `request.folder` once it is one they may go to (`allowedFolder`). */
  async start(request: StartDownloadsInput): Promise<DownloadStartResult> {
    return this.options.start({ ...request, folder: await this.allowedFolder(request.nodeId, request.folder) });
  }

  /** "Show in folder" on a finished download (Electron); browser mode answers where the file is. */
  showInFolder(id: string): { opened: boolean; path: string } {
    const path = this.options.completedPath(id);
    if (!this.options.platform.showItemInFolder) return { opened: false, path };
    this.options.platform.showItemInFolder(path);
    return { opened: true, path };
  }

  /** The folder a download may go to, or FORBIDDEN: the renderer cannot name another place. */
  async allowedFolder(nodeId: number, folder: string): Promise<string> {
    if (this.options.platform.chooseFolder) {
      const resolved = resolvePath(folder);
      const allowed = this.chosenFolders.has(resolved) || resolved === resolvePath(defaultDownloadsFolder()) || resolved === this.options.rememberedFolder(nodeId);
      if (!allowed) throw new AppError('FORBIDDEN', 'Choose the folder to download to with "Choose...".');
      return folder;
    }
    return confineFolderToRoot(folder, this.options.root ?? defaultDownloadsFolder());
  }

  /**
   * The receipts folder of the settings, by the rule of download folders: one
   * picked in the system dialog, the Downloads folder or the folder already
   * set (Electron); under the root (browser mode). Created when missing.
   */
  async allowedReceiptsFolder(folder: string, current: string | null): Promise<string> {
    if (this.options.platform.chooseFolder) {
      const resolved = resolvePath(folder);
      const allowed = this.chosenFolders.has(resolved) || resolved === resolvePath(defaultDownloadsFolder()) || (current !== null && resolved === resolvePath(current));
      if (!allowed) throw new AppError('FORBIDDEN', 'Choose the receipts folder with "Choose...".');
      return prepareFolder(resolved);
    }
    return prepareFolder(await confineFolderToRoot(folder, this.options.root ?? defaultDownloadsFolder()));
  }

  /**
   * "Open" on a finished download. Anything but a passive type (by its
   * extension), and a passive one with an executable bit outside Windows,
   * opens only after the native confirmation; without one (browser mode)
   * nothing is opened: the answer says where the file is.
   */
  async open(id: string): Promise<{ opened: boolean; path: string }> {
    return this.openFile(this.options.completedPath(id));
  }

  /** "Open" on a file the main process saved itself (an automation's attachment), by the same rule as a finished download. */
  async openFile(path: string): Promise<{ opened: boolean; path: string }> {
    const { openPath, confirmOpenFile } = this.options.platform;
    if (!openPath) return { opened: false, path };
    if (await this.mustAsk(path)) {
      if (!confirmOpenFile || !(await confirmOpenFile(basename(path)))) return { opened: false, path };
    }
    await openPath(path);
    return { opened: true, path };
  }

  private async mustAsk(path: string): Promise<boolean> {
    if (!opensWithoutAsking(basename(path))) return true;
    if ((this.options.platformName ?? process.platform) === 'win32') return false;
    try {
      return ((await stat(path)).mode & 0o111) !== 0;
    } catch {
      // Cannot tell: ask rather than launch.
      return true;
    }
  }
}
