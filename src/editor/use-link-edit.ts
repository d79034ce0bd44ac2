/**
 * Editing a link (help spec §5: the link URL defaults to {host}; the value is
 * checked by setLink): the range being edited and the typed URL, starting on
 * the link at the selection (making one when there is none), confirming it
 * back onto that range, and cancelling.
 */
import { TextSelection } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { useState } from 'react';
import { linkAtSelection, setLink, toggleLink } from './commands/links';
import { DEFAULT_LINK_URL } from './constants';

export interface LinkEditState {
  from: number;
  to: number;
  value: string;
}

export interface LinkEdit {
  editing: LinkEditState | null;
  /** The toolbar's 'Insert link': the link at the selection, or a new one around it. */
  start(): void;
  /** The link popup's Edit on an existing link. */
  edit(link: { from: number; to: number; href: string }): void;
  type(value: string): void;
  confirm(): void;
  cancel(): void;
}

export function useLinkEdit(view: EditorView | null): LinkEdit {
  const [editing, setEditing] = useState<LinkEditState | null>(null);
  return {
    editing,
    start: () => {
      if (!view || !view.editable) return;
      let link = linkAtSelection(view.state);
      if (!link) {
        toggleLink(view.state, view.dispatch);
        link = linkAtSelection(view.state);
      }
      if (link) setEditing({ from: link.from, to: link.to, value: link.href || DEFAULT_LINK_URL });
    },
    edit: (link) => setEditing({ from: link.from, to: link.to, value: link.href }),
    type: (value) => setEditing((current) => (current ? { ...current, value } : current)),
    confirm: () => {
      if (!view || !editing) return;
      const size = view.state.doc.content.size;
      const from = Math.min(editing.from, size);
      const to = Math.min(editing.to, size);
      view.dispatch(view.state.tr.setSelection(TextSelection.between(view.state.doc.resolve(from), view.state.doc.resolve(to))));
      setLink(editing.value)(view.state, view.dispatch);
      setEditing(null);
      view.focus();
    },
    cancel: () => {
      setEditing(null);
      view?.focus();
    },
  };
}
