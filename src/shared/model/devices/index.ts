import { labelOrRaw, type OpenValue } from '../platform/open-values';

/** The classes of spec §5's device filter: the only possible restore targets. */
export const NODE_CLASSES = ['WINDOWS_SERVER', 'WINDOWS_WORKSTATION', 'MAC', 'MAC_SERVER'] as const;
export type NodeClass = (typeof NODE_CLASSES)[number];

const NODE_CLASS_LABELS: Record<NodeClass, string> = {
  WINDOWS_SERVER: 'Windows server',
  WINDOWS_WORKSTATION: 'Windows workstation',
  MAC: 'Mac',
  MAC_SERVER: 'Mac server',
};

/**
 * A device's class as shown: a label for the four of §5, the raw class for any
 * other a real instance lists (LINUX_SERVER, VMWARE_VM_HOST, NMS_SWITCH, ...).
 */
export function nodeClassLabel(nodeClass: string): string {
  return labelOrRaw(NODE_CLASS_LABELS, nodeClass);
}

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
  /** Any class the instance sends; only those of NODE_CLASSES can be restore targets. */
  nodeClass: OpenValue<NodeClass>;
  nodeRole: string;
  isUp: boolean;
  lockhartEnabled: boolean;
  /** The agent policy the device uses (its backup plans come from it); null or absent when none or not said. */
  policyId?: number | null;
}

export interface Page<T> {
  results: T[];
  totalElements: number;
  totalPages: number;
  /** Zero-based page index this answer holds. */
  page: number;
  size: number;
  /** Items of the server's answer that could not be read and are not in `results`. */
  skipped?: number;
}

/** A device in the recent list: enough to reopen its browser offline. */
export interface RecentDevice extends Device {
  /** Epoch ms the technician last opened it. */
  openedAt: number;
}
