/**
 * The automation editor's actions (spec/ticketing-automations-psa.md §3.1,
 * §4.1, §5.1, §9.1), pure: the actions offered, each as the §3.1 action it
 * saves, what a new one holds, and each action's §5.1 check.
 *
 * §3.1 gives the action types and their params; where it leaves a shape open
 * the console's is used and kept when read: tag actions are
 * TICKET_CHANGE_VALUE changes {order, field: add_tags | set_tags |
 * remove_tags, value: comma-joined}; CC actions are changes of the fields
 * add_cc_list / set_cc_list (§4.1's one-time action names) with properties
 * emails and uids; Update ticket is a change of one §9.1 update field with
 * the property value.
 */
import type { TriggerAction, TriggerType } from '../../model/ticketing';
import { TIME_UNITS } from '../../model/ticketing';
import { isValidEmail } from '../help';
import { REQUIRED_MESSAGE } from '../platform/messages';
import { CONDITION_MESSAGES, type ReferenceState } from './conditions';

/** §9.1 "Actions offered", in its order, with the key the one-time rule counts. */
export const ACTION_KINDS = [
  { key: 'add_tags', label: 'Add tags' },
  { key: 'set_tags', label: 'Set tags' },
  { key: 'remove_tags', label: 'Remove tags' },
  { key: 'update_ticket', label: 'Update ticket' },
  { key: 'add_cc_list', label: 'Add CC' },
  { key: 'set_cc_list', label: 'Set CC' },
  { key: 'ADD_TICKET_COMMENT', label: 'Add comment' },
  { key: 'TICKET_LOG_ENTRY_TIME_TRACKER', label: 'Add time' },
  { key: 'SEND_NOTIFICATION', label: 'Send notification' },
  { key: 'SEND_EMAIL', label: 'Email' },
] as const;
export type ActionKindKey = (typeof ACTION_KINDS)[number]['key'];

const TAG_FIELDS = ['add_tags', 'set_tags', 'remove_tags'] as const;
/** The kinds that are §3.1 action types of their own (the others are TICKET_CHANGE_VALUE changes). */
const OWN_TYPE_KINDS = ['ADD_TICKET_COMMENT', 'TICKET_LOG_ENTRY_TIME_TRACKER', 'SEND_NOTIFICATION', 'SEND_EMAIL'] as const;
const CC_FIELDS = ['add_cc_list', 'set_cc_list'] as const;

/** §9.1 ticket update fields, with their labels. */
export const UPDATE_FIELDS = [
  { field: 'organization', label: 'Organization' },
  { field: 'assignedAppUserId', label: 'Assignee' },
  { field: 'requesterUid', label: 'Requester' },
  { field: 'status', label: 'Status' },
  { field: 'severity', label: 'Severity' },
  { field: 'priority', label: 'Priority' },
  { field: 'summary', label: 'Subject' },
] as const;

/** §3.1 email recipient keys; §6: time-based automations hide the current user. */
const RECIPIENT_KEYS = [
  { key: 'REQUESTER', label: 'Requester' },
  { key: 'REQUESTER_CC', label: 'Requester CC' },
  { key: 'ASSIGNEE', label: 'Assignee' },
  { key: 'CURRENT_USER', label: 'Current user' },
] as const;
export function recipientKeys(type: TriggerType): ReadonlyArray<{ key: string; label: string }> {
  return type === 'TIME_BASED' ? RECIPIENT_KEYS.filter((k) => k.key !== 'CURRENT_USER') : RECIPIENT_KEYS;
}

export const ADD_TIME_MIN = 1;
export const ADD_TIME_MAX = 999_999_999;
export const EMAIL_SUBJECT_MAX = 100;
export const SUBJECT_CHANGE_MAX = 200;

const ACTION_MESSAGES = {
  addTime: `Value must be an integer between ${ADD_TIME_MIN} and ${ADD_TIME_MAX}`,
  subjectTooLong: `Max length for subject is ${EMAIL_SUBJECT_MAX} chars`,
  subjectChangeTooLong: `Max length for subject is ${SUBJECT_CHANGE_MAX} chars`,
  invalidEmail: (email: string) => `'${email}' is not a valid email address`,
} as const;

type Change = { order?: number; field?: string; value?: unknown; properties?: Array<{ property?: string; value?: unknown }> };

function firstChange(action: TriggerAction): Change | undefined {
  const changes = action.params.changes;
  return Array.isArray(changes) ? (changes[0] as Change | undefined) : undefined;
}

/** The kind an action is edited as (a change action by its field); null: one this console does not know (kept as it came). */
export function actionKind(action: TriggerAction): ActionKindKey | null {
  if (action.type === 'TICKET_CHANGE_VALUE') {
    const field = firstChange(action)?.field;
    if ((TAG_FIELDS as readonly string[]).includes(field ?? '') || (CC_FIELDS as readonly string[]).includes(field ?? '')) return field as ActionKindKey;
    if (UPDATE_FIELDS.some((f) => f.field === field)) return 'update_ticket';
    return null;
  }
  return (OWN_TYPE_KINDS as readonly string[]).includes(action.type) ? (action.type as ActionKindKey) : null;
}

export function actionLabel(action: TriggerAction): string {
  const kind = actionKind(action);
  return kind ? ACTION_KINDS.find((k) => k.key === kind)!.label : action.type;
}

/** What a new action of `kind` holds. */
export function newAction(kind: ActionKindKey): TriggerAction {
  switch (kind) {
    case 'add_tags':
    case 'set_tags':
    case 'remove_tags':
      return { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: kind, value: '' }] } };
    case 'add_cc_list':
    case 'set_cc_list':
      return { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: kind, properties: [{ property: 'emails', value: [] }, { property: 'uids', value: [] }] }] } };
    case 'update_ticket':
      return { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'status', properties: [{ property: 'value', value: '' }] }] } };
    case 'ADD_TICKET_COMMENT':
      return { type: kind, params: { body: '', public: false } };
    case 'TICKET_LOG_ENTRY_TIME_TRACKER':
      return { type: kind, params: { unit: 'MINUTES', value: 15 } };
    case 'SEND_NOTIFICATION':
      return { type: kind, params: { channels: [] } };
    case 'SEND_EMAIL':
      return { type: kind, params: { to: { keys: [], emails: [], uids: [] }, subject: '', body: '', allowResponse: false } };
  }
}

/** Tags of a tag action (comma-joined in its value). */
export function tagsOf(action: TriggerAction): string[] {
  const value = firstChange(action)?.value;
  return typeof value === 'string' ? value.split(',').map((t) => t.trim()).filter(Boolean) : [];
}
/** The action with its first change replaced (the others, §3.1 changes[], kept as they are). */
function withFirstChange(action: TriggerAction, change: Change): TriggerAction {
  const changes = Array.isArray(action.params.changes) ? action.params.changes : [];
  return { ...action, params: { ...action.params, changes: [change, ...changes.slice(1)] } };
}
export function withTags(action: TriggerAction, tags: readonly string[]): TriggerAction {
  return withFirstChange(action, { ...(firstChange(action) ?? {}), value: tags.join(',') });
}

/** A property of a change action (CC emails/uids; an update's value). */
export function propertyOf(action: TriggerAction, property: string): unknown {
  return firstChange(action)?.properties?.find((p) => p.property === property)?.value;
}
export function withProperty(action: TriggerAction, property: string, value: unknown, field?: string): TriggerAction {
  const change = firstChange(action) ?? {};
  const properties = [...(change.properties ?? []).filter((p) => p.property !== property), { property, value }];
  return withFirstChange(action, { ...change, ...(field ? { field } : {}), properties });
}
export function changeField(action: TriggerAction): string {
  return firstChange(action)?.field ?? '';
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A body is there when it has text once its markup is gone, or an inline picture (§5.1 "text or uploads"). */
const hasBody = (html: unknown) => /<img\b/i.test(text(html)) || text(html).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';

/** The numbers among a list's values (uids). */
const numbersIn = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/** §5.1: the entity an Update ticket action sets, when the lookups say it is deleted. */
function deletedUpdateValue(action: TriggerAction, references: ReferenceState): string | null {
  const value = propertyOf(action, 'value');
  if (typeof value !== 'number') return null;
  const field = changeField(action);
  if (field === 'organization') return references.deletedOrganizations?.has(value) ? CONDITION_MESSAGES.deletedOrganizations : null;
  if (field === 'assignedAppUserId' || field === 'requesterUid') return references.deletedUsers?.has(value) ? CONDITION_MESSAGES.deletedUsers : null;
  return null;
}

/**
 * §5.1: the action's problem (null when valid); one this console does not
 * know is kept unchecked. `hasFiles`: the automation has attachments or new
 * files (an email's body is "text or uploads"). `references`: the users and
 * organizations the lookups said are deleted (read again at save).
 */
export function actionProblem(action: TriggerAction, { hasFiles = false, references = {} }: { hasFiles?: boolean; references?: ReferenceState } = {}): string | null {
  const kind = actionKind(action);
  const deletedUser = (uids: unknown) => numbersIn(uids).some((uid) => references.deletedUsers?.has(uid));
  switch (kind) {
    case 'add_tags':
    case 'set_tags':
    case 'remove_tags':
      return kind !== 'set_tags' && tagsOf(action).length === 0 ? REQUIRED_MESSAGE : null;
    case 'add_cc_list':
    case 'set_cc_list': {
      const emails = propertyOf(action, 'emails');
      const uids = propertyOf(action, 'uids');
      const list = Array.isArray(emails) ? (emails as unknown[]).map(text) : [];
      const bad = list.find((e) => !isValidEmail(e));
      if (bad !== undefined) return ACTION_MESSAGES.invalidEmail(bad);
      if (list.length + (Array.isArray(uids) ? uids.length : 0) === 0) return REQUIRED_MESSAGE;
      return deletedUser(uids) ? CONDITION_MESSAGES.deletedUsers : null;
    }
    case 'update_ticket': {
      const value = propertyOf(action, 'value');
      if (value === null || value === undefined || text(value).trim() === '' && typeof value !== 'number') return REQUIRED_MESSAGE;
      if (changeField(action) === 'summary' && text(value).length > SUBJECT_CHANGE_MAX) return ACTION_MESSAGES.subjectChangeTooLong;
      return deletedUpdateValue(action, references);
    }
    case 'ADD_TICKET_COMMENT':
      return hasBody(action.params.body) ? null : REQUIRED_MESSAGE;
    case 'TICKET_LOG_ENTRY_TIME_TRACKER': {
      const value = action.params.value;
      if (!(TIME_UNITS as readonly unknown[]).includes(action.params.unit)) return REQUIRED_MESSAGE;
      return typeof value === 'number' && Number.isInteger(value) && value >= ADD_TIME_MIN && value <= ADD_TIME_MAX ? null : ACTION_MESSAGES.addTime;
    }
    case 'SEND_NOTIFICATION':
      return Array.isArray(action.params.channels) && action.params.channels.length > 0 ? null : REQUIRED_MESSAGE;
    case 'SEND_EMAIL': {
      const to = (action.params.to ?? {}) as { keys?: unknown; emails?: unknown; uids?: unknown };
      const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
      if (count(to.keys) + count(to.emails) + count(to.uids) === 0) return `Recipient: ${REQUIRED_MESSAGE}`;
      // §5.1: the technicians picked (the editor keeps their names in toUsers) must not be deleted ones.
      const picked = Array.isArray(action.params.toUsers) ? (action.params.toUsers as Array<{ deleted?: unknown }>) : [];
      if (picked.some((user) => user?.deleted === true) || deletedUser(to.uids)) return CONDITION_MESSAGES.deletedUsers;
      const bad = (Array.isArray(to.emails) ? (to.emails as unknown[]).map(text) : []).find((e) => !isValidEmail(e));
      if (bad !== undefined) return ACTION_MESSAGES.invalidEmail(bad);
      const subject = text(action.params.subject).trim();
      if (subject === '') return `Subject: ${REQUIRED_MESSAGE}`;
      if (subject.length > EMAIL_SUBJECT_MAX) return ACTION_MESSAGES.subjectTooLong;
      return hasBody(action.params.body) || hasFiles ? null : `Body: ${REQUIRED_MESSAGE}`;
    }
    default:
      return null;
  }
}

/** §9.1: the actions a trigger of `type` offers (none for boards; no notification or email in response templates). */
export function offeredActions(type: TriggerType): ReadonlyArray<{ key: ActionKindKey; label: string }> {
  if (type === 'BOARD') return [];
  return ACTION_KINDS.filter((k) => type !== 'RESPONSE_TEMPLATE' || (k.key !== 'SEND_NOTIFICATION' && k.key !== 'SEND_EMAIL'));
}

/** §9.1 email and comment placeholders; §6: time-based automations hide the current user's. */
const PLACEHOLDERS = [
  ...['id', 'createdDate', 'device', 'subject', 'status', 'severity', 'priority', 'type', 'tags', 'organization', 'assignee', 'requester', 'url'].map((f) => ({ token: `{{ticket.${f}}}`, group: 'Ticket', currentUser: false })),
  ...['email', 'name', 'firstName', 'lastName'].map((f) => ({ token: `{{currentUser.${f}}}`, group: 'Current user', currentUser: true })),
  ...['all', 'latest', 'latest10', 'latest20', 'latestPrivate', 'latestPublic'].map((f) => ({ token: `{{ticket.comments.${f}}}`, group: 'Comments', currentUser: false })),
] as const;
export function placeholdersFor(type: TriggerType): ReadonlyArray<{ token: string; group: string }> {
  return PLACEHOLDERS.filter((p) => !(type === 'TIME_BASED' && p.currentUser));
}
