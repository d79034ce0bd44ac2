/** Demo backup data: fixtures: the showcase ids, for tests and demos (valid for every seed and size). */
import { BACKUP_BASE_TIME, DAY_MS, SHOWCASE_IMAGE_REVISIONS, SHOWCASE_SCOPE, iso, itemIdFor, joinPath, planNumericId, planUidFor, volumeFileIdFor, volumeGuidFor } from './ids';
import { DEVICE2_BROKEN_FOLDERS_PLAN, DEVICE2_BROKEN_VOLUMES_PLAN, DEVICE2_DOCUMENTS_PLAN, DEVICE2_IMAGE_PLAN, FAILING_PLANS_NODE, FILE_SERVER_PLAN, HANDOFF_ROOT, ODD_FILE_NAMES, ODD_NAMES_PLAN, ODD_NAMES_ROOT, OLD_FILE_PLAN, SYSTEM_IMAGE_PLAN, WORKSTATION_IMAGE_PLAN, oddNameIdKey } from './showcase';

function fixturePlan<N extends string>(nodeId: number, key: string, ordinal: number, name: N) {
  return { uid: planUidFor(SHOWCASE_SCOPE, nodeId, key), id: planNumericId(nodeId, ordinal), name };
}

function fixtureItem<N extends string, P extends string>(name: N, path: P) {
  return { id: itemIdFor(SHOWCASE_SCOPE, 1, FILE_SERVER_PLAN, path), name, path };
}

/** The id of the nightly job `daysBack` nights before the base time. */
function fixtureJobId(planUid: string, daysBack: number): string {
  return `${planUid}_j${iso(BACKUP_BASE_TIME - daysBack * DAY_MS).slice(0, 10).replaceAll('-', '')}`;
}

const ODD_NAMES_UID = planUidFor(SHOWCASE_SCOPE, 3, ODD_NAMES_PLAN);

function oddNamesItem<N extends string>(name: N, parent: string, idKey?: string) {
  const path = joinPath(parent, name, '/');
  return { id: itemIdFor(SHOWCASE_SCOPE, 3, ODD_NAMES_PLAN, idKey ?? path), name, path };
}

const FIXTURE_FILE_PLAN_UID = planUidFor(SHOWCASE_SCOPE, 1, FILE_SERVER_PLAN);
const FIXTURE_IMAGE_FILE_ID = volumeFileIdFor(SHOWCASE_SCOPE, 1, SYSTEM_IMAGE_PLAN, 'C:');

export const DEMO_FIXTURES = {
  nodeId: 1,
  filePlan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
  imagePlan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
  deletedPlan: fixturePlan(1, OLD_FILE_PLAN, 3, 'Old file plan'),
  disabledPlan: fixturePlan(1, WORKSTATION_IMAGE_PLAN, 4, 'Workstation image (disabled)'),
  volumeC: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'C:'), name: 'C:' },
  volumeD: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'D:'), name: 'D:' },
  imageVolume: { id: volumeGuidFor(SHOWCASE_SCOPE, 1, 'C:'), name: 'C:', fileId: volumeFileIdFor(SHOWCASE_SCOPE, 1, SYSTEM_IMAGE_PLAN, 'C:') },
  folders: {
    users: fixtureItem('Users', 'C:\\Users'),
    data: fixtureItem('Data', 'C:\\Data'),
    archive: fixtureItem('Archive', 'C:\\Data\\Archive'),
    broken: fixtureItem('Broken', 'C:\\Data\\Broken'),
    empty: fixtureItem('Empty', 'C:\\Data\\Empty'),
    media: fixtureItem('Media', 'C:\\Data\\Media'),
  },
  files: {
    readme: fixtureItem('readme.txt', 'C:\\Data\\readme.txt'),
    unreadable: fixtureItem('unreadable.dat', 'C:\\Data\\unreadable.dat'),
    accounting: fixtureItem('Accounting 2026.xlsx', 'C:\\Data\\Accounting 2026.xlsx'),
    vmDisk: fixtureItem('vm-disk.vhdx', 'C:\\Data\\Media\\vm-disk.vhdx'),
  },
  imageRevisionCount: SHOWCASE_IMAGE_REVISIONS,
  corruptMountedFolder: '/Corrupt',
  device2: {
    nodeId: 2,
    openPlan: fixturePlan(2, DEVICE2_DOCUMENTS_PLAN, 1, 'Documents'),
    brokenVolumesPlan: { uid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_BROKEN_VOLUMES_PLAN), name: 'Broken volumes' },
    brokenFoldersPlan: { uid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_BROKEN_FOLDERS_PLAN), name: 'Broken folders' },
  },
  failingPlansNodeId: FAILING_PLANS_NODE,
  /**
   * Device 3, plan 'Odd names' (cloud): a folder of small files (2–6 KiB, 3
   * revisions each, all in the cloud) with hostile names, for the download
   * manager's sanitizer, and 'Handoff', a small folder for zip tests.
   */
  oddNames: {
    nodeId: 3,
    plan: fixturePlan(3, ODD_NAMES_PLAN, 2, 'Odd names'),
    folder: oddNamesItem('Odd names', '/Users/design'),
    /** In ODD_FILE_NAMES order; `revisionId` is the newest revision (in the cloud). */
    files: ODD_FILE_NAMES.map((name, i) => {
      const item = oddNamesItem(name, ODD_NAMES_ROOT, oddNameIdKey(i));
      return { ...item, revisionId: `${item.id}_r0` };
    }),
    /** The newest job whose data is in the cloud (the newest one is still running). */
    cloudJobId: fixtureJobId(ODD_NAMES_UID, 1),
    /** Holds `assets/logo.png`, `brief.txt`, the empty folder `Empty drafts/` and `superseded.txt`, deleted 5 nights before the base time. */
    handoff: {
      folder: oddNamesItem('Handoff', '/Users/design'),
      brief: oddNamesItem('brief.txt', HANDOFF_ROOT),
      logo: oddNamesItem('logo.png', `${HANDOFF_ROOT}/assets`),
      superseded: oddNamesItem('superseded.txt', HANDOFF_ROOT),
    },
  },
  /** Download calls on device 1 ('Server files' is hybrid: the data of the two newest completed nights is not in the cloud yet). */
  downloads: {
    /** Accounting 2026.xlsx, third-newest revision: small (≤ 3 MiB) and in the cloud. */
    smallRevisionId: `${fixtureItem('', 'C:\\Data\\Accounting 2026.xlsx').id}_r2`,
    /** readme.txt's only revision: not in the cloud yet (409). */
    notInCloudRevisionId: `${fixtureItem('', 'C:\\Data\\readme.txt').id}_r0`,
    /** unreadable.dat (409 download_unavailable). */
    unreadableRevisionId: `${fixtureItem('', 'C:\\Data\\unreadable.dat').id}_r2`,
    /** The newest job of 'Server files' whose data is in the cloud; C:\\Users zips in a few MiB, C:\\Data\\Media is > 4 GiB. */
    cloudJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 4),
    /** A completed job whose data is not in the cloud yet (409). */
    notInCloudJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 2),
    /** 'System image' (cloud): a revision in the cloud and paths inside the mounted image. */
    image: {
      revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
      file: '/Windows/win.ini',
      folder: '/Users/Public/Documents',
      corruptFolder: '/Corrupt',
    },
    /** Device 2 'Image' (hybrid): its newest revision is not in the cloud yet (409). */
    imageNotInCloud: {
      nodeId: 2,
      planUid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN),
      revisionId: `${volumeFileIdFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN, 'C:')}_r0`,
    },
  },
  /**
   * Restore calls (routes/restore/restore.ts). Sources on device 1 'Server files' that
   * no other test browses by content: `D:\Shares\Marketing` (3 files) and its
   * `Brochure 2026.pdf`. Restores change nothing, so tests may share them.
   */
  restore: {
    nodeId: 1,
    nodeName: 'File Server',
    plan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
    folder: fixtureItem('Marketing', 'D:\\Shares\\Marketing'),
    folderFileCount: 3,
    file: fixtureItem('Brochure 2026.pdf', 'D:\\Shares\\Marketing\\Brochure 2026.pdf'),
    /** The newest revision of Brochure 2026.pdf (restores do not need the cloud). */
    fileRevisionId: `${fixtureItem('', 'D:\\Shares\\Marketing\\Brochure 2026.pdf').id}_r0`,
    /** A completed nightly job of 'Server files', for folder restores (`backupJobId`). */
    backupJobId: fixtureJobId(FIXTURE_FILE_PLAN_UID, 2),
    /** EXTRACT restores from 'System image': a revision and paths inside it. */
    image: {
      plan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
      revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
      folder: '/Users/Public/Documents',
      file: '/Windows/win.ini',
    },
    /** Client settings: backupMode MANUAL (1, 3, 4, 5) or AUTOMATIC (2: online, yet Original Location unavailable). */
    manualNodeId: 1,
    automaticNodeId: 2,
    macNodeId: 3,
    offlineNodeId: 4,
  },
  /** Mounting (an image revision in the cloud, and one not yet in the cloud). */
  mount: {
    nodeId: 1,
    plan: fixturePlan(1, SYSTEM_IMAGE_PLAN, 2, 'System image'),
    revisionId: `${FIXTURE_IMAGE_FILE_ID}_r0`,
    notInCloud: {
      nodeId: 2,
      planUid: planUidFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN),
      revisionId: `${volumeFileIdFor(SHOWCASE_SCOPE, 2, DEVICE2_IMAGE_PLAN, 'C:')}_r0`,
    },
  },
  /**
   * Deletion calls: items of device 1 that no other test relies on. Deleting
   * is for the server instance's lifetime, so a test deleting them should own
   * its server. `file` and `folder` are siblings (deleting one keeps the other).
   */
  deletion: {
    nodeId: 1,
    plan: fixturePlan(1, FILE_SERVER_PLAN, 1, 'Server files'),
    file: fixtureItem('shared-calendar.ics', 'D:\\Shares\\shared-calendar.ics'),
    folder: fixtureItem('HR', 'D:\\Shares\\HR'),
    /** Inside `folder`: gone with it. */
    folderFile: fixtureItem('Handbook.pdf', 'D:\\Shares\\HR\\Handbook.pdf'),
    /** A whole plan to delete (delete-plan-revisions). */
    wholePlan: fixturePlan(1, WORKSTATION_IMAGE_PLAN, 4, 'Workstation image (disabled)'),
    /** The demo's second factor (config `mfaCode`). */
    mfaCode: '123456',
  },
  /**
   * The live file systems of target devices (data/restore/directories.ts): device 1
   * (Windows: `C:\`, `D:\`), device 3 (Mac), device 4 offline (503).
   */
  directories: {
    nodeId: 1,
    drives: ['C:\\', 'D:\\'],
    data: 'C:\\Data',
    /** Exactly 1000 files (one full tree page: 'Load More'). */
    thousand: 'C:\\Data\\Thousand',
    /** 2500 files: pages of 1000, 1000 and 500. */
    exports: 'C:\\Data\\Exports',
    /** An empty folder, a quiet place to create folders in. */
    restores: 'C:\\Data\\Restores',
    /** Its listing answers 403. */
    locked: 'C:\\Locked',
    users: 'C:\\Users',
    mac: { nodeId: 3, users: '/Users', home: '/Users/design' },
    offlineNodeId: 4,
  },
} as const;
