/**
 * Demo backup data: what one plan is generated from (PlanSpec: its volumes,
 * root folders and job history), the volumes the demo devices share, and the
 * typical file sizes by extension. BackupPlanData (plan-data.ts) builds the
 * plan's answers from these.
 */
import type { BackupFolder, ItemStatus, PlanDestination, PlanType } from '../../../shared/model/backup';
import { GIB, KIB, MIB } from './ids';
import type { FolderSpec } from './tree';

export interface VolumeSpec {
  name: string;
  label: string;
  fileSystem: string;
  partitionStyle: string;
  location: string;
  capacity: number;
  /** Share of the capacity in use (0..1). */
  used: number;
  /** The volume's system name; Windows volumes default to `\\?\Volume{GUID}\`. */
  volumeName?: string;
}

export interface RootSpec {
  path: string;
  volume: string;
  type: BackupFolder['type'];
  children: FolderSpec['children'];
  status?: ItemStatus;
  deleted?: boolean;
}

export interface PlanSpec {
  /** Key of the plan within its device, for ids. */
  key: string;
  ordinal: number;
  name: string;
  type: PlanType;
  destination: PlanDestination;
  schedule: string;
  enabled: boolean;
  deleted: boolean;
  backupPermissions: boolean;
  allowFileFolderBackupAccess: boolean;
  /** Days between the base time and the plan's newest job (deleted and disabled plans stopped running). */
  offsetDays: number;
  /** The newest jobs that are running or failed (no `completed`). */
  incompleteJobs: number;
  separator: '\\' | '/';
  volumes: VolumeSpec[];
  roots: RootSpec[];
  imageRevisions: number;
  failing?: 'volumes' | 'folders';
}

export interface NewFile {
  id: string;
  name: string;
  path: string;
  size: number;
  revisionCount: number;
  ageDays: number;
  status?: ItemStatus;
  deleted?: boolean;
  unreadable?: boolean;
}

const NTFS_DISK = { fileSystem: 'NTFS', partitionStyle: 'GPT', location: 'Local disk' } as const;
export const WINDOWS_C: VolumeSpec = { ...NTFS_DISK, name: 'C:', label: 'System', capacity: 476 * GIB, used: 0.62 };
export const WINDOWS_D: VolumeSpec = { ...NTFS_DISK, name: 'D:', label: 'Data', capacity: 1863 * GIB, used: 0.41 };
export const MAC_HD: VolumeSpec = {
  name: 'Macintosh HD',
  label: 'Macintosh HD',
  fileSystem: 'APFS',
  partitionStyle: 'GPT',
  location: 'Internal disk',
  capacity: 994 * GIB,
  used: 0.48,
  volumeName: '/',
};

/** Typical sizes by extension, for files whose size the spec does not fix. */
export const SIZE_BY_EXTENSION: Record<string, readonly [number, number]> = {
  txt: [300, 48 * KIB],
  csv: [2 * KIB, 900 * KIB],
  ics: [4 * KIB, 200 * KIB],
  docx: [18 * KIB, 2 * MIB],
  doc: [24 * KIB, 1 * MIB],
  xlsx: [12 * KIB, 3 * MIB],
  xls: [30 * KIB, 2 * MIB],
  pptx: [400 * KIB, 24 * MIB],
  pdf: [40 * KIB, 6 * MIB],
  jpg: [500 * KIB, 9 * MIB],
  png: [80 * KIB, 4 * MIB],
  dat: [1 * MIB, 40 * MIB],
  pages: [200 * KIB, 8 * MIB],
  numbers: [100 * KIB, 4 * MIB],
  sketch: [2 * MIB, 60 * MIB],
  ai: [1 * MIB, 40 * MIB],
  html: [2 * KIB, 80 * KIB],
  css: [1 * KIB, 60 * KIB],
};
