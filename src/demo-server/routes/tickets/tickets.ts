/**
 * The demo's ticket calls (the spec shows no paths: these are the demo's
 * own, listed with the others in ../ticketing/ticketing.ts's header), under `/api`
 * with the bearer token:
 * - GET /api/ticketing/board/:id/tickets?page=&size=&sortBy=&direction=
 *     the tickets a board shows (§3.1): those its conditions hold for
 *     (matchesConditions, no event: a board is not an event, at the time of
 *     the request), sorted, paged {results, totalElements, totalPages}.
 *     size 50 by default, at most 500. Sort: sortBy (a board column field
 *     of §3.1 or attribute:{id}) with direction ASC (default) or DESC;
 *     without sortBy the board's own sortBy (a direction alone is ignored),
 *     else id DESC. search: as /tickets below (the id or a part of the
 *     summary), within the board's tickets. Nulls last either way, strings case-insensitively,
 *     priority, severity and status in their lists' order (Low < Urgent),
 *     ties newest id first. 404 for an unknown id; 400
 *     {error: 'not_a_board'} when the trigger is no BOARD; 400
 *     {error: 'bad_request'} for an unknown sort field or direction.
 * - GET /api/ticketing/tickets?page=&size=&search=
 *     every ticket, newest first (createTime DESC), paged the same way;
 *     search: the id exactly ('#123' or '123') or a case-insensitive part
 *     of the summary.
 * - GET /api/ticketing/tickets/:id    one ticket (404 when unknown), with what its page adds: cc (emails), assignedAppUserId, requesterUid, agreementId,
 *     version (1 at first, +1 on each field change)
 * - PUT /api/ticketing/tickets/:id/fields  {field, value, version?}: one header field
 *     (status, priority, severity, type, organization, location, requester,
 *     assignee, cc, ticketForm, tags, agreement; ../../data/tickets/fields.ts) →
 *     200 the ticket as GET answers it. 400 {error: 'bad_value'} for a value
 *     that names nothing, an assignee who is no technician (§6), a location
 *     of another organization; 409 {error: 'conflict'} when `version` is not
 *     the ticket's. Organization clears location and agreement. Logged in the
 *     conversation by the signed-in technician; lastUpdated moves.
 *     500 with the /__demo/tickets failFieldUpdates switch.
 * - POST /api/ticketing/tickets      {summary, description, htmlDescription,
 *     organizationId, locationId, requesterId, assignedAppUserId, status
 *     (null: NEW), priority, severity, type, ticketFormId, uploads:
 *     [{tempId}]} → 201 the ticket as GET answers it, the next id; 400
 *     bad_value / bad_upload as above.
 * The tickets are made on the first call, that call's time their 'now'
 * (../../data/tickets/tickets.ts).
 */
import type { BoardSort, Ticket, TicketRef, Trigger } from '../../../shared/model/ticketing';
import { matchesConditions } from '../../../shared/rules/ticketing/evaluate';
import { DEFAULT_BOARD_SORT } from '../../../shared/rules/ticketing/trigger';
import { DEMO_TICKET_PRIORITIES, DEMO_TICKET_SEVERITIES, DEMO_TICKET_STATUSES, type TicketingStore } from '../../data/ticketing/ticketing';
import { z } from 'zod';
import { REPLY_HTML_MAX } from '../../../shared/rules/tickets/reply';
import { readFieldUpdate } from '../../data/tickets/fields';
import { badRequest, HttpError, notFound, numericIdParam, pageOf, pageParams, sendJson, userOf, type Router } from '../../http';
import { jsonBody } from '../params';
import { switchedFailure, ticketOf, uploadsBody } from './conversation';

export const TICKET_PATHS = {
  boardTickets: '/api/ticketing/board/:id/tickets',
  tickets: '/api/ticketing/tickets',
  ticket: '/api/ticketing/tickets/:id',
  ticketFields: '/api/ticketing/tickets/:id/fields',
} as const;

const CONFLICT_MESSAGE = 'This ticket was changed by someone else.';

const recordId = z.number().int().positive().max(2_147_483_647);
const choice = z.string().min(1).max(200).nullable().default(null);
const fieldBody = z.object({ field: z.unknown(), value: z.unknown(), version: z.number().int().min(0).optional() });
const newTicketBody = z.object({
  summary: z.string().trim().min(1).max(500),
  description: z.string().max(REPLY_HTML_MAX).default(''),
  htmlDescription: z.string().max(REPLY_HTML_MAX).default(''),
  organizationId: recordId,
  locationId: recordId.nullable().default(null),
  requesterId: recordId.nullable().default(null),
  assignedAppUserId: recordId.nullable().default(null),
  status: choice,
  priority: choice,
  severity: choice,
  type: choice,
  ticketFormId: recordId,
  uploads: uploadsBody.default([]),
});

const TICKET_PAGE_SIZE = 50;
/** The back-test reads the last 500 tickets in one page. */
const TICKET_PAGE_MAX = 500;
const SEARCH_MAX = 200;

export function registerTicketRoutes(router: Router, store: () => TicketingStore): void {
  router.get(TICKET_PATHS.boardTickets, (ctx) => {
    const board = store().triggers.get(numericIdParam(ctx, 'No such board'));
    if (!board) throw notFound('No such board');
    if (board.type !== 'BOARD') throw new HttpError(400, 'Not a board', { error: 'not_a_board', message: 'This trigger is not a board.' });
    const { page, size } = pageParams(ctx.query, TICKET_PAGE_SIZE, TICKET_PAGE_MAX);
    const sort = sortOf(board, ctx.query);
    const search = (ctx.query.get('search') ?? '').trim();
    if (search.length > SEARCH_MAX) throw badRequest('The search is too long.');
    const now = Date.now();
    const matches = searchFor(search);
    const shown = store()
      .tickets(now)
      .filter((ticket) => matchesConditions(board.conditions, ticket, null, now) && matches(ticket));
    sendJson(ctx.res, 200, pageOf(sortTickets(shown, sort), page, size));
  });

  router.get(TICKET_PATHS.tickets, (ctx) => {
    const { page, size } = pageParams(ctx.query, TICKET_PAGE_SIZE, TICKET_PAGE_MAX);
    const search = (ctx.query.get('search') ?? '').trim();
    if (search.length > SEARCH_MAX) throw badRequest('The search is too long.');
    const found = store().tickets(Date.now()).filter(searchFor(search));
    const newestFirst = [...found].sort((a, b) => b.createTime - a.createTime || b.id - a.id);
    sendJson(ctx.res, 200, pageOf(newestFirst, page, size));
  });

  router.post(TICKET_PATHS.tickets, async (ctx) => {
    const user = userOf(ctx);
    const body = await jsonBody(ctx, newTicketBody, 'a new ticket {summary, description, htmlDescription, organizationId, …, ticketFormId, uploads}');
    const workspace = store().workspace;
    sendJson(ctx.res, 201, workspace.detail(workspace.createTicket(body, user, Date.now())));
  });

  router.get(TICKET_PATHS.ticket, (ctx) => {
    sendJson(ctx.res, 200, store().workspace.detail(ticketOf(ctx, store())));
  });

  router.put(TICKET_PATHS.ticketFields, async (ctx) => {
    const ticket = ticketOf(ctx, store());
    const user = userOf(ctx);
    const workspace = store().workspace;
    if (workspace.switches.failFieldUpdates) throw switchedFailure('The field update');
    const body = await jsonBody(ctx, fieldBody, 'a field update {field, value, version?}');
    if (body.version !== undefined && body.version !== workspace.version(ticket.id)) {
      throw new HttpError(409, CONFLICT_MESSAGE, { error: 'conflict', message: CONFLICT_MESSAGE });
    }
    workspace.updateField(ticket, readFieldUpdate(body.field, body.value), user, Date.now());
    sendJson(ctx.res, 200, workspace.detail(ticket));
  });
}

/** An id that is not a number names nothing: 404, as an unknown one. */

/** '#123' and '123' find ticket 123 (and summaries containing the text); any other text a part of the summary. */
function searchFor(search: string): (ticket: Ticket) => boolean {
  if (!search) return () => true;
  const id = /^#?(\d{1,10})$/.exec(search)?.[1];
  const wanted = search.toLowerCase();
  return (ticket) => (id !== undefined && ticket.id === Number(id)) || ticket.summary.toLowerCase().includes(wanted);
}

/** The request's sortBy/direction, else the board's own sort (fields this server cannot sort by left out), else id DESC. */
function sortOf(board: Pick<Trigger, 'sortBy'>, query: URLSearchParams): BoardSort[] {
  const field = query.get('sortBy');
  const direction = query.get('direction')?.toUpperCase() ?? null;
  if (direction !== null && direction !== 'ASC' && direction !== 'DESC') throw badRequest('direction is ASC or DESC.');
  if (field !== null) {
    if (!sortable(field)) throw badRequest('Unknown sort field.');
    return [{ field, direction: direction ?? 'ASC' }];
  }
  const own = board.sortBy.filter((s) => sortable(s.field));
  return own.length > 0 ? own : DEFAULT_BOARD_SORT;
}

type Key = number | string | null;

const name = (ref: TicketRef | null): Key => ref?.name ?? null;
const rankIn = (list: ReadonlyArray<{ value: string }>) => (value: string | null): Key => {
  if (value === null) return null;
  const rank = list.findIndex((item) => item.value === value);
  // A value the list does not know sorts beyond the known ones (after them ascending), by its text.
  return rank >= 0 ? rank : value;
};
const priorityRank = rankIn(DEMO_TICKET_PRIORITIES);
const severityRank = rankIn(DEMO_TICKET_SEVERITIES);
const statusRank = rankIn(DEMO_TICKET_STATUSES);

/** §3.1's board-column fields ('assignee' is the default columns' name for assignedAppUser), each to what it sorts by. */
const SORT_KEYS: Record<string, (t: Ticket) => Key> = {
  id: (t) => t.id,
  priority: (t) => priorityRank(t.priority),
  severity: (t) => severityRank(t.severity),
  status: (t) => statusRank(t.status),
  description: (t) => t.description,
  summary: (t) => t.summary,
  requester: (t) => name(t.requester),
  organization: (t) => name(t.organization),
  location: (t) => name(t.location),
  type: (t) => t.type,
  source: (t) => t.source,
  createTime: (t) => t.createTime,
  totalTimeTracked: (t) => t.totalTimeTracked,
  totalTimeTrackedDecimal: (t) => t.totalTimeTracked,
  assignedAppUser: (t) => name(t.assignedAppUser),
  assignee: (t) => name(t.assignedAppUser),
  solvedTime: (t) => t.solvedTime,
  ticketForm: (t) => name(t.ticketForm),
  lastUpdatedTimeByAssignee: (t) => t.lastUpdatedTimeByAssignee,
  lastUpdatedTimeByRequester: (t) => t.lastUpdatedTimeByRequester,
  device: (t) => name(t.device),
  lastUpdatedBy: (t) => t.lastUpdatedBy,
  lastUpdated: (t) => t.lastUpdated,
  agreement: (t) => t.agreement,
};
const ATTRIBUTE_FIELD = /^attribute:(\d{1,10})$/;

function sortable(field: string): boolean {
  return Object.hasOwn(SORT_KEYS, field) || ATTRIBUTE_FIELD.test(field);
}

function keyOf(field: string): (t: Ticket) => Key {
  const own = Object.hasOwn(SORT_KEYS, field) ? SORT_KEYS[field] : undefined;
  if (own) return own;
  const attributeId = ATTRIBUTE_FIELD.exec(field)?.[1] ?? '';
  return (t) => attributeKey(t.attributes[attributeId]);
}

/** An attribute value as a key: numbers and text as they are, a checkbox 0/1, a multi-select's ids joined. */
function attributeKey(value: unknown): Key {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : null;
  return null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Numbers before text, each in its order; null is handled by the caller (last either way). */
function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return typeof a === 'number' ? -1 : 1;
}

/** Sorted by each key in turn (nulls last in either direction), then newest id first. */
function sortTickets(tickets: readonly Ticket[], sort: readonly BoardSort[]): Ticket[] {
  const keys = sort.map((s) => ({ key: keyOf(s.field), sign: s.direction === 'DESC' ? -1 : 1 }));
  return [...tickets].sort((x, y) => {
    for (const { key, sign } of keys) {
      const a = key(x);
      const b = key(y);
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
        continue;
      }
      const order = compareKeys(a, b);
      if (order !== 0) return sign * order;
    }
    return y.id - x.id;
  });
}
