/**
 * The editor's list depth (help spec §9: 7; the mentions editor, which the
 * ticket reply is, uses 5): the Indent command, Tab and the toolbar stop at the
 * cap, and lists made deeper another way (a paste, source mode) are lifted to it.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import {
  createEditorState,
  editorSchema as s,
  indentWithin,
  listDepth,
  MAX_INDENT_DEPTH,
  maxListDepthOf,
  MENTIONS_EDITOR_MAX_LIST_DEPTH,
  SET_CONTENT_META,
  textLength,
} from '../../src/editor/pure';
import { posOfText } from '../helpers/editor-docs';

const p = (text: string) => s.node('paragraph', null, [s.text(text)]);
const li = (...content: PMNode[]) => s.node('list_item', null, content);
const ul = (...items: PMNode[]) => s.node('bullet_list', null, items);
const doc = (...blocks: PMNode[]) => s.node('doc', null, blocks);

/** Lists nested `depth` deep; the innermost one has items 'a' and 'b'. */
function nested(depth: number): PMNode {
  if (depth === 1) return ul(li(p('a')), li(p('b')));
  return ul(li(p(`level${depth}`), nested(depth - 1)));
}

/** An editor state as the reply composer configures it, the cursor in the innermost item 'b'. */
function mentionsEditor(d: PMNode): EditorState {
  const state = createEditorState(d, { maxListDepth: MENTIONS_EDITOR_MAX_LIST_DEPTH });
  return state.apply(state.tr.setSelection(TextSelection.create(state.doc, posOfText(state.doc, 'b') + 1)));
}

/** Presses a key through the state's plugins (the keymaps), as the view would. */
function press(state: EditorState, key: string, keyCode: number): { handled: boolean; state: EditorState } {
  let current = state;
  const view = {
    get state() {
      return current;
    },
    dispatch(tr: Transaction) {
      current = current.applyTransaction(tr).state;
    },
  } as unknown as EditorView;
  const event = { key, keyCode, shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, preventDefault: () => undefined } as never;
  const handled = state.plugins.some((plugin) => plugin.props.handleKeyDown?.call(plugin, view, event) === true);
  return { handled, state: current };
}

describe('list depth in the mentions editor', () => {
  it('is 5, below the editor-wide 7', () => {
    expect(MENTIONS_EDITOR_MAX_LIST_DEPTH).toBe(5);
    expect(MAX_INDENT_DEPTH).toBe(7);
  });

  it('Tab nests a list item down to depth 5 and no deeper', () => {
    const four = mentionsEditor(doc(nested(4)));
    const to5 = press(four, 'Tab', 9);
    expect(to5.handled).toBe(true);
    expect(listDepth(to5.state.selection.$from)).toBe(5);

    const five = mentionsEditor(doc(nested(5)));
    const refused = press(five, 'Tab', 9);
    expect(refused.handled).toBe(false);
    expect(refused.state.doc.eq(five.doc)).toBe(true);
  });

  it('the toolbar Indent stops at 5 while the default editor goes on to 7', () => {
    const five = mentionsEditor(doc(nested(5)));
    expect(indentWithin(MENTIONS_EDITOR_MAX_LIST_DEPTH)(five)).toBe(false);
    expect(indentWithin()(five)).toBe(true);
  });

  it('a pasted list 7 deep is lifted to 5 deep, keeping all its text', () => {
    const state = mentionsEditor(doc(p('intro'), nested(1)));
    const pasted = doc(nested(7));
    const tr = state.tr.replaceWith(state.doc.content.size, state.doc.content.size, pasted.content).setMeta('uiEvent', 'paste');
    const { state: after } = state.applyTransaction(tr);
    expect(maxListDepthOf(after.doc)).toBe(5);
    // Every item is kept, in its order.
    expect(after.doc.textContent).toBe(state.doc.textContent + pasted.textContent);
    expect(textLength(after.doc)).toBe(textLength(state.doc) + textLength(pasted));
  });

  it('the default editor keeps a pasted list 7 deep', () => {
    const state = EditorState.create({ doc: doc(p('intro')), plugins: createEditorState().plugins });
    const { state: after } = state.applyTransaction(state.tr.insert(state.doc.content.size, nested(7)));
    expect(maxListDepthOf(after.doc)).toBe(7);
  });

  it("the host's own value is shown as it came", () => {
    const state = mentionsEditor(doc(nested(1)));
    const deep = doc(nested(7));
    const { state: after } = state.applyTransaction(state.tr.replaceWith(0, state.doc.content.size, deep.content).setMeta(SET_CONTENT_META, true));
    expect(maxListDepthOf(after.doc)).toBe(7);
  });
});
