import { DOMParser as PMDOMParser, type Node as PMNode, type TagParseRule } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { editorMarks, editorNodes, editorSchema as s, emptyDoc, findUnsupportedTags, mentionStatus, mentionTooltip, serializeHtml, textLength } from '../../src/editor/pure';
import { readBlockAttrs, readCellAttrs, readImageAttrs, readLinkAttrs, readMentionAttrs, readRowAttrs } from '../../src/editor/dom-attrs';
import { element, FakeElement, fakeDocument } from './editor-fake-dom';

const html = (d: PMNode) => serializeHtml(d, fakeDocument);
const doc = (...blocks: PMNode[]) => s.node('doc', null, blocks);
const p = (...content: PMNode[]) => s.node('paragraph', null, content);
const text = (t: string, ...marks: Array<[string, Record<string, unknown>?]>) => s.text(t, marks.map(([name, attrs]) => s.marks[name]!.create(attrs)));

function everyFeature(): PMNode {
  const cell = (t: string, attrs: Record<string, unknown> = {}) => s.node('table_cell', attrs, [p(text(t))]);
  return doc(
    s.node('paragraph', { align: 'center', indent: 2 }, [text('centered')]),
    s.node('heading', { level: 3 }, [text('Heading')]),
    p(
      text('b', ['bold']),
      text('i', ['italic']),
      text('u', ['underline']),
      text('s', ['strikethrough']),
      text('c', ['code']),
      text('sub', ['subscript']),
      text('sup', ['superscript']),
      text('link', ['link', { href: 'https://example.com' }]),
      text('red', ['text_color', { color: '#ff0000' }]),
      text('big', ['font_size', { size: '16px' }]),
      text('arial', ['font_family', { family: 'Arial' }]),
      s.node('hard_break'),
      s.node('mention', { id: '42', label: 'John' }),
      s.node('image', { src: 'https://signed.example/1', cid: 'cid-1', width: 300, uploadKey: 'secret' }),
      s.node('button', null, [s.text('Open portal')]),
    ),
    s.node('blockquote', null, [p(text('quoted'))]),
    s.node('code_block', null, [text('let x = 1;')]),
    s.node('bullet_list', null, [s.node('list_item', null, [p(text('one'))])]),
    s.node('ordered_list', null, [s.node('list_item', null, [p(text('two'))])]),
    s.node('horizontal_rule'),
    s.node('table', null, [
      s.node('table_row', { height: 40 }, [cell('a', { colspan: 2, colwidth: [60, 70] })]),
      s.node('table_row', null, [s.node('table_header', null, [p(text('h'))]), cell('d', { rowspan: 1 })]),
    ]),
  );
}

describe('HTML serialization', () => {
  it('serializes every node and mark kind with the expected tags and attributes', () => {
    const out = html(everyFeature());
    for (const fragment of [
      '<p style="text-align: center; padding-inline-start: 40px">centered</p>',
      '<h3>Heading</h3>',
      '<strong>b</strong>',
      '<em>i</em>',
      '<u>u</u>',
      '<s>s</s>',
      '<code>c</code>',
      '<sub>sub</sub>',
      '<sup>sup</sup>',
      '<a href="https://example.com">link</a>',
      '<span style="color: #ff0000">red</span>',
      '<span style="font-size: 16px">big</span>',
      '<span style="font-family: Arial">arial</span>',
      '<br>',
      '<span class="rte-mention" data-mention-id="42" data-mention-label="John">@user:42</span>',
      '<img src="https://signed.example/1" data-cid="cid-1" width="300" style="max-width: 1000px; width: 300px; height: inherit">',
      '<span data-type="button" class="rte-button">Open portal</span>',
      '<blockquote><p>quoted</p></blockquote>',
      '<pre><code>let x = 1;</code></pre>',
      '<ul><li><p>one</p></li></ul>',
      '<ol><li><p>two</p></li></ol>',
      '<hr>',
      '<table><tbody><tr style="height: 40px"><td colspan="2" data-colwidth="60,70" style="width: 130px"><p>a</p></td></tr>',
      '<th><p>h</p></th>',
    ]) {
      expect(out).toContain(fragment);
    }
    expect(out).not.toContain('secret');
  });

  it('only uses tags that source mode allows, so that content round-trips through it', () => {
    expect(findUnsupportedTags(html(everyFeature()))).toEqual([]);
  });

  it('gives an empty string for an empty document', () => {
    expect(html(emptyDoc())).toBe('');
  });

  it('exports a mention as a span showing @user: and the id', () => {
    expect(html(doc(p(s.node('mention', { id: 'u-7', label: null }))))).toBe('<p><span class="rte-mention" data-mention-id="u-7">@user:u-7</span></p>');
  });

  it('never serializes a link with a disallowed protocol', () => {
    const out = html(doc(p(text('x', ['link', { href: 'javascript:alert(1)' }]))));
    expect(out).toBe('<p><a href="about:blank">x</a></p>');
  });

  it('counts text with mentions as @label and breaks as one character', () => {
    expect(textLength(doc(p(text('ab'), s.node('hard_break'), s.node('mention', { id: '1', label: 'Zed' }))))).toBe(2 + 1 + 4);
  });
});

describe('HTML parse rules', () => {
  const imageRule = (editorNodes.image!.parseDOM![0] as { getAttrs: (el: unknown) => unknown }).getAttrs;

  it('ignores images with a local file src on import', () => {
    expect(readImageAttrs(element({ src: 'file:///C:/Users/me/a.png' }))).toBe(false);
    expect(readImageAttrs(element({ src: 'file:///C:/a.png', 'data-cid': 'c1' }))).toBe(false);
    expect(imageRule(element({ src: 'file:///tmp/x.gif' }))).toBe(false);
  });

  it('accepts only jpeg, jpg, png and gif data URLs for images without a cid', () => {
    expect(readImageAttrs(element({ src: 'data:image/svg+xml;base64,AAAA' }))).toBe(false);
    expect(readImageAttrs(element({ src: 'https://example.com/a.png' }))).toBe(false);
    expect(readImageAttrs(element({ src: 'data:image/png;base64,AAAA' }))).toMatchObject({ cid: null, src: 'data:image/png;base64,AAAA' });
  });

  it('reads cid, src, maxWidth (default 1000), width and height', () => {
    expect(readImageAttrs(element({ src: 'https://signed/1', 'data-cid': 'c1', width: '320', style: 'height: 200px' }))).toEqual({
      cid: 'c1',
      src: 'https://signed/1',
      alt: '',
      maxWidth: 1000,
      width: 320,
      height: 200,
    });
    expect(readImageAttrs(element({ src: 'https://signed/1', 'data-cid': 'c1', style: 'max-width: 640px' }))).toMatchObject({ maxWidth: 640, width: null, height: null });
  });

  it('reads mentions from data attributes or from "@user:<id>" text', () => {
    expect(readMentionAttrs(element({ 'data-mention-id': '42', 'data-mention-label': 'John', 'data-mention-metadata': '{"permitted":false}' }))).toEqual({
      id: '42',
      label: 'John',
      metadata: { permitted: false },
    });
    const bare = readMentionAttrs(element({}, '@user:99'));
    expect(bare).toEqual({ id: '99', label: null, metadata: null });
    expect(mentionTooltip(mentionStatus(bare as { label: null }))).toBe('Unknown user');
    expect(readMentionAttrs(element({}, 'hello'))).toBe(false);
    expect(readMentionAttrs(element({}, '@user: 99 x'))).toBe(false);
  });

  it('sanitizes imported link hrefs', () => {
    expect(readLinkAttrs(element({ href: 'javascript:alert(1)' })).href).toBe('about:blank');
    expect(readLinkAttrs(element({ href: 'https://example.com', target: '_blank', rel: 'noopener', title: 'T' }))).toEqual({
      href: 'https://example.com',
      rel: 'noopener',
      target: '_blank',
      title: 'T',
      auto: false,
    });
  });

  it('reads cell colSpan, rowSpan and width, and row height', () => {
    expect(readCellAttrs(element({ colspan: '2', rowspan: '3', 'data-colwidth': '60,70' }))).toEqual({ colspan: 2, rowspan: 3, colwidth: [60, 70] });
    expect(readCellAttrs(element({ colspan: '2', style: 'width: 120px' }))).toEqual({ colspan: 2, rowspan: 1, colwidth: [60, 60] });
    expect(readCellAttrs(element({}))).toEqual({ colspan: 1, rowspan: 1, colwidth: null });
    expect(readRowAttrs(element({ style: 'height: 40px' }))).toEqual({ height: 40 });
  });

  it('reads alignment and indent (clamped to 7) from block styles', () => {
    expect(readBlockAttrs(element({ style: 'text-align: justify; padding-inline-start: 60px' }))).toEqual({ align: 'justify', indent: 3 });
    expect(readBlockAttrs(element({ style: 'padding-inline-start: 400px' }))).toEqual({ align: null, indent: 7 });
    expect(readBlockAttrs(element({ style: 'text-align: middle' }))).toEqual({ align: null, indent: 0 });
    expect(readBlockAttrs(element({ align: 'right' }))).toEqual({ align: 'right', indent: 0 });
  });

  it("does not treat Google Docs' <b style=\"font-weight:normal\"> as bold", () => {
    const bRule = (editorMarks.bold!.parseDOM![1] as { tag: string; getAttrs: (el: unknown) => unknown });
    expect(bRule.tag).toBe('b');
    expect(bRule.getAttrs(element({ style: 'font-weight:normal' }))).toBe(false);
    expect(bRule.getAttrs(element({}))).toBeNull();
  });
});

describe('the button node', () => {
  /** Whether the fake element matches a parse rule's selector ('tag', 'tag[attr]', 'tag[attr="value"]'). */
  function matchesSelector(el: FakeElement, selector: string): boolean {
    const match = /^([a-z][a-z0-9]*)((?:\[[^\]]+\])*)$/.exec(selector);
    if (!match || match[1] !== el.tagName) return false;
    return [...match[2]!.matchAll(/\[([^=\]]+)(?:="([^"]*)")?\]/g)].every(([, name, value]) => (value === undefined ? el.getAttribute(name!) !== null : el.getAttribute(name!) === value));
  }
  /** The node a parse of the element makes: the first rule (by priority, as ProseMirror tries them) that takes it. */
  function parsedAs(el: FakeElement): string | undefined {
    const rules = PMDOMParser.fromSchema(s).rules.filter((rule): rule is TagParseRule => 'tag' in rule && rule.tag !== undefined);
    const rule = rules.find((r) => matchesSelector(el, r.tag) && (!r.getAttrs || r.getAttrs(el as never) !== false));
    return rule?.node ?? rule?.mark;
  }
  const tagged = (tag: string, attrs: Record<string, string>, text: string) => {
    const el = new FakeElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.appendChild(fakeDocument.createTextNode(text) as never);
    return el;
  };

  it('serializes as a span source mode keeps, its label as text, inside a link when it has one', () => {
    const linked = s.node('button', null, [s.text('Go')]).mark([s.marks.link!.create({ href: 'https://portal.example.com' })]);
    const out = html(doc(p(text('Click '), s.node('button', null, [s.text('Open portal')]), text(' or '), linked)));
    expect(out).toBe(
      '<p>Click <span data-type="button" class="rte-button">Open portal</span> or <a href="https://portal.example.com"><span data-type="button" class="rte-button">Go</span></a></p>',
    );
    expect(findUnsupportedTags(out)).toEqual([]);
  });

  it('is read back from its span and from a <button>, ahead of the mention rule for spans', () => {
    expect(parsedAs(tagged('span', { 'data-type': 'button', class: 'rte-button' }, 'Open portal'))).toBe('button');
    expect(parsedAs(tagged('button', { type: 'button' }, 'Open portal'))).toBe('button');
    // Other spans are what they were.
    expect(parsedAs(tagged('span', {}, '@user:5'))).toBe('mention');
    // A label that reads like an exported mention is still the button's.
    expect(parsedAs(tagged('span', { 'data-type': 'button' }, '@user:5'))).toBe('button');
  });

  it('holds plain text that counts toward the length', () => {
    expect(editorNodes.button!.content).toBe('text*');
    expect(editorNodes.button!.marks).toBe('');
    expect(textLength(doc(p(text('ab'), s.node('button', null, [s.text('Open')]))))).toBe(6);
  });
});
