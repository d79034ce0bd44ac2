/**
 * The help services against the demo server over real HTTP: help context and
 * branding, the tooltip PATCH, article search and route suggestions,
 * technicians, attachments picked in the form (handed over in pieces and
 * uploaded), ticket creation (SUCCESS, FAILURE, other failures removing the
 * uploads), each upload's status as it is answered, signed URLs cached 55 s,
 * attachment previews (images fetched by the main process as data URLs,
 * bounded; other types refused), the academy link and the demo request.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { helpDemoState, type HelpDemoState } from '../../src/demo-server/routes/help/help';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import type { ApiClient } from '../../src/main/services/platform/api/api-client';
import { HelpApi } from '../../src/main/services/help/help-api';
import { HelpService } from '../../src/main/services/help/help-service';
import type { AttachmentInfo, AttachmentPreview, HelpContext, SuggestedArticles, Technician, TicketProgress, TicketSubmitResult } from '../../src/shared/model/help';
import { DEFAULT_HELP_BRANDING } from '../../src/shared/rules/help';
import { createTestServices, type TestServices } from '../helpers/services';
import { withTamperedSignature } from '../helpers/signed-url';

let demo: DemoServer;
let services: TestServices;
let state: HelpDemoState;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
const PIECE = 1024 * 1024;

/** The parts of the help service a file picked in the form goes through (the router's channels, or a service made here). */
interface PickCalls {
  stageAttachment(piece: { uploadId: string; name: string; size: number; offset: number; data: string }): unknown;
  uploadAttachment(uploadId: string): Promise<AttachmentInfo>;
}

const viaRouter = (): PickCalls => ({
  stageAttachment: (piece) => services.call('help.stageAttachment', piece),
  uploadAttachment: (uploadId) => services.call<AttachmentInfo>('help.uploadAttachment', { uploadId }),
});

/** What the form does for a picked file: its pieces in order, then the upload; its id and the answer (without the token). */
async function pick(name: string, content: Buffer | string, calls: PickCalls = viaRouter()): Promise<{ uploadId: string; attachment: AttachmentInfo }> {
  const bytes = Buffer.from(content);
  const uploadId = randomUUID();
  for (let offset = 0; offset < bytes.length; offset += PIECE) {
    await calls.stageAttachment({ uploadId, name, size: bytes.length, offset, data: bytes.subarray(offset, offset + PIECE).toString('base64') });
  }
  return { uploadId, attachment: await calls.uploadAttachment(uploadId) };
}

/** The demo's record of an upload (its token and bytes), by the attachment id the console was answered with. */
const storedUpload = (id: string) => [...state.uploads.values()].find((u) => u.attachment.id === id)!;

async function admin(method: 'GET' | 'PATCH', path: string, body?: unknown): Promise<Response> {
  return fetch(`${demo.url}${path}`, {
    method,
    headers: { 'x-demo-admin': 'demo-admin', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function faults(patch: Record<string, unknown>): Promise<void> {
  const res = await admin('PATCH', '/__demo/config', { faults: patch });
  expect(res.status).toBe(200);
}

function ticket(overrides: Record<string, unknown> = {}) {
  return {
    submissionId: randomUUID(),
    ticketSubject: 'Backup of the file server fails',
    ticketBody: '<p>Since Monday the <strong>nightly</strong> backup fails. <span class="rte-mention" data-mention-id="1">@user:1</span></p>',
    ticketPriority: 'HIGH',
    ticketPhoneNumber: '+12015550123',
    ticketCategory: 'Backup',
    ticketCallback: true,
    ticketCc: ['alex.morgan@demo-msp.example'],
    ...overrides,
  };
}

async function expectError(promise: Promise<unknown>, code: string, message?: string | RegExp): Promise<void> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { code?: string }) | null;
  expect(error, 'expected the call to fail').not.toBeNull();
  expect(error!.code).toBe(code);
  if (typeof message === 'string') expect(error!.message).toBe(message);
  else if (message) expect(error!.message).toMatch(message);
}

beforeAll(async () => {
  demo = await startDemoServer({ adminKey: 'demo-admin', sizes: { bigFolderItems: 100 } });
  state = helpDemoState(demo.config);
  services = await createTestServices({ demo, keytar: null });
  await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
});

afterAll(async () => {
  await services.dispose();
  await demo.close();
});

beforeEach(() => {
  state.ticketResult = 'SUCCESS';
  state.failUploads = false;
  state.uploadStatus = 'SUCCESS';
  state.ticketDelayMs = 0;
  state.failDemoRequest = false;
  state.failAcademy = false;
  state.branded = false;
  state.branding = { ...DEFAULT_HELP_BRANDING, topics: [] };
  demo.config.features.ninja_academy = true;
});

afterEach(async () => {
  await faults({ errorRate: 0, errorPathPattern: null, latencyMs: 0 });
});

describe('the help calls on the demo server', () => {
  it('check the bearer token and validate their input', async () => {
    expect((await fetch(`${demo.url}/api/zendesk/articles/?query=backup&locale=en-us`)).status).toBe(401);
    const token = await services.session.api().bearerToken();
    const get = (path: string) => fetch(`${demo.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get('/api/zendesk/articles/?query=backup')).status).toBe(400);
    const answer = (await (await get('/api/zendesk/articles/?query=backup&locale=en-us')).json()) as { results: Array<{ id: number; name: string; snippet: string; html_url: string }> };
    expect(answer.results.length).toBeGreaterThan(0);
    expect(Object.keys(answer.results[0]!)).toEqual(expect.arrayContaining(['id', 'name', 'snippet', 'html_url']));
    const bad = await fetch(`${demo.url}/api/zendesk/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ticketSubject: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect((await admin('GET', '/__demo/help')).status).toBe(200);
    expect((await fetch(`${demo.url}/__demo/help`)).status).toBe(403);
  });
});

describe('help context, branding and the guide tooltip', () => {
  it('shows everything when not branded; the tooltip until it is dismissed (stored on the user)', async () => {
    state.tooltipHidden.clear();
    const context = await services.call<HelpContext>('help.context');
    expect(context).toMatchObject({ branded: false, helpEnabled: true, articlesEnabled: true, submitTicketEnabled: true, academyEnabled: true, tooltipHidden: false });
    expect(await services.call('help.dismissTooltip')).toEqual({ hidden: true });
    expect(state.tooltipHidden.has(1)).toBe(true);
    expect((await services.call<HelpContext>('help.context')).tooltipHidden).toBe(true);
  });

  it('shows the tooltip when whether it was dismissed cannot be read', async () => {
    state.tooltipHidden.add(1);
    state.failTooltipRead = true;
    try {
      expect((await services.call<HelpContext>('help.context')).tooltipHidden).toBe(false);
    } finally {
      state.failTooltipRead = false;
    }
  });

  it("says 'Unable to save help tooltip status' when the PATCH fails", async () => {
    await faults({ errorRate: 1, errorPathPattern: 'hide-help-tooltip' });
    await expectError(services.call('help.dismissTooltip'), 'SERVER_ERROR', 'Unable to save help tooltip status');
  });

  it('follows branding: disabled help, ticket and article flags, the academy flag and feature', async () => {
    state.branded = true;
    state.branding = { ...state.branding, submitTicketEnabled: false, ninjaArticlesEnabled: false, topics: [{ topic: 'Our wiki', token: 'wiki', action: 'https://www.ninjaone.com/wiki' }] };
    expect(await services.call<HelpContext>('help.context')).toMatchObject({ branded: true, helpEnabled: true, submitTicketEnabled: false, articlesEnabled: false, academyEnabled: true });
    state.branding = { ...state.branding, ninjaOneWorkrampAcademyEnabled: false };
    expect((await services.call<HelpContext>('help.context')).academyEnabled).toBe(false);
    state.branding = { ...state.branding, ninjaOneWorkrampAcademyEnabled: true };
    // The feature flags are the signed-in user's (read at sign-in).
    const withoutAcademy = new HelpService({
      api: new HelpApi(() => services.session.api()),
      user: () => ({ ...services.session.user(), features: { ...services.session.user().features, ninja_academy: false } }),
      scope: () => services.session.identityScope(),
      events: services.events,
    });
    expect((await withoutAcademy.context()).academyEnabled).toBe(false);
    state.branding = { ...state.branding, enabled: false };
    expect((await services.call<HelpContext>('help.context')).helpEnabled).toBe(false);
  });

  it('switches branding at run time through /__demo/help', async () => {
    const res = await admin('PATCH', '/__demo/help', { branded: true, branding: { enabled: false } });
    expect(res.status).toBe(200);
    expect((await services.call<HelpContext>('help.context')).helpEnabled).toBe(false);
    expect((await admin('PATCH', '/__demo/help', { nonsense: 1 })).status).toBe(400);
  });
});

describe('articles', () => {
  it('searches the help center', async () => {
    const { articles } = await services.call<{ articles: Array<{ name: string; html_url: string }> }>('help.searchArticles', { query: 'restoring backup' });
    expect(articles.map((a) => a.name)).toContain('Restoring files and folders from a backup');
    expect(articles.every((a) => a.html_url.startsWith('https://ninjarmm.zendesk.com/hc/en-us/articles/'))).toBe(true);
    expect((await services.call<{ articles: unknown[] }>('help.searchArticles', { query: 'qwertyuiop' })).articles).toEqual([]);
    await expectError(services.call('help.searchArticles', { query: '   ' }), 'INVALID_INPUT');
  });

  it('fails with a typed error when the server does (the panel shows the spec text)', async () => {
    await faults({ errorRate: 1, errorPathPattern: 'zendesk/articles' });
    await expectError(services.call('help.searchArticles', { query: 'backup' }), 'SERVER_ERROR');
  });

  it("suggests the articles of the route: a device's backup page", async () => {
    const suggested = await services.call<SuggestedArticles>('help.suggestedArticles', { route: '/deviceDashboard/1/backup' });
    expect(suggested).toMatchObject({ helpRoute: '/deviceDashboard/1/backup/browse', pattern: '/deviceDashboard/:id/backup/:page', topic: 'backup' });
    expect(suggested.articles.map((a) => a.name)).toEqual(expect.arrayContaining(['Browsing backup data of a device', 'Downloading files and folders from a backup']));
    const downloads = await services.call<SuggestedArticles>('help.suggestedArticles', { route: '/devices', downloadsOpen: true });
    expect(downloads).toMatchObject({ helpRoute: '/systemDashboard/backup/downloads', topic: 'backup' });
    const devices = await services.call<SuggestedArticles>('help.suggestedArticles', { route: '/devices' });
    expect(devices.topic).toBe('device-search');
    expect(devices.articles.length).toBeGreaterThan(0);
  });

  it('answers no pattern for routes without articles', async () => {
    expect(await services.call<SuggestedArticles>('help.suggestedArticles', { route: '/somewhere/else' })).toEqual({ helpRoute: '/somewhere/else', pattern: null, topic: null, articles: [] });
  });
});

describe('technicians', () => {
  it('lists the technicians of the user roles, without end users', async () => {
    const technicians = await services.call<Technician[]>('help.technicians');
    expect(technicians.map((t) => t.name)).toContain('Alex Morgan');
    expect(technicians.map((t) => t.name)).not.toContain('Pat Customer');
    expect(technicians.find((t) => t.deleted)?.name).toBe('Former Technician');
  });

  it("fails with 'Error fetching user roles'", async () => {
    await faults({ errorRate: 1, errorPathPattern: 'psa/user-roles' });
    await expectError(services.call('help.technicians'), 'SERVER_ERROR', 'Error fetching user roles');
  });
});

describe('submitting a help ticket', () => {
  it('creates the ticket with the tokens of the files picked and uploaded before', async () => {
    const text = 'Backup job 42 failed at 02:13 with VSS error 0x8004230f.\n'.repeat(200);
    const txt = await pick('backup-log.txt', text);
    const png = await pick('screenshot.png', PNG);
    expect([txt.attachment, png.attachment].map((a) => [a.metadata.name, a.metadata.size, a.uploadStatus])).toEqual([
      ['backup-log.txt', Buffer.byteLength(text), 'SUCCESS'],
      ['screenshot.png', PNG.length, 'SUCCESS'],
    ]);
    // The upload token stays in the main process.
    expect('token' in txt.attachment).toBe(false);
    const input = ticket({ attachmentFiles: [txt.uploadId, png.uploadId] });
    const result = await services.call<TicketSubmitResult>('help.submitTicket', input);
    expect(result).toEqual({ status: 'sent', ticketId: expect.any(Number) });
    if (result.status !== 'sent') return;
    const stored = state.tickets.find((t) => t.ticketId === result.ticketId)!;
    expect(stored.attachments).toEqual(['backup-log.txt', 'screenshot.png']);
    expect(stored.body).toMatchObject({ ticketSubject: input.ticketSubject, ticketPriority: 'HIGH', ticketCategory: 'Backup', ticketCallback: true, ticketCc: input.ticketCc, ticketPhoneNumber: '+12015550123' });
    expect(stored.body.imageTokens).toEqual([storedUpload(txt.attachment.id).attachment.token, storedUpload(png.attachment.id).attachment.token]);
    // The bytes arrived whole.
    expect(createHash('sha256').update(storedUpload(txt.attachment.id).bytes!).digest('hex')).toBe(createHash('sha256').update(text).digest('hex'));
    // The files are uploaded before the ticket call: its progress is the ticket's creation.
    const progress = services.received.filter((e) => e.event === 'help.ticketProgress').map((e) => e.payload as TicketProgress).filter((p) => p.submissionId === input.submissionId);
    expect(progress).toEqual([{ submissionId: input.submissionId, stage: 'creating' }]);
    expect(await services.call('help.cancelSubmission', { submissionId: input.submissionId })).toEqual({ canceled: false });
  });

  it('sends no callback for Billing and API', async () => {
    const result = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ ticketCategory: 'Billing', ticketCallback: true }));
    expect(result.status).toBe('sent');
    expect(state.tickets.at(-1)!.body.ticketCallback).toBe(false);
  });

  it("refuses a phone number that is not valid: 'Invalid phone number'", async () => {
    await expectError(services.call('help.submitTicket', ticket({ ticketPhoneNumber: '+11234567890' })), 'INVALID_INPUT', 'Invalid phone number');
  });

  it('takes no path on disk: files are named only by the ids they were handed over with', async () => {
    const before = state.tickets.length;
    await expectError(services.call('help.submitTicket', ticket({ attachments: ['/etc/passwd'] })), 'INVALID_INPUT');
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: ['/etc/passwd'] })), 'INVALID_INPUT');
    // The channels that took a path are gone.
    await expectError(services.call('help.inspectAttachment', { path: '/etc/passwd' }), 'UNKNOWN_CHANNEL');
    await expectError(services.call('help.chooseAttachments'), 'UNKNOWN_CHANNEL');
    expect(state.tickets.length).toBe(before);
  });

  it('refuses files the rules refuse, checked again in the main process', async () => {
    const uploads = state.uploads.size;
    await expectError(pick('fake2.png', 'text pretending'), 'INVALID_INPUT', 'Only jpg, jpeg, png, mov, txt file extensions are supported.');
    expect(state.uploads.size).toBe(uploads);
  });

  it('answers the community-registration warning for resultCode FAILURE; the picked files stay uploaded', async () => {
    const { uploadId, attachment } = await pick('failure.txt', 'x');
    const before = state.tickets.length;
    await admin('PATCH', '/__demo/help', { ticketResult: 'FAILURE' });
    const result = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ attachmentFiles: [uploadId] }));
    expect(result).toEqual({ status: 'notRegistered', message: expect.stringContaining('register') });
    expect(state.tickets.length).toBe(before);
    expect(storedUpload(attachment.id).deleted).toBeFalsy();
  });

  it('removes the uploaded attachments when the ticket call fails', async () => {
    const a = await pick('a.txt', 'first');
    const b = await pick('b.txt', 'second');
    await faults({ errorRate: 1, errorPathPattern: 'zendesk/ticket$' });
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: [a.uploadId, b.uploadId] })), 'SERVER_ERROR');
    expect([a, b].map(({ attachment }) => storedUpload(attachment.id).deleted)).toEqual([true, true]);
  });

  it('reports failed uploads (demo switch failUploads); no ticket is sent', async () => {
    state.failUploads = true;
    const before = state.tickets.length;
    await expectError(pick('up-a.txt', 'first'), 'SERVER_ERROR');
    expect(state.tickets.length).toBe(before);
  });

  it('files picked in the form: handed over in pieces, uploaded, named by their ids; ids never handed over are refused before anything is sent', async () => {
    const text = 'Picked in the file picker.\n';
    const { uploadId, attachment } = await pick('picked.txt', text);
    expect(attachment.uploadStatus).toBe('SUCCESS');
    expect('token' in attachment).toBe(false);

    // Hostile: an id never handed over, a path where an id belongs, more files than §5 allows, a piece past 50 MB.
    const before = state.tickets.length;
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: [randomUUID()] })), 'NOT_FOUND');
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: ['../../etc/passwd'] })), 'INVALID_INPUT');
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: Array.from({ length: 6 }, () => randomUUID()) })), 'INVALID_INPUT');
    await expectError(services.call('help.stageAttachment', { uploadId: randomUUID(), name: 'big.txt', size: 50 * 1024 * 1024 + 1, offset: 0, data: 'eA==' }), 'INVALID_INPUT');
    expect(state.tickets.length).toBe(before);

    const result = await services.call<TicketSubmitResult>('help.submitTicket', ticket({ attachmentFiles: [uploadId] }));
    expect(result.status).toBe('sent');
    const stored = state.tickets.at(-1)!;
    expect(stored.attachments).toEqual(['picked.txt']);
    // Sent once: the id is spent.
    await expectError(services.call('help.submitTicket', ticket({ attachmentFiles: [uploadId] })), 'NOT_FOUND');
  });
});

describe('signed URLs', () => {
  it('are fetched by attachment id, reused for 55 s, and serve the bytes', async () => {
    let clock = 1_000_000;
    const help = new HelpService({ api: new HelpApi(() => services.session.api()), user: () => services.session.user(), scope: () => services.session.identityScope(), events: services.events, now: () => clock });
    // Uploaded through this service: it hands out (and then takes) only the ids its uploads were answered with.
    const { attachment } = await pick('signed.png', PNG, help);
    const first = await help.attachmentUrl(attachment.id);
    expect(first.cached).toBe(false);
    clock += 54_999;
    expect(await help.attachmentUrl(attachment.id)).toEqual({ signedUrl: first.signedUrl, cached: true });
    clock += 1;
    const renewed = await help.attachmentUrl(attachment.id);
    expect(renewed.cached).toBe(false);

    const bytes = Buffer.from(await (await fetch(renewed.signedUrl)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
    expect((await fetch(withTamperedSignature(renewed.signedUrl))).status).toBe(403);
  });
});

/** Uploads picked files and answers the uploaded attachments. */
async function uploaded(...files: Array<[name: string, content: Buffer | string]>): Promise<AttachmentInfo[]> {
  const attachments: AttachmentInfo[] = [];
  for (const [name, content] of files) attachments.push((await pick(name, content)).attachment);
  return attachments;
}

describe('attachment upload status (demo switch uploadStatus)', () => {
  it('answers uploads with the switched status; the default is SUCCESS; a file failing the check is SUSPICIOUS', async () => {
    for (const uploadStatus of ['PROCESSING', 'FAILURE', 'SUSPICIOUS', 'SUCCESS'] as const) {
      expect((await admin('PATCH', '/__demo/help', { uploadStatus })).status).toBe(200);
      const [attachment] = await uploaded([`status-${uploadStatus}.txt`, `status ${uploadStatus}`]);
      expect(attachment!.uploadStatus).toBe(uploadStatus);
    }
    expect((await admin('PATCH', '/__demo/help', { uploadStatus: 'BROKEN' })).status).toBe(400);
    expect(((await (await admin('GET', '/__demo/help')).json()) as { uploadStatus: string }).uploadStatus).toBe('SUCCESS');
    // Straight to the upload call: bytes that do not match the extension.
    const token = await services.session.api().bearerToken();
    const res = await fetch(`${demo.url}/api/zendesk/uploads?filename=fake.png`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: 'not a png' });
    expect(((await res.json()) as { uploadStatus: string }).uploadStatus).toBe('SUSPICIOUS');
  });
});

describe('attachment previews (the main process fetches the image: the renderer CSP allows data: images only)', () => {
  it('answer a SUCCESS image as a data URL, through the cached signed URL', async () => {
    const [attachment] = await uploaded(['preview.png', PNG]);
    const preview = await services.call<AttachmentPreview>('help.attachmentPreview', { id: attachment!.id });
    expect(preview.contentType).toBe('image/png');
    expect(preview.size).toBe(PNG.length);
    expect(preview.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(preview.dataUrl.slice('data:image/png;base64,'.length), 'base64').equals(PNG)).toBe(true);
    // The signed URL it used is the one cached for 55 s.
    expect((await services.call<{ cached: boolean }>('help.attachmentUrl', { id: attachment!.id })).cached).toBe(true);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 3)]);
    const [photo] = await uploaded(['photo.jpeg', jpeg]);
    expect((await services.call<AttachmentPreview>('help.attachmentPreview', { id: photo!.id })).dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('refuse other types: a text attachment is not fetched as an image', async () => {
    const [attachment] = await uploaded(['not-an-image.txt', 'plain text']);
    await expectError(services.call('help.attachmentPreview', { id: attachment!.id }), 'INVALID_INPUT', 'There is no preview for this kind of file.');
  });

  it('refuse images over 5 MiB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const [attachment] = await uploaded(['large.png', big]);
    await expectError(services.call('help.attachmentPreview', { id: attachment!.id }), 'INVALID_INPUT', 'This image is too large to preview.');
  });

  it("say 'Resource Not Found' for a SUSPICIOUS attachment", async () => {
    state.uploadStatus = 'SUSPICIOUS';
    const [attachment] = await uploaded(['quarantined.png', PNG]);
    expect(attachment!.uploadStatus).toBe('SUSPICIOUS');
    await expectError(services.call('help.attachmentPreview', { id: attachment!.id }), 'NOT_FOUND', 'Resource Not Found');
  });

  it('validate the id with zod', async () => {
    await expectError(services.call('help.attachmentPreview', { id: '' }), 'INVALID_INPUT');
    await expectError(services.call('help.attachmentPreview', { id: 'a\u0000b' }), 'INVALID_INPUT');
    await expectError(services.call('help.attachmentPreview', { id: 'x', url: 'http://elsewhere' }), 'INVALID_INPUT');
  });

  it('ask for a new signed URL once when the cached one is refused (expired)', async () => {
    const api = new HelpApi(() => services.session.api());
    let signedUrls = 0;
    let downloads = 0;
    const spied = Object.assign(Object.create(api) as HelpApi, {
      signedUrl: (id: string) => {
        signedUrls++;
        return api.signedUrl(id);
      },
      downloadSigned: (...args: Parameters<HelpApi['downloadSigned']>) => {
        downloads++;
        // The first URL has "expired": the server refuses its signature.
        return downloads === 1 ? api.downloadSigned(args[0].replace('signature=', 'signature=AA'), args[1]) : api.downloadSigned(...args);
      },
    });
    const help = new HelpService({ api: spied, user: () => services.session.user(), scope: () => services.session.identityScope(), events: services.events });
    const { attachment } = await pick('expiring.png', PNG, help);
    const preview = await help.attachmentPreview(attachment.id);
    expect(preview.size).toBe(PNG.length);
    expect([signedUrls, downloads]).toEqual([2, 2]);
  });
});

describe('signed downloads are bounded', () => {
  let server: Server;
  let origin: string;
  const CHUNK = Buffer.alloc(256 * 1024, 7);

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/chunked-big.png') {
        // No content-length: the bound applies while reading.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG.subarray(0, 8));
        let sent = 0;
        const more = () => {
          while (sent < 24) {
            sent++;
            if (!res.write(CHUNK)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      } else if (req.url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<img src=x onerror=alert(1)>');
      } else if (req.url === '/moved.png') {
        res.writeHead(302, { location: '/chunked-big.png' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const limits = { maxBytes: 5 * 1024 * 1024, accept: ['image/png', 'image/jpeg', 'image/gif'] };
  const apiAt = (baseUrl: string) => new HelpApi(() => ({ baseUrl }) as ApiClient);

  it('stop past the limit without a content-length, refuse other types and redirects', async () => {
    const api = apiAt(origin);
    expect((await api.downloadSigned(`${origin}/small.png`, limits)).bytes.equals(PNG)).toBe(true);
    await expectError(api.downloadSigned(`${origin}/chunked-big.png`, limits), 'INVALID_INPUT', 'This image is too large to preview.');
    await expectError(api.downloadSigned(`${origin}/page.html`, limits), 'INVALID_INPUT', 'There is no preview for this kind of file.');
    // A signed URL's redirect is not followed, and says so.
    await expectError(api.downloadSigned(`${origin}/moved.png`, limits), 'REDIRECT_REFUSED');
  });

  it('go only to https or the API origin', async () => {
    await expectError(apiAt('https://rmm.example').downloadSigned(`${origin}/small.png`, limits), 'BAD_RESPONSE');
    await expectError(apiAt(origin).downloadSigned('file:///etc/passwd', limits), 'BAD_RESPONSE');
    await expectError(apiAt(origin).downloadSigned(`http://user:pw@127.0.0.1:1/x.png`, limits), 'BAD_RESPONSE');
  });
});

describe('the academy and the demo request', () => {
  it('answers the academy login URL (browser mode opens it in a tab)', async () => {
    const result = await services.call<{ opened: boolean; url: string }>('help.openAcademy');
    expect(result.opened).toBe(false);
    expect(result.url).toMatch(/^https:\/\/academy\.ninjaone\.com\/login\?sso=/);
  });

  it("fails with 'Error opening NinjaOne Academy' without the feature or when the call fails", async () => {
    demo.config.features.ninja_academy = false;
    await expectError(services.call('help.openAcademy'), 'FORBIDDEN', 'Error opening NinjaOne Academy');
    demo.config.features.ninja_academy = true;
    state.failAcademy = true;
    await expectError(services.call('help.openAcademy'), 'SERVER_ERROR', 'Error opening NinjaOne Academy');
  });

  it('sends the demo request; a failure is reported, not thrown', async () => {
    expect(await services.call('help.requestDemo', { userName: 'Alex Morgan', userEmail: 'alex.morgan@demo-msp.example' })).toEqual({ delivered: true });
    expect(state.demoRequests.at(-1)).toEqual({ userName: 'Alex Morgan', userEmail: 'alex.morgan@demo-msp.example' });
    state.failDemoRequest = true;
    expect(await services.call('help.requestDemo', { userName: 'Alex', userEmail: 'alex@example.com' })).toEqual({ delivered: false });
    await expectError(services.call('help.requestDemo', { userName: 'Alex', userEmail: 'nope' }), 'INVALID_INPUT');
  });
});
