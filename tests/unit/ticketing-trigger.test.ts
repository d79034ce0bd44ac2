/** The automation and board editor's rules (spec/ticketing-automations-psa.md §2.1, §3.1, §4.1, §5.1, §8.1, §9.1). */
import { describe, expect, it } from 'vitest';
import type { ConditionRow, Trigger, TriggerAction, TriggerType } from '../../src/shared/model/ticketing';
import { REQUIRED_MESSAGE } from '../../src/shared/rules/platform/messages';
import {
  addableColumns,
  agreementColumnAllowed,
  BOARD_COLUMN_LABELS,
  boardColumnChoices,
  canAddAction,
  copyOfTriggerForm,
  DEFAULT_BOARD_COLUMNS,
  DEFAULT_BOARD_SORT,
  distinctColumns,
  formOfTrigger,
  generalDisabled,
  newTriggerForm,
  saveFailureMessage,
  triggerFormSchema,
  triggerPayload,
  triggerPayloadSchema,
  triggerTabs,
  triggerTitle,
  TRIGGER_MESSAGES,
  withoutTag,
  type TriggerForm,
} from '../../src/shared/rules/ticketing/trigger';

const TIME_SINCE_MESSAGE = "Time-based automations require at least one 'time since' condition to be set";

const errorsOf = (type: TriggerType, form: TriggerForm, options: Parameters<typeof triggerFormSchema>[1] = {}) => {
  const result = triggerFormSchema(type, options).safeParse(form);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const row = (field: string, operator: string, value: unknown, id = `r-${field}`): ConditionRow => ({ id, field, operator, value });
const statusRow = row('status', 'equals', 'NEW');
const createdRow = row('ticket_created', 'hours_since:greater_or_equal_than', { hours: 1, minutes: 0 });
const commentAction: TriggerAction = { type: 'ADD_TICKET_COMMENT', params: { body: 'Hi', public: true } };
const change = (field: string): TriggerAction => ({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field, value: 'a' }] } });

/** A form valid for `type`: a name, one condition (time-since for time-based) and one action (none for boards). */
const validForm = (type: TriggerType): TriggerForm => ({
  ...newTriggerForm(type),
  name: 'Escalate',
  conditions: { all: [type === 'TIME_BASED' || type === 'BOARD' ? createdRow : statusRow], any: [] },
  actions: type === 'BOARD' ? [] : [commentAction],
});

describe('automation editor: titles, tabs and defaults', () => {
  it('titles every type in add and edit mode (§2.1)', () => {
    expect(triggerTitle('EVENT_BASED', false)).toBe('Add event-based automation');
    expect(triggerTitle('EVENT_BASED', true)).toBe('Edit event-based automation');
    expect(triggerTitle('TIME_BASED', false)).toBe('Add time-based automation');
    expect(triggerTitle('TIME_BASED', true)).toBe('Edit time-based automation');
    expect(triggerTitle('RESPONSE_TEMPLATE', false)).toBe('Add response template');
    expect(triggerTitle('RESPONSE_TEMPLATE', true)).toBe('Edit response template');
    expect(triggerTitle('BOARD', false)).toBe('Add ticket board');
    expect(triggerTitle('BOARD', true)).toBe('Edit ticket board');
  });

  it('shows the tabs of each type; a system board has no Conditions (§2.1, §4.1)', () => {
    expect(triggerTabs('EVENT_BASED')).toEqual(['general', 'conditions', 'actions']);
    expect(triggerTabs('TIME_BASED')).toEqual(['general', 'conditions', 'actions']);
    expect(triggerTabs('RESPONSE_TEMPLATE')).toEqual(['general', 'actions']);
    expect(triggerTabs('BOARD')).toEqual(['general', 'conditions', 'columns']);
    expect(triggerTabs('BOARD', false)).toEqual(['general', 'conditions', 'columns']);
    expect(triggerTabs('BOARD', true)).toEqual(['general', 'columns']);
    // The system flag belongs to boards only.
    expect(triggerTabs('EVENT_BASED', true)).toEqual(['general', 'conditions', 'actions']);
  });

  it("disables a system board's General tab unless copying (§4.1, §6)", () => {
    expect(generalDisabled({ type: 'BOARD', system: true }, false)).toBe(true);
    expect(generalDisabled({ type: 'BOARD', system: true }, true)).toBe(false);
    expect(generalDisabled({ type: 'BOARD', system: false }, false)).toBe(false);
    expect(generalDisabled({ type: 'EVENT_BASED', system: true }, false)).toBe(false);
  });

  it('starts an automation enabled, unnamed, without conditions or actions (§3.1)', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(newTriggerForm(type)).toEqual({ enabled: true, name: '', description: '', conditions: { all: [], any: [] }, actions: [], columns: [], sortBy: [] });
    }
  });

  it("starts a board with §3.1's default columns in order, sorted by id DESC", () => {
    const board = newTriggerForm('BOARD');
    expect(board).toMatchObject({ enabled: true, name: '', description: '', conditions: { all: [], any: [] }, actions: [] });
    expect(board.columns).toEqual(['status', 'id', 'summary', 'organization', 'requester', 'assignee', 'type', 'source', 'createTime', 'totalTimeTracked']);
    expect(board.sortBy).toEqual([{ field: 'id', direction: 'DESC' }]);
    // Each new board has its own lists: editing one leaves the defaults alone.
    board.columns.pop();
    board.sortBy[0]!.direction = 'ASC';
    expect(DEFAULT_BOARD_COLUMNS).toHaveLength(10);
    expect(DEFAULT_BOARD_SORT).toEqual([{ field: 'id', direction: 'DESC' }]);
    expect(newTriggerForm('BOARD').columns).toHaveLength(10);
    expect(newTriggerForm('BOARD').sortBy).toEqual([{ field: 'id', direction: 'DESC' }]);
  });

  it("copies with ' (Copy)' after the name and keeps the rest (§4.1)", () => {
    const form = validForm('EVENT_BASED');
    const copy = copyOfTriggerForm(form);
    expect(copy.name).toBe('Escalate (Copy)');
    expect(copy).toEqual({ ...form, name: 'Escalate (Copy)' });
    expect(form.name).toBe('Escalate');
    // A long name's copy is refused by the form rather than cut back to the original name.
    expect(errorsOf('EVENT_BASED', copyOfTriggerForm({ ...form, name: 'n'.repeat(45) }))).toEqual({ name: expect.any(String) });
  });
});

describe('automation editor form (§5.1)', () => {
  it('accepts a valid form of every type', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const) expect(errorsOf(type, validForm(type))).toEqual({});
  });

  it('requires a name of at most 50 and a description of at most 250', () => {
    const form = validForm('EVENT_BASED');
    expect(errorsOf('EVENT_BASED', { ...form, name: '' })).toEqual({ name: REQUIRED_MESSAGE });
    expect(REQUIRED_MESSAGE).toBe('Required');
    expect(errorsOf('EVENT_BASED', { ...form, name: '   ' })).toEqual({ name: 'Required' });
    expect(errorsOf('EVENT_BASED', { ...form, name: 'n'.repeat(50) })).toEqual({});
    expect(Object.keys(errorsOf('EVENT_BASED', { ...form, name: 'n'.repeat(51) }))).toEqual(['name']);
    expect(errorsOf('EVENT_BASED', { ...form, description: 'd'.repeat(250) })).toEqual({});
    expect(Object.keys(errorsOf('EVENT_BASED', { ...form, description: 'd'.repeat(251) }))).toEqual(['description']);
  });

  it("needs at least 1 condition, except in response templates", () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'BOARD'] as const) {
      expect(errorsOf(type, { ...validForm(type), conditions: { all: [], any: [] } })).toEqual({ conditions: 'Add at least 1 condition' });
    }
    expect(errorsOf('RESPONSE_TEMPLATE', { ...validForm('RESPONSE_TEMPLATE'), conditions: { all: [], any: [] } })).toEqual({});
    // A condition in the any-group alone is enough for event-based.
    expect(errorsOf('EVENT_BASED', { ...validForm('EVENT_BASED'), conditions: { all: [], any: [statusRow] } })).toEqual({});
  });

  it("needs a 'time since' condition in the all-group of a time-based automation", () => {
    const form = validForm('TIME_BASED');
    expect(errorsOf('TIME_BASED', { ...form, conditions: { all: [statusRow], any: [] } })).toEqual({ conditions: TIME_SINCE_MESSAGE });
    expect(errorsOf('TIME_BASED', { ...form, conditions: { all: [statusRow, createdRow], any: [] } })).toEqual({});
    const statuses = [{ value: 'OPEN', name: 'Open' }];
    const sinceOpen = row('status_OPEN', 'hours_since:is', { hours: 2, minutes: 30 });
    expect(errorsOf('TIME_BASED', { ...form, conditions: { all: [sinceOpen], any: [] } }, { statuses })).toEqual({});
    // Not in the any-group.
    expect(errorsOf('TIME_BASED', { ...form, conditions: { all: [], any: [createdRow] } })).toEqual({ conditions: TIME_SINCE_MESSAGE });
    expect(errorsOf('TIME_BASED', { ...form, conditions: { all: [statusRow], any: [createdRow] } })).toEqual({ conditions: TIME_SINCE_MESSAGE });
    // Only time-based automations need one.
    expect(errorsOf('EVENT_BASED', { ...validForm('EVENT_BASED'), conditions: { all: [statusRow], any: [] } })).toEqual({});
    expect(errorsOf('BOARD', { ...validForm('BOARD'), conditions: { all: [statusRow], any: [] } })).toEqual({});
  });

  it('needs at least 1 action, except on boards; boards need at least one column', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(errorsOf(type, { ...validForm(type), actions: [] })).toEqual({ actions: 'Add at least 1 action' });
      // Columns are not checked outside boards.
      expect(errorsOf(type, { ...validForm(type), columns: [] })).toEqual({});
    }
    expect(errorsOf('BOARD', { ...validForm('BOARD'), actions: [] })).toEqual({});
    expect(errorsOf('BOARD', { ...validForm('BOARD'), columns: [] })).toEqual({ columns: 'Please add at least one column' });
  });

  it("puts a row's own problem at conditions.<group>.<i>.value", () => {
    const form = validForm('EVENT_BASED');
    const emptyStatus = row('status', 'equals', '', 'r-empty');
    expect(errorsOf('EVENT_BASED', { ...form, conditions: { all: [statusRow, emptyStatus], any: [] } })).toEqual({ 'conditions.all.1.value': 'Required' });
    expect(errorsOf('EVENT_BASED', { ...form, conditions: { all: [statusRow], any: [emptyStatus] } })).toEqual({ 'conditions.any.0.value': 'Required' });
    const badTime = row('ticket_created', 'hours_since:is', { hours: 1, minutes: 20 });
    expect(errorsOf('TIME_BASED', { ...validForm('TIME_BASED'), conditions: { all: [badTime], any: [] } })).toEqual({ 'conditions.all.0.value': 'Values must be 0, 15, 30 or 45' });
    // The status time-since fields come from the statuses given.
    const badOpen = row('status_OPEN', 'hours_since:is', { hours: 0, minutes: 0 });
    expect(errorsOf('BOARD', { ...validForm('BOARD'), conditions: { all: [badOpen], any: [] } }, { statuses: [{ value: 'OPEN', name: 'Open' }] })).toEqual({ 'conditions.all.0.value': 'Required' });
    // Deleted references come from the reference state.
    const requester = row('requester', 'equals', [5]);
    const withRequester = { ...form, conditions: { all: [requester], any: [] } };
    expect(errorsOf('EVENT_BASED', withRequester)).toEqual({});
    expect(errorsOf('EVENT_BASED', withRequester, { references: { deletedUsers: new Set([5]) } })).toEqual({ 'conditions.all.0.value': 'Must not contain deleted users' });
    // A response template's rows are not checked (they are not sent).
    expect(errorsOf('RESPONSE_TEMPLATE', { ...validForm('RESPONSE_TEMPLATE'), conditions: { all: [emptyStatus], any: [] } })).toEqual({});
  });
});

describe('one-time and forbidden actions (§4.1, §6)', () => {
  it('adds each one-time action only once in automations and response templates', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      for (const key of ['add_cc_list', 'set_cc_list', 'ADD_TICKET_COMMENT', 'TICKET_LOG_ENTRY_TIME_TRACKER']) expect(canAddAction(type, [], key)).toBe(true);
      expect(canAddAction(type, [commentAction], 'ADD_TICKET_COMMENT')).toBe(false);
      expect(canAddAction(type, [{ type: 'TICKET_LOG_ENTRY_TIME_TRACKER', params: { unit: 'HOURS', value: 1 } }], 'TICKET_LOG_ENTRY_TIME_TRACKER')).toBe(false);
      // CC actions are change actions counted by their field.
      expect(canAddAction(type, [change('add_cc_list')], 'add_cc_list')).toBe(false);
      expect(canAddAction(type, [change('set_cc_list')], 'set_cc_list')).toBe(false);
      // One one-time action does not block another.
      expect(canAddAction(type, [change('add_cc_list'), commentAction], 'set_cc_list')).toBe(true);
      expect(canAddAction(type, [commentAction], 'TICKET_LOG_ENTRY_TIME_TRACKER')).toBe(true);
      // Tags actions may repeat.
      expect(canAddAction(type, [change('add_tags'), change('add_tags')], 'add_tags')).toBe(true);
      expect(canAddAction(type, [change('remove_tags')], 'remove_tags')).toBe(true);
      expect(canAddAction(type, [change('set_tags')], 'set_tags')).toBe(true);
    }
  });

  it('offers no email or notification in response templates', () => {
    expect(canAddAction('RESPONSE_TEMPLATE', [], 'SEND_EMAIL')).toBe(false);
    expect(canAddAction('RESPONSE_TEMPLATE', [], 'SEND_NOTIFICATION')).toBe(false);
    for (const type of ['EVENT_BASED', 'TIME_BASED'] as const) {
      expect(canAddAction(type, [], 'SEND_EMAIL')).toBe(true);
      expect(canAddAction(type, [], 'SEND_NOTIFICATION')).toBe(true);
      // Not one-time: a second email is allowed.
      expect(canAddAction(type, [{ type: 'SEND_EMAIL', params: {} }], 'SEND_EMAIL')).toBe(true);
    }
  });
});

describe("the board 'agreement' column (§6)", () => {
  const user = (psaType: string | null, canAdministerPsa: boolean) => ({ psaType, permissions: { canAdministerPsa } });
  it('needs the PSA setting and the PSA administrative permission', () => {
    expect(agreementColumnAllowed(user('CONNECTWISE', true))).toBe(true);
    expect(agreementColumnAllowed(user(null, true))).toBe(false);
    expect(agreementColumnAllowed(user('AUTOTASK', false))).toBe(false);
    expect(agreementColumnAllowed(null)).toBe(false);
    const ids = (allowed: boolean) => boardColumnChoices({ psaAgreements: allowed }).map((c) => c.id);
    expect(ids(true)).toContain('agreement');
    expect(ids(false)).not.toContain('agreement');
  });
});

describe('save failures (§8.1)', () => {
  it('tells each known resultCode', () => {
    const expected: Record<string, string> = {
      email_action_comment_placeholder_invalid: 'Invalid placeholder found at email body',
      email_action_num_placeholder_comments_invalid: 'No more than one placeholder comment is allowed',
      action_comment_placeholder_not_allowed: 'Placeholder used in wrong field',
      automation_ticket_assignee_do_not_exists: 'Ticket actions cannot contain deleted users',
      ticket_changes_action_user_or_contact_not_found: 'Ticket actions cannot contain deleted users',
      email_action_user_or_contact_not_found: 'Email action cannot contain deleted users',
      email_action_body_max_length: 'Email action exceeds the maximum character length',
    };
    for (const [code, message] of Object.entries(expected)) {
      expect(saveFailureMessage('EVENT_BASED', code)).toBe(message);
      expect(saveFailureMessage('BOARD', code)).toBe(message);
    }
  });

  it('falls back to the board or automation message for anything else', () => {
    expect(saveFailureMessage('BOARD', 'something_else')).toBe('Error saving ticket board');
    expect(saveFailureMessage('BOARD', undefined)).toBe('Error saving ticket board');
    expect(saveFailureMessage('BOARD', '')).toBe('Error saving ticket board');
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE']) {
      expect(saveFailureMessage(type, 'something_else')).toBe('Error saving automation');
      expect(saveFailureMessage(type, undefined)).toBe('Error saving automation');
    }
    // Names the catalogue inherits are not resultCodes.
    for (const code of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf']) {
      expect(saveFailureMessage('BOARD', code)).toBe('Error saving ticket board');
      expect(saveFailureMessage('EVENT_BASED', code)).toBe('Error saving automation');
    }
  });
});

describe('save payload (§7.1)', () => {
  it('sends the id only when editing, and the rows without their UI-only flags', () => {
    const form: TriggerForm = {
      ...validForm('EVENT_BASED'),
      name: '  Escalate  ',
      conditions: { all: [{ ...statusRow, touched: true, validation: { error: 'x' }, metaData: { label: 'New' } }], any: [{ ...statusRow, id: 'r-any', value: undefined }] },
    };
    const created = triggerPayload(form, 'EVENT_BASED');
    expect(created).not.toHaveProperty('id');
    expect(created).toEqual({
      enabled: true,
      name: 'Escalate',
      description: '',
      type: 'EVENT_BASED',
      conditions: { all: [{ id: 'r-status', field: 'status', operator: 'equals', value: 'NEW', metaData: { label: 'New' } }], any: [{ id: 'r-any', field: 'status', operator: 'equals', value: null }] },
      actions: [commentAction],
      uploads: [],
    });
    expect(triggerPayload(form, 'EVENT_BASED', 12).id).toBe(12);
  });

  it('sends columns and sorting only for boards; no conditions for response templates, no actions for boards', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      const payload = triggerPayload({ ...validForm(type), columns: ['id'], sortBy: [{ field: 'id', direction: 'ASC' }] }, type);
      expect(payload).not.toHaveProperty('columns');
      expect(payload).not.toHaveProperty('sortBy');
      expect(payload.actions).toEqual([commentAction]);
    }
    expect(triggerPayload(validForm('TIME_BASED'), 'TIME_BASED').conditions).toEqual({ all: [{ id: 'r-ticket_created', field: 'ticket_created', operator: 'hours_since:greater_or_equal_than', value: { hours: 1, minutes: 0 } }], any: [] });
    expect(triggerPayload({ ...validForm('RESPONSE_TEMPLATE'), conditions: { all: [statusRow], any: [statusRow] } }, 'RESPONSE_TEMPLATE').conditions).toEqual({ all: [], any: [] });
    const board = triggerPayload({ ...validForm('BOARD'), actions: [commentAction] }, 'BOARD', 3);
    expect(board).toMatchObject({ id: 3, type: 'BOARD', actions: [], columns: [...DEFAULT_BOARD_COLUMNS], sortBy: [{ field: 'id', direction: 'DESC' }] });
    expect(board.conditions.all).toHaveLength(1);
  });

  it('the main process refuses a board payload without columns (and does not throw)', () => {
    const { columns: _columns, ...withoutColumns } = triggerPayload(validForm('BOARD'), 'BOARD', 3);
    expect(() => triggerPayloadSchema.safeParse(withoutColumns)).not.toThrow();
    expect(triggerPayloadSchema.safeParse(withoutColumns).success).toBe(false);
  });

  it('the main process accepts what triggerPayload builds and refuses what breaks §5.1', () => {
    const board = triggerPayload(validForm('BOARD'), 'BOARD', 3);
    const event = triggerPayload(validForm('EVENT_BASED'), 'EVENT_BASED');
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const) {
      expect(triggerPayloadSchema.safeParse(triggerPayload(validForm(type), type)).success).toBe(true);
      expect(triggerPayloadSchema.safeParse(triggerPayload(validForm(type), type, 42)).success).toBe(true);
    }
    // A board with no columns; columns on anything else.
    expect(triggerPayloadSchema.safeParse({ ...board, columns: [] }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, columns: ['id'] }).success).toBe(false);
    // The name's limits.
    expect(triggerPayloadSchema.safeParse({ ...event, name: 'n'.repeat(50) }).success).toBe(true);
    expect(triggerPayloadSchema.safeParse({ ...event, name: 'n'.repeat(51) }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, name: '  ' }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, description: 'd'.repeat(251) }).success).toBe(false);
    // Extra keys, at the top and in the conditions.
    expect(triggerPayloadSchema.safeParse({ ...event, system: true }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, conditions: { ...event.conditions, none: [] } }).success).toBe(false);
    // An unknown type, a bad id.
    expect(triggerPayloadSchema.safeParse({ ...event, type: 'SCRIPT_RULE' }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, id: 0 }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, id: 1.5 }).success).toBe(false);
    // A huge value, in a row or in an action's params.
    const huge = 'x'.repeat(100_001);
    expect(triggerPayloadSchema.safeParse({ ...event, conditions: { all: [{ ...event.conditions.all[0]!, value: huge }], any: [] } }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, actions: [{ type: 'ADD_TICKET_COMMENT', params: { body: 'x'.repeat(200_001) } }] }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, actions: [{ type: 'ADD_TICKET_COMMENT', params: { body: huge } }] }).success).toBe(true);
    // Many values each within bounds, but a whole save past 1,000,000 characters; too many params; UI-only row flags.
    const many = Array.from({ length: 6 }, () => ({ type: 'ADD_TICKET_COMMENT', params: { body: 'x'.repeat(190_000) } }));
    expect(triggerPayloadSchema.safeParse({ ...event, actions: many }).success).toBe(false);
    const params = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, 1]));
    expect(triggerPayloadSchema.safeParse({ ...event, actions: [{ type: 'X', params }] }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, conditions: { all: [{ ...event.conditions.all[0]!, touched: true }], any: [] } }).success).toBe(false);
    expect(triggerPayloadSchema.safeParse({ ...event, actions: [{ type: 'ADD_TICKET_COMMENT', params: { body: 'x'.repeat(1000) } }] }).success).toBe(true);
  });
});

describe('one assignee column (§3.1 names it assignedAppUser among the fields, assignee among the default columns)', () => {
  const boardOf = (columns: string[]): Trigger => ({ id: 1, enabled: true, name: 'B', description: '', type: 'BOARD', system: false, conditions: { all: [], any: [] }, actions: [], attachments: [], columns, sortBy: [] });

  it('is offered once, as Assignee', () => {
    const choices = boardColumnChoices({ psaAgreements: true });
    expect(choices.filter((c) => c.label === 'Assignee')).toEqual([{ id: 'assignee', label: 'Assignee' }]);
    expect(choices.map((c) => c.id)).not.toContain('assignedAppUser');
    expect(BOARD_COLUMN_LABELS.assignedAppUser).toBe('Assignee');
  });

  it('is not offered again to a board that shows it under either name', () => {
    const choices = boardColumnChoices({ psaAgreements: false });
    expect(addableColumns(['status', 'assignedAppUser'], choices).map((c) => c.id)).not.toContain('assignee');
    expect(addableColumns([...DEFAULT_BOARD_COLUMNS], choices).map((c) => c.id)).not.toContain('assignee');
    expect(addableColumns(['status'], choices).map((c) => c.id)).toContain('assignee');
  });

  it('a board stored with both shows it once, where it came first; one name alone is kept as it is', () => {
    expect(formOfTrigger(boardOf(['id', 'assignedAppUser', 'status', 'assignee'])).columns).toEqual(['id', 'assignedAppUser', 'status']);
    expect(formOfTrigger(boardOf(['assignedAppUser', 'id'])).columns).toEqual(['assignedAppUser', 'id']);
    expect(distinctColumns(['assignee', 'id', 'assignedAppUser'])).toEqual(['assignee', 'id']);
  });
});

describe('a new tag the instance refused to create (§7.1 create-tag, §8.1)', () => {
  it('is removed from every tag condition and tag action that holds it, other tags and fields kept', () => {
    const addTags: TriggerAction = { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'vip,Refused ' }] } };
    const setCc: TriggerAction = { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'set_cc_list', properties: [{ property: 'emails', value: ['refused@example.com'] }] }] } };
    const before = {
      ...newTriggerForm('EVENT_BASED'),
      conditions: {
        all: [{ id: 't', field: 'tags', operator: 'contains_any', value: ['refused', 'kept'] }],
        any: [{ id: 's', field: 'summary', operator: 'contains', value: 'refused' }],
      },
      actions: [addTags, setCc],
    };
    const after = withoutTag(before, 'REFUSED');
    expect(after.conditions.all[0]!.value).toEqual(['kept']);
    expect(after.conditions.any[0]).toBe(before.conditions.any[0]);
    expect((after.actions[0]!.params.changes as Array<{ value: string }>)[0]!.value).toBe('vip');
    expect(after.actions[1]).toBe(setCc);
  });
});

describe('a copy with no conditions says what it needs before Create', () => {
  it('words it without the save error of §5.1 (which shows after Create)', () => {
    expect(TRIGGER_MESSAGES.copyNeedsCondition).toContain('Conditions tab');
    expect(TRIGGER_MESSAGES.copyNeedsCondition.toLowerCase()).not.toContain(TRIGGER_MESSAGES.addCondition.toLowerCase());
  });
});
