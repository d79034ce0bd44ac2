/**
 * The reply drafts on a real SQLite file: save, load,
 * overwrite, the list newest first, remove, identities kept apart, the size
 * and count limits, drafts kept across a restart, a damaged row costing none
 * of the others, the list read from its index alone, the files each draft
 * names and the record of issued files, and the migrations version by version.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { checkMigrationOrder, migrate } from '../../src/main/services/platform/db/migrations';
import { DRAFT_MAX_BYTES, DRAFTS_PER_SCOPE_MAX, draftsFullMessage, ReplyDraftStore, type DraftStoreOptions } from '../../src/main/services/tickets/draft-store';
import { IssuedFiles } from '../../src/main/services/platform/issued-files';
import { DRAFT_MIGRATIONS } from '../../src/main/services/tickets/migrations/drafts';
import { AppError } from '../../src/shared/errors';
import { emptyReplyDraft, type ReplyDraft } from '../../src/shared/rules/tickets/reply';
import { tempDir } from '../helpers/temp';

const ALICE = 'instance|https://one.example|7';
const BOB = 'instance|https://two.example|7';
const NEW_KEY = 'new:0f8fad5b-d9cb-469f-a165-70867728950e';

const draft = (body: string, overrides: Partial<ReplyDraft> = {}): ReplyDraft => ({ ...emptyReplyDraft(), body, htmlBody: `<p>${body}</p>`, ...overrides });

const FULL: ReplyDraft = {
  body: 'Printer back online.',
  htmlBody: '<p>Printer back online. @Ann</p><img src="https://s.example/x" data-cid="cid-1">',
  uploads: [
    { id: 'att-1', name: 'shot.png', size: 2048, contentId: 'cid-1', inline: true },
    { id: 'tmp-2', name: 'log.txt', size: 99, contentId: null, inline: false },
  ],
  isPublic: true,
  techniciansTagged: [7],
  timeEntry: { timeTracked: 30, remote: true, startDate: '2024-05-02T09:30:00.000Z', agreementId: 3, billingType: 'BILLABLE', agreementOriginType: 'PSA' },
};

function openStore(options: DraftStoreOptions = {}, file = join(tempDir('rmm-drafts-'), 'ticketing-drafts.sqlite')) {
  return { file, store: new ReplyDraftStore(file, options) };
}

/** A clock that moves 1 ms a call, from `start`. */
function ticking(start = 1_000) {
  let now = start;
  return () => now++;
}

describe('the reply draft store', () => {
  it('saves a draft to a real file and loads it back whole, with when it was saved', () => {
    const { file, store } = openStore({ now: () => 5_000 });
    expect(store.persistent).toBe(true);
    expect(store.notice).toBeUndefined();
    expect(existsSync(file)).toBe(true);
    expect(store.load(ALICE, '42')).toBeNull();

    expect(store.save(ALICE, '42', FULL)).toBe(5_000);
    expect(store.load(ALICE, '42')).toEqual({ key: '42', updatedAt: 5_000, draft: FULL });
    expect(store.save(ALICE, NEW_KEY, draft('New ticket text'))).toBe(5_000);
    expect(store.load(ALICE, NEW_KEY)?.draft.body).toBe('New ticket text');
    store.close();
  });

  it('overwrites the draft of the same key: one row, the latest content and time', () => {
    const { store } = openStore({ now: ticking() });
    store.save(ALICE, '42', draft('Hel'));
    store.save(ALICE, '42', draft('Hello'));
    const last = store.save(ALICE, '42', draft('Hello there', { isPublic: true }));
    expect(store.load(ALICE, '42')).toEqual({ key: '42', updatedAt: last, draft: draft('Hello there', { isPublic: true }) });
    expect(store.list(ALICE)).toEqual([{ key: '42', updatedAt: last }]);
    store.close();
  });

  it('lists the keys with their time, most recently saved first, whatever the clock said', () => {
    const times = [3_000, 1_000, 2_000, 500];
    const { store } = openStore({ now: () => times.shift() ?? 0 });
    store.save(ALICE, '1', draft('one'));
    store.save(ALICE, '2', draft('two'));
    store.save(ALICE, NEW_KEY, draft('new'));
    expect(store.list(ALICE)).toEqual([
      { key: NEW_KEY, updatedAt: 2_000 },
      { key: '2', updatedAt: 1_000 },
      { key: '1', updatedAt: 3_000 },
    ]);
    // Saving an older draft again brings it to the front.
    store.save(ALICE, '1', draft('one, more'));
    expect(store.list(ALICE).map((d) => d.key)).toEqual(['1', NEW_KEY, '2']);
    store.close();
  });

  it('removes a draft (once the server confirmed the reply) and only that one', () => {
    const { store } = openStore();
    store.save(ALICE, '1', draft('one'));
    store.save(ALICE, '2', draft('two'));
    store.save(BOB, '1', draft('bob one'));
    expect(store.remove(ALICE, '1')).toBe(true);
    expect(store.remove(ALICE, '1')).toBe(false);
    expect(store.remove(ALICE, '99')).toBe(false);
    expect(store.load(ALICE, '1')).toBeNull();
    expect(store.list(ALICE).map((d) => d.key)).toEqual(['2']);
    expect(store.load(BOB, '1')?.draft.body).toBe('bob one');
    store.close();
  });

  it('keeps identities apart: the same ticket id on another instance or user is another draft', () => {
    const { store } = openStore();
    store.save(ALICE, '42', draft('Alice on one'));
    store.save(BOB, '42', draft('Bob on two'));
    store.save(BOB, '43', draft('Bob 43'));
    expect(store.load(ALICE, '42')?.draft.body).toBe('Alice on one');
    expect(store.load(BOB, '42')?.draft.body).toBe('Bob on two');
    expect(store.load(ALICE, '43')).toBeNull();
    expect(store.list(ALICE).map((d) => d.key)).toEqual(['42']);
    expect(store.list(BOB).map((d) => d.key)).toEqual(['43', '42']);
    expect(store.list('instance|https://three.example|1')).toEqual([]);
    store.close();
  });

  it(`refuses a draft over ${DRAFT_MAX_BYTES / 1024 / 1024} MB with a clear INVALID_INPUT, keeping the draft saved before`, () => {
    const { store } = openStore();
    store.save(ALICE, '42', draft('kept'));
    const huge = draft('x'.repeat(DRAFT_MAX_BYTES));
    let thrown: unknown;
    try {
      store.save(ALICE, '42', huge);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'INVALID_INPUT' });
    expect((thrown as AppError).message).toMatch(/^This draft is too large to keep on this computer \(4 MB; at most 2 MB\)\./);
    expect(store.load(ALICE, '42')?.draft.body).toBe('kept');
    // Multi-byte text counts in bytes, as stored: 100 'é' are 200 bytes in each of body and htmlBody.
    const small = openStore({ maxBytes: 400 }).store;
    expect(() => small.save(ALICE, '1', draft('é'.repeat(100)))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringMatching(/\(\d+ bytes; at most 400 bytes\)/) }));
    expect(() => small.save(ALICE, '1', draft('e'.repeat(100)))).not.toThrow();
    small.close();
    store.close();
  });

  it(`keeps at most ${DRAFTS_PER_SCOPE_MAX} drafts an identity: past it a new draft is refused and none is dropped; kept ones still save; other identities keep theirs`, () => {
    const { store } = openStore({ now: ticking() });
    store.save(BOB, '1', draft('bob'));
    for (let id = 1; id <= DRAFTS_PER_SCOPE_MAX; id++) store.save(ALICE, String(id), draft(`draft ${id}`));
    expect(() => store.save(ALICE, String(DRAFTS_PER_SCOPE_MAX + 1), draft('one too many'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: draftsFullMessage() }));
    expect(() => store.save(ALICE, 'new:00000000-0000-4000-8000-000000000000', draft('new one'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    const keys = store.list(ALICE).map((d) => d.key);
    expect(keys).toHaveLength(DRAFTS_PER_SCOPE_MAX);
    // The oldest is still there, and saving a kept draft again works.
    expect(store.load(ALICE, '1')?.draft.body).toBe('draft 1');
    store.save(ALICE, '1', draft('draft 1 again'));
    expect(store.load(ALICE, '1')?.draft.body).toBe('draft 1 again');
    expect(store.load(ALICE, String(DRAFTS_PER_SCOPE_MAX + 1))).toBeNull();
    // Another identity is not bounded by Alice's drafts; once one is removed a new draft fits again.
    store.save(BOB, '2', draft('bob 2'));
    expect(store.load(BOB, '1')?.draft.body).toBe('bob');
    store.remove(ALICE, '2');
    store.save(ALICE, String(DRAFTS_PER_SCOPE_MAX + 1), draft('fits now'));
    expect(store.list(ALICE)).toHaveLength(DRAFTS_PER_SCOPE_MAX);
    store.close();
  });

  it('refuses a key that is no ticket id or new ticket, and a value that is no draft', () => {
    const { store } = openStore();
    for (const key of ['', 'abc', '0', 'new:x', '42; DROP TABLE reply_drafts']) {
      expect(() => store.save(ALICE, key, draft('x')), key).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    }
    expect(() => store.save(ALICE, '42', { body: 'x' } as unknown as ReplyDraft)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(store.list(ALICE)).toEqual([]);
    store.close();
  });

  it('keeps the drafts after close and reopen, as after a restart', () => {
    const { file, store } = openStore({ now: ticking() });
    store.save(ALICE, '42', FULL);
    store.save(ALICE, NEW_KEY, draft('unsent new ticket'));
    store.save(BOB, '7', draft('bob'));
    const before = [store.list(ALICE), store.load(ALICE, '42'), store.load(BOB, '7')];
    store.close();

    const reopened = new ReplyDraftStore(file);
    expect(reopened.persistent).toBe(true);
    expect(reopened.notice).toBeUndefined();
    expect([reopened.list(ALICE), reopened.load(ALICE, '42'), reopened.load(BOB, '7')]).toEqual(before);
    // Save order carries on after the restart.
    reopened.save(ALICE, '42', draft('edited after restart'));
    expect(reopened.list(ALICE).map((d) => d.key)).toEqual(['42', NEW_KEY]);
    reopened.close();
  });

  it('a save that returned is on disk for another connection at once (its own committed transaction)', () => {
    const { file, store } = openStore();
    store.save(ALICE, '42', draft('typed'));
    const other = new Database(file, { readonly: true });
    expect(other.prepare('SELECT data FROM reply_drafts WHERE scope = ? AND draft_key = ?').pluck().get(ALICE, '42')).toContain('typed');
    expect(store['db'].pragma('synchronous', { simple: true })).toBe(2);
    other.close();
    store.close();
  });

  it('a damaged row (bad JSON, a shape it does not know) loads as none and costs none of the others; it stays listed so it can be discarded', () => {
    const { file, store } = openStore({ now: ticking() });
    store.save(ALICE, '1', draft('good one'));
    store.save(ALICE, '2', draft('will be damaged'));
    store.save(ALICE, '3', draft('will be foreign'));
    store.save(ALICE, '4', draft('good four'));
    const raw = new Database(file);
    raw.prepare('UPDATE reply_drafts SET data = ? WHERE draft_key = ?').run('{"body": "will be dam', '2');
    raw.prepare('UPDATE reply_drafts SET data = ? WHERE draft_key = ?').run(JSON.stringify({ text: 'other shape' }), '3');
    raw.close();

    expect(store.load(ALICE, '2')).toBeNull();
    expect(store.load(ALICE, '3')).toBeNull();
    expect(store.list(ALICE).map((d) => d.key)).toEqual(['4', '3', '2', '1']);
    expect(store.load(ALICE, '1')?.draft.body).toBe('good one');
    expect(store.remove(ALICE, '3')).toBe(true);
    // The damaged row is overwritten by the next save of its ticket, and reads again.
    store.save(ALICE, '2', draft('retyped'));
    expect(store.load(ALICE, '2')?.draft.body).toBe('retyped');
    store.close();
  });

  it('a file from a newer console is left untouched; drafts are kept in memory and it says so', () => {
    const file = join(tempDir('rmm-drafts-'), 'ticketing-drafts.sqlite');
    const newer = new Database(file);
    migrate(newer, DRAFT_MIGRATIONS);
    newer.prepare('INSERT INTO reply_drafts (scope, draft_key, seq, updated_at, data) VALUES (?, ?, ?, ?, ?)').run(ALICE, '42', 1, 1, '{}');
    newer.pragma(`user_version = ${DRAFT_MIGRATIONS.length + 1}`);
    newer.close();

    const store = new ReplyDraftStore(file);
    expect(store.persistent).toBe(false);
    expect(store.notice).toMatch(/^The reply draft store was written by a newer version of the console/);
    store.save(ALICE, '42', draft('in memory'));
    expect(store.load(ALICE, '42')?.draft.body).toBe('in memory');
    store.close();

    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(DRAFT_MIGRATIONS.length + 1);
    expect(again.prepare('SELECT data FROM reply_drafts').pluck().all()).toEqual(['{}']);
    again.close();
  });
});

describe('the drafts list and the files drafts name', () => {
  it('lists from the listing index alone: no draft body is parsed, however many', () => {
    const { store } = openStore({ now: ticking() });
    for (let i = 1; i <= 50; i++) store.save(ALICE, String(i), FULL);
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const listed = store.list(ALICE);
      expect(listed).toHaveLength(50);
      expect(listed[0]!.key).toBe('50');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    store.close();
  });

  it('notes which files each draft names, per identity, replaced by each save and gone with the draft', () => {
    const { store } = openStore();
    store.save(ALICE, '42', FULL);
    expect(store.filesOf(ALICE, '42').sort()).toEqual(['att-1', 'tmp-2']);
    expect(store.namesFile(ALICE, 'tmp-2')).toBe(true);
    expect(store.namesFile(ALICE, 'tmp-2', '42')).toBe(true);
    expect(store.namesFile(ALICE, 'tmp-2', '43')).toBe(false);
    expect(store.namesFile(BOB, 'tmp-2')).toBe(false);
    store.save(ALICE, '42', { ...FULL, uploads: FULL.uploads.slice(0, 1) });
    expect(store.filesOf(ALICE, '42')).toEqual(['att-1']);
    expect(store.namesFile(ALICE, 'tmp-2')).toBe(false);
    store.remove(ALICE, '42');
    expect(store.filesOf(ALICE, '42')).toEqual([]);
    store.close();
  });

  it("keeps the files issued per identity; the oldest past the bound are forgotten, never one a saved draft names", () => {
    const { store } = openStore();
    const issued = new IssuedFiles((store as unknown as { db: Database.Database }).db, { uploads: 3, reads: 2 });
    issued.uploaded(ALICE, { id: 'tmp-2', name: 'log.txt', attachmentId: 'att-20' });
    store.save(ALICE, '42', FULL);
    for (const id of ['tmp-a', 'tmp-b', 'tmp-c']) issued.uploaded(ALICE, { id, name: null, attachmentId: null });
    expect(issued.upload(ALICE, 'tmp-2')).toEqual({ id: 'tmp-2', name: 'log.txt', attachmentId: 'att-20', discarded: false });
    expect(issued.upload(ALICE, 'tmp-a')).toBeNull();
    expect(issued.upload(ALICE, 'tmp-c')).not.toBeNull();
    expect(issued.upload(BOB, 'tmp-c')).toBeNull();
    issued.discarded(ALICE, 'tmp-2');
    expect(issued.upload(ALICE, 'tmp-2')?.discarded).toBe(true);
    issued.read(ALICE, 'conversation', 7, [{ id: 'att-7', name: 'a.png' }, { id: 'att-8', name: null }, { id: 'att-9', name: null }]);
    expect(issued.readFile(ALICE, 'conversation', 'att-7')).toBeNull();
    expect(issued.readFile(ALICE, 'conversation', 'att-9')).toEqual({ id: 'att-9', owner: 7, name: null });
    expect(issued.readFile(ALICE, 'trigger', 'att-9')).toBeNull();
    store.close();
  });
});

describe('the reply drafts, version by version', () => {
  it('the migrations run 1, 2, 3, …', () => {
    expect(() => checkMigrationOrder(DRAFT_MIGRATIONS)).not.toThrow();
  });

  it('version 1: the drafts table, one row per identity and key, STRICT, and its save-order index', () => {
    const db = new Database(':memory:');
    expect(migrate(db, DRAFT_MIGRATIONS.slice(0, 1))).toEqual([1]);
    expect(db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all('reply_drafts')).toEqual(['scope', 'draft_key', 'seq', 'updated_at', 'data']);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name = 'reply_drafts_by_seq'").pluck().get()).toBe('reply_drafts_by_seq');
    const insert = db.prepare('INSERT INTO reply_drafts (scope, draft_key, seq, updated_at, data) VALUES (?, ?, ?, ?, ?)');
    insert.run('s', '1', 1, 1, '{}');
    expect(() => insert.run('s', '1', 2, 2, '{}')).toThrow(/UNIQUE constraint/);
    expect(() => insert.run('s', '2', 'one', 2, '{}')).toThrow(/cannot store TEXT value in INTEGER column/);
    db.close();
  });
});

describe('version 2 of the reply drafts', () => {
  it("adds the issued files and each draft's files, taking the files older drafts name as their identity's uploads (no name), and lists from an index", () => {
    const db = new Database(':memory:');
    migrate(db, DRAFT_MIGRATIONS.slice(0, 1));
    const insert = db.prepare('INSERT INTO reply_drafts (scope, draft_key, seq, updated_at, data) VALUES (?, ?, ?, ?, ?)');
    insert.run(ALICE, '42', 1, 1, JSON.stringify(FULL));
    insert.run(BOB, '43', 1, 1, '{"body": "damag');
    expect(migrate(db, DRAFT_MIGRATIONS)).toEqual([2]);
    expect(db.prepare('SELECT scope, draft_key, file_id FROM reply_draft_files ORDER BY file_id').all()).toEqual([
      { scope: ALICE, draft_key: '42', file_id: 'att-1' },
      { scope: ALICE, draft_key: '42', file_id: 'tmp-2' },
    ]);
    expect(db.prepare('SELECT scope, kind, file_id, name FROM issued_files ORDER BY file_id').all()).toEqual([
      { scope: ALICE, kind: 'upload', file_id: 'att-1', name: null },
      { scope: ALICE, kind: 'upload', file_id: 'tmp-2', name: null },
    ]);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT draft_key, updated_at FROM reply_drafts WHERE scope = ? ORDER BY seq DESC').all('s') as Array<{ detail: string }>;
    expect(plan.map((row) => row.detail).join(' ')).toMatch(/COVERING INDEX reply_drafts_listing/);
    expect(() => db.prepare("INSERT INTO issued_files (scope, kind, file_id, seen) VALUES ('s', 'other', 'x', 1)").run()).toThrow(/CHECK constraint/);
    db.close();
  });
});
