/**
 * The ticket page's pure parts (spec ticketing-automations-psa.md
 * §2.5, §4.4, §5.5, §6, §9.4): which dialog an automation link opens, how an
 * inline image finds its attachment and its size, how an entry's html is
 * readied for the editor's schema and drawn from the schema's own specs (no
 * raw html, links sanitized, mentions and images drawn by the page, 20 px
 * indent), the optimistic header update and its rollback, the attachments
 * still PROCESSING, and the read-only reasons.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { editorSchema } from '../../src/editor/pure';
import { readImageAttrs } from '../../src/editor/dom-attrs';
import type { ConversationEntry, TicketAttachment, TicketDetail } from '../../src/shared/model/tickets';
import { prepareEntryImage, renderEntryDoc, specToReact, styleObject, type EntryRenderers } from '../../src/renderer/src/features/tickets/entry-html';
import {
  automationDialogKind,
  contentIdOfSrc,
  entryImageSize,
  formatMinutes,
  inlineImageAttachment,
  isCcEmail,
  optimisticTicket,
  processingAttachmentIds,
  readOnlyReason,
  shownTicket,
  updateFailedText,
  withUploadStatuses,
  type PendingUpdate,
} from '../../src/renderer/src/features/tickets/ticket-page-rules';
import { FakeElement } from './editor-fake-dom';

const attachment = (id: string, contentId: string | null, uploadStatus = 'SUCCESS'): TicketAttachment => ({
  id,
  resourceId: null,
  uploadStatus,
  metadata: { name: `${id}.png`, size: 10, contentType: 'image/png', contentId, inline: contentId !== null },
});

describe('§2.5 the automation link opens', () => {
  it('the automation dialog for event-based, response-template and time-based automations', () => {
    expect(automationDialogKind('EVENT_BASED')).toBe('trigger');
    expect(automationDialogKind('RESPONSE_TEMPLATE')).toBe('trigger');
    expect(automationDialogKind('TIME_BASED')).toBe('trigger');
  });
  it('the ruleset dialog otherwise (ruleset types, boards, a type of the instance’s own)', () => {
    for (const type of ['SCRIPT_RULE', 'CONDITION_RULE', 'ACTIVITY_RULE', 'BOARD', 'RULESET', 'event_based', '']) expect(automationDialogKind(type)).toBe('ruleset');
  });
});

describe('inline images (§2.5, §5.5)', () => {
  it('reads the content id of a cid: src only', () => {
    expect(contentIdOfSrc('cid:shot-1@demo')).toBe('shot-1@demo');
    expect(contentIdOfSrc(' CID:<abc> ')).toBe('abc');
    expect(contentIdOfSrc('cid:')).toBeNull();
    expect(contentIdOfSrc('https://x.test/a.png')).toBeNull();
    expect(contentIdOfSrc(null)).toBeNull();
  });
  it("resolves a cid to the entry's attachment with that metadata.contentId, and nothing else", () => {
    const list = [attachment('a1', 'shot-1'), attachment('a2', 'shot-10'), attachment('a3', null)];
    expect(inlineImageAttachment('shot-1', list)?.id).toBe('a1');
    expect(inlineImageAttachment('shot-10', list)?.id).toBe('a2');
    expect(inlineImageAttachment('shot', list)).toBeNull();
    expect(inlineImageAttachment(null, list)).toBeNull();
  });
  it('§5.5: sizes default to 200 × 100 px when not numeric', () => {
    expect(entryImageSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(entryImageSize(null, null)).toEqual({ width: 200, height: 100 });
    expect(entryImageSize('auto', '50%')).toEqual({ width: 200, height: 100 });
    expect(entryImageSize(640, 'auto')).toEqual({ width: 640, height: 100 });
  });
});

describe("an entry's html readied for the editor's schema", () => {
  const img = (attrs: Record<string, string>) => {
    const el = Object.assign(new FakeElement('img'), { removed: false, remove() { el.removed = true; } });
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  it('marks a cid: image with its content id, so the schema keeps it (it drops an image with neither data-cid nor a data URL)', () => {
    const el = img({ src: 'cid:shot-1', width: 'auto' });
    expect(readImageAttrs(el)).toBe(false);
    prepareEntryImage(el);
    expect(el.removed).toBe(false);
    expect(readImageAttrs(el)).toMatchObject({ cid: 'shot-1', src: 'cid:shot-1', width: null });
  });
  it('§5.5: removes an image whose src is a local file, however disguised', () => {
    for (const src of ['file:///C:/Users/x/a.png', ' FILE:/a.png', '&#102;ile:///a.png', 'C:\\Users\\a.png']) {
      const el = img({ src });
      prepareEntryImage(el);
      expect(el.removed).toBe(true);
    }
  });
  it('leaves other images to the schema’s own rules', () => {
    const el = img({ src: 'https://evil.test/a.png' });
    prepareEntryImage(el);
    expect(el.removed).toBe(false);
    expect(readImageAttrs(el)).toBe(false);
  });
});

describe("an entry drawn from the schema's own specs", () => {
  const s = editorSchema;
  const renderers = (seen: string[] = []): EntryRenderers => ({
    image: (attrs, key) => createElement('i', { key, 'data-image': attrs.cid ?? attrs.src, 'data-width': String(attrs.width) }),
    mention: (attrs, key) => createElement('b', { key, 'data-mention': attrs.id }, attrs.label ?? attrs.id),
    openLink: (href) => seen.push(href),
  });
  const html = (doc: Parameters<typeof renderEntryDoc>[0]) => renderToStaticMarkup(createElement('div', null, renderEntryDoc(doc, renderers())));

  it('draws paragraphs, marks, lists and tables; text is text (escaped), never html', () => {
    const doc = s.node('doc', null, [
      s.node('paragraph', null, [s.text('<script>alert(1)</script> '), s.text('bold', [s.marks.bold!.create()])]),
      s.node('bullet_list', null, [s.node('list_item', null, [s.node('paragraph', null, [s.text('one')])])]),
      s.node('table', null, [s.node('table_row', null, [s.node('table_cell', { colspan: 2 }, [s.node('paragraph', null, [s.text('cell')])])])]),
    ]);
    const out = html(doc);
    expect(out).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; <strong>bold</strong></p>');
    expect(out).toContain('<ul><li><p>one</p></li></ul>');
    // HTML attribute names are case-insensitive: React writes colSpan.
    expect(out.toLowerCase()).toContain('<td colspan="2"><p>cell</p></td>');
  });
  it('keeps a link only with an allowed protocol', () => {
    const doc = s.node('doc', null, [
      s.node('paragraph', null, [s.text('bad', [s.marks.link!.create({ href: 'javascript:alert(1)' })]), s.text('good', [s.marks.link!.create({ href: 'https://example.com/' })])]),
    ]);
    const out = html(doc);
    expect(out).not.toContain('javascript:');
    expect(out).toContain('href="about:blank"');
    expect(out).toContain('href="https://example.com/"');
  });
  it('draws a button inside a link as a link, keeping only an allowed protocol', () => {
    const button = (href: string, label: string) => s.node('button', null, [s.text(label)], [s.marks.link!.create({ href })]);
    const out = html(s.node('doc', null, [s.node('paragraph', null, [button('https://example.com/pay', 'Pay'), button('javascript:alert(1)', 'Run')])]));
    expect(out).toContain('<a href="https://example.com/pay" rel="noopener noreferrer"><span data-type="button" class="rte-button">Pay</span></a>');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('<a href="about:blank" rel="noopener noreferrer"><span data-type="button" class="rte-button">Run</span></a>');
  });
  it('hands images and mentions to the page', () => {
    const doc = s.node('doc', null, [s.node('paragraph', null, [s.node('mention', { id: '7', label: null }), s.text(' '), s.node('image', { cid: 'shot-1', src: 'cid:shot-1', width: 320 })])]);
    const out = html(doc);
    expect(out).toContain('<b data-mention="7">7</b>');
    expect(out).toContain('<i data-image="shot-1" data-width="320"></i>');
    expect(out).not.toContain('@user:');
  });
  it('§9.4: indents a paragraph 20 px a level', () => {
    const doc = s.node('doc', null, [s.node('paragraph', { indent: 2, align: 'center' }, [s.text('x')])]);
    expect(html(doc)).toContain('<p style="text-align:center;padding-inline-start:40px">x</p>');
  });
  it('a link click goes to the page, never the browser', () => {
    const seen: string[] = [];
    const element = specToReact(['a', { href: 'https://example.com/' }, 0], 'k', () => 'x', renderers(seen)) as { props: { onClick(e: { preventDefault(): void }): void } };
    let prevented = false;
    element.props.onClick({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    expect(seen).toEqual(['https://example.com/']);
  });
  it('reads style declarations as React style, dropping odd ones', () => {
    expect(styleObject('font-size: 14px; color:#ff0000; bad; x{y}: 1; padding-inline-start: 20px')).toEqual({ fontSize: '14px', color: '#ff0000', paddingInlineStart: '20px' });
  });
});

const ticket: TicketDetail = {
  id: 1001,
  summary: 'Printer offline',
  description: '',
  status: 'OPEN',
  priority: 'HIGH',
  severity: null,
  type: 'PROBLEM',
  source: null,
  organization: { id: 1, name: 'Acme' },
  location: { id: 11, name: 'HQ' },
  requester: { id: 5, name: 'Ann' },
  assignedAppUser: null,
  ticketForm: { id: 1, name: 'Default' },
  device: null,
  tags: ['vip'],
  createTime: 0,
  lastUpdated: 0,
  lastUpdatedBy: null,
  lastUpdatedTimeByAssignee: null,
  lastUpdatedTimeByRequester: null,
  solvedTime: null,
  totalTimeTracked: 0,
  agreement: 'Gold',
  attributes: {},
  statusSince: {},
  assignedTime: null,
  cc: [],
  assignedAppUserId: null,
  requesterUid: 'u-5',
  agreementId: 4,
  version: 1,
};

describe('header fields: optimistic update and rollback', () => {
  it('shows a pick at once, with the name its picker showed', () => {
    expect(optimisticTicket(ticket, { field: 'status', value: 'PENDING' }).status).toBe('PENDING');
    expect(optimisticTicket(ticket, { field: 'assignee', value: 3 }, { id: 3, name: 'Sam' })).toMatchObject({ assignedAppUser: { id: 3, name: 'Sam' }, assignedAppUserId: 3 });
    expect(optimisticTicket(ticket, { field: 'location', value: null }).location).toBeNull();
    expect(optimisticTicket(ticket, { field: 'agreement', value: 9 }, { id: 9, name: 'Silver' })).toMatchObject({ agreementId: 9, agreement: 'Silver' });
  });
  it('a new organization clears the location and the agreement (as the instance does)', () => {
    expect(optimisticTicket(ticket, { field: 'organization', value: 2 }, { id: 2, name: 'Globex' })).toMatchObject({ organization: { id: 2, name: 'Globex' }, location: null, agreement: null, agreementId: null });
  });
  it('a failed update is dropped: its field shows the instance’s value again, the other pending change stays shown', () => {
    const status: PendingUpdate = { update: { field: 'status', value: 'PENDING' } };
    const tags: PendingUpdate = { update: { field: 'tags', value: ['vip', 'printers'] } };
    expect(shownTicket(ticket, [status, tags])).toMatchObject({ status: 'PENDING', tags: ['vip', 'printers'] });
    // status failed: removed from the pending list.
    expect(shownTicket(ticket, [tags])).toMatchObject({ status: 'OPEN', tags: ['vip', 'printers'] });
    expect(shownTicket(ticket, [])).toBe(ticket);
  });

  it('a refused change says which field, the reason, and that the field is back as saved', () => {
    expect(updateFailedText('priority', 'The instance refused it.')).toBe('Priority was not changed: The instance refused it. The field shows its saved value again.');
    expect(updateFailedText('assignee', '  ')).toBe('Assignee was not changed: the instance refused the change. The field shows its saved value again.');
    // A field of the instance's own is named as it is.
    expect(updateFailedText('customField', 'No.')).toContain('customField was not changed');
  });
});

describe('§4.4 attachments still PROCESSING', () => {
  const entry = (id: string, attachments: TicketAttachment[]): ConversationEntry => ({
    id,
    kind: 'REPLY',
    isPublic: true,
    createTime: 0,
    author: { id: 1, name: 'Ann', type: 'TECHNICIAN' },
    htmlBody: '',
    body: 'x',
    attachments,
    techniciansTagged: [],
    automation: null,
    changes: [],
    timeEntry: null,
  });
  const entries = [entry('e1', [attachment('a1', null, 'PROCESSING'), attachment('a2', null)]), entry('e2', [attachment('a3', null)])];
  it('lists the ids to ask about', () => {
    expect(processingAttachmentIds(entries)).toEqual(['a1']);
    expect(processingAttachmentIds([])).toEqual([]);
  });
  it('applies the statuses the instance reports; untouched entries keep their identity', () => {
    const next = withUploadStatuses(entries, { a1: 'SUCCESS' });
    expect(next[0]!.attachments[0]!.uploadStatus).toBe('SUCCESS');
    expect(next[1]).toBe(entries[1]);
    expect(withUploadStatuses(entries, { a1: 'PROCESSING' })[0]).toBe(entries[0]);
  });
});

describe('read-only reasons and small formats', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  it('says why the fields cannot be edited, with the cache’s age', () => {
    expect(readOnlyReason({ offline: false, cachedAt: null, now })).toBeNull();
    expect(readOnlyReason({ offline: true, cachedAt: null, now })).toMatch(/^You are offline/);
    expect(readOnlyReason({ offline: false, cachedAt: now - 5 * 60_000, now })).toContain('cached 5 min ago');
    expect(readOnlyReason({ offline: true, cachedAt: now - 2 * 3_600_000, now })).toContain('cached 2 h ago');
  });
  it('formats minutes and checks CC addresses', () => {
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(isCcEmail('ann@example.com')).toBe(true);
    expect(isCcEmail('ann@example')).toBe(false);
    expect(isCcEmail('a b@example.com')).toBe(false);
  });
});
