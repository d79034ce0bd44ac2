/**
 * Links: a new one through the 'Enter Secure URL' dialog (help spec §2.3, §5:
 * a valid URL or IP address), an existing one in the link popup's edit mode
 * (§5: the link URL defaults to {host}; the value is checked by setLink): the
 * range being edited and the typed URL, confirming it back onto that range,
 * and cancelling.
 */
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { useState } from 'react';
import { linkAtSelection, setLink, setSecureLink } from './commands/links';
import { DEFAULT_LINK_URL } from './constants';
import { isValidSecureUrl } from './links';

export interface LinkEditState {
  from: number;
  to: number;
  value: string;
}

export interface LinkEdit {
  editing: LinkEditState | null;
  /** The 'Enter Secure URL' dialog's range and starting value while it is open. */
  secure: LinkEditState | null;
  /** The toolbar's 'Insert link' (and Mod-K): the link at the selection in the popup, or the dialog for a new one. */
  start(): void;
  /** The link popup's Edit on an existing link. */
  edit(link: { from: number; to: number; href: string }): void;
  type(value: string): void;
  confirm(): void;
  cancel(): void;
  insertSecure(url: string): void;
  cancelSecure(): void;
}

/** Puts the selection back on a range remembered before a dialog took the focus (clamped to the document). */
function selectRange(view: EditorView, range: { from: number; to: number }): void {
  const size = view.state.doc.content.size;
  const $from = view.state.doc.resolve(Math.min(range.from, size));
  const $to = view.state.doc.resolve(Math.min(range.to, size));
  view.dispatch(view.state.tr.setSelection(TextSelection.between($from, $to)));
}

export function useLinkEdit(view: EditorView | null): LinkEdit {
  const [editing, setEditing] = useState<LinkEditState | null>(null);
  const [secure, setSecure] = useState<LinkEditState | null>(null);
  return {
    editing,
    secure,
    start: () => {
      if (!view || !view.editable) return;
      const link = linkAtSelection(view.state);
      if (link) {
        setEditing({ from: link.from, to: link.to, value: link.href || DEFAULT_LINK_URL });
        return;
      }
      const { from, to } = view.state.selection;
      const selected = view.state.doc.textBetween(from, to, ' ').trim();
      setEditing(null);
      setSecure({ from, to, value: isValidSecureUrl(selected) ? selected : '' });
    },
    edit: (link) => setEditing({ from: link.from, to: link.to, value: link.href }),
    type: (value) => setEditing((current) => (current ? { ...current, value } : current)),
    confirm: () => {
      if (!view || !editing) return;
      selectRange(view, editing);
      setLink(editing.value)(view.state, view.dispatch);
      setEditing(null);
      view.focus();
    },
    cancel: () => {
      setEditing(null);
      view?.focus();
    },
    insertSecure: (url) => {
      if (!view || !secure) return;
      selectRange(view, secure);
      setSecureLink(url)(view.state, view.dispatch);
      setSecure(null);
      view.focus();
    },
    cancelSecure: () => {
      setSecure(null);
      view?.focus();
    },
  };
}
