/**
 * Where the untrusted renderer may make the main process read or write in
 * browser mode (DESIGN.md "Security rules": the renderer is
 * untrusted, writes are confined to folders the user chose). Browser mode has
 * no system dialog, so folders are typed; they are accepted only
 * under one root: the user's Downloads folder, or `--downloads-root DIR`.
 *
 * A path is judged by where it really is: `..` is resolved the way the
 * writer resolves it (lexically, `path.resolve`), then every symlink of the
 * deepest part that exists is resolved with realpath, so a link under the
 * root that points elsewhere does not count as under the root.
 */
import { realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { AppError } from '../../../shared/errors';
import { pathApiFor } from './files/paths';


/** Windows and macOS volumes compare names without case (and macOS without Unicode normalization). */
function comparable(path: string, platform: NodeJS.Platform): string {
  return platform === 'win32' || platform === 'darwin' ? path.normalize('NFC').toLowerCase() : path;
}

/**
 * Pure: is `path` the folder `root` or inside it? Both must be absolute and
 * already resolved (no `..`, no symlinks). Case-insensitive on Windows and macOS.
 */
export function isInsideRoot(root: string, path: string, platform: NodeJS.Platform = process.platform): boolean {
  const p = pathApiFor(platform);
  if (!p.isAbsolute(root) || !p.isAbsolute(path)) return false;
  const relative = p.relative(comparable(p.resolve(root), platform), comparable(p.resolve(path), platform));
  if (relative === '') return true;
  if (p.isAbsolute(relative)) return false; // another drive on Windows
  const first = relative.split(p.sep)[0];
  return first !== '..';
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * Where an absolute path really points: its `..` resolved, then the symlinks
 * of its deepest existing ancestor resolved, with the parts that do not exist
 * yet appended. Null when it cannot be told (a symlink loop, no permission):
 * callers refuse such paths.
 */
export async function realLocation(path: string): Promise<string | null> {
  const p = nodePath;
  let current = p.resolve(path);
  const missing: string[] = [];
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length ? p.join(real, ...missing.reverse()) : real;
    } catch (error) {
      const code = errnoCode(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
      const parent = p.dirname(current);
      if (parent === current) return null;
      missing.push(p.basename(current));
      current = parent;
    }
  }
}

/** The technician-facing refusal of a download folder outside the browser-mode root. */
function outsideRootMessage(root: string): string {
  return `Downloads in browser mode go to folders under ${root}. Choose a folder there, or start the console with --downloads-root.`;
}

/**
 * Browser mode: the download folder (its `..` resolved, as the technician
 * knows it) when it really is the root or under it; otherwise a FORBIDDEN
 * error saying where downloads may go. The folder keeps the technician's
 * spelling (e.g. a Downloads folder that is a link to another disk): only the
 * check goes by the real location, and the page cannot create links.
 */
export async function confineFolderToRoot(folder: string, root: string): Promise<string> {
  const trimmed = folder.trim();
  if (!nodePath.isAbsolute(trimmed)) return folder; // prepareFolder answers "Enter a full folder path"
  if (!(await isReallyUnderRoot(trimmed, root))) throw new AppError('FORBIDDEN', outsideRootMessage(root));
  return nodePath.resolve(trimmed);
}

/** Whether a folder really is the root or under it: both by where they really are (realLocation). */
export async function isReallyUnderRoot(folder: string, root: string): Promise<boolean> {
  const [realRoot, realFolder] = await Promise.all([realLocation(root), realLocation(folder)]);
  return realRoot !== null && realFolder !== null && isInsideRoot(realRoot, realFolder);
}
