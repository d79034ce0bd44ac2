/**
 * What a row of a comparison downloads or restores from one of its dates: a
 * folder at that backup job; a file at its newest revision taken at or
 * before it (downloads: among those in the cloud).
 */
import type { BackupJob, BackupPlan, Revision } from '../../../../shared/model/backup';
import type { CompareItemState, CompareRow } from '../../../../shared/model/backup/compare';
import type { RestoreItem } from '../../../../shared/model/restore';
import { readRevisionPage } from './client';

/** Revision pages read at most while looking for a date's revision (100 each). */
const MAX_REVISION_PAGES = 5;

export type CompareAction =
  | { kind: 'download-folder'; state: CompareItemState; job: BackupJob }
  | { kind: 'download-file'; state: CompareItemState; revision?: Revision }
  | { kind: 'restore'; item: RestoreItem; plan: BackupPlan };

/** The newest revision of a file taken at or before `time` (revisions come newest first), if any is listed. */
export async function revisionAtOrBefore(nodeId: number, planUid: string, fileId: string, time: string, cloudOnly: boolean): Promise<Revision | undefined> {
  const limit = Date.parse(time);
  for (let page = 0, pages = 1; page < pages && page < MAX_REVISION_PAGES; page++) {
    const answer = await readRevisionPage({ nodeId, planUid, fileId, page, cloudOnly });
    pages = answer.totalPages;
    const found = answer.results.find((revision) => Date.parse(revision.jobCreated) <= limit);
    if (found) return found;
  }
  return undefined;
}

/** The backup of one date, and when it was taken (its completion). */
function timeOf(job: BackupJob): string {
  return job.completed ?? job.created;
}

export async function downloadAction(nodeId: number, plan: BackupPlan, row: CompareRow, job: BackupJob, state: CompareItemState): Promise<CompareAction> {
  if (row.folder) return { kind: 'download-folder', state, job };
  const revision = await revisionAtOrBefore(nodeId, plan.uid, state.id, timeOf(job), true);
  return { kind: 'download-file', state, ...(revision ? { revision } : {}) };
}

export async function restoreAction(nodeId: number, plan: BackupPlan, row: CompareRow, job: BackupJob, state: CompareItemState): Promise<CompareAction> {
  const base = { name: state.name, path: state.path, isRoot: false };
  if (row.folder) return { kind: 'restore', plan, item: { ...base, kind: 'folder', folderId: state.id, backupJob: job } };
  const revision = await revisionAtOrBefore(nodeId, plan.uid, state.id, timeOf(job), false);
  return { kind: 'restore', plan, item: { ...base, kind: 'file', fileId: state.id, ...(revision ? { revision } : {}) } };
}
