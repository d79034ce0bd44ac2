/** The loop and conflict checks at save, as warnings naming the other automation. */
import { describe, expect, it } from 'vitest';
import type { ConditionRow, Ticket, Trigger, TriggerAction } from '../../src/shared/model/ticketing';
import { newAction, withProperty, withTags, type ActionKindKey } from '../../src/shared/rules/ticketing/actions';
import { plainTicket } from '../helpers/tickets';
import { conflictWarnings, loopWarning, madeFalseBy, SAVE_CHECK_MESSAGES, writesOf } from '../../src/shared/rules/ticketing/save-checks';

const NOW = Date.UTC(2026, 10, 27, 12);
const LOOP = 'None of its conditions is made false by its own actions: it would run every hour on the same tickets.';

const ticket = (id: number, priority: string, tags: string[] = [], status = 'OPEN'): Ticket => plainTicket(id, NOW, { priority, tags, status });
/** Tickets 1-3 HIGH, 4-6 LOW; 2 and 5 tagged vip; ticket n created n hours ago. */
const TICKETS = [1, 2, 3, 4, 5, 6].map((id) => ticket(id, id <= 3 ? 'HIGH' : 'LOW', id === 2 || id === 5 ? ['vip'] : []));

let rowIds = 0;
const row = (field: string, operator: string, value: unknown = null): ConditionRow => ({ id: `r${++rowIds}`, field, operator, value });
const tagAction = (kind: 'add_tags' | 'remove_tags' | 'set_tags', tags: string[]) => withTags(newAction(kind), tags);
const update = (field: string, value: unknown) => withProperty(newAction('update_ticket'), 'value', value, field);
const plain = (kind: ActionKindKey) => newAction(kind);
const since = (hours: number) => ({ hours, minutes: 0 });

function automation(id: number, name: string, all: ConditionRow[], actions: TriggerAction[], extra: Partial<Trigger> = {}): Trigger {
  return {
    id, enabled: true, name, description: '', type: 'TIME_BASED', system: false,
    conditions: { all, any: [] }, actions, attachments: [], columns: [], sortBy: [], ...extra,
  };
}
const timeBased = (all: ConditionRow[], actions: TriggerAction[], any: ConditionRow[] = []) => ({ type: 'TIME_BASED', conditions: { all, any }, actions });

describe('writesOf', () => {
  it('tag actions write the tags they add, remove or set, and change the ticket', () => {
    expect(writesOf([tagAction('add_tags', ['vip', 'network'])])).toEqual([{ field: 'tags', tags: { add: ['vip', 'network'] } }, { field: 'ticket_changed' }]);
    expect(writesOf([tagAction('remove_tags', ['vip'])])).toEqual([{ field: 'tags', tags: { remove: ['vip'] } }, { field: 'ticket_changed' }]);
    expect(writesOf([tagAction('set_tags', ['a', 'b'])])).toEqual([{ field: 'tags', tags: { set: ['a', 'b'] } }, { field: 'ticket_changed' }]);
    expect(writesOf([tagAction('set_tags', [])])).toEqual([{ field: 'tags', tags: { set: [] } }, { field: 'ticket_changed' }]);
  });

  it('an update writes the condition field it changes, with its value as text', () => {
    expect(writesOf([update('status', 'OPEN')])).toEqual([{ field: 'status', value: 'OPEN' }, { field: 'ticket_changed' }]);
    expect(writesOf([update('assignedAppUserId', 7)])).toEqual([{ field: 'assignee', value: '7' }, { field: 'ticket_changed' }]);
    expect(writesOf([update('requesterUid', 'u-12')])).toEqual([{ field: 'requester', value: 'u-12' }, { field: 'ticket_changed' }]);
    expect(writesOf([update('organization', 3)])).toEqual([{ field: 'organization', value: '3' }, { field: 'ticket_changed' }]);
    expect(writesOf([update('priority', 'HIGH')])[0]).toEqual({ field: 'priority', value: 'HIGH' });
    expect(writesOf([update('severity', 'MAJOR')])[0]).toEqual({ field: 'severity', value: 'MAJOR' });
    expect(writesOf([update('summary', 'Escalated')])[0]).toEqual({ field: 'summary', value: 'Escalated' });
  });

  it('an update without a value writes some value (undefined)', () => {
    const [write] = writesOf([update('status', null)]);
    expect(write).toEqual({ field: 'status' });
    expect(write!.value).toBeUndefined();
  });

  it('a comment changes the ticket and is the technician’s update; a time entry changes the ticket', () => {
    expect(writesOf([plain('ADD_TICKET_COMMENT')])).toEqual([{ field: 'ticket_changed' }, { field: 'technician' }]);
    expect(writesOf([plain('TICKET_LOG_ENTRY_TIME_TRACKER')])).toEqual([{ field: 'ticket_changed' }]);
  });

  it('an email or a notification writes nothing, nor does an action the console does not know', () => {
    expect(writesOf([plain('SEND_EMAIL')])).toEqual([]);
    expect(writesOf([plain('SEND_NOTIFICATION')])).toEqual([]);
    expect(writesOf([{ type: 'SOMETHING_NEW', params: {} }])).toEqual([]);
  });

  it('writes of several actions are listed in their order', () => {
    expect(writesOf([plain('SEND_EMAIL'), update('status', 'WAITING'), tagAction('add_tags', ['x'])])).toEqual([
      { field: 'status', value: 'WAITING' },
      { field: 'ticket_changed' },
      { field: 'tags', tags: { add: ['x'] } },
      { field: 'ticket_changed' },
    ]);
  });
});

describe('madeFalseBy', () => {
  const writes = (...actions: TriggerAction[]) => writesOf(actions);

  it('status equals WAITING: false once it is set to another status, not when set to WAITING', () => {
    const r = row('status', 'equals', 'WAITING');
    expect(madeFalseBy(r, writes(update('status', 'OPEN')))).toBe(true);
    expect(madeFalseBy(r, writes(update('status', 'WAITING')))).toBe(false);
    expect(madeFalseBy(row('status', 'equals', ['WAITING', 'OPEN']), writes(update('status', 'OPEN')))).toBe(false);
  });

  it('not_equals: false once it is set to the value, not to another', () => {
    const r = row('status', 'not_equals', 'CLOSED');
    expect(madeFalseBy(r, writes(update('status', 'CLOSED')))).toBe(true);
    expect(madeFalseBy(r, writes(update('status', 'OPEN')))).toBe(false);
  });

  it('an update without a value makes nothing false', () => {
    expect(madeFalseBy(row('status', 'equals', 'WAITING'), writes(update('status', null)))).toBe(false);
  });

  it('an entity row by the update field it maps to (assignee equals 5, set to 7)', () => {
    expect(madeFalseBy(row('assignee', 'equals', [5]), writes(update('assignedAppUserId', 7)))).toBe(true);
    expect(madeFalseBy(row('assignee', 'equals', [7]), writes(update('assignedAppUserId', 7)))).toBe(false);
    expect(madeFalseBy(row('assignee', 'not_present'), writes(update('assignedAppUserId', 7)))).toBe(true);
  });

  it('tags contains_none X: false once X is added (or set), not for another tag', () => {
    const r = row('tags', 'contains_none', ['escalated']);
    expect(madeFalseBy(r, writes(tagAction('add_tags', ['Escalated'])))).toBe(true);
    expect(madeFalseBy(r, writes(tagAction('set_tags', ['escalated', 'vip'])))).toBe(true);
    expect(madeFalseBy(r, writes(tagAction('add_tags', ['vip'])))).toBe(false);
    expect(madeFalseBy(r, writes(tagAction('remove_tags', ['escalated'])))).toBe(false);
  });

  it('tags contains_any X: false once X is removed or the tags are set without it', () => {
    const r = row('tags', 'contains_any', ['vip']);
    expect(madeFalseBy(r, writes(tagAction('remove_tags', ['VIP'])))).toBe(true);
    expect(madeFalseBy(r, writes(tagAction('set_tags', ['other'])))).toBe(true);
    expect(madeFalseBy(r, writes(tagAction('set_tags', [])))).toBe(true);
    expect(madeFalseBy(r, writes(tagAction('set_tags', ['vip', 'other'])))).toBe(false);
    expect(madeFalseBy(r, writes(tagAction('add_tags', ['other'])))).toBe(false);
    expect(madeFalseBy(r, writes(tagAction('remove_tags', ['other'])))).toBe(false);
    // Any one of the wanted tags left keeps it true.
    expect(madeFalseBy(row('tags', 'contains_any', ['vip', 'network']), writes(tagAction('remove_tags', ['vip'])))).toBe(false);
    expect(madeFalseBy(row('tags', 'contains_any', ['vip', 'network']), writes(tagAction('remove_tags', ['network', 'vip'])))).toBe(true);
  });

  it('tags not_present: false once a tag is added; present: false once the tags are set empty', () => {
    expect(madeFalseBy(row('tags', 'not_present'), writes(tagAction('add_tags', ['x'])))).toBe(true);
    expect(madeFalseBy(row('tags', 'not_present'), writes(tagAction('set_tags', ['x'])))).toBe(true);
    expect(madeFalseBy(row('tags', 'not_present'), writes(tagAction('set_tags', [])))).toBe(false);
    expect(madeFalseBy(row('tags', 'not_present'), writes(tagAction('remove_tags', ['x'])))).toBe(false);
    expect(madeFalseBy(row('tags', 'present'), writes(tagAction('set_tags', [])))).toBe(true);
    expect(madeFalseBy(row('tags', 'present'), writes(tagAction('set_tags', ['x'])))).toBe(false);
    expect(madeFalseBy(row('tags', 'present'), writes(tagAction('remove_tags', ['x'])))).toBe(false);
  });

  it("time since changed: 'at least' and 'is' are reset by any change, 'at most' is not", () => {
    for (const action of [update('status', 'OPEN'), tagAction('add_tags', ['x']), plain('ADD_TICKET_COMMENT'), plain('TICKET_LOG_ENTRY_TIME_TRACKER')]) {
      expect(madeFalseBy(row('ticket_changed', 'hours_since:greater_or_equal_than', since(24)), writes(action))).toBe(true);
      expect(madeFalseBy(row('ticket_changed', 'hours_since:is', since(24)), writes(action))).toBe(true);
      expect(madeFalseBy(row('ticket_changed', 'hours_since:less_or_equal_than', since(24)), writes(action))).toBe(false);
    }
    expect(madeFalseBy(row('ticket_changed', 'hours_since:greater_or_equal_than', since(24)), writes(plain('SEND_EMAIL')))).toBe(false);
  });

  it("time since the technician's update: reset by a comment only", () => {
    const r = row('technician', 'hours_since:greater_or_equal_than', since(48));
    expect(madeFalseBy(r, writes(plain('ADD_TICKET_COMMENT')))).toBe(true);
    expect(madeFalseBy(r, writes(update('status', 'OPEN')))).toBe(false);
    expect(madeFalseBy(row('technician', 'hours_since:less_or_equal_than', since(48)), writes(plain('ADD_TICKET_COMMENT')))).toBe(false);
  });

  it('a row on another field is not made false', () => {
    expect(madeFalseBy(row('priority', 'equals', 'HIGH'), writes(update('status', 'OPEN')))).toBe(false);
    expect(madeFalseBy(row('status', 'equals', 'WAITING'), writes(tagAction('set_tags', [])))).toBe(false);
    expect(madeFalseBy(row('tags', 'contains_any', ['vip']), writes(update('status', 'OPEN')))).toBe(false);
    expect(madeFalseBy(row('status', 'equals', 'WAITING'), [])).toBe(false);
  });
});

describe('loopWarning', () => {
  it('is only for time-based automations', () => {
    for (const type of ['EVENT_BASED', 'RESPONSE_TEMPLATE', 'BOARD']) {
      expect(loopWarning({ type, conditions: { all: [row('status', 'equals', 'WAITING')], any: [] }, actions: [plain('SEND_EMAIL')] })).toBeNull();
    }
  });

  it('warns when its actions change nothing it tests', () => {
    expect(SAVE_CHECK_MESSAGES.loop).toBe(LOOP);
    expect(loopWarning(timeBased([row('status', 'equals', 'WAITING'), row('ticket_changed', 'hours_since:greater_or_equal_than', since(24))], [plain('SEND_EMAIL')]))).toBe(LOOP);
    expect(loopWarning(timeBased([row('status', 'equals', 'WAITING')], [update('priority', 'HIGH')]))).toBe(LOOP);
    expect(loopWarning(timeBased([row('status', 'equals', 'WAITING')], [update('status', 'WAITING')]))).toBe(LOOP);
    expect(loopWarning(timeBased([], [plain('SEND_NOTIFICATION')]))).toBe(LOOP);
  });

  it('is silent when its actions make one all-row false', () => {
    expect(loopWarning(timeBased([row('priority', 'equals', 'HIGH'), row('status', 'equals', 'WAITING')], [update('status', 'OPEN')]))).toBeNull();
    expect(loopWarning(timeBased([row('priority', 'equals', 'HIGH'), row('tags', 'contains_none', ['escalated'])], [plain('SEND_EMAIL'), tagAction('add_tags', ['escalated'])]))).toBeNull();
    expect(loopWarning(timeBased([row('ticket_changed', 'hours_since:greater_or_equal_than', since(24))], [plain('ADD_TICKET_COMMENT')]))).toBeNull();
  });

  it('an any-group stops it only when every any-row is made false', () => {
    const any = [row('status', 'equals', 'WAITING'), row('tags', 'contains_any', ['vip'])];
    expect(loopWarning(timeBased([], [update('status', 'OPEN')], any))).toBe(LOOP);
    expect(loopWarning(timeBased([], [tagAction('remove_tags', ['vip'])], any))).toBe(LOOP);
    expect(loopWarning(timeBased([], [update('status', 'OPEN'), tagAction('remove_tags', ['vip'])], any))).toBeNull();
    // An all-row made false is enough whatever the any-group.
    expect(loopWarning(timeBased([row('tags', 'contains_none', ['done'])], [tagAction('add_tags', ['done'])], any))).toBeNull();
  });

  it('an empty any-group does not stop it', () => {
    expect(loopWarning(timeBased([row('priority', 'equals', 'HIGH')], [update('status', 'OPEN')], []))).toBe(LOOP);
  });
});

describe('conflictWarnings', () => {
  /** The draft: HIGH tickets (1-3) set to OPEN. */
  const draft = { id: 100, type: 'TIME_BASED', conditions: { all: [row('priority', 'equals', 'HIGH')], any: [] }, actions: [update('status', 'OPEN')] };
  const names = (others: Trigger[], d: Parameters<typeof conflictWarnings>[0] = draft) => conflictWarnings(d, others, TICKETS, NOW).map((w) => w.otherName);

  it('names the other automation, the tickets both match and the field, in the exact words (one ticket)', () => {
    const other = automation(7, 'Close VIP', [row('tags', 'contains_any', ['vip'])], [update('status', 'CLOSED')]);
    expect(conflictWarnings(draft, [other], TICKETS, NOW)).toEqual([
      { otherId: 7, otherName: 'Close VIP', fields: ['status'], tickets: 1, message: "'Close VIP' also matches 1 of the same ticket and sets Status to a different value." },
    ]);
    expect(SAVE_CHECK_MESSAGES.conflict('Close VIP', 1, 'Status')).toBe("'Close VIP' also matches 1 of the same ticket and sets Status to a different value.");
  });

  it('counts only the tickets both match (plural)', () => {
    // Matches all six; the draft only HIGH ones (1-3).
    const other = automation(8, 'Park everything', [row('priority', 'present')], [update('status', 'WAITING')]);
    const [warning] = conflictWarnings(draft, [other], TICKETS, NOW);
    expect(warning!.tickets).toBe(3);
    expect(warning!.message).toBe("'Park everything' also matches 3 of the same tickets and sets Status to a different value.");
    // Tickets 2-6 were created at least 2 hours before NOW (the time-since row is judged at `now`); of them, 2 and 3 are HIGH.
    const old = automation(9, 'Old ones', [row('ticket_created', 'hours_since:greater_or_equal_than', since(2))], [update('status', 'WAITING')]);
    expect(conflictWarnings(draft, [old], TICKETS, NOW)[0]!.tickets).toBe(2);
  });

  it('lists every clashing field and names the first by its label', () => {
    const d = { ...draft, actions: [update('assignedAppUserId', 5), update('summary', 'A'), update('status', 'OPEN')] };
    const other = automation(10, 'Other', [], [update('status', 'CLOSED'), update('summary', 'B'), update('assignedAppUserId', 6)]);
    const [warning] = conflictWarnings(d, [other], TICKETS, NOW);
    expect(warning!.fields).toEqual(['assignee', 'summary', 'status']);
    expect(warning!.message).toBe("'Other' also matches 3 of the same tickets and sets Assignee to a different value.");
    const subject = conflictWarnings({ ...draft, actions: [update('summary', 'A')] }, [other], TICKETS, NOW);
    expect(subject[0]!.message).toBe("'Other' also matches 3 of the same tickets and sets Subject to a different value.");
  });

  it('ignores disabled automations', () => {
    const on = automation(11, 'On', [], [update('status', 'CLOSED')]);
    const off = automation(12, 'Off', [], [update('status', 'CLOSED')], { enabled: false });
    expect(names([on, off])).toEqual(['On']);
  });

  it('ignores automations of another type', () => {
    const same = automation(13, 'Same type', [], [update('status', 'CLOSED')]);
    const event = automation(14, 'Event-based', [], [update('status', 'CLOSED')], { type: 'EVENT_BASED' });
    expect(names([same, event])).toEqual(['Same type']);
    // An event-based draft is checked against event-based ones.
    expect(names([same, event], { ...draft, type: 'EVENT_BASED' })).toEqual(['Event-based']);
  });

  it('ignores the draft itself (the same id)', () => {
    const itself = automation(100, 'Me as stored', [], [update('status', 'CLOSED')]);
    const other = automation(15, 'Other', [], [update('status', 'CLOSED')]);
    expect(names([itself, other])).toEqual(['Other']);
    // A new draft (no id) is checked against all of them.
    const { id: _id, ...unsaved } = draft;
    expect(names([itself, other], unsaved)).toEqual(['Me as stored', 'Other']);
  });

  it('ignores automations that write the same value, or other fields only', () => {
    const same = automation(16, 'Also OPEN', [], [update('status', 'OPEN')]);
    const otherField = automation(17, 'Priority', [], [update('priority', 'LOW')]);
    const comments = automation(18, 'Comments', [], [plain('ADD_TICKET_COMMENT'), plain('SEND_EMAIL')]);
    const clash = automation(19, 'Clash', [], [update('status', 'CLOSED')]);
    expect(names([same, otherField, comments, clash])).toEqual(['Clash']);
    // Comments on both sides touch the ticket but set nothing the other undoes.
    expect(names([comments], { ...draft, actions: [plain('ADD_TICKET_COMMENT')] })).toEqual([]);
  });

  it('ignores automations matching none of the same tickets', () => {
    const low = automation(20, 'Low ones', [row('priority', 'equals', 'LOW')], [update('status', 'CLOSED')]);
    const high = automation(21, 'High VIP', [row('priority', 'equals', 'HIGH'), row('tags', 'contains_any', ['vip'])], [update('status', 'CLOSED')]);
    expect(names([low, high])).toEqual(['High VIP']);
    expect(conflictWarnings(draft, [high], [], NOW)).toEqual([]);
  });

  it('tag clashes: set against a different set', () => {
    const d = { ...draft, actions: [tagAction('set_tags', ['a', 'b'])] };
    const different = automation(22, 'Set c', [], [tagAction('set_tags', ['c'])]);
    const sameSet = automation(23, 'Set B a', [], [tagAction('set_tags', ['B', 'a'])]);
    const warnings = conflictWarnings(d, [different, sameSet], TICKETS, NOW);
    expect(warnings.map((w) => [w.otherName, w.fields])).toEqual([['Set c', ['tags']]]);
    expect(warnings[0]!.message).toBe("'Set c' also matches 3 of the same tickets and sets Tags to a different value.");
  });

  it('tag clashes: one adds what the other removes, either way round', () => {
    const adds = { ...draft, actions: [tagAction('add_tags', ['Escalated'])] };
    const removes = automation(24, 'Removes', [], [tagAction('remove_tags', ['escalated'])]);
    const addsToo = automation(25, 'Adds too', [], [tagAction('add_tags', ['escalated'])]);
    const removesOther = automation(26, 'Removes other', [], [tagAction('remove_tags', ['vip'])]);
    expect(names([removes, addsToo, removesOther], adds)).toEqual(['Removes']);
    const draftRemoves = { ...draft, actions: [tagAction('remove_tags', ['escalated'])] };
    expect(names([removes, addsToo, removesOther], draftRemoves)).toEqual(['Adds too']);
  });

  it('rows on what happened are left out of the overlap (stored tickets carry no event)', () => {
    const other = automation(27, 'On update', [row('action', 'equals', 'UPDATE'), row('status', 'changed'), row('priority', 'equals', 'HIGH')], [update('status', 'CLOSED')]);
    const eventDraft = { ...draft, conditions: { all: [row('commentType', 'equals', 'PUBLIC'), row('tags', 'contains_any', ['vip'])], any: [] } };
    const warnings = conflictWarnings(eventDraft, [other], TICKETS, NOW);
    // vip tickets 2 and 5; of them, HIGH: 2.
    expect(warnings.map((w) => [w.otherName, w.tickets])).toEqual([['On update', 1]]);
  });
});

describe('what the ticket ends up with (review findings)', () => {
  it("a status change makes an 'hours since status X' row false; a new assignee restarts 'hours since assigned'", () => {
    const waiting = row('status_WAITING', 'hours_since:greater_or_equal_than', since(72));
    expect(loopWarning(timeBased([waiting], [update('status', 'CLOSED')]))).toBeNull();
    expect(loopWarning(timeBased([waiting], [update('status', 'WAITING')]))).toBe(LOOP);
    expect(madeFalseBy(row('assigned', 'hours_since:greater_or_equal_than', since(4)), writesOf([update('assignedAppUserId', 7)]))).toBe(true);
    expect(madeFalseBy(row('assigned', 'hours_since:less_or_equal_than', since(4)), writesOf([update('assignedAppUserId', 7)]))).toBe(false);
  });

  it('the last write of a field counts, and tag writes apply in order', () => {
    const status = row('status', 'equals', 'WAITING');
    expect(loopWarning(timeBased([status], [update('status', 'OPEN'), update('status', 'WAITING')]))).toBe(LOOP);
    expect(loopWarning(timeBased([status], [update('status', 'WAITING'), update('status', 'OPEN')]))).toBeNull();
    const none = row('tags', 'contains_none', ['x']);
    expect(loopWarning(timeBased([none], [tagAction('add_tags', ['x']), tagAction('remove_tags', ['x'])]))).toBe(LOOP);
    expect(loopWarning(timeBased([none], [tagAction('remove_tags', ['x']), tagAction('add_tags', ['x'])]))).toBeNull();
    expect(loopWarning(timeBased([row('tags', 'contains_none', 'x, y')], [tagAction('add_tags', ['y'])]))).toBeNull();
  });

  it('an any-group with a row on what happened overlaps as met; a set clashes with an add or remove', () => {
    const draft = { type: 'EVENT_BASED', conditions: { all: [], any: [row('commentType', 'equals', 'PUBLIC'), row('tags', 'contains_any', ['nothing-has-this'])] }, actions: [tagAction('set_tags', ['a'])] };
    const remover = automation(2, 'Remover', [], [tagAction('remove_tags', ['a'])], { type: 'EVENT_BASED' });
    const adder = automation(3, 'Adder', [], [tagAction('add_tags', ['b'])], { type: 'EVENT_BASED' });
    const keeper = automation(4, 'Keeper', [], [tagAction('add_tags', ['a'])], { type: 'EVENT_BASED' });
    const warnings = conflictWarnings(draft, [remover, adder, keeper], TICKETS, NOW);
    expect(warnings.map((w) => w.otherName)).toEqual(['Remover', 'Adder']);
    expect(warnings[0]!.tickets).toBe(6);
  });
});
