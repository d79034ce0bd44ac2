/** The pure condition evaluator (spec/ticketing-automations-psa.md §3.1, §5.1, §9.1): every operator, the groups, the 'time since' fields. */
import { describe, expect, it } from 'vitest';
import type { ConditionRow, Ticket, TicketEvent, TriggerConditions } from '../../src/shared/model/ticketing';
import { evaluateConditions, evaluateRow, matchesConditions } from '../../src/shared/rules/ticketing/evaluate';

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.UTC(2024, 5, 10, 12, 0, 0);
const ago = (hours: number, minutes = 0, seconds = 0) => NOW - hours * HOUR - minutes * MIN - seconds * 1000;

const ticket = (overrides: Partial<Ticket> = {}): Ticket => ({
  id: 101,
  summary: 'Printer on Floor 3 is OFFLINE',
  description: 'The network printer stopped answering after the VPN change.',
  status: 'WAITING',
  priority: 'HIGH',
  severity: 'MAJOR',
  type: 'INCIDENT',
  source: 'EMAIL',
  organization: { id: 7, name: 'Acme Corp', parentId: 3 },
  location: { id: 21, name: 'Berlin office' },
  requester: { id: 31, name: 'Rita Requester' },
  assignedAppUser: { id: 41, name: 'Tom Technician' },
  ticketForm: { id: 51, name: 'Hardware form' },
  device: { id: 61, name: 'PRN-03' },
  tags: ['VIP', 'network'],
  createTime: ago(26, 15),
  lastUpdated: ago(2),
  lastUpdatedBy: 'Tom Technician',
  lastUpdatedTimeByAssignee: ago(1, 15),
  lastUpdatedTimeByRequester: ago(10, 45),
  solvedTime: null,
  totalTimeTracked: 90,
  agreement: null,
  attributes: {
    '1': 12, // dropdown: value id
    '2': true, // checkbox
    '3': [3, 5], // multi-select: value ids
    '4': 'Needs a new Toner cartridge', // text
    '5': 42, // numeric
    '6': 2.5, // decimal
    '7': '2024-03-15T00:00:00.000Z', // date as ISO
    '8': Date.UTC(2024, 2, 15), // date as epoch ms
    '9': [
      { id: 3, name: 'Red' },
      { id: 5, name: 'Blue' },
    ], // multi-select as value objects
    '10': false, // checkbox, unchecked
    '11': '', // empty text
    '12': [], // empty multi-select
    '13': null,
  },
  statusSince: { OPEN: ago(30), WAITING: ago(4, 30) },
  assignedTime: ago(5, 30),
  ...overrides,
});

const event = (overrides: Partial<TicketEvent> = {}): TicketEvent => ({
  action: 'UPDATE',
  changed: { status: 'OPEN' },
  commentType: 'PUBLIC',
  updatedBy: 'TECHNICIAN',
  withinBusinessHours: true,
  ...overrides,
});

const row = (field: string, operator: string, value: unknown = null, id = `r-${field}-${operator}`): ConditionRow => ({ id, field, operator, value });
const ev = (field: string, operator: string, value: unknown = null, t: Ticket = ticket(), e: TicketEvent | null = null) => evaluateRow(row(field, operator, value), t, e, NOW);
const pass = (field: string, operator: string, value: unknown = null, t: Ticket = ticket(), e: TicketEvent | null = null) => ev(field, operator, value, t, e).pass;
const actual = (field: string, operator: string, value: unknown = null, t: Ticket = ticket(), e: TicketEvent | null = null) => ev(field, operator, value, t, e).actual;

const GE = 'hours_since:greater_or_equal_than';
const LE = 'hours_since:less_or_equal_than';
const IS = 'hours_since:is';

describe('evaluateRow: the result shape', () => {
  it('echoes the row id, field and operator', () => {
    expect(evaluateRow(row('priority', 'equals', 'HIGH', 'row-9'), ticket(), null, NOW)).toEqual({
      rowId: 'row-9',
      field: 'priority',
      operator: 'equals',
      pass: true,
      actual: 'HIGH',
    });
  });
});

describe('time-since fields (§9.1)', () => {
  // Each field reads a different time, so reading the wrong one shows in the text and the edges.
  const cases = [
    ['ticket_created', 26, 15, '26 h 15 min'],
    ['ticket_changed', 2, 0, '2 h 0 min'],
    ['assigned', 5, 30, '5 h 30 min'],
    ['customer', 10, 45, '10 h 45 min'],
    ['technician', 1, 15, '1 h 15 min'],
  ] as const;

  it.each(cases)('%s: shows the elapsed time and compares it with greater/less or equal', (field, hours, minutes, text) => {
    expect(actual(field, GE, { hours, minutes })).toBe(text);
    expect(pass(field, GE, { hours, minutes })).toBe(true);
    expect(pass(field, GE, { hours, minutes: minutes + 15 })).toBe(false);
    expect(pass(field, LE, { hours, minutes })).toBe(true);
    expect(pass(field, LE, { hours, minutes: minutes - 15 })).toBe(false);
  });

  it.each(cases)('%s: hours_since:is holds from the threshold for one hour', (field, hours, minutes) => {
    expect(pass(field, IS, { hours, minutes })).toBe(true);
    expect(pass(field, IS, { hours: hours - 1, minutes: minutes + 15 })).toBe(true);
    expect(pass(field, IS, { hours: hours - 1, minutes })).toBe(false);
    expect(pass(field, IS, { hours, minutes: minutes + 15 })).toBe(false);
  });

  it('hours_since:is: the window edges (threshold ≤ elapsed < threshold + 60 min)', () => {
    const value = { hours: 3, minutes: 0 };
    const at = (h: number, m: number, s = 0) => pass('ticket_created', IS, value, ticket({ createTime: ago(h, m, s) }));
    expect(at(3, 0)).toBe(true); // exactly the threshold
    expect(at(2, 59, 59)).toBe(false); // just under
    expect(at(3, 59, 59)).toBe(true); // last second of the hour
    expect(at(4, 0)).toBe(false); // threshold + 60 min
  });

  it('greater/less or equal: the edges', () => {
    const at = (op: string, h: number, m: number, s = 0) => pass('ticket_created', op, { hours: 3, minutes: 0 }, ticket({ createTime: ago(h, m, s) }));
    expect(at(GE, 2, 59, 59)).toBe(false);
    expect(at(GE, 3, 0)).toBe(true);
    expect(at(LE, 3, 0, 59)).toBe(true);
    expect(at(LE, 3, 1)).toBe(false);
  });

  it('takes hours and minutes as strings too (and an empty part as 0)', () => {
    expect(pass('ticket_created', GE, { hours: '26', minutes: '15' })).toBe(true);
    expect(pass('ticket_created', GE, { hours: '26', minutes: '30' })).toBe(false);
    expect(pass('technician', GE, { hours: '', minutes: 75 })).toBe(true);
    expect(pass('technician', GE, { hours: '', minutes: 90 })).toBe(false);
  });

  it('a missing time fails every operator and shows (none)', () => {
    const t = ticket({ assignedTime: null, lastUpdatedTimeByRequester: null, lastUpdatedTimeByAssignee: null });
    for (const field of ['assigned', 'customer', 'technician']) {
      for (const op of [GE, LE, IS]) {
        expect(ev(field, op, { hours: 0, minutes: 15 }, t)).toMatchObject({ pass: false, actual: '(none)' });
      }
    }
  });

  it('a time in the future is less than any threshold', () => {
    const t = ticket({ lastUpdated: NOW + HOUR });
    expect(pass('ticket_changed', LE, { hours: 0, minutes: 15 }, t)).toBe(true);
    expect(pass('ticket_changed', GE, { hours: 0, minutes: 15 }, t)).toBe(false);
    expect(actual('ticket_changed', GE, { hours: 0, minutes: 15 }, t)).toBe('0 h 0 min');
  });

  it('accepts ISO times as well as epoch ms', () => {
    const t = ticket({ createTime: new Date(ago(26, 15)).toISOString() as unknown as number });
    expect(ev('ticket_created', GE, { hours: 26, minutes: 15 }, t)).toMatchObject({ pass: true, actual: '26 h 15 min' });
    expect(pass('ticket_created', GE, { hours: 26, minutes: 30 }, t)).toBe(false);
  });

  it('a row without a threshold cannot be told', () => {
    expect(pass('ticket_created', GE, null)).toBeNull();
    expect(pass('ticket_created', GE, { hours: 'x', minutes: 0 })).toBeNull();
    expect(actual('ticket_created', GE, null)).toBe('26 h 15 min');
  });

  it('other operators on a time-since field cannot be told', () => {
    expect(pass('ticket_created', 'equals', { hours: 1, minutes: 0 })).toBeNull();
    expect(pass('ticket_created', 'greater_than', 1)).toBeNull();
    expect(actual('ticket_created', 'equals', { hours: 1, minutes: 0 })).toBe('26 h 15 min');
  });
});

describe('status time-since fields (status_<VALUE>)', () => {
  it('counts from when the ticket entered the status it is in', () => {
    expect(ev('status_WAITING', GE, { hours: 4, minutes: 30 })).toMatchObject({ pass: true, actual: '4 h 30 min' });
    expect(pass('status_WAITING', GE, { hours: 4, minutes: 45 })).toBe(false);
    expect(pass('status_WAITING', LE, { hours: 4, minutes: 30 })).toBe(true);
    expect(pass('status_WAITING', LE, { hours: 4, minutes: 15 })).toBe(false);
    expect(pass('status_WAITING', IS, { hours: 4, minutes: 0 })).toBe(true);
    expect(pass('status_WAITING', IS, { hours: 3, minutes: 30 })).toBe(false);
  });

  it('fails while the ticket is in another status, even with a time for that status', () => {
    // statusSince.OPEN is 30 h ago, which would pass all of these were the ticket open.
    for (const [op, value] of [
      [GE, { hours: 1, minutes: 0 }],
      [LE, { hours: 99, minutes: 0 }],
      [IS, { hours: 30, minutes: 0 }],
    ] as const) {
      expect(ev('status_OPEN', op, value)).toMatchObject({ pass: false, actual: 'not in status OPEN' });
      expect(pass('status_OPEN', op, value, ticket({ status: 'OPEN' }))).toBe(true);
    }
  });

  it('compares the status exactly', () => {
    expect(ev('status_waiting', GE, { hours: 1, minutes: 0 })).toMatchObject({ pass: false, actual: 'not in status waiting' });
  });

  it('keeps an underscore in the status value', () => {
    const t = ticket({ status: 'ON_HOLD', statusSince: { ON_HOLD: ago(6) } });
    expect(ev('status_ON_HOLD', GE, { hours: 6, minutes: 0 }, t)).toMatchObject({ pass: true, actual: '6 h 0 min' });
  });

  it('in the status without a recorded time: fails with (none)', () => {
    const t = ticket({ status: 'NEW' });
    expect(ev('status_NEW', GE, { hours: 1, minutes: 0 }, t)).toMatchObject({ pass: false, actual: '(none)' });
  });

  it('other operators cannot be told', () => {
    expect(pass('status_WAITING', 'equals', 'x')).toBeNull();
    expect(pass('status_OPEN', 'equals', 'x')).toBeNull();
  });
});

describe('choice fields: type, status, source, severity, priority', () => {
  it.each([
    ['type', 'INCIDENT'],
    ['status', 'WAITING'],
    ['source', 'EMAIL'],
    ['severity', 'MAJOR'],
    ['priority', 'HIGH'],
  ])('%s reads the ticket value and compares it by equality', (field, value) => {
    expect(ev(field, 'equals', value)).toMatchObject({ pass: true, actual: value });
    expect(pass(field, 'equals', 'OTHER')).toBe(false);
    expect(pass(field, 'not_equals', 'OTHER')).toBe(true);
    expect(pass(field, 'not_equals', value)).toBe(false);
    expect(pass(field, 'is', value)).toBe(true);
    expect(pass(field, 'is', 'OTHER')).toBe(false);
  });

  it('compares exactly (choices are the instance values)', () => {
    expect(pass('priority', 'equals', 'high')).toBe(false);
    expect(pass('priority', 'not_equals', 'high')).toBe(true);
  });

  it('an empty value: equals fails, not_equals holds, shown as (none)', () => {
    const t = ticket({ priority: null });
    expect(ev('priority', 'equals', 'HIGH', t)).toMatchObject({ pass: false, actual: '(none)' });
    expect(pass('priority', 'not_equals', 'HIGH', t)).toBe(true);
  });

  it('present / not_present', () => {
    expect(pass('severity', 'present')).toBe(true);
    expect(pass('severity', 'not_present')).toBe(false);
    expect(pass('severity', 'present', null, ticket({ severity: null }))).toBe(false);
    expect(pass('severity', 'not_present', null, ticket({ severity: null }))).toBe(true);
  });

  it('a row without a value cannot be told', () => {
    expect(pass('priority', 'equals', '')).toBeNull();
    expect(pass('priority', 'not_equals', null)).toBeNull();
  });
});

describe('changed and changed_to (event-based)', () => {
  const e = event({ changed: { status: 'OPEN' } });

  it('changed: the field is among the event changes', () => {
    expect(ev('status', 'changed', null, ticket(), e)).toMatchObject({ pass: true, actual: 'OPEN → WAITING' });
    expect(ev('priority', 'changed', null, ticket(), e)).toMatchObject({ pass: false, actual: 'HIGH (unchanged)' });
  });

  it('changed_to: changed and the new value is the row value', () => {
    expect(pass('status', 'changed_to', 'WAITING', ticket(), e)).toBe(true);
    expect(pass('status', 'changed_to', 'OPEN', ticket(), e)).toBe(false);
    // Choices compare exactly here too.
    expect(pass('status', 'changed_to', 'waiting', ticket(), e)).toBe(false);
    // Unchanged, though the value matches.
    expect(pass('priority', 'changed_to', 'HIGH', ticket(), e)).toBe(false);
    expect(actual('status', 'changed_to', 'WAITING', ticket(), e)).toBe('OPEN → WAITING');
  });

  it('a change from nothing shows (none)', () => {
    expect(actual('severity', 'changed', null, ticket(), event({ changed: { severity: null } }))).toBe('(none) → MAJOR');
  });

  it('without an event: cannot be told', () => {
    expect(ev('status', 'changed', null, ticket(), null)).toEqual({ rowId: 'r-status-changed', field: 'status', operator: 'changed', pass: null, actual: 'no event' });
    expect(ev('status', 'changed_to', 'WAITING', ticket(), null)).toMatchObject({ pass: null, actual: 'no event' });
  });

  it('changed_to without a value cannot be told', () => {
    expect(pass('status', 'changed_to', '', ticket(), e)).toBeNull();
  });

  it('also works on entity fields (by id)', () => {
    const change = event({ changed: { assignee: { id: 40, name: 'Old Tech' } } });
    expect(ev('assignee', 'changed', null, ticket(), change)).toMatchObject({ pass: true, actual: 'Old Tech → Tom Technician' });
    expect(pass('assignee', 'changed_to', [41], ticket(), change)).toBe(true);
    expect(pass('assignee', 'changed_to', [40], ticket(), change)).toBe(false);
  });
});

describe('text fields: summary, description', () => {
  it('contains / does_not_contain: case-insensitive substring', () => {
    expect(pass('summary', 'contains', 'offline')).toBe(true);
    expect(pass('summary', 'contains', 'FLOOR 3')).toBe(true);
    expect(pass('summary', 'contains', 'scanner')).toBe(false);
    expect(pass('summary', 'does_not_contain', 'scanner')).toBe(true);
    expect(pass('summary', 'does_not_contain', 'PRINTER')).toBe(false);
    expect(pass('description', 'contains', 'vpn CHANGE')).toBe(true);
    expect(pass('description', 'contains', 'offline')).toBe(false);
    expect(pass('description', 'does_not_contain', 'offline')).toBe(true);
    expect(pass('description', 'does_not_contain', 'network')).toBe(false);
  });

  it('equals / not_equals: case-insensitive equality', () => {
    expect(pass('summary', 'equals', 'printer on floor 3 is offline')).toBe(true);
    expect(pass('summary', 'equals', 'Printer on Floor 3')).toBe(false);
    expect(pass('summary', 'not_equals', 'Printer on Floor 3')).toBe(true);
    expect(pass('summary', 'not_equals', 'PRINTER ON FLOOR 3 IS OFFLINE')).toBe(false);
  });

  it('an empty text: contains fails, does_not_contain holds', () => {
    const t = ticket({ description: '' });
    expect(pass('description', 'contains', 'x', t)).toBe(false);
    expect(pass('description', 'does_not_contain', 'x', t)).toBe(true);
    expect(actual('description', 'contains', 'x', t)).toBe('(none)');
  });

  it('shows the text, cut to 80 characters', () => {
    expect(actual('summary', 'contains', 'x')).toBe('Printer on Floor 3 is OFFLINE');
    const long = `${'a'.repeat(79)}bcdef`;
    expect(actual('description', 'contains', 'x', ticket({ description: long }))).toBe(`${'a'.repeat(79)}…`);
    const exact = 'c'.repeat(80);
    expect(actual('description', 'contains', 'x', ticket({ description: exact }))).toBe(exact);
  });

  it('a row without text cannot be told', () => {
    expect(pass('summary', 'contains', '')).toBeNull();
    expect(pass('summary', 'does_not_contain', null)).toBeNull();
  });
});

describe('entity fields: organization, location, requester, assignee, form', () => {
  it.each([
    ['organization', 7, 'Acme Corp'],
    ['location', 21, 'Berlin office'],
    ['requester', 31, 'Rita Requester'],
    ['assignee', 41, 'Tom Technician'],
    ['form', 51, 'Hardware form'],
  ] as const)('%s: by id in the row list, shown by name', (field, id, name) => {
    expect(ev(field, 'equals', [1, id])).toMatchObject({ pass: true, actual: name });
    expect(pass(field, 'equals', [1, 2])).toBe(false);
    expect(pass(field, 'not_equals', [1, 2])).toBe(true);
    expect(pass(field, 'not_equals', [id])).toBe(false);
  });

  it('assignee is the assigned app user, not the requester', () => {
    expect(pass('assignee', 'equals', [31])).toBe(false);
    expect(pass('requester', 'equals', [41])).toBe(false);
  });

  it('accepts ids as numeric strings', () => {
    expect(pass('organization', 'equals', ['7'])).toBe(true);
    expect(pass('organization', 'equals', ['8'])).toBe(false);
  });

  it('no entity: equals fails, not_equals holds, (none)', () => {
    const t = ticket({ location: null });
    expect(ev('location', 'equals', [21], t)).toMatchObject({ pass: false, actual: '(none)' });
    expect(pass('location', 'not_equals', [21], t)).toBe(true);
  });

  it('present / not_present', () => {
    expect(pass('assignee', 'present')).toBe(true);
    expect(pass('assignee', 'not_present')).toBe(false);
    const t = ticket({ assignedAppUser: null });
    expect(pass('assignee', 'present', null, t)).toBe(false);
    expect(pass('assignee', 'not_present', null, t)).toBe(true);
  });

  it('parent_equals / parent_not_equals: the organization parent id', () => {
    expect(ev('organization', 'parent_equals', [3, 9])).toMatchObject({ pass: true, actual: 'Acme Corp (parent 3)' });
    expect(pass('organization', 'parent_equals', [7])).toBe(false);
    expect(pass('organization', 'parent_not_equals', [7])).toBe(true);
    expect(pass('organization', 'parent_not_equals', [3])).toBe(false);
    const orphan = ticket({ organization: { id: 7, name: 'Acme Corp', parentId: null } });
    expect(ev('organization', 'parent_equals', [3], orphan)).toMatchObject({ pass: false, actual: 'Acme Corp (no parent)' });
    expect(pass('organization', 'parent_not_equals', [3], orphan)).toBe(true);
  });

  it('parent operators on other entities cannot be told', () => {
    expect(pass('location', 'parent_equals', [21])).toBeNull();
  });

  it('an empty id list cannot be told', () => {
    expect(pass('organization', 'equals', [])).toBeNull();
    expect(pass('organization', 'not_equals', [])).toBeNull();
  });
});

describe('tags', () => {
  it('contains_any / contains_none: case-insensitive, whole tags', () => {
    expect(pass('tags', 'contains_any', ['vip', 'printer'])).toBe(true);
    expect(pass('tags', 'contains_any', ['NETWORK'])).toBe(true);
    expect(pass('tags', 'contains_any', ['printer', 'net'])).toBe(false);
    expect(pass('tags', 'contains_none', ['printer', 'net'])).toBe(true);
    expect(pass('tags', 'contains_none', ['printer', 'Vip'])).toBe(false);
  });

  it('takes a comma-joined string too', () => {
    expect(pass('tags', 'contains_any', 'printer, network')).toBe(true);
    expect(pass('tags', 'contains_any', 'printer, scanner')).toBe(false);
  });

  it('present / not_present', () => {
    expect(pass('tags', 'present')).toBe(true);
    expect(pass('tags', 'not_present')).toBe(false);
    expect(pass('tags', 'present', null, ticket({ tags: [] }))).toBe(false);
    expect(pass('tags', 'not_present', null, ticket({ tags: [] }))).toBe(true);
  });

  it('shows the tags joined, (none) when there are none', () => {
    expect(actual('tags', 'present')).toBe('VIP, network');
    expect(actual('tags', 'present', null, ticket({ tags: [] }))).toBe('(none)');
  });

  it('no tags: contains_any fails, contains_none holds', () => {
    expect(pass('tags', 'contains_any', ['vip'], ticket({ tags: [] }))).toBe(false);
    expect(pass('tags', 'contains_none', ['vip'], ticket({ tags: [] }))).toBe(true);
  });

  it('an empty row list cannot be told', () => {
    expect(pass('tags', 'contains_any', [])).toBeNull();
  });
});

describe('event-only fields', () => {
  it('action: the event action', () => {
    expect(ev('action', 'equals', 'UPDATE', ticket(), event())).toMatchObject({ pass: true, actual: 'UPDATE' });
    expect(pass('action', 'equals', 'INSERT', ticket(), event())).toBe(false);
    expect(pass('action', 'equals', 'INSERT', ticket(), event({ action: 'INSERT' }))).toBe(true);
  });

  it('commentType and updated_by: from the event', () => {
    const e = event({ commentType: 'PRIVATE', updatedBy: 'REQUESTER' });
    expect(ev('commentType', 'equals', 'PRIVATE', ticket(), e)).toMatchObject({ pass: true, actual: 'PRIVATE' });
    expect(pass('commentType', 'equals', 'PUBLIC', ticket(), e)).toBe(false);
    expect(ev('updated_by', 'equals', 'REQUESTER', ticket(), e)).toMatchObject({ pass: true, actual: 'REQUESTER' });
    expect(pass('updated_by', 'equals', 'TECHNICIAN', ticket(), e)).toBe(false);
    expect(pass('updated_by', 'not_equals', 'TECHNICIAN', ticket(), e)).toBe(true);
    expect(pass('updated_by', 'not_equals', 'REQUESTER', ticket(), e)).toBe(false);
  });

  it('no comment: commentType equals fails, shown as (none)', () => {
    expect(ev('commentType', 'equals', 'PUBLIC', ticket(), event({ commentType: null }))).toMatchObject({ pass: false, actual: '(none)' });
  });

  it('business_hours: in = within, not_in = outside', () => {
    const within = event({ withinBusinessHours: true });
    const outside = event({ withinBusinessHours: false });
    expect(ev('business_hours', 'in', null, ticket(), within)).toMatchObject({ pass: true, actual: 'within business hours' });
    expect(ev('business_hours', 'in', null, ticket(), outside)).toMatchObject({ pass: false, actual: 'outside business hours' });
    expect(pass('business_hours', 'not_in', null, ticket(), outside)).toBe(true);
    expect(pass('business_hours', 'not_in', null, ticket(), within)).toBe(false);
    expect(pass('business_hours', 'equals', 'x', ticket(), within)).toBeNull();
  });

  it.each([
    ['action', 'equals', 'UPDATE'],
    ['commentType', 'equals', 'PUBLIC'],
    ['updated_by', 'equals', 'TECHNICIAN'],
    ['business_hours', 'in', null],
    ['business_hours', 'not_in', null],
  ])('%s %s without an event: cannot be told', (field, op, value) => {
    expect(ev(field, op, value, ticket(), null)).toMatchObject({ pass: null, actual: 'no event' });
    // ...while the same row with an event is decided.
    expect(typeof pass(field, op, value, ticket(), event())).toBe('boolean');
  });
});

describe('ticket attributes (attribute:{id})', () => {
  it('dropdown: the value id against the row string', () => {
    expect(ev('attribute:1', 'equals', '12')).toMatchObject({ pass: true, actual: '12' });
    expect(pass('attribute:1', 'equals', '13')).toBe(false);
    expect(pass('attribute:1', 'not_equals', '13')).toBe(true);
    expect(pass('attribute:1', 'not_equals', '12')).toBe(false);
    expect(pass('attribute:1', 'present')).toBe(true);
    expect(pass('attribute:1', 'not_present')).toBe(false);
  });

  it('dropdown stored as a value object: by id or by name, case-insensitively', () => {
    const t = ticket({ attributes: { '1': { id: 12, name: 'Hardware' } } });
    expect(ev('attribute:1', 'equals', '12', t)).toMatchObject({ pass: true, actual: 'Hardware' });
    expect(pass('attribute:1', 'equals', 'hardware', t)).toBe(true);
    expect(pass('attribute:1', 'equals', '13', t)).toBe(false);
    expect(pass('attribute:1', 'not_equals', '12', t)).toBe(false);
    expect(pass('attribute:1', 'not_equals', '13', t)).toBe(true);
  });

  it("checkbox: 'true' / 'false'", () => {
    expect(ev('attribute:2', 'equals', 'true')).toMatchObject({ pass: true, actual: 'true' });
    expect(pass('attribute:2', 'equals', 'false')).toBe(false);
    expect(ev('attribute:10', 'equals', 'false')).toMatchObject({ pass: true, actual: 'false' });
    expect(pass('attribute:10', 'equals', 'true')).toBe(false);
    expect(pass('attribute:10', 'not_equals', 'true')).toBe(true);
    expect(pass('attribute:2', 'not_equals', 'true')).toBe(false);
    // A checkbox stored as text.
    expect(pass('attribute:2', 'equals', 'true', ticket({ attributes: { '2': 'true' } }))).toBe(true);
  });

  it('multi-select (value ids): contains_any / contains_none', () => {
    expect(ev('attribute:3', 'contains_any', ['9', '5'])).toMatchObject({ pass: true, actual: '3, 5' });
    expect(pass('attribute:3', 'contains_any', ['9'])).toBe(false);
    expect(pass('attribute:3', 'contains_none', ['9'])).toBe(true);
    expect(pass('attribute:3', 'contains_none', ['3'])).toBe(false);
    expect(pass('attribute:3', 'present')).toBe(true);
    expect(pass('attribute:12', 'present')).toBe(false);
    expect(pass('attribute:12', 'not_present')).toBe(true);
  });

  it('multi-select (value objects): by id or name, case-insensitively', () => {
    expect(ev('attribute:9', 'contains_any', ['blue'])).toMatchObject({ pass: true, actual: 'Red, Blue' });
    expect(pass('attribute:9', 'contains_any', ['3'])).toBe(true);
    expect(pass('attribute:9', 'contains_any', ['green', '9'])).toBe(false);
    expect(pass('attribute:9', 'contains_none', ['RED'])).toBe(false);
    expect(pass('attribute:9', 'contains_none', ['green'])).toBe(true);
  });

  it('text: contains / does_not_contain / contains_any / contains_none, case-insensitive', () => {
    expect(ev('attribute:4', 'contains', 'TONER')).toMatchObject({ pass: true, actual: 'Needs a new Toner cartridge' });
    expect(pass('attribute:4', 'contains', 'ink')).toBe(false);
    expect(pass('attribute:4', 'does_not_contain', 'ink')).toBe(true);
    expect(pass('attribute:4', 'does_not_contain', 'toner')).toBe(false);
    expect(pass('attribute:4', 'contains_any', ['ink', 'CARTRIDGE'])).toBe(true);
    expect(pass('attribute:4', 'contains_any', 'ink, drum')).toBe(false);
    expect(pass('attribute:4', 'contains_any', 'ink, toner')).toBe(true);
    expect(pass('attribute:4', 'contains_none', ['ink', 'drum'])).toBe(true);
    expect(pass('attribute:4', 'contains_none', ['drum', 'New'])).toBe(false);
  });

  it('numeric: the four comparisons and is', () => {
    expect(ev('attribute:5', 'greater_than', 40)).toMatchObject({ pass: true, actual: '42' });
    expect(pass('attribute:5', 'greater_than', 42)).toBe(false);
    expect(pass('attribute:5', 'less_than', 43)).toBe(true);
    expect(pass('attribute:5', 'less_than', 42)).toBe(false);
    expect(pass('attribute:5', 'greater_or_equal_than', 42)).toBe(true);
    expect(pass('attribute:5', 'greater_or_equal_than', 43)).toBe(false);
    expect(pass('attribute:5', 'less_or_equal_than', 42)).toBe(true);
    expect(pass('attribute:5', 'less_or_equal_than', 41)).toBe(false);
    expect(pass('attribute:5', 'is', 42)).toBe(true);
    expect(pass('attribute:5', 'is', 41)).toBe(false);
    // Row values as strings; numbers compare as numbers, not as text ('9' > '42' as text).
    expect(pass('attribute:5', 'greater_than', '9')).toBe(true);
    expect(pass('attribute:5', 'less_than', '100')).toBe(true);
  });

  it('decimal', () => {
    expect(ev('attribute:6', 'greater_than', 2.25)).toMatchObject({ pass: true, actual: '2.5' });
    expect(pass('attribute:6', 'greater_than', 2.5)).toBe(false);
    expect(pass('attribute:6', 'less_or_equal_than', '2.5')).toBe(true);
    expect(pass('attribute:6', 'less_than', '2.5')).toBe(false);
  });

  it('date: ISO strings and epoch ms compare as times', () => {
    expect(ev('attribute:7', 'greater_than', '2024-03-01')).toMatchObject({ pass: true, actual: '2024-03-15T00:00:00.000Z' });
    expect(pass('attribute:7', 'greater_than', '2024-04-01')).toBe(false);
    expect(pass('attribute:7', 'less_than', '2024-04-01T00:00:00Z')).toBe(true);
    expect(pass('attribute:7', 'less_than', Date.UTC(2024, 2, 1))).toBe(false);
    expect(pass('attribute:7', 'greater_or_equal_than', Date.UTC(2024, 2, 15))).toBe(true);
    expect(pass('attribute:7', 'less_or_equal_than', '2024-03-14T23:59:59Z')).toBe(false);
    // Stored as epoch ms, shown as a date when compared with a date.
    expect(ev('attribute:8', 'greater_than', '2024-03-01')).toMatchObject({ pass: true, actual: '2024-03-15T00:00:00.000Z' });
    expect(pass('attribute:8', 'less_than', '2024-03-01')).toBe(false);
    expect(pass('attribute:8', 'greater_or_equal_than', '2024-03-15T00:00:00.000Z')).toBe(true);
  });

  it('comparisons: a missing value fails, a row without a value cannot be told', () => {
    expect(ev('attribute:404', 'greater_than', 1)).toMatchObject({ pass: false, actual: '(none)' });
    expect(pass('attribute:5', 'greater_than', '')).toBeNull();
    expect(pass('attribute:5', 'greater_than', 'soon')).toBeNull();
  });

  it('present / not_present: null, missing, empty text and empty lists are not present; false is', () => {
    for (const id of ['11', '12', '13', '404']) {
      expect(ev(`attribute:${id}`, 'present')).toMatchObject({ pass: false, actual: '(none)' });
      expect(pass(`attribute:${id}`, 'not_present')).toBe(true);
    }
    for (const id of ['1', '2', '3', '4', '5', '7', '10']) {
      expect(pass(`attribute:${id}`, 'present')).toBe(true);
      expect(pass(`attribute:${id}`, 'not_present')).toBe(false);
    }
  });

  it('an empty value: equals fails, not_equals holds', () => {
    expect(pass('attribute:13', 'equals', '12')).toBe(false);
    expect(pass('attribute:13', 'not_equals', '12')).toBe(true);
    expect(pass('attribute:12', 'contains_any', ['3'])).toBe(false);
    expect(pass('attribute:12', 'contains_none', ['3'])).toBe(true);
  });

  it('add / remove and unknown operators cannot be told', () => {
    expect(pass('attribute:3', 'add', ['3'])).toBeNull();
    expect(pass('attribute:4', 'parent_equals', [1])).toBeNull();
  });
});

describe('unknown fields and operators', () => {
  it('add, remove and any other operator: pass null, with the value still shown', () => {
    for (const op of ['add', 'remove', 'matches', 'hours_since:between']) {
      expect(ev('priority', op, 'HIGH')).toMatchObject({ pass: null, actual: 'HIGH' });
      expect(ev('tags', op, ['vip'])).toMatchObject({ pass: null, actual: 'VIP, network' });
      expect(ev('organization', op, [7])).toMatchObject({ pass: null, actual: 'Acme Corp' });
      expect(pass('summary', op, 'Printer')).toBeNull();
    }
  });

  it('operators of other field kinds cannot be told', () => {
    expect(pass('tags', 'equals', ['vip'])).toBeNull();
    expect(pass('priority', 'in')).toBeNull();
    expect(pass('organization', 'contains', 'Acme')).toBeNull();
    expect(pass('action', 'contains', 'UP', ticket(), event())).toBeNull();
  });

  it('an unknown field: pass null', () => {
    expect(ev('mood', 'equals', 'happy')).toMatchObject({ pass: null, actual: '(unknown field)' });
    expect(ev('constructor', 'equals', 'x')).toMatchObject({ pass: null, actual: '(unknown field)' });
    expect(ev('status_', GE, { hours: 1, minutes: 0 })).toMatchObject({ pass: null, actual: '(unknown field)' });
  });
});

describe('evaluateConditions and matchesConditions: the groups', () => {
  const yes = row('priority', 'equals', 'HIGH', 'yes');
  const yes2 = row('tags', 'contains_any', ['vip'], 'yes2');
  const no = row('priority', 'equals', 'LOW', 'no');
  const unknown = row('priority', 'add', 'HIGH', 'unknown');
  const evaluate = (all: ConditionRow[], any: ConditionRow[], e: TicketEvent | null = null) => evaluateConditions({ all, any }, ticket(), e, NOW);

  it('no rows at all: both groups hold', () => {
    expect(evaluate([], [])).toEqual({ all: [], any: [], allPass: true, anyPass: true, pass: true });
  });

  it('all-group: every row must pass', () => {
    expect(evaluate([yes, yes2], [])).toMatchObject({ allPass: true, anyPass: true, pass: true });
    expect(evaluate([yes, no], [])).toMatchObject({ allPass: false, anyPass: true, pass: false });
  });

  it('any-group: one passing row is enough', () => {
    expect(evaluate([], [no, yes])).toMatchObject({ allPass: true, anyPass: true, pass: true });
    expect(evaluate([], [no, no])).toMatchObject({ allPass: true, anyPass: false, pass: false });
  });

  it('a row that cannot be told does not pass, in either group', () => {
    expect(evaluate([yes, unknown], [])).toMatchObject({ allPass: false, pass: false });
    expect(evaluate([], [unknown])).toMatchObject({ anyPass: false, pass: false });
    expect(evaluate([], [unknown, yes])).toMatchObject({ anyPass: true, pass: true });
    // Event rows without an event.
    const action = row('action', 'equals', 'UPDATE', 'action');
    expect(evaluate([action], [])).toMatchObject({ allPass: false, pass: false });
    expect(evaluate([action], [], event())).toMatchObject({ allPass: true, pass: true });
  });

  it('both groups must hold', () => {
    expect(evaluate([yes], [no])).toMatchObject({ allPass: true, anyPass: false, pass: false });
    expect(evaluate([no], [yes])).toMatchObject({ allPass: false, anyPass: true, pass: false });
    expect(evaluate([yes], [no, yes2])).toMatchObject({ allPass: true, anyPass: true, pass: true });
  });

  it('returns every row result, in order, per group', () => {
    const result = evaluate([yes, no], [unknown, yes2]);
    expect(result.all.map((r) => [r.rowId, r.pass])).toEqual([
      ['yes', true],
      ['no', false],
    ]);
    expect(result.any.map((r) => [r.rowId, r.pass])).toEqual([
      ['unknown', null],
      ['yes2', true],
    ]);
    expect(result.all[1]).toEqual({ rowId: 'no', field: 'priority', operator: 'equals', pass: false, actual: 'HIGH' });
  });

  it('matchesConditions is evaluateConditions(...).pass', () => {
    const combos: TriggerConditions[] = [];
    for (const a of [[], [yes], [yes, yes2], [yes, no], [unknown], [no]]) {
      for (const b of [[], [yes], [no], [unknown], [no, yes2], [unknown, no]]) combos.push({ all: a, any: b });
    }
    let matched = 0;
    for (const c of combos) {
      const expected = evaluateConditions(c, ticket(), null, NOW).pass;
      expect(matchesConditions(c, ticket(), null, NOW)).toBe(expected);
      if (expected) matched += 1;
    }
    // Both outcomes occur, so agreement is not trivial.
    expect(matched).toBeGreaterThan(0);
    expect(matched).toBeLessThan(combos.length);
  });

  it('a realistic time-based rule', () => {
    const conditions: TriggerConditions = {
      all: [row('status_WAITING', GE, { hours: 4, minutes: 0 }, 'a'), row('priority', 'not_equals', 'LOW', 'b')],
      any: [row('tags', 'contains_any', ['vip'], 'c'), row('organization', 'equals', [99], 'd')],
    };
    expect(matchesConditions(conditions, ticket(), null, NOW)).toBe(true);
    expect(matchesConditions(conditions, ticket({ statusSince: { WAITING: ago(3) } }), null, NOW)).toBe(false);
    expect(matchesConditions(conditions, ticket({ tags: [] }), null, NOW)).toBe(false);
    expect(matchesConditions(conditions, ticket({ tags: [], organization: { id: 99, name: 'Other' } }), null, NOW)).toBe(true);
  });
});
