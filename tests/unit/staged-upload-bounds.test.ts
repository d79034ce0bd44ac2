/**
 * Files handed over in pieces wait in main-process memory until uploaded.
 * Bounded: a file whose next piece does not come within 30 minutes of its
 * last one is let go (its bytes freed; a late piece or its upload says why),
 * and the files being staged may announce at most STAGED_BYTES_MAX together
 * (a file past it is refused at its first piece, and nothing else is lost).
 * The store's clock is injected; the upload call is faked.
 */
import { describe, expect, it } from 'vitest';
import { STAGED_BYTES_MAX, STAGED_PIECES_TTL_MS, StagedUploads, STAGING_MESSAGES, type StagePiece } from '../../src/main/services/platform/staged-uploads';

const MINUTE = 60_000;

function store(options: { maxStagedBytes?: number } = {}) {
  let now = 1_000_000;
  const uploaded: string[] = [];
  const uploads = new StagedUploads<{ token: string; name: string }>({
    maxPerUse: 10,
    messages: { gone: 'gone', stillUploading: 'still uploading', count: 'too many' },
    what: 'test files',
    upload: async (file) => {
      uploaded.push(file.name);
      return { token: `token-${file.name}`, name: file.name };
    },
    remove: async () => undefined,
    now: () => now,
    ...options,
  });
  return { uploads, uploaded, advance: (ms: number) => (now += ms) };
}

/** A text file of `size` bytes, its piece from `offset` of `length` bytes. */
function piece(uploadId: string, size: number, offset = 0, length = size - offset): StagePiece {
  return { uploadId, name: `${uploadId}.txt`, size, offset, data: Buffer.alloc(length, 'a').toString('base64') };
}

describe('staged pieces expire', () => {
  it('a file whose next piece is 30 minutes late is let go; the late piece and its upload say why', async () => {
    const { uploads, advance } = store();
    uploads.stage(piece('slow', 10, 0, 4));
    advance(STAGED_PIECES_TTL_MS - MINUTE);
    // A piece in time keeps it: the 30 minutes count from the last piece.
    expect(uploads.stage(piece('slow', 10, 4, 3))).toEqual({ received: 7 });
    advance(STAGED_PIECES_TTL_MS - 1);
    expect(uploads.has('slow')).toBe(true);
    advance(1);
    expect(() => uploads.stage(piece('slow', 10, 7, 3))).toThrow(STAGING_MESSAGES.expired);
    expect(uploads.has('slow')).toBe(false);
    await expect(uploads.upload('slow')).rejects.toMatchObject({ code: 'NOT_FOUND', message: STAGING_MESSAGES.expired });
    // Added again from its start, it is a new file.
    expect(uploads.stage(piece('slow', 10))).toEqual({ received: 10 });
  });

  it('a file received whole but never uploaded goes too; an uploaded one (no pieces held) stays for its save', async () => {
    const { uploads, advance } = store();
    uploads.stage(piece('whole', 5));
    uploads.stage(piece('sent', 5));
    await uploads.upload('sent');
    advance(STAGED_PIECES_TTL_MS);
    await expect(uploads.upload('whole')).rejects.toMatchObject({ code: 'NOT_FOUND', message: STAGING_MESSAGES.expired });
    expect(uploads.tokens(['sent'])).toEqual(['token-sent.txt']);
  });

  it('the other files are kept when one expires', () => {
    const { uploads, advance } = store();
    uploads.stage(piece('old', 10, 0, 2));
    advance(20 * MINUTE);
    uploads.stage(piece('new', 10, 0, 2));
    advance(10 * MINUTE);
    expect(uploads.stage(piece('new', 10, 2, 2))).toEqual({ received: 4 });
    expect(uploads.has('old')).toBe(false);
    expect(uploads.has('new')).toBe(true);
  });
});

describe('staged bytes are capped', () => {
  it('is 64 MiB by default', () => {
    expect(STAGED_BYTES_MAX).toBe(64 * 1024 * 1024);
  });

  it('a file that would take the files being staged past the cap is refused at its first piece, the others kept', async () => {
    const { uploads, uploaded } = store({ maxStagedBytes: 100 });
    uploads.stage(piece('a', 60, 0, 10));
    uploads.stage(piece('b', 40, 0, 10));
    expect(() => uploads.stage(piece('c', 1))).toThrow(STAGING_MESSAGES.tooMuch);
    expect(uploads.has('c')).toBe(false);
    // Nothing else is lost: the others go on and upload.
    expect(uploads.stage(piece('a', 60, 10))).toEqual({ received: 60 });
    await uploads.upload('a');
    expect(uploaded).toEqual(['a.txt']);
    expect(uploads.has('b')).toBe(true);
    // An uploaded file holds no pieces: its bytes no longer count.
    expect(uploads.stage(piece('c', 60))).toEqual({ received: 60 });
  });

  it('a discarded or expired file frees its share', () => {
    const { uploads, advance } = store({ maxStagedBytes: 100 });
    uploads.stage(piece('a', 100, 0, 1));
    expect(() => uploads.stage(piece('b', 50, 0, 1))).toThrow(STAGING_MESSAGES.tooMuch);
    void uploads.discard('a');
    expect(uploads.stage(piece('b', 50, 0, 1))).toEqual({ received: 1 });
    expect(() => uploads.stage(piece('c', 51, 0, 1))).toThrow(STAGING_MESSAGES.tooMuch);
    advance(STAGED_PIECES_TTL_MS);
    expect(uploads.stage(piece('c', 51, 0, 1))).toEqual({ received: 1 });
  });

  it('a new session starts with nothing counted', () => {
    const { uploads } = store({ maxStagedBytes: 100 });
    uploads.stage(piece('a', 100, 0, 1));
    uploads.reset();
    expect(uploads.stage(piece('b', 100, 0, 1))).toEqual({ received: 1 });
  });
});
