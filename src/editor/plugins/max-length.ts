/** Optional text length limit: edits that would grow the text past maxLength are refused. */
import { Plugin, PluginKey } from 'prosemirror-state';
import { textLength } from '../schema';

export const maxLengthKey = new PluginKey('maxLength');
/** Transactions with this meta (content set by the host) pass regardless of the limit. */
export const SET_CONTENT_META = 'rte-set-content';
/** Transactions with this meta (leaving source mode) pass too: the user's HTML is never half-applied. */
export const SOURCE_APPLY_META = 'rte-source-apply';

export function maxLengthPlugin(maxLength: number): Plugin {
  return new Plugin({
    key: maxLengthKey,
    filterTransaction(tr, state) {
      if (!tr.docChanged || tr.getMeta(SET_CONTENT_META) || tr.getMeta(SOURCE_APPLY_META)) return true;
      const next = textLength(tr.doc);
      return next <= maxLength || next <= textLength(state.doc);
    },
  });
}
