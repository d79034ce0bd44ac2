/**
 * Help calls of spec/help-shared-blocks-editor.md §7 under `/api` (bearer
 * token, fault injection): help-center article search, the help tooltip
 * status, help branding, user roles, attachment upload/delete and signed
 * URLs (their content served by ../../signed-files.ts, as the automations'
 * attachments), help ticket creation, the academy login URL and the demo
 * request.
 * Run-time switches for tests under `/__demo/help` (admin key): ticketResult,
 * failUploads, uploadStatus (PROCESSING/SUCCESS/FAILURE/SUSPICIOUS, default
 * SUCCESS), ticketDelayMs, failDemoRequest, failAcademy, branded, branding,
 * resetTooltip.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, UPLOAD_STATUSES, type HelpBranding, type UploadedAttachment, type UploadStatus } from '../../../shared/model/help';
import {
  DEFAULT_HELP_BRANDING,
  HELP_MESSAGES,
  isValidEmail,
  TICKET_MAX_ATTACHMENTS,
} from '../../../shared/rules/help';
import { TICKET_MAX_DESCRIPTION_FILES } from '../../../shared/rules/help/description';
import type { DemoConfig } from '../../config';
import { helpArticles, searchArticles, userRoles } from '../../data/help/help';
import { badRequest, HttpError, readJson, sendJson, userOf, type RequestContext, type Router } from '../../http';
import type { DemoContext } from '../../context';
import { signedFiles } from '../../signed-files';
import { readUploadedFile } from '../../uploads';

const HELP_PATHS = {
  articles: '/api/zendesk/articles',
  tooltip: '/api/appuser/hide-help-tooltip',
  branding: '/api/branding/help',
  userRoles: '/api/psa/user-roles',
  uploads: '/api/zendesk/uploads',
  ticket: '/api/zendesk/ticket',
  signedUrl: '/api/zendesk/attachments/:id/signed-url',
  academy: '/api/academy/login-url',
  demoRequest: '/api/division/promotion/demoRequest',
  admin: '/__demo/help',
} as const;

const ARTICLES_PER_PAGE = 25;
/** The demo keeps uploaded bytes in memory; past this total the oldest are dropped. */
const STORED_UPLOAD_BYTES = 256 * 1024 * 1024;

interface StoredUpload {
  attachment: UploadedAttachment;
  userId: number;
  bytes: Buffer | null;
  deleted: boolean;
  createdAt: number;
}

interface StoredTicket {
  ticketId: number;
  userId: number;
  body: z.infer<typeof ticketBody>;
  attachments: string[];
}

/** Everything the help calls remember, per demo server. */
export interface HelpDemoState {
  /** Answer ticket creation with resultCode FAILURE (the user is not registered in the community). */
  ticketResult: 'SUCCESS' | 'FAILURE';
  /** Answer attachment uploads with a 500. */
  failUploads: boolean;
  /** The uploadStatus uploads are answered with (a file failing the file check is SUSPICIOUS whatever this says). */
  uploadStatus: UploadStatus;
  /** Answer ticket creation only after this many milliseconds (so the submitting form can be looked at). */
  ticketDelayMs: number;
  /** Answer the demo request call with a 500. */
  failDemoRequest: boolean;
  /** Answer the academy login URL call with a 500. */
  failAcademy: boolean;
  branded: boolean;
  branding: HelpBranding;
  tooltipHidden: Set<number>;
  /** Answer reading the tooltip's dismissal with a 500. */
  failTooltipRead: boolean;
  uploads: Map<string, StoredUpload>;
  tickets: StoredTicket[];
  demoRequests: Array<{ userName: string; userEmail: string }>;
  secret: Buffer;
}

const states = new WeakMap<DemoConfig, HelpDemoState>();

export function helpDemoState(config: DemoConfig): HelpDemoState {
  let state = states.get(config);
  if (!state) {
    state = {
      ticketResult: 'SUCCESS',
      failUploads: false,
      uploadStatus: 'SUCCESS',
      ticketDelayMs: 0,
      failDemoRequest: false,
      failAcademy: false,
      branded: false,
      branding: { ...DEFAULT_HELP_BRANDING, topics: [] },
      tooltipHidden: new Set(),
      failTooltipRead: false,
      uploads: new Map(),
      tickets: [],
      demoRequests: [],
      secret: randomBytes(32),
    };
    states.set(config, state);
  }
  return state;
}


function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(first ? `${first.path.join('.') || 'body'}: ${first.message}` : 'Invalid body');
  }
  return parsed.data;
}

const ticketBody = z.strictObject({
  ticketSubject: z.string().trim().min(1).max(255),
  ticketBody: z.string().min(1).max(200_000),
  ticketPriority: z.enum(TICKET_PRIORITIES),
  ticketPhoneNumber: z
    .string()
    .max(40)
    .refine((value) => value === '' || parsePhoneNumberFromString(value)?.isValid() === true, HELP_MESSAGES.invalidPhone),
  ticketCategory: z.enum(TICKET_CATEGORIES),
  ticketCallback: z.boolean(),
  ticketCc: z.array(z.string().max(254).refine(isValidEmail, 'Invalid email address')).max(100),
  // The form's attachments and the files pasted or dropped into the description.
  imageTokens: z.array(z.string().min(1).max(200)).max(TICKET_MAX_ATTACHMENTS + TICKET_MAX_DESCRIPTION_FILES),
});

const demoRequestBody = z.strictObject({
  userName: z.string().trim().min(1).max(200),
  userEmail: z.string().max(254).refine(isValidEmail, 'Invalid email address'),
});

const brandingPatch = z.strictObject({
  enabled: z.boolean().optional(),
  topics: z.array(z.strictObject({ topic: z.string().max(200), token: z.string().max(200), action: z.string().max(2000) })).max(20).optional(),
  ninjaArticlesEnabled: z.boolean().optional(),
  submitTicketEnabled: z.boolean().optional(),
  ninjaOneWorkrampAcademyEnabled: z.boolean().optional(),
});

const adminPatch = z.strictObject({
  ticketResult: z.enum(['SUCCESS', 'FAILURE']).optional(),
  failUploads: z.boolean().optional(),
  uploadStatus: z.enum(UPLOAD_STATUSES).optional(),
  ticketDelayMs: z.number().int().min(0).max(30_000).optional(),
  failDemoRequest: z.boolean().optional(),
  failAcademy: z.boolean().optional(),
  branded: z.boolean().optional(),
  branding: brandingPatch.optional(),
  /** Shows the first-time guide tooltip again to everyone. */
  resetTooltip: z.literal(true).optional(),
  failTooltipRead: z.boolean().optional(),
});

function requireAdmin(ctx: RequestContext, config: DemoConfig): void {
  // No admin key configured: the switches do not exist (routes/control.ts).
  if (!config.adminKey) throw new HttpError(404, 'Not found');
  const given = Buffer.from(String(ctx.req.headers['x-demo-admin'] ?? ''));
  const expected = Buffer.from(config.adminKey);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(403, 'Admin key required');
}

function adminView(state: HelpDemoState) {
  return {
    ticketResult: state.ticketResult,
    failUploads: state.failUploads,
    uploadStatus: state.uploadStatus,
    ticketDelayMs: state.ticketDelayMs,
    failDemoRequest: state.failDemoRequest,
    failAcademy: state.failAcademy,
    branded: state.branded,
    branding: state.branding,
    tooltipHidden: [...state.tooltipHidden],
    uploads: [...state.uploads.values()].map((u) => ({ ...u.attachment, deleted: u.deleted, stored: u.bytes !== null })),
    tickets: state.tickets,
    demoRequests: state.demoRequests,
  };
}

function keepUploadsUnderLimit(state: HelpDemoState): void {
  let total = [...state.uploads.values()].reduce((n, u) => n + (u.bytes?.length ?? 0), 0);
  for (const upload of [...state.uploads.values()].sort((a, b) => a.createdAt - b.createdAt)) {
    if (total <= STORED_UPLOAD_BYTES) break;
    total -= upload.bytes?.length ?? 0;
    upload.bytes = null;
  }
}

export function registerHelpRoutes(router: Router, context: DemoContext): void {
  const { config } = context;
  const state = helpDemoState(config);
  const files = signedFiles(config);
  // A FAILURE or SUSPICIOUS upload is quarantined, a PROCESSING one not ready: only a SUCCESS one is served.
  files.addSource((id) => {
    const upload = [...state.uploads.values()].find((u) => u.attachment.id === id && !u.deleted);
    if (!upload?.bytes || upload.attachment.uploadStatus !== 'SUCCESS') return null;
    return { contentType: upload.attachment.metadata.contentType, bytes: upload.bytes };
  });

  // GET /zendesk/articles/?query&locale (§7), with Zendesk's label_names filter for a page's suggested articles.
  router.get(HELP_PATHS.articles, (ctx) => {
    const query = ctx.query.get('query') ?? '';
    const locale = ctx.query.get('locale') ?? '';
    if (!/^[a-z]{2}(-[a-z]{2})?$/i.test(locale)) throw badRequest('Invalid locale');
    if (query.length > 500) throw badRequest('query is too long');
    const labels = (ctx.query.get('label_names') ?? '').split(',').map((l) => l.trim()).filter(Boolean);
    const page = Number(ctx.query.get('page') ?? '1');
    const perPage = Number(ctx.query.get('per_page') ?? String(ARTICLES_PER_PAGE));
    if (!Number.isInteger(page) || page < 1) throw badRequest('Invalid page');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw badRequest('Invalid per_page');
    const found = searchArticles(config.seed, query, labels);
    const results = found.slice((page - 1) * perPage, page * perPage).map((article) => ({
      id: article.id,
      name: article.name,
      title: article.title,
      snippet: article.snippet,
      html_url: article.html_url,
      locale: article.locale,
      label_names: article.label_names,
      section_id: article.section_id,
    }));
    sendJson(ctx.res, 200, { results, count: found.length, page, per_page: perPage, page_count: Math.ceil(found.length / perPage) });
  });

  router.get(HELP_PATHS.tooltip, (ctx) => {
    if (state.failTooltipRead) throw new HttpError(500, 'The tooltip status could not be read');
    sendJson(ctx.res, 200, { hidden: state.tooltipHidden.has(userOf(ctx).id) });
  });
  router.patch(HELP_PATHS.tooltip, (ctx) => {
    state.tooltipHidden.add(userOf(ctx).id);
    sendJson(ctx.res, 200, { hidden: true });
  });

  router.get(HELP_PATHS.branding, (ctx) => {
    sendJson(ctx.res, 200, { branded: state.branded, help: state.branding });
  });

  router.get(HELP_PATHS.userRoles, (ctx) => {
    sendJson(ctx.res, 200, userRoles(config));
  });

  // Attachment upload: the file's bytes as the body, its name in `filename` (as Zendesk's uploads call).
  router.post(HELP_PATHS.uploads, async (ctx) => {
    const user = userOf(ctx);
    const { name, bytes, contentType, suspicious } = await readUploadedFile(ctx, () => {
      if (state.failUploads) throw new HttpError(500, 'Upload failed', { error: 'upload_failed', message: 'The attachment could not be stored (demo switch failUploads).' });
    });
    const id = randomUUID();
    const attachment: UploadedAttachment = {
      id,
      resourceId: `help-ticket-upload-${user.id}`,
      contentId: `cid-${id.slice(0, 8)}`,
      uploadStatus: suspicious ? 'SUSPICIOUS' : state.uploadStatus,
      metadata: { name, size: bytes.length, contentType },
      token: randomBytes(18).toString('base64url'),
    };
    state.uploads.set(attachment.token, { attachment, userId: user.id, bytes, deleted: false, createdAt: Date.now() });
    keepUploadsUnderLimit(state);
    sendJson(ctx.res, 201, attachment);
  });

  router.delete(`${HELP_PATHS.uploads}/:token`, (ctx) => {
    const upload = state.uploads.get(ctx.params.token ?? '');
    if (!upload || upload.deleted || upload.userId !== userOf(ctx).id) throw new HttpError(404, 'Not found', { error: 'not_found', message: 'Unknown attachment' });
    upload.deleted = true;
    upload.bytes = null;
    ctx.res.writeHead(204).end();
  });

  // The URL is the demo's signed-file mechanism (../../signed-files.ts): only a SUCCESS upload has content to serve.
  router.get(HELP_PATHS.signedUrl, (ctx) => {
    const upload = [...state.uploads.values()].find((u) => u.attachment.id === ctx.params.id && !u.deleted);
    if (!upload) throw new HttpError(404, 'Not found', { error: 'not_found', message: 'Unknown attachment' });
    sendJson(ctx.res, 200, files.signedUrl(upload.attachment.id));
  });

  router.post(HELP_PATHS.ticket, async (ctx) => {
    const user = userOf(ctx);
    const ticket = parseBody(ticketBody, await readJson(ctx.req));
    if (state.ticketDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.ticketDelayMs));
    const attachments = ticket.imageTokens.map((token) => {
      const upload = state.uploads.get(token);
      if (!upload || upload.deleted || upload.userId !== user.id) throw badRequest('Unknown attachment token');
      return upload.attachment.metadata.name;
    });
    if (state.ticketResult === 'FAILURE') {
      sendJson(ctx.res, 200, { resultCode: 'FAILURE' });
      return;
    }
    const ticketId = 10_000 + state.tickets.length + 1;
    state.tickets.push({ ticketId, userId: user.id, body: ticket, attachments });
    sendJson(ctx.res, 200, { resultCode: 'SUCCESS', ticketId });
  });

  router.get(HELP_PATHS.academy, (ctx) => {
    const user = userOf(ctx);
    if (!config.features.ninja_academy) throw new HttpError(403, 'Forbidden', { error: 'forbidden', message: 'NinjaOne Academy is not enabled' });
    if (state.failAcademy) throw new HttpError(500, 'Academy failed', { error: 'internal', message: 'The academy did not answer (demo switch failAcademy).' });
    const token = createHmac('sha256', state.secret).update(`academy|${user.id}|${Date.now()}`).digest('base64url');
    sendJson(ctx.res, 200, { absoluteLoginUrl: `https://academy.ninjaone.com/login?sso=${token}` });
  });

  router.post(HELP_PATHS.demoRequest, async (ctx) => {
    const request = parseBody(demoRequestBody, await readJson(ctx.req));
    if (state.failDemoRequest) throw new HttpError(500, 'Demo request failed', { error: 'internal', message: 'The demo request was not stored (demo switch failDemoRequest).' });
    state.demoRequests.push(request);
    sendJson(ctx.res, 200, { result: 'SUCCESS' });
  });

  router.get(
    HELP_PATHS.admin,
    (ctx) => {
      requireAdmin(ctx, config);
      sendJson(ctx.res, 200, { ...adminView(state), articles: helpArticles(config.seed).length });
    },
    { auth: false },
  );
  router.patch(
    HELP_PATHS.admin,
    async (ctx) => {
      requireAdmin(ctx, config);
      const patch = parseBody(adminPatch, await readJson(ctx.req));
      if (patch.ticketResult !== undefined) state.ticketResult = patch.ticketResult;
      if (patch.failUploads !== undefined) state.failUploads = patch.failUploads;
      if (patch.uploadStatus !== undefined) state.uploadStatus = patch.uploadStatus;
      if (patch.ticketDelayMs !== undefined) state.ticketDelayMs = patch.ticketDelayMs;
      if (patch.failDemoRequest !== undefined) state.failDemoRequest = patch.failDemoRequest;
      if (patch.failAcademy !== undefined) state.failAcademy = patch.failAcademy;
      if (patch.branded !== undefined) state.branded = patch.branded;
      if (patch.branding) state.branding = { ...state.branding, ...patch.branding };
      if (patch.resetTooltip) state.tooltipHidden.clear();
      if (patch.failTooltipRead !== undefined) state.failTooltipRead = patch.failTooltipRead;
      sendJson(ctx.res, 200, adminView(state));
    },
    { auth: false },
  );
}
