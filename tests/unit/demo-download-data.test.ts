import { describe, expect, it } from 'vitest';
import { backupWorld, statusOf } from '../helpers/demo-data';
import { DEMO_FIXTURES as F, ODD_FILE_NAMES, type BackupWorld } from '../../src/demo-server/data/backup';

const snapshotNames = (world: BackupWorld, nodeId: number, planUid: string, folderId: string, jobId: string, includeDeleted = false) =>
  world.folderSnapshot(nodeId, planUid, folderId, jobId, { includeDeleted, maxEntries: 20_000 }).entries.map((e) => e.segments.join('/') + (e.kind === 'folder' ? '/' : ''));

describe('demo download data: fixtures', () => {
  for (const [label, world] of [
    ['default', backupWorld({ sizes: { bigFolderItems: 1000 } })],
    ['another seed and sizes', backupWorld({ seed: 'another-seed', sizes: { bigFolderItems: 10, revisionsPerFile: 4 } })],
  ] as const) {
    it(`holds the odd names on device 3 (${label})`, () => {
      const { nodeId, plan, folder, files, handoff } = F.oddNames;
      expect(world.plans(nodeId).map((p) => p.name)).toEqual(['Design projects', 'Odd names']);
      expect(world.plans(nodeId)[1]).toMatchObject({ uid: plan.uid, id: plan.id, destination: 'CLOUD', type: 'FILE_FOLDER' });
      const roots = world.folders(nodeId, plan.uid);
      expect(roots.map((r) => [r.id, r.path])).toEqual([
        [folder.id, '/Users/design/Odd names'],
        [handoff.folder.id, '/Users/design/Handoff'],
      ]);
      const listed = world.folderContent(nodeId, plan.uid, folder.id, 0, 250).results;
      expect(listed).toHaveLength(ODD_FILE_NAMES.length);
      for (const file of files) {
        expect(listed).toContainEqual(expect.objectContaining({ id: file.id, name: file.name, path: file.path, type: 'FILE' }));
        const found = world.fileRevision(nodeId, plan.uid, file.revisionId);
        expect(found?.revision.onS3).toBe(true);
        expect(found?.revision.size).toBeLessThan(8 * 1024);
        expect(found?.file.revisions.every((r) => r.onS3)).toBe(true);
      }
      expect(files.find((f) => f.name.startsWith('long-name-'))?.name).toHaveLength(300);
      const handoffItems = world.folderContent(nodeId, plan.uid, handoff.folder.id, 0, 250).results;
      for (const item of [handoff.brief, handoff.superseded]) expect(handoffItems).toContainEqual(expect.objectContaining(item));
      expect(handoffItems.find((i) => i.id === handoff.superseded.id)).toMatchObject({ deleted: true, status: 'DELETED' });
      expect(world.file(nodeId, plan.uid, handoff.logo.id)?.path).toBe(handoff.logo.path);
    });

    it(`holds the download fixtures of device 1 (${label})`, () => {
      const plan = F.filePlan.uid;
      const { downloads } = F;
      expect(world.fileRevision(1, plan, downloads.smallRevisionId)?.revision.onS3).toBe(true);
      expect(world.fileRevision(1, plan, downloads.notInCloudRevisionId)?.revision.onS3).toBe(false);
      expect(world.fileRevision(1, plan, downloads.unreadableRevisionId)?.file.unreadable).toBe(true);
      const jobs = world.jobs(1, plan, 0, 100).results;
      expect(jobs.find((j) => j.id === downloads.cloudJobId)).toMatchObject({ onCloud: true, completed: expect.any(String) });
      expect(jobs.find((j) => j.id === downloads.notInCloudJobId)).toMatchObject({ onCloud: false, completed: expect.any(String) });
      // The newer cloud jobs are not upsynced yet: cloudJobId is the newest with data in the cloud.
      expect(jobs.findIndex((j) => j.onCloud)).toBe(jobs.findIndex((j) => j.id === downloads.cloudJobId));
      const oddJobs = world.jobs(3, F.oddNames.plan.uid, 0, 100).results;
      expect(oddJobs.findIndex((j) => j.onCloud)).toBe(oddJobs.findIndex((j) => j.id === F.oddNames.cloudJobId));
      const image = world.imageRevision(1, F.imagePlan.uid, downloads.image.revisionId);
      expect(image.revision.onS3).toBe(true);
      expect(world.mountedItem(downloads.image.file).node.item.type).toBe('FILE');
      expect(world.mountedItem(downloads.image.folder).node.item.type).toBe('FOLDER');
      const { nodeId, planUid, revisionId } = downloads.imageNotInCloud;
      expect(world.imageRevision(nodeId, planUid, revisionId).revision.onS3).toBe(false);
    });
  }
});

describe('demo download data: folder snapshots', () => {
  const world = backupWorld({ sizes: { bigFolderItems: 1000 } });
  const { nodeId, plan, handoff, cloudJobId } = F.oddNames;
  const jobs = world.jobs(nodeId, plan.uid, 0, 100).results;

  it('leaves out files deleted by the job date unless asked, and files not backed up yet', () => {
    expect(snapshotNames(world, nodeId, plan.uid, handoff.folder.id, cloudJobId)).toEqual(['assets/logo.png', 'Empty drafts/', 'brief.txt']);
    expect(snapshotNames(world, nodeId, plan.uid, handoff.folder.id, cloudJobId, true)).toEqual(['assets/logo.png', 'Empty drafts/', 'brief.txt', 'superseded.txt']);
    // Six nights back superseded.txt was still there (its newest revision is of that night).
    expect(snapshotNames(world, nodeId, plan.uid, handoff.folder.id, jobs[6]?.id ?? '')).toContain('superseded.txt');
    // Three revisions each: ten nights back only superseded.txt (backed up from 6 to 8 nights back) existed.
    expect(snapshotNames(world, nodeId, plan.uid, handoff.folder.id, jobs[8]?.id ?? '')).toEqual(['assets/', 'Empty drafts/', 'superseded.txt']);
    expect(snapshotNames(world, nodeId, plan.uid, handoff.folder.id, jobs[10]?.id ?? '')).toEqual(['assets/', 'Empty drafts/']);
  });

  it('takes for each file its revision of that night, or the newest before it', () => {
    const snapshot = world.folderSnapshot(1, F.filePlan.uid, F.folders.users.id, F.downloads.cloudJobId, { includeDeleted: false, maxEntries: 100 });
    expect(snapshot.folder).toMatchObject({ id: F.folders.users.id, name: 'Users' });
    const jobTime = Date.parse(snapshot.job.created);
    for (const entry of snapshot.entries) {
      if (entry.kind !== 'file') continue;
      const revisions = world.file(1, F.filePlan.uid, entry.fileId)?.revisions ?? [];
      const atOrBefore = revisions.filter((r) => Date.parse(r.jobCreated) <= jobTime);
      expect(entry.revision).toEqual(atOrBefore[0]);
      expect(entry.revision.onS3).toBe(true);
    }
  });

  it('answers the errors of the download call', () => {
    const snapshot = (folderId: string, jobId: string, maxEntries = 20_000, planUid: string = F.filePlan.uid) => () =>
      world.folderSnapshot(1, planUid, folderId, jobId, { includeDeleted: false, maxEntries });
    expect(statusOf(snapshot(F.folders.users.id, F.downloads.notInCloudJobId))).toBe(409);
    expect(statusOf(snapshot(F.folders.users.id, `${F.filePlan.uid}_j20200101`))).toBe(404);
    expect(statusOf(snapshot(F.folders.users.id, `${F.imagePlan.uid}_j20261116`))).toBe(404);
    expect(statusOf(snapshot('nope', F.downloads.cloudJobId))).toBe(404);
    expect(statusOf(snapshot(F.files.readme.id, F.downloads.cloudJobId))).toBe(400);
    expect(statusOf(snapshot(F.folders.broken.id, F.downloads.cloudJobId))).toBe(500);
    expect(statusOf(snapshot(F.folders.users.id, F.downloads.cloudJobId, 10))).toBe(422);
    expect(statusOf(snapshot(F.folders.users.id, F.downloads.cloudJobId, 11))).toBeUndefined();
    expect(statusOf(snapshot(F.folders.users.id, F.downloads.cloudJobId, 20_000, F.imagePlan.uid))).toBe(400);
    // The huge folder is refused from its count, without computing its items.
    const huge = backupWorld();
    expect(statusOf(() => huge.folderSnapshot(1, F.filePlan.uid, F.folders.archive.id, F.downloads.cloudJobId, { includeDeleted: false, maxEntries: 20_000 }))).toBe(422);
  });

  it('finds mounted image items case-insensitively and answers 404/400 otherwise', () => {
    expect(world.mountedItem('\\windows\\SYSTEM32\\').path).toBe('/Windows/System32');
    expect(world.mountedItem('/').path).toBe('/');
    expect(statusOf(() => world.mountedItem('/Windows/nope.dll'))).toBe(404);
    expect(statusOf(() => world.imageRevision(1, F.filePlan.uid, F.downloads.image.revisionId))).toBe(400);
    expect(statusOf(() => world.imageRevision(1, F.imagePlan.uid, `${F.imageVolume.fileId}_r99`))).toBe(404);
  });
});
