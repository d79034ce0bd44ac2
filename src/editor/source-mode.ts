/** Source mode: HTML shown as a formatted code block; leaving is refused on unsupported tags. */
import { ALLOWED_SOURCE_TAGS, EDITOR_MESSAGES } from './constants';

const ALLOWED = new Set<string>(ALLOWED_SOURCE_TAGS);
const COMMENT = /<!--[\s\S]*?-->/g;
const TAG_NAME = /<\/?([a-zA-Z][a-zA-Z0-9:_-]*)/g;

/** The tag names in the HTML that source mode does not allow, lower-cased, in order of first use. */
export function findUnsupportedTags(html: string): string[] {
  const found: string[] = [];
  for (const match of html.replace(COMMENT, '').matchAll(TAG_NAME)) {
    const name = match[1]!.toLowerCase();
    if (!ALLOWED.has(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

export type SourceCheck = { ok: true } | { ok: false; unsupported: string[]; title: string; message: string };

/** Whether the editor may leave source mode with this HTML; when not, the warning to show. */
export function checkSourceHtml(html: string): SourceCheck {
  const unsupported = findUnsupportedTags(html);
  if (unsupported.length === 0) return { ok: true };
  return {
    ok: false,
    unsupported,
    title: EDITOR_MESSAGES.unsupportedHtmlTitle,
    message: `${EDITOR_MESSAGES.unsupportedHtmlMessage}: ${unsupported.join(', ')}`,
  };
}

// Blocks that hold other blocks: their tags go on lines of their own and indent their content.
const CONTAINER_BLOCKS = new Set(['ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'div']);
// Blocks that hold inline content: they start a line and keep their content on it.
const LEAF_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'col']);
const VOID_TAGS = new Set(['br', 'hr', 'img', 'col', 'meta', 'link', 'input']);
const TOKEN = /<!--[\s\S]*?-->|<[^>]*>|[^<]+/g;

/**
 * Formats HTML for the source code block: one block per line, nested blocks
 * indented by two spaces, inline content untouched, <pre> content verbatim.
 */
export function formatHtml(html: string): string {
  let out = '';
  let depth = 0;
  let preDepth = 0;
  let atBoundary = true;
  const newline = () => {
    if (out !== '') out += `\n${'  '.repeat(depth)}`;
  };
  for (const [token] of html.matchAll(TOKEN)) {
    if (!token.startsWith('<') || token.startsWith('<!--')) {
      if (preDepth > 0) {
        out += token;
        continue;
      }
      let text = token.replace(/\s+/g, ' ');
      if (atBoundary) {
        text = text.trimStart();
        if (text === '') continue;
        newline();
      }
      out += text;
      atBoundary = false;
      continue;
    }
    const match = /^<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/.exec(token);
    const closing = match?.[1] === '/';
    const name = match?.[2]?.toLowerCase() ?? '';
    if (preDepth > 0) {
      out += token;
      if (name === 'pre') preDepth += closing ? -1 : 1;
      if (preDepth === 0) atBoundary = true;
      continue;
    }
    if (name === 'pre' && !closing) {
      newline();
      out += token;
      preDepth = 1;
      continue;
    }
    const selfClosing = VOID_TAGS.has(name) || token.endsWith('/>');
    if (CONTAINER_BLOCKS.has(name)) {
      if (closing) {
        depth = Math.max(0, depth - 1);
        newline();
      } else {
        newline();
        if (!selfClosing) depth++;
      }
      out += token;
      atBoundary = true;
    } else if (LEAF_BLOCKS.has(name)) {
      if (!closing) newline();
      out += token;
      atBoundary = closing || selfClosing;
    } else {
      if (atBoundary) newline();
      out += token;
      atBoundary = false;
    }
  }
  return out;
}
