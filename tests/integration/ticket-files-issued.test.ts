/**
 * The renderer names files only by ids the main process issued (DESIGN
 * "Security rules"), through the real router against the demo over real
 * HTTP, with real SQLite: the upload tempIds this console created and the
 * attachment ids it read in a conversation or a loaded trigger, per
 * signed-in identity. A hostile renderer naming any other id (made up, or
 * issued to another identity) in a draft, a reply, a new ticket, a removal,
 * a status question, an inline image, a saved image, a trigger's preview or
 * a trigger's save is refused with INVALID_INPUT and nothing reaches the
 * demo; the legitimate flows still work. A picture written into an entry
 * itself (a data: image) is saved by the main process like any other image.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoServer } from '../../src/demo-server/server';
import { ReplyDraftStore } from '../../src/main/services/tickets/draft-store';
import { TicketingHistoryStore } from '../../src/main/services/ticketing/history-store';
import { TicketingService, TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE } from '../../src/main/services/ticketing/ticketing-service';
import { WorkspaceCache } from '../../src/main/services/tickets/cache';
import { TicketWorkspaceService } from '../../src/main/services/tickets/service';
import { WORKSPACE_MESSAGES } from '../../src/main/services/tickets/writes';
import type { Trigger } from '../../src/shared/model/ticketing';
import type { ConversationEntry, StoredReplyDraft, TicketAttachment, TicketDetail, TicketView } from '../../src/shared/model/tickets';
import { imageFingerprint } from '../../src/shared/rules/tickets/entry-images';
import { emptyReplyDraft, INLINE_IMAGE_MESSAGES, type ReplyDraft } from '../../src/shared/rules/tickets/reply';
import { formOfTrigger, triggerPayload } from '../../src/shared/rules/ticketing/trigger';
import { createTestServices, signedInDemo, tempDir, type TestServices } from '../helpers/services';
import { rejection } from '../helpers/rejection';

const ICON = join(__dirname, '../../resources/icon.png');
/** A 1 × 1 PNG, small enough to be written into a reply's html. */
const DOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const FORGED = 'tmp-forged-0001';
const ctx = signedInDemo();

async function switches(demo: DemoServer, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demo.url}/__demo/tickets`, { method: 'PATCH', headers: { 'x-demo-admin': 'demo-admin', 'content-type': 'application/json' }, body: JSON.stringify(patch) });
  expect(res.status).toBe(200);
}
afterEach(() => switches(ctx.demo(), { uploadProcessingMs: 3000 }));

/** Calls the demo answered on the routes files travel by: attachments (signed URLs, uploads, deletes, statuses), replies, tickets and triggers written. */
const fileCalls = () =>
  Object.entries(ctx.demo().stats.byRoute)
    .filter(([route]) => /attachments|replies|^POST .*tickets|^(POST|PUT) .*trigger/.test(route))
    .reduce((n, [, count]) => n + count, 0);

async function upload(services: TestServices, name: string, inline: boolean): Promise<TicketAttachment> {
  const bytes = readFileSync(ICON);
  const uploadId = randomUUID();
  for (let offset = 0; offset < bytes.length; offset += 256 * 1024) {
    await services.call('tickets.stageFile', { uploadId, name, size: bytes.length, offset, data: bytes.subarray(offset, offset + 256 * 1024).toString('base64') });
  }
  return services.call<TicketAttachment>('tickets.uploadFile', { uploadId, inline });
}

const naming = (id: string, overrides: Partial<ReplyDraft> = {}): ReplyDraft => ({
  ...emptyReplyDraft(),
  body: 'The invoice is attached.',
  htmlBody: '<p>The invoice is attached.</p>',
  uploads: [{ id, name: 'invoice.png', size: 10, contentId: null, inline: false }],
  ...overrides,
});

const newTicket = (draft: ReplyDraft, model: TicketDetail) => ({
  draftKey: `new:${randomUUID()}`,
  summary: 'Printer jams',
  organizationId: model.organization!.id,
  locationId: null,
  requesterId: null,
  assigneeId: null,
  status: null,
  priority: null,
  severity: null,
  type: null,
  ticketFormId: model.ticketForm!.id,
  draft,
});

describe('ids the main process never issued', () => {
  it('are refused by every workspace channel that takes one, and nothing reaches the demo', async () => {
    const services = ctx.services();
    const view = await services.call<TicketView>('tickets.view', { id: 1001 });
    const conversationFile = view.conversation.flatMap((entry) => entry.attachments)[0]!;
    const before = fileCalls();
    const refused = { code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileNotIssued };

    expect(await rejection(services.call('tickets.saveDraft', { key: '1004', draft: naming(FORGED) }))).toEqual(refused);
    // A file of ticket 1001's conversation is not one a reply to 1004 may name.
    expect(await rejection(services.call('tickets.saveDraft', { key: '1004', draft: naming(conversationFile.id) }))).toEqual(refused);
    expect(await services.call('tickets.draft', { key: '1004' })).toBeNull();
    expect(await rejection(services.call('tickets.reply', { ticketId: 1004, draft: naming(FORGED) }))).toEqual(refused);
    const created = newTicket(naming(FORGED), view.ticket);
    expect(await rejection(services.call('tickets.create', created))).toEqual(refused);
    expect(await services.call('tickets.draft', { key: created.draftKey })).toBeNull();
    expect(await rejection(services.call('tickets.discardFile', { id: FORGED }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.fileUnknown });
    expect(await rejection(services.call('tickets.uploadStatuses', { ids: [FORGED] }))).toEqual({ code: 'INVALID_INPUT', message: WORKSPACE_MESSAGES.statusNotIssued });
    expect(await rejection(services.call('tickets.inlineImage', { ticketId: 1004, attachmentId: FORGED }))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.loadFailed });
    expect(await rejection(services.call('tickets.saveImage', { ticketId: 1004, attachmentId: FORGED }))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.downloadFailed });
    expect(fileCalls()).toBe(before);

    // A draft row another program wrote into the drafts file, naming a file this console never uploaded:
    // thrown away, it takes nothing with it on the demo.
    const raw = new Database(join(services.dataDir, 'ticketing-drafts.sqlite'));
    raw.prepare('INSERT INTO reply_drafts (scope, draft_key, seq, updated_at, data) VALUES (?, ?, 1, 1, ?)').run(services.session.identityScope(), '1006', JSON.stringify(naming(FORGED)));
    raw.prepare('INSERT INTO reply_draft_files (scope, draft_key, file_id) VALUES (?, ?, ?)').run(services.session.identityScope(), '1006', FORGED);
    raw.close();
    expect(await services.call('tickets.discardDraft', { key: '1006' })).toEqual({ discarded: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fileCalls()).toBe(before);
  });

  it('leave the legitimate flow working: an upload named in a draft, its picture saved under the name the instance gave it, its status, its removal', async () => {
    const demo = ctx.demo();
    const root = tempDir('rmm-issued-images-');
    await switches(demo, { uploadProcessingMs: 0 });
    const services = await createTestServices({ demo, keytar: null, platform: { downloadsRoot: root } });
    try {
      await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
      const picture = await upload(services, 'printer status.png', true);
      // The draft's own name for the file is the renderer's: the saved file takes the instance's.
      const draft = naming(picture.id, { uploads: [{ id: picture.id, name: '..\\evil.hta', size: 1, contentId: picture.metadata.contentId, inline: true }] });
      expect((await services.call<{ updatedAt: number }>('tickets.saveDraft', { key: '1007', draft })).updatedAt).toBeGreaterThan(0);
      expect((await services.call<StoredReplyDraft>('tickets.draft', { key: '1007' })).draft).toEqual(draft);
      const saved = await services.call<{ name: string; path: string }>('tickets.saveImage', { ticketId: 1007, attachmentId: picture.id });
      expect(saved).toEqual({ name: 'printer status.png', path: join(root, 'printer status.png') });
      expect(await services.call('tickets.uploadStatuses', { ids: [picture.id] })).toEqual({ [picture.id]: 'SUCCESS' });
      expect(await services.call('tickets.discardFile', { id: picture.id })).toEqual({ discarded: true });
      // Removed: never deleted twice, though the draft may still name it until the next save.
      expect((await rejection(services.call('tickets.discardFile', { id: picture.id }))).code).toBe('INVALID_INPUT');
      expect((await services.call<{ updatedAt: number }>('tickets.saveDraft', { key: '1007', draft })).updatedAt).toBeGreaterThan(0);
      await services.call('tickets.discardDraft', { key: '1007' });
    } finally {
      await services.dispose();
    }
  });
});

describe('a trigger attachment never loaded', () => {
  it('is neither previewed nor kept by a save; once its trigger is loaded it previews', async () => {
    const services = await createTestServices({ demo: ctx.demo(), keytar: null });
    try {
      await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
      const before = fileCalls();
      const refused = { code: 'INVALID_INPUT', message: TRIGGER_ATTACHMENT_NOT_ISSUED_MESSAGE };
      expect(await rejection(services.call('ticketing.attachmentPreview', { id: 'automation-attachment-1' }))).toEqual(refused);
      expect(fileCalls()).toBe(before);

      const triggers = (await services.call<{ items: Trigger[] }>('ticketing.triggers', {})).items;
      const vip = triggers.find((t) => t.name === 'Escalate VIP tickets')!;
      expect((await services.call<{ contentType: string }>('ticketing.attachmentPreview', { id: 'automation-attachment-1' })).contentType).toBe('image/png');
      const afterPreview = fileCalls();
      // A copy naming a file no loaded trigger showed: refused before anything is written on the demo.
      const copy = triggerPayload({ ...formOfTrigger(vip), name: 'VIP with a forged file' }, 'EVENT_BASED', undefined, ['automation-attachment-1', 'ticket-attachment-999']);
      expect(await rejection(services.call('ticketing.saveTrigger', copy))).toEqual(refused);
      expect(fileCalls()).toBe(afterPreview);
      expect((await services.call<{ items: Trigger[] }>('ticketing.triggers', {})).items.some((t) => t.name === 'VIP with a forged file')).toBe(false);
    } finally {
      await services.dispose();
    }
  });
});

describe('ids issued to another identity', () => {
  it("are refused for the identity signed in now, and nothing reaches the demo; the first identity's files stay its own", async () => {
    const demo = ctx.demo();
    await switches(demo, { uploadProcessingMs: 0 });
    const services = await createTestServices({ demo, keytar: null });
    const signIn = (clientId: string, clientSecret: string) => services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId, clientSecret, remember: false });
    try {
      await signIn('demo-console', 'demo-console-secret');
      const theirs = await upload(services, 'theirs.png', true);
      await services.call('tickets.saveDraft', { key: '1008', draft: naming(theirs.id) });
      await services.call('ticketing.triggers', {});
      const image = (await services.call<TicketView>('tickets.view', { id: 1002 })).conversation.flatMap((e) => e.attachments).find((a) => a.metadata.inline && a.uploadStatus === 'SUCCESS')!;

      await signIn('demo-limited', 'demo-limited-secret');
      const before = fileCalls();
      expect((await rejection(services.call('tickets.saveDraft', { key: '1008', draft: naming(theirs.id) }))).code).toBe('INVALID_INPUT');
      expect(await services.call('tickets.draft', { key: '1008' })).toBeNull();
      expect((await rejection(services.call('tickets.reply', { ticketId: 1008, draft: naming(theirs.id) }))).code).toBe('INVALID_INPUT');
      expect((await rejection(services.call('tickets.discardFile', { id: theirs.id }))).code).toBe('INVALID_INPUT');
      expect((await rejection(services.call('tickets.uploadStatuses', { ids: [theirs.id, image.id] }))).code).toBe('INVALID_INPUT');
      expect((await rejection(services.call('tickets.saveImage', { ticketId: 1008, attachmentId: theirs.id }))).code).toBe('INVALID_INPUT');
      expect((await rejection(services.call('tickets.inlineImage', { ticketId: 1002, attachmentId: image.id }))).code).toBe('INVALID_INPUT');
      expect((await rejection(services.call('ticketing.attachmentPreview', { id: 'automation-attachment-1' }))).code).toBe('INVALID_INPUT');
      expect(fileCalls()).toBe(before);

      // Back as the first identity (a restart in between would not matter: the record is in the drafts file).
      await signIn('demo-console', 'demo-console-secret');
      expect((await services.call<StoredReplyDraft>('tickets.draft', { key: '1008' })).draft).toEqual(naming(theirs.id));
      expect(await services.call('tickets.uploadStatuses', { ids: [theirs.id] })).toEqual({ [theirs.id]: 'SUCCESS' });
      expect((await services.call<{ contentType: string }>('ticketing.attachmentPreview', { id: 'automation-attachment-1' })).contentType).toBe('image/png');
      expect(await services.call('tickets.discardDraft', { key: '1008' })).toEqual({ discarded: true });
    } finally {
      await services.dispose();
    }
  });
});

describe('a picture written into an entry (a data: image)', () => {
  it("is saved by the main process into the downloads folder as 'image' with its sniffed type's extension, never over a file, marked from the instance", async () => {
    const demo = ctx.demo();
    const root = tempDir('rmm-entry-images-');
    const services = await createTestServices({ demo, keytar: null, platform: { downloadsRoot: root } });
    try {
      await services.call('session.signInWithClientCredentials', { target: { kind: 'demo' }, clientId: 'demo-console', clientSecret: 'demo-console-secret', remember: false });
      // Declared a GIF, its bytes a PNG: the saved name follows the bytes.
      const src = `data:image/gif;base64,${DOT.toString('base64')}`;
      const draft = { ...emptyReplyDraft(), body: 'The light is on.', htmlBody: `<p>The light is on.</p><p><img src="${src}" alt="front panel"></p>` };
      const { entry } = await services.call<{ entry: ConversationEntry }>('tickets.reply', { ticketId: 1009, draft });
      const fingerprint = await imageFingerprint(src);

      const saved = await services.call<{ name: string; path: string }>('tickets.saveEntryImage', { ticketId: 1009, entryId: entry.id, fingerprint });
      expect(saved).toEqual({ name: 'image.png', path: join(root, 'image.png') });
      expect(readFileSync(saved.path)).toEqual(DOT);
      expect((await services.call<{ name: string }>('tickets.saveEntryImage', { ticketId: 1009, entryId: entry.id, fingerprint })).name).toBe('image (1).png');

      // A picture that is not in that entry, or an entry of another ticket: refused, nothing written.
      const other = await imageFingerprint(`data:image/png;base64,${readFileSync(ICON).toString('base64')}`);
      for (const input of [{ ticketId: 1009, entryId: entry.id, fingerprint: other }, { ticketId: 1010, entryId: entry.id, fingerprint }]) {
        expect(await rejection(services.call('tickets.saveEntryImage', input))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.downloadFailed });
      }
      for (const fingerprint of ['', 'A'.repeat(64), 'g'.repeat(64)]) {
        expect((await rejection(services.call('tickets.saveEntryImage', { ticketId: 1009, entryId: entry.id, fingerprint }))).code).toBe('INVALID_INPUT');
      }
      expect(readdirSync(root).sort()).toEqual(['image (1).png', 'image.png']);

      // The same save, with the platform's mark observed: set on the .part, naming the instance's origin.
      const folder = tempDir('rmm-entry-images-marked-');
      const marks: Array<{ file: string; origin: string }> = [];
      const dir = tempDir('rmm-entry-images-stores-');
      const history = new TicketingHistoryStore(join(dir, 'history.sqlite'));
      const cache = new WorkspaceCache(join(dir, 'cache.sqlite'));
      const drafts = new ReplyDraftStore(join(dir, 'drafts.sqlite'));
      try {
        const workspace = new TicketWorkspaceService({
          session: services.session,
          ticketing: new TicketingService(services.session, history),
          cache,
          drafts,
          downloadsFolder: () => folder,
          markFromInternet: async (file, origin) => void marks.push({ file, origin }),
        });
        const marked = await workspace.saveEntryImage(1009, entry.id, fingerprint);
        expect(marked.path).toBe(join(folder, 'image.png'));
        expect(marks).toEqual([{ file: join(folder, 'image.png.part'), origin: services.session.api().baseUrl }]);
      } finally {
        history.close();
        cache.close();
        drafts.close();
      }
    } finally {
      await services.dispose();
    }
  });
});
