/**
 * A file saved whole from bytes the main process already holds and checked
 * (a ticket's inline image, the viewer's Download: spec
 * ticketing-automations-psa.md §2.5), by the downloads' rules (DESIGN.md
 * "Security rules", "Data rules"): into the folder the main process names
 * (never one the renderer names), under a sanitized name that overwrites
 * nothing ("name (1).png", the downloads' own `uniqueName`), written to its
 * own `<name>.part` (created exclusively: never through a link or over a file
 * planted there), marked as from the internet, then renamed. On any failure
 * the `.part` it created is removed: nothing half written is left behind.
 */
import { promises as fsp } from 'node:fs';
import { AppError } from '../../../../shared/errors';
import { sanitizeFileName } from '../../../../shared/rules/platform/file-names';
import { describeFsError, folderNames, fsPath, nameTaken, PART_SUFFIX, prepareFolder, targetInside, uniqueName } from './paths';
import type { MarkFromInternet } from './internet-mark';

interface SaveFileOptions {
  /** The folder the file goes into (created when missing). */
  folder: string;
  /** The name wanted; sanitized again here, numbered when taken. */
  name: string;
  bytes: Buffer;
  /** Where the bytes came from (the instance's origin), for the mark. */
  origin: string;
  markFromInternet: MarkFromInternet;
  platform?: NodeJS.Platform;
  log?: (what: string, error: unknown) => void;
}

/** Names tried when others take each free name first (two saves of one image at once). */
const ATTEMPTS = 5;

/** Saves `bytes` as a new file in `folder`; answers the name it took and its full path. */
export async function saveNewFile(options: SaveFileOptions): Promise<{ name: string; path: string }> {
  const platform = options.platform ?? process.platform;
  const folder = prepareFolder(options.folder, platform);
  const wanted = sanitizeFileName(options.name);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const name = uniqueName(folder, wanted, new Set(), folderNames(folder, platform), platform);
    const target = targetInside(folder, name, platform);
    const part = fsPath(target + PART_SUFFIX, platform);
    try {
      // 'wx': the .part is this save's own, or the name is taken (by a save running at the same time): try the next.
      await fsp.writeFile(part, options.bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string } | null)?.code === 'EEXIST') continue;
      throw new AppError('IO_ERROR', `${name} could not be saved in ${folder}: ${describeFsError(error)}.`, { cause: error });
    }
    try {
      return await finish(part, folder, name, wanted, options, platform);
    } catch (error) {
      await fsp.rm(part, { force: true }).catch(() => undefined);
      throw error;
    }
  }
  throw new AppError('CONFLICT', `${wanted} could not be given a free name in ${folder}.`);
}

/** Marked (the mark moves with the file on rename, so the file never exists unmarked), then renamed to a name still free. */
async function finish(part: string, folder: string, name: string, wanted: string, options: SaveFileOptions, platform: NodeJS.Platform): Promise<{ name: string; path: string }> {
  try {
    await options.markFromInternet(part, options.origin);
  } catch (error) {
    // As a download's: a mark that cannot be written (a file system without streams or attributes) never fails the save.
    options.log?.(`downloads: the "from the internet" mark could not be set on ${name}`, error);
  }
  let target = targetInside(folder, name, platform);
  // Someone created the file meanwhile: theirs stays, this one takes the next free name.
  if (nameTaken(fsPath(target, platform))) {
    name = uniqueName(folder, wanted, new Set(), folderNames(folder, platform), platform);
    target = targetInside(folder, name, platform);
  }
  try {
    await fsp.rename(part, fsPath(target, platform));
  } catch (error) {
    throw new AppError('IO_ERROR', `${name} could not be saved in ${folder}: ${describeFsError(error)}.`, { cause: error });
  }
  return { name, path: target };
}
