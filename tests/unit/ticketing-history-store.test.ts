/**
 * 'History': the store of replaced versions on a real SQLite
 * file (newest first, kept apart per signed-in identity, kind and item, at
 * most 50 an item, unreadable rows skipped, kept across a restart), its
 * migrations version by version, and the payload a restore saves.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkMigrationOrder, migrate } from '../../src/main/services/platform/db/migrations';
import { HISTORY_LIMIT, TicketingHistoryStore } from '../../src/main/services/ticketing/history-store';
import { restorePayload, restoreRefusedMessage, restoreTypeMessage } from '../../src/main/services/ticketing/history-restore';
import { HISTORY_MIGRATIONS } from '../../src/main/services/ticketing/migrations/history';
import type { TicketRuleset, Trigger } from '../../src/shared/model/ticketing';
import { tempDir } from '../helpers/temp';

const ALICE = 'instance|https://one.example|7';
const BOB = 'instance|https://two.example|7';

function trigger(id: number, name: string, overrides: Partial<Trigger> = {}): Trigger {
  return {
    id,
    enabled: true,
    name,
    description: 'Tags new tickets',
    type: 'EVENT_BASED',
    system: false,
    conditions: { all: [{ id: 'r1', field: 'action', operator: 'equals', value: 'INSERT' }], any: [] },
    actions: [{ type: 'TICKET_CHANGE_VALUE', params: { changes: [{ order: 0, field: 'add_tags', value: 'tested' }] } }],
    attachments: [],
    columns: [],
    sortBy: [],
    ...overrides,
  };
}

function ruleset(id: number, name: string, overrides: Partial<TicketRuleset> = {}): TicketRuleset {
  return {
    id,
    enabled: true,
    name,
    type: 'CONDITION_RULE',
    conditionTriggerSettings: { ticketFormId: 2, status: 'NEW', priority: null, severity: null, tags: ['printers'], useOwnerAsRequester: false },
    conditionResetSettings: { status: 'RESOLVED', time: { value: 30, unit: 'MINUTES' } },
    conditionReTriggerSettings: { createNewTicket: false, status: 'NEW', tags: [], priority: null, severity: null },
    ...overrides,
  };
}

function openStore(file = join(tempDir('rmm-history-'), 'ticketing-history.sqlite'), now?: () => number) {
  return { file, store: new TicketingHistoryStore(file, now) };
}

describe('the ticketing history store', () => {
  it('keeps versions on a real file and lists them newest first, with their name, time and data', () => {
    let clock = 1_000;
    const { file, store } = openStore(undefined, () => clock++);
    expect(store.persistent).toBe(true);
    expect(store.notice).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    expect(store.list(ALICE, 'trigger', 5)).toEqual([]);

    const first = store.add(ALICE, 'trigger', 5, trigger(5, 'First'));
    const second = store.add(ALICE, 'trigger', 5, trigger(5, 'Second', { enabled: false }));
    // An explicit time wins over the clock; the order is still the order they were kept.
    const third = store.add(ALICE, 'trigger', 5, trigger(5, 'Third'), 10);
    expect(second).toBeGreaterThan(first);
    expect(third).toBeGreaterThan(second);

    const versions = store.list(ALICE, 'trigger', 5);
    expect(versions.map((v) => [v.versionId, v.name, v.savedAt])).toEqual([
      [third, 'Third', 10],
      [second, 'Second', 1_001],
      [first, 'First', 1_000],
    ]);
    expect(versions[1]!.data).toEqual(trigger(5, 'Second', { enabled: false }));
    expect(store.get(ALICE, 'trigger', 5, first)).toEqual(versions[2]);

    store.add(ALICE, 'ruleset', 5, ruleset(5, 'Printer offline'));
    expect(store.list(ALICE, 'ruleset', 5).map((v) => v.data)).toEqual([ruleset(5, 'Printer offline')]);
    store.close();
  });

  it('keeps identities, kinds and items apart: another instance never sees a version, nor restores one by its id', () => {
    const { store } = openStore();
    const alices = store.add(ALICE, 'trigger', 5, trigger(5, 'Alice 5'));
    store.add(ALICE, 'trigger', 6, trigger(6, 'Alice 6'));
    store.add(ALICE, 'ruleset', 5, ruleset(5, 'Alice ruleset 5'));
    store.add(BOB, 'trigger', 5, trigger(5, 'Bob 5'));

    expect(store.list(ALICE, 'trigger', 5).map((v) => v.name)).toEqual(['Alice 5']);
    expect(store.list(ALICE, 'trigger', 6).map((v) => v.name)).toEqual(['Alice 6']);
    expect(store.list(ALICE, 'ruleset', 5).map((v) => v.name)).toEqual(['Alice ruleset 5']);
    expect(store.list(BOB, 'trigger', 5).map((v) => v.name)).toEqual(['Bob 5']);
    expect(store.list(BOB, 'trigger', 6)).toEqual([]);

    expect(store.get(ALICE, 'trigger', 5, alices)?.name).toBe('Alice 5');
    expect(store.get(BOB, 'trigger', 5, alices)).toBeUndefined();
    expect(store.get(ALICE, 'trigger', 6, alices)).toBeUndefined();
    expect(store.get(ALICE, 'ruleset', 5, alices)).toBeUndefined();
    store.close();
  });

  it(`keeps at most ${HISTORY_LIMIT} versions an item: the oldest go, other items keep theirs, a dropped id is never reused`, () => {
    const { store } = openStore();
    const ids = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => store.add(ALICE, 'trigger', 5, trigger(5, `v${i}`)));
    store.add(ALICE, 'trigger', 6, trigger(6, 'other'));
    store.add(BOB, 'trigger', 5, trigger(5, 'bob'));

    const kept = store.list(ALICE, 'trigger', 5);
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.name).toBe(`v${HISTORY_LIMIT + 4}`);
    expect(kept.at(-1)!.name).toBe('v5');
    for (const dropped of ids.slice(0, 5)) expect(store.get(ALICE, 'trigger', 5, dropped)).toBeUndefined();
    expect(store.list(ALICE, 'trigger', 6)).toHaveLength(1);
    expect(store.list(BOB, 'trigger', 5)).toHaveLength(1);

    // AUTOINCREMENT: a later version never takes the id of a dropped one.
    const next = store.add(ALICE, 'trigger', 5, trigger(5, 'next'));
    expect(next).toBeGreaterThan(Math.max(...ids));
    store.close();
  });

  it('skips a row that no longer reads (damaged JSON, a shape it does not know) and lists the rest', () => {
    const { file, store } = openStore();
    const good = store.add(ALICE, 'trigger', 5, trigger(5, 'Good'));
    const damaged = store.add(ALICE, 'trigger', 5, trigger(5, 'Damaged'));
    const foreign = store.add(ALICE, 'trigger', 5, trigger(5, 'Foreign'));
    const raw = new Database(file);
    raw.prepare('UPDATE history_versions SET data = ? WHERE version_id = ?').run('{"id": 5, "name": "Dam', damaged);
    raw.prepare('UPDATE history_versions SET data = ? WHERE version_id = ?').run(JSON.stringify({ name: 'Foreign', shape: 'unknown' }), foreign);
    raw.close();

    expect(store.list(ALICE, 'trigger', 5).map((v) => v.versionId)).toEqual([good]);
    expect(store.get(ALICE, 'trigger', 5, damaged)).toBeUndefined();
    expect(store.get(ALICE, 'trigger', 5, foreign)).toBeUndefined();
    // Tolerant like the server reads: what a trigger can do without takes its default.
    const sparse = store.add(ALICE, 'trigger', 7, { id: 7, name: 'Sparse', type: 'TIME_BASED' } as unknown as Trigger);
    expect(store.get(ALICE, 'trigger', 7, sparse)?.data).toMatchObject({ id: 7, name: 'Sparse', enabled: false, description: '', conditions: { all: [], any: [] }, actions: [], columns: [] });
    store.close();
  });

  it('survives a restart: the versions are there after reopening the file', () => {
    const { file, store } = openStore();
    const kept = [store.add(ALICE, 'trigger', 5, trigger(5, 'One')), store.add(ALICE, 'ruleset', 9, ruleset(9, 'Two'))];
    const before = [store.list(ALICE, 'trigger', 5), store.list(ALICE, 'ruleset', 9)];
    store.close();

    const reopened = new TicketingHistoryStore(file);
    expect(reopened.persistent).toBe(true);
    expect(reopened.notice).toBeUndefined();
    expect([reopened.list(ALICE, 'trigger', 5), reopened.list(ALICE, 'ruleset', 9)]).toEqual(before);
    expect(reopened.add(ALICE, 'trigger', 5, trigger(5, 'Three'))).toBeGreaterThan(Math.max(...kept));
    reopened.close();
  });

  it('a file from a newer console is left untouched; the history is kept in memory and says so', () => {
    const file = join(tempDir('rmm-history-'), 'ticketing-history.sqlite');
    const newer = new Database(file);
    migrate(newer, HISTORY_MIGRATIONS);
    newer.prepare('INSERT INTO history_versions (scope, kind, item_id, saved_at, name, data) VALUES (?, ?, ?, ?, ?, ?)').run(ALICE, 'trigger', 5, 1, 'Kept', '{}');
    newer.pragma(`user_version = ${HISTORY_MIGRATIONS.length + 1}`);
    newer.close();

    const store = new TicketingHistoryStore(file);
    expect(store.persistent).toBe(false);
    expect(store.notice).toMatch(/^The history of automations and rulesets was written by a newer version of the console/);
    store.add(ALICE, 'trigger', 5, trigger(5, 'In memory'));
    expect(store.list(ALICE, 'trigger', 5).map((v) => v.name)).toEqual(['In memory']);
    store.close();

    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(HISTORY_MIGRATIONS.length + 1);
    expect(again.prepare('SELECT name FROM history_versions').pluck().all()).toEqual(['Kept']);
    again.close();
  });
});

describe('the ticketing history, version by version', () => {
  it('the migrations run 1, 2, 3, …', () => {
    expect(() => checkMigrationOrder(HISTORY_MIGRATIONS)).not.toThrow();
  });

  it('version 1: the versions table (AUTOINCREMENT, kinds checked) and its per-item index', () => {
    const db = new Database(':memory:');
    expect(migrate(db, HISTORY_MIGRATIONS.slice(0, 1))).toEqual([1]);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all()).toEqual(['history_versions']);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'history_by_item'").pluck().get()).toBe('history_by_item');
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'sqlite_sequence'").pluck().get()).toBe('sqlite_sequence');
    const columns = db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all('history_versions');
    expect(columns).toEqual(['version_id', 'scope', 'kind', 'item_id', 'saved_at', 'name', 'data']);
    const insert = db.prepare('INSERT INTO history_versions (scope, kind, item_id, saved_at, name, data) VALUES (?, ?, ?, ?, ?, ?)');
    expect(() => insert.run('s', 'trigger', 1, 1, 'n', '{}')).not.toThrow();
    expect(() => insert.run('s', 'board', 1, 1, 'n', '{}')).toThrow(/CHECK constraint/);
    // STRICT: a value of the wrong type is refused, not coerced.
    expect(() => insert.run('s', 'ruleset', 'one', 1, 'n', '{}')).toThrow(/cannot store TEXT value in INTEGER column/);
    db.close();
  });
});

describe('the payload a restore saves', () => {
  it('is the version as the editor would save it, with the item id (an edit)', () => {
    const restored = restorePayload('trigger', trigger(5, 'Old name'), 5);
    expect(restored).toEqual({
      kind: 'trigger',
      payload: {
        id: 5,
        enabled: true,
        name: 'Old name',
        description: 'Tags new tickets',
        type: 'EVENT_BASED',
        conditions: { all: [{ id: 'r1', field: 'action', operator: 'equals', value: 'INSERT' }], any: [] },
        actions: trigger(5, '').actions,
        uploads: [],
      },
    });
    expect(restorePayload('ruleset', ruleset(9, 'Old rule'), 9)).toEqual({
      kind: 'ruleset',
      payload: { ...ruleset(9, 'Old rule'), id: 9 },
    });
  });

  it('refuses a type this console does not know, or a version a save would refuse, as INVALID_INPUT', () => {
    expect(() => restorePayload('trigger', trigger(5, 'x', { type: 'SLA_TIMER' }), 5)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: restoreTypeMessage('SLA_TIMER') }));
    expect(() => restorePayload('ruleset', ruleset(9, 'x', { type: 'OTHER_RULE' }), 9)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: restoreTypeMessage('OTHER_RULE') }));
    // A real instance allows a longer name than §5.1's 50 characters.
    expect(() => restorePayload('trigger', trigger(5, 'n'.repeat(60)), 5)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: restoreRefusedMessage('name') }));
  });
});
