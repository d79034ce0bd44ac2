import { describe, expect, it } from 'vitest';
import { backupWorld, statusOf } from '../helpers/demo-data';
import { BACKUP_BASE_TIME, DEMO_FIXTURES as F, globMatches, nameMatcher, type BackupWorld } from '../../src/demo-server/data/backup';
import type { FolderContentItem, Revision } from '../../src/shared/model/backup';

const DAY_MS = 86_400_000;

/** Every item of a plan, walked through the public folder content answers (Broken skipped). */
function walkPlan(world: BackupWorld, nodeId: number, planUid: string, startFolderId?: string): FolderContentItem[] {
  const items: FolderContentItem[] = [];
  const visit = (folderId: string) => {
    if (folderId === F.folders.broken.id) return;
    for (let page = 0; ; page++) {
      const answer = world.folderContent(nodeId, planUid, folderId, page, 1000);
      for (const item of answer.results) {
        items.push(item);
        if (item.type === 'FOLDER') visit(item.id);
      }
      if (page + 1 >= answer.totalPages) break;
    }
  };
  if (startFolderId) visit(startFolderId);
  else for (const root of world.folders(nodeId, planUid)) visit(root.id);
  return items;
}

function allSearchResults(world: BackupWorld, planUid: string, term: string, folderId?: string): FolderContentItem[] {
  const first = world.search(1, planUid, term, 0, 1000, folderId);
  const results = [...first.results];
  for (let page = 1; page < first.totalPages; page++) results.push(...world.search(1, planUid, term, page, 1000, folderId).results);
  return results;
}

describe('demo backup data: fixtures', () => {
  const world = backupWorld({ sizes: { bigFolderItems: 1000 } });

  it('matches the plans, volumes, folders and files of the showcase device', () => {
    const plans = world.plans(F.nodeId);
    expect(plans.map((p) => [p.uid, p.id, p.name])).toEqual([
      [F.filePlan.uid, F.filePlan.id, 'Server files'],
      [F.imagePlan.uid, F.imagePlan.id, 'System image'],
      [F.deletedPlan.uid, F.deletedPlan.id, 'Old file plan'],
      [F.disabledPlan.uid, F.disabledPlan.id, 'Workstation image (disabled)'],
    ]);
    const [files, image, deleted, disabled] = plans;
    expect(files).toMatchObject({ type: 'FILE_FOLDER', destination: 'HYBRID', enabled: true, deleted: false, backupPermissions: true, allowFileFolderBackupAccess: false });
    expect(image).toMatchObject({ type: 'IMAGE', destination: 'CLOUD', enabled: true });
    expect(deleted).toMatchObject({ type: 'FILE_FOLDER', destination: 'LOCAL', deleted: true });
    expect(disabled).toMatchObject({ type: 'IMAGE', destination: 'LOCAL', enabled: false });
    for (const plan of plans) {
      expect(plan.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Date.parse(plan.lastSuccess ?? '')).toBeLessThanOrEqual(BACKUP_BASE_TIME + DAY_MS);
      expect(plan.storage.volumes).toBe(world.volumes(F.nodeId, plan.uid).length);
    }

    const volumes = world.volumes(F.nodeId, F.filePlan.uid);
    expect(volumes.map((v) => [v.id, v.name, v.label])).toEqual([
      [F.volumeC.id, 'C:', 'System'],
      [F.volumeD.id, 'D:', 'Data'],
    ]);
    expect(volumes[0]).toMatchObject({ fileSystem: 'NTFS', partitionStyle: 'GPT', location: 'Local disk', fileId: null, filePlanId: F.filePlan.uid });
    for (const volume of volumes) {
      expect(volume.id).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/);
      expect(volume.stats.usedBytes).toBeLessThanOrEqual(volume.stats.capacityBytes);
      expect(volume.stats.cloudDeduplicationBytes).toBeLessThanOrEqual(volume.stats.cloudBytes);
    }
    expect(world.volumes(F.nodeId, F.imagePlan.uid)).toEqual([expect.objectContaining({ id: F.imageVolume.id, name: 'C:', fileId: F.imageVolume.fileId, filePlanId: null })]);

    const roots = world.folders(F.nodeId, F.filePlan.uid);
    expect(roots.map((f) => [f.id, f.path, f.volumeId])).toEqual([
      [F.folders.users.id, 'C:\\Users', F.volumeC.id],
      [F.folders.data.id, 'C:\\Data', F.volumeC.id],
      [expect.any(String), 'D:\\Shares', F.volumeD.id],
    ]);
    expect(world.folders(F.nodeId, F.filePlan.uid, F.volumeD.id).map((f) => f.name)).toEqual(['Shares']);

    const data = world.folderContent(F.nodeId, F.filePlan.uid, F.folders.data.id, 0, 250).results;
    for (const fixture of [F.folders.archive, F.folders.broken, F.folders.empty, F.folders.media, F.files.readme, F.files.unreadable, F.files.accounting]) {
      expect(data).toContainEqual(expect.objectContaining({ id: fixture.id, name: fixture.name, path: fixture.path }));
    }
    const media = world.folderContent(F.nodeId, F.filePlan.uid, F.folders.media.id, 0, 250).results;
    expect(media).toContainEqual(expect.objectContaining({ id: F.files.vmDisk.id, path: F.files.vmDisk.path, size: 8 * 1024 ** 3 }));
    for (const id of [...Object.values(F.folders), ...Object.values(F.files)].map((x) => x.id)) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('does not depend on the seed or the sizes', () => {
    const other = backupWorld({ seed: 'another-seed', sizes: { bigFolderItems: 10, revisionsPerFile: 3 } });
    expect(other.plans(1).map((p) => p.uid)).toEqual(world.plans(1).map((p) => p.uid));
    expect(other.folders(1, F.filePlan.uid).map((f) => f.id)).toEqual(world.folders(1, F.filePlan.uid).map((f) => f.id));
    expect(other.file(1, F.filePlan.uid, F.files.accounting.id)?.path).toBe(F.files.accounting.path);
    expect(other.revisionsByPlanNumber(1, F.imagePlan.id, F.imageVolume.fileId, 0, 100).totalElements).toBe(F.imageRevisionCount);
    expect(other.plans(F.device2.nodeId).map((p) => p.uid)).toEqual([
      F.device2.openPlan.uid,
      expect.any(String),
      F.device2.brokenVolumesPlan.uid,
      F.device2.brokenFoldersPlan.uid,
    ]);
  });

  it('has the statuses, sizes and special files the spec showcases', () => {
    const data = world.folderContent(1, F.filePlan.uid, F.folders.data.id, 0, 250).results;
    const byName = new Map(data.map((item) => [item.name, item]));
    expect(byName.get('old-budget.xls')).toMatchObject({ status: 'REMOVED', deleted: true });
    expect(byName.get('lost.docx')).toMatchObject({ status: 'MISSING', deleted: false });
    expect(data.some((item) => item.status === 'DELETED' && item.deleted)).toBe(true);
    expect(world.folderContent(1, F.filePlan.uid, F.folders.empty.id, 0, 250)).toEqual({ results: [], totalElements: 0, totalPages: 0 });
    const media = world.folderContent(1, F.filePlan.uid, F.folders.media.id, 0, 250).results;
    expect(media.find((m) => m.name === 'database.bak')?.size).toBe(4.5 * 1024 ** 3);
    expect(Math.abs((media.find((m) => m.name === 'training.mp4')?.size ?? 0) - 300 * 1024 ** 2)).toBeLessThan(10 * 1024 ** 2);
    const users = walkPlan(world, 1, F.filePlan.uid, F.folders.users.id);
    expect(users.map((u) => u.path)).toContain('C:\\Users\\alex\\Documents\\Q3 report.docx');
    expect(users.map((u) => u.path)).toContain('C:\\Users\\robin');
    const mac = world.plans(3)[0];
    expect(mac?.type).toBe('FILE_FOLDER');
    expect(world.volumes(3, mac?.uid ?? '')).toEqual([expect.objectContaining({ name: 'Macintosh HD', fileSystem: 'APFS' })]);
    expect(world.folders(3, mac?.uid ?? '').map((f) => f.path)).toContain('/Users/design/Projects');
  });

  it('answers 500 for the broken showcase items and 404/400 for unknown or wrong ones', () => {
    expect(statusOf(() => world.plans(F.failingPlansNodeId))).toBe(500);
    expect(statusOf(() => world.folderContent(1, F.filePlan.uid, F.folders.broken.id, 0, 250))).toBe(500);
    expect(statusOf(() => world.fileRevisions(1, F.filePlan.uid, F.files.unreadable.id, 0, 250))).toBe(500);
    expect(statusOf(() => world.volumes(2, F.device2.brokenVolumesPlan.uid))).toBe(500);
    expect(statusOf(() => world.folders(2, F.device2.brokenFoldersPlan.uid))).toBe(500);
    expect(statusOf(() => world.volumes(2, F.device2.brokenFoldersPlan.uid))).toBeUndefined();
    expect(statusOf(() => world.plans(99_999))).toBe(404);
    expect(statusOf(() => world.volumes(1, 'no-such-plan'))).toBe(404);
    expect(statusOf(() => world.folderContent(1, F.filePlan.uid, 'no-such-folder', 0, 250))).toBe(404);
    expect(statusOf(() => world.folderContent(1, F.filePlan.uid, `${F.folders.archive.id}_1000`, 0, 250))).toBe(404);
    expect(statusOf(() => world.folderContent(1, F.filePlan.uid, F.files.readme.id, 0, 250))).toBe(400);
    expect(statusOf(() => world.fileRevisions(1, F.filePlan.uid, F.folders.data.id, 0, 250))).toBe(400);
    expect(statusOf(() => world.folders(1, F.imagePlan.uid))).toBe(400);
  });
});

describe('demo backup data: determinism', () => {
  it('gives equal answers for the same seed and different data for another seed', () => {
    const a = backupWorld();
    const b = backupWorld();
    const c = backupWorld({ seed: 'other-seed' });
    const archivePage = (w: BackupWorld) => w.folderContent(1, F.filePlan.uid, F.folders.archive.id, 17, 250);
    expect(archivePage(a)).toEqual(archivePage(b));
    expect(a.fileRevisions(1, F.filePlan.uid, F.files.accounting.id, 0, 250)).toEqual(b.fileRevisions(1, F.filePlan.uid, F.files.accounting.id, 0, 250));
    expect(a.jobs(1, F.filePlan.uid, 1, 100)).toEqual(b.jobs(1, F.filePlan.uid, 1, 100));
    const generated = (w: BackupWorld) => [10, 11, 12, 40].map((n) => w.plans(n));
    expect(generated(a)).toEqual(generated(b));

    // Same names and ids (structure), different sizes; generated devices differ altogether.
    expect(archivePage(c).results.map((i) => i.id)).toEqual(archivePage(a).results.map((i) => i.id));
    expect(archivePage(c).results.map((i) => i.size)).not.toEqual(archivePage(a).results.map((i) => i.size));
    expect(generated(c)).not.toEqual(generated(a));
  });

  it('gives every generated device 1–3 browsable plans (none without backup) with its own ids', () => {
    const world = backupWorld({ sizes: { bigFolderItems: 10 } });
    const uids = new Set<string>();
    for (const device of world.world.devices().filter((d) => d.id > 5)) {
      const plans = world.plans(device.id);
      if (!device.lockhartEnabled) {
        expect(plans).toEqual([]);
        continue;
      }
      expect(plans.length).toBeGreaterThanOrEqual(1);
      expect(plans.length).toBeLessThanOrEqual(3);
      for (const plan of plans) {
        expect(uids.has(plan.uid)).toBe(false);
        uids.add(plan.uid);
        expect(Math.floor(plan.id / 100)).toBe(device.id);
        if (plan.type === 'IMAGE') {
          const [volume] = world.volumes(device.id, plan.uid);
          expect(world.revisionsByPlanNumber(device.id, plan.id, volume?.fileId ?? '', 0, 100).totalElements).toBeGreaterThan(0);
          continue;
        }
        const separator = device.nodeClass.startsWith('MAC') ? '/' : '\\';
        const items = walkPlan(world, device.id, plan.uid);
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(item.path).toContain(separator);
        const aFile = items.find((i) => i.type === 'FILE');
        if (aFile) expect(world.file(device.id, plan.uid, aFile.id)?.item).toEqual(aFile);
      }
    }
    expect(uids.size).toBeGreaterThan(50);
  });
});

describe('demo backup data: the huge folder', () => {
  const world = backupWorld();
  const plan = F.filePlan.uid;

  it('holds bigFolderItems items, and its last page equals the fully sorted listing', () => {
    const first = world.folderContent(1, plan, F.folders.archive.id, 0, 250);
    expect(first.totalElements).toBe(100_000);
    expect(first.totalPages).toBe(400);

    // Brute force: every name from its index, sorted as the API sorts (folders first, then names).
    const names = Array.from({ length: 100_000 }, (_, i) => {
      const n = String(i).padStart(6, '0');
      if (i % 500 === 0) return { folder: true, name: `batch-${n}` };
      const kind = (['report-#.docx', 'photo-#.jpg', 'notes-#.txt', 'invoice-#.pdf'] as const)[i % 4] as string;
      return { folder: false, name: kind.replace('#', n) };
    }).sort((a, b) => (a.folder === b.folder ? (a.name < b.name ? -1 : 1) : a.folder ? -1 : 1));

    const last = world.folderContent(1, plan, F.folders.archive.id, 399, 250);
    expect(last.results).toHaveLength(250);
    expect(last.results.map((i) => i.name)).toEqual(names.slice(99_750).map((n) => n.name));
    expect(world.folderContent(1, plan, F.folders.archive.id, 400, 250)).toEqual({ results: [], totalElements: 100_000, totalPages: 400 });

    const middle = world.folderContent(1, plan, F.folders.archive.id, 123, 250).results;
    expect(middle.map((i) => i.name)).toEqual(names.slice(123 * 250, 124 * 250).map((n) => n.name));
    expect(first.results.slice(0, 200).every((i) => i.type === 'FOLDER')).toBe(true);
    expect(first.results[200]).toMatchObject({ type: 'FILE', name: 'invoice-000003.pdf', path: 'C:\\Data\\Archive\\invoice-000003.pdf' });
    const ids = new Set([...first.results, ...middle, ...last.results].map((i) => i.id));
    expect(ids.size).toBe(750);
  });

  it('resolves computed ids back to the same items, subfolders included', () => {
    const page = world.folderContent(1, plan, F.folders.archive.id, 250, 250).results;
    const item = page[17] as FolderContentItem;
    expect(world.file(1, plan, item.id)?.item).toEqual(item);
    const batch = world.folderContent(1, plan, F.folders.archive.id, 0, 250).results[3] as FolderContentItem;
    expect(batch).toMatchObject({ type: 'FOLDER', name: 'batch-001500' });
    const scans = world.folderContent(1, plan, batch.id, 0, 250);
    expect(scans.totalElements).toBeGreaterThanOrEqual(2);
    for (const scan of scans.results) {
      expect(scan.path.startsWith('C:\\Data\\Archive\\batch-001500\\')).toBe(true);
      expect(world.file(1, plan, scan.id)?.item).toEqual(scan);
    }
    expect(world.file(1, plan, `${F.folders.archive.id}_100000`)).toBeUndefined();
    expect(world.file(1, plan, `${F.folders.archive.id}_0100`)).toBeUndefined();
  });
});

describe('demo backup data: search', () => {
  const world = backupWorld({ sizes: { bigFolderItems: 1000 } });
  const plan = F.filePlan.uid;
  const everything = walkPlan(world, 1, plan);

  it('matches whole names with * as a wildcard, case-insensitively', () => {
    const txt = allSearchResults(world, plan, '*.txt');
    const expected = everything.filter((i) => i.name.toLowerCase().endsWith('.txt'));
    expect(txt.map((i) => i.id).sort()).toEqual(expected.map((i) => i.id).sort());
    expect(txt.length).toBeGreaterThan(250);
    expect(allSearchResults(world, plan, '*.TXT')).toHaveLength(txt.length);

    expect(allSearchResults(world, plan, 'Accounting*').map((i) => i.name).sort()).toEqual(['Accounting 2026.xlsx', 'Accounting notes.txt']);
    expect(allSearchResults(world, plan, 'count*')).toEqual([]);
    expect(allSearchResults(world, plan, '*count*').map((i) => i.name).sort()).toEqual(['Accounting 2026.xlsx', 'Accounting notes.txt']);
    expect(allSearchResults(world, plan, 'invoice-*3.pdf').every((i) => /^invoice-\d*3\.pdf$/.test(i.name))).toBe(true);
  });

  it('matches many stars against a long name without backtracking into a stall', () => {
    expect(globMatches('*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(20_000))).toBe(false);
    expect(globMatches('*a*a*a*a*a*a*a*a*a*a*b', `${'a'.repeat(20_000)}b`)).toBe(true);
    expect(globMatches('a*', 'a')).toBe(true);
    expect(globMatches('*', '')).toBe(true);
    expect(globMatches('a*c', 'ab')).toBe(false);
    expect(globMatches('a*b*c', 'axxbyyc')).toBe(true);
    expect(globMatches('a.c', 'abc')).toBe(false);
  });

  it('matches substrings without *, with full paths, root folders included', () => {
    const hits = allSearchResults(world, plan, 'invoice-00012');
    expect(hits.map((h) => h.path)).toEqual(['C:\\Data\\Archive\\invoice-000123.pdf', 'C:\\Data\\Archive\\invoice-000127.pdf']);
    expect(allSearchResults(world, plan, 'ACCOUNTING').map((i) => i.name).sort()).toEqual(['Accounting 2026.xlsx', 'Accounting notes.txt']);
    expect(allSearchResults(world, plan, 'users')).toContainEqual(expect.objectContaining({ id: F.folders.users.id, type: 'FOLDER', path: 'C:\\Users' }));
    // '.' and '?' are literal characters, not pattern syntax.
    expect(allSearchResults(world, plan, 'readme?txt')).toEqual([]);
    expect(allSearchResults(world, plan, 'readme.txt')).toEqual([expect.objectContaining({ id: F.files.readme.id })]);
  });

  it('restricts to a folder recursively, and refuses terms under 3 characters', () => {
    const docx = allSearchResults(world, plan, '*.docx', F.folders.users.id);
    expect(docx.map((i) => i.path)).toContain('C:\\Users\\alex\\Documents\\Q3 report.docx');
    expect(docx.every((i) => i.path.startsWith('C:\\Users\\'))).toBe(true);
    expect(allSearchResults(world, plan, '*.docx').length).toBeGreaterThan(docx.length);
    expect(statusOf(() => world.search(1, plan, 'ab', 0, 250))).toBe(400);
    expect(statusOf(() => world.search(1, plan, '  ab  ', 0, 250))).toBe(400);
    expect(statusOf(() => world.search(1, plan, 'abc', 0, 250, F.folders.broken.id))).toBe(500);
  });

  it('nameMatcher anchors wildcard terms and not substring terms', () => {
    expect(nameMatcher('*.txt')('notes.txt.bak')).toBe(false);
    expect(nameMatcher('.txt')('notes.txt.bak')).toBe(true);
    expect(nameMatcher('a*c')('ABC')).toBe(true);
    expect(nameMatcher('a*c')('xabc')).toBe(false);
  });
});

describe('demo backup data: revisions and jobs', () => {
  const world = backupWorld({ sizes: { bigFolderItems: 1000 } });
  const plan = F.filePlan.uid;

  function expectBldPattern(revisions: Revision[], fullType: 'FULL' | 'NON_BLD') {
    const chronological = [...revisions].reverse();
    chronological.forEach((revision, c) => expect(revision.bldType).toBe(c % 7 === 0 ? fullType : 'DELTA'));
    for (let k = 1; k < revisions.length; k++) {
      expect(Date.parse((revisions[k - 1] as Revision).jobCreated) - Date.parse((revisions[k] as Revision).jobCreated)).toBe(DAY_MS);
    }
  }

  it('gives files revisionsPerFile revisions, newest first: full first, then deltas, a full one every 7', () => {
    const accounting = world.fileRevisions(1, plan, F.files.accounting.id, 0, 250);
    expect(accounting.totalElements).toBe(12);
    expectBldPattern(accounting.results, 'FULL');
    expect(accounting.results.filter((r) => r.bldType === 'FULL')).toHaveLength(2);
    for (const revision of accounting.results) {
      expect(revision).toMatchObject({ planId: plan, type: 'FILE', file: F.files.accounting.id, onNas: true });
      expect(Date.parse(revision.modified)).toBeLessThan(Date.parse(revision.jobCreated));
      expect(Date.parse(revision.jobCompleted ?? '')).toBeGreaterThan(Date.parse(revision.jobCreated));
      expect(new Date(revision.jobCreated).getUTCHours()).toBe(2);
    }
    const readme = world.fileRevisions(1, plan, F.files.readme.id, 0, 250);
    expect(readme.totalElements).toBe(1);
    expect(readme.results[0]?.bldType).toBe('NON_BLD');
    expectBldPattern(world.fileRevisions(1, plan, F.files.vmDisk.id, 0, 250).results, 'FULL');
    expect(world.fileRevisions(1, plan, F.files.accounting.id, 2, 5)).toMatchObject({ totalElements: 12, totalPages: 3, results: accounting.results.slice(10) });

    const fewer = backupWorld({ sizes: { revisionsPerFile: 3 } });
    expect(fewer.fileRevisions(1, plan, F.files.accounting.id, 0, 250).totalElements).toBe(3);
  });

  it('gives image volumes revisions by numeric plan id, and filters file revisions by cloud state', () => {
    const image = world.revisionsByPlanNumber(1, F.imagePlan.id, F.imageVolume.fileId, 0, 250);
    expect(image.totalElements).toBe(F.imageRevisionCount);
    expect(image.totalElements).toBeGreaterThanOrEqual(10);
    expectBldPattern(image.results, 'FULL');
    expect(image.results.every((r) => r.type === 'IMAGE' && r.file === F.imageVolume.fileId && r.onS3)).toBe(true);
    const disabledVolume = world.volumes(1, F.disabledPlan.uid)[0];
    expect(world.revisionsByPlanNumber(1, F.disabledPlan.id, disabledVolume?.fileId ?? '', 0, 250).totalElements).toBe(2);
    expect(world.revisionsByPlanNumber(1, F.filePlan.id, F.files.accounting.id, 0, 250).totalElements).toBe(12);

    // Hybrid: the two newest completed jobs are not yet upsynced.
    const onCloud = world.fileRevisions(1, plan, F.files.accounting.id, 0, 100, { onS3: true });
    expect(onCloud.totalElements).toBe(10);
    expect(onCloud.results.every((r) => r.onS3)).toBe(true);
    expect(world.fileRevisions(1, plan, F.files.accounting.id, 0, 100, { onS3: false }).totalElements).toBe(2);
  });

  it('gives every plan jobsPerPlan nightly jobs from the base date, the newest incomplete', () => {
    const jobs = world.jobs(1, plan, 0, 100);
    expect(jobs.totalElements).toBe(240);
    expect(jobs.totalPages).toBe(3);
    expect(jobs.results[0]?.created).toBe('2026-11-20T02:00:00.000Z');
    expect(jobs.results[99]?.created).toBe(new Date(BACKUP_BASE_TIME - 99 * DAY_MS).toISOString());
    expect(jobs.results.slice(0, 2).every((j) => j.completed === null)).toBe(true);
    expect(jobs.results.slice(2).every((j) => j.completed !== null && Date.parse(j.completed) > Date.parse(j.created))).toBe(true);
    expect(new Set(jobs.results.map((j) => j.id)).size).toBe(100);
    expect(world.plans(1)[0]?.lastSuccess).toBe(jobs.results[2]?.completed);
    const cloud = world.jobs(1, plan, 0, 1000, { onCloud: true });
    expect(cloud.totalElements).toBe(236);
    expect(cloud.results.every((j) => j.onCloud && j.upsyncedData && j.completed !== null)).toBe(true);
    expect(world.jobs(1, F.imagePlan.uid, 0, 1).totalElements).toBe(240);
    expect(backupWorld({ sizes: { jobsPerPlan: 7 } }).jobs(1, plan, 0, 100).totalElements).toBe(7);
  });

  it('looks a file up by id with its path, size and revisions', () => {
    const found = world.file(1, plan, F.files.vmDisk.id);
    expect(found).toMatchObject({ path: F.files.vmDisk.path, size: 8 * 1024 ** 3, item: { name: 'vm-disk.vhdx', type: 'FILE' } });
    expect(found?.revisions).toHaveLength(12);
    expect(world.file(1, plan, 'nope')).toBeUndefined();
    expect(world.file(1, plan, F.folders.data.id)).toBeUndefined();
    expect(world.file(1, 'nope', F.files.vmDisk.id)).toBeUndefined();
    const revision = found?.revisions[3];
    expect(world.fileRevision(1, plan, revision?.id ?? '')?.revision).toEqual(revision);
    expect(world.file(1, plan, F.files.unreadable.id)?.unreadable).toBe(true);
  });
});

describe('demo backup data: mounted images', () => {
  const world = backupWorld({ sizes: { bigFolderItems: 10 } });
  const revisionId = world.revisionsByPlanNumber(1, F.imagePlan.id, F.imageVolume.fileId, 0, 250).results[5]?.id ?? '';

  it('mounts the same tree for every revision, paged by item offset', () => {
    const root = world.mountedContent(1, F.imagePlan.uid, revisionId, '/', 0, 250);
    expect(root.results.map((i) => [i.name, i.type])).toEqual([
      ['Corrupt', 'FOLDER'],
      ['Program Files', 'FOLDER'],
      ['Users', 'FOLDER'],
      ['Windows', 'FOLDER'],
      ['pagefile.sys', 'FILE'],
    ]);
    const system32 = world.mountedContent(1, F.imagePlan.uid, revisionId, '/Windows/System32', 0, 250);
    expect(system32.results.filter((i) => i.type === 'FILE').length).toBeGreaterThanOrEqual(38);
    const slice = world.mountedContent(1, F.imagePlan.uid, revisionId, '\\windows\\system32\\', 20, 10);
    expect(slice.results).toEqual(system32.results.slice(20, 30));
    expect(slice.totalPages).toBe(Math.ceil(system32.totalElements / 10));
    const docs = world.mountedContent(1, F.imagePlan.uid, revisionId, '/Users/Public/Documents', 0, 250).results;
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((d) => d.type === 'FILE' && d.name.endsWith('.txt'))).toBe(true);
    expect(statusOf(() => world.mountedContent(1, F.imagePlan.uid, revisionId, F.corruptMountedFolder, 0, 250))).toBe(500);
    expect(statusOf(() => world.mountedContent(1, F.imagePlan.uid, revisionId, '/Nowhere', 0, 250))).toBe(404);
    expect(statusOf(() => world.mountedContent(1, F.imagePlan.uid, `${F.imageVolume.fileId}_r${F.imageRevisionCount}`, '/', 0, 250))).toBe(404);
    expect(statusOf(() => world.mountedContent(1, F.imagePlan.uid, revisionId, '/pagefile.sys', 0, 250))).toBe(400);
  });
});
