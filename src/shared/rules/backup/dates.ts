/**
 * The Download Folder dialog's calendar (spec/backup-restore.md §2 "a date
 * picker"): only days with a completed backup can be picked,
 * and a picked day stands for that day's newest backup. Days are the
 * technician's local days, as the list beside the calendar shows them.
 */
import type { BackupJob } from '../../model/backup';

/** `yyyy-mm-dd` of a moment, in local time. */
export function localDayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When a backup is "of": its completion (the list shows the same). */
function momentOf(job: BackupJob): Date | null {
  const date = new Date(job.completed ?? '');
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The completed backups by local day; each day's newest first. */
export function backupsByDay(jobs: readonly BackupJob[]): Map<string, BackupJob[]> {
  const days = new Map<string, BackupJob[]>();
  for (const job of jobs) {
    const moment = momentOf(job);
    if (!moment) continue;
    const key = localDayKey(moment);
    const list = days.get(key) ?? [];
    list.push(job);
    days.set(key, list);
  }
  for (const list of days.values()) list.sort((a, b) => momentOf(b)!.getTime() - momentOf(a)!.getTime());
  return days;
}

/** The newest completed backup of a day, or null (no backup that day: the day cannot be picked). */
export function newestBackupOn(jobs: readonly BackupJob[], day: Date): BackupJob | null {
  return backupsByDay(jobs).get(localDayKey(day))?.[0] ?? null;
}

/** The first and last days the calendar offers (the oldest and newest backup loaded), or null without any. */
export function backupDayRange(jobs: readonly BackupJob[]): { first: Date; last: Date } | null {
  const moments = jobs.map(momentOf).filter((m): m is Date => m !== null);
  if (moments.length === 0) return null;
  const times = moments.map((m) => m.getTime());
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  first.setHours(0, 0, 0, 0);
  last.setHours(23, 59, 59, 999);
  return { first, last };
}

/** The day a chosen backup belongs to (the calendar's selected day), or null. */
export function dayOfBackup(job: BackupJob | undefined): Date | null {
  return job ? momentOf(job) : null;
}
