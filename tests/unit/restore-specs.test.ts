/**
 * Which source each item of a restore uses, the
 * options that reach the job specifications, and what the job views say.
 */
import { describe, expect, it } from 'vitest';
import type { RestoreJob } from '../../src/shared/model/restore';
import { countOf, jobFailureReason, jobProgressLine, jobTargetDevice, jobTargetPath } from '../../src/shared/rules/restore/job-view';
import {
  buildRestoreSpecs,
  itemsHaveBackupPermissions,
  offersRestoreDeletedFiles,
  restoreChoiceOf,
  restoreDialogTitle,
  type RestoreSourceItem,
  type RestoreSpecInput,
} from '../../src/shared/rules/restore/specs';

const revision = (id: string): RestoreSourceItem => ({ kind: 'file', path: 'D:\\Shares\\budget.xlsx', revisionId: id });
const folder: RestoreSourceItem = { kind: 'folder', path: 'D:\\Shares\\Marketing' };
const file: RestoreSourceItem = { kind: 'file', path: 'D:\\Shares\\notes.txt' };

function input(items: RestoreSourceItem[], overrides: Partial<RestoreSpecInput> = {}): RestoreSpecInput {
  return {
    items,
    source: { nodeId: 1, name: 'File Server' },
    target: { nodeId: 2, name: 'Reception PC' },
    plan: { uid: 'plan-1', name: 'Server files' },
    originalLocation: false,
    destinationPath: 'C:\\Restores',
    revisionId: 'chosen-revision',
    backupJobId: 'job-7',
    collisionHandling: 'KEEP_BOTH',
    restorePermissions: false,
    restoreDeletedFiles: false,
    ...overrides,
  };
}

describe('restoring several selected revisions', () => {
  it('restores those revisions: no date asked, each specification its own revisionId', () => {
    const items = [revision('r-1'), revision('r-2'), revision('r-3')];
    expect(restoreChoiceOf(items)).toBe('none');
    expect(restoreDialogTitle(items)).toBe('Restore File');
    const specs = buildRestoreSpecs(input(items));
    expect(specs.map((s) => s.revisionId)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(specs.every((s) => s.backupJobId === undefined)).toBe(true);
  });

  it('a single file asks for a revision (the picked one preselected) and restores the one chosen', () => {
    expect(restoreChoiceOf([file])).toBe('revision');
    expect(restoreChoiceOf([revision('r-1')])).toBe('revision');
    expect(buildRestoreSpecs(input([revision('r-1')], { revisionId: 'r-9' }))[0]).toMatchObject({ revisionId: 'r-9' });
  });

  it('a batch restores folders and unpicked files from the date, picked revisions from themselves', () => {
    const items = [folder, file, revision('r-1')];
    expect(restoreChoiceOf(items)).toBe('date');
    expect(restoreDialogTitle(items)).toBe('Batch Restore');
    const specs = buildRestoreSpecs(input(items));
    expect(specs.map((s) => [s.backupJobId, s.revisionId])).toEqual([
      ['job-7', undefined],
      ['job-7', undefined],
      [undefined, 'r-1'],
    ]);
  });

  it('image items restore their image revision with EXTRACT', () => {
    const items: RestoreSourceItem[] = [{ kind: 'image', path: '/Users/Public', imageRevisionId: 'img-3' }];
    expect(restoreChoiceOf(items)).toBe('none');
    expect(buildRestoreSpecs(input(items))[0]).toMatchObject({ revisionId: 'img-3', restoreType: 'EXTRACT' });
  });

  it("every 'If File Exists' choice reaches the specification", () => {
    for (const collisionHandling of ['OVERWRITE', 'SKIP', 'KEEP_BOTH'] as const) {
      expect(buildRestoreSpecs(input([folder], { collisionHandling }))[0]!.collisionHandling).toBe(collisionHandling);
    }
  });

  it('restoreDeletedFiles is offered, and sent, only for folders restored by date', () => {
    expect(offersRestoreDeletedFiles([folder])).toBe(true);
    expect(offersRestoreDeletedFiles([file])).toBe(false);
    expect(offersRestoreDeletedFiles([revision('a'), revision('b')])).toBe(false);
    const specs = buildRestoreSpecs(input([folder, file], { restoreDeletedFiles: true }));
    expect(specs.map((s) => s.restoreDeletedFiles)).toEqual([true, false]);
  });

  it('Original Location sends no destination path', () => {
    expect(buildRestoreSpecs(input([folder], { originalLocation: true }))[0]).toMatchObject({ originalLocation: true, destinationPath: '' });
  });

  it("'Restore NTFS Permissions' goes by the items' backupPermissions, the plan's where an item does not say", () => {
    expect(itemsHaveBackupPermissions([folder], true)).toBe(true);
    expect(itemsHaveBackupPermissions([{ ...folder, backupPermissions: false }], true)).toBe(false);
    expect(itemsHaveBackupPermissions([{ ...folder, backupPermissions: true }, file], false)).toBe(false);
    expect(itemsHaveBackupPermissions([{ ...folder, backupPermissions: true }], false)).toBe(true);
  });
});

const job = (overrides: Partial<RestoreJob> = {}): RestoreJob => ({
  actionType: 'RESTORE',
  type: 'FILE',
  sourcePath: 'D:\\Shares\\budget.xlsx',
  file: 'budget.xlsx',
  destinationPath: 'C:\\Restores',
  jobUID: 'u-1',
  jobFilesProcessed: 0,
  jobTotalFiles: 0,
  jobProcessedBytes: 0,
  jobTotalBytes: 0,
  status: 'PROCESSING',
  percentage: 0,
  sourcePlanId: 'plan-1',
  sourcePlanName: 'Server files',
  createTime: '2026-01-01T00:00:00Z',
  nodeId: 2,
  sourceNodeId: 1,
  ...overrides,
});
const bytes = (n: number) => `${n} B`;

describe('restore job views', () => {
  it("counts one item as '1 item'", () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(jobProgressLine(job({ jobTotalFiles: 1, jobFilesProcessed: 1, percentage: 100, status: 'COMPLETED', jobTotalBytes: 5, jobProcessedBytes: 5 }), bytes)).toBe('100% · 1 of 1 item · 5 B of 5 B');
  });

  it("a canceled job that had counted nothing says nothing, never a dangling '0% ·'", () => {
    expect(jobProgressLine(job({ status: 'CANCELED' }), bytes)).toBe('');
    expect(jobProgressLine(job({ status: 'FAILED' }), bytes)).toBe('');
    expect(jobProgressLine(job(), bytes)).toBe('0% · Counting items...');
  });

  it('names the target device: the server’s name, else a known device, else its id', () => {
    expect(jobTargetDevice(job({ nodeName: 'Reception PC' }))).toBe('Reception PC');
    expect(jobTargetDevice(job(), [{ id: 2, displayName: 'Known PC' }])).toBe('Known PC');
    expect(jobTargetDevice(job())).toBe('Device 2');
    expect(jobTargetPath(job({ destinationPath: '' }))).toBe('Original Location');
  });

  it('a FAILED job shows the reason the server gave', () => {
    expect(jobFailureReason(job({ status: 'FAILED', failureReason: ' Access denied. ' }))).toBe('Access denied.');
    expect(jobFailureReason(job({ status: 'FAILED' }))).toBeNull();
    expect(jobFailureReason(job({ status: 'COMPLETED', failureReason: 'stale' }))).toBeNull();
  });
});
