import { describe, expect, it } from 'vitest';
import { marketingRestoreSpec, statusOf } from '../helpers/demo-data';
import { defaultDemoConfig, mergeDemoConfig, type DemoConfigOverrides } from '../../src/demo-server/config';
import { BackupWorld, DEMO_FIXTURES as F } from '../../src/demo-server/data/backup';
import {
  DeviceFileSystem,
  deviceFileSystem,
  FOLDER_EXISTS_MESSAGE,
  isValidFolderName,
  parseDevicePath,
  sameName,
} from '../../src/demo-server/data/restore/directories';
import {
  planRestoreJob,
  PREPARING_SHARE,
  progressAt,
  RestoreJobStore,
  restoreJobUid,
  CancelConflict,
  FAILURE_REASONS,
  type RestoreJobPlan,
  type RestoreJobSpec,
  type ResolvedRestoreSource,
} from '../../src/demo-server/data/restore/jobs';
import { DemoWorld } from '../../src/demo-server/data/world';

function demoWorld(overrides: DemoConfigOverrides = {}): DemoWorld {
  return new DemoWorld(mergeDemoConfig(defaultDemoConfig(), overrides));
}

const spec = (overrides: Partial<RestoreJobSpec> = {}): RestoreJobSpec => ({ ...marketingRestoreSpec({ collisionHandling: 'OVERWRITE' }), ...overrides });

describe('restore job progress (pure)', () => {
  const base: RestoreJobPlan = { totalFiles: 40, totalBytes: 4_000_000, outcome: 'COMPLETED', skippedFiles: 0, failAt: 1, failureReason: '', durationMs: 10_000 };

  it('prepares first: totals unknown (0), nothing processed', () => {
    for (const elapsed of [0, 500, PREPARING_SHARE * 10_000 - 1]) {
      expect(progressAt(base, elapsed)).toEqual({ status: 'PROCESSING', jobFilesProcessed: 0, jobTotalFiles: 0, jobProcessedBytes: 0, jobTotalBytes: 0, percentage: 0 });
    }
  });

  it('then grows files, bytes and percentage monotonically, under 100 until the end', () => {
    let last = progressAt(base, 1_500);
    for (let elapsed = 1_600; elapsed < 10_000; elapsed += 100) {
      const now = progressAt(base, elapsed);
      expect(now.status).toBe('PROCESSING');
      expect(now.jobTotalFiles).toBe(40);
      expect(now.jobTotalBytes).toBe(4_000_000);
      expect(now.jobFilesProcessed).toBeGreaterThanOrEqual(last.jobFilesProcessed);
      expect(now.jobProcessedBytes).toBeGreaterThanOrEqual(last.jobProcessedBytes);
      expect(now.percentage).toBeGreaterThanOrEqual(last.percentage);
      expect(now.percentage).toBeLessThanOrEqual(99);
      last = now;
    }
    expect(progressAt(base, 5_800)).toMatchObject({ jobFilesProcessed: 20, percentage: 50 });
  });

  it('completes with processed == total, or fewer files for warnings', () => {
    expect(progressAt(base, 10_000)).toEqual({ status: 'COMPLETED', jobFilesProcessed: 40, jobTotalFiles: 40, jobProcessedBytes: 4_000_000, jobTotalBytes: 4_000_000, percentage: 100 });
    const warned = progressAt({ ...base, outcome: 'WARNINGS', skippedFiles: 3 }, 60_000);
    expect(warned).toMatchObject({ status: 'COMPLETED', jobFilesProcessed: 37, jobTotalFiles: 40, percentage: 100 });
    expect(warned.jobProcessedBytes).toBeLessThan(warned.jobTotalBytes);
  });

  it('fails part way and stays failed with what it had processed', () => {
    const failing = { ...base, outcome: 'FAILED' as const, failAt: 0.5 };
    expect(progressAt(failing, 5_000).status).toBe('PROCESSING');
    const failed = progressAt(failing, 6_000);
    expect(failed).toEqual({ status: 'FAILED', jobFilesProcessed: 20, jobTotalFiles: 40, jobProcessedBytes: 2_000_000, jobTotalBytes: 4_000_000, percentage: 50 });
    expect(progressAt(failing, 1e9)).toEqual(failed);
  });

  it('plans outcomes from the seed and the spec; markers override', () => {
    const totals = { files: 12, bytes: 1_000_000 };
    const plain = planRestoreJob('seed', spec(), totals, 20);
    expect(planRestoreJob('seed', spec(), totals, 20)).toEqual(plain);
    expect(plain.durationMs).toBe(20_000);
    expect(planRestoreJob('seed', spec({ destinationPath: 'C:\\FAIL-JOB' }), totals, 2)).toMatchObject({ outcome: 'FAILED', durationMs: 2_000, failureReason: FAILURE_REASONS[0] });
    expect(plain.failureReason === '').toBe(plain.outcome !== 'FAILED');
    const failAt = planRestoreJob('seed', spec({ destinationPath: 'C:\\FAIL-JOB' }), totals, 2).failAt;
    expect(failAt).toBeGreaterThan(0);
    expect(failAt).toBeLessThan(1);
    const warned = planRestoreJob('seed', spec({ destinationPath: 'C:\\WARN-JOB' }), totals, 2);
    expect(warned.outcome).toBe('WARNINGS');
    expect(warned.skippedFiles).toBeGreaterThanOrEqual(1);
    expect(warned.skippedFiles).toBeLessThan(12);
    // One file cannot complete "with warnings".
    expect(planRestoreJob('seed', spec({ destinationPath: 'C:\\WARN-JOB' }), { files: 1, bytes: 10 }, 2).outcome).toBe('COMPLETED');
    expect(planRestoreJob('seed', spec({ destinationPath: 'C:\\SLOW-JOB' }), totals, 2).durationMs).toBe(20_000);
    // HOLD-JOB stays preparing however long it runs (until canceled).
    const held = planRestoreJob('seed', spec({ destinationPath: 'C:\\HOLD-JOB' }), totals, 2);
    expect(progressAt(held, 10 * 60_000)).toEqual({ status: 'PROCESSING', jobFilesProcessed: 0, jobTotalFiles: 0, jobProcessedBytes: 0, jobTotalBytes: 0, percentage: 0 });
    expect(planRestoreJob('seed', spec({ destinationPath: 'C:\\Restores' }), totals, 2).holdsPreparing).toBeUndefined();
  });

  it('mixes outcomes over many specs: mostly completed, some warnings, some failures', () => {
    const outcomes = { COMPLETED: 0, WARNINGS: 0, FAILED: 0 };
    for (let i = 0; i < 400; i++) outcomes[planRestoreJob('seed', spec({ destinationPath: `C:\\Restore ${i}` }), { files: 5, bytes: 500 }, 20).outcome] += 1;
    expect(outcomes.COMPLETED).toBeGreaterThan(240);
    expect(outcomes.WARNINGS).toBeGreaterThan(20);
    expect(outcomes.FAILED).toBeGreaterThan(20);
  });

  it('gives job uids shaped like UUIDs, stable for the same seed, sequence and spec', () => {
    const uid = restoreJobUid('seed', 1, spec());
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-b[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(restoreJobUid('seed', 1, spec())).toBe(uid);
    expect(restoreJobUid('seed', 2, spec())).not.toBe(uid);
  });
});

describe('restore job store', () => {
  const source: ResolvedRestoreSource = { type: 'FOLDER', name: 'Marketing', targetName: 'File Server (NT-SRV-001)', sourcePlanName: 'Server files', files: 3, bytes: 3_000_000 };

  function store(clock: { now: number }, seconds = 10) {
    return new RestoreJobStore(
      () => 'seed',
      () => seconds,
      () => clock.now,
    );
  }

  it('progresses with the clock, cancels a running job (keeping progress) and refuses ended ones', () => {
    const clock = { now: Date.parse('2026-11-20T10:00:00Z') };
    const jobs = store(clock);
    const [created] = jobs.create([{ spec: spec({ destinationPath: 'C:\\Restores\\SLOW-JOB' }), source }]);
    expect(created).toMatchObject({ actionType: 'RESTORE', type: 'FOLDER', file: 'Marketing', status: 'PROCESSING', percentage: 0, jobTotalFiles: 0, createTime: '2026-11-20T10:00:00.000Z', nodeId: 1, sourceNodeId: 1, ignored: false });
    clock.now += 50_000;
    const running = jobs.get(created!.jobUID);
    expect(running?.jobTotalFiles).toBe(3);
    expect(running?.percentage).toBeGreaterThan(0);
    const canceled = jobs.cancel(created!.jobUID);
    expect(canceled).toMatchObject({ status: 'CANCELED', percentage: running?.percentage, jobProcessedBytes: running?.jobProcessedBytes });
    clock.now += 1e6;
    expect(jobs.get(created!.jobUID)).toEqual(canceled);
    expect(() => jobs.cancel(created!.jobUID)).toThrow(CancelConflict);
    expect(jobs.cancel('unknown')).toBeUndefined();

    const [quick] = jobs.create([{ spec: spec(), source }]);
    clock.now += 10_000;
    expect(jobs.get(quick!.jobUID)?.status).not.toBe('PROCESSING');
    expect(() => jobs.cancel(quick!.jobUID)).toThrow(CancelConflict);
  });

  it('lists a device\'s jobs newest first (as target or source) and hides cleared ones', () => {
    const clock = { now: 1_000_000 };
    const jobs = store(clock);
    const [a] = jobs.create([{ spec: spec(), source }]);
    clock.now += 1;
    const [b] = jobs.create([{ spec: spec({ nodeId: 2, destinationPath: 'C:\\x' }), source }]);
    clock.now += 1;
    const [c] = jobs.create([{ spec: spec({ nodeId: 3, sourceNodeId: 3, destinationPath: '/x' }), source }]);
    expect(jobs.forDevice(1).map((j) => j.jobUID)).toEqual([b!.jobUID, a!.jobUID]);
    expect(jobs.forDevice(2).map((j) => j.jobUID)).toEqual([b!.jobUID]);
    expect(jobs.forDevice(3).map((j) => j.jobUID)).toEqual([c!.jobUID]);
    expect(jobs.clear(b!.jobUID)?.ignored).toBe(true);
    expect(jobs.forDevice(1).map((j) => j.jobUID)).toEqual([a!.jobUID]);
    expect(jobs.get(b!.jobUID)?.ignored).toBe(true);
    expect(jobs.counts()).toMatchObject({ total: 3, PROCESSING: 3, ignored: 1 });
  });

  it('names the target device, says why a job failed once it has, and keeps the specifications received', () => {
    const clock = { now: 1_000_000 };
    const jobs = store(clock, 1);
    const failing = spec({ destinationPath: 'C:\\FAIL-JOB', collisionHandling: 'SKIP' });
    const [job] = jobs.create([{ spec: failing, source }]);
    expect(job).toMatchObject({ nodeName: 'File Server (NT-SRV-001)' });
    expect(job).not.toHaveProperty('failureReason');
    clock.now += 10_000;
    expect(jobs.get(job!.jobUID)).toMatchObject({ status: 'FAILED', failureReason: FAILURE_REASONS[0] });
    expect(jobs.recentSpecs().at(-1)).toEqual(failing);
  });
});

describe('demo world layout', () => {
  it('interleaves organizations by default; blocks put consecutive devices in one organization', () => {
    const interleaved = demoWorld({ sizes: { devices: 16, organizations: 4 } });
    expect(interleaved.devices().map((d) => d.clientId)).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
    const blocks = demoWorld({ organizationLayout: 'blocks', sizes: { devices: 16, organizations: 4 } });
    expect(blocks.devices().map((d) => d.clientId)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]);
  });
});

describe('backup file entries', () => {
  it("carry backupPermissions: the plan's on Windows volumes, none on a Mac's", () => {
    const backup = new BackupWorld(mergeDemoConfig(defaultDemoConfig(), { sizes: { bigFolderItems: 100 } }), demoWorld({ sizes: { bigFolderItems: 100 } }));
    const windows = backup.folders(1, F.filePlan.uid);
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((f) => f.backupPermissions === true)).toBe(true);
    const macPlan = backup.plans(3).find((p) => p.type === 'FILE_FOLDER')!;
    expect(macPlan.backupPermissions).toBe(true);
    const mac = backup.folders(3, macPlan.uid);
    expect(mac.every((f) => f.backupPermissions === false)).toBe(true);
    const content = backup.folderContent(3, macPlan.uid, mac[0]!.id, 0, 10);
    expect(content.results.every((item) => item.backupPermissions === false)).toBe(true);
  });
});

describe('device file systems', () => {
  it('checks new folder names per platform', () => {
    for (const bad of ['a<b', 'a>b', 'a:b', 'a"b', 'a/b', 'a\\b', 'a|b', 'a?b', 'a*b', 'tab\there', 'CON', 'con.txt', 'Lpt1', 'nul', 'dot.', 'space ', ' ', '', 'x'.repeat(256)]) {
      expect(isValidFolderName(bad, 'windows'), bad).toBe(false);
    }
    for (const good of ['Restored', '.hidden', 'console', 'a.b', 'Projects 2026', 'naïve']) expect(isValidFolderName(good, 'windows'), good).toBe(true);
    for (const bad of ['a/b', 'a:b', '.hidden', '', 'nul\0byte']) expect(isValidFolderName(bad, 'mac'), bad).toBe(false);
    for (const good of ['CON', 'a<b>', 'trailing.', 'a|b', 'Restored']) expect(isValidFolderName(good, 'mac'), good).toBe(true);
  });

  it('parses paths: Windows drives and either separator, Mac absolute paths; refuses .. and relative paths', () => {
    expect(parseDevicePath('', 'windows')).toEqual({ kind: 'root' });
    expect(parseDevicePath('/', 'windows')).toEqual({ kind: 'root' });
    expect(parseDevicePath('c:/users\\Alex\\', 'windows')).toEqual({ kind: 'path', drive: 'C:', segments: ['users', 'Alex'] });
    expect(parseDevicePath('D:', 'windows')).toEqual({ kind: 'path', drive: 'D:', segments: [] });
    expect(parseDevicePath('/', 'mac')).toEqual({ kind: 'root' });
    expect(parseDevicePath('/Users//design/', 'mac')).toEqual({ kind: 'path', drive: null, segments: ['Users', 'design'] });
    for (const [path, platform] of [['Users', 'windows'], ['C:\\..\\x', 'windows'], ['Users', 'mac'], ['/a/../b', 'mac'], ['C:\\a\u0001', 'windows']] as const) {
      expect(statusOf(() => parseDevicePath(path, platform)), path).toBe(400);
    }
    expect(sameName('Users', 'USERS', 'windows')).toBe(true);
    expect(sameName('Users', 'USERS', 'mac')).toBe(false);
  });

  it('lists drives, folders before files by name, case-insensitively on Windows', () => {
    const world = demoWorld();
    const fs = deviceFileSystem(world, world.config, 1);
    expect(fs.list('', 0, 1000)).toEqual({
      results: [
        { name: 'C:', path: 'C:\\', type: 'FOLDER' },
        { name: 'D:', path: 'D:\\', type: 'FOLDER' },
      ],
      totalElements: 2,
      totalPages: 1,
    });
    const data = fs.list('c:\\DATA', 0, 1000);
    expect(data.results.map((e) => [e.name, e.type])).toEqual([
      ['Exports', 'FOLDER'],
      ['Media', 'FOLDER'],
      ['Restores', 'FOLDER'],
      ['Thousand', 'FOLDER'],
      ['Accounting 2026.xlsx', 'FILE'],
      ['readme.txt', 'FILE'],
    ]);
    expect(data.results[0]?.path).toBe('C:\\Data\\Exports');
    expect(fs.list(F.directories.users, 0, 1000).results.map((e) => e.name)).toEqual(['alex', 'Public', 'robin']);
  });

  it('pages the big folders: exactly 1000 and 2500 files', () => {
    const world = demoWorld();
    const fs = deviceFileSystem(world, world.config, 1);
    const thousand = fs.list(F.directories.thousand, 0, 1000);
    expect(thousand).toMatchObject({ totalElements: 1000, totalPages: 1 });
    expect(thousand.results).toHaveLength(1000);
    expect(thousand.results[0]).toEqual({ name: 'item-0001.txt', path: 'C:\\Data\\Thousand\\item-0001.txt', type: 'FILE' });
    expect(fs.list(F.directories.thousand, 1, 1000).results).toEqual([]);
    const exports = [0, 1, 2].map((page) => fs.list(F.directories.exports, page, 1000));
    expect(exports.map((p) => p.results.length)).toEqual([1000, 1000, 500]);
    expect(exports[0]).toMatchObject({ totalElements: 2500, totalPages: 3 });
    expect(exports[2]?.results.at(-1)?.name).toBe('export-2500.csv');
    const names = exports.flatMap((p) => p.results.map((e) => e.name));
    expect(new Set(names).size).toBe(2500);
    expect([...names].sort()).toEqual(names);
  });

  it('refuses a locked folder (403), unknown paths (404), files (400) and offline devices (503)', () => {
    const world = demoWorld();
    const fs = deviceFileSystem(world, world.config, 1);
    expect(statusOf(() => fs.list(F.directories.locked, 0, 10))).toBe(403);
    expect(statusOf(() => fs.list(`${F.directories.locked}\\inner`, 0, 10))).toBe(403);
    expect(statusOf(() => fs.list('C:\\Nowhere', 0, 10))).toBe(404);
    expect(statusOf(() => fs.list('E:\\', 0, 10))).toBe(404);
    expect(statusOf(() => fs.list('C:\\Data\\readme.txt', 0, 10))).toBe(400);
    expect(statusOf(() => deviceFileSystem(world, world.config, F.directories.offlineNodeId))).toBe(503);
    expect(statusOf(() => deviceFileSystem(world, world.config, 9999))).toBe(404);
  });

  it('is case-sensitive on a Mac and lists / children at the root', () => {
    const world = demoWorld();
    const mac = deviceFileSystem(world, world.config, F.directories.mac.nodeId);
    expect(mac.list('/', 0, 1000).results.map((e) => e.path)).toEqual(['/Applications', '/Library', '/System', '/Users']);
    expect(mac.list(F.directories.mac.home, 0, 1000).results.map((e) => e.name)).toContain('Projects');
    expect(statusOf(() => mac.list('/users', 0, 10))).toBe(404);
  });

  it('creates folders that then appear, refuses invalid and taken names', () => {
    const world = demoWorld();
    const fs = deviceFileSystem(world, world.config, 1);
    expect(fs.createFolder('c:\\data\\restores', 'Invoices 2026')).toEqual({ created: true, path: 'C:\\Data\\Restores\\Invoices 2026' });
    expect(fs.list(F.directories.restores, 0, 100).results).toEqual([{ name: 'Invoices 2026', path: 'C:\\Data\\Restores\\Invoices 2026', type: 'FOLDER' }]);
    expect(fs.createFolder(F.directories.restores, 'INVOICES 2026')).toEqual({ created: false, message: FOLDER_EXISTS_MESSAGE });
    expect(fs.createFolder(F.directories.data, 'readme.txt')).toEqual({ created: false, message: FOLDER_EXISTS_MESSAGE });
    expect(fs.createFolder(F.directories.restores, 'CON')).toEqual({ created: false, message: 'Invalid' });
    expect(fs.createFolder(F.directories.restores, '')).toEqual({ created: false, message: 'Required' });
    // A created folder sorts among the folders of a big folder, before its files.
    expect(fs.createFolder(F.directories.exports, 'zz-new')).toMatchObject({ created: true });
    const first = fs.list(F.directories.exports, 0, 1000);
    expect(first.totalElements).toBe(2501);
    expect(first.results[0]?.name).toBe('zz-new');
    expect(statusOf(() => fs.createFolder('', 'x'))).toBe(400);
    expect(statusOf(() => fs.createFolder(F.directories.locked, 'x'))).toBe(403);
    // Another world (server) starts fresh.
    const other = new DeviceFileSystem(world.device(1)!, world.config.seed);
    expect(other.list(F.directories.restores, 0, 100).totalElements).toBe(0);

    const mac = deviceFileSystem(world, world.config, 3);
    expect(mac.createFolder('/Users/design', '.config')).toEqual({ created: false, message: 'Invalid' });
    expect(mac.createFolder('/Users/design', 'projects')).toEqual({ created: true, path: '/Users/design/projects' });
  });

  it('is deterministic from the seed', () => {
    const listing = (seed: string) => {
      const world = demoWorld({ seed });
      return deviceFileSystem(world, world.config, 7).list('C:\\Users', 0, 1000);
    };
    expect(listing('a')).toEqual(listing('a'));
  });
});

describe('backup deletions (overlay)', () => {
  function backupWorld(overrides: DemoConfigOverrides = {}): BackupWorld {
    const world = demoWorld(overrides);
    return new BackupWorld(world.config, world);
  }

  it('hides deleted files and folders from content, search, lookups and revisions', () => {
    const world = backupWorld({ sizes: { bigFolderItems: 1000 } });
    const { plan, file, folder, folderFile } = F.deletion;
    const shares = world.folders(1, plan.uid).find((f) => f.path === 'D:\\Shares')!;
    expect(world.folderContent(1, plan.uid, shares.id, 0, 100).results.map((i) => i.name)).toEqual(['HR', 'Marketing', 'shared-calendar.ics']);
    world.prepareItemDeletion(1, plan.uid, [file.id], [folder.id])();
    expect(world.folderContent(1, plan.uid, shares.id, 0, 100).results.map((i) => i.name)).toEqual(['Marketing']);
    expect(world.search(1, plan.uid, 'shared-calendar', 0, 100).totalElements).toBe(0);
    expect(world.search(1, plan.uid, 'Handbook', 0, 100).totalElements).toBe(0);
    expect(world.file(1, plan.uid, folderFile.id)).toBeUndefined();
    expect(statusOf(() => world.fileRevisions(1, plan.uid, file.id, 0, 10))).toBe(404);
    expect(statusOf(() => world.folderContent(1, plan.uid, folder.id, 0, 10))).toBe(404);
    expect(statusOf(() => world.prepareItemDeletion(1, plan.uid, [file.id], []))).toBe(404);
    expect(statusOf(() => world.prepareItemDeletion(1, plan.uid, [F.folders.empty.id], []))).toBe(400);
    expect(statusOf(() => world.prepareItemDeletion(1, F.imagePlan.uid, [], [F.folders.empty.id]))).toBe(400);
  });

  it('keeps the huge folder O(page) with items deleted in it', () => {
    const world = backupWorld({ sizes: { bigFolderItems: 1000 } });
    const uid = F.filePlan.uid;
    const before = world.folderContent(1, uid, F.folders.archive.id, 0, 1000).results;
    const victims = [before[0]!, before[5]!, before[999]!];
    world.prepareItemDeletion(1, uid, victims.filter((v) => v.type === 'FILE').map((v) => v.id), victims.filter((v) => v.type === 'FOLDER').map((v) => v.id))();
    const after = world.folderContent(1, uid, F.folders.archive.id, 0, 1000);
    expect(after.totalElements).toBe(997);
    expect(after.results.map((i) => i.id)).toEqual(before.filter((i) => !victims.includes(i)).map((i) => i.id));
    const tail = world.folderContent(1, uid, F.folders.archive.id, 99, 10);
    expect(tail.results.map((i) => i.id)).toEqual(after.results.slice(990).map((i) => i.id));
    // The scans of a deleted batch folder are gone with it.
    expect(world.file(1, uid, `${victims[0]!.id}_0`)).toBeUndefined();
  });

  it('deletes whole plans', () => {
    const world = backupWorld();
    const commit = world.preparePlanDeletion(1, [F.deletion.wholePlan.uid]);
    expect(world.plans(1).map((p) => p.uid)).toContain(F.deletion.wholePlan.uid);
    commit();
    expect(world.plans(1).map((p) => p.uid)).not.toContain(F.deletion.wholePlan.uid);
    expect(statusOf(() => world.volumes(1, F.deletion.wholePlan.uid))).toBe(404);
    expect(statusOf(() => world.preparePlanDeletion(1, [F.deletion.wholePlan.uid]))).toBe(404);
  });
});

describe('backup items by path (restore sources)', () => {
  it('finds items case-insensitively on Windows plans, exactly on Mac plans, odd names included', () => {
    const world = demoWorld({ sizes: { bigFolderItems: 1000 } });
    const backup = new BackupWorld(world.config, world);
    const plan = backup.planData(1, F.filePlan.uid);
    expect(plan.nodeByPath('d:/shares/marketing/BROCHURE 2026.PDF')?.id).toBe(F.restore.file.id);
    expect(plan.nodeByPath('D:\\Shares\\Marketing\\')?.id).toBe(F.restore.folder.id);
    expect(plan.nodeByPath('C:\\Data\\Archive\\report-000004.docx')?.name).toBe('report-000004.docx');
    expect(plan.nodeByPath('C:\\Data\\Archive\\batch-000500\\scan-000500-1.pdf')?.name).toBe('scan-000500-1.pdf');
    expect(plan.nodeByPath('C:\\Data\\Archive\\report-999999.docx')).toBeUndefined();
    expect(plan.nodeByPath('C:\\Nope')).toBeUndefined();
    const odd = backup.planData(3, F.oddNames.plan.uid);
    for (const item of F.oddNames.files) expect(odd.nodeByPath(item.path)?.id, item.name).toBe(item.id);
    expect(odd.nodeByPath('/users/design/Odd names/CON')).toBeUndefined();
  });
});
