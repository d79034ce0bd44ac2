/**
 * The ticket workspace's SQLite file on a real temp
 * file: cached answers (with when they were fetched, per identity, replaced,
 * bounded, a damaged or outdated row read as none, kept across a restart),
 * the recent tabs (§9.4: at most 10, most recent first, once each) and the
 * favorites, and the file's start (migrations, a newer or damaged file).
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WORKSPACE_MIGRATIONS } from '../../src/main/services/tickets/migrations/workspace';
import { CACHED_PER_KIND, FAVORITES_MAX, WORKSPACE_CACHE_MAX_BYTES, WorkspaceCache } from '../../src/main/services/tickets/cache';
import { AppError } from '../../src/shared/errors';
import type { WorkspaceTab } from '../../src/shared/model/tickets';
import { RECENT_TABS_LIMIT } from '../../src/shared/rules/tickets/reply';
import { tempDir } from '../helpers/temp';

const ALICE = 'demo|demo|7';
const BOB = 'instance|https://two.example|7';
const answer = z.object({ items: z.array(z.string()), skipped: z.number() });

const opened: WorkspaceCache[] = [];
function open(file = join(tempDir('rmm-workspace-'), 'ticketing-workspace.sqlite'), now?: () => number) {
  const cache = new WorkspaceCache(file, now);
  opened.push(cache);
  return { file, cache };
}
afterEach(() => {
  for (const cache of opened.splice(0)) {
    try {
      cache.close();
    } catch {
      // closed by the test
    }
  }
});

const board = (id: number, title = `Board ${id}`): WorkspaceTab => ({ kind: 'board', id, title });
const ticket = (id: number, title = `#${id}`): WorkspaceTab => ({ kind: 'ticket', id, title });

describe('cached answers', () => {
  it('are read back with when they were fetched, per identity and key, and replaced by a newer answer', () => {
    const { cache } = open();
    cache.put(ALICE, 'boards', '', { items: ['Open', 'Mine'], skipped: 1 }, 1_000);
    expect(cache.get(ALICE, 'boards', '', answer)).toEqual({ data: { items: ['Open', 'Mine'], skipped: 1 }, fetchedAt: 1_000 });
    expect(cache.get(BOB, 'boards', '', answer)).toBeNull();
    expect(cache.get(ALICE, 'ticket_view', '', answer)).toBeNull();
    cache.put(ALICE, 'boards', '', { items: ['Open'], skipped: 0 }, 2_000);
    expect(cache.get(ALICE, 'boards', '', answer)).toEqual({ data: { items: ['Open'], skipped: 0 }, fetchedAt: 2_000 });
    cache.remove(ALICE, 'boards', '');
    expect(cache.get(ALICE, 'boards', '', answer)).toBeNull();
  });

  it('take the clock when no time is given, and survive a restart', () => {
    const { file, cache } = open(undefined, () => 42_000);
    cache.put(ALICE, 'ticket_view', '1001', { items: ['a'], skipped: 0 });
    cache.close();
    const again = open(file).cache;
    expect(again.get(ALICE, 'ticket_view', '1001', answer)).toEqual({ data: { items: ['a'], skipped: 0 }, fetchedAt: 42_000 });
  });

  it('keep the newest answers of a kind, in the order they were written whatever the clock said', () => {
    const { cache } = open();
    const limit = CACHED_PER_KIND.board_page;
    // The clock goes backwards: pruning must still drop the first written.
    for (let i = 0; i <= limit; i++) cache.put(ALICE, 'board_page', `key-${i}`, { items: [String(i)], skipped: 0 }, 10_000_000 - i);
    cache.put(BOB, 'board_page', 'key-0', { items: ['bob'], skipped: 0 });
    expect(cache.get(ALICE, 'board_page', 'key-0', answer)).toBeNull();
    expect(cache.get(ALICE, 'board_page', 'key-1', answer)?.data.items).toEqual(['1']);
    expect(cache.get(ALICE, 'board_page', `key-${limit}`, answer)?.data.items).toEqual([String(limit)]);
    // Another identity's and another kind's answers are not counted against it.
    expect(cache.get(BOB, 'board_page', 'key-0', answer)?.data.items).toEqual(['bob']);
    // Rewriting an old key makes it the newest: the next put drops key-2, not it.
    cache.put(ALICE, 'board_page', 'key-1', { items: ['1 again'], skipped: 0 });
    cache.put(ALICE, 'board_page', 'key-new', { items: ['new'], skipped: 0 });
    expect(cache.get(ALICE, 'board_page', 'key-1', answer)?.data.items).toEqual(['1 again']);
    expect(cache.get(ALICE, 'board_page', 'key-2', answer)).toBeNull();
  });

  it('read as none when a row is damaged or no longer has the shape the reader wants', () => {
    const { file, cache } = open();
    cache.put(ALICE, 'ticket_view', '1', { items: ['ok'], skipped: 0 });
    cache.put(ALICE, 'ticket_view', '2', { items: ['ok'], skipped: 0 });
    cache.put(ALICE, 'ticket_view', '3', { old: 'shape' });
    cache.close();
    const db = new Database(file);
    db.prepare("UPDATE cached_answers SET data = '{not json' WHERE item_key = '2'").run();
    db.close();
    const again = open(file).cache;
    expect(again.get(ALICE, 'ticket_view', '1', answer)?.data.items).toEqual(['ok']);
    expect(again.get(ALICE, 'ticket_view', '2', answer)).toBeNull();
    expect(again.get(ALICE, 'ticket_view', '3', answer)).toBeNull();
  });
});

describe('the byte cap of cached answers', () => {
  /** An answer whose JSON is exactly `bytes` long ({"items":["…"],"skipped":0} is 26 bytes besides the text). */
  const sized = (bytes: number) => ({ items: ['x'.repeat(bytes - 26)], skipped: 0 });
  const capped = (maxBytes: number) => {
    const cache = new WorkspaceCache(join(tempDir('rmm-workspace-'), 'ticketing-workspace.sqlite'), () => 0, maxBytes);
    opened.push(cache);
    return cache;
  };
  const kept = (cache: WorkspaceCache, scope: string, kind: 'board_page' | 'ticket_view', key: string) => cache.get(scope, kind, key, answer) !== null;

  it('is 64 MiB by default', () => {
    expect(WORKSPACE_CACHE_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it("past the cap, other identities' answers go first, oldest first, then the signed-in one's oldest", () => {
    const cache = capped(1_000);
    cache.put(BOB, 'ticket_view', '1', sized(200), 1_000);
    cache.put(BOB, 'board_page', '2', sized(200), 5_000);
    cache.put(ALICE, 'ticket_view', '3', sized(200), 2_000);
    cache.put(ALICE, 'board_page', '4', sized(200), 3_000);
    cache.put(ALICE, 'ticket_view', '5', sized(200), 4_000);
    // 1 000 bytes: all fit.
    expect([kept(cache, BOB, 'ticket_view', '1'), kept(cache, BOB, 'board_page', '2')]).toEqual([true, true]);
    // Alice's next answer: Bob's oldest goes, although Alice's are older.
    cache.put(ALICE, 'ticket_view', '6', sized(200), 6_000);
    expect(kept(cache, BOB, 'ticket_view', '1')).toBe(false);
    expect(kept(cache, BOB, 'board_page', '2')).toBe(true);
    expect(kept(cache, ALICE, 'ticket_view', '3')).toBe(true);
    // Two more: Bob's last one, then Alice's oldest.
    cache.put(ALICE, 'board_page', '7', sized(400), 7_000);
    expect(kept(cache, BOB, 'board_page', '2')).toBe(false);
    expect(kept(cache, ALICE, 'ticket_view', '3')).toBe(false);
    for (const [kind, key] of [['board_page', '4'], ['ticket_view', '5'], ['ticket_view', '6'], ['board_page', '7']] as const) expect(kept(cache, ALICE, kind, key)).toBe(true);
  });

  it('counts bytes, not characters, and keeps a replaced answer once', () => {
    const cache = capped(1_000);
    cache.put(ALICE, 'ticket_view', '1', sized(500), 1_000);
    // 'é' is two bytes: 26 + 2 × 238 = 502 bytes (264 characters), over the cap with the first.
    cache.put(ALICE, 'ticket_view', '2', { items: ['é'.repeat(238)], skipped: 0 }, 2_000);
    expect(kept(cache, ALICE, 'ticket_view', '1')).toBe(false);
    expect(kept(cache, ALICE, 'ticket_view', '2')).toBe(true);
    // The same key written again replaces it: its old bytes do not count.
    cache.put(ALICE, 'ticket_view', '3', sized(400), 3_000);
    cache.put(ALICE, 'ticket_view', '3', sized(450), 4_000);
    expect(kept(cache, ALICE, 'ticket_view', '2')).toBe(true);
    expect(kept(cache, ALICE, 'ticket_view', '3')).toBe(true);
  });

  it('an answer larger than the cap on its own is not kept, and costs no other', () => {
    const cache = capped(1_000);
    cache.put(BOB, 'ticket_view', '1', sized(300), 1_000);
    cache.put(ALICE, 'ticket_view', '2', sized(300), 2_000);
    cache.put(ALICE, 'board_page', '3', sized(1_001), 3_000);
    expect(kept(cache, ALICE, 'board_page', '3')).toBe(false);
    expect(kept(cache, ALICE, 'ticket_view', '2')).toBe(true);
  });
});

describe('recent tabs (§9.4) and favorites', () => {
  it('put the opened tab first, once, and keep at most 10', () => {
    const { cache } = open();
    expect(cache.tabs(ALICE)).toEqual({ recent: [], favorites: [] });
    for (let id = 1; id <= 12; id++) cache.openTab(ALICE, ticket(id));
    const recent = cache.tabs(ALICE).recent;
    expect(recent).toHaveLength(RECENT_TABS_LIMIT);
    expect(recent.map((t) => t.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // Reopened: moved to the front with its new title, not listed twice. A board and a ticket of one id are two tabs.
    const after = cache.openTab(ALICE, ticket(5, '#5 Printer'));
    expect(after.recent.map((t) => `${t.kind}:${t.id}`)).toEqual(['ticket:5', 'ticket:12', 'ticket:11', 'ticket:10', 'ticket:9', 'ticket:8', 'ticket:7', 'ticket:6', 'ticket:4', 'ticket:3']);
    expect(after.recent[0]!.title).toBe('#5 Printer');
    expect(cache.openTab(ALICE, board(5)).recent.slice(0, 2)).toEqual([board(5), ticket(5, '#5 Printer')]);
    expect(cache.tabs(BOB)).toEqual({ recent: [], favorites: [] });
  });

  it('favorites keep the order they were marked in, refresh their title when opened, and survive a restart', () => {
    const { file, cache } = open();
    cache.setFavorite(ALICE, board(2), true);
    cache.setFavorite(ALICE, ticket(1001), true);
    cache.setFavorite(ALICE, board(3), true);
    expect(cache.setFavorite(ALICE, board(2), true).favorites).toEqual([board(2), ticket(1001), board(3)]);
    expect(cache.setFavorite(ALICE, ticket(1001), false).favorites).toEqual([board(2), board(3)]);
    cache.openTab(ALICE, board(3, 'Renamed'));
    cache.close();
    const again = open(file).cache;
    expect(again.tabs(ALICE)).toEqual({ recent: [board(3, 'Renamed')], favorites: [board(2), board(3, 'Renamed')] });
  });

  it('refuse a favorite past the limit with a clear message, keeping the list', () => {
    const { cache } = open();
    for (let id = 1; id <= FAVORITES_MAX; id++) cache.setFavorite(ALICE, ticket(id), true);
    const refused = (() => {
      try {
        cache.setFavorite(ALICE, ticket(FAVORITES_MAX + 1), true);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(`At most ${FAVORITES_MAX} favorites are kept. Remove one first.`);
    expect(cache.tabs(ALICE).favorites).toHaveLength(FAVORITES_MAX);
  });
});

describe('the file', () => {
  it('is created owner-only with its migrations', () => {
    const { file, cache } = open();
    expect(cache.persistent).toBe(true);
    expect(cache.notice).toBeUndefined();
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    cache.close();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(WORKSPACE_MIGRATIONS.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(expect.arrayContaining(['cached_answers', 'workspace_tabs']));
    db.close();
  });

  it('written by a newer console is left alone and stood in for in memory, with a notice', () => {
    const folder = tempDir('rmm-workspace-');
    const file = join(folder, 'ticketing-workspace.sqlite');
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    const { cache } = open(file);
    expect(cache.persistent).toBe(false);
    expect(cache.notice).toMatch(/^The ticket workspace cache was written by a newer version of the console/);
    cache.openTab(ALICE, board(1));
    expect(cache.tabs(ALICE).recent).toEqual([board(1)]);
  });

  it('that is damaged is moved aside and rebuilt, with a notice', () => {
    const folder = tempDir('rmm-workspace-');
    const file = join(folder, 'ticketing-workspace.sqlite');
    writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const { cache } = open(file);
    expect(cache.persistent).toBe(true);
    expect(cache.notice).toMatch(/The ticket workspace cache file (was damaged|could not be opened)/);
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(folder).length).toBeGreaterThan(1);
    cache.put(ALICE, 'boards', '', { items: [], skipped: 0 });
    expect(cache.get(ALICE, 'boards', '', answer)?.data).toEqual({ items: [], skipped: 0 });
  });
});
