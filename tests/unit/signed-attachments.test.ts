/**
 * The signed attachments shared by the help ticket and the automations
 * (src/main/services/platform/signed-attachments.ts), without a server: the signed
 * URL cached 55 s, the image preview (sniffed, its bounds asked of the
 * download), one new URL when the cached one has expired, 'Resource Not
 * Found' for an attachment without a URL, one download for callers asking
 * at once, and a reset that forgets; and §4.1's statuses.
 */
import { describe, expect, it } from 'vitest';
import { SignedAttachments, type SignedDownload, type SignedDownloadLimits } from '../../src/main/services/platform/signed-attachments';
import { AppError } from '../../src/shared/errors';
import { ATTACHMENT_PREVIEW_MAX_BYTES, attachmentDisplay } from '../../src/shared/rules/platform/attachments';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);

function fake(options: { files?: Record<string, Buffer>; expiredFirst?: boolean; missing?: string[] } = {}) {
  let clock = 0;
  const asked: string[] = [];
  const downloads: Array<{ url: string; limits: SignedDownloadLimits }> = [];
  let issued = 0;
  const attachments = new SignedAttachments({
    now: () => clock,
    signedUrl: async (id) => {
      asked.push(id);
      if (options.missing?.includes(id)) throw new AppError('NOT_FOUND', 'No such attachment');
      issued += 1;
      return `https://files.example/${id}?sig=${issued}`;
    },
    download: async (url, limits): Promise<SignedDownload> => {
      downloads.push({ url, limits });
      if (options.expiredFirst && downloads.length === 1) throw new AppError('FORBIDDEN', 'The attachment address has expired.');
      const id = new URL(url).pathname.slice(1);
      const bytes = options.files?.[id];
      if (!bytes) throw new AppError('NOT_FOUND', 'Resource Not Found');
      return { contentType: 'image/png', bytes };
    },
  });
  return { attachments, asked, downloads, tick: (ms: number) => (clock += ms) };
}

describe('SignedAttachments', () => {
  it('reuses a signed URL for 55 s, then asks again', async () => {
    const { attachments, asked, tick } = fake();
    const first = await attachments.url('a');
    expect(first).toEqual({ signedUrl: 'https://files.example/a?sig=1', cached: false });
    tick(54_999);
    expect(await attachments.url('a')).toEqual({ signedUrl: first.signedUrl, cached: true });
    tick(1);
    expect(await attachments.url('a')).toEqual({ signedUrl: 'https://files.example/a?sig=2', cached: false });
    expect(asked).toEqual(['a', 'a']);
  });

  it('previews an image as a data URL, asking the download for at most 5 MiB of jpg, png or gif', async () => {
    const { attachments, downloads } = fake({ files: { shot: PNG } });
    expect(await attachments.preview('shot')).toEqual({ dataUrl: `data:image/png;base64,${PNG.toString('base64')}`, contentType: 'image/png', size: PNG.length });
    expect(downloads[0]!.limits).toEqual({ maxBytes: ATTACHMENT_PREVIEW_MAX_BYTES, accept: ['image/jpeg', 'image/png', 'image/gif'] });
  });

  it('refuses bytes that are not an image whatever their type says', async () => {
    const { attachments } = fake({ files: { fake: Buffer.from('MZ not a picture') } });
    await expect(attachments.preview('fake')).rejects.toMatchObject({ code: 'INVALID_INPUT', message: 'There is no preview for this kind of file.' });
  });

  it('asks for a new URL once when the cached one has expired', async () => {
    const { attachments, asked, downloads } = fake({ files: { shot: PNG }, expiredFirst: true });
    expect((await attachments.preview('shot')).size).toBe(PNG.length);
    expect(asked).toEqual(['shot', 'shot']);
    expect(downloads.map((d) => d.url)).toEqual(['https://files.example/shot?sig=1', 'https://files.example/shot?sig=2']);
  });

  it("says 'Resource Not Found' for an attachment without a URL or without content", async () => {
    const { attachments } = fake({ missing: ['gone'] });
    await expect(attachments.preview('gone')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
    await expect(attachments.preview('empty')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Resource Not Found' });
  });

  it('downloads once for callers asking at once, and again later', async () => {
    const { attachments, downloads } = fake({ files: { shot: PNG } });
    const [a, b] = await Promise.all([attachments.preview('shot'), attachments.preview('shot')]);
    expect(a).toEqual(b);
    expect(downloads).toHaveLength(1);
    await attachments.preview('shot');
    expect(downloads).toHaveLength(2);
  });

  it('forgets its URLs on reset, and does not cache one asked for before it', async () => {
    const { attachments, asked } = fake();
    await attachments.url('a');
    attachments.reset();
    expect((await attachments.url('a')).cached).toBe(false);
    const pending = attachments.url('b');
    attachments.reset();
    await pending;
    expect((await attachments.url('b')).cached).toBe(false);
    expect(asked).toEqual(['a', 'a', 'b', 'b']);
  });
});

describe('§4.1: which attachments get a signed URL', () => {
  it('all but PROCESSING, FAILURE and SUSPICIOUS: a status this console does not know too', () => {
    expect(attachmentDisplay('SUCCESS').kind).toBe('signedUrl');
    expect(attachmentDisplay('SCANNING').kind).toBe('signedUrl');
    expect(attachmentDisplay('PROCESSING').kind).toBe('processing');
    expect(attachmentDisplay('FAILURE').kind).toBe('notFound');
    expect(attachmentDisplay('SUSPICIOUS').kind).toBe('notFound');
  });
});
