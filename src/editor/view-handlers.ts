/**
 * What the editable area does with pastes, drops, clicks and the link
 * shortcut: files go to the uploads, a pasted URL or IP address becomes a link
 * (help spec §5), links never navigate, and Mod-K opens the link editing.
 */
import type { DirectEditorProps, EditorView } from 'prosemirror-view';
import { linkPastedSecureUrl, linkSelectionToPastedText } from './commands/links';
import { cleanPastedHtml } from './paste-cleanup';

export interface ViewHandlerHost {
  /** The uploads' current file handler (a ref: the view is made once). */
  handleFiles: { readonly current: (files: File[], mode: 'auto', at?: number) => void };
  /** Read-only link clicks. */
  onLinkClick: (href: string) => void;
  /** The toolbar's 'Insert link': the link popup or the 'Enter Secure URL' dialog. */
  startLink: () => void;
}

// Structural views of the DOM events used here: this file is also type-checked (with its tests) without the DOM library.
interface DropLike {
  dataTransfer?: { files?: ArrayLike<File> } | null;
  clientX: number;
  clientY: number;
}
interface LinkTargetLike {
  closest(selector: string): { getAttribute(name: string): string | null } | null;
}
const linkUnder = (target: unknown) => (target as LinkTargetLike | null)?.closest?.('a[href]') ?? null;

type Handlers = Pick<DirectEditorProps, 'transformPastedHTML' | 'handlePaste' | 'handleDrop' | 'handleClickOn' | 'handleDOMEvents' | 'handleKeyDown'>;

export function contentHandlers(host: ViewHandlerHost): Handlers {
  return {
    transformPastedHTML: cleanPastedHtml,
    handlePaste(v, event) {
      const files = Array.from<File>(event.clipboardData?.files ?? []);
      if (files.length > 0) {
        host.handleFiles.current(files, 'auto');
        return true;
      }
      const html = event.clipboardData?.getData('text/html') ?? '';
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (html) return false;
      return linkSelectionToPastedText(text)(v.state, v.dispatch) || linkPastedSecureUrl(text)(v.state, v.dispatch);
    },
    handleDrop(v, event, _slice, moved) {
      const drop = event as unknown as DropLike;
      const files = Array.from<File>(drop.dataTransfer?.files ?? []);
      if (moved || files.length === 0) return false;
      event.preventDefault();
      const at = v.posAtCoords({ left: drop.clientX, top: drop.clientY })?.pos;
      host.handleFiles.current(files, 'auto', at);
      return true;
    },
    handleClickOn(v, _pos, _node, _nodePos, event) {
      if (v.editable) return false;
      const anchor = linkUnder(event.target);
      if (!anchor) return false;
      event.preventDefault();
      host.onLinkClick(anchor.getAttribute('href') ?? '');
      return true;
    },
    handleDOMEvents: {
      click(_v, event) {
        // Never let the renderer navigate away through a link in the content.
        if (linkUnder(event.target)) event.preventDefault();
        return false;
      },
    },
    handleKeyDown(v: EditorView, event) {
      const mod = event.ctrlKey || event.metaKey;
      if (!mod || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k' || !v.editable) return false;
      event.preventDefault();
      host.startLink();
      return true;
    },
  };
}
