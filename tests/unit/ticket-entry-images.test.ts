/**
 * Pictures written into a conversation entry (data: images): the main
 * process finds one in the entry's html as the instance sent it by the
 * fingerprint the renderer names (SHA-256 of its src, whitespace dropped,
 * one function for both sides), reads only base64 data: images, and saves them
 * like any other image (sniffed type, 'image' with that extension, never
 * over a file, the internet mark), on real temp folders.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionService } from '../../src/main/services/session/session-service';
import { WorkspaceImages } from '../../src/main/services/tickets/images';
import { dataImageBase64, decodeAttribute, htmlImageSources, imageFingerprint, isDataImageSource } from '../../src/shared/rules/tickets/entry-images';
import { INLINE_IMAGE_MESSAGES } from '../../src/shared/rules/tickets/reply';
import { createHash } from 'node:crypto';
import { tempDir } from '../helpers/temp';

const PNG = readFileSync(join(__dirname, '../../resources/icon.png'));
const SRC = `data:image/png;base64,${PNG.toString('base64')}`;

describe("an entry's pictures", () => {
  it('are the srcs of its <img> elements, decoded as a browser decodes attributes, in order', () => {
    const html = `<p>a</p><img alt="x" src="${SRC}"><IMG SRC='cid:abc'><img src=data:image/gif;base64,R0lGODlh width=3><img data-src="data:x"><img src="data&#58;image/png&#x3B;base64,AA&#61;&#61;">`;
    expect(htmlImageSources(html)).toEqual([SRC, 'cid:abc', 'data:image/gif;base64,R0lGODlh', 'data:image/png;base64,AA==']);
    expect(decodeAttribute('a&amp;b&sol;c&plus;&equals;&unknown;')).toBe('a&b/c+=&unknown;');
  });

  it('are data: images only when base64 of an image type; whitespace in the body is dropped', () => {
    expect(isDataImageSource(SRC)).toBe(true);
    expect(isDataImageSource('cid:abc')).toBe(false);
    expect(isDataImageSource('data:text/html;base64,PHA+')).toBe(false);
    expect(dataImageBase64('data:image/png;base64,AA\n  ==')).toBe('AA==');
    expect(dataImageBase64('data:image/png,%89PNG')).toBeNull();
    expect(dataImageBase64('data:image/png;base64,<script>')).toBeNull();
  });

  it('are fingerprinted by the SHA-256 of their src without whitespace, hex (a wrapped body is the same picture)', async () => {
    expect(await imageFingerprint(`${SRC.slice(0, 40)}\n  ${SRC.slice(40)}`)).toBe(createHash('sha256').update(SRC).digest('hex'));
    expect(await imageFingerprint(SRC)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a picture of an entry saved by the main process', () => {
  const session = { api: () => ({ baseUrl: 'https://one.example' }) } as unknown as SessionService;
  function images(folder: string, marks: Array<{ file: string; origin: string }>) {
    return new WorkspaceImages({
      session,
      fileOf: () => 'unknown',
      saving: { folder: () => folder, markFromInternet: async (file, origin) => void marks.push({ file, origin }), platform: 'linux' },
    });
  }

  it("is saved as 'image' with the sniffed type's extension, never over a file, marked from the instance's origin", async () => {
    const folder = tempDir('rmm-entry-image-');
    const marks: Array<{ file: string; origin: string }> = [];
    const html = async () => `<p>Screenshot:</p><img src="${SRC}">`;
    // Declared as a GIF: the bytes say PNG, and the name follows the bytes.
    const declaredGif = SRC.replace('image/png', 'image/gif');
    const first = await images(folder, marks).saveEntryImage(html, await imageFingerprint(SRC));
    expect(first).toEqual({ name: 'image.png', path: join(folder, 'image.png') });
    const second = await images(folder, marks).saveEntryImage(async () => `<img src="${declaredGif}">`, await imageFingerprint(declaredGif));
    expect(second.name).toBe('image (1).png');
    expect(readFileSync(second.path)).toEqual(PNG);
    expect(marks).toEqual([
      { file: join(folder, 'image.png.part'), origin: 'https://one.example' },
      { file: join(folder, 'image (1).png.part'), origin: 'https://one.example' },
    ]);
  });

  it("refuses a picture that is not in the entry, an entry that is not there, and bytes that are no image; nothing is written", async () => {
    const folder = tempDir('rmm-entry-image-');
    const service = images(folder, []);
    const notImage = `data:image/png;base64,${Buffer.from('MZ not a picture').toString('base64')}`;
    const refused = async (html: string | null, fingerprint: string) => service.saveEntryImage(async () => html, fingerprint).then(() => null, (error: { code: string; message: string }) => ({ code: error.code, message: error.message }));
    expect(await refused(`<img src="${SRC}">`, await imageFingerprint(`${SRC}A`))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.downloadFailed });
    expect(await refused(null, await imageFingerprint(SRC))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.downloadFailed });
    expect(await refused(`<img src="${notImage}">`, await imageFingerprint(notImage))).toEqual({ code: 'INVALID_INPUT', message: INLINE_IMAGE_MESSAGES.downloadFailed });
    expect(readdirSync(folder)).toEqual([]);
  });
});
