/**
 * The users, organizations and locations an automation names
 * (spec/ticketing-automations-psa.md §5.1, §6): the assignee picked from
 * technicians only, and the deleted ones found at save against the current
 * lookups, not only from what the pickers stored when they were used.
 */
import { describe, expect, it } from 'vitest';
import type { EntityLookup, LookupPage, TriggerAction } from '../../src/shared/model/ticketing';
import { deletedAmong } from '../../src/main/services/ticketing/reference-check';
import { CONDITION_MESSAGES, conditionFields, conditionRowProblem } from '../../src/shared/rules/ticketing/conditions';
import { anyDeleted, hasReferences, referenceStateOf, triggerReferences, triggerReferencesSchema } from '../../src/shared/rules/ticketing/references';
import { newTriggerForm, triggerFormSchema, type TriggerForm } from '../../src/shared/rules/ticketing/trigger';

const field = (id: string, type: 'EVENT_BASED' | 'BOARD' = 'EVENT_BASED') => conditionFields(type, 'all').find((f) => f.id === id)!;
const update = (changeField: string, value: unknown): TriggerAction => ({ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: changeField, properties: [{ property: 'value', value }] }] } });

describe('the assignee condition (§6: assignee pickers list technicians only)', () => {
  it('picks technicians for the assignee, any user for the requester, in every type that has them', () => {
    for (const type of ['EVENT_BASED', 'BOARD'] as const) {
      expect(field('assignee', type).valueKind('equals')).toBe('technicians');
      expect(field('requester', type).valueKind('equals')).toBe('users');
    }
    expect(field('assignee').valueKind('present')).toBe('none');
  });

  it('is checked as users are: required, and no deleted technician', () => {
    const row = { id: 'r', field: 'assignee', operator: 'equals', value: [] as number[] };
    expect(conditionRowProblem(row, field('assignee'))).toBe('Required');
    expect(conditionRowProblem({ ...row, value: [7] }, field('assignee'), { deletedUsers: new Set([7]) })).toBe(CONDITION_MESSAGES.deletedUsers);
    expect(conditionRowProblem({ ...row, value: [7] }, field('assignee'), { deletedUsers: new Set([8]) })).toBeNull();
  });
});

function form(overrides: Partial<TriggerForm>): TriggerForm {
  return { ...newTriggerForm('EVENT_BASED'), name: 'Check', ...overrides };
}

describe('what an automation names (the save-time check asks the lookups about these)', () => {
  const named = form({
    conditions: {
      all: [
        { id: 'a', field: 'assignee', operator: 'equals', value: [7, 8], metaData: { items: [{ id: 7, name: 'Ada Tech', deleted: false }] } },
        { id: 'o', field: 'organization', operator: 'equals', value: [30], metaData: { items: [{ id: 30, name: 'Acme', deleted: false }] } },
        // A row whose operator needs no value names nothing.
        { id: 'l', field: 'location', operator: 'present', value: [99] },
      ],
      any: [{ id: 'l2', field: 'location', operator: 'not_equals', value: [41] }],
    },
    actions: [
      update('organization', 31),
      update('assignedAppUserId', 7),
      update('requesterUid', 1001),
      update('status', 'OPEN'),
      { type: 'SEND_EMAIL', params: { to: { keys: [], emails: [], uids: [9] }, toUsers: [{ id: 9, name: 'Bo Tech', deleted: false }], subject: 's', body: 'b', allowResponse: false } },
      { type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_cc_list', properties: [{ property: 'emails', value: [] }, { property: 'uids', value: [10] }] }] } },
    ],
  });

  it('collects users, organizations and locations from conditions, Update ticket, email and CC, each once, with the names the pickers showed', () => {
    const refs = triggerReferences(named, 'EVENT_BASED');
    expect(refs.users).toEqual([{ id: 7, name: 'Ada Tech' }, { id: 8 }, { id: 1001 }, { id: 9, name: 'Bo Tech' }, { id: 10 }]);
    expect(refs.organizations).toEqual([{ id: 30, name: 'Acme' }, { id: 31 }]);
    expect(refs.locations).toEqual([{ id: 41 }]);
    expect(hasReferences(refs)).toBe(true);
    expect(triggerReferencesSchema.safeParse(refs).success).toBe(true);
    expect(hasReferences(triggerReferences(form({}), 'EVENT_BASED'))).toBe(false);
  });

  it('flags, once the lookups answer, a condition and an Update ticket action whose pick was deleted after it was stored as not deleted', () => {
    const deleted = { users: [8], organizations: [31], locations: [41] };
    expect(anyDeleted(deleted)).toBe(true);
    const issues = triggerFormSchema('EVENT_BASED', { references: referenceStateOf(deleted) }).safeParse(named);
    expect(issues.success).toBe(false);
    const byPath = Object.fromEntries((issues.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      'conditions.all.0.value': CONDITION_MESSAGES.deletedUsers,
      'conditions.any.0.value': CONDITION_MESSAGES.deletedLocations,
      'actions.0': CONDITION_MESSAGES.deletedOrganizations,
    });
    // Without the lookups' answer the stored picks (not deleted) pass: the save-time check is what finds them.
    expect(triggerFormSchema('EVENT_BASED').safeParse(named).success).toBe(true);
  });

  it('flags a deleted user in Update ticket, an email and a CC', () => {
    const state = referenceStateOf({ users: [7, 9, 10], organizations: [], locations: [] });
    const result = triggerFormSchema('EVENT_BASED', { references: state }).safeParse(form({ conditions: { all: [{ id: 'x', field: 'summary', operator: 'contains', value: 'x' }], any: [] }, actions: named.actions }));
    const paths = (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(paths).toEqual([`actions.1: ${CONDITION_MESSAGES.deletedUsers}`, `actions.4: ${CONDITION_MESSAGES.deletedUsers}`, `actions.5: ${CONDITION_MESSAGES.deletedUsers}`]);
  });
});

/** A lookup of these entries, 50 a page, searched by a part of the name; every call recorded. */
function fakeLookup(entries: EntityLookup[], skippedOnPage?: number) {
  const calls: Array<{ page: number; search?: string }> = [];
  const pager = async (page: number, search?: string): Promise<LookupPage> => {
    calls.push({ page, search });
    const matching = search ? entries.filter((e) => e.name.toLowerCase().includes(search.toLowerCase())) : entries;
    return { results: matching.slice(page * 50, page * 50 + 50), totalElements: matching.length, totalPages: Math.ceil(matching.length / 50), skipped: page === skippedOnPage ? 1 : 0 };
  };
  return { pager, calls };
}

const entries: EntityLookup[] = Array.from({ length: 260 }, (_, i) => ({ id: i + 1, name: `Entry ${i + 1}`, deleted: i + 1 === 200 || i + 1 === 3 }));

describe('the save-time check against the current lookups', () => {
  it('finds a named one deleted by a search by its name, without reading the whole lookup', async () => {
    const { pager, calls } = fakeLookup(entries);
    expect(await deletedAmong([{ id: 200, name: 'Entry 200' }, { id: 5, name: 'Entry 5' }], pager)).toEqual([200]);
    expect(calls.every((c) => c.search !== undefined)).toBe(true);
  });

  it('reads the lookup from its start for ids without a name, and stops once each is found', async () => {
    const { pager, calls } = fakeLookup(entries);
    expect(await deletedAmong([{ id: 3 }, { id: 120 }], pager)).toEqual([3]);
    expect(calls).toEqual([{ page: 0, search: undefined }, { page: 1, search: undefined }, { page: 2, search: undefined }]);
  });

  it('calls one the lookup no longer holds deleted (gone), but only when every entry was read', async () => {
    expect(await deletedAmong([{ id: 999, name: 'Renamed long ago' }], fakeLookup(entries).pager)).toEqual([999]);
    // An entry could not be read: it may have been that one.
    expect(await deletedAmong([{ id: 999 }], fakeLookup(entries, 4).pager)).toEqual([]);
    // The bound reached before the end: not told either.
    expect(await deletedAmong([{ id: 999 }], fakeLookup(entries).pager, 2)).toEqual([]);
  });

  it('asks nothing when nothing is named', async () => {
    const { pager, calls } = fakeLookup(entries);
    expect(await deletedAmong([], pager)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
