/**
 * Administration blocks (spec/help-shared-blocks-editor.md §3, §5,
 * §7, §8, §9 and ticketing-automations-psa.md §3.5, §9.4): scheduled tasks
 * (their schedule, actions and targets), the scripts and Windows services
 * their actions pick from, and billing products (professional-services
 * forms) with the roles, node roles and saved searches they name. Open values
 * (types, statuses) are strings: a real instance may send ones the spec does
 * not list, shown raw.
 */
import type { Schedule } from '../../rules/platform/schedule';

/** §3 Script variable types. */
export const SCRIPT_VARIABLE_TYPES = ['TEXT', 'INTEGER', 'DECIMAL', 'CHECKBOX', 'DATE', 'DATETIME', 'DROPDOWN', 'IPADDRESS'] as const;
export type ScriptVariableType = (typeof SCRIPT_VARIABLE_TYPES)[number];

/** §3 Script variable: name, calculatedName, type, description, required, valueList. */
export interface ScriptVariable {
  name: string;
  /** The name the script reads it by. Values are keyed by it. */
  calculatedName: string;
  /** One of SCRIPT_VARIABLE_TYPES, or the instance's own (shown as text). */
  type: string;
  description: string;
  required: boolean;
  /** DROPDOWN's choices. */
  valueList: string[];
  defaultValue: string | null;
}

/** §3.5 Script: id, uid, language, operatingSystems, deviceType, parameters (runAs, scriptParam); plus its variables. */
export interface Script {
  id: number;
  uid: string;
  name: string;
  description: string;
  language: string;
  operatingSystems: string[];
  deviceType: string;
  variables: ScriptVariable[];
}

/** §3 Windows service, from GET /webapp/winservice. */
export interface WindowsService {
  serviceName: string;
  displayName: string;
}

/** §3 Defrag option: a volume and whether it is included or excluded. */
export const DEFRAG_CHECKLISTS = ['INCLUDE', 'EXCLUDE'] as const;
export interface DefragOption {
  volumeName: string;
  checkList: string;
}

/** What a Windows service action does to the service. */
export const SERVICE_OPERATIONS = ['START', 'STOP', 'RESTART'] as const;

/** A variable's value as the action keeps it: text for every type (CHECKBOX 'true'/'false', DATE yyyy-mm-dd, DATETIME ISO). */
export type ScriptVariableValues = Record<string, string>;

/** One action of a scheduled task (§3.5 scripts.actionList). */
export type TaskAction =
  | { type: 'SCRIPT'; scriptId: number; scriptName: string; runAs: string; scriptParam: string; variables: ScriptVariableValues }
  | { type: 'DEFRAG'; volumes: DefragOption[] }
  | { type: 'WINDOWS_SERVICE'; serviceName: string; displayName: string; operation: string };

/** §3.5 target: targetType (NODE, GROUP, ORGANIZATION, or the instance's own) and targetId. */
export const TARGET_TYPES = ['NODE', 'GROUP', 'ORGANIZATION'] as const;
export interface TaskTarget {
  targetType: string;
  targetId: number;
  /** The target's name as the instance reports it ('' when it does not). */
  name: string;
}

/** §3.5 Scheduled task. */
export interface ScheduledTask {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  runsOnNodeScheduledTask: boolean;
  actions: TaskAction[];
  schedule: Schedule;
  targets: TaskTarget[];
  /** Epoch ms of the next run the instance reports, when it does. */
  nextRun: number | null;
  /**
   * The raw types of actions this console does not know (shown raw, not
   * editable). The main process keeps those actions and sends them back on a
   * save of this task (by its id); a copy does not carry them.
   */
  otherActionTypes?: string[];
}

/** A row of the scheduled tasks list. */
export type ScheduledTaskRow = Pick<ScheduledTask, 'id' | 'name' | 'description' | 'enabled' | 'nextRun'> & { targetCount: number; actionCount: number; repeats: string };

/** A device, group or organization an add-targets modal offers. */
export interface TargetChoice {
  targetType: string;
  targetId: number;
  name: string;
  /** The organization of a device, the device count of a group or organization: what helps tell them apart. */
  detail: string;
}

/** §3 Billing product (professional-services forms). A product of type GROUP bundles productIds. */
export interface BillingProduct {
  id: number;
  /** PRODUCT or GROUP (or the instance's own). */
  type: string;
  name: string;
  description: string;
  price: number;
  cost: number;
  quantity: number;
  /** What the quantity counts, as text (at most 250). */
  quantityText: string;
  taxable: boolean;
  billing: string;
  term: string;
  licensingType: string;
  autoRoundTimeEntries: boolean;
  onSiteMultiplier: number;
  remoteMultiplier: number;
  normalHoursMultiplier: number;
  offHoursMultiplier: number;
  /** Ids of the user roles it applies to. */
  userRoles: number[];
  /** A group's member products. */
  productIds: number[];
  /** Null with anyRole (all roles). */
  nodeRoleId: number | null;
  anyRole: boolean;
  /** Saved searches (device groups) it applies to; allGroups: all of them must match (else any). */
  groupIds: number[];
  allGroups: boolean;
  /** Whether the instance offers it (§3 isActive); a save keeps the instance's value. */
  isActive?: boolean;
}

/** A product as a group's member list shows it (§3: type, name, isActive). */
export interface ProductMember {
  id: number;
  type: string;
  name: string;
  isActive: boolean;
}

/** A user role, node role or saved search a billing product names. */
export interface NamedChoice {
  id: number;
  name: string;
}

export * from './policies';
