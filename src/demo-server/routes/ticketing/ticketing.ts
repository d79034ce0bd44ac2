/**
 * Ticketing calls of spec/ticketing-automations-psa.md §7.1 and §7.2 under
 * `/api` (bearer token). §7.1 names the trigger, channel and organization
 * paths; the others are the demo's own:
 * - GET  /api/ticketing/ticket-forms       the ticket forms [{id, name, active}]
 * - GET  /api/ticketing/statuses           the ticket statuses [{value, name}]
 * - GET  /api/ticketing/ticket-fields      {priorities, severities}, each [{value, name}]
 * - GET  /api/ticketing/rulesets?type=     the rulesets (all, or of one type), by name
 * - DELETE /api/ticketing/rulesets/:id     removes one (204; 404 when unknown)
 * - GET  /api/ticketing/configuration      the ticketing configuration (§3's default state at first)
 * - PATCH /api/ticketing/configuration     a partial configuration merged into it (TICKETING_SET_CONFIGURATIONS); the result
 * - GET  /api/ticketing/trigger/list?type=EVENT_BASED&type=BOARD
 *                                          full triggers (automations, templates, boards) of the
 *                                          given types (`type` repeatable; none: all), by name
 * - GET  /api/ticketing/trigger/:id        one trigger with conditions, actions, attachments (404 when unknown)
 * - POST /api/ticketing/trigger/           creates one (also without the trailing slash): the body is §7.1's
 *                                          (enabled, name, description, type, conditions {all, any},
 *                                          actions, uploads, columns and sortBy for boards) and carries
 *                                          no id (an id is a 400: PUT updates); 201 with the saved trigger
 * - PUT  /api/ticketing/trigger/:id        replaces one with the same body (no id, or the path's); 200 with
 *                                          the saved trigger; 404 when unknown
 * - DELETE /api/ticketing/trigger/:id      removes one (204; 404 when unknown; 409 for a system board)
 * - GET  /api/channel/list/brief           notification channels [{id, name, type}] (EMAIL, SMS, SLACK), by name
 * - GET  /api/query/organizations        organizations paged 50 (page, size, name), each {id, name, deleted}
 * - GET  /api/query/locations            locations paged 50 (page, size, name, organizationId)
 * - GET  /api/query/users                users paged 50 (page, size, name, technician=true|false),
 *                                          each {id, name, deleted, technician}; one deleted technician
 * - GET  /api/client/list                 every organization [{id, name}] (§7.1)
 * - GET  /api/ticketing/board/:id/tickets?page=&size=&sortBy=&direction=
 *                                          a board's tickets (those its conditions hold for), sorted
 *                                          (sortBy/direction, else the board's own sortBy, else id DESC),
 *                                          paged {results, totalElements, totalPages}, size 50 (max 500);
 *                                          404 unknown id, 400 {error: 'not_a_board'} for another type
 * - GET  /api/ticketing/tickets?page=&size=&search=
 *                                          every ticket, newest first, paged the same way; search: the id
 *                                          ('#123' or '123') or a part of the summary
 * - GET  /api/ticketing/tickets/:id        one ticket (404 when unknown)
 *                                          (the ticket calls' details: ../tickets/tickets.ts; the ticket
 *                                          workspace's calls, conversation, replies, field updates, new
 *                                          tickets, upload statuses, agreements, mentions and the
 *                                          /__demo/tickets switches: ../tickets/conversation.ts)
 * - GET  /api/ticketing/attachments/:id/signed-url
 *                                          {signedUrl, expiresInSeconds: 60} for an attachment of a
 *                                          stored trigger (§4.1, §7.1 "path not shown"); 404 when
 *                                          unknown (or its trigger deleted), 404 'Resource Not Found'
 *                                          unless its uploadStatus is SUCCESS (SUSPICIOUS, FAILURE: no
 *                                          content; PROCESSING: none yet). The URL is the demo's signed
 *                                          file, as the help ticket's: GET /attachments/:id/content?
 *                                          expires&signature, no bearer token (../../signed-files.ts).
 *                                          Also for a ticket conversation's file and a waiting upload
 *                                          (by id or tempId) once SUCCESS (500 with the
 *                                          failSignedUrls switch: ../tickets/conversation.ts)
 * Seeded attachments (../../data/ticketing/triggers.ts): 'Escalate VIP tickets' has
 * vip-escalation-flow.png and vip-escalation-policy.pdf (SUCCESS) and
 * client-contacts.png (SUSPICIOUS); 'Password reset instructions' has
 * password-reset-steps.png (PROCESSING). A saved trigger (POST or PUT) has
 * the attachments its body's `uploads` names: ids of attachments it holds,
 * and tempIds of files the same user uploaded (below); others are left out.
 * - POST /api/ticketing/attachments/upload?filename=<name>[&inline=true|false]
 *                                          a file for a trigger's email or comment body, or for a ticket
 *                                          reply or new ticket when `inline` is given (§7.1 shows no
 *                                          path): its bytes as the body, checked as the help ticket's
 *                                          attachments (415 unsupported_type, 413 file_too_large above
 *                                          50 MB, 400 empty or bad name); 201 {id, resourceId, tempId,
 *                                          contentId, uploadStatus, metadata: {name, size, contentType,
 *                                          contentId, inline}}, SUSPICIOUS when the first bytes do not
 *                                          match the extension. With `inline` (the ticket workspace's):
 *                                          metadata.inline as given, and PROCESSING (§4.4) for the
 *                                          /__demo/tickets uploadProcessingMs (3 s) before that; without
 *                                          it, scanned at once (the automation editors'). It waits for a
 *                                          trigger save, reply or new ticket naming its tempId.
 * - DELETE /api/ticketing/attachments/upload/:tempId
 *                                          drops a waiting upload (204; 404 unknown, saved or another's)
 * - POST /api/graphql                      GraphQL: the tags query, the create-tag mutation,
 *                                          ticketRulesetById, createOrUpdateTicketRuleset, and
 *                                          ticketAttributes (§7.1 GetAttributeList)
 * Trigger bodies are checked with the console's own triggerPayloadSchema: a
 * bad one is a 400 {error: 'bad_request', message}.
 *
 * Failure markers:
 * - A tag created with '[fail]' in its name is refused (a GraphQL error), so
 *   the console's 'Error creating tag' can be seen.
 * - A ruleset saved with '[fail]' in its name fails (a GraphQL error), so the
 *   console's 'Error saving ticket ruleset' / 'Error updating ticket ruleset'
 *   can be seen.
 * - A trigger saved (POST or PUT) with '[fail:<resultCode>]' in its name or
 *   its description answers 400 {resultCode: '<resultCode>'}, so each §8.1
 *   message can be seen (the longer codes do not fit the 50-character name:
 *   put those in the description); '[fail]' answers 500
 *   {resultCode: 'unexpected_error'}.
 */
import { randomUUID } from 'node:crypto';
import { buildSchema, graphql, type GraphQLSchema } from 'graphql';
import { z } from 'zod';
import { ATTACHMENT_MESSAGES } from '../../../shared/rules/platform/attachments';
import { tagNameProblems } from '../../../shared/rules/platform/tags';
import { configurationPatchSchema, mergeConfiguration } from '../../../shared/rules/ticketing/configuration';
import { rulesetPayloadSchema } from '../../../shared/rules/ticketing/ruleset';
import { triggerPayloadSchema, type TriggerPayload } from '../../../shared/rules/ticketing/trigger';
import type { DemoContext } from '../../context';
import { lookupLocations, lookupOrganizations, DEMO_TICKET_FORMS, DEMO_TICKET_PRIORITIES, DEMO_TICKET_SEVERITIES, DEMO_TICKET_STATUSES, TicketingStore } from '../../data/ticketing/ticketing';
import { DEMO_NOTIFICATION_CHANNELS, DEMO_TICKET_ATTRIBUTES, lookupUsers, seededAttachmentBytes } from '../../data/ticketing/triggers';
import { badRequest, HttpError, notFound, numericIdParam, pageOf, pageParams, readJson, sendJson, userOf, type RequestContext, type Router } from '../../http';
import { signedFiles, type SignedFiles } from '../../signed-files';
import { HELD_UPLOAD } from '../../data/tickets/state';
import { readUploadedFile } from '../../uploads';
import { jsonBody } from '../params';
import { registerTicketRoutes, TICKET_PATHS } from '../tickets/tickets';

const TICKETING_PATHS = {
  forms: '/api/ticketing/ticket-forms',
  statuses: '/api/ticketing/statuses',
  fields: '/api/ticketing/ticket-fields',
  rulesets: '/api/ticketing/rulesets',
  ruleset: '/api/ticketing/rulesets/:id',
  graphql: '/api/graphql',
  configuration: '/api/ticketing/configuration',
  organizations: '/api/query/organizations',
  locations: '/api/query/locations',
  clients: '/api/client/list',
  triggers: '/api/ticketing/trigger',
  triggerList: '/api/ticketing/trigger/list',
  trigger: '/api/ticketing/trigger/:id',
  channels: '/api/channel/list/brief',
  users: '/api/query/users',
  attachmentSignedUrl: '/api/ticketing/attachments/:id/signed-url',
  upload: '/api/ticketing/attachments/upload',
  uploaded: '/api/ticketing/attachments/upload/:tempId',
  ...TICKET_PATHS,
} as const;

/** §9.1: organization and location lookups, 50 a page. */
export const LOOKUP_PAGE_SIZE = 50;

/** The name marker that makes a save fail. */
const FAIL_SAVE_MARKER = '[fail]';
/** `[fail:<resultCode>]` in a trigger's name or description: the save answers 400 with that resultCode. */
const FAIL_RESULT_MARKER = /\[fail:([A-Za-z0-9_]{1,100})\]/;

const SDL = `
  type Tag { id: Int!, name: String! }
  type TimeSetting { value: Int!, unit: String! }
  type TriggerSettings { ticketFormId: Int, status: String, priority: String, severity: String, tags: [String!]!, useOwnerAsRequester: Boolean! }
  type ResetSettings { status: String, time: TimeSetting }
  type RetriggerSettings { createNewTicket: Boolean!, status: String, tags: [String!]!, priority: String, severity: String }
  type TicketRuleset {
    id: Int!, enabled: Boolean!, name: String!, type: String!,
    conditionTriggerSettings: TriggerSettings!, conditionResetSettings: ResetSettings, conditionReTriggerSettings: RetriggerSettings
  }
  input TagInput { name: String! }
  input TimeSettingInput { value: Int!, unit: String! }
  input TriggerSettingsInput { ticketFormId: Int!, status: String!, priority: String, severity: String, tags: [String!]!, useOwnerAsRequester: Boolean! }
  input ResetSettingsInput { status: String!, time: TimeSettingInput }
  input RetriggerSettingsInput { createNewTicket: Boolean!, status: String, tags: [String!]!, priority: String, severity: String }
  input TicketRulesetInput {
    id: Int, enabled: Boolean!, name: String!, type: String!,
    conditionTriggerSettings: TriggerSettingsInput!, conditionResetSettings: ResetSettingsInput, conditionReTriggerSettings: RetriggerSettingsInput
  }
  type AttributeValue { id: Int!, name: String! }
  type AttributeContent { values: [AttributeValue!]! }
  type TicketAttribute { id: Int!, attributeType: String!, name: String!, active: Boolean!, content: AttributeContent }
  type Query { tags(search: String): [Tag!]!, ticketRulesetById(id: Int!): TicketRuleset, ticketAttributes: [TicketAttribute!]! }
  type Mutation { createTag(tag: TagInput!): Tag!, createOrUpdateTicketRuleset(ruleset: TicketRulesetInput!): TicketRuleset! }
`;

let schema: GraphQLSchema | undefined;
const graphqlBody = z.object({ query: z.string().min(1).max(20_000), variables: z.record(z.string(), z.unknown()).nullish(), operationName: z.string().nullish() });

/** GraphQL input objects come without a prototype; the payload schema wants plain data. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export function registerTicketingRoutes(router: Router, context: DemoContext): void {
  const store = () => TicketingStore.of(context.world);
  schema ??= buildSchema(SDL);

  router.get(TICKETING_PATHS.forms, (ctx) => sendJson(ctx.res, 200, DEMO_TICKET_FORMS));
  router.get(TICKETING_PATHS.statuses, (ctx) => sendJson(ctx.res, 200, DEMO_TICKET_STATUSES));
  router.get(TICKETING_PATHS.fields, (ctx) => sendJson(ctx.res, 200, { priorities: DEMO_TICKET_PRIORITIES, severities: DEMO_TICKET_SEVERITIES }));
  router.get(TICKETING_PATHS.rulesets, (ctx) => sendJson(ctx.res, 200, store().list(ctx.query.get('type') ?? undefined)));
  router.delete(TICKETING_PATHS.ruleset, (ctx) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || !store().remove(id)) throw notFound('No such ruleset');
    ctx.res.writeHead(204).end();
  });
  registerTriggerRoutes(router, store);
  registerAttachmentRoutes(router, store, signedFiles(context.config));
  registerTicketRoutes(router, store);

  const organizations = () => lookupOrganizations(context.world.organizations);
  const byName = <T extends { name: string }>(items: readonly T[], name: string | null) => {
    const wanted = name?.trim().toLowerCase();
    return wanted ? items.filter((item) => item.name.toLowerCase().includes(wanted)) : [...items];
  };
  router.get(TICKETING_PATHS.organizations, (ctx) => {
    const { page, size } = pageParams(ctx.query, LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
    sendJson(ctx.res, 200, pageOf(byName(organizations(), ctx.query.get('name')), page, size));
  });
  router.get(TICKETING_PATHS.locations, (ctx) => {
    const { page, size } = pageParams(ctx.query, LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
    const organizationId = ctx.query.get('organizationId');
    if (organizationId !== null && !/^\d{1,9}$/.test(organizationId)) throw new HttpError(400, 'Invalid organizationId');
    const locations = lookupLocations(organizations()).filter((l) => organizationId === null || l.organizationId === Number(organizationId));
    sendJson(ctx.res, 200, pageOf(byName(locations, ctx.query.get('name')), page, size));
  });
  router.get(TICKETING_PATHS.clients, (ctx) => sendJson(ctx.res, 200, organizations().filter((o) => !o.deleted).map(({ id, name }) => ({ id, name }))));
  router.get(TICKETING_PATHS.users, (ctx) => {
    const { page, size } = pageParams(ctx.query, LOOKUP_PAGE_SIZE, LOOKUP_PAGE_SIZE);
    const technician = ctx.query.get('technician');
    if (technician !== null && technician !== 'true' && technician !== 'false') throw new HttpError(400, 'Invalid technician');
    const users = lookupUsers().filter((u) => technician === null || u.technician === (technician === 'true'));
    sendJson(ctx.res, 200, pageOf(byName(users, ctx.query.get('name')), page, size));
  });

  router.get(TICKETING_PATHS.configuration, (ctx) => sendJson(ctx.res, 200, store().configuration));
  router.patch(TICKETING_PATHS.configuration, async (ctx) => {
    const patch = configurationPatchSchema.safeParse(await readJson(ctx.req));
    if (!patch.success) throw badRequest(`Invalid configuration: ${patch.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    store().configuration = mergeConfiguration(store().configuration, patch.data);
    sendJson(ctx.res, 200, store().configuration);
  });

  const rootValue = {
    tags: ({ search }: { search?: string | null }) =>
      [...store().tags]
        .filter((name) => !search || name.toLowerCase().includes(search.toLowerCase()))
        .sort()
        .map((name, i) => ({ id: i + 1, name })),
    createTag: ({ tag }: { tag: { name: string } }) => {
      if (tag.name.includes(FAIL_SAVE_MARKER)) throw new Error('The tag could not be created.');
      const problems = tagNameProblems(tag.name, [...store().tags]);
      if (problems.length > 0) throw new Error(problems.join(' '));
      store().tags.add(tag.name.trim());
      return { id: store().tags.size, name: tag.name.trim() };
    },
    ticketRulesetById: ({ id }: { id: number }) => store().rulesets.get(id) ?? null,
    ticketAttributes: () => DEMO_TICKET_ATTRIBUTES,
    createOrUpdateTicketRuleset: ({ ruleset }: { ruleset: unknown }) => {
      const parsed = rulesetPayloadSchema.safeParse(plain(ruleset));
      if (!parsed.success) throw new Error(`Invalid ruleset: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      if (parsed.data.name.includes(FAIL_SAVE_MARKER)) throw new Error('The ruleset could not be stored.');
      const saved = store().save(parsed.data);
      if (!saved) throw new Error('No such ruleset');
      return saved;
    },
  };

  router.post(TICKETING_PATHS.graphql, async (ctx) => {
    const body = graphqlBody.safeParse(await readJson(ctx.req));
    if (!body.success) throw badRequest('A GraphQL request has a query and optional variables.');
    const result = await graphql({ schema: schema!, source: body.data.query, rootValue, variableValues: body.data.variables ?? undefined, operationName: body.data.operationName ?? undefined });
    sendJson(ctx.res, 200, result);
  });
}

/** §7.1 triggers: list, read, create, update, delete; and the notification channels their actions pick from. */
function registerTriggerRoutes(router: Router, store: () => TicketingStore): void {
  // Before ':id', which would take 'list' for an id.
  router.get(TICKETING_PATHS.triggerList, (ctx) => sendJson(ctx.res, 200, store().listTriggers(ctx.query.getAll('type'))));
  router.get(TICKETING_PATHS.trigger, (ctx) => {
    const trigger = store().triggers.get(triggerIdOf(ctx));
    if (!trigger) throw notFound('No such trigger');
    sendJson(ctx.res, 200, trigger);
  });
  router.post(TICKETING_PATHS.triggers, async (ctx) => {
    const payload = await triggerBody(ctx);
    if (payload.id !== undefined) throw badRequest('A new trigger has no id; PUT /api/ticketing/trigger/:id updates one.');
    sendJson(ctx.res, 201, store().saveTrigger(undefined, payload, userOf(ctx).id));
  });
  router.put(TICKETING_PATHS.trigger, async (ctx) => {
    const id = triggerIdOf(ctx);
    const payload = await triggerBody(ctx);
    if (payload.id !== undefined && payload.id !== id) throw badRequest("The body's id is not the path's.");
    const saved = store().saveTrigger(id, payload, userOf(ctx).id);
    if (!saved) throw notFound('No such trigger');
    sendJson(ctx.res, 200, saved);
  });
  router.delete(TICKETING_PATHS.trigger, (ctx) => {
    const outcome = store().removeTrigger(triggerIdOf(ctx));
    if (outcome === 'missing') throw notFound('No such trigger');
    if (outcome === 'system') throw new HttpError(409, 'A system board cannot be deleted.', { error: 'conflict', message: 'A system board cannot be deleted.' });
    ctx.res.writeHead(204).end();
  });
  router.get(TICKETING_PATHS.channels, (ctx) => sendJson(ctx.res, 200, [...DEMO_NOTIFICATION_CHANNELS].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)));
}

/** §4.1 the attachments of the stored triggers: their signed URLs, and their content behind those (SUCCESS only). */
function registerAttachmentRoutes(router: Router, store: () => TicketingStore, files: SignedFiles): void {
  const served = (id: string) => {
    const attachment = store().triggerAttachment(id);
    return attachment?.uploadStatus === 'SUCCESS' ? attachment : undefined;
  };
  files.addSource((id) => {
    const attachment = served(id);
    const bytes = attachment ? (seededAttachmentBytes(id) ?? store().uploadedAttachmentBytes(id)) : null;
    return attachment && bytes ? { contentType: attachment.metadata.contentType, bytes } : null;
  });
  // The ticket workspace's files and its waiting uploads, once SUCCESS (../tickets/conversation.ts).
  files.addSource((id) => store().workspace.servedFile(id, Date.now()));
  router.post(TICKETING_PATHS.upload, async (ctx) => {
    const user = userOf(ctx);
    const inline = ctx.query.get('inline');
    if (inline !== null && inline !== 'true' && inline !== 'false') throw badRequest('inline is true or false.');
    const { name, bytes, contentType, suspicious } = await readUploadedFile(ctx);
    const id = randomUUID();
    const contentId = `cid-${id.slice(0, 8)}`;
    const attachment = { id, resourceId: `ticketing-upload-${user.id}`, contentId, uploadStatus: suspicious ? ('SUSPICIOUS' as const) : ('SUCCESS' as const), metadata: { name, size: bytes.length, contentType } };
    // §4.4: the workspace's uploads (those that say `inline`) are PROCESSING while the instance scans them; the automation editors' are answered scanned.
    const { holdUploads, uploadProcessingMs } = store().workspace.switches;
    const readyAt = inline === null ? 0 : holdUploads ? HELD_UPLOAD : Date.now() + uploadProcessingMs;
    const tempId = store().addUpload(user.id, attachment, bytes, { inline: inline === 'true', readyAt });
    const uploadStatus = Date.now() < readyAt ? 'PROCESSING' : attachment.uploadStatus;
    sendJson(ctx.res, 201, { ...attachment, uploadStatus, tempId, metadata: { ...attachment.metadata, contentId, inline: inline === 'true' } });
  });
  router.delete(TICKETING_PATHS.uploaded, (ctx) => {
    if (!store().removeUpload(ctx.params.tempId ?? '', userOf(ctx).id)) throw notFound('Unknown upload');
    ctx.res.writeHead(204).end();
  });
  router.get(TICKETING_PATHS.attachmentSignedUrl, (ctx) => {
    const id = ctx.params.id ?? '';
    if (!store().triggerAttachment(id)) {
      // A ticket conversation's file or a waiting upload, unless the switch fails them.
      const workspace = store().workspace;
      if (workspace.statusOf(id, Date.now()) === undefined) throw notFound('Unknown attachment');
      if (workspace.switches.failSignedUrls) throw new HttpError(500, 'Failure switch', { error: 'unexpected_error', message: 'The signed URL could not be made.' });
      if (!workspace.servedFile(id, Date.now())) throw notFound(ATTACHMENT_MESSAGES.resourceNotFound);
    } else if (!served(id)) throw notFound(ATTACHMENT_MESSAGES.resourceNotFound);
    sendJson(ctx.res, 200, files.signedUrl(id));
  });
}

/** An id that is not a number names no trigger: 404, as an unknown one. */
function triggerIdOf(ctx: RequestContext): number {
  return numericIdParam(ctx, 'No such trigger');
}

/** The save body, checked as the console checks it, then the failure markers (see the header). */
async function triggerBody(ctx: RequestContext): Promise<TriggerPayload> {
  const payload = await jsonBody(ctx, triggerPayloadSchema, 'a trigger');
  const marked = FAIL_RESULT_MARKER.exec(payload.name) ?? FAIL_RESULT_MARKER.exec(payload.description);
  if (marked) throw new HttpError(400, 'Failure marker', { resultCode: marked[1] });
  if (payload.name.includes(FAIL_SAVE_MARKER)) throw new HttpError(500, 'Failure marker', { resultCode: 'unexpected_error' });
  return payload;
}
