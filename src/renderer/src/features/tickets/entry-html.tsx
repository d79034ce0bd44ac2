/**
 * A conversation entry's html, which comes from the instance and is
 * untrusted (DESIGN security rules): it is read only through the editor's own
 * schema (src/editor parseHtml with editorSchema: unknown tags, attributes,
 * scripts and event handlers never make it into the document; links keep
 * only allow-listed protocols), then drawn as React elements from the
 * schema's own toDOM specs. The server's string is never inserted as HTML.
 *
 * Before the schema reads it, an `<img src="cid:X">` is marked with its
 * content id (the editor keeps an image only with a data-cid or a data URL),
 * and an image with a local file src is dropped (§5.5). The page draws the
 * images (InlineImage: signed URL through the main process, §2.5/§8.4) and
 * the mentions (the §6 tooltip) itself.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import type { DOMOutputSpec, Mark, Node as PMNode } from 'prosemirror-model';
import { editorSchema, parseHtml } from '../../../../editor/pure';
import { isLocalFileImageSrc } from '../../../../shared/rules/tickets/reply';
import { ownValue } from '../../../../shared/rules/platform/own-keys';
import { contentIdOfSrc } from './ticket-page-rules';


/** The part of an `<img>` element the preparation needs (a real element in the renderer; a fake one in tests). */
interface ImageElementLike {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  remove(): void;
}

/**
 * Readies one `<img>` of an entry for the editor's schema: a local file src
 * is removed (§5.5: ignored on import); a `cid:` src gets its content id as
 * data-cid, so the schema keeps it as an inline image of this entry.
 */
export function prepareEntryImage(img: ImageElementLike): void {
  const src = img.getAttribute('src');
  if (isLocalFileImageSrc(src)) {
    img.remove();
    return;
  }
  const cid = contentIdOfSrc(src);
  if (cid && !img.getAttribute('data-cid')) img.setAttribute('data-cid', cid);
}

/** The browser's parser, with the images readied before the schema reads the body. */
const entryParser = {
  parseFromString(html: string, type: 'text/html') {
    const parsed = new DOMParser().parseFromString(html, type);
    for (const img of Array.from(parsed.body.querySelectorAll('img'))) prepareEntryImage(img);
    return { body: parsed.body };
  },
};

/** The entry's html as a document of the editor's schema (empty html: an empty document). */
export function parseEntryHtml(html: string): PMNode {
  return parseHtml(html, editorSchema, entryParser);
}

export interface EntryImageAttrs {
  cid: string | null;
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface EntryMentionAttrs {
  id: string;
  label: string | null;
}

/** What the page draws itself: the inline images, the mentions, and a link's click (the console never navigates). */
export interface EntryRenderers {
  image(attrs: EntryImageAttrs, key: string): ReactNode;
  mention(attrs: EntryMentionAttrs, key: string): ReactNode;
  openLink(href: string): void;
}

/** `font-size: 12px; color: red` as React's style object. */
export function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!name || !value || !/^[a-z-]+$/.test(name)) continue;
    out[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

const ATTRIBUTE_NAMES: Record<string, string> = { class: 'className', colspan: 'colSpan', rowspan: 'rowSpan' };

function reactProps(attrs: Record<string, unknown>, key: string): Record<string, unknown> {
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (name === 'style') props.style = styleObject(String(value));
    else props[ownValue(ATTRIBUTE_NAMES, name) ?? name] = String(value);
  }
  return props;
}

/**
 * A schema toDOM spec as React elements; `hole` fills its 0. The specs are
 * the editor's own (tags and attributes it writes), never the server's.
 */
export function specToReact(spec: DOMOutputSpec, key: string, hole: () => ReactNode, renderers: EntryRenderers): ReactNode {
  if (typeof spec === 'string') return spec;
  if (!Array.isArray(spec)) return null;
  const [tag, ...rest] = spec as [string, ...unknown[]];
  const first = rest[0];
  const hasAttrs = first !== null && typeof first === 'object' && !Array.isArray(first);
  const attrs = hasAttrs ? (first as Record<string, unknown>) : {};
  const children = (hasAttrs ? rest.slice(1) : rest).map((child, index) => (child === 0 ? hole() : specToReact(child as DOMOutputSpec, `${key}.${index}`, hole, renderers)));
  const props = reactProps(attrs, key);
  if (tag === 'a') {
    const href = String(attrs.href ?? '');
    props.rel = 'noopener noreferrer';
    props.onClick = (event: { preventDefault(): void }) => {
      event.preventDefault();
      renderers.openLink(href);
    };
  }
  return createElement(tag, props, ...(children.length > 0 ? children : []));
}

function renderMarks(marks: readonly Mark[], content: ReactNode, key: string, renderers: EntryRenderers): ReactNode {
  return marks.reduceRight<ReactNode>((inner, mark, index) => {
    const toDOM = mark.type.spec.toDOM;
    return toDOM ? specToReact(toDOM(mark, true), `${key}m${index}`, () => inner, renderers) : inner;
  }, content);
}

function renderNode(node: PMNode, key: string, renderers: EntryRenderers): ReactNode {
  if (node.isText) return renderMarks(node.marks, node.text ?? '', key, renderers);
  const name = node.type.name;
  if (name === 'image') {
    const attrs = node.attrs as { cid: string | null; src: string; alt: string; width: number | null; height: number | null };
    return renderMarks(node.marks, renderers.image({ cid: attrs.cid, src: attrs.src, alt: attrs.alt, width: attrs.width, height: attrs.height }, key), key, renderers);
  }
  if (name === 'mention') {
    const attrs = node.attrs as { id: unknown; label: unknown };
    const mention = renderers.mention({ id: String(attrs.id), label: typeof attrs.label === 'string' && attrs.label ? attrs.label : null }, key);
    return renderMarks(node.marks, mention, key, renderers);
  }
  const toDOM = node.type.spec.toDOM;
  // The schema's own output: §9.4's indent (20 px a level) is the editor's step.
  const drawn = toDOM ? specToReact(toDOM(node), key, () => renderChildren(node, key, renderers), renderers) : renderChildren(node, key, renderers);
  // An inline node (the editor's button) carries its marks as text does: a link around a button makes it act as one.
  return node.isInline ? renderMarks(node.marks, drawn, key, renderers) : drawn;
}

function renderChildren(node: PMNode, key: string, renderers: EntryRenderers): ReactNode {
  const children: ReactNode[] = [];
  node.forEach((child, _offset, index) => {
    children.push(renderNode(child, `${key}.${index}`, renderers));
  });
  return createElement(Fragment, null, ...children);
}

/** The document as React elements (the doc node itself draws nothing). */
export function renderEntryDoc(doc: PMNode, renderers: EntryRenderers): ReactNode {
  return renderChildren(doc, 'n', renderers);
}
