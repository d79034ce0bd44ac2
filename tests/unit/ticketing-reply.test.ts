/**
 * The ticket workspace's reply rules (spec ticketing-automations-psa.md §3.5,
 * §5.5, §6, §8.4, §9.4): when a reply is empty, which imported
 * images are ignored and the sizes they take, the mention notes, the recent
 * tabs, the inline image texts, and the tolerant reading of a stored draft.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_HEIGHT,
  DEFAULT_IMAGE_WIDTH,
  INLINE_IMAGE_MESSAGES,
  MENTION_NOTES,
  RECENT_TABS_LIMIT,
  draftKeySchema,
  emptyReplyDraft,
  htmlNamesContentId,
  importedImageSize,
  isDraftKey,
  isLocalFileImageSrc,
  isReplyEmpty,
  mentionName,
  mentionNote,
  mentionTooltip,
  newTicketDraftKey,
  parseReplyDraft,
  pushRecent,
  readReplyDraftJson,
  replyDraftInputSchema,
  REPLY_UPLOADS_MAX,
  TIME_TRACKED_MAX_MINUTES,
  ticketDraftKey,
  type ReplyContent,
  type ReplyDraft,
  type ReplyDraftUpload,
} from '../../src/shared/rules/tickets/reply';

const upload = (overrides: Partial<ReplyDraftUpload> = {}): ReplyDraftUpload => ({ id: 'u1', name: 'screen.png', size: 2048, contentId: null, inline: false, ...overrides });
const reply = (overrides: Partial<ReplyContent> = {}): ReplyContent => ({ body: '', htmlBody: '', uploads: [], ...overrides });

const FULL_DRAFT: ReplyDraft = {
  body: 'Restarted the spooler.',
  htmlBody: '<p>Restarted the spooler.</p><img src="https://x.example/s" data-cid="cid-1">',
  uploads: [upload({ id: 'att-9', contentId: 'cid-1', inline: true }), upload({ id: 'tmp-2', name: 'log.txt', size: 10 })],
  isPublic: true,
  techniciansTagged: [7, 12],
  timeEntry: { timeTracked: 45, remote: true, startDate: '2024-05-02T09:30:00.000Z', agreementId: 44, billingType: 'BILLABLE', agreementOriginType: 'PSA' },
};

describe('§5.5 a reply counts as non-empty', () => {
  it('is empty with nothing in it, or with only blanks in the text body', () => {
    expect(isReplyEmpty(reply())).toBe(true);
    expect(isReplyEmpty(reply({ body: '   \n\t ' }))).toBe(true);
    expect(isReplyEmpty(reply({ body: '\u00a0\u200b\u200d\ufeff' }))).toBe(true);
    // The html body alone is not the text body: markup of an empty editor.
    expect(isReplyEmpty(reply({ htmlBody: '<p><br></p>' }))).toBe(true);
  });

  it('is non-empty with non-blank text', () => {
    expect(isReplyEmpty(reply({ body: 'x' }))).toBe(false);
    expect(isReplyEmpty(reply({ body: '  Done.  ' }))).toBe(false);
  });

  it('is non-empty with any non-inline upload, even with no text', () => {
    expect(isReplyEmpty(reply({ uploads: [upload()] }))).toBe(false);
    expect(isReplyEmpty(reply({ uploads: [upload({ inline: true, contentId: 'gone' }), upload({ inline: false })] }))).toBe(false);
  });

  it('counts an inline upload only when its contentId appears in the html body', () => {
    const inline = upload({ inline: true, contentId: 'img-42@console' });
    expect(isReplyEmpty(reply({ uploads: [inline], htmlBody: '<p><img src="https://s.example/a" data-cid="img-42@console"></p>' }))).toBe(false);
    expect(isReplyEmpty(reply({ uploads: [inline], htmlBody: '<img src="cid:img-42@console">' }))).toBe(false);
    // The picture was deleted from the body: the upload no longer makes the reply non-empty.
    expect(isReplyEmpty(reply({ uploads: [inline], htmlBody: '<p></p>' }))).toBe(true);
    // Inline without a contentId names nothing.
    expect(isReplyEmpty(reply({ uploads: [upload({ inline: true, contentId: null })], htmlBody: '<img data-cid="">' }))).toBe(true);
    expect(isReplyEmpty(reply({ uploads: [upload({ inline: true, contentId: '  ' })], htmlBody: '<p>  </p>' }))).toBe(true);
  });

  it('matches the contentId as itself, not inside a longer id', () => {
    expect(htmlNamesContentId('<img data-cid="abc">', 'abc')).toBe(true);
    expect(htmlNamesContentId("<img src='cid:abc'>", 'abc')).toBe(true);
    expect(htmlNamesContentId('<img data-cid="abc-2">', 'abc')).toBe(false);
    expect(htmlNamesContentId('<img data-cid="xabc">', 'abc')).toBe(false);
    expect(htmlNamesContentId('<img data-cid="abc.png">', 'abc')).toBe(false);
    // A later occurrence on its own still counts.
    expect(htmlNamesContentId('<img data-cid="abc-2"><img data-cid="abc">', 'abc')).toBe(true);
    expect(htmlNamesContentId('<img data-cid="abc">', '')).toBe(false);
    expect(htmlNamesContentId('<img data-cid="abc">', null)).toBe(false);
    expect(isReplyEmpty(reply({ uploads: [upload({ inline: true, contentId: 'abc' })], htmlBody: '<img data-cid="abc-2">' }))).toBe(true);
  });
});

describe('§5.5 image import', () => {
  it('ignores a src that starts with the file scheme, in any case and with leading blanks', () => {
    for (const src of ['file:///C:/Users/me/Pictures/clip.png', 'FILE:///tmp/a.png', 'File://server/share/a.png', '  file:///a.png', '\n\tfile:/a.png', '\u0000file:/a.png']) {
      expect(isLocalFileImageSrc(src), src).toBe(true);
    }
  });

  it('ignores the encoded variants a browser still reads as file:', () => {
    for (const src of ['fi\tle:///a.png', 'fi\nle:///a.png', '&#102;ile:///a.png', '&#x66;ile:///a.png', '&#X46;ILE:///a.png', '&#0000102ile:///a.png', 'file&colon;///a.png', 'file&#58;///a.png', 'fi&Tab;le:///a.png', '%66ile:///a.png', 'file%3A///a.png']) {
      expect(isLocalFileImageSrc(src), src).toBe(true);
    }
  });

  it('ignores filesystem: URLs and Windows paths and shares, which are files on this computer too', () => {
    for (const src of ['filesystem:https://x.example/temporary/a.png', 'C:\\Users\\me\\a.png', 'd:/pictures/a.png', '\\\\server\\share\\a.png', '\\/server/share/a.png']) {
      expect(isLocalFileImageSrc(src), src).toBe(true);
    }
  });

  it('keeps every other src', () => {
    for (const src of ['https://cdn.example/file:/a.png', 'https://x.example/files/a.png', '/attachments/file.png', 'profile:image', 'data:image/png;base64,AAAA', 'cid:abc', 'files/a.png', '', '   ']) {
      expect(isLocalFileImageSrc(src), src).toBe(false);
    }
    expect(isLocalFileImageSrc(null)).toBe(false);
    expect(isLocalFileImageSrc(undefined)).toBe(false);
  });

  it('gives each size that is not numeric its default: 200 px wide, 100 px high', () => {
    expect([DEFAULT_IMAGE_WIDTH, DEFAULT_IMAGE_HEIGHT]).toEqual([200, 100]);
    expect(importedImageSize({})).toEqual({ width: 200, height: 100 });
    expect(importedImageSize({ width: 'auto', height: '50%' })).toEqual({ width: 200, height: 100 });
    expect(importedImageSize({ width: '', height: null })).toEqual({ width: 200, height: 100 });
    expect(importedImageSize({ width: Number.NaN, height: Number.POSITIVE_INFINITY })).toEqual({ width: 200, height: 100 });
    expect(importedImageSize({ width: '12em', height: '3e2' })).toEqual({ width: 200, height: 100 });
    expect(importedImageSize({ width: 0, height: -5 })).toEqual({ width: 200, height: 100 });
  });

  it('keeps numeric sizes, as numbers or strings of pixels, each on its own', () => {
    expect(importedImageSize({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(importedImageSize({ width: '320', height: ' 240px ' })).toEqual({ width: 320, height: 240 });
    expect(importedImageSize({ width: '120.5', height: 'auto' })).toEqual({ width: 120.5, height: 100 });
    expect(importedImageSize({ width: 'wide', height: 64 })).toEqual({ width: 200, height: 64 });
  });
});

describe('§6 mention tooltips', () => {
  it('has the spec texts', () => {
    expect(MENTION_NOTES).toEqual({ deleted: 'Technician deleted', notPermitted: 'Technician not allowed to view ticket', unknown: 'User not Found' });
  });

  it('notes a deleted, a not permitted and an unknown mention; nothing for one that is fine', () => {
    expect(mentionNote(undefined)).toBe('User not Found');
    expect(mentionNote({ id: 1, displayName: 'Ann', deleted: true, permitted: true })).toBe('Technician deleted');
    expect(mentionNote({ id: 1, displayName: 'Ann', deleted: false, permitted: false })).toBe('Technician not allowed to view ticket');
    expect(mentionNote({ id: 1, displayName: 'Ann', deleted: true, permitted: false })).toBe('Technician deleted');
    expect(mentionNote({ id: 1, displayName: 'Ann', deleted: false, permitted: true })).toBeNull();
    // Flags a real instance leaves out mean nothing is wrong.
    expect(mentionNote({ id: 1, label: 'Ann' })).toBeNull();
    expect(mentionNote({ id: 1, label: 'Ann', deleted: null, permitted: null })).toBeNull();
  });

  it('shows displayName or label (else the email) with the suffix', () => {
    expect(mentionName({ id: 1, displayName: 'Ann Lee', label: 'ann' })).toBe('Ann Lee');
    expect(mentionName({ id: 1, displayName: ' ', label: 'ann' })).toBe('ann');
    expect(mentionName({ id: 1, email: 'ann@x.example' })).toBe('ann@x.example');
    expect(mentionTooltip({ id: 1, displayName: 'Ann Lee', deleted: true }, '@Ann')).toBe('Ann Lee (Technician deleted)');
    expect(mentionTooltip({ id: 1, label: 'Bob', permitted: false }, '@Bob')).toBe('Bob (Technician not allowed to view ticket)');
    expect(mentionTooltip(undefined, '@Carol')).toBe('@Carol (User not Found)');
    expect(mentionTooltip({ id: 1, displayName: 'Dan' }, '@Dan')).toBe('Dan');
  });
});

describe('§9.4 recent tabs', () => {
  it('puts the opened tab first, once', () => {
    expect(pushRecent([], 5)).toEqual([5]);
    expect(pushRecent([3, 2, 1], 4)).toEqual([4, 3, 2, 1]);
    expect(pushRecent([3, 2, 1], 2)).toEqual([2, 3, 1]);
    expect(pushRecent([3, 2, 1], 3)).toEqual([3, 2, 1]);
    expect(pushRecent(['board:1', 'ticket:9'], 'ticket:9')).toEqual(['ticket:9', 'board:1']);
  });

  it('keeps at most 10, dropping the least recent, and leaves the list it was given alone', () => {
    expect(RECENT_TABS_LIMIT).toBe(10);
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
    const next = pushRecent(ten, 11);
    expect(next).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(ten).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(pushRecent(ten, 1)).toEqual([1, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    // A list longer than the limit (an older version's) comes back within it.
    expect(pushRecent(Array.from({ length: 15 }, (_, i) => i + 1), 99)).toHaveLength(10);
  });
});

describe('§8.4 inline image texts', () => {
  it('are the spec texts', () => {
    expect(INLINE_IMAGE_MESSAGES.loadFailed).toBe('Failed to load inline image');
    expect(INLINE_IMAGE_MESSAGES.downloadFailed).toBe('Error while downloading image.');
  });
});

describe('§3.5 the reply draft, read back tolerantly', () => {
  it('starts empty and internal', () => {
    expect(emptyReplyDraft()).toEqual({ body: '', htmlBody: '', uploads: [], isPublic: false, techniciansTagged: [], timeEntry: null });
    expect(isReplyEmpty(emptyReplyDraft())).toBe(true);
  });

  it('reads a whole draft back as it was', () => {
    expect(parseReplyDraft(FULL_DRAFT)).toEqual(FULL_DRAFT);
    expect(readReplyDraftJson(JSON.stringify(FULL_DRAFT))).toEqual(FULL_DRAFT);
  });

  it('reads a damaged draft as null, never throwing', () => {
    for (const text of ['', '{"body": "half', 'null', '42', '"text"', '[]', '{}', '{"body": "x"}', '{"body": 5, "htmlBody": ""}', '{"body": "", "htmlBody": null}']) {
      expect(() => readReplyDraftJson(text), text).not.toThrow();
      expect(readReplyDraftJson(text), text).toBeNull();
    }
    expect(parseReplyDraft(undefined)).toBeNull();
  });

  it('gives a field that does not read its default, and drops an upload that does not read alone', () => {
    const read = parseReplyDraft({
      body: 'Text',
      htmlBody: '<p>Text</p>',
      uploads: [{ id: 17, name: 'a.pdf', size: 5, contentId: null, inline: false }, { name: 'no id' }, 'junk', { id: 'u2', name: 3, size: -1, contentId: 7, inline: 'yes' }],
      isPublic: 'true',
      techniciansTagged: [4, '5', 4, -1, 2.5, 6],
      timeEntry: { remote: 'no', startDate: 'yesterday', agreementId: 'x', billingType: 3, agreementOriginType: 'PSA' },
      extra: 'ignored',
    });
    expect(read).toEqual({
      body: 'Text',
      htmlBody: '<p>Text</p>',
      uploads: [
        { id: '17', name: 'a.pdf', size: 5, contentId: null, inline: false },
        { id: 'u2', name: '', size: 0, contentId: null, inline: false },
      ],
      // Not readable: internal, so a damaged flag never shows a note to the requester.
      isPublic: false,
      techniciansTagged: [4, 6],
      timeEntry: { timeTracked: 0, remote: false, startDate: null, agreementId: null, billingType: null, agreementOriginType: 'PSA' },
    });
    expect(parseReplyDraft({ body: 'a', htmlBody: 'b', uploads: 'x', techniciansTagged: {}, timeEntry: 7 })).toEqual({ ...emptyReplyDraft(), body: 'a', htmlBody: 'b' });
  });
});

describe('draft keys', () => {
  it('are a ticket id or new:<uuid>', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(ticketDraftKey(1234)).toBe('1234');
    expect(newTicketDraftKey(uuid.toUpperCase())).toBe(`new:${uuid}`);
    for (const key of ['1', '1234', `new:${uuid}`]) expect(isDraftKey(key), key).toBe(true);
    for (const key of ['', '0', '-1', '01', '1.5', 'new:', 'new:abc', `new:${uuid}x`, `old:${uuid}`, ' 12', '12345678901234567']) expect(isDraftKey(key), key).toBe(false);
    expect(draftKeySchema.safeParse('77').success).toBe(true);
    expect(draftKeySchema.safeParse('new:1').success).toBe(false);
  });
});

describe('a draft or reply from the renderer is checked strictly', () => {
  it('takes a whole draft and refuses what the tolerant reader would have mended', () => {
    expect(replyDraftInputSchema.parse(FULL_DRAFT)).toEqual(FULL_DRAFT);
    expect(replyDraftInputSchema.safeParse(emptyReplyDraft()).success).toBe(true);
    const bad: unknown[] = [
      { ...FULL_DRAFT, extra: 1 },
      { ...FULL_DRAFT, isPublic: 'true' },
      { ...FULL_DRAFT, techniciansTagged: [0] },
      { ...FULL_DRAFT, uploads: [{ ...upload(), id: '..' }] },
      { ...FULL_DRAFT, uploads: [{ ...upload(), id: 'a\nb' }] },
      { ...FULL_DRAFT, uploads: Array.from({ length: REPLY_UPLOADS_MAX + 1 }, (_, i) => upload({ id: `u${i}` })) },
      { ...FULL_DRAFT, timeEntry: { ...FULL_DRAFT.timeEntry, timeTracked: TIME_TRACKED_MAX_MINUTES + 1 } },
      { ...FULL_DRAFT, timeEntry: { ...FULL_DRAFT.timeEntry, startDate: 'yesterday' } },
      { ...FULL_DRAFT, timeEntry: { ...FULL_DRAFT.timeEntry, agreementId: 0 } },
    ];
    for (const draft of bad) expect(replyDraftInputSchema.safeParse(draft).success, JSON.stringify(draft).slice(0, 80)).toBe(false);
  });
});

describe('§6 a deleted technician named "(deleted)" by the instance', () => {
  it('is said deleted once', () => {
    expect(mentionTooltip({ id: 3, displayName: 'Former Technician (deleted)', deleted: true }, '@x')).toBe('Former Technician (Technician deleted)');
    expect(mentionTooltip({ id: 3, displayName: 'Sam (Deleted) ', deleted: true }, '@x')).toBe('Sam (Technician deleted)');
    // Only a deleted one loses it; a name that is only the mark keeps it.
    expect(mentionTooltip({ id: 4, displayName: 'Project (deleted)' }, '@x')).toBe('Project (deleted)');
    expect(mentionTooltip({ id: 5, displayName: '(deleted)', deleted: true }, '@x')).toBe('(deleted) (Technician deleted)');
  });
});
