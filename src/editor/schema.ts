/**
 * The rich-text schema: node and mark kinds of the spec's "Rich-text content"
 * (section 3) and the toolbar's block types, alignment, indent, fonts and colour (section 9).
 */
import { type DOMOutputSpec, type MarkSpec, type Node as PMNode, type NodeSpec, Schema } from 'prosemirror-model';
import { bulletList, listItem, orderedList } from 'prosemirror-schema-list';
import { tableNodes } from 'prosemirror-tables';
import { IMAGE_DEFAULT_MAX_WIDTH } from './constants';
import {
  blockStyle,
  type ElementLike,
  mentionExportText,
  readBlockAttrs,
  readCellAttrs,
  readColor,
  readFontFamily,
  readFontSize,
  readImageAttrs,
  readLinkAttrs,
  readMentionAttrs,
  readRowAttrs,
  readStyle,
  writeCellAttrs,
  writeImageAttrs,
  writeLinkAttrs,
  writeMentionAttrs,
} from './dom-attrs';

/** The attribute that marks a span as the button node. */
export const BUTTON_ATTR = 'data-type';

const blockAttrs = { align: { default: null }, indent: { default: 0 } };

function withStyle(style: string | undefined, attrs: Record<string, string> = {}): Record<string, string> {
  return style ? { ...attrs, style } : attrs;
}

const tables = tableNodes({ tableGroup: 'block', cellContent: 'block+', cellAttributes: {} });

const cellSpec = (tag: 'td' | 'th', base: NodeSpec): NodeSpec => ({
  ...base,
  parseDOM: [{ tag, getAttrs: (dom: ElementLike) => readCellAttrs(dom) }],
  toDOM: (node) => [tag, writeCellAttrs(node.attrs), 0],
});

const headingLevels = [1, 2, 3, 4] as const;

export const nodes: Record<string, NodeSpec> = {
  doc: { content: 'block+' },
  paragraph: {
    content: 'inline*',
    group: 'block',
    attrs: blockAttrs,
    parseDOM: [{ tag: 'p', getAttrs: (dom: ElementLike) => readBlockAttrs(dom) }],
    toDOM: (node): DOMOutputSpec => ['p', withStyle(blockStyle(node.attrs)), 0],
  },
  heading: {
    content: 'inline*',
    group: 'block',
    defining: true,
    attrs: { level: { default: 1 }, ...blockAttrs },
    parseDOM: [
      ...headingLevels.map((level) => ({ tag: `h${level}`, getAttrs: (dom: ElementLike) => ({ level, ...readBlockAttrs(dom) }) })),
      // The newer editor has headings 1-4: deeper headings become level 4.
      ...['h5', 'h6'].map((tag) => ({ tag, getAttrs: (dom: ElementLike) => ({ level: 4, ...readBlockAttrs(dom) }) })),
    ],
    toDOM: (node): DOMOutputSpec => [`h${node.attrs.level as number}`, withStyle(blockStyle(node.attrs)), 0],
  },
  blockquote: {
    content: 'block+',
    group: 'block',
    defining: true,
    parseDOM: [{ tag: 'blockquote' }],
    toDOM: () => ['blockquote', 0],
  },
  code_block: {
    content: 'text*',
    marks: '',
    group: 'block',
    code: true,
    defining: true,
    parseDOM: [{ tag: 'pre', preserveWhitespace: 'full' }],
    toDOM: () => ['pre', ['code', 0]],
  },
  horizontal_rule: {
    group: 'block',
    parseDOM: [{ tag: 'hr' }],
    toDOM: () => ['hr'],
  },
  bullet_list: { ...bulletList, content: 'list_item+', group: 'block' },
  ordered_list: { ...orderedList, content: 'list_item+', group: 'block' },
  list_item: { ...listItem, content: 'paragraph block*' },
  table: tables.table,
  table_row: {
    ...tables.table_row,
    attrs: { height: { default: null } },
    parseDOM: [{ tag: 'tr', getAttrs: (dom: ElementLike) => readRowAttrs(dom) }],
    toDOM: (node): DOMOutputSpec => ['tr', withStyle(node.attrs.height ? `height: ${node.attrs.height as number}px` : undefined), 0],
  },
  table_cell: cellSpec('td', tables.table_cell),
  table_header: cellSpec('th', tables.table_header),
  text: { group: 'inline' },
  hard_break: {
    inline: true,
    group: 'inline',
    selectable: false,
    parseDOM: [{ tag: 'br' }],
    toDOM: () => ['br'],
    leafText: () => '\n',
  },
  image: {
    inline: true,
    group: 'inline',
    draggable: true,
    attrs: {
      cid: { default: null },
      src: { default: '' },
      alt: { default: '' },
      maxWidth: { default: IMAGE_DEFAULT_MAX_WIDTH },
      width: { default: null },
      height: { default: null },
      // Local bookkeeping while the host upload runs; never exported.
      uploadKey: { default: null },
    },
    parseDOM: [{ tag: 'img[src]', getAttrs: (dom: ElementLike) => readImageAttrs(dom) }],
    toDOM: (node): DOMOutputSpec => ['img', writeImageAttrs(node.attrs)],
  },
  mention: {
    inline: true,
    group: 'inline',
    atom: true,
    selectable: true,
    attrs: { id: {}, label: { default: null }, metadata: { default: null } },
    parseDOM: [
      { tag: 'span[data-mention-id]', priority: 60, getAttrs: (dom: ElementLike) => readMentionAttrs(dom) },
      { tag: 'span', priority: 55, getAttrs: (dom: ElementLike) => readMentionAttrs(dom) },
    ],
    toDOM: (node): DOMOutputSpec => ['span', writeMentionAttrs(node.attrs), mentionExportText(String(node.attrs.id))],
    leafText: (node: PMNode) => `@${String(node.attrs.label ?? node.attrs.id)}`,
  },
  // §3's button: an inline label drawn as a button (a link around it makes it act as one). It goes out
  // as a span, a source-mode tag, so that source mode can keep it; a <button> from elsewhere is read too.
  button: {
    inline: true,
    group: 'inline',
    content: 'text*',
    marks: '',
    parseDOM: [
      { tag: `span[${BUTTON_ATTR}="button"]`, priority: 70 },
      { tag: 'button', priority: 70 },
    ],
    toDOM: (): DOMOutputSpec => ['span', { [BUTTON_ATTR]: 'button', class: 'rte-button' }, 0],
  },
};

const boldWeight = (value: string) => /^(bold(er)?|[5-9]\d\d)$/.test(value) && null;

export const marks: Record<string, MarkSpec> = {
  link: {
    attrs: { href: {}, rel: { default: null }, target: { default: null }, title: { default: null }, auto: { default: false } },
    inclusive: false,
    parseDOM: [{ tag: 'a[href]', getAttrs: (dom: ElementLike) => readLinkAttrs(dom) }],
    toDOM: (mark): DOMOutputSpec => ['a', writeLinkAttrs(mark.attrs), 0],
  },
  bold: {
    parseDOM: [
      { tag: 'strong' },
      // Google Docs wraps pasted content in <b style="font-weight:normal">.
      { tag: 'b', getAttrs: (dom: ElementLike) => readStyle(dom.getAttribute('style'), 'font-weight') !== 'normal' && null },
      { style: 'font-weight', getAttrs: (value: string) => boldWeight(value) },
    ],
    toDOM: () => ['strong', 0],
  },
  italic: {
    parseDOM: [{ tag: 'em' }, { tag: 'i' }, { style: 'font-style=italic' }],
    toDOM: () => ['em', 0],
  },
  underline: {
    parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline' }, { style: 'text-decoration-line=underline' }],
    toDOM: () => ['u', 0],
  },
  strikethrough: {
    parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, { style: 'text-decoration=line-through' }, { style: 'text-decoration-line=line-through' }],
    toDOM: () => ['s', 0],
  },
  code: {
    parseDOM: [{ tag: 'code' }],
    toDOM: () => ['code', 0],
  },
  subscript: {
    excludes: 'superscript',
    parseDOM: [{ tag: 'sub' }],
    toDOM: () => ['sub', 0],
  },
  superscript: {
    excludes: 'subscript',
    parseDOM: [{ tag: 'sup' }],
    toDOM: () => ['sup', 0],
  },
  font_size: {
    attrs: { size: {} },
    parseDOM: [{ style: 'font-size', getAttrs: (value: string) => (readFontSize(value) ? { size: readFontSize(value) } : false) }],
    toDOM: (mark): DOMOutputSpec => ['span', { style: `font-size: ${mark.attrs.size as string}` }, 0],
  },
  font_family: {
    attrs: { family: {} },
    parseDOM: [{ style: 'font-family', getAttrs: (value: string) => (readFontFamily(value) ? { family: readFontFamily(value) } : false) }],
    toDOM: (mark): DOMOutputSpec => ['span', { style: `font-family: ${mark.attrs.family as string}` }, 0],
  },
  text_color: {
    attrs: { color: {} },
    parseDOM: [{ style: 'color', getAttrs: (value: string) => (readColor(value) ? { color: readColor(value) } : false) }],
    toDOM: (mark): DOMOutputSpec => ['span', { style: `color: ${mark.attrs.color as string}` }, 0],
  },
};

export const editorSchema = new Schema({ nodes, marks });

/** An empty document: one empty paragraph. */
export function emptyDoc(schema: Schema = editorSchema): PMNode {
  return schema.node('doc', null, [schema.node('paragraph')]);
}

/** Text length reported to the host: the document's text, mentions as '@label', breaks as one character. */
export function textLength(doc: PMNode): number {
  return doc.textBetween(0, doc.content.size, '', (leaf) => leaf.type.spec.leafText?.(leaf) ?? '').length;
}
