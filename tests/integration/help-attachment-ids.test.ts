/**
 * The help ticket's attachment ids, named back by the renderer for a signed
 * URL or a preview, are only those the main process handed out itself (DESIGN
 * "Security rules"): the ids its uploads of this signed-in identity were
 * answered with (a file picked in the form, a file pasted into the
 * description). Through the real router against the demo over real HTTP: a
 * made-up id, an id the instance knows but never answered this console with,
 * and an id handed to another identity are refused with INVALID_INPUT and
 * nothing reaches the demo; an id the console was answered with still works.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HELP_ATTACHMENT_NOT_ISSUED_MESSAGE } from '../../src/main/services/help/help-service';
import type { AttachmentInfo, AttachmentPreview } from '../../src/shared/model/help';
import { signedInDemo } from '../helpers/services';

const ctx = signedInDemo();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);

/** What the form does with a picked file (or the editor with a pasted one): one piece, then the upload. */
async function upload(kind: 'Attachment' | 'DescriptionFile', name: string): Promise<AttachmentInfo> {
  const uploadId = randomUUID();
  await ctx.services().call(`help.stage${kind}`, { uploadId, name, size: PNG.length, offset: 0, data: PNG.toString('base64') });
  return ctx.services().call<AttachmentInfo>(`help.upload${kind}`, { uploadId });
}

/** Both channels that take an attachment id refuse it, and the demo is sent nothing. */
async function expectRefused(id: string): Promise<void> {
  const before = ctx.demo().stats.requests;
  for (const channel of ['help.attachmentPreview', 'help.attachmentUrl']) {
    await expect(ctx.services().call(channel, { id })).rejects.toMatchObject({ code: 'INVALID_INPUT', message: HELP_ATTACHMENT_NOT_ISSUED_MESSAGE });
  }
  expect(ctx.demo().stats.requests).toBe(before);
}

describe('help attachment ids the main process did not hand out', () => {
  it('a made-up id and one the instance has but never answered this console with are refused; the ids it was answered with work', async () => {
    const picked = await upload('Attachment', 'picked.png');
    const pasted = await upload('DescriptionFile', 'pasted.png');
    // Uploaded straight to the instance, not through the console: the instance knows the id, the console never handed it out.
    const token = await ctx.services().session.api().bearerToken();
    const res = await fetch(`${ctx.demo().url}/api/zendesk/uploads?filename=elsewhere.png`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: PNG });
    const elsewhere = ((await res.json()) as { id: string }).id;

    await expectRefused('help-attachment-1');
    await expectRefused(elsewhere);
    for (const attachment of [picked, pasted]) {
      expect((await ctx.services().call<AttachmentPreview>('help.attachmentPreview', { id: attachment.id })).contentType).toBe('image/png');
      expect((await ctx.services().call<{ signedUrl: string }>('help.attachmentUrl', { id: attachment.id })).signedUrl).toMatch(/^http/);
    }
  });

  it("refuses another identity's id, and nothing reaches the demo", async () => {
    const mine = await upload('Attachment', 'mine.png');
    try {
      await ctx.signIn('demo-limited', 'demo-limited-secret');
      await expectRefused(mine.id);
      // Its own uploads work.
      const theirs = await upload('Attachment', 'theirs.png');
      expect((await ctx.services().call<AttachmentPreview>('help.attachmentPreview', { id: theirs.id })).contentType).toBe('image/png');
    } finally {
      await ctx.signIn();
    }
  });
});
