/** Link commands: set, remove, the toolbar's insert-link, and links from pasted URLs. */
import type { Mark } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { DEFAULT_LINK_URL } from '../constants';
import { isValidLinkUrl, normalizeLinkHref, sanitizeLinkUrl, secureUrlHref } from '../links';
import { markRange } from './util';

export interface LinkAtSelection {
  href: string;
  title: string | null;
  target: string | null;
  from: number;
  to: number;
  mark: Mark;
}

/** The link under the cursor (its whole range) or in the selection. */
export function linkAtSelection(state: EditorState): LinkAtSelection | null {
  const type = state.schema.marks.link;
  if (!type) return null;
  const { $from, from, to, empty } = state.selection;
  const toResult = (mark: Mark, rangeFrom: number, rangeTo: number): LinkAtSelection => ({
    href: String(mark.attrs.href),
    title: (mark.attrs.title as string | null) ?? null,
    target: (mark.attrs.target as string | null) ?? null,
    from: rangeFrom,
    to: rangeTo,
    mark,
  });
  if (empty) {
    // The cursor inside a link or touching one of its edges.
    const range = markRange($from, type);
    return range ? toResult(range.mark, range.from, range.to) : null;
  }
  let found: LinkAtSelection | null = null;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (found) return false;
    const mark = node.isText ? type.isInSet(node.marks) : undefined;
    if (mark) {
      const range = markRange(state.doc.resolve(Math.max(from, pos)), type);
      found = toResult(mark, Math.min(from, range?.from ?? from), Math.max(to, range?.to ?? to));
    }
    return !found;
  });
  return found;
}

/**
 * Links the selection (or updates the link under the cursor) to `href`. With
 * an empty selection outside a link, inserts `text` as linked text.
 */
function applyLink(href: string, text: string, options: { title?: string | null; target?: string | null } = {}): Command {
  return (state, dispatch) => {
    const type = state.schema.marks.link;
    if (!type || href === '') return false;
    const { from, to, empty } = state.selection;
    const existing = linkAtSelection(state);
    const attrs = { href, title: options.title ?? existing?.title ?? null, target: options.target ?? existing?.target ?? null };
    if (state.selection.$from.parent.type.spec.code) return false;
    if (dispatch) {
      const tr = state.tr;
      if (empty && !existing) {
        tr.insert(from, state.schema.text(text, [type.create(attrs)]));
      } else {
        const rangeFrom = empty ? existing!.from : from;
        const rangeTo = empty ? existing!.to : to;
        tr.removeMark(rangeFrom, rangeTo, type).addMark(rangeFrom, rangeTo, type.create(attrs));
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/**
 * Links the selection (or updates the link under the cursor) to the input,
 * with https:// prepended when it has no protocol and disallowed protocols
 * turned into about:blank. With an empty selection outside a link, inserts the URL as linked text.
 */
export function setLink(input: string, options: { title?: string | null; target?: string | null } = {}): Command {
  return applyLink(normalizeLinkHref(input), input.trim(), options);
}

/**
 * The 'Enter Secure URL' dialog's confirm: links the selection (or inserts
 * the URL as linked text) when the input is a valid URL or IP address; refuses
 * anything else.
 */
export function setSecureLink(input: string): Command {
  const href = secureUrlHref(input);
  return href === null ? () => false : applyLink(href, input.trim());
}

/** Removes the link under the cursor, or links in the selection. */
export const removeLink: Command = (state, dispatch) => {
  const type = state.schema.marks.link;
  const existing = linkAtSelection(state);
  if (!type || !existing) return false;
  if (dispatch) {
    const { from, to, empty } = state.selection;
    dispatch(state.tr.removeMark(empty ? existing.from : from, empty ? existing.to : to, type));
  }
  return true;
};

/**
 * The toolbar's link button: removes the link under the selection, or links
 * the selected text to the default URL 'https://' so that the link editor opens in edit mode.
 */
export const toggleLink: Command = (state, dispatch) => {
  if (linkAtSelection(state)) return removeLink(state, dispatch);
  const type = state.schema.marks.link;
  const { from, to, empty } = state.selection;
  if (!type || empty || state.selection.$from.parent.type.spec.code) return false;
  if (dispatch) dispatch(state.tr.addMark(from, to, type.create({ href: DEFAULT_LINK_URL })));
  return true;
};

/** Pasting text that passes the link validator onto selected text links that text. */
export function linkSelectionToPastedText(text: string): Command {
  return (state, dispatch) => {
    const type = state.schema.marks.link;
    const url = text.trim();
    const { from, to, empty } = state.selection;
    if (!type || empty || url === DEFAULT_LINK_URL || !isValidLinkUrl(url)) return false;
    if (state.selection.$from.parent.type.spec.code) return false;
    if (dispatch) dispatch(state.tr.removeMark(from, to, type).addMark(from, to, type.create({ href: sanitizeLinkUrl(url) })));
    return true;
  };
}

/**
 * Pasted plain text that is a valid secure URL (a URL or an IP address)
 * becomes a link: over the selected text, or inserted at the cursor as linked
 * text (even beside another link: a paste never retargets a link).
 */
export function linkPastedSecureUrl(text: string): Command {
  return (state, dispatch) => {
    const type = state.schema.marks.link;
    const href = secureUrlHref(text);
    if (!type || href === null || state.selection.$from.parent.type.spec.code) return false;
    const { from, to, empty } = state.selection;
    if (dispatch) {
      const link = type.create({ href });
      const tr = empty ? state.tr.replaceSelectionWith(state.schema.text(text.trim(), [link]), false) : state.tr.removeMark(from, to, type).addMark(from, to, link);
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}
