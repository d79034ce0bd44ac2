/** Attachment display (spec §3 "Attachment", §4 "Attachment display", §8), to the letter. */
import { describe, expect, it } from 'vitest';
import { UPLOAD_STATUSES } from '../../src/shared/model/help';
import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_PREVIEW_MAX_BYTES,
  attachmentCardView,
  attachmentDisplay,
  fileKindOf,
  fileTypeLabel,
  isPreviewableImage,
  isUploading,
  sniffImageType,
} from '../../src/shared/rules/platform/attachments';
import { HELP_MESSAGES } from '../../src/shared/rules/help';
import { helpCalls } from '../../src/shared/contract/help';

describe('upload status → display (§4)', () => {
  it("FAILURE or SUSPICIOUS shows 'Resource Not Found'", () => {
    expect(attachmentDisplay('FAILURE')).toEqual({ kind: 'notFound', message: 'Resource Not Found' });
    expect(attachmentDisplay('SUSPICIOUS')).toEqual({ kind: 'notFound', message: 'Resource Not Found' });
    expect(ATTACHMENT_MESSAGES.resourceNotFound).toBe(HELP_MESSAGES.resourceNotFound);
  });

  it('PROCESSING shows a processing placeholder', () => {
    expect(attachmentDisplay('PROCESSING')).toEqual({ kind: 'processing', message: ATTACHMENT_MESSAGES.processing });
  });

  it('SUCCESS loads via a signed URL', () => {
    expect(attachmentDisplay('SUCCESS')).toEqual({ kind: 'signedUrl', message: null });
  });

  it('covers every status of §3', () => {
    expect(UPLOAD_STATUSES).toEqual(['SUCCESS', 'FAILURE', 'SUSPICIOUS', 'PROCESSING']);
    for (const status of UPLOAD_STATUSES) expect(attachmentDisplay(status).kind).toBeTruthy();
  });
});

describe('file card variants (§4)', () => {
  it('PROCESSING: the loading icon and the placeholder, no preview', () => {
    expect(attachmentCardView({ name: 'shot.png', uploadStatus: 'PROCESSING' })).toEqual({
      variant: 'PROCESSING',
      icon: 'loading',
      message: ATTACHMENT_MESSAGES.processing,
      loadPreview: false,
      uploading: false,
    });
  });

  it("FAILURE and SUSPICIOUS: ERROR with 'Resource Not Found', no preview", () => {
    for (const uploadStatus of ['FAILURE', 'SUSPICIOUS'] as const) {
      expect(attachmentCardView({ name: 'shot.png', uploadStatus })).toEqual({ variant: 'ERROR', icon: 'error', message: 'Resource Not Found', loadPreview: false, uploading: false });
    }
  });

  it('a failed upload is the ERROR variant', () => {
    expect(attachmentCardView({ name: 'notes.txt', uploadFailed: true })).toMatchObject({ variant: 'ERROR', icon: 'error', message: null });
  });

  it('SUCCESS: an image loads its preview, other types show the default icon by type', () => {
    expect(attachmentCardView({ name: 'shot.png', uploadStatus: 'SUCCESS' })).toEqual({ variant: 'DEFAULT', icon: 'image', message: null, loadPreview: true, uploading: false });
    expect(attachmentCardView({ name: 'photo.JPEG', uploadStatus: 'SUCCESS' }).loadPreview).toBe(true);
    expect(attachmentCardView({ name: 'anim.gif', uploadStatus: 'SUCCESS' }).loadPreview).toBe(true);
    expect(attachmentCardView({ name: 'notes.txt', uploadStatus: 'SUCCESS' })).toEqual({ variant: 'DEFAULT', icon: 'text', message: null, loadPreview: false, uploading: false });
    expect(attachmentCardView({ name: 'clip.mov', uploadStatus: 'SUCCESS' })).toMatchObject({ variant: 'DEFAULT', icon: 'video', loadPreview: false });
    expect(attachmentCardView({ name: 'archive.zip', uploadStatus: 'SUCCESS' })).toMatchObject({ variant: 'DEFAULT', icon: 'other', loadPreview: false });
    // A MIME type works as the type too.
    expect(attachmentCardView({ name: 'upload', type: 'image/png', uploadStatus: 'SUCCESS' })).toMatchObject({ icon: 'image', loadPreview: true });
  });

  it('a preview that failed falls back to an icon and is not tried again (§8)', () => {
    expect(attachmentCardView({ name: 'shot.png', uploadStatus: 'SUCCESS', previewFailed: true })).toEqual({
      variant: 'DEFAULT',
      icon: 'fallback',
      message: null,
      loadPreview: false,
      uploading: false,
    });
  });

  it('a local file shows its default icon; progress under 100 adds the progress bar and cancel button', () => {
    expect(attachmentCardView({ name: 'notes.txt' })).toEqual({ variant: 'DEFAULT', icon: 'text', message: null, loadPreview: false, uploading: false });
    expect(attachmentCardView({ name: 'notes.txt', progress: 0 }).uploading).toBe(true);
    expect(attachmentCardView({ name: 'notes.txt', progress: 99 }).uploading).toBe(true);
    expect(attachmentCardView({ name: 'notes.txt', progress: 100 }).uploading).toBe(false);
    expect(attachmentCardView({ name: 'notes.txt', progress: null }).uploading).toBe(false);
    expect(isUploading(42)).toBe(true);
    expect(isUploading(100)).toBe(false);
    expect(isUploading(Number.NaN)).toBe(false);
    expect(isUploading(undefined)).toBe(false);
  });
});

describe('file card: name, type, size (§3)', () => {
  it('names the type by extension, else by MIME type', () => {
    expect(fileTypeLabel('backup-notes.txt')).toBe('TXT');
    expect(fileTypeLabel('Screen Shot.PNG')).toBe('PNG');
    expect(fileTypeLabel('upload', 'image/jpeg')).toBe('JPEG');
    expect(fileTypeLabel('upload', 'mov')).toBe('MOV');
    expect(fileTypeLabel('upload')).toBe('FILE');
  });

  it('sorts types into icon kinds', () => {
    expect(fileKindOf('png')).toBe('image');
    expect(fileKindOf('a.jpg')).toBe('image');
    expect(fileKindOf('video/quicktime')).toBe('video');
    expect(fileKindOf('text/plain; charset=utf-8')).toBe('text');
    expect(fileKindOf('application/pdf')).toBe('other');
  });
});

describe('image previews fetched by the main process', () => {
  it('are jpg, jpeg, png and gif of at most 5 MiB', () => {
    expect(ATTACHMENT_PREVIEW_MAX_BYTES).toBe(5 * 1024 * 1024);
    for (const type of ['jpg', 'jpeg', 'png', 'gif', 'a.PNG', 'image/jpeg', 'image/png', 'image/gif']) expect(isPreviewableImage(type)).toBe(true);
    for (const type of ['mov', 'txt', 'webp', 'image/svg+xml', 'text/html', 'application/octet-stream', '']) expect(isPreviewableImage(type)).toBe(false);
  });

  it('know an image by its first bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });

  it('take an attachment id, validated', () => {
    const schema = helpCalls['help.attachmentPreview'].input;
    expect(schema.safeParse({ id: '6f1c2a9e-0000-4000-8000-000000000001' }).success).toBe(true);
    expect(schema.safeParse({ id: '' }).success).toBe(false);
    expect(schema.safeParse({ id: 'a\nb' }).success).toBe(false);
    expect(schema.safeParse({ id: 'x'.repeat(201) }).success).toBe(false);
    expect(schema.safeParse({ id: 'abc', extra: 1 }).success).toBe(false);
  });
});
