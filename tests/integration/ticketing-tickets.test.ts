/**
 * The tickets boards show (spec/ticketing-automations-psa.md §3.1, §7.1,
 * §9.1) through the console's services against the demo server over real
 * HTTP: the 2,000 demo tickets paged newest first, searched by id and by
 * subject, one by id; a board's tickets exactly those its conditions hold
 * for, in its own sort or an explicit one, paged with totals; a trigger
 * that is no board refused; and the tolerant reading of what a real
 * instance may send (a stubbed instance's malformed ticket skipped and
 * counted).
 *
 * The board cases filter with src/shared/rules/ticketing/evaluate.ts's
 * matchesConditions: until it is implemented the demo answers those calls
 * with a 500 and they fail.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TICKET_PRIORITIES, DEMO_TICKET_STATUSES, DELETED_ORGANIZATION_NAME } from '../../src/demo-server/data/ticketing/ticketing';
import { ApiClient } from '../../src/main/services/platform/api/api-client';
import { readItems } from '../../src/main/services/platform/api/tolerant';
import type { SessionService } from '../../src/main/services/session/session-service';
import { TokenManager } from '../../src/main/services/platform/api/token-manager';
import { TicketingHistoryStore } from '../../src/main/services/ticketing/history-store';
import { ticketSchema } from '../../src/main/services/ticketing/ticket-schemas';
import { BOARD_GONE_MESSAGE, BOARD_TICKETS_REFUSED_MESSAGE, NOT_A_BOARD_MESSAGE, TICKET_GONE_MESSAGE, TicketingService } from '../../src/main/services/ticketing/ticketing-service';
import type { Ticket, Trigger } from '../../src/shared/model/ticketing';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();
/** Every demo ticket, newest first, read once through 'ticketing.tickets'. */
let all: Ticket[];

type TicketPage = { results: Ticket[]; totalElements: number; totalPages: number; skipped: number };
const tickets = (input: { page: number; size: number; search?: string }) => ctx.services().call<TicketPage>('ticketing.tickets', input);
const boardTickets = (input: { id: number; page: number; size: number; sortBy?: string; direction?: 'ASC' | 'DESC' }) => ctx.services().call<TicketPage>('ticketing.boardTickets', input);

async function board(name: string): Promise<Trigger> {
  const { items } = await ctx.services().call<{ items: Trigger[] }>('ticketing.triggers', { types: ['BOARD'] });
  return items.find((t) => t.name === name)!;
}

/** Every ticket of a board, page by page of 500. */
async function everyBoardTicket(id: number, sort: { sortBy?: string; direction?: 'ASC' | 'DESC' } = {}): Promise<Ticket[]> {
  const first = await boardTickets({ id, page: 0, size: 500, ...sort });
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => boardTickets({ id, page: i + 1, size: 500, ...sort })));
  return [first, ...rest].flatMap((p) => p.results);
}

const ids = (list: readonly Ticket[]) => list.map((t) => t.id);
const compareText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

beforeAll(async () => {
  const pages = await Promise.all([0, 1, 2, 3].map((page) => tickets({ page, size: 500 })));
  all = pages.flatMap((p) => p.results);
});

describe('the demo tickets', () => {
  it('pages 2,000 tickets newest first, 50 by default and up to 500, with totals', async () => {
    expect(all).toHaveLength(2000);
    expect(new Set(ids(all)).size).toBe(2000);
    expect(Math.min(...ids(all))).toBe(1001);
    expect(Math.max(...ids(all))).toBe(3000);
    for (let i = 1; i < all.length; i++) expect(all[i - 1]!.createTime).toBeGreaterThanOrEqual(all[i]!.createTime);

    const page = await tickets({ page: 3, size: 50 });
    expect(page).toMatchObject({ totalElements: 2000, totalPages: 40, skipped: 0 });
    expect(ids(page.results)).toEqual(ids(all.slice(150, 200)));
    expect((await tickets({ page: 40, size: 50 })).results).toEqual([]);
    await expect(tickets({ page: 0, size: 501 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(tickets({ page: 0, size: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.tickets', { page: 0, size: 10, extra: 1 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('fills every field realistically and consistently', () => {
    const statuses = DEMO_TICKET_STATUSES.map((s) => s.value);
    const now = Date.now();
    for (const t of all) {
      expect(t.summary.length, `${t.id}`).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(0);
      expect(statuses).toContain(t.status);
      expect(t.organization && t.ticketForm).toBeTruthy();
      expect(t.createTime).toBeGreaterThan(now - 121 * 86_400_000);
      expect(t.lastUpdated).toBeGreaterThanOrEqual(t.createTime);
      expect(t.lastUpdated).toBeLessThanOrEqual(now);
      expect(t.statusSince[t.status]).toBeGreaterThanOrEqual(t.createTime);
      expect(t.statusSince.NEW).toBe(t.createTime);
      expect(t.solvedTime !== null).toBe(t.status === 'RESOLVED' || t.status === 'CLOSED');
      expect(t.assignedTime !== null).toBe(t.assignedAppUser !== null);
      expect(t.tags.length).toBeLessThanOrEqual(3);
      expect(t.totalTimeTracked).toBeGreaterThanOrEqual(0);
    }
    const share = (test: (t: Ticket) => boolean) => all.filter(test).length / all.length;
    expect(share((t) => t.assignedAppUser === null)).toBeGreaterThan(0.18);
    expect(share((t) => t.assignedAppUser === null)).toBeLessThan(0.32);
    expect(share((t) => t.organization?.name === DELETED_ORGANIZATION_NAME)).toBeGreaterThan(0);
    expect(share((t) => t.organization?.name === DELETED_ORGANIZATION_NAME)).toBeLessThan(0.02);
    expect(share((t) => t.tags.includes('vip'))).toBeGreaterThan(0.05);
    expect(share((t) => t.priority === null)).toBeGreaterThan(0);
    expect(share((t) => t.agreement !== null)).toBeGreaterThan(0);
    expect(share((t) => Object.keys(t.attributes).length > 0)).toBeGreaterThan(0.5);
    expect(new Set(all.map((t) => t.type))).toEqual(new Set(['PROBLEM', 'QUESTION', 'INCIDENT', 'TASK']));
    expect(new Set(all.map((t) => t.source))).toEqual(new Set(['EMAIL', 'PHONE', 'WEB_FORM', 'TECHNICIAN_PORTAL', 'CONDITION']));
    expect(new Set(all.map((t) => t.status))).toEqual(new Set(DEMO_TICKET_STATUSES.map((s) => s.value)));
  });

  it("searches by id ('#123' or '123') and by a part of the subject, any case", async () => {
    const wanted = all[700]!;
    for (const search of [`#${wanted.id}`, String(wanted.id), ` ${wanted.id} `]) {
      const found = await tickets({ page: 0, size: 50, search });
      expect(found.results, search).toEqual([wanted]);
      expect(found.totalElements).toBe(1);
    }
    const vpn = await tickets({ page: 0, size: 500, search: 'vpn DISCONNECTS' });
    const expected = all.filter((t) => t.summary.toLowerCase().includes('vpn disconnects'));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(vpn.results)).toEqual(ids(expected));
    expect(vpn.totalElements).toBe(expected.length);
    expect((await tickets({ page: 0, size: 50, search: '#99999' })).totalElements).toBe(0);
    await expect(tickets({ page: 0, size: 50, search: 'x'.repeat(101) })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('reads one ticket by id; an unknown one is gone', async () => {
    const listed = all[42]!;
    expect(await ctx.services().call<Ticket>('ticketing.ticket', { id: listed.id })).toEqual(listed);
    await expect(ctx.services().call('ticketing.ticket', { id: 99_999 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: TICKET_GONE_MESSAGE });
    await expect(ctx.services().call('ticketing.ticket', { id: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('wants the bearer token', async () => {
    expect((await fetch(`${ctx.demo().url}/api/ticketing/tickets`)).status).toBe(401);
    expect((await fetch(`${ctx.demo().url}/api/ticketing/board/8/tickets`)).status).toBe(401);
  });
});

describe("a board's tickets (needs evaluate.ts's matchesConditions)", () => {
  const rank = (priority: string | null) => DEMO_TICKET_PRIORITIES.findIndex((p) => p.value === priority);

  it("'VIP escalations': exactly the VIP tickets of high or urgent priority, by its own sort (priority DESC, then last updated DESC)", async () => {
    const vip = await board('VIP escalations');
    expect(vip.sortBy).toEqual([
      { field: 'priority', direction: 'DESC' },
      { field: 'lastUpdated', direction: 'DESC' },
    ]);
    const shown = await everyBoardTicket(vip.id);
    const expected = all.filter((t) => t.tags.includes('vip') && (t.priority === 'HIGH' || t.priority === 'URGENT'));
    expect(expected.length).toBeGreaterThan(20);
    expect(new Set(ids(shown))).toEqual(new Set(ids(expected)));
    expect(shown).toHaveLength(expected.length);
    for (const t of shown) expect(t.tags.includes('vip') && ['HIGH', 'URGENT'].includes(t.priority!)).toBe(true);
    for (let i = 1; i < shown.length; i++) {
      const [a, b] = [shown[i - 1]!, shown[i]!];
      expect(rank(a.priority)).toBeGreaterThanOrEqual(rank(b.priority));
      if (a.priority === b.priority) expect(a.lastUpdated).toBeGreaterThanOrEqual(b.lastUpdated);
    }
    expect(shown[0]!.priority).toBe('URGENT');
  });

  it("'Unassigned tickets': every ticket without an assignee, oldest first (its sort), paged with totals", async () => {
    const unassigned = await board('Unassigned tickets');
    const expectedCount = all.filter((t) => t.assignedAppUser === null).length;
    const first = await boardTickets({ id: unassigned.id, page: 0, size: 50 });
    expect(first).toMatchObject({ totalElements: expectedCount, totalPages: Math.ceil(expectedCount / 50), skipped: 0 });
    expect(first.results).toHaveLength(50);

    const shown = await everyBoardTicket(unassigned.id);
    expect(shown).toHaveLength(expectedCount);
    expect(shown.every((t) => t.assignedAppUser === null && t.assignedTime === null)).toBe(true);
    for (let i = 1; i < shown.length; i++) expect(shown[i - 1]!.createTime).toBeLessThanOrEqual(shown[i]!.createTime);

    const second = await boardTickets({ id: unassigned.id, page: 1, size: 50 });
    expect(ids([...first.results, ...second.results])).toEqual(ids(shown.slice(0, 100)));
    const last = await boardTickets({ id: unassigned.id, page: first.totalPages - 1, size: 50 });
    expect(last.results).toHaveLength(expectedCount - 50 * (first.totalPages - 1));
  });

  it("'All tickets': all 2,000, newest id first (the default sort)", async () => {
    const every = await board('All tickets');
    const page = await boardTickets({ id: every.id, page: 0, size: 500 });
    expect(page.totalElements).toBe(2000);
    expect(page.totalPages).toBe(4);
    expect(ids(page.results)).toEqual([...ids(all)].sort((a, b) => b - a).slice(0, 500));
  });

  it('sorts by an explicit sortBy and direction: text case-insensitively, numbers, nulls last either way', async () => {
    const { id } = await board('Unassigned tickets');
    const bySubject = await everyBoardTicket(id, { sortBy: 'summary' });
    for (let i = 1; i < bySubject.length; i++) expect(compareText(bySubject[i - 1]!.summary, bySubject[i]!.summary)).toBeLessThanOrEqual(0);

    const byRequester = await everyBoardTicket(id, { sortBy: 'requester', direction: 'DESC' });
    const named = byRequester.findIndex((t) => t.requester === null);
    expect(named).toBeGreaterThan(0);
    expect(byRequester.slice(named).every((t) => t.requester === null)).toBe(true);
    for (let i = 1; i < named; i++) expect(compareText(byRequester[i - 1]!.requester!.name, byRequester[i]!.requester!.name)).toBeGreaterThanOrEqual(0);

    const newest = await everyBoardTicket(id, { sortBy: 'createTime', direction: 'DESC' });
    expect(ids(newest)).toEqual(ids(all.filter((t) => t.assignedAppUser === null)));

    // A numeric attribute (5, 'Affected users'): largest first, tickets without it last.
    const affected = await everyBoardTicket(id, { sortBy: 'attribute:5', direction: 'DESC' });
    const values = affected.map((t) => t.attributes['5'] as number | undefined);
    const firstMissing = values.indexOf(undefined);
    expect(firstMissing).toBeGreaterThan(0);
    expect(values.slice(firstMissing).every((v) => v === undefined)).toBe(true);
    for (let i = 1; i < firstMissing; i++) expect(values[i - 1]!).toBeGreaterThanOrEqual(values[i]!);

    // A direction alone leaves the board's own sort (createTime ASC).
    const own = await boardTickets({ id, page: 0, size: 20, direction: 'DESC' });
    expect(ids(own.results)).toEqual(ids((await everyBoardTicket(id)).slice(0, 20)));
  });

  it('refuses a trigger that is no board, an unknown board and an unknown sort field', async () => {
    const { items } = await ctx.services().call<{ items: Trigger[] }>('ticketing.triggers', { types: ['EVENT_BASED'] });
    await expect(boardTickets({ id: items[0]!.id, page: 0, size: 50 })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: NOT_A_BOARD_MESSAGE });
    await expect(boardTickets({ id: 999_999, page: 0, size: 50 })).rejects.toMatchObject({ code: 'NOT_FOUND', message: BOARD_GONE_MESSAGE });
    const { id } = await board('All tickets');
    await expect(boardTickets({ id, page: 0, size: 50, sortBy: 'no_such_field' })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: BOARD_TICKETS_REFUSED_MESSAGE });
    await expect(boardTickets({ id, page: 0, size: 501 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.boardTickets', { id, page: 0, size: 50, direction: 'UP' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(ctx.services().call('ticketing.boardTickets', { id, page: 0, size: 50, sortBy: 's'.repeat(201) })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('tolerant reading of what a real instance sends (DESIGN "Real instances")', () => {
  const good = {
    id: 7,
    summary: 'Printer offline',
    description: 'Second floor',
    status: 'ON_HOLD_BY_VENDOR',
    priority: 'P1',
    severity: null,
    type: 'CHANGE_REQUEST',
    source: 'CHAT',
    organization: { id: 3, name: 'Northwind', parentId: 1 },
    location: { id: 4, name: 'HQ' },
    requester: { id: 1000, name: 'Amelia Anderson' },
    assignedAppUser: { id: 2, name: 'Priya Shah' },
    ticketForm: { id: 1, name: 'Default' },
    device: { id: 9, name: 'NT-WS-009' },
    tags: ['vip', 42, 'network'],
    createTime: 1_700_000_000,
    lastUpdated: '2023-11-15T00:00:00.000Z',
    lastUpdatedBy: 'Priya Shah',
    lastUpdatedTimeByAssignee: 1_700_000_100_000,
    lastUpdatedTimeByRequester: 'yesterday',
    solvedTime: null,
    totalTimeTracked: 30,
    agreement: 'Gold',
    attributes: { '1': [2], '5': 3 },
    statusSince: { NEW: 1_700_000_000_000, ON_HOLD_BY_VENDOR: 'soon' },
    assignedTime: 1_700_000_050_000,
    slaPolicy: { id: 1 },
  };
  const sparse = { id: 8, status: 'NEW', createTime: 1_700_000_000_000 };
  const { slaPolicy: _dropped, ...known } = good;
  const readGood: Ticket = {
    ...known,
    tags: ['vip', 'network'],
    createTime: 1_700_000_000_000,
    lastUpdated: Date.parse('2023-11-15T00:00:00.000Z'),
    lastUpdatedTimeByRequester: null,
    statusSince: { NEW: 1_700_000_000_000 },
  };
  const readSparse: Ticket = {
    id: 8,
    summary: '',
    description: '',
    status: 'NEW',
    priority: null,
    severity: null,
    type: null,
    source: null,
    organization: null,
    location: null,
    requester: null,
    assignedAppUser: null,
    ticketForm: null,
    device: null,
    tags: [],
    createTime: 1_700_000_000_000,
    lastUpdated: 1_700_000_000_000,
    lastUpdatedBy: null,
    lastUpdatedTimeByAssignee: null,
    lastUpdatedTimeByRequester: null,
    solvedTime: null,
    totalTimeTracked: 0,
    agreement: null,
    attributes: {},
    statusSince: {},
    assignedTime: null,
  };
  const malformed = [{ summary: 'No id', status: 'NEW', createTime: 1 }, { id: 10, status: 'NEW', createTime: 'not a time' }, { id: 11, createTime: 1_700_000_000_000 }, 'not a ticket'];

  it('keeps unknown values raw, reads times into milliseconds, defaults what may be missing, drops unknown fields, skips (counting) what it cannot read', () => {
    const read = readItems(ticketSchema, [good, sparse, ...malformed]);
    expect(read.skipped).toBe(4);
    expect(read.items).toEqual([readGood, readSparse]);
    // An odd optional value reads as its default rather than failing the ticket.
    expect(readItems(ticketSchema, [{ ...sparse, organization: { name: 'no id' }, tags: 'vip', attributes: [1], totalTimeTracked: -5, priority: 3 }]).items).toEqual([readSparse]);
  });

  it("skips and counts a stubbed instance's malformed tickets in a board page, and explains its refusals", async () => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://stub');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/api/ticketing/board/5/tickets') res.end(JSON.stringify({ results: [good, ...malformed, sparse], totalElements: 6, totalPages: 1 }));
      else if (url.pathname === '/api/ticketing/board/6/tickets') res.writeHead(400).end(JSON.stringify({ error: 'not_a_board' }));
      else if (url.pathname === '/api/ticketing/tickets') res.end(JSON.stringify({ results: [sparse, { id: 'x' }], totalElements: 2, totalPages: 1 }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const expiresAt = Date.now() + 3_600_000;
      const tokens = new TokenManager(async () => ({ accessToken: 'token', expiresAt }), { accessToken: 'token', expiresAt });
      const api = new ApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, tokens, onSessionExpired: () => undefined, retryLimit: 0 });
      const service = new TicketingService({ api: () => api } as unknown as SessionService, new TicketingHistoryStore(':memory:'));

      const page = await service.boardTickets(5, 2, 25, { field: 'attribute:5', direction: 'DESC' });
      expect(page).toEqual({ results: [readGood, readSparse], totalElements: 6, totalPages: 1, skipped: 4 });
      expect(new URL(requests[0]!, 'http://stub').searchParams.toString()).toBe('page=2&size=25&sortBy=attribute%3A5&direction=DESC');
      expect(await service.tickets(0, 50)).toEqual({ results: [readSparse], totalElements: 2, totalPages: 1, skipped: 1 });
      await expect(service.boardTickets(6, 0, 50)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: NOT_A_BOARD_MESSAGE });
      await expect(service.boardTickets(7, 0, 50)).rejects.toMatchObject({ code: 'NOT_FOUND', message: BOARD_GONE_MESSAGE });
      await expect(service.ticket(8)).rejects.toMatchObject({ code: 'NOT_FOUND', message: TICKET_GONE_MESSAGE });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
