/** Indent and outdent: list nesting (capped at depth 7, or the editor's own cap) and block indent (capped at 7). */
import type { ResolvedPos } from 'prosemirror-model';
import { liftListItem, sinkListItem } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { MAX_INDENT_DEPTH } from '../constants';
import { findAncestor, selectedTextblocks } from './util';

/** How many lists enclose the position (1 in a top-level list). */
export function listDepth($pos: ResolvedPos): number {
  let depth = 0;
  for (let d = $pos.depth; d > 0; d--) {
    const name = $pos.node(d).type.name;
    if (name === 'bullet_list' || name === 'ordered_list') depth++;
  }
  return depth;
}

function inListItem(state: EditorState): boolean {
  return !!findAncestor(state.selection.$from, (n) => n.type.name === 'list_item');
}

/**
 * Indents: nests list items (never deeper than `maxListDepth` lists, 7 unless
 * the editor says less) or raises the block indent (at most 7).
 */
export function indentWithin(maxListDepth: number = MAX_INDENT_DEPTH): Command {
  return (state, dispatch) => {
    if (inListItem(state)) {
      const deepest = Math.max(listDepth(state.selection.$from), listDepth(state.selection.$to));
      if (deepest + 1 > maxListDepth) return false;
      return sinkListItem(state.schema.nodes.list_item!)(state, dispatch);
    }
    const blocks = selectedTextblocks(state).filter(({ node }) => typeof node.attrs.indent === 'number' && node.attrs.indent < MAX_INDENT_DEPTH);
    if (blocks.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of blocks) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: (node.attrs.indent as number) + 1 });
      dispatch(tr);
    }
    return true;
  };
}

/** Indents within the spec's list depth of 7. */
export const indent: Command = indentWithin(MAX_INDENT_DEPTH);

/** Outdents: lifts list items one level, or lowers the block indent. */
export const outdent: Command = (state, dispatch) => {
  if (inListItem(state)) return liftListItem(state.schema.nodes.list_item!)(state, dispatch);
  const blocks = selectedTextblocks(state).filter(({ node }) => typeof node.attrs.indent === 'number' && node.attrs.indent > 0);
  if (blocks.length === 0) return false;
  if (dispatch) {
    const tr = state.tr;
    for (const { node, pos } of blocks) tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: (node.attrs.indent as number) - 1 });
    dispatch(tr);
  }
  return true;
};
