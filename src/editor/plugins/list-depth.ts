/**
 * The editor's list depth cap (help spec §9: 7, or 5 in the mentions editor)
 * beyond the Indent command: lists pasted, typed ('- ' in a nested item) or
 * applied from source mode deeper than the cap are lifted to it. Nothing is
 * refused and no text is lost; only the nesting is flattened. A host's own
 * value is left as it came.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { liftListItem } from 'prosemirror-schema-list';
import { EditorState, Plugin, PluginKey, TextSelection, type Transaction } from 'prosemirror-state';
import { SET_CONTENT_META } from './max-length';

export const listDepthKey = new PluginKey('listDepth');

const isList = (node: PMNode) => node.type.name === 'bullet_list' || node.type.name === 'ordered_list';

/** How deep lists nest in the document (0 without lists). */
export function maxListDepthOf(doc: PMNode): number {
  let deepest = 0;
  const visit = (node: PMNode, depth: number) => {
    node.forEach((child) => {
      const inner = isList(child) ? depth + 1 : depth;
      if (inner > deepest) deepest = inner;
      if (!child.isTextblock && !child.isLeaf) visit(child, inner);
    });
  };
  visit(doc, 0);
  return deepest;
}

/** The first list (in document order) nested deeper than `max`, with its position. */
function firstListDeeperThan(doc: PMNode, max: number): { node: PMNode; pos: number } | null {
  let found: { node: PMNode; pos: number } | null = null;
  const visit = (node: PMNode, start: number, depth: number) => {
    node.forEach((child, offset) => {
      if (found || child.isTextblock || child.isLeaf) return;
      const pos = start + offset;
      const inner = isList(child) ? depth + 1 : depth;
      if (inner > max) found = { node: child, pos };
      else visit(child, pos + 1, inner);
    });
  };
  visit(doc, 0, 0);
  return found;
}

/** Lifts lists deeper than `max` one level at a time until none is; the steps go on `tr`. */
export function capListDepth(tr: Transaction, max: number): void {
  const listItem = tr.doc.type.schema.nodes.list_item;
  if (!listItem) return;
  // Every lift moves one list up a level: the number of lists bounds the work.
  for (let guard = 0; guard < 1000; guard++) {
    const deep = firstListDeeperThan(tr.doc, max);
    if (!deep) return;
    const selection = TextSelection.between(tr.doc.resolve(deep.pos + 1), tr.doc.resolve(deep.pos + deep.node.nodeSize - 1));
    const scratch = EditorState.create({ doc: tr.doc, selection });
    const lifted = liftListItem(listItem)(scratch, (step) => {
      for (const s of step.steps) tr.step(s);
    });
    if (!lifted) return;
  }
}

export function listDepthPlugin(max: number): Plugin {
  return new Plugin({
    key: listDepthKey,
    appendTransaction(transactions, oldState, newState) {
      const edited = transactions.some((tr) => tr.docChanged && !tr.getMeta(SET_CONTENT_META));
      if (!edited || transactions.some((tr) => tr.getMeta(listDepthKey))) return null;
      const depth = maxListDepthOf(newState.doc);
      // Only what this edit made deeper: content that came deeper from the host is not reshaped on every keystroke.
      if (depth <= max || depth <= maxListDepthOf(oldState.doc)) return null;
      const tr = newState.tr;
      capListDepth(tr, max);
      return tr.docChanged ? tr.setMeta(listDepthKey, true) : null;
    },
  });
}
