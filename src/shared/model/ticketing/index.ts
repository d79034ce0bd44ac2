/**
 * Ticketing entities (spec/ticketing-automations-psa.md §3.1, §3.2). Values
 * the spec does not enumerate (statuses, priorities, severities) are the
 * instance's: read as strings and shown raw when unknown.
 */
import type { UploadStatus } from '../platform/attachments';

export const RULESET_TYPES = ['SCRIPT_RULE', 'CONDITION_RULE', 'ACTIVITY_RULE'] as const;
export type RulesetType = (typeof RULESET_TYPES)[number];

/** Time tracker units (§9.1), also the condition-reset time's units (§9.2). */
export const TIME_UNITS = ['MINUTES', 'HOURS', 'DAYS'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

interface RulesetTriggerSettings {
  ticketFormId: number | null;
  status: string | null;
  /** null: the policy's default ('Use Policy'). */
  priority: string | null;
  severity: string | null;
  tags: string[];
  useOwnerAsRequester: boolean;
}

interface RulesetResetSettings {
  status: string | null;
  /** null when the value is 0 (§3.2). */
  time: { value: number; unit: string } | null;
}

interface RulesetRetriggerSettings {
  createNewTicket: boolean;
  status: string | null;
  tags: string[];
  /** null: the ticket's current value ('Use Current'). */
  priority: string | null;
  severity: string | null;
}

export interface TicketRuleset {
  id: number;
  enabled: boolean;
  name: string;
  /** One of RULESET_TYPES, or a type this console does not know (shown raw, read-only). */
  type: string;
  conditionTriggerSettings: RulesetTriggerSettings;
  conditionResetSettings: RulesetResetSettings | null;
  conditionReTriggerSettings: RulesetRetriggerSettings | null;
}

/** §3.1 Form: id, name, active. */
export interface TicketForm {
  id: number;
  name: string;
  active: boolean;
}

/** A ticket status as the instance lists it: its value (what a ruleset stores) and its name. */
export interface TicketStatus {
  value: string;
  name: string;
}

/** Priorities and severities the instance offers, with the names to show. */
export interface TicketChoice {
  value: string;
  name: string;
}

export interface TicketingLists {
  forms: TicketForm[];
  /** The forms could not be read (the editors say so: §8.1, §8.2). */
  formsFailed?: boolean;
  statuses: TicketStatus[];
  priorities: TicketChoice[];
  severities: TicketChoice[];
}

/** §3.1: an organization, location or user as the pickers list them. */
export interface EntityLookup {
  id: number;
  name: string;
  deleted: boolean;
}

/** A page of a lookup (§9.1: 50 a page), with the items the console could not read counted. */
export interface LookupPage {
  results: EntityLookup[];
  totalElements: number;
  totalPages: number;
  skipped: number;
}

/** §3.1 trigger types the administration screens edit (the ruleset types are §3.2's). */
export const TRIGGER_TYPES = ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** §3.1 condition rule row: id, field, operator, value, metaData, touched, validation. */
export interface ConditionRow {
  id: string;
  field: string;
  operator: string;
  value: unknown;
  metaData?: unknown;
  touched?: boolean;
  validation?: unknown;
}

export interface TriggerConditions {
  all: ConditionRow[];
  any: ConditionRow[];
}

/** §3.1 action: one of the action types (or one this console does not know, kept as it came) with its params. */
export interface TriggerAction {
  type: string;
  params: Record<string, unknown>;
}

/**
 * §3.1 trigger attachment (§3.5 Attachment: id, uploadStatus, metadata with
 * name), as the console reads it. uploadStatus is one of the attachment
 * UPLOAD_STATUSES, a status this console does not know (kept raw; §4.1
 * fetches a signed URL for any status but PROCESSING, FAILURE and
 * SUSPICIOUS), or null when the instance sends none.
 */
export interface TriggerAttachment {
  id: string;
  name: string;
  contentType: string | null;
  /** Bytes; 0 when the instance does not say. */
  size: number;
  uploadStatus: UploadStatus | string | null;
}

export interface BoardSort {
  field: string;
  direction: 'ASC' | 'DESC';
}

/** §3.1 Trigger (automation, template or board). */
export interface Trigger {
  id: number;
  enabled: boolean;
  name: string;
  description: string;
  /** One of TRIGGER_TYPES, or a type this console does not know (shown raw, read-only). */
  type: string;
  /** A system board (§4.1): General disabled unless copying, conditions hidden. */
  system: boolean;
  conditions: TriggerConditions;
  actions: TriggerAction[];
  attachments: TriggerAttachment[];
  columns: string[];
  sortBy: BoardSort[];
}

/** §3.5/§9.1 notification channel (what SEND_NOTIFICATION picks from); type EMAIL, SMS, SLACK or one this console does not know (shown raw). */
export interface NotificationChannel {
  id: number;
  name: string;
  type: string;
}

/** §3.1 ticket attribute, its content.values flattened; attributeType one of §3.1's or one this console does not know (shown raw). */
export interface TicketAttribute {
  id: number;
  attributeType: string;
  name: string;
  active: boolean;
  values: Array<{ id: number; name: string }>;
}

/** A person or place a ticket names (organization, location, requester, assignee, form, device). */
export interface TicketRef {
  id: number;
  name: string;
}

/**
 * A ticket as boards list it and the rule tester evaluates it: §3.1's
 * board-column fields, plus what conditions read (tags, attribute values, the
 * times the 'time since' fields count from). Times are epoch milliseconds.
 */
export interface Ticket {
  id: number;
  summary: string;
  description: string;
  status: string;
  priority: string | null;
  severity: string | null;
  type: string | null;
  source: string | null;
  organization: (TicketRef & { parentId?: number | null }) | null;
  location: TicketRef | null;
  requester: TicketRef | null;
  assignedAppUser: TicketRef | null;
  ticketForm: TicketRef | null;
  device: TicketRef | null;
  tags: string[];
  createTime: number;
  lastUpdated: number;
  lastUpdatedBy: string | null;
  lastUpdatedTimeByAssignee: number | null;
  lastUpdatedTimeByRequester: number | null;
  solvedTime: number | null;
  /** Minutes. */
  totalTimeTracked: number;
  agreement: string | null;
  /** Custom attribute values by attribute id (a multi-select's are value ids). */
  attributes: Record<string, unknown>;
  /** When the ticket entered each status it has been in (status value → time): 'Hours since status X'. */
  statusSince: Record<string, number>;
  /** When it was last assigned. */
  assignedTime: number | null;
}

/**
 * What happened, for event-based conditions (§9.1 action, changed,
 * changed_to, commentType, updated_by) and business hours. The rule tester
 * supplies it ('the ticket was just updated by a technician, status changed
 * from Open to Waiting').
 */
export interface TicketEvent {
  action: 'INSERT' | 'UPDATE';
  /** Field → its value before the change (the ticket holds the new one). */
  changed: Record<string, unknown>;
  commentType: 'PUBLIC' | 'PRIVATE' | null;
  updatedBy: 'REQUESTER' | 'TECHNICIAN' | null;
  /** Whether now is within business hours. */
  withinBusinessHours: boolean;
}

/** What the console keeps of a trigger's or ruleset's earlier versions. */
export type HistoryKind = 'trigger' | 'ruleset';
export interface HistoryVersion {
  versionId: number;
  /** When it was replaced (the save that replaced it). */
  savedAt: number;
  name: string;
  data: Trigger | TicketRuleset;
}
