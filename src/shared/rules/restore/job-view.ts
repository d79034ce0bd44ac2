/**
 * What the restore job views say about a job (spec/backup-restore.md §2
 * "Restore job progress dialog", §3 "Restore job", §4 "Restore job status"): the target as device and path, the progress line without
 * dangling separators, counts in the singular for one, and the reason of a
 * failed job when the server gives one.
 */
import type { RestoreJob } from '../../model/restore';
import { countOf } from '../platform/counts';

export { countOf };

/**
 * The target's device: the name the server sent, else the name of a device
 * the console knows (the one whose activity is shown), else its id.
 */
export function jobTargetDevice(job: Pick<RestoreJob, 'nodeId' | 'nodeName'>, known: ReadonlyArray<{ id: number; displayName: string }> = []): string {
  if (job.nodeName?.trim()) return job.nodeName.trim();
  return known.find((d) => d.id === job.nodeId)?.displayName ?? `Device ${job.nodeId}`;
}

/** Where the files go on the target device: its path, or 'Original Location'. */
export function jobTargetPath(job: Pick<RestoreJob, 'destinationPath'>): string {
  return job.destinationPath || 'Original Location';
}

/**
 * The line under the progress bar, parts joined by ' · ' and only the parts
 * there is something to say for: the percentage while running or once counted,
 * items and bytes once counted, 'Counting items...' while preparing. A job
 * canceled or failed before it counted anything says nothing (no '0% ·').
 */
export function jobProgressLine(
  job: Pick<RestoreJob, 'status' | 'percentage' | 'jobFilesProcessed' | 'jobTotalFiles' | 'jobProcessedBytes' | 'jobTotalBytes'>,
  formatBytes: (bytes: number) => string,
): string {
  const counted = job.jobTotalFiles > 0;
  const running = job.status === 'PROCESSING';
  const parts: string[] = [];
  if (counted || running) parts.push(`${Math.round(job.percentage)}%`);
  if (counted) {
    parts.push(`${job.jobFilesProcessed} of ${countOf(job.jobTotalFiles, 'item')}`);
    parts.push(`${formatBytes(job.jobProcessedBytes)} of ${formatBytes(job.jobTotalBytes)}`);
  } else if (running) {
    parts.push('Counting items...');
  }
  return parts.join(' · ');
}

/** A FAILED job's reason, when the server gave one (null otherwise, and for any other status). */
export function jobFailureReason(job: Pick<RestoreJob, 'status' | 'failureReason'>): string | null {
  return job.status === 'FAILED' && job.failureReason?.trim() ? job.failureReason.trim() : null;
}
