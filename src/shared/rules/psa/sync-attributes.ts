/**
 * The device data sync checklists (spec/ticketing-automations-psa.md §2.3,
 * §2.4, §3.3, §3.4, §9.3, §9.4), pure: ConnectWise's 'Configuration
 * Attributes' (five required ones always on) and 'Configuration Questions',
 * Autotask's attribute checklist, each with Select All. The saved value is
 * one list of names; names the console does not list are kept as they came.
 */
import { ownValue } from '../platform/own-keys';
import {
  AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES,
  CONNECTWISE_OPTIONAL_ATTRIBUTES,
  CONNECTWISE_QUESTIONS,
  CONNECTWISE_REQUIRED_ATTRIBUTES,
} from '../../model/psa';
import { readSyncAttributes } from './schemas';

/** One checklist: its title, its names, and those that are always on. */
export interface SyncChecklist {
  title: string;
  names: readonly string[];
  required: readonly string[];
}

/** §2.4, §9.3 */
export const CONNECTWISE_ATTRIBUTES_CHECKLIST: SyncChecklist = {
  title: 'Configuration Attributes',
  names: [...CONNECTWISE_REQUIRED_ATTRIBUTES, ...CONNECTWISE_OPTIONAL_ATTRIBUTES],
  required: CONNECTWISE_REQUIRED_ATTRIBUTES,
};
/** §2.4, §9.3 */
export const CONNECTWISE_QUESTIONS_CHECKLIST: SyncChecklist = { title: 'Configuration Questions', names: CONNECTWISE_QUESTIONS, required: [] };
/** §2.3, §9.4: the spec names Autotask's attributes only as the defaults, so they are the checklist. */
export const AUTOTASK_ATTRIBUTES_CHECKLIST: SyncChecklist = { title: 'Device data sync attributes', names: AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES, required: [] };

/** §9.4: Autotask's attributes when the instance has none set. */
export function defaultAutotaskSyncAttributes(): string[] {
  return [...AUTOTASK_DEFAULT_DEVICE_SYNC_ATTRIBUTES];
}

/**
 * Autotask's device data sync attributes as the instance answers them
 * (`{ deviceDataSyncAttributes: string[] }` or a bare list); §9.4's defaults
 * when it sends none: no list at all (absent or null, nothing set yet). An
 * empty list is a choice the technician saved, kept as it is.
 */
export function autotaskSyncAttributesOf(answer: unknown): string[] {
  const list = Array.isArray(answer) ? answer : typeof answer === 'object' && answer !== null ? ownValue(answer as Record<string, unknown>, 'deviceDataSyncAttributes') : undefined;
  return Array.isArray(list) ? readSyncAttributes(list) : defaultAutotaskSyncAttributes();
}

/** §9.3: the list with the checklist's required names added (first, in the checklist's order). */
export function withRequired(selected: readonly string[], checklist: SyncChecklist): string[] {
  const missing = checklist.required.filter((name) => !selected.includes(name));
  return [...missing, ...selected];
}

/** §9.3: whether a name's checkbox is locked on. */
export function isRequiredAttribute(name: string, checklist: SyncChecklist): boolean {
  return checklist.required.includes(name);
}

/** One checkbox: the name on or off; a required name stays on. Other names keep their order. */
export function toggleAttribute(selected: readonly string[], name: string, on: boolean, checklist: SyncChecklist): string[] {
  const without = selected.filter((n) => n !== name);
  return withRequired(on ? [...without, name] : without, checklist);
}

/** Select All: every name of the checklist on, or off but the required ones; names outside the checklist are untouched. */
export function selectAll(selected: readonly string[], on: boolean, checklist: SyncChecklist): string[] {
  const outside = selected.filter((name) => !checklist.names.includes(name));
  const inside = on ? [...checklist.names] : [...checklist.required];
  return withRequired([...checklist.names.filter((name) => inside.includes(name)), ...outside], checklist);
}

/** Select All's state: 'all', 'none', or 'some' (indeterminate). Required names count. */
export function selectAllState(selected: readonly string[], checklist: SyncChecklist): 'all' | 'some' | 'none' {
  const count = checklist.names.filter((name) => selected.includes(name)).length;
  return count === checklist.names.length ? 'all' : count === 0 ? 'none' : 'some';
}

/** A checkbox's label: the name in words ('lastLoginName' → 'Last Login Name'); the spec gives the names only. */
export function attributeLabel(name: string): string {
  const known: Record<string, string> = {
    cpuSPeed: 'CPU Speed',
    cpuSpeed: 'CPU Speed',
    ipAddress: 'IP Address',
    macAddress: 'MAC Address',
    osType: 'OS Type',
    osInfo: 'OS Info',
    ram: 'RAM',
    nodeUrl: 'Node URL',
    privateIpAddress: 'Private IP Address',
    teamViewerUrl: 'TeamViewer URL',
  };
  const label = ownValue(known, name);
  if (label !== undefined) return label;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
