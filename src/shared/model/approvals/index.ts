/**
 * Node approvals (spec/ticketing-automations-psa.md §2.5, §3.5, §4.4): the
 * devices that asked to join an organization, waiting for a technician's
 * decision (Pending), approved or rejected, with who decided and when; and
 * each organization's approval mode (`nodeApprovalType`). Open values
 * (statuses, modes, classes) are strings: a real instance may send ones the
 * spec does not list, shown raw.
 */
import type { OpenValue } from '../platform/open-values';

/** §3.5 approvalStatus: the three tabs' statuses. */
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * §3.5 installationStatus of a candidate node (a device found on the network, on which approval installs the
 * agent): PENDING until approved, WAITING once approved (§4.4), INSTALLED once the agent runs, FAILED when it
 * could not be installed. A device that asked by itself (its agent runs) has none.
 */
export const INSTALLATION_STATUSES = ['PENDING', 'WAITING', 'INSTALLED', 'FAILED'] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number];

/** §3.5 nodeApprovalType, §4.4 'Approval modes include AUTOMATIC': MANUAL waits for a technician, AUTOMATIC approves on arrival. */
export const APPROVAL_MODES = ['MANUAL', 'AUTOMATIC'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** §3.5 Node approval node, as the tabs show it. */
export interface ApprovalNode {
  id: number;
  name: string;
  organizationId: number | null;
  organizationName: string;
  /** The device's class (WINDOWS_WORKSTATION, MAC, … or the instance's own, shown raw). */
  nodeClass: string;
  approvalStatus: OpenValue<ApprovalStatus>;
  /** Null for a device that is not a candidate (its agent already runs). */
  installationStatus: OpenValue<InstallationStatus> | null;
  /** A candidate node: approving it installs the agent (installationStatus WAITING, §4.4). */
  candidate: boolean;
  /** The mode of its organization when it arrived (AUTOMATIC: approved on arrival, by no one). */
  nodeApprovalType: OpenValue<ApprovalMode> | null;
  /** When it asked to join (epoch ms), when known. */
  requestedAt: number | null;
  /** When it was approved or rejected (epoch ms), when known. */
  decidedAt: number | null;
  /** §3.5 approvalStatusByAppUserId and approvalStatusByAppUserName: who approved or rejected it (none: the system). */
  decidedById: number | null;
  decidedByName: string | null;
}

/** One organization's approval mode (the Security tab, the organization editor's security-node-approvals page). */
export interface OrganizationApprovalMode {
  organizationId: number;
  organizationName: string;
  /** One of APPROVAL_MODES, or the instance's own (shown raw, kept until changed). */
  nodeApprovalType: OpenValue<ApprovalMode>;
}
