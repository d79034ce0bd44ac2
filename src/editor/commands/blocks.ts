/** Block types (paragraph, headings 1-4, lists, quote, code block) and alignment. */
import type { Node as PMNode, NodeType } from 'prosemirror-model';
import { lift, wrapIn } from 'prosemirror-commands';
import { liftListItem, wrapInList } from 'prosemirror-schema-list';
import type { Command, EditorState } from 'prosemirror-state';
import { type Alignment, type BlockType } from '../constants';
import { isAlignment } from '../dom-attrs';
import { findAncestor, runInSequence, selectedTextblocks } from './util';

const isList = (node: PMNode) => node.type.name === 'bullet_list' || node.type.name === 'ordered_list';

/** The block type shown by the toolbar for the selection. */
export function activeBlockType(state: EditorState): BlockType {
  const { $from } = state.selection;
  const container = findAncestor($from, (n) => isList(n) || n.type.name === 'blockquote');
  if (container) {
    if (container.node.type.name === 'bullet_list') return 'bullet';
    if (container.node.type.name === 'ordered_list') return 'number';
    if ($from.parent.type.name === 'paragraph') return 'quote';
  }
  const parent = $from.parent;
  if (parent.type.name === 'heading') return `h${parent.attrs.level as 1 | 2 | 3 | 4}`;
  if (parent.type.name === 'code_block') return 'code';
  return 'paragraph';
}

/** Sets the type of the selected textblocks, keeping alignment and indent where both types have them. */
function setTextblocksType(type: NodeType, attrs: Record<string, unknown> = {}): Command {
  return (state, dispatch) => {
    const blocks = selectedTextblocks(state).filter(({ node, pos }) => {
      const $pos = state.doc.resolve(pos);
      return $pos.parent.canReplaceWith($pos.index(), $pos.index() + 1, type) && !(node.type === type && Object.entries(attrs).every(([k, v]) => node.attrs[k] === v));
    });
    if (blocks.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of blocks) {
        const keep: Record<string, unknown> = {};
        for (const name of ['align', 'indent']) if (type.spec.attrs?.[name] && name in node.attrs) keep[name] = node.attrs[name];
        if (type.isTextblock && type.spec.code) {
          // A code block holds plain text only.
          tr.setBlockType(tr.mapping.map(pos), tr.mapping.map(pos + node.nodeSize), type, attrs);
        } else {
          tr.setNodeMarkup(tr.mapping.map(pos), type, { ...keep, ...attrs });
        }
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/** Lifts the selection out of every list and quote around it. */
const unwrapAll: Command = (state, dispatch) => {
  const listItem = state.schema.nodes.list_item!;
  let current = state;
  const commands: Command[] = [];
  for (let guard = 0; guard < 20; guard++) {
    const inList = findAncestor(current.selection.$from, isList);
    const inQuote = findAncestor(current.selection.$from, (n) => n.type.name === 'blockquote');
    const command = inList ? liftListItem(listItem) : inQuote ? lift : null;
    if (!command) break;
    let next: EditorState | null = null;
    command(current, (tr) => (next = current.apply(tr)));
    if (!next) break;
    commands.push(command);
    current = next;
  }
  return commands.length > 0 && runInSequence(state, commands, dispatch);
};

function toggleList(listTypeName: 'bullet_list' | 'ordered_list'): Command {
  return (state, dispatch) => {
    const listType = state.schema.nodes[listTypeName]!;
    const list = findAncestor(state.selection.$from, isList);
    if (list && list.node.type === listType) return liftListItem(state.schema.nodes.list_item!)(state, dispatch);
    if (list) {
      if (dispatch) dispatch(state.tr.setNodeMarkup(list.pos, listType));
      return true;
    }
    return runInSequence(state, [setTextblocksType(state.schema.nodes.paragraph!), wrapInList(listType)], dispatch);
  };
}

/** Applies a block type from the toolbar. Choosing the active list type or quote again unwraps it. */
export function setBlockType(kind: BlockType): Command {
  return (state, dispatch) => {
    const nodes = state.schema.nodes;
    switch (kind) {
      case 'paragraph':
        return runInSequence(state, [unwrapAll, setTextblocksType(nodes.paragraph!)], dispatch);
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
        return setTextblocksType(nodes.heading!, { level: Number(kind.slice(1)) })(state, dispatch);
      case 'bullet':
        return toggleList('bullet_list')(state, dispatch);
      case 'number':
        return toggleList('ordered_list')(state, dispatch);
      case 'quote':
        if (findAncestor(state.selection.$from, (n) => n.type.name === 'blockquote')) return lift(state, dispatch);
        return wrapIn(nodes.blockquote!)(state, dispatch);
      case 'code':
        if (state.selection.$from.parent.type === nodes.code_block) return setTextblocksType(nodes.paragraph!)(state, dispatch);
        return setTextblocksType(nodes.code_block!)(state, dispatch);
    }
  };
}

/** Alignment of the selected paragraphs and headings; null removes it. */
export function setAlignment(align: Alignment | null): Command {
  return (state, dispatch) => {
    if (align !== null && !isAlignment(align)) return false;
    const blocks = selectedTextblocks(state).filter(({ node }) => 'align' in node.attrs);
    if (blocks.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of blocks) tr.setNodeMarkup(pos, undefined, { ...node.attrs, align });
      dispatch(tr);
    }
    return true;
  };
}

export function activeAlignment(state: EditorState): Alignment | null {
  const align = state.selection.$from.parent.attrs.align;
  return isAlignment(align) ? align : null;
}
