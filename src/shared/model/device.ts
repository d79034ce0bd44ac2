export const NODE_CLASSES = ['WINDOWS_SERVER', 'WINDOWS_WORKSTATION', 'MAC', 'MAC_SERVER'] as const;
export type NodeClass = (typeof NODE_CLASSES)[number];

/** Device (backup node), spec/backup-restore.md §3. */
export interface Device {
  id: number;
  displayName: string;
  friendlyName: string;
  name: string;
  systemName: string;
  /** Organization id. */
  clientId: number;
  organizationName: string;
  nodeClass: NodeClass;
  nodeRole: string;
  isUp: boolean;
  lockhartEnabled: boolean;
}

export interface Page<T> {
  results: T[];
  totalElements: number;
  totalPages: number;
  /** Zero-based page index this answer holds. */
  page: number;
  size: number;
}

export interface DeviceQuery {
  page: number;
  name?: string;
  organization?: string;
  nodeId?: number;
  nodeClass?: NodeClass[];
  online?: boolean;
  lockhartEnabled?: boolean;
}

/** A device in the recent list: enough to reopen its browser offline. */
export interface RecentDevice extends Device {
  /** Epoch ms the technician last opened it. */
  openedAt: number;
}
