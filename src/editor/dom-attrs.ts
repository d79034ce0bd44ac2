/**
 * Pure helpers that read and write the HTML attributes of the editor's nodes
 * and marks. They take a structural element (anything with getAttribute) so
 * that they run, and are tested, without a DOM.
 */
import {
  ALIGNMENTS,
  type Alignment,
  BLOCKED_LINK_HREF,
  IMAGE_DEFAULT_MAX_WIDTH,
  INDENT_STEP_PX,
  MAX_INDENT_DEPTH,
  MENTION_EXPORT_PREFIX,
} from './constants';
import { acceptImportedImageSrc } from './images';
import { sanitizeLinkUrl } from './links';

/** The part of a DOM element the parse rules need. */
export interface ElementLike {
  getAttribute(name: string): string | null;
  readonly textContent?: string | null;
}

/** The value of one CSS property in a style attribute, lower-cased name, trimmed value. */
export function readStyle(style: string | null | undefined, property: string): string | null {
  if (!style) return null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (declaration.slice(0, colon).trim().toLowerCase() === property) {
      const value = declaration.slice(colon + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/** Joins CSS declarations, skipping empty ones; undefined when none remain. */
export function writeStyle(declarations: Record<string, string | null | undefined>): string | undefined {
  const parts = Object.entries(declarations)
    .filter((entry): entry is [string, string] => entry[1] != null && entry[1] !== '')
    .map(([name, value]) => `${name}: ${value}`);
  return parts.length ? parts.join('; ') : undefined;
}

export function isAlignment(value: unknown): value is Alignment {
  return typeof value === 'string' && (ALIGNMENTS as readonly string[]).includes(value);
}

export function clampIndent(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(MAX_INDENT_DEPTH, Math.max(0, Math.round(level)));
}

/** Alignment and indent of a paragraph or heading element. */
export function readBlockAttrs(dom: ElementLike): { align: Alignment | null; indent: number } {
  const style = dom.getAttribute('style');
  const align = readStyle(style, 'text-align') ?? dom.getAttribute('align');
  const padding = readStyle(style, 'padding-inline-start') ?? readStyle(style, 'margin-left');
  const px = padding ? /^(\d+(?:\.\d+)?)px$/.exec(padding) : null;
  return {
    align: isAlignment(align?.toLowerCase()) ? (align!.toLowerCase() as Alignment) : null,
    indent: px ? clampIndent(Number(px[1]) / INDENT_STEP_PX) : 0,
  };
}

/** The style attribute that carries alignment and indent. */
export function blockStyle(attrs: { align?: unknown; indent?: unknown }): string | undefined {
  const indent = typeof attrs.indent === 'number' ? clampIndent(attrs.indent) : 0;
  return writeStyle({
    'text-align': isAlignment(attrs.align) ? attrs.align : null,
    'padding-inline-start': indent > 0 ? `${indent * INDENT_STEP_PX}px` : null,
  });
}

function positiveInt(value: string | null): number | null {
  if (value == null) return null;
  const match = /^\s*(\d+)(?:px)?\s*$/.exec(value);
  if (!match) return null;
  const n = Number(match[1]);
  return n > 0 ? n : null;
}

/** Table cell attributes: colSpan, rowSpan and width (as prosemirror-tables' colwidth). */
export function readCellAttrs(dom: ElementLike): { colspan: number; rowspan: number; colwidth: number[] | null } {
  const colspan = positiveInt(dom.getAttribute('colspan')) ?? 1;
  const rowspan = positiveInt(dom.getAttribute('rowspan')) ?? 1;
  const data = dom.getAttribute('data-colwidth');
  let colwidth: number[] | null = data && /^\d+(,\d+)*$/.test(data) ? data.split(',').map(Number) : null;
  if (!colwidth) {
    const width = positiveInt(readStyle(dom.getAttribute('style'), 'width')) ?? positiveInt(dom.getAttribute('width'));
    // A single width spreads over the merged columns.
    if (width) colwidth = Array.from({ length: colspan }, () => Math.round(width / colspan));
  }
  return { colspan, rowspan, colwidth: colwidth && colwidth.length === colspan ? colwidth : null };
}

export function writeCellAttrs(attrs: { colspan?: unknown; rowspan?: unknown; colwidth?: unknown }): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof attrs.colspan === 'number' && attrs.colspan !== 1) out.colspan = String(attrs.colspan);
  if (typeof attrs.rowspan === 'number' && attrs.rowspan !== 1) out.rowspan = String(attrs.rowspan);
  if (Array.isArray(attrs.colwidth) && attrs.colwidth.every((w) => typeof w === 'number' && w > 0)) {
    const widths = attrs.colwidth as number[];
    out['data-colwidth'] = widths.join(',');
    out.style = `width: ${widths.reduce((a, b) => a + b, 0)}px`;
  }
  return out;
}

/** Table row height. */
export function readRowAttrs(dom: ElementLike): { height: number | null } {
  return { height: positiveInt(readStyle(dom.getAttribute('style'), 'height')) ?? positiveInt(dom.getAttribute('height')) };
}

export interface ImageAttrs {
  cid: string | null;
  src: string;
  alt: string;
  maxWidth: number;
  width: number | null;
  height: number | null;
}

/**
 * Image attributes, or false when the image must be ignored on import: a
 * local-file src, or (without a cid) anything but a jpeg/jpg/png/gif data URL.
 */
export function readImageAttrs(dom: ElementLike): ImageAttrs | false {
  const src = dom.getAttribute('src') ?? '';
  const cid = dom.getAttribute('data-cid') || null;
  if (!acceptImportedImageSrc(src, cid)) return false;
  const style = dom.getAttribute('style');
  const maxWidth = positiveInt(readStyle(style, 'max-width')) ?? positiveInt(dom.getAttribute('data-max-width'));
  return {
    cid,
    src,
    alt: dom.getAttribute('alt') ?? '',
    maxWidth: maxWidth ?? IMAGE_DEFAULT_MAX_WIDTH,
    width: positiveInt(dom.getAttribute('width')) ?? positiveInt(readStyle(style, 'width')),
    height: positiveInt(dom.getAttribute('height')) ?? positiveInt(readStyle(style, 'height')),
  };
}

/** Image HTML attributes: width and height fall back to inherit in the style. */
export function writeImageAttrs(attrs: Partial<ImageAttrs>): Record<string, string> {
  const out: Record<string, string> = { src: attrs.src ?? '' };
  if (attrs.cid) out['data-cid'] = attrs.cid;
  if (attrs.alt) out.alt = attrs.alt;
  if (attrs.width) out.width = String(attrs.width);
  if (attrs.height) out.height = String(attrs.height);
  out.style = writeStyle({
    'max-width': `${attrs.maxWidth ?? IMAGE_DEFAULT_MAX_WIDTH}px`,
    width: attrs.width ? `${attrs.width}px` : 'inherit',
    height: attrs.height ? `${attrs.height}px` : 'inherit',
  })!;
  return out;
}

export interface MentionAttrs {
  id: string;
  label: string | null;
  metadata: Record<string, unknown> | null;
}

function parseMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A mention span: either carries data-mention-id, or shows '@user:' followed by the id. */
export function readMentionAttrs(dom: ElementLike): MentionAttrs | false {
  const id = dom.getAttribute('data-mention-id');
  if (id) {
    return { id, label: dom.getAttribute('data-mention-label') || null, metadata: parseMetadata(dom.getAttribute('data-mention-metadata')) };
  }
  const text = (dom.textContent ?? '').trim();
  if (text.startsWith(MENTION_EXPORT_PREFIX) && text.length > MENTION_EXPORT_PREFIX.length && !/\s/.test(text)) {
    return { id: text.slice(MENTION_EXPORT_PREFIX.length), label: null, metadata: null };
  }
  return false;
}

export function writeMentionAttrs(attrs: Partial<MentionAttrs>): Record<string, string> {
  const out: Record<string, string> = { class: 'rte-mention', 'data-mention-id': String(attrs.id ?? '') };
  if (attrs.label) out['data-mention-label'] = attrs.label;
  if (attrs.metadata) out['data-mention-metadata'] = JSON.stringify(attrs.metadata);
  return out;
}

/** The text a mention is exported with: '@user:' followed by the id. */
export function mentionExportText(id: string): string {
  return `${MENTION_EXPORT_PREFIX}${id}`;
}

export interface LinkAttrs {
  href: string;
  rel: string | null;
  target: string | null;
  title: string | null;
  auto: boolean;
}

export function readLinkAttrs(dom: ElementLike): LinkAttrs {
  return {
    href: sanitizeLinkUrl(dom.getAttribute('href') ?? BLOCKED_LINK_HREF),
    rel: dom.getAttribute('rel'),
    target: dom.getAttribute('target'),
    title: dom.getAttribute('title'),
    auto: dom.getAttribute('data-autolink') === 'true',
  };
}

export function writeLinkAttrs(attrs: Partial<LinkAttrs>): Record<string, string> {
  const out: Record<string, string> = { href: sanitizeLinkUrl(attrs.href ?? BLOCKED_LINK_HREF) };
  if (attrs.rel) out.rel = attrs.rel;
  if (attrs.target) out.target = attrs.target;
  if (attrs.title) out.title = attrs.title;
  if (attrs.auto) out['data-autolink'] = 'true';
  return out;
}

/** Text colour from a style value: hex, rgb()/rgba() or a colour name; anything else is dropped. */
export function readColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  // Browsers serialize style colours as rgb(); keep the palette's '#rrggbb' form.
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(v);
  if (rgb) {
    const hex = rgb.slice(1, 4).map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0'));
    return `#${hex.join('')}`;
  }
  return /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]+)$/i.test(v) ? v.toLowerCase() : null;
}

export function readFontSize(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d+(?:\.\d+)?)px$/.exec(value.trim());
  return match ? `${match[1]}px` : null;
}

export function readFontFamily(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  return v && !/[;{}<>]/.test(v) ? v : null;
}
