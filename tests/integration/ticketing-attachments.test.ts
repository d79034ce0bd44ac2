/**
 * A loaded trigger's attachments (spec/ticketing-automations-psa.md §3.1,
 * §4.1, §7.1 "signed URL fetch for an attachment | path not shown") through
 * the console's services against the demo server over real HTTP: the
 * attachments read with their upload statuses, the image preview fetched by
 * the main process through the signed URL (the help ticket's mechanism, one
 * copy: src/main/services/platform/signed-attachments.ts), no signed URL asked for an
 * attachment read as SUSPICIOUS or PROCESSING, the server's refusals as
 * 'Resource Not Found', the demo's signed-URL call, and the tolerant reading
 * of what a real instance may send.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { seededAttachmentBytes } from '../../src/demo-server/data/ticketing/triggers';
import { readItems } from '../../src/main/services/platform/api/tolerant';
import { TicketingHistoryStore } from '../../src/main/services/ticketing/history-store';
import { TicketingService } from '../../src/main/services/ticketing/ticketing-service';
import { triggerSchema } from '../../src/main/services/ticketing/trigger-schemas';
import type { AttachmentInfo, AttachmentPreview } from '../../src/shared/model/help';
import type { Trigger, TriggerType } from '../../src/shared/model/ticketing';
import { formOfTrigger, triggerPayload } from '../../src/shared/rules/ticketing/trigger';
import { TRIGGER_MAX_NEW_FILES, triggerFilesCountMessage } from '../../src/shared/rules/ticketing/uploads';
import { signedInDemo, tempDir } from '../helpers/services';
import { withTamperedSignature } from '../helpers/signed-url';

const ctx = signedInDemo();

const PNG_ID = 'automation-attachment-1';
const PDF_ID = 'automation-attachment-2';
const SUSPICIOUS_ID = 'automation-attachment-3';
const PROCESSING_ID = 'automation-attachment-4';

const list = async () => (await ctx.services().call<{ items: Trigger[] }>('ticketing.triggers', {})).items;
const byName = async (name: string) => (await list()).find((t) => t.name === name)!;
const load = (id: number) => ctx.services().call<Trigger>('ticketing.trigger', { id });
const preview = (id: string) => ctx.services().call<AttachmentPreview>('ticketing.attachmentPreview', { id });

/** How often the demo was asked for a trigger attachment's signed URL. */
function signedUrlCalls(): number {
  return Object.entries(ctx.demo().stats.byRoute)
    .filter(([route]) => route.includes('ticketing') && route.includes('signed-url'))
    .reduce((n, [, count]) => n + count, 0);
}

/** Straight to the demo's call, with the session's bearer token. */
async function askSignedUrl(id: string): Promise<Response> {
  const token = await ctx.services().session.api().bearerToken();
  return fetch(`${ctx.demo().url}/api/ticketing/attachments/${encodeURIComponent(id)}/signed-url`, { headers: { authorization: `Bearer ${token}` } });
}

/** A TicketingService of its own: no trigger read yet, so every id is the server's to answer. */
const stores: TicketingHistoryStore[] = [];
function freshService(now?: () => number): TicketingService {
  const store = new TicketingHistoryStore(`${tempDir('ticketing-attachments-')}/history.sqlite`);
  stores.push(store);
  return new TicketingService(ctx.services().session, store, now);
}
afterAll(() => {
  for (const store of stores) store.close();
});

describe('the attachments of a loaded trigger (§3.1)', () => {
  it('are read with their name, type, size and upload status, in the list and loaded alone', async () => {
    const vip = await byName('Escalate VIP tickets');
    expect(vip.type).toBe('EVENT_BASED');
    const loaded = await load(vip.id);
    expect(loaded).toEqual(vip);
    expect(loaded.attachments).toEqual([
      { id: PNG_ID, name: 'vip-escalation-flow.png', contentType: 'image/png', size: seededAttachmentBytes(PNG_ID)!.length, uploadStatus: 'SUCCESS' },
      { id: PDF_ID, name: 'vip-escalation-policy.pdf', contentType: 'application/pdf', size: seededAttachmentBytes(PDF_ID)!.length, uploadStatus: 'SUCCESS' },
      { id: SUSPICIOUS_ID, name: 'client-contacts.png', contentType: 'image/png', size: seededAttachmentBytes(SUSPICIOUS_ID)!.length, uploadStatus: 'SUSPICIOUS' },
    ]);
    const template = await byName('Password reset instructions');
    expect(template.attachments).toEqual([expect.objectContaining({ id: PROCESSING_ID, name: 'password-reset-steps.png', uploadStatus: 'PROCESSING' })]);
    const others = (await list()).filter((t) => t.id !== vip.id && t.id !== template.id);
    expect(others.every((t) => t.attachments.length === 0)).toBe(true);
  });

  it('are kept when the trigger is saved with them (PUT: uploads); a copy keeps those it is sent with; a save without them drops them', async () => {
    const vip = await load((await byName('Escalate VIP tickets')).id);
    const form = formOfTrigger(vip);
    const kept = vip.attachments.map((a) => a.id);
    const edited = await ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...form, description: `${form.description} Edited.` }, 'EVENT_BASED', vip.id, kept));
    expect(edited.attachments).toEqual(vip.attachments);
    expect((await load(vip.id)).attachments).toEqual(vip.attachments);
    const copy = await ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...form, name: 'VIP copy' }, 'EVENT_BASED', undefined, kept));
    expect(copy.attachments.map((a) => a.id)).toEqual(kept);
    const bare = await ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...form, name: 'VIP copy' }, 'EVENT_BASED', copy.id));
    expect(bare.attachments).toEqual([]);
    await ctx.services().call('ticketing.deleteTrigger', { id: copy.id });
    // The original still has its own.
    expect((await load(vip.id)).attachments).toEqual(vip.attachments);
  });
});

describe('previews through the signed URL (§4.1; the main process fetches the image, as for help attachments)', () => {
  it("answer a SUCCESS image as a data URL of the PNG's bytes", async () => {
    await load((await byName('Escalate VIP tickets')).id);
    const shown = await preview(PNG_ID);
    const png = seededAttachmentBytes(PNG_ID)!;
    expect(shown.contentType).toBe('image/png');
    expect(shown.size).toBe(png.length);
    expect(shown.dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });

  it('refuse a file that is not an image (the PDF): there is no preview for it', async () => {
    await expect(preview(PDF_ID)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'There is no preview for this kind of file.' });
  });

  it("ask no signed URL for an attachment read as SUSPICIOUS ('Resource Not Found') or PROCESSING", async () => {
    await list();
    const before = signedUrlCalls();
    await expect(preview(SUSPICIOUS_ID)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
    await expect(preview(PROCESSING_ID)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'This attachment is still being processed.' });
    expect(signedUrlCalls()).toBe(before);
  });

  it('ask nothing for an attachment no trigger loaded for this identity showed (tests/integration/ticket-files-issued.test.ts)', async () => {
    const service = freshService();
    const before = signedUrlCalls();
    await expect(service.attachmentPreview(SUSPICIOUS_ID)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(service.attachmentUrl(PNG_ID)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(preview('no-such-attachment')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(signedUrlCalls()).toBe(before);
  });

  it('reuse a signed URL for 55 s, then ask again', async () => {
    let clock = 1_000_000;
    const service = freshService(() => clock);
    await service.triggers();
    const first = await service.attachmentUrl(PNG_ID);
    expect(first.cached).toBe(false);
    await service.attachmentPreview(PNG_ID);
    clock += 54_999;
    expect(await service.attachmentUrl(PNG_ID)).toEqual({ signedUrl: first.signedUrl, cached: true });
    clock += 1;
    expect((await service.attachmentUrl(PNG_ID)).cached).toBe(false);
    service.reset();
    // A new session reads its triggers again before it names their attachments.
    await service.triggers();
    expect((await service.attachmentUrl(PNG_ID)).cached).toBe(false);
  });

  it('check the id with the help attachments\' schema', async () => {
    for (const input of [{ id: '' }, { id: 'a\u0000b' }, { id: 'x'.repeat(201) }, { id: 7 }, { id: PNG_ID, url: 'http://elsewhere' }, {}]) {
      await expect(ctx.services().call('ticketing.attachmentPreview', input)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
  });
});

describe("the demo's signed-URL call (§7.1: path not shown)", () => {
  it('answers a signed URL of the shared signed-file route for a SUCCESS attachment; 404 otherwise', async () => {
    const answer = await askSignedUrl(PNG_ID);
    expect(answer.status).toBe(200);
    const { signedUrl, expiresInSeconds } = (await answer.json()) as { signedUrl: string; expiresInSeconds: number };
    expect(expiresInSeconds).toBe(60);
    expect(new URL(signedUrl).pathname).toBe(`/attachments/${PNG_ID}/content`);
    // No bearer token: the signature is the permission.
    const content = await fetch(signedUrl);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await content.arrayBuffer()).equals(seededAttachmentBytes(PNG_ID)!)).toBe(true);
    expect((await fetch(withTamperedSignature(signedUrl))).status).toBe(403);
    expect((await fetch(signedUrl.replace(PNG_ID, PDF_ID))).status).toBe(403);

    for (const id of [SUSPICIOUS_ID, PROCESSING_ID, 'no-such-attachment']) expect((await askSignedUrl(id)).status, id).toBe(404);
    expect((await fetch(`${ctx.demo().url}/api/ticketing/attachments/${PNG_ID}/signed-url`)).status).toBe(401);
  });
});

describe('tolerant reading of attachments (DESIGN "Real instances")', () => {
  it('reads the instance shape and the kept one, keeps an unknown status raw, and skips an attachment it cannot read', () => {
    const trigger = (attachments: unknown) => ({ id: 1, name: 'With attachments', type: 'EVENT_BASED' as TriggerType, attachments });
    const read = readItems(triggerSchema, [
      trigger([
        { id: 'a1', resourceId: 'r', contentId: 'c', uploadStatus: 'SUCCESS', metadata: { name: 'shot.png', size: 120, contentType: 'image/png' }, inline: false },
        { id: 'a2', name: 'kept.txt', contentType: 'text/plain', size: 5, uploadStatus: 'PROCESSING' },
        { id: 42, uploadStatus: 'SCANNING', metadata: { name: 'newer-status.gif', size: -1, contentType: 7 } },
        { id: 'a4', metadata: { name: 'no-status.jpg' } },
        { uploadStatus: 'SUCCESS', metadata: { name: 'no-id.png' } },
        { id: 'a6', uploadStatus: 'SUCCESS', metadata: {} },
        { id: 'bad\u0000id', metadata: { name: 'control.png' } },
        'not an attachment',
        null,
      ]),
      trigger('not a list'),
    ]);
    expect(read.skipped).toBe(0);
    expect(read.items[0]!.attachments).toEqual([
      { id: 'a1', name: 'shot.png', contentType: 'image/png', size: 120, uploadStatus: 'SUCCESS' },
      { id: 'a2', name: 'kept.txt', contentType: 'text/plain', size: 5, uploadStatus: 'PROCESSING' },
      { id: '42', name: 'newer-status.gif', contentType: null, size: 0, uploadStatus: 'SCANNING' },
      { id: 'a4', name: 'no-status.jpg', contentType: null, size: 0, uploadStatus: null },
    ]);
    expect(read.items[1]!.attachments).toEqual([]);
    // What the console keeps (a version in the history) reads back the same.
    expect(readItems(triggerSchema, [JSON.parse(JSON.stringify(read.items[0]))]).items[0]).toEqual(read.items[0]);
  });
});

describe('files added to an email or comment body (§3.1 uploads, §3.5 tempId; the help description\'s staged files, one copy)', () => {
  /** A PNG's signature, then enough bytes to need two pieces of 1 MiB. */
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024 + 3000, 7)]);
  const PIECE = 1024 * 1024;

  /** What the renderer does for a file in a body's tray: its pieces in order, then the upload. */
  async function addFile(name: string, bytes: Buffer): Promise<{ uploadId: string; attachment: AttachmentInfo }> {
    const uploadId = randomUUID();
    for (let offset = 0; offset < bytes.length; offset += PIECE) {
      await ctx.services().call('ticketing.stageFile', { uploadId, name, size: bytes.length, offset, data: bytes.subarray(offset, offset + PIECE).toString('base64') });
    }
    return { uploadId, attachment: await ctx.services().call<AttachmentInfo>('ticketing.uploadFile', { uploadId }) };
  }

  const uploadCalls = (method: string) =>
    Object.entries(ctx.demo().stats.byRoute)
      .filter(([route]) => route.startsWith(`${method} `) && /ticketing.{0,4}attachments.{0,4}upload/.test(route))
      .reduce((n, [, count]) => n + count, 0);

  it('are uploaded at once, named by their upload id in the save, and the saved trigger has them beside those it kept; their preview is the bytes sent', async () => {
    const vip = await load((await byName('Escalate VIP tickets')).id);
    const { uploadId, attachment } = await addFile('escalation-map.png', PNG);
    // The tempId stays in the main process.
    expect(attachment).toMatchObject({ uploadStatus: 'SUCCESS', metadata: { name: 'escalation-map.png', size: PNG.length, contentType: 'image/png' } });
    expect(JSON.stringify(attachment)).not.toContain('tmp-');
    const kept = vip.attachments.map((a) => a.id);
    const copy = await ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...formOfTrigger(vip), name: 'VIP with a map' }, 'EVENT_BASED', undefined, [...kept, uploadId]));
    expect(copy.attachments.map((a) => a.name)).toEqual([...vip.attachments.map((a) => a.name), 'escalation-map.png']);
    const added = copy.attachments.at(-1)!;
    expect(added).toMatchObject({ id: attachment.id, size: PNG.length, uploadStatus: 'SUCCESS' });
    // Read back and previewed through its signed URL like a seeded one.
    expect((await load(copy.id)).attachments.at(-1)).toEqual(added);
    // The preview is limited to 5 MiB; this one is a little over 1 MiB.
    const shown = await preview(added.id);
    expect(Buffer.from(shown.dataUrl.split(',')[1]!, 'base64').equals(PNG)).toBe(true);
    // Saved: the file belongs to the trigger, not to the console any more (a second save cannot name it again).
    expect(await ctx.services().call('ticketing.discardFile', { uploadId })).toEqual({ discarded: false });
    await ctx.services().call('ticketing.deleteTrigger', { id: copy.id });
  });

  it("say 'Resource Not Found' when the server refuses the signed URL: an attachment gone since its trigger was loaded", async () => {
    const vip = await load((await byName('Escalate VIP tickets')).id);
    const { uploadId } = await addFile('gone-soon.png', PNG);
    const copy = await ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...formOfTrigger(vip), name: 'VIP copy to delete' }, 'EVENT_BASED', undefined, [uploadId]));
    const service = freshService();
    const loaded = await service.trigger(copy.id);
    await ctx.services().call('ticketing.deleteTrigger', { id: copy.id });
    const before = signedUrlCalls();
    await expect(service.attachmentPreview(loaded.attachments[0]!.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
    await expect(service.attachmentUrl(loaded.attachments[0]!.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
    expect(signedUrlCalls()).toBe(before + 2);
  });

  it('are dropped on the instance when discarded; a save naming a discarded file is refused', async () => {
    const before = uploadCalls('DELETE');
    const { uploadId } = await addFile('notes.txt', Buffer.from('Call the VIP desk first.\n'));
    expect(await ctx.services().call('ticketing.discardFile', { uploadId })).toEqual({ discarded: true });
    expect(uploadCalls('DELETE')).toBe(before + 1);
    const count = (await list()).length;
    // A discarded id is an id the main process no longer holds: the save is refused, nothing is written.
    const refused = ctx.services().call<Trigger>('ticketing.saveTrigger', triggerPayload({ ...formOfTrigger(await byName('Escalate VIP tickets')), name: 'VIP discarded file' }, 'EVENT_BASED', undefined, [uploadId]));
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((await list()).length).toBe(count);
  });

  it('are checked as the help description\'s: a type the instance refuses before any byte is kept, a picture that is not one, too many', async () => {
    const piece = (name: string, bytes: Buffer) => ({ uploadId: randomUUID(), name, size: bytes.length, offset: 0, data: bytes.toString('base64') });
    await expect(ctx.services().call('ticketing.stageFile', piece('run.exe', Buffer.from('MZ')))).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'Only jpg, jpeg, png, mov, txt file extensions are supported.' });
    const fake = piece('photo.png', Buffer.from('MZ not a picture'));
    await ctx.services().call('ticketing.stageFile', fake);
    await expect(ctx.services().call('ticketing.uploadFile', { uploadId: fake.uploadId })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // More new files than one save may add.
    const many = [];
    for (let i = 0; i <= TRIGGER_MAX_NEW_FILES; i++) many.push((await addFile(`note-${i}.txt`, Buffer.from(`note ${i}\n`))).uploadId);
    const vip = await byName('Escalate VIP tickets');
    await expect(ctx.services().call('ticketing.saveTrigger', triggerPayload({ ...formOfTrigger(vip), name: 'Too many files' }, 'EVENT_BASED', undefined, many))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: triggerFilesCountMessage(),
    });
    expect((await list()).some((t) => t.name === 'Too many files')).toBe(false);
    for (const uploadId of many) await ctx.services().call('ticketing.discardFile', { uploadId });
  });

  it("the demo's calls: 201 with a tempId; DELETE only the uploader's waiting file; a save names it by tempId", async () => {
    const token = await ctx.services().session.api().bearerToken();
    const headers = { authorization: `Bearer ${token}` };
    const posted = await fetch(`${ctx.demo().url}/api/ticketing/attachments/upload?filename=a.txt`, { method: 'POST', headers, body: 'hello' });
    expect(posted.status).toBe(201);
    const body = (await posted.json()) as { tempId: string; metadata: { inline: boolean; name: string } };
    expect(body.tempId).toMatch(/^tmp-/);
    expect(body.metadata).toMatchObject({ name: 'a.txt', inline: false });
    expect((await fetch(`${ctx.demo().url}/api/ticketing/attachments/upload?filename=a.exe`, { method: 'POST', headers, body: 'MZ' })).status).toBe(415);
    expect((await fetch(`${ctx.demo().url}/api/ticketing/attachments/upload/${body.tempId}`, { method: 'DELETE', headers })).status).toBe(204);
    expect((await fetch(`${ctx.demo().url}/api/ticketing/attachments/upload/${body.tempId}`, { method: 'DELETE', headers })).status).toBe(404);
  });
});
