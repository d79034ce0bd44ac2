/**
 * The ticket workspace's calls (spec/ticketing-automations-psa.md
 * §2.5, §3.5, §4.4, §6; the spec shows no paths: these are the demo's own),
 * under `/api` with the bearer token, JSON bodies:
 * - GET  /api/ticketing/tickets/:id/conversation
 *     {entries}, oldest first; an entry is {id, kind: REPLY|LOG, isPublic,
 *     createTime, author {id, name, type: TECHNICIAN|END_USER|SYSTEM}, body,
 *     htmlBody, attachments, techniciansTagged [{id, displayName, email,
 *     deleted, permitted}], automation {id, type, name}|null, changes
 *     [{field, from, to}], timeEntry {timeTracked, remote, startDate,
 *     agreementId, billingType, agreementOriginType}|null}; an attachment
 *     {id, resourceId, tempId, uploadStatus, metadata {name, size,
 *     contentType, contentId, inline}}; inline images are
 *     `<img src="cid:<contentId>">` in htmlBody. Generated per ticket from the
 *     seed on first use (../../data/tickets/conversation.ts: what every ticket
 *     has, and the edge cases of tickets 1001–1005).
 * - POST /api/ticketing/tickets/:id/replies
 *     {body, htmlBody, isPublic, techniciansTagged: number[], uploads:
 *     [{tempId}|{id}], timeEntry|null (startDate ISO)} → 201 the entry.
 *     tempIds: the same user's waiting uploads, taken; ids: files of this
 *     ticket. 400 {error: 'bad_upload'} for another; 400 {error: 'bad_value'}
 *     for a mention that is no technician or a time entry's agreement not of
 *     the ticket's organization; 400 bad_request for an empty reply (§5.5).
 *     A time entry adds to totalTimeTracked; lastUpdated,
 *     lastUpdatedTimeByAssignee move (the version does not: it counts field
 *     changes).
 * - GET  /api/ticketing/attachments/statuses?ids=a,b,c
 *     {statuses: {id: uploadStatus}} for ticket files and waiting uploads
 *     (attachment id or tempId), at most 50 ids; unknown ones left out.
 * - GET  /api/ticketing/agreements?organizationId=N
 *     {agreements: [{id, name, originType}]} (none for about 40% of them; 404
 *     for an unknown organization).
 * - GET  /api/ticketing/mentions?ticketId=N&search=text
 *     {users: [{id, displayName, email, deleted, permitted}]}: technicians
 *     (deleted ones flagged) by name or email, at most 20; permitted false for
 *     a technician who may not view the ticket's organization (Tom Okafor
 *     even organization ids, Mei Lin odd ones: ../../data/tickets/people.ts).
 * Switches (admin key, as /__demo/psa): GET/PATCH /__demo/tickets
 * {failFieldUpdates, failSignedUrls, failReplies, uploadProcessingMs,
 * holdUploads}: PUT …/fields, ticket signed URLs, POST …/replies answer 500;
 * how long a workspace upload stays PROCESSING (default 3000 ms, at most
 * 600000); uploads made while holdUploads is on stay PROCESSING until it is
 * turned off, which scans them at once.
 */
import { z } from 'zod';
import { REPLY_HTML_MAX, REPLY_MENTIONS_MAX, REPLY_UPLOADS_MAX, TIME_TRACKED_MAX_MINUTES } from '../../../shared/rules/tickets/reply';
import type { DemoContext } from '../../context';
import { lookupOrganizations, TicketingStore } from '../../data/ticketing/ticketing';
import { searchMentions } from '../../data/tickets/people';
import type { Ticket } from '../../../shared/model/ticketing';
import { badRequest, HttpError, notFound, numericIdParam, sendJson, userOf, type RequestContext, type Router } from '../../http';
import { registerSwitchRoutes } from '../control';
import { jsonBody } from '../params';

const CONVERSATION_PATHS = {
  conversation: '/api/ticketing/tickets/:id/conversation',
  replies: '/api/ticketing/tickets/:id/replies',
  statuses: '/api/ticketing/attachments/statuses',
  agreements: '/api/ticketing/agreements',
  mentions: '/api/ticketing/mentions',
} as const;
const TICKETS_ADMIN_ROUTE = '/__demo/tickets';

const STATUS_IDS_MAX = 50;
const recordId = z.number().int().positive().max(2_147_483_647);
const fileId = z.string().min(1).max(200);

/** A reply's or new ticket's files: waiting uploads by tempId, or files the ticket has by id. */
export const uploadsBody = z.array(z.union([z.strictObject({ tempId: fileId }), z.strictObject({ id: fileId })])).max(REPLY_UPLOADS_MAX);

const replyBody = z.object({
  body: z.string().max(REPLY_HTML_MAX),
  htmlBody: z.string().max(REPLY_HTML_MAX),
  isPublic: z.boolean(),
  techniciansTagged: z.array(recordId).max(REPLY_MENTIONS_MAX).default([]),
  uploads: uploadsBody.default([]),
  timeEntry: z
    .object({
      timeTracked: z.number().int().min(0).max(TIME_TRACKED_MAX_MINUTES),
      remote: z.boolean(),
      startDate: z.string().max(100).refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO date').nullable().default(null),
      agreementId: recordId.nullable().default(null),
      billingType: z.string().min(1).max(100).nullable().default(null),
      agreementOriginType: z.string().min(1).max(100).nullable().default(null),
    })
    .nullable()
    .default(null),
});

const adminPatch = z.strictObject({
  failFieldUpdates: z.boolean().optional(),
  failSignedUrls: z.boolean().optional(),
  failReplies: z.boolean().optional(),
  uploadProcessingMs: z.number().int().min(0).max(600_000).optional(),
  holdUploads: z.boolean().optional(),
});

/** The ticket of the path (404 'No such ticket'). */
export function ticketOf(ctx: RequestContext, store: TicketingStore): Ticket {
  const ticket = store.ticket(numericIdParam(ctx, 'No such ticket'), Date.now());
  if (!ticket) throw notFound('No such ticket');
  return ticket;
}

/** A failure switch's answer. */
export function switchedFailure(what: string): HttpError {
  const message = `${what} failed (demo switch).`;
  return new HttpError(500, message, { error: 'unexpected_error', message });
}

function queryNumber(ctx: RequestContext, name: string): number | null {
  const text = ctx.query.get(name);
  if (text === null || text === '') return null;
  if (!/^\d{1,10}$/.test(text)) throw badRequest(`${name} is a number.`);
  return Number(text);
}

export function registerConversationRoutes(router: Router, context: DemoContext): void {
  const store = () => TicketingStore.of(context.world);
  const workspace = () => store().workspace;

  router.get(CONVERSATION_PATHS.conversation, (ctx) => {
    const ticket = ticketOf(ctx, store());
    const now = Date.now();
    sendJson(ctx.res, 200, { entries: workspace().conversation(ticket).map((entry) => workspace().entryAnswer(entry, now)) });
  });

  router.post(CONVERSATION_PATHS.replies, async (ctx) => {
    const ticket = ticketOf(ctx, store());
    const user = userOf(ctx);
    if (workspace().switches.failReplies) throw switchedFailure('The reply');
    const reply = await jsonBody(ctx, replyBody, 'a reply {body, htmlBody, isPublic, techniciansTagged, uploads, timeEntry}');
    // §5.5, as the console checks before sending: some text, or a file.
    if (reply.body.trim() === '' && reply.uploads.length === 0) throw badRequest('A reply needs some text or a file.');
    const now = Date.now();
    const entry = workspace().addReply(ticket, reply, user, now);
    sendJson(ctx.res, 201, workspace().entryAnswer(entry, now));
  });

  router.get(CONVERSATION_PATHS.statuses, (ctx) => {
    const ids = (ctx.query.get('ids') ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length === 0) throw badRequest('ids: one or more attachment ids, comma-separated.');
    if (ids.length > STATUS_IDS_MAX || ids.some((id) => id.length > 200)) throw badRequest(`ids: at most ${STATUS_IDS_MAX} ids of up to 200 characters.`);
    const now = Date.now();
    const statuses: Record<string, string> = {};
    for (const id of ids) {
      const status = workspace().statusOf(id, now);
      if (status !== undefined) statuses[id] = status;
    }
    sendJson(ctx.res, 200, { statuses });
  });

  router.get(CONVERSATION_PATHS.agreements, (ctx) => {
    const organizationId = queryNumber(ctx, 'organizationId');
    if (organizationId === null) throw badRequest('organizationId is required.');
    if (!lookupOrganizations(store().worldOrganizations()).some((o) => o.id === organizationId)) throw notFound('No such organization');
    sendJson(ctx.res, 200, { agreements: workspace().agreements(organizationId) });
  });

  router.get(CONVERSATION_PATHS.mentions, (ctx) => {
    const ticketId = queryNumber(ctx, 'ticketId');
    const search = ctx.query.get('search') ?? '';
    if (search.length > 100) throw badRequest('The search is too long.');
    const ticket = ticketId === null ? undefined : store().ticket(ticketId, Date.now());
    if (ticketId !== null && !ticket) throw notFound('No such ticket');
    sendJson(ctx.res, 200, { users: searchMentions(search, ticket?.organization?.id ?? null) });
  });

  registerSwitchRoutes(router, context.config, TICKETS_ADMIN_ROUTE, {
    schema: adminPatch,
    switches: () => workspace().switches,
    view: () => workspace().switches,
    afterPatch: (_before, patch) => {
      if (patch.holdUploads === false) workspace().releaseHeldUploads();
    },
  });
}
