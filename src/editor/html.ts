/** HTML in and out of the editor, through ProseMirror's DOMParser and DOMSerializer. */
import { DOMParser as PMDOMParser, DOMSerializer, type Node as PMNode, type Schema } from 'prosemirror-model';
import { cleanPastedHtml } from './paste-cleanup';
import { editorSchema, emptyDoc } from './schema';

/** The part of a DOM Document serialization needs; a real `document` in the renderer. */
export interface HtmlDocumentLike {
  createElement(tag: string): { innerHTML: string; appendChild(node: unknown): unknown };
}

interface HtmlParserLike {
  parseFromString(html: string, type: 'text/html'): { body: unknown };
}

function globalDocument(): HtmlDocumentLike {
  const doc = (globalThis as { document?: HtmlDocumentLike }).document;
  if (!doc) throw new Error('serializeHtml needs a DOM document');
  return doc;
}

/** The HTML of a document (what the host receives in onChange). An empty document gives ''. */
export function serializeHtml(doc: PMNode, document: HtmlDocumentLike = globalDocument()): string {
  if (isEmptyDoc(doc)) return '';
  const serializer = DOMSerializer.fromSchema(doc.type.schema);
  const fragment = serializer.serializeFragment(doc.content, { document: document as never });
  const container = document.createElement('div');
  container.appendChild(fragment);
  return container.innerHTML;
}

/** Whether the document is a single empty paragraph. */
export function isEmptyDoc(doc: PMNode): boolean {
  const only = doc.childCount === 1 ? doc.firstChild : null;
  return !!only && only.type.name === 'paragraph' && only.content.size === 0 && !only.attrs.align && !only.attrs.indent;
}

/** Parses HTML into a document of the schema. Word-processor markup is cleaned first. */
export function parseHtml(html: string, schema: Schema = editorSchema, parser?: HtmlParserLike): PMNode {
  if (!html || html.trim() === '') return emptyDoc(schema);
  const domParser =
    parser ??
    (() => {
      const Ctor = (globalThis as { DOMParser?: new () => HtmlParserLike }).DOMParser;
      if (!Ctor) throw new Error('parseHtml needs a DOM parser');
      return new Ctor();
    })();
  const body = domParser.parseFromString(cleanPastedHtml(html), 'text/html').body;
  return PMDOMParser.fromSchema(schema).parse(body as never);
}
