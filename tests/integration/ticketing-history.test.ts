/**
 * 'History' through the console's services against the demo
 * server over real HTTP: each edit saved from the console keeps the version
 * it replaced (triggers and rulesets), newest first; 'Restore this version'
 * saves it back through the ordinary save, which keeps the version it
 * replaced; a failed save and a create keep nothing; the history is the
 * signed-in identity's own; the contract refuses what it does not know.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERSION_GONE_MESSAGE } from '../../src/main/services/ticketing/ticketing-service';
import type { HistoryKind, HistoryVersion, TicketRuleset, Trigger } from '../../src/shared/model/ticketing';
import { formOfRuleset, newRulesetForm, RULESET_MESSAGES, rulesetPayload, type RulesetPayload } from '../../src/shared/rules/ticketing/ruleset';
import { formOfTrigger, newTriggerForm, triggerPayload, type TriggerPayload } from '../../src/shared/rules/ticketing/trigger';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();

const { signIn } = ctx;


const history = (kind: HistoryKind, id: number) => ctx.services().call<HistoryVersion[]>('ticketing.history', { kind, id });
const restore = <T>(kind: HistoryKind, id: number, versionId: number) => ctx.services().call<T>('ticketing.restoreVersion', { kind, id, versionId });
const saveTrigger = (payload: TriggerPayload) => ctx.services().call<Trigger>('ticketing.saveTrigger', payload);
const saveRuleset = (payload: RulesetPayload) => ctx.services().call<TicketRuleset>('ticketing.saveRuleset', payload);
const loadTrigger = (id: number) => ctx.services().call<Trigger>('ticketing.trigger', { id });
const loadRuleset = (id: number) => ctx.services().call<TicketRuleset>('ticketing.ruleset', { id });

/** A valid event-based automation: created tickets get a tag. */
function eventForm(name: string) {
  return {
    ...newTriggerForm('EVENT_BASED'),
    name,
    description: 'Made by the history tests',
    conditions: { all: [{ id: 'r1', field: 'action', operator: 'equals', value: 'INSERT' }], any: [] },
    actions: [{ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'tested' }] } }],
  };
}

const conditionRule = (name: string) => ({ ...newRulesetForm(), name, ticketFormId: 2, status: 'NEW', tags: ['printers'], resetStatus: 'RESOLVED', resetValue: 30, resetUnit: 'MINUTES' as const });

describe('the history of triggers', () => {
  it('a create keeps nothing; each edit keeps the version it replaced, newest first, with its data and when it was replaced', async () => {
    const created = await saveTrigger(triggerPayload(eventForm('History A'), 'EVENT_BASED'));
    expect(await history('trigger', created.id)).toEqual([]);

    const before = Date.now();
    const b = await saveTrigger(triggerPayload({ ...formOfTrigger(created), name: 'History B', enabled: false }, 'EVENT_BASED', created.id));
    await saveTrigger(triggerPayload({ ...formOfTrigger(b), name: 'History C', description: 'Third' }, 'EVENT_BASED', created.id));

    const versions = await history('trigger', created.id);
    expect(versions.map((v) => v.name)).toEqual(['History B', 'History A']);
    expect(versions[1]!.data).toEqual(created);
    expect(versions[0]!.data).toEqual(b);
    expect(versions[0]!.versionId).toBeGreaterThan(versions[1]!.versionId);
    expect(versions.every((v) => v.savedAt >= before && v.savedAt <= Date.now())).toBe(true);
    // Kept in the data folder, apart from the listing cache.
    expect(existsSync(join(ctx.services().dataDir, 'ticketing-history.sqlite'))).toBe(true);
  });

  it('restoring the first version puts it back on the server and keeps the one it replaced: a restore can be undone', async () => {
    const created = await saveTrigger(triggerPayload(eventForm('Restore A'), 'EVENT_BASED'));
    await saveTrigger(triggerPayload({ ...formOfTrigger(created), name: 'Restore B' }, 'EVENT_BASED', created.id));
    const c = await saveTrigger(triggerPayload({ ...formOfTrigger(created), name: 'Restore C', enabled: false, description: 'Changed' }, 'EVENT_BASED', created.id));
    const [versionB, versionA] = await history('trigger', created.id);

    const restored = await restore<Trigger>('trigger', created.id, versionA!.versionId);
    expect(restored).toEqual(created);
    expect(await loadTrigger(created.id)).toEqual(created);
    const after = await history('trigger', created.id);
    expect(after.map((v) => v.name)).toEqual(['Restore C', 'Restore B', 'Restore A']);
    expect(after[0]!.data).toEqual(c);
    expect(after.slice(1)).toEqual([versionB, versionA]);

    // Undo the restore: the replaced version comes back the same way.
    expect(await restore<Trigger>('trigger', created.id, after[0]!.versionId)).toEqual(c);
    expect(await loadTrigger(created.id)).toEqual(c);
    expect((await history('trigger', created.id)).map((v) => v.name)).toEqual(['Restore A', 'Restore C', 'Restore B', 'Restore A']);
  });

  it('a failed save keeps no version and changes nothing', async () => {
    const created = await saveTrigger(triggerPayload(eventForm('Failing'), 'EVENT_BASED'));
    await expect(saveTrigger(triggerPayload({ ...formOfTrigger(created), name: 'Failing [fail]' }, 'EVENT_BASED', created.id))).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Error saving automation',
    });
    expect(await history('trigger', created.id)).toEqual([]);
    expect(await loadTrigger(created.id)).toEqual(created);
    // A vanished record: nothing to read, nothing saved, nothing kept.
    await expect(saveTrigger({ ...triggerPayload(eventForm('Gone'), 'EVENT_BASED'), id: 987_654 })).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(await history('trigger', 987_654)).toEqual([]);
  });

  it("edits a seeded board (columns and sort) and restores it; an unknown version, or another item's, is no longer kept", async () => {
    const board = (await ctx.services().call<{ items: Trigger[] }>('ticketing.triggers', { types: ['BOARD'] })).items.find((t) => t.name === 'VIP escalations')!;
    await saveTrigger(triggerPayload({ ...formOfTrigger(board), columns: ['id', 'summary'], sortBy: [{ field: 'summary', direction: 'ASC' }] }, 'BOARD', board.id));
    const [kept] = await history('trigger', board.id);
    expect(kept!.data).toEqual(board);
    expect(await restore<Trigger>('trigger', board.id, kept!.versionId)).toEqual(board);

    await expect(restore('trigger', board.id, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', message: VERSION_GONE_MESSAGE });
    await expect(restore('trigger', board.id + 1, kept!.versionId)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This version is no longer kept.' });
    await expect(restore('ruleset', board.id, kept!.versionId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the history of rulesets', () => {
  it('a create keeps nothing; edits keep the earlier versions; restoring the first puts it back and keeps the replaced one', async () => {
    const created = await saveRuleset(rulesetPayload(conditionRule('Ruleset A'), 'CONDITION_RULE'));
    expect(await history('ruleset', created.id)).toEqual([]);
    const b = await saveRuleset(rulesetPayload({ ...formOfRuleset(created), name: 'Ruleset B', enabled: false }, 'CONDITION_RULE', created.id));
    const c = await saveRuleset(rulesetPayload({ ...formOfRuleset(b), name: 'Ruleset C', createNewTicket: true }, 'CONDITION_RULE', created.id));

    const versions = await history('ruleset', created.id);
    expect(versions.map((v) => v.name)).toEqual(['Ruleset B', 'Ruleset A']);
    expect(versions.map((v) => v.data)).toEqual([b, created]);

    expect(await restore<TicketRuleset>('ruleset', created.id, versions[1]!.versionId)).toEqual(created);
    expect(await loadRuleset(created.id)).toEqual(created);
    const after = await history('ruleset', created.id);
    expect(after.map((v) => v.name)).toEqual(['Ruleset C', 'Ruleset B', 'Ruleset A']);
    expect(after[0]!.data).toEqual(c);
    // The triggers' history of the same id is another item.
    expect((await history('trigger', created.id)).some((v) => v.name.startsWith('Ruleset'))).toBe(false);
  });

  it('a failed save keeps no version and changes nothing', async () => {
    const created = await saveRuleset(rulesetPayload({ ...newRulesetForm(), name: 'Script failing', ticketFormId: 1, status: 'NEW' }, 'SCRIPT_RULE'));
    await expect(saveRuleset(rulesetPayload({ ...formOfRuleset(created), name: 'Broken [fail]' }, 'SCRIPT_RULE', created.id))).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: RULESET_MESSAGES.updateFailed,
    });
    expect(await history('ruleset', created.id)).toEqual([]);
    expect(await loadRuleset(created.id)).toEqual(created);
  });
});

describe('the history channels', () => {
  it('refuse in the contract an unknown kind, an id out of range, a bad version id or an extra key', async () => {
    const refused: Array<[string, unknown]> = [
      ['ticketing.history', { kind: 'board', id: 1 }],
      ['ticketing.history', { kind: 'trigger', id: 0 }],
      ['ticketing.history', { kind: 'trigger', id: 2 ** 31 }],
      ['ticketing.history', { kind: 'trigger', id: 1, extra: true }],
      ['ticketing.restoreVersion', { kind: 'trigger', id: 1 }],
      ['ticketing.restoreVersion', { kind: 'trigger', id: 1, versionId: 0 }],
      ['ticketing.restoreVersion', { kind: 'ruleset', id: 1, versionId: 1.5 }],
      ['ticketing.restoreVersion', { kind: 'ruleset', id: 1, versionId: 1, data: {} }],
    ];
    for (const [channel, input] of refused) await expect(ctx.services().call(channel, input), JSON.stringify(input)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it("is the signed-in identity's own: signed out there is none; another user neither sees nor restores it; it is back on signing in again", async () => {
    const created = await saveTrigger(triggerPayload(eventForm('Mine'), 'EVENT_BASED'));
    await saveTrigger(triggerPayload({ ...formOfTrigger(created), name: 'Mine edited' }, 'EVENT_BASED', created.id));
    const mine = await history('trigger', created.id);
    expect(mine.map((v) => v.name)).toEqual(['Mine']);

    await ctx.services().call('session.signOut');
    await expect(history('trigger', created.id)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });
    await expect(restore('trigger', created.id, mine[0]!.versionId)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' });

    await signIn('demo-limited', 'demo-limited-secret');
    expect(await history('trigger', created.id)).toEqual([]);
    await expect(restore('trigger', created.id, mine[0]!.versionId)).rejects.toMatchObject({ code: 'NOT_FOUND', message: VERSION_GONE_MESSAGE });

    await ctx.services().call('session.signOut');
    await signIn();
    expect(await history('trigger', created.id)).toEqual(mine);
    expect((await loadTrigger(created.id)).name).toBe('Mine edited');
  });
});
