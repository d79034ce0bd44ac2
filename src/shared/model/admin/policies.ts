/**
 * Agent policies with their backup plans (spec/ticketing-automations-psa.md
 * §3.5 Policy, §4.4, §8.4; backup-restore.md §3 Backup plan destinations). A
 * policy may have a parent: each plan of the parent (its own and those it
 * inherits) is inherited by the child, which may override its settings
 * (src/shared/rules/admin/policy-inheritance.ts). Open values (a plan's type,
 * its destination) are strings: a real instance may send ones this console
 * does not list, shown raw and kept.
 */
import type { Schedule } from '../../rules/platform/schedule';

/** A plan's kinds: files and folders, or a disk image. */
export const BACKUP_PLAN_TYPES = ['FILE_FOLDER', 'IMAGE'] as const;
/** backup-restore.md §3: where a plan's backups go. */
export const BACKUP_DESTINATIONS = ['CLOUD', 'LOCAL', 'HYBRID'] as const;

/** How long backups are kept: at most this many versions of an item, for at most this many days. */
export interface PlanRetention {
  versions: number;
  days: number;
}

/** What a child may override of an inherited plan: everything but its identifier. */
export interface BackupPlanSettings {
  enabled: boolean;
  /** FILE_FOLDER, IMAGE, or the instance's own (shown raw). */
  type: string;
  schedule: Schedule;
  /** What is backed up: paths or folders (FILE_FOLDER), volumes (IMAGE). */
  include: string[];
  /** What is left out of `include` (paths, file patterns or volumes). */
  exclude: string[];
  /** CLOUD, LOCAL, HYBRID (cloud and local), or the instance's own (shown raw). */
  destination: string;
  /** The local target (LOCAL and HYBRID): a folder or a network share; '' when there is none. */
  localPath: string;
  retention: PlanRetention;
}

/** §3.5 inheritance: inherited, overridden, sourcePolicyId, parentPolicySettings. */
export interface PlanInheritance {
  /** The plan comes from the parent policy (the server decides it, never the console). */
  inherited: boolean;
  /** An inherited plan whose settings are the child's own (§4.4: set by an edit, cleared by Revert). */
  overridden: boolean;
  /** The policy that defines the plan (an ancestor; null for a policy's own plan). */
  sourcePolicyId: number | null;
  /** The parent's settings of the plan: what Revert returns to (null for an own plan). */
  parentPolicySettings: BackupPlanSettings | null;
}

export interface BackupPlan extends BackupPlanSettings {
  /** The plan's name, unique in its policy: an inherited plan keeps its source's. */
  identifier: string;
  inheritance: PlanInheritance;
}

/** §3.5 Policy: name, description, enabled, backupPlans; and its place in the tree. */
export interface Policy {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  /** Chosen when the policy is created; null for a root policy. */
  parentPolicyId: number | null;
  /** How many devices use it (as the instance counts them). */
  deviceCount: number;
  backupPlans: BackupPlan[];
  /**
   * Plans the console cannot read (no identifier): not shown, and sent back as they came on a save of this
   * policy (by its id); a copy does not carry them.
   */
  unreadablePlans?: number;
}

/** A row of the policies list. */
export type PolicyRow = Pick<Policy, 'id' | 'name' | 'description' | 'enabled' | 'parentPolicyId' | 'deviceCount'> & {
  /** The parent's name ('' for a root policy, or a parent the list does not hold). */
  parentPolicyName: string;
  planCount: number;
};
