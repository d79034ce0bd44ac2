/**
 * The pure parts: the ticket body leaves inline
 * images out; a branded installation adds exactly its topics' https hosts to
 * the external-link allow-list; the help guide keeps clear of search fields.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { intersects, placeGuide } from '../../src/renderer/src/features/help/guide-placement';
import { brandedLinkHosts, isAllowedExternalUrl, setBrandedLinkHosts } from '../../src/shared/rules/platform/external-links';
import { descriptionPieceSchema, submitTicketSchema } from '../../src/shared/rules/help/schemas';
import { DESCRIPTION_CHUNK_BYTES, descriptionFileName, ticketBodyWithoutInlineImages } from '../../src/shared/rules/help/description';

describe('the ticket body sent', () => {
  it('leaves out images with data:, blob: or file: sources, or none, and keeps the rest', () => {
    const html =
      '<p>a<img src="data:image/png;base64,AAAA" width="10">b</p>' +
      "<p><img alt='x > y' src='blob:http://127.0.0.1/1'></p>" +
      '<p><img src=file:///etc/passwd></p><p><img alt="none"></p>' +
      '<p><img src="DATA&#58;image/png;base64,AA"></p>' +
      '<p><img src="https://cdn.example/a.png" data-cid="c1"></p>';
    expect(ticketBodyWithoutInlineImages(html)).toBe('<p>ab</p><p></p><p></p><p></p><p></p><p><img src="https://cdn.example/a.png" data-cid="c1"></p>');
    expect(ticketBodyWithoutInlineImages('<p>plain</p>')).toBe('<p>plain</p>');
  });

  it('reads character references too long or out of range as U+FFFD instead of failing the ticket', () => {
    const html = `<p><img src="&#x${'f'.repeat(300)};x"><img src="&#${'9'.repeat(400)};"><img src="&#x110000;"></p><p>kept</p>`;
    expect(() => ticketBodyWithoutInlineImages(html)).not.toThrow();
    expect(ticketBodyWithoutInlineImages(html)).toContain('<p>kept</p>');
    // Still recognised when the scheme itself is written with references.
    expect(ticketBodyWithoutInlineImages('<p><img src="&#100;&#x61;ta:image/png;base64,AA"></p>')).toBe('<p></p>');
  });

  it('names a pasted picture by its type when its name has no usable extension', () => {
    expect(descriptionFileName('image.png', 'image/png')).toBe('image.png');
    expect(descriptionFileName('clipboard', 'image/png')).toBe('clipboard.png');
    expect(descriptionFileName('', 'image/jpeg')).toBe('pasted-image.jpg');
    expect(descriptionFileName('notes.txt', 'text/plain')).toBe('notes.txt');
  });

  it('takes pieces of at most 1 MiB as base64 and at most 10 files per ticket', () => {
    const piece = { uploadId: crypto.randomUUID(), name: 'image.png', size: 10, offset: 0, data: Buffer.alloc(DESCRIPTION_CHUNK_BYTES).toString('base64') };
    expect(descriptionPieceSchema.safeParse(piece).success).toBe(true);
    expect(descriptionPieceSchema.safeParse({ ...piece, data: Buffer.alloc(DESCRIPTION_CHUNK_BYTES + 3).toString('base64') }).success).toBe(false);
    expect(descriptionPieceSchema.safeParse({ ...piece, name: '../x.png' }).success).toBe(false);
    expect(descriptionPieceSchema.safeParse({ ...piece, data: 'not base64!' }).success).toBe(false);
    const ticket = {
      submissionId: crypto.randomUUID(),
      ticketSubject: 's',
      ticketBody: 'b',
      ticketPriority: 'LOW',
      ticketPhoneNumber: '',
      ticketCategory: 'Other',
      ticketCallback: false,
      ticketCc: [],
    };
    expect(submitTicketSchema.safeParse({ ...ticket, descriptionFiles: Array.from({ length: 10 }, () => crypto.randomUUID()) }).success).toBe(true);
    expect(submitTicketSchema.safeParse({ ...ticket, descriptionFiles: Array.from({ length: 11 }, () => crypto.randomUUID()) }).success).toBe(false);
  });
});

describe("a branded installation's link hosts", () => {
  afterEach(() => setBrandedLinkHosts([]));

  it('are the https hosts of its topics, without credentials', () => {
    expect(
      brandedLinkHosts([
        { action: 'https://Help.Partner.example/kb' },
        { action: 'https://help.partner.example/other' },
        { action: 'https://portal.partner.example:8443/x' },
        { action: 'http://plain.partner.example/' },
        { action: 'https://user:pw@secret.partner.example/' },
        { action: '#/deviceSearch' },
        { action: 'javascript:alert(1)' },
      ]),
    ).toEqual(['help.partner.example', 'portal.partner.example:8443']);
  });

  it('are allowed exactly: not their subdomains, another port or http', () => {
    expect(isAllowedExternalUrl('https://help.partner.example/kb')).toBe(false);
    setBrandedLinkHosts(['help.partner.example']);
    expect(isAllowedExternalUrl('https://help.partner.example/kb')).toBe(true);
    expect(isAllowedExternalUrl('https://HELP.partner.example/')).toBe(true);
    expect(isAllowedExternalUrl('https://a.help.partner.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://partner.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://help.partner.example:444/')).toBe(false);
    expect(isAllowedExternalUrl('http://help.partner.example/')).toBe(false);
    expect(isAllowedExternalUrl('https://u@help.partner.example/')).toBe(false);
    // The built-in list stays.
    expect(isAllowedExternalUrl('https://www.ninjaone.com/docs')).toBe(true);
    setBrandedLinkHosts([]);
    expect(isAllowedExternalUrl('https://help.partner.example/kb')).toBe(false);
  });
});

describe('the help guide placement', () => {
  const viewport = { width: 1280, height: 800 };
  const button = { left: 972, top: 12, width: 24, height: 24 };
  const size = { width: 262, height: 120 };

  it('sits under the help button, right-aligned, with its arrow at the button', () => {
    const placed = placeGuide(button, size, viewport, []);
    expect(placed).toEqual({ left: 996 - 262, top: 44, kind: 'below', arrowLeft: 984 - (996 - 262) });
  });

  it('moves below a search field it would cover', () => {
    const search = { left: 804, top: 105, width: 388, height: 30 };
    const placed = placeGuide(button, size, viewport, [search]);
    expect(placed.kind).toBe('moved');
    expect(placed.top).toBe(143);
    expect(intersects({ ...placed, ...size }, search)).toBe(false);
  });

  it('takes the left-aligned spot when only that one is clear, and stays inside the window', () => {
    const search = { left: 700, top: 50, width: 200, height: 30 };
    const placed = placeGuide(button, size, viewport, [search]);
    expect(placed).toMatchObject({ left: 972, kind: 'below' });
    const edge = placeGuide({ left: 1250, top: 12, width: 24, height: 24 }, size, viewport, [{ left: 900, top: 50, width: 200, height: 30 }]);
    expect(edge.left + size.width).toBeLessThanOrEqual(viewport.width - 8);
  });

  it('steps below several fields one after the other', () => {
    const fields = [
      { left: 700, top: 60, width: 300, height: 30 },
      { left: 600, top: 140, width: 500, height: 30 },
    ];
    const placed = placeGuide(button, size, viewport, fields);
    expect(placed.top).toBe(178);
    for (const field of fields) expect(intersects({ ...placed, ...size }, field)).toBe(false);
  });
});
