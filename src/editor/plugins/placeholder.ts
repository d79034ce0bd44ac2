import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { isEmptyDoc } from '../html';

/** Shows the placeholder text in an empty document. */
export function placeholderPlugin(text: string): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const first = state.doc.firstChild;
        if (!text || !first || !isEmptyDoc(state.doc)) return null;
        return DecorationSet.create(state.doc, [Decoration.node(0, first.nodeSize, { class: 'rte-placeholder', 'data-placeholder': text })]);
      },
    },
  });
}
