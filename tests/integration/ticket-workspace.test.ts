/**
 * The ticket workspace (spec ticketing-automations-psa.md §3.5,
 * §4.4, §5.5, §6, §8.4) through the console's services against the demo
 * server over real HTTP, with real SQLite files: a ticket's page read whole;
 * a reply with a file uploaded from a real file's bytes, its draft kept when
 * the send fails and across a console restart (the draft's tempId is enough
 * to send the file), deleted only once the demo confirms; §5.5's empty reply
 * refused; field updates refused (a 500, a change someone else made first, a
 * bad value) leaving the demo's and the cached ticket as they were; the
 * inline images' 55 s signed-URL cache on an injected clock and §8.4's
 * texts; the viewer's Download saved by the main process into the
 * downloads root (the real bytes, never over a file, nothing left when the
 * signed URL fails); a file removed from a reply (dropped while staged,
 * deleted on the demo once uploaded, refused when this console never
 * uploaded it); upload statuses (§4.4); the lookups; and the offline cache
 * (the demo stopped: pages already read come back with their age, writes
 * fail OFFLINE, drafts still save).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoServer, type DemoServer } from '../../src/demo-server/server';
import { ReplyDraftStore } from '../../src/main/services/tickets/draft-store';
import { TicketingHistoryStore } from '../../src/main/services/ticketing/history-store';
import { TicketingService } from '../../src/main/services/ticketing/ticketing-service';
import { WorkspaceCache } from '../../src/main/services/tickets/cache';
import { entrySchema, ticketDetailSchema } from '../../src/main/services/tickets/schemas';
import { TicketWorkspaceService } from '../../src/main/services/tickets/service';
import { WORKSPACE_MESSAGES } from '../../src/main/services/tickets/writes';
import type { AttachmentPreview } from '../../src/shared/model/help';
import type { BoardList, ConversationEntry, StoredReplyDraft, TicketAttachment, TicketDetail, TicketView } from '../../src/shared/model/tickets';
import { emptyReplyDraft, INLINE_IMAGE_MESSAGES, type Mention, type ReplyDraft } from '../../src/shared/rules/tickets/reply';
import { createTestServices, signedInDemo, tempDir, type TestServices } from '../helpers/services';
import { rejection } from '../helpers/rejection';

const ADMIN_KEY = 'demo-admin';
const ICON = join(__dirname, '../../resources/icon.png');
const ctx = signedInDemo();

type Switches = { failFieldUpdates: boolean; failSignedUrls: boolean; failReplies: boolean; uploadProcessingMs: number; holdUploads: boolean };
async function switches(demo: DemoServer, patch: Partial<Switches>): Promise<Switches> {
  const res = await fetch(`${demo.url}/__demo/tickets`, { method: 'PATCH', headers: { 'x-demo-admin': ADMIN_KEY, 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.status).toBe(200);
  return (await res.json()) as Switches;
}
afterEach(() => switches(ctx.demo(), { failFieldUpdates: false, failSignedUrls: false, failReplies: false, uploadProcessingMs: 3000 }));

/** The ticket as the demo has it now, straight from its call (not through the console). */
async function demoTicket(services: TestServices, id: number): Promise<TicketDetail> {
  const token = await services.session.api().bearerToken();
  const res = await fetch(`${services.session.api().baseUrl}/api/ticketing/tickets/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return ticketDetailSchema.parse(await res.json());
}

async function demoConversation(services: TestServices, id: number): Promise<ConversationEntry[]> {
  const token = await services.session.api().bearerToken();
  const res = await fetch(`${services.session.api().baseUrl}/api/ticketing/tickets/${id}/conversation`, { headers: { authorization: `Bearer ${token}` } });
  return z.object({ entries: z.array(entrySchema) }).parse(await res.json()).entries;
}

/** How often the demo was asked for a signed URL of a ticketing attachment. */
const signedUrlCalls = () =>
  Object.entries(ctx.demo().stats.byRoute)
    .filter(([route]) => route.includes('signed-url'))
    .reduce((n, [, count]) => n + count, 0);

/** A real file's bytes handed over in pieces, as the renderer does, then uploaded by the main process. */
async function upload(services: TestServices, path: string, name: string, inline: boolean): Promise<TicketAttachment> {
  const bytes = readFileSync(path);
  const uploadId = randomUUID();
  for (let offset = 0; offset < bytes.length; offset += 1500) {
    await services.call('tickets.stageFile', { uploadId, name, size: bytes.length, offset, data: bytes.subarray(offset, offset + 1500).toString('base64') });
  }
  return services.call<TicketAttachment>('tickets.uploadFile', { uploadId, inline });
}

const replyWith = (file: TicketAttachment, overrides: Partial<ReplyDraft> = {}): ReplyDraft => ({
  ...emptyReplyDraft(),
  body: 'Replaced the toner. Log attached.',
  htmlBody: '<p>Replaced the toner. Log attached.</p>',
  uploads: [{ id: file.id, name: file.metadata.name, size: file.metadata.size ?? 0, contentId: file.metadata.contentId, inline: false }],
  ...overrides,
});

/** A workspace service of the test's own on the signed-in session: its own clock, cache and drafts files. */
const closers: Array<() => void> = [];
function ownService(now: () => number = Date.now) {
  const folder = tempDir('rmm-workspace-it-');
  const history = new TicketingHistoryStore(join(folder, 'history.sqlite'));
  const cache = new WorkspaceCache(join(folder, 'ticketing-workspace.sqlite'));
  const drafts = new ReplyDraftStore(join(folder, 'ticketing-drafts.sqlite'));
  closers.push(() => history.close(), () => cache.close(), () => drafts.close());
  const session = ctx.services().session;
  const service = new TicketWorkspaceService({ session, ticketing: new TicketingService(session, history), cache, drafts, now });
  return { service, cache, scope: session.identityScope()! };
}
afterAll(() => {
  for (const close of closers) close();
});

const cachedTicket = (cache: WorkspaceCache, scope: string, id: number) => cache.get(scope, 'ticket_view', String(id), z.object({ ticket: ticketDetailSchema }))?.data.ticket;

describe("a ticket's page", () => {
  it('reads the ticket with its page fields and the whole conversation, inline images, mentions and automations included', async () => {
    const view = await ctx.services().call<TicketView>('tickets.view', { id: 1001 });
    expect(view.cachedAt).toBeNull();
    expect(view.skipped).toBe(0);
    expect(view.ticket).toMatchObject({ id: 1001, version: expect.any(Number) });
    expect(Array.isArray(view.ticket.cc)).toBe(true);
    expect(view.conversation).toEqual(await demoConversation(ctx.services(), 1001));
    const files = view.conversation.flatMap((e) => e.attachments);
    expect(files.some((a) => a.metadata.inline && a.uploadStatus === 'SUCCESS' && a.metadata.contentType === 'image/png')).toBe(true);
    expect(files.some((a) => a.uploadStatus === 'PROCESSING')).toBe(true);
    expect(view.conversation.some((e) => !e.isPublic && e.techniciansTagged.some((m) => m.deleted === true))).toBe(true);
    expect(view.conversation.some((e) => e.automation !== null && e.kind === 'LOG')).toBe(true);
  });

  it('answers a ticket that does not exist as gone', async () => {
    expect(await rejection(ctx.services().call('tickets.view', { id: 999_999 }))).toEqual({ code: 'NOT_FOUND', message: 'This ticket no longer exists.' });
  });
});

describe('a reply (§3.5, §5.5)', () => {
  it('is refused when empty, and nothing is posted or kept', async () => {
    const before = (await demoConversation(ctx.services(), 1002)).length;
    const blank = { ...emptyReplyDraft(), body: ' \u200B ', htmlBody: '<p> </p>' };
    expect(await rejection(ctx.services().call('tickets.reply', { ticketId: 1002, draft: blank }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.replyEmpty });
    expect((await demoConversation(ctx.services(), 1002)).length).toBe(before);
    expect(await ctx.services().call('tickets.draft', { key: '1002' })).toBeNull();
  });

  it('with a file: the draft is kept when the send fails and across a restart, and deleted once the demo confirms', async () => {
    const demo = ctx.demo();
    const dataDir = tempDir('rmm-workspace-restart-');
    const signIn = (services: TestServices) => services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
    await switches(demo, { uploadProcessingMs: 0 });
    const first = await createTestServices({ demo, dataDir, keytar: null });
    await signIn(first);
    const file = await upload(first, ICON, 'printer status.png', false);
    expect(file.id).toMatch(/^tmp-/);
    expect(file.metadata).toMatchObject({ name: 'printer status.png', size: readFileSync(ICON).length, inline: false });
    const [technician] = (await first.call<Mention[]>('tickets.mentions', { ticketId: 1003 })).filter((m) => m.deleted !== true && m.permitted !== false);
    const draft = replyWith(file, { techniciansTagged: [Number(technician!.id)], timeEntry: { timeTracked: 25, remote: true, startDate: '2026-11-27T09:00:00.000Z', agreementId: null, billingType: null, agreementOriginType: null } });
    const before = await demoConversation(first, 1003);

    await switches(demo, { failReplies: true });
    expect(await rejection(first.call('tickets.reply', { ticketId: 1003, draft }))).toEqual({ code: 'SERVER_ERROR', message: `${WORKSPACE_MESSAGES.replyFailed} The instance could not take it now; try again in a moment.` });
    expect((await first.call<StoredReplyDraft>('tickets.draft', { key: '1003' })).draft).toEqual(draft);
    expect(await demoConversation(first, 1003)).toHaveLength(before.length);

    // The console restarts: nothing in memory knows the file, the draft names it by its tempId.
    await first.dispose();
    await switches(demo, { failReplies: false });
    const second = await createTestServices({ demo, dataDir, keytar: null });
    try {
      await signIn(second);
      const restored = await second.call<StoredReplyDraft>('tickets.draft', { key: '1003' });
      expect(restored.draft).toEqual(draft);
      // The restored draft's picture is fetched by the tempId it keeps (the ticket's own file); another id is not.
      expect((await second.call<AttachmentPreview>('tickets.inlineImage', { ticketId: 1003, attachmentId: file.id })).dataUrl).toBe(`data:image/png;base64,${readFileSync(ICON).toString('base64')}`);
      expect(await rejection(second.call('tickets.inlineImage', { ticketId: 1004, attachmentId: file.id }))).toEqual({ code: 'NOT_FOUND', message: INLINE_IMAGE_MESSAGES.loadFailed });
      const totalBefore = (await demoTicket(second, 1003)).totalTimeTracked;
      const { entry, ticket } = await second.call<{ entry: ConversationEntry; ticket: TicketDetail }>('tickets.reply', { ticketId: 1003, draft: restored.draft });
      expect(entry).toMatchObject({ kind: 'REPLY', isPublic: false, body: draft.body, techniciansTagged: [expect.objectContaining({ id: technician!.id })] });
      expect(entry.attachments).toEqual([expect.objectContaining({ metadata: expect.objectContaining({ name: 'printer status.png', size: readFileSync(ICON).length }) })]);
      expect(entry.timeEntry).toMatchObject({ timeTracked: 25, remote: true });
      expect(ticket.totalTimeTracked).toBe(totalBefore + 25);
      expect(await second.call('tickets.draft', { key: '1003' })).toBeNull();
      const after = await demoConversation(second, 1003);
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)!.id).toBe(entry.id);
      // The page read again after the reply is the one cached: offline it shows the reply.
      expect((await second.call<TicketView>('tickets.view', { id: 1003 })).conversation.at(-1)!.id).toBe(entry.id);
    } finally {
      await second.dispose();
    }
  });

  it('answers upload statuses (§4.4) by the ids the renderer holds: a new file by its tempId, a file of the conversation by its id', async () => {
    const file = await upload(ctx.services(), ICON, 'scan.png', true);
    expect(file.metadata.inline).toBe(true);
    const processing = (await ctx.services().call<TicketView>('tickets.view', { id: 1001 })).conversation.flatMap((e) => e.attachments).find((a) => a.uploadStatus === 'PROCESSING')!;
    const statuses = await ctx.services().call<Record<string, string>>('tickets.uploadStatuses', { ids: [file.id, processing.id] });
    expect(statuses).toEqual({ [file.id]: 'PROCESSING', [processing.id]: 'PROCESSING' });
    // An id this console never issued is not asked about (tests/integration/ticket-files-issued.test.ts).
    expect((await rejection(ctx.services().call('tickets.uploadStatuses', { ids: [file.id, 'no-such-file'] }))).code).toBe('INVALID_INPUT');
    await switches(ctx.demo(), { uploadProcessingMs: 0 });
    const quick = await upload(ctx.services(), ICON, 'quick.png', false);
    expect(quick.metadata.inline).toBe(false);
    expect(await ctx.services().call('tickets.uploadStatuses', { ids: [quick.id] })).toEqual({ [quick.id]: 'SUCCESS' });
  });
});

describe('a new ticket', () => {
  it('keeps its description as a draft until the demo creates it, with its file; a refused one keeps the draft', async () => {
    const services = ctx.services();
    const { ticket: model } = await services.call<TicketView>('tickets.view', { id: 1001 });
    const file = await upload(services, ICON, 'label.png', false);
    const draftKey = `new:${randomUUID()}`;
    const draft = replyWith(file, { body: 'The label printer jams.', htmlBody: '<p>The label printer jams.</p>' });
    const input = {
      draftKey,
      summary: '  Label printer jams  ',
      organizationId: model.organization!.id,
      locationId: null,
      requesterId: null,
      assigneeId: null,
      status: null,
      priority: 'HIGH',
      severity: null,
      type: null,
      ticketFormId: model.ticketForm!.id,
      draft,
    };

    const refused = await rejection(services.call('tickets.create', { ...input, priority: 'NO_SUCH_PRIORITY' }));
    expect(refused.code).toBe('INVALID_INPUT');
    expect((await services.call<StoredReplyDraft>('tickets.draft', { key: draftKey })).draft).toEqual(draft);

    const created = await services.call<TicketDetail>('tickets.create', input);
    expect(created).toMatchObject({ summary: 'Label printer jams', priority: 'HIGH', organization: { id: model.organization!.id }, version: expect.any(Number) });
    expect(await services.call('tickets.draft', { key: draftKey })).toBeNull();
    const [description] = await demoConversation(services, created.id);
    expect(description).toMatchObject({ kind: 'REPLY', body: 'The label printer jams.' });
    expect(description!.attachments.map((a) => a.metadata.name)).toEqual(['label.png']);
  });
});

describe('a header field update', () => {
  it('refused by the demo (500) leaves the demo\'s and the cached ticket as they were', async () => {
    const { service, cache, scope } = ownService();
    const view = await service.view(1004);
    await switches(ctx.demo(), { failFieldUpdates: true });
    const priority = view.ticket.priority === 'HIGH' ? 'LOW' : 'HIGH';
    expect(await rejection(service.update(1004, { field: 'priority', value: priority }))).toEqual({ code: 'SERVER_ERROR', message: `${WORKSPACE_MESSAGES.updateFailed} The instance could not take it now; try again in a moment.` });
    expect(await demoTicket(ctx.services(), 1004)).toMatchObject({ priority: view.ticket.priority, version: view.ticket.version });
    expect(cachedTicket(cache, scope, 1004)).toEqual(view.ticket);
  });

  it('after someone else changed the ticket is refused as a conflict, not written over it', async () => {
    const { service, cache, scope } = ownService();
    const view = await service.view(1005);
    // Someone else changes the ticket: its version moves on.
    const token = await ctx.services().session.api().bearerToken();
    const other = view.ticket.severity === 'MAJOR' ? 'MINOR' : 'MAJOR';
    const res = await fetch(`${ctx.demo().url}/api/ticketing/tickets/1005/fields`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'severity', value: other }),
    });
    expect(res.status).toBe(200);
    const changed = await demoTicket(ctx.services(), 1005);
    expect(changed.version).toBe(view.ticket.version! + 1);

    expect(await rejection(service.update(1005, { field: 'tags', value: ['printer'] }))).toEqual({ code: 'CONFLICT', message: 'This ticket was changed by someone else.' });
    expect(await demoTicket(ctx.services(), 1005)).toEqual(changed);
    expect(cachedTicket(cache, scope, 1005)).toEqual(view.ticket);

    // Read again, the change goes through, and the cached page takes the ticket the demo answered.
    await service.view(1005);
    const saved = await service.update(1005, { field: 'tags', value: ['printer'] });
    expect(saved).toMatchObject({ tags: ['printer'], version: changed.version! + 1 });
    expect(await demoTicket(ctx.services(), 1005)).toMatchObject({ tags: ['printer'], version: saved.version });
    expect(cachedTicket(cache, scope, 1005)).toEqual(saved);
  });

  it("with a value the demo does not know is refused in the demo's words", async () => {
    await ctx.services().call('tickets.view', { id: 1004 });
    const refused = await rejection(ctx.services().call('tickets.update', { id: 1004, update: { field: 'status', value: 'NO_SUCH_STATUS' } }));
    expect(refused.code).toBe('INVALID_INPUT');
    expect(refused.message).toMatch(/NO_SUCH_STATUS|status/i);
    expect(refused.message.length).toBeLessThanOrEqual(300);
  });
});

describe('inline images (§8.4)', () => {
  const inlineImageOf = (view: TicketView) => view.conversation.flatMap((e) => e.attachments).find((a) => a.metadata.inline && a.uploadStatus === 'SUCCESS')!;

  it('reuse a signed URL for 55 s (one ask for two loads), then ask again; Download names the file safely', async () => {
    let clock = 1_000_000;
    const { service } = ownService(() => clock);
    const view = await service.view(1001);
    const image = inlineImageOf(view);
    const asked = signedUrlCalls();
    const first = await service.inlineImage(1001, image.id);
    expect(first.dataUrl).toMatch(/^data:image\/png;base64,/);
    clock += 30_000;
    const second: AttachmentPreview = await service.inlineImage(1001, image.id);
    expect(second.dataUrl).toBe(first.dataUrl);
    expect(signedUrlCalls()).toBe(asked + 1);
    clock += 24_999;
    await service.downloadImage(1001, image.id);
    expect(signedUrlCalls()).toBe(asked + 1);
    clock += 1; // 55 s after the URL was fetched
    const downloaded = await service.downloadImage(1001, image.id);
    expect(signedUrlCalls()).toBe(asked + 2);
    expect(downloaded).toMatchObject({ dataUrl: first.dataUrl, name: image.metadata.name });
    expect(downloaded.name).not.toMatch(/[/\\:*?"<>|]/);
  });

  it("say 'Failed to load inline image' (and the viewer 'Error while downloading image.') when the signed URL fails, keeping the code", async () => {
    const { service } = ownService();
    const image = inlineImageOf(await service.view(1002));
    await switches(ctx.demo(), { failSignedUrls: true });
    expect(await rejection(service.inlineImage(1002, image.id))).toEqual({ code: 'SERVER_ERROR', message: INLINE_IMAGE_MESSAGES.loadFailed });
    expect(await rejection(service.downloadImage(1002, image.id))).toEqual({ code: 'SERVER_ERROR', message: INLINE_IMAGE_MESSAGES.downloadFailed });
    await switches(ctx.demo(), { failSignedUrls: false });
    expect((await service.inlineImage(1002, image.id)).contentType).toBe('image/png');
  });

  it('are fetched only for SUCCESS files of the conversation as last read, without asking the demo otherwise', async () => {
    const { service } = ownService();
    const view = await service.view(1001);
    const processing = view.conversation.flatMap((e) => e.attachments).find((a) => a.uploadStatus === 'PROCESSING')!;
    const otherTicketImage = inlineImageOf(await service.view(1002));
    const asked = signedUrlCalls();
    expect(await rejection(service.inlineImage(1001, processing.id))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.loadFailed });
    expect(await rejection(service.inlineImage(1001, otherTicketImage.id))).toEqual({ code: 'NOT_FOUND', message: INLINE_IMAGE_MESSAGES.loadFailed });
    expect(await rejection(service.inlineImage(1003, otherTicketImage.id))).toEqual({ code: 'NOT_FOUND', message: INLINE_IMAGE_MESSAGES.loadFailed });
    expect(signedUrlCalls()).toBe(asked);
  });
});

describe("the viewer's Download, saved by the main process (§2.5, §8.4)", () => {
  const signIn = (services: TestServices) => services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });

  it("writes the real image into the downloads root, a second save takes '(1)'; a failing signed URL leaves no file or .part", async () => {
    const demo = ctx.demo();
    const root = tempDir('rmm-saved-images-');
    await switches(demo, { uploadProcessingMs: 0 });
    const services = await createTestServices({ demo, keytar: null, platform: { downloadsRoot: root } });
    try {
      await signIn(services);
      // A picture of the reply being written: the bytes the technician uploaded come back to disk as they were.
      const picture = await upload(services, ICON, 'printer status.png', true);
      const saved = await services.call<{ name: string; path: string }>('tickets.saveImage', { ticketId: 1003, attachmentId: picture.id });
      expect(saved).toEqual({ name: 'printer status.png', path: join(root, 'printer status.png') });
      expect(readFileSync(saved.path)).toEqual(readFileSync(ICON));
      const again = await services.call<{ name: string; path: string }>('tickets.saveImage', { ticketId: 1003, attachmentId: picture.id });
      expect(again).toEqual({ name: 'printer status (1).png', path: join(root, 'printer status (1).png') });
      expect(readFileSync(again.path)).toEqual(readFileSync(ICON));
      expect(readFileSync(saved.path)).toEqual(readFileSync(ICON));

      // A conversation's image while the demo's signed URLs fail: §8.4's text, the code kept, nothing on disk.
      const image = (await services.call<TicketView>('tickets.view', { id: 1002 })).conversation.flatMap((e) => e.attachments).find((a) => a.metadata.inline && a.uploadStatus === 'SUCCESS')!;
      await switches(demo, { failSignedUrls: true });
      expect(await rejection(services.call('tickets.saveImage', { ticketId: 1002, attachmentId: image.id }))).toEqual({ code: 'SERVER_ERROR', message: INLINE_IMAGE_MESSAGES.downloadFailed });
      expect(readdirSync(root).sort()).toEqual(['printer status (1).png', 'printer status.png']);
      await switches(demo, { failSignedUrls: false });
      const conversationImage = await services.call<{ name: string; path: string }>('tickets.saveImage', { ticketId: 1002, attachmentId: image.id });
      expect(conversationImage.path).toBe(join(root, conversationImage.name));
      expect(readFileSync(conversationImage.path).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(readdirSync(root).some((name) => name.endsWith('.part'))).toBe(false);
      // Not a file of that ticket: refused before anything is asked or written.
      expect(await rejection(services.call('tickets.saveImage', { ticketId: 1004, attachmentId: image.id }))).toEqual({ code: 'NOT_FOUND', message: INLINE_IMAGE_MESSAGES.downloadFailed });
      expect(readdirSync(root)).toHaveLength(3);
    } finally {
      await services.dispose();
    }
  });
});

describe('a file removed from a reply', () => {
  it('still staged is dropped; uploaded is deleted on the demo (a reply naming it is refused); one this console never uploaded is refused and kept', async () => {
    const services = ctx.services();
    const bytes = readFileSync(ICON);
    const uploadId = randomUUID();
    await services.call('tickets.stageFile', { uploadId, name: 'half.png', size: bytes.length, offset: 0, data: bytes.subarray(0, 1500).toString('base64') });
    expect(await services.call('tickets.discardFile', { uploadId })).toEqual({ discarded: true });
    expect((await rejection(services.call('tickets.uploadFile', { uploadId, inline: false }))).code).toBe('NOT_FOUND');

    const file = await upload(services, ICON, 'removed.png', false);
    expect(await services.call('tickets.discardFile', { id: file.id })).toEqual({ discarded: true });
    const refused = await rejection(services.call('tickets.reply', { ticketId: 1004, draft: replyWith(file) }));
    expect(refused).toEqual({ code: 'INVALID_INPUT', message: `No waiting upload ${file.id} of yours.` });
    await services.call('tickets.discardDraft', { key: '1004' });
    expect(await rejection(services.call('tickets.discardFile', { id: file.id }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileUnknown });

    // Uploaded on the demo by another console of the same identity (its own drafts file): this one never issued it.
    const { service: other } = ownService();
    const otherId = randomUUID();
    other.stageFile({ uploadId: otherId, name: 'theirs.png', size: bytes.length, offset: 0, data: bytes.toString('base64') });
    const theirs = await other.uploadFile(otherId, false);
    expect(await rejection(services.call('tickets.discardFile', { id: theirs.id }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileUnknown });
    expect(Object.keys(await other.uploadStatuses([theirs.id]))).toEqual([theirs.id]);
    expect(await other.discardFile({ id: theirs.id })).toEqual({ discarded: true });
    expect(await other.uploadStatuses([theirs.id])).toEqual({});

    // A draft thrown away takes its files with it: the demo no longer holds them.
    const kept = await upload(services, ICON, 'kept-then-discarded.png', false);
    await services.call('tickets.saveDraft', { key: '1004', draft: replyWith(kept) });
    expect(Object.keys(await services.call<Record<string, string>>('tickets.uploadStatuses', { ids: [kept.id] }))).toEqual([kept.id]);
    expect(await services.call('tickets.discardDraft', { key: '1004' })).toEqual({ discarded: true });
    await expect.poll(() => services.call('tickets.uploadStatuses', { ids: [kept.id] })).toEqual({});

    // Exactly one of the two.
    expect((await rejection(services.call('tickets.discardFile', { uploadId, id: file.id }))).code).toBe('INVALID_INPUT');
    expect((await rejection(services.call('tickets.discardFile', {}))).code).toBe('INVALID_INPUT');
  });
});

describe('lookups', () => {
  it("mentions keep the §6 flags as the demo sends them; technicians are technicians; agreements are the organization's", async () => {
    const mentions = await ctx.services().call<Mention[]>('tickets.mentions', { ticketId: 1001 });
    expect(mentions.length).toBeGreaterThan(0);
    expect(mentions.length).toBeLessThanOrEqual(20);
    expect(mentions.some((m) => m.deleted === true)).toBe(true);
    const technicians = await ctx.services().call<{ results: Array<{ id: number; name: string }> }>('tickets.technicians', { page: 0 });
    expect(technicians.results.length).toBeGreaterThan(0);
    const ticket = (await ctx.services().call<TicketView>('tickets.view', { id: 1001 })).ticket;
    const agreements = await ctx.services().call<Array<{ id: number; name: string }>>('tickets.agreements', { organizationId: ticket.organization!.id });
    expect(Array.isArray(agreements)).toBe(true);
  });
});

describe("a board's tickets", () => {
  it('are searched within the board, by id or a part of the subject', async () => {
    const boards = await ctx.services().call<{ items: Array<{ id: number; name: string }> }>('tickets.boards', {});
    const every = boards.items.find((b) => b.name === 'All tickets')!;
    type Page = { results: Array<{ id: number; summary: string }>; totalElements: number };
    const all = await ctx.services().call<Page>('tickets.boardTickets', { id: every.id, page: 0, size: 50 });
    const word = all.results[0]!.summary.split(' ')[0]!;
    const found = await ctx.services().call<Page>('tickets.boardTickets', { id: every.id, page: 0, size: 50, search: word.toUpperCase() });
    expect(found.totalElements).toBeGreaterThan(0);
    expect(found.totalElements).toBeLessThan(all.totalElements);
    for (const ticket of found.results) expect(ticket.summary.toLowerCase()).toContain(word.toLowerCase());
    const byId = await ctx.services().call<Page>('tickets.boardTickets', { id: every.id, page: 0, size: 50, search: '#1001' });
    expect(byId.results.map((t) => t.id)).toEqual([1001]);
  });
});

describe('offline', () => {
  it('answers boards, board pages and tickets already read from the cache with their age; writes fail OFFLINE; drafts still save', async () => {
    const demo = await startDemoServer({ adminKey: ADMIN_KEY });
    const services = await createTestServices({ demo, keytar: null, probeIntervalMs: 60_000 });
    let closed = false;
    try {
      await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
      const boards = await services.call<BoardList>('tickets.boards');
      expect(boards.items.length).toBeGreaterThan(0);
      expect(boards.items.every((b) => b.type === 'BOARD')).toBe(true);
      const board = boards.items[0]!;
      const page = await services.call<{ results: Array<{ id: number }>; cachedAt: number | null }>('tickets.boardTickets', { id: board.id, page: 0, size: 25 });
      const view = await services.call<TicketView>('tickets.view', { id: 1001 });
      const readAt = Date.now();

      await demo.close();
      closed = true;
      const offlineView = await services.call<TicketView>('tickets.view', { id: 1001 });
      expect(offlineView.cachedAt).toBeGreaterThan(0);
      expect(offlineView.cachedAt).toBeLessThanOrEqual(readAt);
      expect({ ...offlineView, cachedAt: null }).toEqual(view);
      expect(services.connectivity.online).toBe(false);
      const offlineBoards = await services.call<BoardList>('tickets.boards');
      expect({ ...offlineBoards, cachedAt: null }).toEqual(boards);
      expect(offlineBoards.cachedAt).not.toBeNull();
      const offlinePage = await services.call<typeof page>('tickets.boardTickets', { id: board.id, page: 0, size: 25 });
      expect(offlinePage.results).toEqual(page.results);
      expect(offlinePage.cachedAt).not.toBeNull();

      // Never read: nothing to show.
      expect((await rejection(services.call('tickets.view', { id: 1002 }))).code).toBe('OFFLINE');
      expect((await rejection(services.call('tickets.boardTickets', { id: board.id, page: 1, size: 25 }))).code).toBe('OFFLINE');
      // Writes are not tried; the reply's draft is kept for later.
      const draft = { ...emptyReplyDraft(), body: 'Written offline.', htmlBody: '<p>Written offline.</p>' };
      expect((await rejection(services.call('tickets.reply', { ticketId: 1001, draft }))).code).toBe('OFFLINE');
      expect((await services.call<StoredReplyDraft>('tickets.draft', { key: '1001' })).draft).toEqual(draft);
      expect((await rejection(services.call('tickets.update', { id: 1001, update: { field: 'tags', value: [] } }))).code).toBe('OFFLINE');
      const saved = await services.call<{ updatedAt: number }>('tickets.saveDraft', { key: '1002', draft });
      expect(saved.updatedAt).toBeGreaterThan(0);
      // And the tabs are this computer's.
      const tabs = await services.call<{ recent: unknown[] }>('tickets.openTab', { kind: 'ticket', id: 1001, title: '#1001' });
      expect(tabs.recent).toEqual([{ kind: 'ticket', id: 1001, title: '#1001' }]);
    } finally {
      await services.dispose();
      if (!closed) await demo.close();
    }
  });
});
