/**
 * The tolerant readers of the workspace's answers (DESIGN "Real
 * instances, not only the demo"; spec §3.5): one odd entry or attachment is
 * skipped and counted, open values (kinds, author types, upload statuses,
 * automation types) are kept raw, defaults lean to the safe side (internal,
 * PROCESSING), and a reader's output reads again as itself (what the cache
 * stores is read back with the same readers).
 */
import { describe, expect, it } from 'vitest';
import { agreementsAnswer, conversationSchema, entrySchema, mentionsAnswer, statusesAnswer, ticketAttachmentSchema, ticketDetailSchema, uploadedTicketFile } from '../../src/main/services/tickets/schemas';

const TICKET = {
  id: 1001,
  status: 'OPEN',
  createTime: 1_700_000_000_000,
  summary: 'Printer offline',
  assignedAppUser: { id: 7, name: 'Ann Tech' },
  cc: ['a@example.com', 42, 'b@example.com'],
  requesterUid: 'req-0001',
  agreementId: 3,
  version: 4,
  unknownField: { x: 1 },
};

const ENTRY = {
  id: 'e-1',
  kind: 'REPLY',
  isPublic: true,
  createTime: 1_700_000_100_000,
  author: { id: 7, name: 'Ann Tech', type: 'TECHNICIAN' },
  body: 'Restarted it.',
  htmlBody: '<p>Restarted it.</p><img src="cid:img-1" width="auto">',
  attachments: [
    { id: 'att-1', resourceId: 'r-1', tempId: null, uploadStatus: 'SUCCESS', metadata: { name: 'shot.png', size: 120, contentType: 'image/png', contentId: 'img-1', inline: true, __src: 'blob:x' } },
    { id: 'att-2', uploadStatus: 'QUARANTINED_BY_AV', metadata: { name: 'log.txt' } },
    { resourceId: 'no-id' },
  ],
  techniciansTagged: [{ id: 9, displayName: 'Gone Tech', email: 'g@example.com', deleted: true, permitted: true }, { id: 10, label: 'Outsider', permitted: false }, { nope: true }],
  automation: { id: 5, type: 'SCRIPT_RULE', name: 'Nightly ruleset' },
  changes: [{ field: 'status', from: 'NEW', to: 'OPEN' }, { field: 'priority', from: null, to: 3 }, { from: 'x' }],
  timeEntry: { timeTracked: 30, remote: true, startDate: '2024-05-02T09:30:00.000Z', agreementId: null, billingType: 'BILLABLE', agreementOriginType: 'PSA' },
};

describe('a ticket of the page', () => {
  it('reads the board fields and the page fields (§3.5 assignedAppUserId, requesterUid), CC entries that are not text left out', () => {
    const ticket = ticketDetailSchema.parse(TICKET);
    expect(ticket).toMatchObject({ id: 1001, status: 'OPEN', cc: ['a@example.com', 'b@example.com'], assignedAppUserId: 7, requesterUid: 'req-0001', agreementId: 3, version: 4 });
    expect(ticket).not.toHaveProperty('unknownField');
    expect(ticketDetailSchema.parse(ticket)).toEqual(ticket);
  });

  it('defaults what the page can do without, and fails only without an id, a status or a creation time', () => {
    expect(ticketDetailSchema.parse({ id: 1, status: 'WEIRD_STATUS', createTime: 1_700_000_000, cc: 'not a list', version: 'x' })).toMatchObject({
      status: 'WEIRD_STATUS',
      createTime: 1_700_000_000_000,
      cc: [],
      assignedAppUserId: null,
      requesterUid: null,
      agreementId: null,
      version: null,
    });
    expect(ticketDetailSchema.safeParse({ status: 'OPEN', createTime: 1 }).success).toBe(false);
  });
});

describe('the conversation', () => {
  it('keeps the entries that read, oldest first as sent, and counts the one that does not', () => {
    const read = conversationSchema.parse({ entries: [ENTRY, { id: 'bad' }, { ...ENTRY, id: 'e-2', kind: 'FORWARD', author: 'garbage', isPublic: 'yes' }] });
    expect(read.skipped).toBe(1);
    expect(read.items.map((e) => e.id)).toEqual(['e-1', 'e-2']);
    // An unknown kind is kept raw; an unreadable author and visibility lean to SYSTEM and internal.
    expect(read.items[1]).toMatchObject({ kind: 'FORWARD', isPublic: false, author: { id: null, name: '', type: 'SYSTEM' } });
  });

  it('reads an entry whole: attachments with raw statuses, mentions with their §6 flags, the automation, the changes as text, the time entry', () => {
    const entry = entrySchema.parse(ENTRY);
    expect(entry.attachments).toEqual([
      { id: 'att-1', resourceId: 'r-1', uploadStatus: 'SUCCESS', metadata: { name: 'shot.png', size: 120, contentType: 'image/png', contentId: 'img-1', inline: true } },
      { id: 'att-2', resourceId: null, uploadStatus: 'QUARANTINED_BY_AV', metadata: { name: 'log.txt', size: null, contentType: null, contentId: null, inline: false } },
    ]);
    expect(entry.techniciansTagged).toEqual([
      { id: 9, displayName: 'Gone Tech', label: null, email: 'g@example.com', deleted: true, permitted: true },
      { id: 10, displayName: null, label: 'Outsider', email: null, deleted: null, permitted: false },
    ]);
    expect(entry.automation).toEqual({ id: 5, type: 'SCRIPT_RULE', name: 'Nightly ruleset' });
    expect(entry.changes).toEqual([
      { field: 'status', from: 'NEW', to: 'OPEN' },
      { field: 'priority', from: null, to: '3' },
    ]);
    expect(entry.timeEntry).toEqual({ timeTracked: 30, remote: true, startDate: Date.parse('2024-05-02T09:30:00.000Z'), agreementId: null, billingType: 'BILLABLE', agreementOriginType: 'PSA' });
    expect(entrySchema.parse(entry)).toEqual(entry);
  });

  it('reads an attachment without a status as PROCESSING (§4.4: never shown as ready) and one with only a tempId by it', () => {
    expect(ticketAttachmentSchema.parse({ tempId: 'tmp-1', metadata: { name: 'a.png', inline: 'yes' } })).toEqual({
      id: 'tmp-1',
      resourceId: null,
      uploadStatus: 'PROCESSING',
      metadata: { name: 'a.png', size: null, contentType: null, contentId: null, inline: false },
    });
    expect(ticketAttachmentSchema.safeParse({ id: '..', metadata: {} }).success).toBe(false);
  });
});

describe('lookups', () => {
  it('mentions and agreements keep the items that read; statuses keep the text ones raw', () => {
    expect(mentionsAnswer.parse({ users: [{ id: 1, displayName: 'A', deleted: false, permitted: true }, { displayName: 'no id' }] })).toEqual([
      { id: 1, displayName: 'A', label: null, email: null, deleted: false, permitted: true },
    ]);
    expect(agreementsAnswer.parse({ agreements: [{ id: 3, name: 'Gold', originType: 'PSA' }, { id: 'x' }, { id: 4 }] })).toEqual([
      { id: 3, name: 'Gold', originType: 'PSA' },
      { id: 4, name: '', originType: null },
    ]);
    expect(statusesAnswer.parse({ statuses: { a: 'SUCCESS', b: 'SOMETHING_NEW', c: 3, d: '' } })).toEqual({ a: 'SUCCESS', b: 'SOMETHING_NEW' });
  });
});

describe("a reply file's upload answer", () => {
  const file = { name: 'map.png', size: 1234 };

  it('keeps a status the spec does not list raw, and names the file by its tempId', () => {
    const read = uploadedTicketFile(file, false).parse({ id: 17, tempId: 'tmp-1', resourceId: 9, uploadStatus: 'QUARANTINED', metadata: { name: 'map.png', contentId: 'cid-1', inline: true } });
    expect(read).toEqual({
      id: 'tmp-1',
      token: 'tmp-1',
      attachmentId: '17',
      resourceId: '9',
      uploadStatus: 'QUARANTINED',
      // `inline` as the console asked for it: the body names the file or it sits beside it.
      metadata: { name: 'map.png', size: 1234, contentType: null, contentId: 'cid-1', inline: false },
    });
  });

  it('reads PROCESSING only when there is no status (§4.4), and a content id given beside the metadata', () => {
    const read = uploadedTicketFile(file, true).parse({ tempId: 'tmp-2', contentId: 'cid-2', metadata: 'odd' });
    expect(read).toMatchObject({ id: 'tmp-2', attachmentId: null, uploadStatus: 'PROCESSING', metadata: { name: 'map.png', size: 1234, contentId: 'cid-2', inline: true } });
  });

  it('refuses an answer without a usable tempId (it goes into the DELETE path)', () => {
    for (const tempId of [undefined, '', '..', 'a\u0000b']) expect(uploadedTicketFile(file, false).safeParse({ tempId }).success, String(tempId)).toBe(false);
  });
});
