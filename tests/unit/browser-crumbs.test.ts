/** The backup browser's pure navigation steps: search, mounting, deleting a selection. */
import { describe, expect, it } from 'vitest';
import type { BackupPlan, Revision } from '../../src/shared/model/backup';
import type { BrowserRow } from '../../src/shared/model/backup/browser';
import { SEARCH_RESULTS_LEVEL } from '../../src/shared/rules/backup/browser';
import { deletionOf, mountedCrumb, rootCrumb, searchStep, type Crumb } from '../../src/renderer/src/features/backup/crumbs';

const plan = { uid: 'plan-1', id: 7, name: 'Server files', type: 'FILE_FOLDER' } as BackupPlan;
const planCrumb: Crumb = { label: plan.name, plan, source: { kind: 'location', location: { level: 'volumes', nodeId: 1, planUid: plan.uid } } };
const folderScope = { kind: 'folder' as const, planUid: plan.uid, folderId: 'f-1', folderPath: 'C:\\Data' };

describe('searchStep', () => {
  it('a short term is a problem; nothing moves', () => {
    expect(searchStep([rootCrumb(1)], 'ab', { kind: 'device' }, 1)).toEqual({ kind: 'problem', problem: 'Enter at least 3 characters to search.' });
  });

  it('searches where the bar stands, and replaces an earlier Search Results step instead of stacking', () => {
    const first = searchStep([rootCrumb(1), planCrumb], '*.txt', folderScope, 1);
    expect(first.kind).toBe('search');
    const crumbs = (first as { crumbs: Crumb[] }).crumbs;
    expect(crumbs).toHaveLength(3);
    expect(crumbs[2]).toMatchObject({ label: SEARCH_RESULTS_LEVEL, plan, source: { kind: 'search', query: { nodeId: 1, planUid: plan.uid, folderId: 'f-1', folderPath: 'C:\\Data', term: '*.txt' } } });
    const again = searchStep(crumbs, 'budget', folderScope, 1) as { kind: 'search'; crumbs: Crumb[] };
    expect(again.crumbs).toHaveLength(3);
    expect(again.crumbs[2]!.source).toMatchObject({ kind: 'search', query: { term: 'budget' } });
  });

  it('an emptied bar on the results goes back; where search is unavailable nothing happens', () => {
    const results = (searchStep([rootCrumb(1)], 'report', { kind: 'device' }, 1) as { crumbs: Crumb[] }).crumbs;
    expect(results[1]!.plan).toBeUndefined();
    expect(searchStep(results, '  ', { kind: 'device' }, 1)).toEqual({ kind: 'back', crumbs: [results[0]] });
    expect(searchStep([rootCrumb(1)], 'report', { kind: 'none', reason: 'Search is not available in image backups' }, 1)).toEqual({ kind: 'none' });
  });
});

describe('mountedCrumb', () => {
  it("a mounted revision's root folder, in the revision's plan and volume; none without a plan", () => {
    const revision = { id: 'rev-9', modified: '2026-11-20T02:00:00Z' } as Revision;
    const from: Crumb = { ...planCrumb, volumeName: 'C:' };
    expect(mountedCrumb(from, revision, 1, 'Nov 20')).toEqual({
      plan,
      volumeName: 'C:',
      imageRevision: revision,
      label: 'Nov 20',
      folderName: 'Nov 20',
      source: { kind: 'location', location: { level: 'mounted-folders', nodeId: 1, planUid: plan.uid, revisionId: 'rev-9', folder: '/' } },
    });
    expect(mountedCrumb(rootCrumb(1), revision, 1, 'x')).toBeNull();
  });
});

describe('deletionOf', () => {
  const file = (id: string, type: 'FILE' | 'FOLDER'): BrowserRow => ({ kind: 'item', key: id, item: { id, name: `${id}.txt`, path: `C:\\${id}`, type, deleted: false, backupSize: 1, size: 1, status: 'DEFINED' } });

  it('files and folders of the selection’s one plan', () => {
    const deletion = deletionOf([file('a', 'FILE'), file('b', 'FOLDER')], false, plan, 1);
    expect(deletion?.target).toEqual({ kind: 'items', nodeId: 1, planUid: plan.uid, planName: plan.name, fileIds: ['a'], folderIds: ['b'] });
    expect(deletion?.entries.map((e) => e.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('plan data at the plans level; nothing when a row cannot be deleted or the selection spans plans', () => {
    const planRow: BrowserRow = { kind: 'plan', key: plan.uid, plan };
    expect(deletionOf([planRow], true, null, 1)?.target).toEqual({ kind: 'plans', nodeId: 1, planUids: [plan.uid], planName: plan.name });
    const revision: BrowserRow = { kind: 'revision', key: 'r', revision: { id: 'r' } as Revision };
    expect(deletionOf([file('a', 'FILE'), revision], false, plan, 1)).toBeNull();
    expect(deletionOf([file('a', 'FILE')], false, null, 1)).toBeNull();
    expect(deletionOf([], false, plan, 1)).toBeNull();
  });
});
