/** The ticketing upload call's answer is read tolerantly (§3.5's attachment shape); only its tempId is needed, and it goes into a path. */
import { describe, expect, it } from 'vitest';
import { uploadAnswer } from '../../src/main/services/ticketing/ticketing-service';

const file = { name: 'map.png', size: 1234 };

describe('the ticketing upload answer', () => {
  it("reads §3.5's shape (contentId inside metadata, no size or type) with the file's own name and size", () => {
    const read = uploadAnswer(file).parse({ id: 17, resourceId: 9, tempId: 'tmp-1', uploadStatus: 'PROCESSING', metadata: { name: 'map.png', contentId: 'cid-1', inline: true, __src: 'x' } });
    expect(read).toEqual({ id: '17', resourceId: '9', contentId: 'cid-1', uploadStatus: 'PROCESSING', metadata: { name: 'map.png', size: 1234, contentType: 'application/octet-stream' }, token: 'tmp-1' });
  });

  it('needs only the tempId; odd fields fall back, an unknown status reads PROCESSING', () => {
    const read = uploadAnswer(file).parse({ tempId: 'tmp-2', uploadStatus: 'SCANNING', metadata: 'odd' });
    expect(read).toMatchObject({ id: 'tmp-2', token: 'tmp-2', uploadStatus: 'PROCESSING', metadata: { name: 'map.png', size: 1234 } });
  });

  it('refuses an answer without a usable tempId (it goes into the DELETE path)', () => {
    for (const tempId of [undefined, '', '..', '.', 'a\u0000b']) expect(uploadAnswer(file).safeParse({ tempId }).success, String(tempId)).toBe(false);
  });
});
