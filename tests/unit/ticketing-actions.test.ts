/** The automation editor's actions (spec/ticketing-automations-psa.md §3.1, §4.1, §5.1, §6, §9.1). */
import { describe, expect, it } from 'vitest';
import type { TriggerAction, TriggerType } from '../../src/shared/model/ticketing';
import { REQUIRED_MESSAGE } from '../../src/shared/rules/platform/messages';
import {
  ACTION_KINDS,
  actionKind,
  actionLabel,
  actionProblem,
  changeField,
  newAction,
  offeredActions,
  placeholdersFor,
  propertyOf,
  recipientKeys,
  tagsOf,
  withProperty,
  withTags,
  type ActionKindKey,
} from '../../src/shared/rules/ticketing/actions';
import { canAddAction, newTriggerForm, triggerFormSchema, type TriggerForm } from '../../src/shared/rules/ticketing/trigger';

const ADD_TIME_MESSAGE = 'Value must be an integer between 1 and 999999999';

/** §9.1 "Actions offered", in its order. */
const OFFERED_LABELS = ['Add tags', 'Set tags', 'Remove tags', 'Update ticket', 'Add CC', 'Set CC', 'Add comment', 'Add time', 'Send notification', 'Email'];
const KIND_KEYS: ActionKindKey[] = ['add_tags', 'set_tags', 'remove_tags', 'update_ticket', 'add_cc_list', 'set_cc_list', 'ADD_TICKET_COMMENT', 'TICKET_LOG_ENTRY_TIME_TRACKER', 'SEND_NOTIFICATION', 'SEND_EMAIL'];

const tagAction = (field: string, value: unknown): TriggerAction => ({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field, value }] } });
const updateAction = (field: string, value: unknown): TriggerAction => ({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field, properties: [{ property: 'value', value }] }] } });
const ccAction = (field: string, emails: unknown[], uids: unknown[] = []): TriggerAction => ({
  type: 'TICKET_CHANGE_VALUE',
  params: { changes: [{ order: 0, field, properties: [{ property: 'emails', value: emails }, { property: 'uids', value: uids }] }] },
});
const timeAction = (params: Record<string, unknown>): TriggerAction => ({ type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params });
const commentAction = (body: unknown): TriggerAction => ({ type: 'ADD_TICKET_COMMENT', params: { body, public: true } });
const validEmail = { to: { keys: ['REQUESTER'], emails: [], uids: [] }, subject: 'Ticket updated', body: '<p>Hello</p>', allowResponse: false };
const emailAction = (params: Record<string, unknown> = {}): TriggerAction => ({ type: 'SEND_EMAIL', params: { ...validEmail, ...params } });

describe('actions offered (§9.1, §6)', () => {
  it("lists §9.1's actions with their labels, in its order", () => {
    expect(ACTION_KINDS.map((k) => k.label)).toEqual(OFFERED_LABELS);
    expect(ACTION_KINDS.map((k) => k.key)).toEqual(KIND_KEYS);
  });

  it('offers none on boards, no notification or email in response templates, all in automations', () => {
    expect(offeredActions('BOARD')).toEqual([]);
    expect(offeredActions('RESPONSE_TEMPLATE').map((k) => k.label)).toEqual(OFFERED_LABELS.slice(0, 8));
    expect(offeredActions('RESPONSE_TEMPLATE').map((k) => k.key)).not.toContain('SEND_NOTIFICATION');
    expect(offeredActions('RESPONSE_TEMPLATE').map((k) => k.key)).not.toContain('SEND_EMAIL');
    for (const type of ['EVENT_BASED', 'TIME_BASED'] as const) {
      expect(offeredActions(type).map((k) => k.label)).toEqual(OFFERED_LABELS);
      expect(offeredActions(type).map((k) => k.key)).toEqual(KIND_KEYS);
    }
  });

  it('offers what the one-time rule lets an empty trigger add (§4.1)', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const) {
      for (const key of KIND_KEYS) expect(offeredActions(type).some((k) => k.key === key)).toBe(canAddAction(type, [], key));
    }
  });
});

describe('new actions (§3.1)', () => {
  it("holds §3.1's shape for each kind", () => {
    for (const field of ['add_tags', 'set_tags', 'remove_tags'] as const) {
      expect(newAction(field)).toEqual({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field, value: '' }] } });
    }
    for (const field of ['add_cc_list', 'set_cc_list'] as const) {
      expect(newAction(field)).toEqual({
        type: 'TICKET_CHANGE_VALUE',
        params: { changes: [{ order: 0, field, properties: [{ property: 'emails', value: [] }, { property: 'uids', value: [] }] }] },
      });
    }
    expect(newAction('update_ticket')).toEqual({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'status', properties: [{ property: 'value', value: '' }] }] } });
    expect(newAction('ADD_TICKET_COMMENT')).toEqual({ type: 'ADD_TICKET_COMMENT', params: { body: '', public: false } });
    expect(newAction('TICKET_LOG_ENTRY_TIME_TRACKER')).toEqual({ type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params: { unit: 'MINUTES', value: 15 } });
    expect(newAction('SEND_NOTIFICATION')).toEqual({ type: 'SEND_NOTIFICATION', params: { channels: [] } });
    expect(newAction('SEND_EMAIL')).toEqual({ type: 'SEND_EMAIL', params: { to: { keys: [], emails: [], uids: [] }, subject: '', body: '', allowResponse: false } });
  });

  it('gives each call its own lists', () => {
    const first = newAction('SEND_EMAIL');
    (first.params.to as { keys: string[] }).keys.push('REQUESTER');
    expect(newAction('SEND_EMAIL').params.to).toEqual({ keys: [], emails: [], uids: [] });
  });

  it('reads its kind and label back', () => {
    for (const [i, key] of KIND_KEYS.entries()) {
      expect(actionKind(newAction(key))).toBe(key);
      expect(actionLabel(newAction(key))).toBe(OFFERED_LABELS[i]);
    }
  });

  it('reads every §9.1 update field as Update ticket', () => {
    for (const field of ['organization', 'assignedAppUserId', 'requesterUid', 'status', 'severity', 'priority', 'summary']) {
      expect(actionKind(updateAction(field, 'x'))).toBe('update_ticket');
      expect(actionLabel(updateAction(field, 'x'))).toBe('Update ticket');
    }
  });

  it('does not know an unknown type or change field: null kind, the raw type as label', () => {
    const unknown: TriggerAction = { type: 'RUN_SCRIPT', params: {} };
    expect(actionKind(unknown)).toBeNull();
    expect(actionLabel(unknown)).toBe('RUN_SCRIPT');
    const otherField = updateAction('description', 'x');
    expect(actionKind(otherField)).toBeNull();
    expect(actionLabel(otherField)).toBe('TICKET_CHANGE_VALUE');
    const noChanges: TriggerAction = { type: 'TICKET_CHANGE_VALUE', params: {} };
    expect(actionKind(noChanges)).toBeNull();
    expect(actionLabel(noChanges)).toBe('TICKET_CHANGE_VALUE');
    expect(actionKind({ type: 'TICKET_CHANGE_VALUE', params: { changes: [] } })).toBeNull();
  });
});

describe('tags, properties and the update field', () => {
  it('keeps tags comma-joined in the change value and reads them back', () => {
    const action = withTags(newAction('add_tags'), ['urgent', 'vip', 'billing']);
    expect(action).toEqual({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'urgent,vip,billing' }] } });
    expect(tagsOf(action)).toEqual(['urgent', 'vip', 'billing']);
    expect(actionKind(action)).toBe('add_tags');
    // Spaces and empty entries in a stored value are dropped.
    expect(tagsOf(tagAction('remove_tags', ' a , b,,c '))).toEqual(['a', 'b', 'c']);
    expect(tagsOf(newAction('set_tags'))).toEqual([]);
    expect(tagsOf(tagAction('set_tags', undefined))).toEqual([]);
    // Clearing the tags leaves an empty value.
    expect(tagsOf(withTags(action, []))).toEqual([]);
    expect((withTags(action, []).params.changes as Array<{ value: unknown }>)[0]!.value).toBe('');
  });

  it('does not change the action it is given', () => {
    const original = newAction('set_tags');
    withTags(original, ['a']);
    expect(original).toEqual(newAction('set_tags'));
    const cc = newAction('add_cc_list');
    withProperty(cc, 'emails', ['a@example.com']);
    expect(cc).toEqual(newAction('add_cc_list'));
  });

  it('sets one property and keeps the others', () => {
    const cc = withProperty(newAction('add_cc_list'), 'emails', ['a@example.com']);
    expect(propertyOf(cc, 'emails')).toEqual(['a@example.com']);
    expect(propertyOf(cc, 'uids')).toEqual([]);
    expect((cc.params.changes as Array<{ properties: unknown[] }>)[0]!.properties).toHaveLength(2);
    expect(changeField(cc)).toBe('add_cc_list');
    const both = withProperty(cc, 'uids', ['u1']);
    expect(propertyOf(both, 'emails')).toEqual(['a@example.com']);
    expect(propertyOf(both, 'uids')).toEqual(['u1']);
    expect(propertyOf(both, 'missing')).toBeUndefined();
    expect(propertyOf({ type: 'SEND_EMAIL', params: {} }, 'value')).toBeUndefined();
  });

  it('changes the update field and its value together', () => {
    const status = withProperty(newAction('update_ticket'), 'value', 'OPEN');
    expect(changeField(status)).toBe('status');
    expect(propertyOf(status, 'value')).toBe('OPEN');
    const priority = withProperty(status, 'value', 'HIGH', 'priority');
    expect(priority).toEqual({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'priority', properties: [{ property: 'value', value: 'HIGH' }] }] } });
    expect(changeField(priority)).toBe('priority');
    expect(actionKind(priority)).toBe('update_ticket');
    expect(changeField(status)).toBe('status');
    expect(changeField({ type: 'SEND_EMAIL', params: {} })).toBe('');
  });
});

describe('action problems (§5.1)', () => {
  it('accepts add time of a whole number 1 to 999999999 in a known unit', () => {
    for (const unit of ['MINUTES', 'HOURS', 'DAYS']) {
      expect(actionProblem(timeAction({ unit, value: 1 }))).toBeNull();
      expect(actionProblem(timeAction({ unit, value: 999_999_999 }))).toBeNull();
    }
    expect(actionProblem(newAction('TICKET_LOG_ENTRY_TIME_TRACKER'))).toBeNull();
  });

  it('refuses any other add-time value with the exact message', () => {
    for (const value of [0, -1, 1e9, 1.5, undefined, null, '5', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(actionProblem(timeAction({ unit: 'MINUTES', value }))).toBe(ADD_TIME_MESSAGE);
    }
    expect(actionProblem(timeAction({ unit: 'HOURS' }))).toBe(ADD_TIME_MESSAGE);
  });

  it('refuses an unknown or missing time unit', () => {
    expect(actionProblem(timeAction({ unit: 'WEEKS', value: 5 }))).toBe(REQUIRED_MESSAGE);
    expect(actionProblem(timeAction({ unit: 'minutes', value: 5 }))).toBe(REQUIRED_MESSAGE);
    expect(actionProblem(timeAction({ value: 5 }))).toBe(REQUIRED_MESSAGE);
  });

  it('accepts a complete email', () => {
    expect(actionProblem(emailAction())).toBeNull();
    expect(actionProblem(emailAction({ to: { keys: [], emails: ['someone@example.com'], uids: [] } }))).toBeNull();
    expect(actionProblem(emailAction({ to: { keys: [], emails: [], uids: ['u1'] } }))).toBeNull();
    expect(actionProblem(emailAction({ subject: 's'.repeat(100) }))).toBeNull();
  });

  it('needs an email recipient and refuses an invalid typed address', () => {
    expect(actionProblem(emailAction({ to: { keys: [], emails: [], uids: [] } }))).toBe('Recipient: Required');
    expect(actionProblem(emailAction({ to: undefined }))).toBe('Recipient: Required');
    expect(actionProblem(newAction('SEND_EMAIL'))).toBe('Recipient: Required');
    for (const bad of ['not-an-email', 'a@b', 'a b@example.com', '']) {
      expect(actionProblem(emailAction({ to: { keys: ['ASSIGNEE'], emails: ['ok@example.com', bad], uids: [] } }))).toBe(`'${bad}' is not a valid email address`);
    }
  });

  it('needs an email subject of at most 100', () => {
    expect(actionProblem(emailAction({ subject: '' }))).toBe('Subject: Required');
    expect(actionProblem(emailAction({ subject: '   ' }))).toBe('Subject: Required');
    expect(actionProblem(emailAction({ subject: undefined }))).toBe('Subject: Required');
    expect(actionProblem(emailAction({ subject: 's'.repeat(101) }))).toBe('Max length for subject is 100 chars');
  });

  it('needs an email body: empty markup is empty, text or a placeholder is not', () => {
    for (const body of ['', '<p></p>', '<p> </p>', '<p>&nbsp;</p>', '<p><br></p>', undefined]) {
      expect(actionProblem(emailAction({ body }))).toBe('Body: Required');
    }
    expect(actionProblem(emailAction({ body: 'Plain text' }))).toBeNull();
    expect(actionProblem(emailAction({ body: '<p>{{ticket.id}}</p>' }))).toBeNull();
  });

  it('takes files for an email body (§5.1 "text or uploads"), not for a comment', () => {
    expect(actionProblem(emailAction({ body: '<p></p>' }), { hasFiles: true })).toBeNull();
    expect(actionProblem(emailAction({ body: '<p></p>' }), { hasFiles: false })).toBe('Body: Required');
    // The other email checks still apply.
    expect(actionProblem(emailAction({ body: '', subject: '' }), { hasFiles: true })).toBe('Subject: Required');
    expect(actionProblem(commentAction('<p></p>'), { hasFiles: true })).toBe(REQUIRED_MESSAGE);
  });

  it('needs a comment body', () => {
    for (const body of ['', '<p></p>', '<p>  </p>', undefined]) expect(actionProblem(commentAction(body))).toBe(REQUIRED_MESSAGE);
    expect(actionProblem(newAction('ADD_TICKET_COMMENT'))).toBe(REQUIRED_MESSAGE);
    expect(actionProblem(commentAction('<p>Looking into it</p>'))).toBeNull();
    expect(actionProblem(commentAction('<p>{{ticket.comments.latest}}</p>'))).toBeNull();
  });

  it('needs an update value; a subject change is at most 200', () => {
    expect(actionProblem(newAction('update_ticket'))).toBe('Required');
    for (const value of ['', '   ', null, undefined]) expect(actionProblem(updateAction('status', value))).toBe('Required');
    expect(actionProblem(updateAction('status', 'OPEN'))).toBeNull();
    expect(actionProblem(updateAction('assignedAppUserId', 7))).toBeNull();
    expect(actionProblem(updateAction('summary', 's'.repeat(200)))).toBeNull();
    expect(actionProblem(updateAction('summary', 's'.repeat(201)))).toBe('Max length for subject is 200 chars');
    expect(actionProblem(updateAction('summary', ''))).toBe('Required');
    // Only the subject has the limit.
    expect(actionProblem(updateAction('organization', 'o'.repeat(201)))).toBeNull();
  });

  it('needs a tag to add or remove; set tags may be empty (it clears them)', () => {
    for (const field of ['add_tags', 'remove_tags'] as const) {
      expect(actionProblem(newAction(field))).toBe(REQUIRED_MESSAGE);
      expect(actionProblem(tagAction(field, ' , '))).toBe(REQUIRED_MESSAGE);
      expect(actionProblem(withTags(newAction(field), ['vip']))).toBeNull();
    }
    expect(actionProblem(newAction('set_tags'))).toBeNull();
    expect(actionProblem(withTags(newAction('set_tags'), ['vip']))).toBeNull();
  });

  it('needs a CC address and refuses invalid ones', () => {
    for (const field of ['add_cc_list', 'set_cc_list'] as const) {
      expect(actionProblem(newAction(field))).toBe(REQUIRED_MESSAGE);
      expect(actionProblem(ccAction(field, ['cc@example.com']))).toBeNull();
      expect(actionProblem(ccAction(field, [], ['u1']))).toBeNull();
      expect(actionProblem(ccAction(field, ['cc@example.com', 'nope']))).toBe("'nope' is not a valid email address");
      expect(actionProblem(ccAction(field, ['nope@'], ['u1']))).toBe("'nope@' is not a valid email address");
    }
  });

  it('needs a notification channel', () => {
    expect(actionProblem(newAction('SEND_NOTIFICATION'))).toBe(REQUIRED_MESSAGE);
    expect(actionProblem({ type: 'SEND_NOTIFICATION', params: { channels: [{ order: 0, channelId: 3, channelType: 'SLACK' }] } })).toBeNull();
  });

  it('keeps an action it does not know unchecked', () => {
    expect(actionProblem({ type: 'RUN_SCRIPT', params: {} })).toBeNull();
    expect(actionProblem(updateAction('description', ''))).toBeNull();
  });
});

describe('recipients and placeholders (§6, §9.1)', () => {
  it('hides the current user from email recipients in time-based automations only', () => {
    expect(recipientKeys('TIME_BASED').map((k) => k.key)).toEqual(['REQUESTER', 'REQUESTER_CC', 'ASSIGNEE']);
    for (const type of ['EVENT_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(recipientKeys(type).map((k) => k.key)).toEqual(['REQUESTER', 'REQUESTER_CC', 'ASSIGNEE', 'CURRENT_USER']);
    }
  });

  it("hides the current user's placeholders in time-based automations only", () => {
    const tokens = (type: TriggerType) => placeholdersFor(type).map((p) => p.token);
    const currentUser = (type: TriggerType) => tokens(type).filter((t) => t.startsWith('{{currentUser.'));
    expect(currentUser('TIME_BASED')).toEqual([]);
    for (const type of ['EVENT_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(currentUser(type)).toEqual(expect.arrayContaining(['{{currentUser.email}}', '{{currentUser.name}}']));
      expect(tokens(type).length).toBe(tokens('TIME_BASED').length + currentUser(type).length);
    }
    // The ticket's own placeholders stay.
    expect(tokens('TIME_BASED')).toEqual(expect.arrayContaining(['{{ticket.id}}', '{{ticket.subject}}', '{{ticket.url}}']));
  });

  it("offers §9.1's comments placeholders to every type", () => {
    const comments = ['all', 'latest', 'latest10', 'latest20', 'latestPrivate', 'latestPublic'].map((c) => `{{ticket.comments.${c}}}`);
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(placeholdersFor(type).map((p) => p.token)).toEqual(expect.arrayContaining(comments));
    }
  });
});

describe("the form reports an action's problem (§5.1)", () => {
  const form = (actions: TriggerAction[]): TriggerForm => ({
    ...newTriggerForm('EVENT_BASED'),
    name: 'Escalate',
    conditions: { all: [{ id: 'r1', field: 'priority', operator: 'equals', value: 'HIGH' }], any: [] },
    actions,
  });
  const errorsOf = (type: TriggerType, f: TriggerForm) => {
    const result = triggerFormSchema(type).safeParse(f);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('at actions.<i>', () => {
    const good = commentAction('<p>Hi</p>');
    expect(errorsOf('EVENT_BASED', form([good]))).toEqual({});
    expect(errorsOf('EVENT_BASED', form([good, timeAction({ unit: 'MINUTES', value: 0 })]))).toEqual({ 'actions.1': ADD_TIME_MESSAGE });
    expect(errorsOf('EVENT_BASED', form([newAction('add_tags'), good, emailAction({ subject: '' })]))).toEqual({ 'actions.0': 'Required', 'actions.2': 'Subject: Required' });
    // An unknown action is kept unchecked.
    expect(errorsOf('EVENT_BASED', form([{ type: 'RUN_SCRIPT', params: {} }]))).toEqual({});
    // A response template checks its actions too.
    expect(errorsOf('RESPONSE_TEMPLATE', { ...form([good, newAction('ADD_TICKET_COMMENT')]), conditions: { all: [], any: [] } })).toEqual({ 'actions.1': 'Required' });
  });
});

describe('a change action with several changes (§3.1 changes[])', () => {
  it('editing its first change keeps the others', () => {
    const action = { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'a' }, { order: 1, field: 'status', properties: [{ property: 'value', value: 'OPEN' }] }] } };
    const tagged = withTags(action, ['a', 'b']);
    expect(tagged.params.changes).toEqual([{ order: 0, field: 'add_tags', value: 'a,b' }, { order: 1, field: 'status', properties: [{ property: 'value', value: 'OPEN' }] }]);
    const updated = withProperty(action, 'value', 'x');
    expect((updated.params.changes as unknown[])[1]).toEqual({ order: 1, field: 'status', properties: [{ property: 'value', value: 'OPEN' }] });
  });
});

describe('§5.1 deleted users among email recipients', () => {
  it("a deleted technician picked as a recipient says 'Must not contain deleted users'", () => {
    const email = { type: 'SEND_EMAIL', params: { to: { keys: [], emails: [], uids: [9] }, toUsers: [{ id: 9, name: 'Former Technician (deleted)', deleted: true }], subject: 's', body: '<p>b</p>', allowResponse: false } };
    expect(actionProblem(email)).toBe('Must not contain deleted users');
    expect(actionProblem({ ...email, params: { ...email.params, toUsers: [{ id: 9, name: 'Tom', deleted: false }] } })).toBeNull();
  });
});
