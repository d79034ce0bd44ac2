/**
 * Automations, response templates and boards (spec/ticketing-automations-psa.md
 * §3.1, §7.1, §8.1, §9.1) through the console's services against the demo
 * server over real HTTP: listing by type, loading, create (POST), edit (PUT),
 * copy, §8.1's save messages by resultCode, deletion (a system board
 * refused), the notification channels, the ticket attributes (GraphQL
 * GetAttributeList), the user lookup, the contract refusing what §5.1
 * refuses, and the tolerant reading of what a real instance may send.
 */
import { describe, expect, it } from 'vitest';
import { readItems } from '../../src/main/services/platform/api/tolerant';
import { attributeSchema, triggerSchema } from '../../src/main/services/ticketing/trigger-schemas';
import type { LookupPage, NotificationChannel, TicketAttribute, Trigger, TriggerType } from '../../src/shared/model/ticketing';
import {
  copyOfTriggerForm,
  DEFAULT_BOARD_COLUMNS,
  formOfTrigger,
  newTriggerForm,
  SAVE_RESULT_MESSAGES,
  TRIGGER_MESSAGES,
  triggerPayload,
  triggerPayloadSchema,
  type TriggerPayload,
} from '../../src/shared/rules/ticketing/trigger';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();


type TriggerList = { items: Trigger[]; skipped: number };
const list = (types?: TriggerType[]) => ctx.services().call<TriggerList>('ticketing.triggers', types ? { types } : {});
const save = (payload: TriggerPayload) => ctx.services().call<Trigger>('ticketing.saveTrigger', payload);
const byName = async (name: string) => (await list()).items.find((t) => t.name === name)!;

/** A valid event-based automation: created tickets get a tag. */
function eventForm(name: string) {
  return {
    ...newTriggerForm('EVENT_BASED'),
    name,
    description: 'Made by the integration tests',
    conditions: { all: [{ id: 'r1', field: 'action', operator: 'equals', value: 'INSERT' }], any: [] },
    actions: [{ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'tested' }] } }],
  };
}

describe('triggers against the demo (§7.1)', () => {
  it('lists by type (the type repeated, none for all), by name, each full; boards with columns and sort, the rest without', async () => {
    const events = await list(['EVENT_BASED']);
    expect(events.skipped).toBe(0);
    expect(events.items.map((t) => t.name)).toEqual(['Acknowledge new tickets', 'Escalate VIP tickets', 'Flag security incidents']);
    expect(events.items.every((t) => t.conditions.all.length + t.conditions.any.length > 0 && t.actions.length > 0)).toBe(true);

    const timed = await list(['TIME_BASED', 'RESPONSE_TEMPLATE']);
    expect(timed.items.map((t) => t.type).sort()).toEqual(['RESPONSE_TEMPLATE', 'RESPONSE_TEMPLATE', 'TIME_BASED', 'TIME_BASED']);

    const all = await list();
    expect(new Set(all.items.map((t) => t.type))).toEqual(new Set(['EVENT_BASED', 'TIME_BASED', 'RESPONSE_TEMPLATE', 'BOARD']));
    const boards = all.items.filter((t) => t.type === 'BOARD');
    expect(boards.filter((b) => b.system).map((b) => b.name)).toEqual(['All tickets', 'Unassigned tickets']);
    expect(boards.every((b) => b.columns.length > 0 && b.sortBy.length > 0)).toBe(true);
    expect(all.items.filter((t) => t.type !== 'BOARD').every((t) => t.columns.length === 0 && t.sortBy.length === 0 && !t.system)).toBe(true);
    expect((await byName('All tickets')).columns).toEqual([...DEFAULT_BOARD_COLUMNS]);
  });

  it('loads one by id with its conditions, actions and attachments; an unknown id is gone', async () => {
    const listed = await byName('Escalate waiting tickets after 24 hours');
    const loaded = await ctx.services().call<Trigger>('ticketing.trigger', { id: listed.id });
    expect(loaded).toEqual(listed);
    expect(loaded.conditions.all).toEqual([
      { id: 'wait-created', field: 'ticket_created', operator: 'hours_since:greater_or_equal_than', value: { hours: 24, minutes: 0 } },
      { id: 'wait-status', field: 'status', operator: 'equals', value: 'WAITING' },
    ]);
    expect(loaded.actions.map((a) => a.type)).toEqual(['TICKET_CHANGE_VALUE', 'SEND_EMAIL']);
    expect(loaded.attachments).toEqual([]);
    // §8.1: loading a trigger fails with 'Failed'; the code says it is gone.
    await expect(ctx.services().call('ticketing.trigger', { id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Failed' });
  });

  it('creates without an id (POST), edits with it (PUT) and reads the edit back', async () => {
    const created = await save(triggerPayload(eventForm('Tag created tickets'), 'EVENT_BASED'));
    expect(created).toMatchObject({ name: 'Tag created tickets', type: 'EVENT_BASED', enabled: true, system: false, columns: [], sortBy: [] });
    expect((await list(['EVENT_BASED'])).items.map((t) => t.id)).toContain(created.id);

    const edited = await save(triggerPayload({ ...formOfTrigger(created), enabled: false, description: 'Edited' }, 'EVENT_BASED', created.id));
    expect(edited.id).toBe(created.id);
    expect(await ctx.services().call<Trigger>('ticketing.trigger', { id: created.id })).toEqual({ ...created, enabled: false, description: 'Edited' });

    // A new board starts with §3.1's default columns and sort.
    const board = await save(triggerPayload({ ...newTriggerForm('BOARD'), name: 'My board' }, 'BOARD'));
    expect(board).toMatchObject({ type: 'BOARD', system: false, columns: [...DEFAULT_BOARD_COLUMNS], sortBy: [{ field: 'id', direction: 'DESC' }] });
  });

  it("copies (§4.1: ' (Copy)', saved without an id) into a new record and keeps the original; a copied system board is not a system board", async () => {
    const original = await byName('VIP escalations');
    const copy = await save(triggerPayload(copyOfTriggerForm(formOfTrigger(await ctx.services().call<Trigger>('ticketing.trigger', { id: original.id }))), 'BOARD'));
    expect(copy.id).not.toBe(original.id);
    expect(copy).toEqual({ ...original, id: copy.id, name: 'VIP escalations (Copy)' });
    expect(await ctx.services().call<Trigger>('ticketing.trigger', { id: original.id })).toEqual(original);

    const system = await byName('Unassigned tickets');
    const systemCopy = await save(triggerPayload(copyOfTriggerForm(formOfTrigger(system)), 'BOARD'));
    expect(systemCopy).toMatchObject({ name: 'Unassigned tickets (Copy)', system: false, columns: system.columns });
  });

  it('deletes one (then it is gone); a system board is refused and stays', async () => {
    const doomed = await save(triggerPayload(eventForm('Short-lived'), 'EVENT_BASED'));
    expect(await ctx.services().call('ticketing.deleteTrigger', { id: doomed.id })).toEqual({ deleted: true });
    await expect(ctx.services().call('ticketing.trigger', { id: doomed.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(ctx.services().call('ticketing.deleteTrigger', { id: doomed.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This automation no longer exists.' });

    const allTickets = await byName('All tickets');
    await expect(ctx.services().call('ticketing.deleteTrigger', { id: allTickets.id })).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'A system board cannot be deleted.' });
    expect(await ctx.services().call<Trigger>('ticketing.trigger', { id: allTickets.id })).toEqual(allTickets);
  });
});

describe('§8.1 save failures', () => {
  it('explains each known resultCode in its own words, creating or editing', async () => {
    const entries = Object.entries(SAVE_RESULT_MESSAGES);
    expect(entries).toHaveLength(7);
    for (const [code, message] of entries) {
      const payload = triggerPayload({ ...eventForm('Refused'), description: `[fail:${code}]` }, 'EVENT_BASED');
      await expect(save(payload), code).rejects.toMatchObject({ code: 'SERVER_ERROR', message });
    }
    const existing = await byName('Escalate VIP tickets');
    await expect(save(triggerPayload({ ...formOfTrigger(existing), name: '[fail:email_action_body_max_length]' }, 'EVENT_BASED', existing.id))).rejects.toMatchObject({
      message: 'Email action exceeds the maximum character length',
    });
    // Nothing was stored by the refused saves.
    expect((await list()).items.some((t) => t.name === 'Refused' || t.name.includes('[fail'))).toBe(false);
    expect(await ctx.services().call<Trigger>('ticketing.trigger', { id: existing.id })).toEqual(existing);
  });

  it("says 'Error saving ticket board' for a board and 'Error saving automation' otherwise for an unknown code, a 500, or a vanished record", async () => {
    expect(TRIGGER_MESSAGES.saveBoardFailed).toBe('Error saving ticket board');
    expect(TRIGGER_MESSAGES.saveAutomationFailed).toBe('Error saving automation');
    const board = (name: string) => triggerPayload({ ...newTriggerForm('BOARD'), name }, 'BOARD');
    const automation = (name: string) => triggerPayload(eventForm(name), 'EVENT_BASED');
    const board500 = save(board('Board [fail]'));
    await expect(board500).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error saving ticket board' });
    await expect(save(board('Board [fail:no_such_code]'))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error saving ticket board' });
    await expect(save(automation('Automation [fail]'))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error saving automation' });
    await expect(save(automation('Automation [fail:no_such_code]'))).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error saving automation' });
    await expect(save({ ...automation('Gone'), id: 987_654 })).rejects.toMatchObject({ code: 'SERVER_ERROR', message: 'Error saving automation' });
  });

  it('refuses in the contract what §5.1 refuses, before anything is sent', async () => {
    const automation = triggerPayload(eventForm('Valid'), 'EVENT_BASED');
    const board = triggerPayload({ ...newTriggerForm('BOARD'), name: 'Valid board' }, 'BOARD');
    const refused: unknown[] = [
      { ...automation, name: 'n'.repeat(51) },
      { ...automation, name: '   ' },
      { ...automation, description: 'd'.repeat(251) },
      { ...board, columns: [] },
      { ...board, columns: undefined },
      { ...automation, columns: ['id'], sortBy: [] },
      { ...automation, type: 'ACTIVITY_RULE' },
      { ...automation, id: 0 },
      { ...automation, extra: true },
    ];
    for (const payload of refused) {
      expect(triggerPayloadSchema.safeParse(payload).success).toBe(false);
      await expect(save(payload as TriggerPayload)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(triggerPayloadSchema.safeParse(automation).success).toBe(true);
    expect(triggerPayloadSchema.safeParse(board).success).toBe(true);
    await expect(ctx.services().call('ticketing.triggers', { types: ['ACTIVITY_RULE'] })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.trigger', { id: 2 ** 31 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('what the editor picks from', () => {
  it('lists the notification channels sorted by name, of §9.1 types', async () => {
    const channels = await ctx.services().call<NotificationChannel[]>('ticketing.channels', {});
    expect(channels.map((c) => c.name)).toEqual(['Escalations mailbox', 'Helpdesk channel', 'On-call phone', 'Security alerts', 'Service desk inbox']);
    expect(new Set(channels.map((c) => c.type))).toEqual(new Set(['EMAIL', 'SMS', 'SLACK']));
  });

  it('reads the ticket attributes through GraphQL GetAttributeList, their values flattened, an inactive one among them', async () => {
    const attributes = await ctx.services().call<TicketAttribute[]>('ticketing.attributes', {});
    expect(attributes.map((a) => a.attributeType)).toEqual(['MULTI_SELECT', 'DROPDOWN', 'CHECKBOX', 'TEXT', 'NUMERIC', 'DATE']);
    expect(attributes.filter((a) => !a.active).map((a) => a.name)).toEqual(['Warranty expiry (retired)']);
    expect(attributes[0]).toEqual({ id: 1, attributeType: 'MULTI_SELECT', name: 'Affected services', active: true, values: expect.arrayContaining([{ id: 2, name: 'VPN' }]) as unknown });
    expect(attributes.find((a) => a.attributeType === 'TEXT')!.values).toEqual([]);
  });

  it('pages users by 50, searched by name, technicians only when asked, the deleted technician marked', async () => {
    const first = await ctx.services().call<LookupPage>('ticketing.users', { page: 0 });
    expect(first.results).toHaveLength(50);
    expect(first.totalElements).toBe(127);
    expect(first.totalPages).toBe(3);
    expect(first.skipped).toBe(0);
    const third = await ctx.services().call<LookupPage>('ticketing.users', { page: 2 });
    expect(third.results).toHaveLength(27);

    const technicians = await ctx.services().call<LookupPage>('ticketing.users', { page: 0, technician: true });
    expect(technicians.totalElements).toBe(7);
    expect(technicians.results.filter((u) => u.deleted)).toEqual([{ id: expect.any(Number) as unknown, name: 'Former Technician (deleted)', deleted: true }]);
    const endUsers = await ctx.services().call<LookupPage>('ticketing.users', { page: 0, technician: false });
    expect(endUsers.totalElements).toBe(120);

    const garcia = await ctx.services().call<LookupPage>('ticketing.users', { page: 0, search: ' garcia ' });
    expect(garcia.totalElements).toBe(12);
    expect(garcia.results.every((u) => u.name.endsWith('Garcia'))).toBe(true);
    expect((await ctx.services().call<LookupPage>('ticketing.users', { page: 0, search: 'former', technician: true })).results.map((u) => u.name)).toEqual(['Former Technician (deleted)']);
    await expect(ctx.services().call('ticketing.users', { page: -1 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('tolerant reading of what a real instance sends (DESIGN "Real instances")', () => {
  it('keeps unknown types raw, defaults what may be missing, and skips (counting) a trigger it cannot read', () => {
    const read = readItems(triggerSchema, [
      { id: 1, enabled: true, name: 'Newer', type: 'SLA_POLICY', conditions: { all: [{ field: 'status', operator: 'equals', value: 'OPEN' }] }, actions: [{ type: 'RUN_SCRIPT' }] },
      { id: 2, name: 'Sparse board', type: 'BOARD', sortBy: [{ field: 'id', direction: 'desc' }] },
      { name: 'No id', type: 'EVENT_BASED' },
      { id: 4, name: 'Broken rows', type: 'EVENT_BASED', conditions: { all: [{ value: 1 }] } },
    ]);
    expect(read.skipped).toBe(2);
    expect(read.items).toEqual([
      {
        id: 1,
        enabled: true,
        name: 'Newer',
        description: '',
        type: 'SLA_POLICY',
        system: false,
        conditions: { all: [{ id: 'all-0', field: 'status', operator: 'equals', value: 'OPEN' }], any: [] },
        actions: [{ type: 'RUN_SCRIPT', params: {} }],
        attachments: [],
        columns: [],
        sortBy: [],
      },
      { id: 2, enabled: false, name: 'Sparse board', description: '', type: 'BOARD', system: false, conditions: { all: [], any: [] }, actions: [], attachments: [], columns: [], sortBy: [{ field: 'id', direction: 'DESC' }] },
    ]);
    const attributes = readItems(attributeSchema, [{ id: 9, attributeType: 'TEXT_MULTILINE', name: 'Notes', content: null }, { id: 'x' }]);
    expect(attributes).toEqual({ items: [{ id: 9, attributeType: 'TEXT_MULTILINE', name: 'Notes', active: true, values: [] }], skipped: 1 });
  });
});
