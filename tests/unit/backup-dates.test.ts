/** The Download Folder calendar offers only backup dates, a day picking its newest backup. */
import { describe, expect, it } from 'vitest';
import type { BackupJob } from '../../src/shared/model/backup';
import { backupDayRange, backupsByDay, localDayKey, newestBackupOn } from '../../src/shared/rules/backup/dates';

const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).toISOString();
const job = (id: string, completed: string | null): BackupJob => ({ id, planId: 'p', created: completed ?? at(2026, 1, 1, 0), completed, onCloud: true, upsyncedData: true });

const jobs = [job('late', at(2026, 3, 10, 22)), job('early', at(2026, 3, 10, 2)), job('running', null), job('before', at(2026, 3, 8, 2))];

describe('backup dates of the calendar', () => {
  it('groups completed backups by local day, newest first; running ones are not dates', () => {
    const days = backupsByDay(jobs);
    expect([...days.keys()].sort()).toEqual(['2026-03-08', '2026-03-10']);
    expect(days.get('2026-03-10')!.map((j) => j.id)).toEqual(['late', 'early']);
  });

  it('a day with a backup picks its newest; a day without none', () => {
    expect(newestBackupOn(jobs, new Date(2026, 2, 10, 12))?.id).toBe('late');
    expect(newestBackupOn(jobs, new Date(2026, 2, 9, 12))).toBeNull();
  });

  it('the calendar spans the oldest to the newest backup loaded', () => {
    const range = backupDayRange(jobs)!;
    expect(localDayKey(range.first)).toBe('2026-03-08');
    expect(localDayKey(range.last)).toBe('2026-03-10');
    expect(range.first.getHours()).toBe(0);
    expect(backupDayRange([job('x', null)])).toBeNull();
  });
});
