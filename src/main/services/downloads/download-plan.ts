/**
 * Where each requested download goes, decided when it is queued: its name
 * from what the console fetched (download-names.ts), directly inside the
 * chosen folder, never on top of a name another download is writing, never
 * appending to a `.part` it did not create, and existing
 * files only overwritten when the technician said so.
 */
import { randomUUID } from 'node:crypto';
import type { CollisionPolicy, DownloadConflict, DownloadRequest } from '../../../shared/model/downloads';
import { collisionKey } from '../../../shared/rules/platform/file-names';
import { plannedFileName } from './download-names';
import type { StoredDownload } from './download-store';
import { fsPath, PART_SUFFIX, pathApiFor, targetInside, uniqueName } from '../platform/files/paths';

interface PlannedDownload {
  request: DownloadRequest;
  fileName: string;
  overwrite: boolean;
  /** False: a stand-in name until the answer names the file. */
  settled: boolean;
}

interface PlanInput {
  folder: string;
  items: readonly DownloadRequest[];
  /** Collision answers by item index. */
  policies?: Record<string, CollisionPolicy>;
  /** The answer for every collision ("apply to all"). */
  applyToAll?: CollisionPolicy;
  /** Collision keys of targets other downloads are writing; the planned ones are added. */
  taken: Set<string>;
  /** Whether anything (a file, a folder, a link, even a broken one) is at a path. */
  exists(path: string): boolean;
  /** The name the console fetched for an item, or null. */
  nameOf(request: DownloadRequest): string | null;
  platform: NodeJS.Platform;
}

export function planDownloads(input: PlanInput): { planned: PlannedDownload[]; conflicts: DownloadConflict[]; skipped: string[] } {
  const { folder, taken, exists, platform } = input;
  const path = pathApiFor(platform);
  const planned: PlannedDownload[] = [];
  const conflicts: DownloadConflict[] = [];
  const skipped: string[] = [];
  input.items.forEach((request, index) => {
    const { fileName: wanted, settled } = plannedFileName(request, input.nameOf(request));
    const target = targetInside(folder, wanted, platform);
    const onDisk = exists(fsPath(target, platform));
    // A `.part` nobody recorded (a crash of another tool, a planted link) is the user's: leave it, take another name.
    const strayPart = exists(fsPath(target + PART_SUFFIX, platform));
    const inUse = taken.has(collisionKey(target));
    const take = (fileName: string, overwrite: boolean) => {
      taken.add(collisionKey(path.join(folder, fileName)));
      planned.push({ request, fileName, overwrite, settled });
    };
    const numbered = () => take(uniqueName(folder, wanted, taken, exists, platform), false);
    if (!onDisk && !inUse && !strayPart) return take(wanted, false);
    // Two downloads of one batch (or one already running) never share a name: the later one gets a number.
    if (!onDisk) return numbered();
    const policy = input.policies?.[String(index)] ?? input.applyToAll;
    if (!policy) {
      conflicts.push({ index, fileName: wanted });
      return;
    }
    if (policy === 'skip') {
      skipped.push(wanted);
      return;
    }
    // Overwriting is for files on disk; a name another download is writing gets a number instead.
    if (policy === 'overwrite' && !inUse && !strayPart) return take(wanted, true);
    numbered();
  });
  return { planned, conflicts, skipped };
}

/** The rows of newly queued downloads: no `.part` of their own yet (flushedBytes null), in queue order from `firstPosition`. */
export function newStoredDownloads(
  planned: readonly PlannedDownload[],
  at: { scope: string; folder: string; now: number; firstPosition: number; platform: NodeJS.Platform },
  queue: Pick<StoredDownload, 'queueId' | 'onComplete'>,
): StoredDownload[] {
  const path = pathApiFor(at.platform);
  return planned.map((p, i) => ({
    id: randomUUID(),
    scope: at.scope,
    request: p.request,
    fileName: p.fileName,
    folder: at.folder,
    targetPath: path.join(at.folder, p.fileName),
    overwrite: p.overwrite,
    state: 'queued',
    totalBytes: null,
    receivedBytes: 0,
    etag: null,
    lastModified: null,
    checksum: null,
    verified: null,
    error: null,
    createdAt: at.now,
    updatedAt: at.now,
    finishedAt: null,
    position: at.firstPosition + i,
    flushedBytes: null,
    nameSettled: p.settled,
    writtenBoot: null,
    queueId: queue.queueId,
    onComplete: { ...queue.onComplete },
    startedAt: null,
    receipt: null,
  }));
}
