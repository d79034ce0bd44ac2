/** The automation editor's condition rows (spec/ticketing-automations-psa.md §3.1, §4.1, §5.1, §9.1). */
import { describe, expect, it } from 'vitest';
import type { ConditionRow, TriggerType } from '../../src/shared/model/ticketing';
import {
  ATTRIBUTE_OPERATORS,
  changeRowField,
  changeRowOperator,
  conditionFields,
  conditionRowProblem,
  hasTimeSinceCondition,
  type ConditionField,
  type ConditionGroup,
} from '../../src/shared/rules/ticketing/conditions';

const TYPES = ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const;
const GROUPS = ['all', 'any'] as const;
const TIME_SINCE = ['ticket_created', 'ticket_changed', 'assigned', 'customer', 'technician'];
const STATUSES = [
  { value: 'OPEN', name: 'Open' },
  { value: 'WAITING', name: 'Waiting' },
];

const ids = (type: TriggerType, group: ConditionGroup, statuses = STATUSES) => conditionFields(type, group, statuses).map((f) => f.id);
const field = (type: TriggerType, group: ConditionGroup, id: string): ConditionField => {
  const found = conditionFields(type, group, STATUSES).find((f) => f.id === id);
  if (!found) throw new Error(`no field ${id} for ${type} ${group}`);
  return found;
};
const row = (fieldId: string, operator: string, value: unknown): ConditionRow => ({ id: 'r1', field: fieldId, operator, value, touched: true });
const problem = (fieldId: string, operator: string, value: unknown, type: TriggerType = 'EVENT_BASED', group: ConditionGroup = 'all', references = {}) =>
  conditionRowProblem(row(fieldId, operator, value), field(type, group, fieldId), references);

describe('condition fields per type and group (§9.1)', () => {
  it('offers the time-since fields, with one per given status, only to boards and time-based in the all-group', () => {
    for (const type of ['BOARD', 'TIME_BASED'] as const) {
      const all = ids(type, 'all');
      expect(all.slice(0, 7)).toEqual([...TIME_SINCE, 'status_OPEN', 'status_WAITING']);
      for (const id of [...TIME_SINCE, 'status_OPEN']) {
        const f = field(type, 'all', id);
        expect(f.timeSince).toBe(true);
        expect(f.operators).toEqual(['hours_since:greater_or_equal_than', 'hours_since:less_or_equal_than', 'hours_since:is']);
        expect(f.valueKind(f.operators[0]!)).toBe('timeSince');
      }
      expect(ids(type, 'any').filter((id) => TIME_SINCE.includes(id) || id.startsWith('status_'))).toEqual([]);
      // Without statuses, only the fixed five.
      expect(ids(type, 'all', []).filter((id) => id.startsWith('status_'))).toEqual([]);
      expect(ids(type, 'all', [])).toEqual(expect.arrayContaining(TIME_SINCE));
    }
    for (const type of ['EVENT_BASED', 'RESPONSE_TEMPLATE'] as const) {
      for (const group of GROUPS) expect(ids(type, group).filter((id) => TIME_SINCE.includes(id) || id.startsWith('status_'))).toEqual([]);
    }
  });

  it("offers 'action' (Ticket Created / Updated) except on boards and time-based", () => {
    for (const group of GROUPS) {
      expect(ids('EVENT_BASED', group)).toContain('action');
      expect(ids('RESPONSE_TEMPLATE', group)).toContain('action');
      expect(ids('BOARD', group)).not.toContain('action');
      expect(ids('TIME_BASED', group)).not.toContain('action');
    }
    expect(field('EVENT_BASED', 'all', 'action').choices).toBe('action');
  });

  it('offers business_hours (Within / Outside, no value) only in the all-group and not on boards', () => {
    for (const type of ['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE'] as const) {
      expect(ids(type, 'all')).toContain('business_hours');
      expect(ids(type, 'any')).not.toContain('business_hours');
    }
    for (const group of GROUPS) expect(ids('BOARD', group)).not.toContain('business_hours');
    const hours = field('EVENT_BASED', 'all', 'business_hours');
    expect(hours.operators).toEqual(['in', 'not_in']);
    expect(hours.valueKind('in')).toBe('none');
    expect(hours.valueKind('not_in')).toBe('none');
  });

  it('offers the ticket fields to every type and group', () => {
    for (const type of TYPES) {
      for (const group of GROUPS) {
        expect(ids(type, group)).toEqual(expect.arrayContaining(['type', 'status', 'source', 'severity', 'priority', 'summary', 'description', 'organization', 'requester', 'assignee', 'tags']));
      }
    }
  });

  it('offers form and location except in response templates; commentType and updated_by only event-based', () => {
    for (const group of GROUPS) {
      for (const type of ['EVENT_BASED', 'TIME_BASED', 'BOARD'] as const) expect(ids(type, group)).toEqual(expect.arrayContaining(['form', 'location']));
      expect(ids('RESPONSE_TEMPLATE', group)).not.toContain('form');
      expect(ids('RESPONSE_TEMPLATE', group)).not.toContain('location');
      expect(ids('EVENT_BASED', group)).toEqual(expect.arrayContaining(['commentType', 'updated_by']));
      for (const type of ['TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const) {
        expect(ids(type, group)).not.toContain('commentType');
        expect(ids(type, group)).not.toContain('updated_by');
      }
    }
  });

  it('offers changed and changed_to on status, source, type, severity and priority only in event-based triggers', () => {
    for (const id of ['status', 'source', 'type', 'severity', 'priority']) {
      for (const group of GROUPS) {
        expect(field('EVENT_BASED', group, id).operators).toEqual(expect.arrayContaining(['changed', 'changed_to']));
        for (const type of ['TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD'] as const) {
          expect(field(type, group, id).operators).not.toContain('changed');
          expect(field(type, group, id).operators).not.toContain('changed_to');
        }
      }
      // changed needs no value; changed_to needs one of the choices.
      expect(field('EVENT_BASED', 'all', id).valueKind('changed')).toBe('none');
      expect(field('EVENT_BASED', 'all', id).valueKind('changed_to')).toBe('choice');
    }
    for (const id of ['summary', 'description', 'organization', 'requester', 'assignee', 'tags', 'form', 'location']) {
      expect(field('EVENT_BASED', 'all', id).operators).not.toContain('changed');
      expect(field('EVENT_BASED', 'all', id).operators).not.toContain('changed_to');
    }
  });

  it('lists the operators of each attribute type', () => {
    const comparisons = ['greater_than', 'less_than', 'greater_or_equal_than', 'less_or_equal_than'];
    expect(ATTRIBUTE_OPERATORS.MULTI_SELECT).toEqual(['present', 'not_present', 'contains_any', 'contains_none']);
    expect(ATTRIBUTE_OPERATORS.DROPDOWN).toEqual(['present', 'not_present', 'equals', 'not_equals']);
    expect(ATTRIBUTE_OPERATORS.CHECKBOX).toEqual(['present', 'not_present', 'equals', 'not_equals']);
    expect(ATTRIBUTE_OPERATORS.TEXT).toEqual(['present', 'not_present', 'contains', 'does_not_contain', 'contains_any', 'contains_none']);
    for (const type of ['NUMERIC', 'DECIMAL', 'DATE']) expect(ATTRIBUTE_OPERATORS[type]).toEqual(['present', 'not_present', ...comparisons]);
  });
});

describe('changing a row (§4.1)', () => {
  it("resets the operator to the new field's first and the value to its default", () => {
    const start = row('summary', 'does_not_contain', 'disk');
    expect(changeRowField(start, field('EVENT_BASED', 'all', 'status'))).toEqual({ id: 'r1', field: 'status', operator: 'equals', value: '', touched: false });
    expect(changeRowField(start, field('TIME_BASED', 'all', 'ticket_changed'))).toEqual({
      id: 'r1',
      field: 'ticket_changed',
      operator: 'hours_since:greater_or_equal_than',
      value: { hours: 1, minutes: 0 },
      touched: false,
    });
    expect(changeRowField(start, field('EVENT_BASED', 'all', 'organization'))).toMatchObject({ field: 'organization', operator: 'equals', value: [] });
    expect(changeRowField(start, field('EVENT_BASED', 'all', 'tags'))).toMatchObject({ field: 'tags', operator: 'contains_any', value: [] });
    expect(changeRowField(start, field('EVENT_BASED', 'all', 'business_hours'))).toMatchObject({ field: 'business_hours', operator: 'in', value: null });
    // Each time-since default is its own object.
    const a = changeRowField(start, field('TIME_BASED', 'all', 'assigned'));
    const b = changeRowField(start, field('TIME_BASED', 'all', 'assigned'));
    expect(a.value).not.toBe(b.value);
  });

  it('resets the value and the touched flag on an operator change', () => {
    const org = field('EVENT_BASED', 'all', 'organization');
    expect(changeRowOperator(row('organization', 'equals', [3]), org, 'not_equals')).toEqual({ id: 'r1', field: 'organization', operator: 'not_equals', value: [], touched: false });
    expect(changeRowOperator(row('organization', 'equals', [3]), org, 'present')).toEqual({ id: 'r1', field: 'organization', operator: 'present', value: null, touched: false });
    const time = field('TIME_BASED', 'all', 'ticket_created');
    expect(changeRowOperator(row('ticket_created', 'hours_since:is', { hours: 7, minutes: 30 }), time, 'hours_since:less_or_equal_than')).toMatchObject({ value: { hours: 1, minutes: 0 }, touched: false });
  });
});

describe("a row's problem (§5.1)", () => {
  it("is 'Required' for an empty text, choice, tags or entity value", () => {
    expect(problem('summary', 'contains', '')).toBe('Required');
    expect(problem('summary', 'contains', '   ')).toBe('Required');
    expect(problem('summary', 'contains', 'disk')).toBeNull();
    expect(problem('status', 'equals', '')).toBe('Required');
    expect(problem('status', 'changed_to', '')).toBe('Required');
    expect(problem('status', 'equals', 'OPEN')).toBeNull();
    expect(problem('action', 'equals', '')).toBe('Required');
    expect(problem('action', 'equals', 'INSERT')).toBeNull();
    expect(problem('tags', 'contains_any', [])).toBe('Required');
    expect(problem('tags', 'contains_any', ['vip'])).toBeNull();
    for (const id of ['organization', 'requester', 'assignee', 'form', 'location']) {
      expect(problem(id, 'equals', [])).toBe('Required');
      expect(problem(id, 'equals', null)).toBe('Required');
      expect(problem(id, 'equals', [4])).toBeNull();
    }
  });

  it('needs no value for present, not_present, changed, in and not_in', () => {
    for (const id of ['organization', 'requester', 'assignee', 'tags', 'location']) {
      expect(problem(id, 'present', null)).toBeNull();
      expect(problem(id, 'not_present', null)).toBeNull();
    }
    expect(problem('status', 'changed', null)).toBeNull();
    expect(problem('priority', 'changed', '')).toBeNull();
    expect(problem('business_hours', 'in', null)).toBeNull();
    expect(problem('business_hours', 'not_in', null)).toBeNull();
  });

  it('checks time-since hours and minutes', () => {
    const since = (value: unknown) => problem('ticket_created', 'hours_since:is', value, 'TIME_BASED');
    const range = 'Value must be an integer between 0 and 99999';
    expect(since({ hours: 100000, minutes: 0 })).toBe(range);
    expect(since({ hours: 1.5, minutes: 0 })).toBe(range);
    expect(since({ hours: -1, minutes: 0 })).toBe(range);
    expect(since({ hours: 99999, minutes: 45 })).toBeNull();
    expect(since({ hours: 1, minutes: 20 })).toBe('Values must be 0, 15, 30 or 45');
    expect(since({ hours: 0, minutes: 0 })).toBe('Required');
    expect(since({ hours: '', minutes: '' })).toBe('Required');
    expect(since({ hours: 0, minutes: 15 })).toBeNull();
    expect(since({ hours: 5, minutes: 0 })).toBeNull();
    for (const minutes of [0, 15, 30, 45]) expect(since({ hours: 1, minutes })).toBeNull();
    // The same for a status time-since field on a board.
    expect(problem('status_OPEN', 'hours_since:greater_or_equal_than', { hours: 0, minutes: 0 }, 'BOARD')).toBe('Required');
    expect(problem('status_OPEN', 'hours_since:greater_or_equal_than', { hours: 2, minutes: 30 }, 'BOARD')).toBeNull();
  });

  it('refuses deleted users, organizations and locations and inactive forms, by the reference state', () => {
    const references = {
      deletedUsers: new Set([1]),
      deletedOrganizations: new Set([2]),
      deletedLocations: new Set([3]),
      inactiveForms: new Set([4]),
    };
    const check = (id: string, value: number[]) => problem(id, 'equals', value, 'EVENT_BASED', 'all', references);
    expect(check('requester', [9, 1])).toBe('Must not contain deleted users');
    expect(check('assignee', [1])).toBe('Must not contain deleted users');
    expect(check('organization', [2])).toBe('Must not contain deleted organizations');
    expect(check('location', [3])).toBe('Must not contain deleted locations');
    expect(check('form', [4])).toBe('Must not contain inactive forms');
    // Each set speaks only for its own kind.
    expect(check('requester', [2, 3, 4])).toBeNull();
    expect(check('organization', [1, 3, 4])).toBeNull();
    expect(check('location', [1, 2, 4])).toBeNull();
    expect(check('form', [1, 2, 3])).toBeNull();
    // Without a reference state nothing is deleted.
    expect(problem('requester', 'equals', [1])).toBeNull();
  });
});

describe('hasTimeSinceCondition (§5.1)', () => {
  it("finds a fixed or per-status 'time since' row", () => {
    expect(hasTimeSinceCondition([])).toBe(false);
    expect(hasTimeSinceCondition([row('status', 'equals', 'OPEN'), row('summary', 'contains', 'x')])).toBe(false);
    for (const id of [...TIME_SINCE, 'status_OPEN']) expect(hasTimeSinceCondition([row('status', 'equals', 'OPEN'), row(id, 'hours_since:is', { hours: 1, minutes: 0 })])).toBe(true);
  });
});

describe('rows from other clients', () => {
  it("an operator the console does not offer for a field is kept unchecked; organizations offer §9.1's parent operators", () => {
    const fields = conditionFields('EVENT_BASED', 'all');
    const status = fields.find((f) => f.id === 'status')!;
    expect(conditionRowProblem({ id: 'r', field: 'status', operator: 'contains', value: '' }, status)).toBeNull();
    const organization = fields.find((f) => f.id === 'organization')!;
    expect(organization.operators).toEqual(expect.arrayContaining(['parent_equals', 'parent_not_equals']));
    expect(conditionRowProblem({ id: 'r', field: 'organization', operator: 'parent_equals', value: [] }, organization)).toBe('Required');
  });
});
