/**
 * Cleans HTML pasted from word processors (Microsoft Word, Google Docs,
 * LibreOffice) before ProseMirror parses it: Office markup, conditional
 * comments, mso-* styles and class names, and Word's pseudo-lists.
 */

const LIST_MARKER = /<!\[if !supportLists\]>([\s\S]*?)<!\[endif\]>/gi;
const ORDERED_MARKER = /^\s*(?:\d+|[a-z]|[ivxlcdm]+)[.)]\s*$/i;

/** Whether the HTML looks like it came from a word processor. */
export function isWordProcessorHtml(html: string): boolean {
  return /urn:schemas-microsoft-com|class="?Mso|mso-|docs-internal-guid|<meta[^>]+(?:Word|LibreOffice|OpenOffice)|<o:p>/i.test(html);
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&#183;|&middot;/g, '·');
}

function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => {
      const name = d.slice(0, d.indexOf(':')).trim().toLowerCase();
      return d.includes(':') && !name.startsWith('mso-') && !['tab-stops', 'text-indent', 'line-height', 'margin', 'margin-top', 'margin-bottom', 'margin-right'].includes(name);
    })
    .join('; ');
}

/** Turns Word's list paragraphs (mso-list styles with bullet markers) into ul/ol lists. */
function convertWordLists(html: string): string {
  const paragraph = /<p\b([^>]*mso-list[^>]*)>([\s\S]*?)<\/p>/gi;
  let out = '';
  let last = 0;
  let openList: 'ul' | 'ol' | null = null;
  for (const m of html.matchAll(paragraph)) {
    const between = html.slice(last, m.index);
    if (openList && between.trim() !== '') {
      out += `</${openList}>`;
      openList = null;
    }
    // Whitespace between two list paragraphs would end up between <li>s.
    if (!openList || between.trim() !== '') out += between;
    let kind: 'ul' | 'ol' = 'ul';
    const body = m[2]!.replace(LIST_MARKER, (_all, marker: string) => {
      if (ORDERED_MARKER.test(stripTags(marker))) kind = 'ol';
      return '';
    });
    if (openList !== kind) {
      if (openList) out += `</${openList}>`;
      out += `<${kind}>`;
      openList = kind;
    }
    out += `<li><p>${body.trim()}</p></li>`;
    last = m.index + m[0].length;
  }
  if (openList) out += `</${openList}>`;
  return out + html.slice(last);
}

/** The cleaned HTML. Plain HTML that is not from a word processor is returned with only comments removed. */
export function cleanPastedHtml(html: string): string {
  let out = html;
  if (isWordProcessorHtml(out)) {
    out = convertWordLists(out);
    // Google Docs wraps the whole fragment in a non-bold <b id="docs-internal-guid-...">.
    const guid = /<b\b[^>]*id="docs-internal-guid-[^"]*"[^>]*>/i.exec(out);
    if (guid) {
      out = out.slice(0, guid.index) + out.slice(guid.index + guid[0].length);
      const close = out.lastIndexOf('</b>');
      if (close >= 0) out = out.slice(0, close) + out.slice(close + 4);
    }
    out = out
      .replace(/<head\b[\s\S]*?<\/head>/gi, '')
      .replace(/<(style|script|xml|title)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<o:p\b[^>]*>[\s\S]*?<\/o:p>/gi, '')
      .replace(/<(v|w|m):[a-z]+\b[^>]*>[\s\S]*?<\/\1:[a-z]+>/gi, '')
      .replace(/<\/?[a-z]+:[a-z]+\b[^>]*>/gi, '')
      .replace(/<\/?(?:html|body|meta|link)\b[^>]*>/gi, '')
      .replace(/\s+class=(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      .replace(/\s+lang=(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      .replace(/\s+(?:dir|id)="docs-[^"]*"/gi, '')
      .replace(/\s+style=(?:"([^"]*)"|'([^']*)')/gi, (_all, double?: string, single?: string) => {
        const cleaned = cleanStyle(double ?? single ?? '');
        return cleaned ? ` style="${cleaned.replace(/"/g, "'")}"` : '';
      });
  }
  // Conditional comments ('<![if ...]>', '<![endif]>') and ordinary comments, StartFragment markers included.
  return out.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[(?:if|endif)[^\]]*\]>/gi, '');
}
