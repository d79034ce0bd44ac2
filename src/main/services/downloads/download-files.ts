/**
 * A download's files on disk: its own `.part` (found, measured, discarded:
 * never one it did not create), its name inside the folder, and the last
 * step, where the verified `.part` becomes the file and gets the platform's
 * "from the internet" mark.
 */
import { promises as fsp } from 'node:fs';
import { AppError } from '../../../shared/errors';
import type { DownloadItem } from '../../../shared/model/downloads';
import { fileError, partReplacedError } from './download-errors';
import { dropHash, type Task } from './download-task';
import type { MarkFromInternet } from '../platform/files/internet-mark';
import { hashPrefix, sha256OfFile } from '../platform/files/part-file';
import { folderNames, formatSize, fsPath, pathApiFor, PART_SUFFIX, uniqueName } from '../platform/files/paths';

interface DownloadFilesOptions {
  platform: NodeJS.Platform;
  /** Collision keys of the targets other downloads may still write. */
  takenBy(task: Task): Set<string>;
  markFromInternet: MarkFromInternet;
  log?: (what: string, error: unknown) => void;
}

export class DownloadFiles {
  constructor(private readonly options: DownloadFilesOptions) {}

  partPath(task: Task): string {
    return fsPath(task.stored.targetPath + PART_SUFFIX, this.options.platform);
  }

  /** Removes the download's own `.part` (never a file it did not create). */
  async discardPart(task: Task): Promise<void> {
    if (task.stored.flushedBytes !== null) await fsp.rm(this.partPath(task), { force: true }).catch(() => undefined);
    task.stored.flushedBytes = null;
    task.partIdentity = null;
    dropHash(task);
  }

  /** Bytes of the download's own .part on disk (the truth after any failure); 0 when there is none or a link stands there. */
  async partSize(task: Task): Promise<number> {
    if (task.stored.flushedBytes === null) return 0;
    try {
      const stat = await fsp.lstat(this.partPath(task));
      return stat.isFile() ? stat.size : 0;
    } catch {
      return 0;
    }
  }

  /** Moves a download to another name in its folder: " (1)" and so on, never over anything there (`exists`: a look at the folder already taken). */
  rename(task: Task, wanted: string, exists = folderNames(task.stored.folder, this.options.platform)): void {
    const stored = task.stored;
    stored.fileName = uniqueName(stored.folder, wanted, this.options.takenBy(task), exists, this.options.platform);
    stored.targetPath = pathApiFor(this.options.platform).join(stored.folder, stored.fileName);
    stored.overwrite = false;
  }

  /**
   * Size (always) and checksum (when sent) verified, marked as from the
   * internet, then the .part becomes the file. `startOver` discards what
   * cannot be this download's.
   */
  async finish(task: Task, startOver: (task: Task) => Promise<void>): Promise<{ size: number; verified: DownloadItem['verified']; sha256: string }> {
    const stored = task.stored;
    const part = this.partPath(task);
    const partStat = await fsp.lstat(part).catch(() => null);
    // Only the file this download wrote becomes the target: not a link, not a file swapped in meanwhile.
    const identity = task.partIdentity;
    if (!partStat?.isFile() || (identity && (partStat.dev !== identity.dev || partStat.ino !== identity.ino))) {
      await startOver(task);
      throw partReplacedError(stored);
    }
    const size = partStat.size;
    if (stored.totalBytes !== null && size !== stored.totalBytes) {
      throw new AppError('IO_ERROR', `${stored.fileName} has ${formatSize(size)} on disk but the server sent ${formatSize(stored.totalBytes)}. Press Retry to download it again.`);
    }
    // The sha256 of what was written: checked against the server's checksum when it sent one, and the receipt's either way.
    const sha256 = await this.sha256Of(task, part, size);
    let verified: DownloadItem['verified'] = 'size';
    if (stored.checksum) {
      if (sha256 !== stored.checksum) {
        await this.discardPart(task);
        stored.receivedBytes = 0;
        throw new AppError('IO_ERROR', `${stored.fileName} did not match the checksum the server sent, so it was discarded. Press Retry to download it again.`);
      }
      verified = 'checksum';
    }
    // Marked before it takes its name, so the file never exists without the mark (the stream and the
    // attribute move with it on rename).
    await this.mark(task, part);
    // Someone created the file meanwhile: keep theirs and ours.
    const exists = folderNames(stored.folder, this.options.platform);
    if (!stored.overwrite && exists(fsPath(stored.targetPath, this.options.platform))) this.rename(task, stored.fileName, exists);
    try {
      await fsp.rename(part, fsPath(stored.targetPath, this.options.platform));
    } catch (error) {
      throw fileError(error, stored);
    }
    stored.flushedBytes = null;
    task.partIdentity = null;
    return { size, verified, sha256 };
  }

  /**
   * The sha256 of the `.part`'s `size` bytes: the running hash kept while it
   * was written when it covers them all, else the file hashed now (a resume
   * whose earlier hash was lost).
   */
  private async sha256Of(task: Task, part: string, size: number): Promise<string> {
    if (task.hash && task.hash.bytes !== size) dropHash(task);
    const running = task.hash ?? (await hashPrefix(part, size, undefined, { path: part, identity: task.partIdentity }));
    task.hash = null;
    // The hashing worker gone (it never should be): the file is hashed here instead of being judged by an incomplete hash.
    return running.digest().catch(() => sha256OfFile(part, size));
  }

  /** The "from the internet" mark; a mark that cannot be written never fails the download. */
  private async mark(task: Task, file: string): Promise<void> {
    try {
      // The origin the bytes came from, taken when the attempt started (the session may have ended since).
      await this.options.markFromInternet(file, task.origin ?? '');
    } catch (error) {
      this.options.log?.(`downloads: the "from the internet" mark could not be set on ${task.stored.fileName}`, error);
    }
  }
}
