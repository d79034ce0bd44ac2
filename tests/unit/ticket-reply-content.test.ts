/**
 * The reply composer's pure rules, on HTML the rich-text
 * editor's own serializer writes (through the unit tests' small DOM): the
 * text body, the technicians tagged, inline pictures named by content id in
 * the draft and shown from this computer in the editor, the uploads a draft
 * names (§5.5), and when Send is enabled.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { editorSchema as s, serializeHtml } from '../../src/editor/pure';
import {
  describeMention,
  draftUploads,
  htmlForEditor,
  htmlWithContentIds,
  isBlankDraft,
  mentionedTechnicians,
  replyText,
  SEND_REASONS,
  sendState,
  type SendInput,
  withStatuses,
  type ReplyFile,
} from '../../src/renderer/src/features/tickets/reply-content';

import { emptyReplyDraft, REPLY_MENTIONS_MAX, type ReplyDraft, type ReplyDraftUpload } from '../../src/shared/rules/tickets/reply';
import { fakeDocument } from './editor-fake-dom';

const html = (d: PMNode) => serializeHtml(d, fakeDocument);
const doc = (...blocks: PMNode[]) => s.node('doc', null, blocks);
const p = (...content: PMNode[]) => s.node('paragraph', null, content);
const text = (t: string) => s.text(t);
const mention = (id: string, label: string | null, metadata: Record<string, unknown> | null = null) => s.node('mention', { id, label, metadata });
const image = (src: string, cid: string | null, alt = '') => s.node('image', { src, cid, alt, width: 120, height: 60 });

const upload = (id: string, inline: boolean, contentId: string | null = null): ReplyDraftUpload => ({ id, name: `${id}.png`, size: 10, contentId, inline });

describe('the text body (§3.5 body, what §5.5 calls the text body)', () => {
  it('has a line per paragraph, mentions as @name, entities decoded and no markup', () => {
    const body = html(
      doc(
        p(text('Hello '), mention('7', 'Ann Lee'), text(', see <this> & that')),
        s.node('bullet_list', null, [s.node('list_item', null, [p(text('one'))]), s.node('list_item', null, [p(text('two'))])]),
        p(text('a'), s.node('hard_break'), text('b')),
      ),
    );
    expect(replyText(body)).toBe('Hello @Ann Lee, see <this> & that\none\ntwo\na\nb');
  });

  it('is empty for pictures and blank paragraphs alone', () => {
    expect(replyText(html(doc(p(image('blob:x', 'c1')), p(), p(text('   ')))))).toBe('');
    expect(replyText('')).toBe('');
  });

  it('shows a mention of an unknown user by its id, and a label with markup characters as text', () => {
    expect(replyText(html(doc(p(mention('99', null)))))).toBe('@user:99');
    expect(replyText(html(doc(p(mention('5', 'A <b> "quoted"')))))).toBe('@A <b> "quoted"');
  });
});

describe('techniciansTagged from the mention nodes', () => {
  it('lists each technician once, in order', () => {
    const body = html(doc(p(mention('7', 'Ann'), text(' and '), mention('12', 'Bob'), text(' again '), mention('7', 'Ann'))));
    expect(mentionedTechnicians(body)).toEqual([7, 12]);
  });

  it('keeps a technician not allowed to view the ticket, leaves out unknown, deleted and odd ids', () => {
    const body = html(
      doc(
        p(
          mention('3', 'Not permitted', { permitted: false }),
          mention('4', null),
          mention('5', 'Gone', { deleted: true }),
          mention('abc', 'Odd'),
          mention('99999999999', 'Too big'),
        ),
      ),
    );
    expect(mentionedTechnicians(body)).toEqual([3]);
  });

  it('never names more than a reply may', () => {
    const many = Array.from({ length: REPLY_MENTIONS_MAX + 5 }, (_, i) => mention(String(i + 1), `T${i + 1}`));
    expect(mentionedTechnicians(html(doc(p(...many))))).toHaveLength(REPLY_MENTIONS_MAX);
  });
});

describe('§6 mention tooltips in the editor', () => {
  it('name the technician and say what is wrong, in the body and in the menu', () => {
    expect(describeMention({ id: '7', label: 'Ann Lee', status: 'deleted' })).toBe('Ann Lee (Technician deleted)');
    expect(describeMention({ id: '6', label: 'Mei Lin', status: 'notPermitted' })).toBe('Mei Lin (Technician not allowed to view ticket)');
    expect(describeMention({ id: '999', label: null, status: 'unknown' })).toBe('@999 (User not Found)');
    expect(describeMention({ id: '2', label: 'Priya Shah', status: 'ok' })).toBeNull();
  });
});

describe('inline pictures', () => {
  it('are named by content id in the draft and shown from this computer in the editor', () => {
    const shown = html(doc(p(text('look: '), image('blob:http://127.0.0.1/abc', 'img-1', 'a > b'), image('blob:http://127.0.0.1/uploading', null))));
    const kept = htmlWithContentIds(shown);
    expect(kept).toContain('src="cid:img-1"');
    expect(kept).toContain('data-cid="img-1"');
    expect(kept).toContain('alt="a > b"');
    // A picture still uploading has no content id yet: left as it is.
    expect(kept).toContain('src="blob:http://127.0.0.1/uploading"');
    expect(kept).not.toContain('blob:http://127.0.0.1/abc');

    // Back in the editor: the same picture, so the editor's own HTML and the host's value agree.
    expect(htmlForEditor(kept, (cid) => (cid === 'img-1' ? 'blob:http://127.0.0.1/abc' : null), 'data:placeholder')).toBe(shown);
    // A picture this computer does not have (a restored draft): the placeholder.
    expect(htmlForEditor(kept, () => null, 'data:placeholder')).toContain('src="data:placeholder"');
  });

  it('are counted and sent only while the body shows them (§5.5)', () => {
    const files = [upload('f1', false)];
    const inline = [upload('i1', true, 'cid-1'), upload('i2', true, 'cid-2')];
    const body = htmlWithContentIds(html(doc(p(image('blob:x', 'cid-2')))));
    expect(draftUploads(files, inline, body).map((u) => u.id)).toEqual(['f1', 'i2']);
    // A content id that is only the start of another one does not count.
    expect(draftUploads([], [upload('i3', true, 'cid-')], body)).toEqual([]);
  });
});

describe('a blank draft is not kept', () => {
  it('is blank with no text, no files and no time entry, whatever the switch', () => {
    expect(isBlankDraft(emptyReplyDraft())).toBe(true);
    expect(isBlankDraft({ ...emptyReplyDraft(), isPublic: true })).toBe(true);
    expect(isBlankDraft({ ...emptyReplyDraft(), htmlBody: '<p>x</p>', body: 'x' })).toBe(false);
    expect(isBlankDraft({ ...emptyReplyDraft(), uploads: [upload('f', false)] })).toBe(false);
    expect(isBlankDraft({ ...emptyReplyDraft(), timeEntry: { timeTracked: 5, remote: false, startDate: null, agreementId: null, billingType: null, agreementOriginType: null } })).toBe(false);
  });
});

describe('Send', () => {
  const written: ReplyDraft = { ...emptyReplyDraft(), body: 'Done', htmlBody: '<p>Done</p>' };
  const ready: SendInput = { draft: written, uploading: false, failedFiles: false, offline: false, sending: false, loading: false };

  it('is enabled for a non-empty reply with every file uploaded, online', () => {
    expect(sendState(ready)).toEqual({ enabled: true, reason: null });
    expect(sendState({ ...ready, draft: { ...emptyReplyDraft(), uploads: [upload('f', false)] } }).enabled).toBe(true);
  });

  it('is disabled, with its reason, for an empty reply, an upload on its way, a failed file, offline, or no time worked', () => {
    expect(sendState({ ...ready, draft: emptyReplyDraft() })).toEqual({ enabled: false, reason: SEND_REASONS.empty });
    // An inline picture the body no longer shows does not make a reply (§5.5).
    expect(sendState({ ...ready, draft: { ...emptyReplyDraft(), htmlBody: '<p></p>', uploads: [upload('i', true, 'gone')] } }).reason).toBe(SEND_REASONS.empty);
    expect(sendState({ ...ready, uploading: true }).reason).toBe(SEND_REASONS.uploading);
    expect(sendState({ ...ready, failedFiles: true }).reason).toBe(SEND_REASONS.failedFiles);
    expect(sendState({ ...ready, offline: true }).reason).toBe(SEND_REASONS.offline);
    const idle = { timeTracked: 0, remote: false, startDate: null, agreementId: null, billingType: 'BILLABLE', agreementOriginType: null };
    expect(sendState({ ...ready, draft: { ...written, timeEntry: idle } }).reason).toBe(SEND_REASONS.timeEntry);
  });

  it('says offline before anything else the technician could fix later', () => {
    expect(sendState({ ...ready, offline: true, uploading: true, draft: emptyReplyDraft() }).reason).toBe(SEND_REASONS.offline);
  });
});

describe('upload statuses (§4.4)', () => {
  const file = (id: string, status: string | null): ReplyFile => ({ key: id, name: id, size: 1, type: null, progress: null, upload: upload(id, false), status });

  it('take the answer for the files asked about; one the instance no longer knows is FAILURE', () => {
    const files = [file('a', 'PROCESSING'), file('b', null), file('c', 'PROCESSING')];
    const next = withStatuses(files, ['a', 'b'], { a: 'SUCCESS' });
    expect(next.map((f) => f.status)).toEqual(['SUCCESS', 'FAILURE', 'PROCESSING']);
    // Unchanged files keep their identity (no needless redraw).
    expect(next[2]).toBe(files[2]);
  });
});
