/** Which backed-up files get a preview: one list for the main process (what it reads) and the browser (where it offers Preview). */
import { describe, expect, it } from 'vitest';
import { PREVIEW_IMAGE_TYPES, PREVIEW_TEXT_EXTENSIONS, previewKindOf } from '../../src/shared/rules/backup/preview';

describe('previewKindOf', () => {
  it('text and images by extension, in any case', () => {
    expect(previewKindOf('notes.TXT')).toBe('text');
    expect(previewKindOf('setup.ps1')).toBe('text');
    expect(previewKindOf('config.yaml')).toBe('text');
    expect(previewKindOf('Photo.JPEG')).toBe('image');
    expect(previewKindOf('scan.webp')).toBe('image');
  });

  it('nothing for other kinds, names without an extension, or object keys that are not types', () => {
    for (const name of ['report.pdf', 'archive.tar.gz', 'txt', 'README', 'x.constructor', 'x.toString', 'trailing.']) expect(previewKindOf(name), name).toBeNull();
  });

  it('an extension is text or image, never both, and every image has its MIME type', () => {
    for (const extension of Object.keys(PREVIEW_IMAGE_TYPES)) {
      expect(PREVIEW_TEXT_EXTENSIONS.has(extension), extension).toBe(false);
      expect(PREVIEW_IMAGE_TYPES[extension], extension).toMatch(/^image\//);
    }
  });
});
