/**
 * What a real RMM instance sends beyond the spec (DESIGN "Real instances, not
 * only the demo"), switched on with `realInstance` in the demo
 * config (`--real-instance`, or `PATCH /__demo/config {"realInstance":true}`):
 *
 * - the device list ends with devices of other classes (Linux, VMware,
 *   Hyper-V, a network switch, a cloud-monitor target) and one record the
 *   console cannot read (a text id);
 * - every device's plans end with a plan of an unknown type and destination
 *   (its volumes: none) and one plan without a uid;
 * - every folder's content ends with a file of an unknown status and one item
 *   without a name; every file's revisions (v2) end with one of an unknown
 *   bldType.
 *
 * Extras go at the end of a listing and count in its totals, as a server that
 * stores them would answer; off (the default), nothing changes.
 */
import type { BackupPlan, FolderContentItem, PagedAnswer, Revision, Volume } from '../../shared/model/backup';
import type { Device } from '../../shared/model/devices';
import type { DemoWorld } from './world';

export const REAL_INSTANCE_PLAN_UID = 'real-instance-sql';
const EXTRA_DEVICE_ID_BASE = 900_000;

const OTHER_CLASSES: Array<{ nodeClass: string; nodeRole: string; code: string; friendlyName: string }> = [
  { nodeClass: 'LINUX_SERVER', nodeRole: 'Linux Server', code: 'LNX', friendlyName: 'Build Server' },
  { nodeClass: 'VMWARE_VM_HOST', nodeRole: 'VMware Host', code: 'ESX', friendlyName: 'Virtualization Host' },
  { nodeClass: 'HYPERV_VMM_GUEST', nodeRole: 'Hyper-V Guest', code: 'HVG', friendlyName: 'Test VM' },
  { nodeClass: 'NMS_SWITCH', nodeRole: 'Network Switch', code: 'SW', friendlyName: 'Core Switch' },
  { nodeClass: 'CLOUD_MONITOR_TARGET', nodeRole: 'Cloud Monitor', code: 'CM', friendlyName: 'Website Monitor' },
];

/** The device list of a real instance: the world's devices, then the other classes, then one unreadable record. */
export function realInstanceDevices(world: DemoWorld): readonly Device[] {
  const org = world.organizations[0];
  const extras: Device[] = OTHER_CLASSES.map((entry, i) => {
    const systemName = `REAL-${entry.code}-${String(i + 1).padStart(3, '0')}`;
    return {
      id: EXTRA_DEVICE_ID_BASE + i + 1,
      systemName,
      name: systemName,
      friendlyName: entry.friendlyName,
      displayName: `${entry.friendlyName} (${systemName})`,
      clientId: org?.id ?? 1,
      organizationName: org?.name ?? '',
      nodeClass: entry.nodeClass,
      nodeRole: entry.nodeRole,
      isUp: true,
      lockhartEnabled: false,
    };
  });
  // Online, backup-enabled and of a restorable class, so every filter keeps it: only its id is wrong.
  const unreadable = {
    id: 'REAL-BROKEN-001',
    systemName: 'REAL-BROKEN-001',
    name: 'REAL-BROKEN-001',
    friendlyName: '',
    displayName: 'REAL-BROKEN-001',
    clientId: org?.id ?? 1,
    organizationName: org?.name ?? '',
    nodeClass: 'WINDOWS_SERVER',
    nodeRole: 'Windows Server',
    isUp: true,
    lockhartEnabled: true,
  } as unknown as Device;
  return [...world.devices(), ...extras, unreadable];
}

export function realInstancePlans(plans: readonly BackupPlan[]): unknown[] {
  const sql: BackupPlan = {
    uid: REAL_INSTANCE_PLAN_UID,
    id: 990_001,
    name: 'SQL databases',
    type: 'MSSQL',
    schedule: 'Daily at 23:00',
    enabled: true,
    deleted: false,
    destination: 'NAS_SHARE',
    backupPermissions: false,
    lastSuccess: null,
    storage: { volumes: 0, local: 0, cloud: 0 },
    allowFileFolderBackupAccess: false,
  };
  const { uid: _uid, ...withoutUid } = { ...sql, name: 'Plan without a uid' };
  void _uid;
  return [...plans, sql, withoutUid];
}

/** The volumes of the extra plan (none), or null for the world's own plans. */
export function realInstanceVolumes(planUid: string): Volume[] | null {
  return planUid === REAL_INSTANCE_PLAN_UID ? [] : null;
}

/** Extras placed after a listing's last item, on whichever page their positions fall. */
function appendAtEnd<T>(answer: PagedAnswer<T>, extras: readonly unknown[], page: number, size: number): PagedAnswer<unknown> {
  const total = answer.totalElements + extras.length;
  const from = page * size;
  const onPage = extras.filter((_, i) => {
    const position = answer.totalElements + i;
    return position >= from && position < from + size;
  });
  return { results: [...answer.results, ...onPage], totalElements: total, totalPages: Math.ceil(total / size) };
}

export function realInstanceContent(answer: PagedAnswer<FolderContentItem>, folderId: string, page: number, size: number): PagedAnswer<unknown> {
  const archived: FolderContentItem = {
    id: `${folderId}~real-archived`,
    name: 'archived-by-policy.dat',
    path: 'archived-by-policy.dat',
    type: 'FILE',
    deleted: false,
    backupSize: 2048,
    size: 4096,
    status: 'ARCHIVED',
  };
  const unreadable = { id: `${folderId}~real-broken`, type: 'FILE', status: 'DEFINED', size: 1 };
  return appendAtEnd(answer, [archived, unreadable], page, size);
}

/** The extra file's revisions (none), or null for the world's own files. */
export function realInstanceRevisionsOf(fileId: string): PagedAnswer<Revision> | null {
  return fileId.endsWith('~real-archived') ? { results: [], totalElements: 0, totalPages: 0 } : null;
}

export function realInstanceRevisions(answer: PagedAnswer<Revision>, fileId: string, page: number, size: number): PagedAnswer<unknown> {
  const newest = answer.results[0];
  const synthetic: Revision = {
    id: `${fileId}~real-synthetic`,
    planId: newest?.planId ?? '',
    type: 'FILE',
    size: newest?.size ?? 0,
    backupSize: newest?.backupSize ?? 0,
    bldType: 'SYNTHETIC_FULL',
    modified: '2020-01-01T00:00:00.000Z',
    jobCreated: '2020-01-01T00:00:00.000Z',
    jobCompleted: '2020-01-01T00:05:00.000Z',
    onS3: true,
    onNas: false,
    rollupSize: 0,
    file: newest?.file ?? '',
  };
  return appendAtEnd(answer, [synthetic], page, size);
}

/**
 * A device's restore jobs as a real instance may list them: one in a status
 * beyond §4's four (shown raw) and one the console cannot read (no jobUID),
 * after the world's own jobs.
 */
export function realInstanceJobs(jobs: readonly unknown[], nodeId: number): unknown[] {
  const queued = {
    actionType: 'RESTORE',
    type: 'FILE',
    sourcePath: 'C:\\Data\\queued-by-policy.dat',
    file: 'queued-by-policy.dat',
    destinationPath: 'C:\\Restored',
    jobUID: `real-queued-${nodeId}`,
    jobFilesProcessed: 0,
    jobTotalFiles: 0,
    jobProcessedBytes: 0,
    jobTotalBytes: 0,
    status: 'QUEUED',
    percentage: 0,
    sourcePlanId: '',
    sourcePlanName: 'Server files',
    createTime: '2026-11-20T08:00:00.000Z',
    nodeId,
    sourceNodeId: nodeId,
  };
  const unreadable = { actionType: 'RESTORE', status: 'PROCESSING', percentage: 'half' };
  return [...jobs, queued, unreadable];
}
