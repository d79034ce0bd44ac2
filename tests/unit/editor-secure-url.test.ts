/**
 * The secure URL (help spec §5): a valid URL or IP address; the 'Enter Secure
 * URL' dialog's insert, and pasted text that is one becoming a link.
 */
import { type Node as PMNode, Slice } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES, editorSchema as s, isValidSecureUrl, linkPastedSecureUrl, secureUrlHref, setSecureLink } from '../../src/editor/pure';
import { contentHandlers } from '../../src/editor/view-handlers';

const doc = (...content: PMNode[]) => s.node('doc', null, [s.node('paragraph', null, content)]);

function stateOf(d: PMNode, from = 1, to = from): EditorState {
  return EditorState.create({ doc: d, selection: TextSelection.create(d, from, to) });
}

/** The links in the first paragraph: [text, href]. */
function links(state: EditorState): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  state.doc.firstChild!.forEach((node) => {
    const link = node.marks.find((m) => m.type.name === 'link');
    if (link) out.push([node.text ?? '', String(link.attrs.href)]);
  });
  return out;
}

function apply(state: EditorState, command: (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean): { ok: boolean; state: EditorState } {
  let next = state;
  const ok = command(state, (tr) => (next = state.apply(tr)));
  return { ok, state: next };
}

describe('secure URL validation: a valid URL or IP address', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://portal.example.co.uk/login?next=%2F#top', 'http://portal.example.co.uk/login?next=%2F#top'],
    ['ftp://files.example.org/pub', 'ftp://files.example.org/pub'],
    ['https://192.168.1.10:8443/admin', 'https://192.168.1.10:8443/admin'],
    ['https://[2001:db8::1]/', 'https://[2001:db8::1]/'],
    ['https://localhost:3000', 'https://localhost:3000'],
    ['example.com/docs', 'https://example.com/docs'],
    ['10.0.0.5', 'https://10.0.0.5'],
    ['10.0.0.5:8080', 'https://10.0.0.5:8080'],
    ['fe80::1', 'https://[fe80::1]'],
    ['  https://example.com  ', 'https://example.com'],
    ['https://bücher.example', 'https://bücher.example'],
  ])('accepts %s (href %s)', (input, href) => {
    expect(secureUrlHref(input)).toBe(href);
    expect(isValidSecureUrl(input)).toBe(true);
  });

  it.each([
    '',
    'https://',
    'not a url',
    'hello',
    'https://exa mple.com',
    'javascript:alert(1)',
    'mailto:someone@example.com',
    'data:text/html,<b>x</b>',
    'file:///etc/passwd',
    'https://user:secret@example.com',
    '999.1.1.1',
    '10.0.0',
    'https://10.1',
    '1.2.3.4.5',
    'https://example',
    'https://-bad-.example.com',
    'https://example.com:99999',
  ])('refuses %j', (input) => {
    expect(secureUrlHref(input)).toBeNull();
    expect(isValidSecureUrl(input)).toBe(false);
  });

  it('refuses an address longer than any a technician types', () => {
    expect(isValidSecureUrl(`https://example.com/${'a'.repeat(2100)}`)).toBe(false);
  });

  it('says what it wants when refused', () => {
    expect(EDITOR_MESSAGES.secureUrlTitle).toBe('Enter Secure URL');
    expect(EDITOR_MESSAGES.invalidSecureUrl).toBe('Enter a valid URL or IP address.');
  });
});

describe("the 'Enter Secure URL' dialog's insert", () => {
  it('links the selected text to the address, https:// prepended when it has no scheme', () => {
    const state = stateOf(doc(s.text('the NAS page')), 5, 8);
    const { ok, state: after } = apply(state, setSecureLink('192.168.1.20'));
    expect(ok).toBe(true);
    expect(links(after)).toEqual([['NAS', 'https://192.168.1.20']]);
  });

  it('inserts the address as linked text at the cursor', () => {
    const state = stateOf(doc(s.text('see ')), 5);
    const { state: after } = apply(state, setSecureLink('https://example.com/kb'));
    expect(links(after)).toEqual([['https://example.com/kb', 'https://example.com/kb']]);
  });

  it('refuses an address that is not a URL or IP address, changing nothing', () => {
    const state = stateOf(doc(s.text('text')), 1, 5);
    const { ok, state: after } = apply(state, setSecureLink('javascript:alert(1)'));
    expect(ok).toBe(false);
    expect(after.doc.eq(state.doc)).toBe(true);
  });
});

describe('a pasted secure URL becomes a link', () => {
  it('inserted at the cursor as linked text', () => {
    const { ok, state } = apply(stateOf(doc(s.text('Open ')), 6), linkPastedSecureUrl('10.0.0.5'));
    expect(ok).toBe(true);
    expect(links(state)).toEqual([['10.0.0.5', 'https://10.0.0.5']]);
    expect(state.doc.textContent).toBe('Open 10.0.0.5');
  });

  it('over the selected text', () => {
    const { state } = apply(stateOf(doc(s.text('the router')), 5, 11), linkPastedSecureUrl('https://192.168.0.1'));
    expect(links(state)).toEqual([['router', 'https://192.168.0.1']]);
  });

  it('beside an existing link it adds a new one rather than retargeting that one', () => {
    const first = s.text('KB', [s.marks.link!.create({ href: 'https://kb.example.com' })]);
    const { state } = apply(stateOf(doc(first), 3), linkPastedSecureUrl('10.0.0.9'));
    expect(links(state)).toEqual([
      ['KB', 'https://kb.example.com'],
      ['10.0.0.9', 'https://10.0.0.9'],
    ]);
  });

  it('text that is not one is left to the ordinary paste', () => {
    const state = stateOf(doc(s.text('x')), 2);
    expect(apply(state, linkPastedSecureUrl('just words')).ok).toBe(false);
    expect(apply(state, linkPastedSecureUrl('javascript:alert(1)')).ok).toBe(false);
  });

  it("the editor's paste handler links plain text that is a secure URL, and leaves HTML and other text alone", () => {
    const handlers = contentHandlers({ handleFiles: { current: () => undefined }, onLinkClick: () => undefined, startLink: () => undefined });
    const paste = (state: EditorState, data: Record<string, string>) => {
      let current = state;
      const view = { state, dispatch: (tr: Transaction) => (current = current.apply(tr)) } as unknown as EditorView;
      const event = { clipboardData: { files: [], getData: (type: string) => data[type] ?? '' } } as never;
      const handled = handlers.handlePaste!(view, event, Slice.empty) === true;
      return { handled, state: current };
    };
    const start = stateOf(doc(s.text('Go to ')), 7);
    const linked = paste(start, { 'text/plain': 'portal.example.com/login' });
    expect(linked.handled).toBe(true);
    expect(links(linked.state)).toEqual([['portal.example.com/login', 'https://portal.example.com/login']]);
    expect(paste(start, { 'text/plain': 'some words' }).handled).toBe(false);
    expect(paste(start, { 'text/plain': 'https://example.com', 'text/html': '<a href="https://example.com">https://example.com</a>' }).handled).toBe(false);
  });
});
