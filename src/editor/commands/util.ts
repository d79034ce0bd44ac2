import type { MarkType, Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { type Command, type EditorState, Selection, type Transaction } from 'prosemirror-state';

/** Runs commands one after another on the evolving state, as a single transaction. */
export function runInSequence(state: EditorState, commands: readonly Command[], dispatch?: (tr: Transaction) => void): boolean {
  const tr = state.tr;
  let current = state;
  let changed = false;
  for (const command of commands) {
    command(current, (step) => {
      for (const s of step.steps) tr.step(s);
      current = current.apply(step);
      changed = true;
    });
  }
  if (!changed) return false;
  if (dispatch) {
    tr.setSelection(Selection.fromJSON(tr.doc, current.selection.toJSON()));
    if (current.storedMarks) tr.setStoredMarks(current.storedMarks);
    dispatch(tr.scrollIntoView());
  }
  return true;
}

/** The range around $pos covered by one continuous mark of the type (with equal attributes). */
export function markRange($pos: ResolvedPos, type: MarkType): { from: number; to: number; mark: ReturnType<MarkType['create']> } | null {
  const parent = $pos.parent;
  const start = $pos.start();
  let index = $pos.index();
  let child = parent.maybeChild(index);
  let mark = child && type.isInSet(child.marks);
  // At the end of a marked run the cursor sits before the next child: look one back.
  if (!mark && index > 0) {
    index -= 1;
    child = parent.maybeChild(index);
    mark = child && type.isInSet(child.marks);
  }
  if (!child || !mark) return null;
  let startIndex = index;
  let endIndex = index + 1;
  while (startIndex > 0 && mark.isInSet(parent.child(startIndex - 1).marks)) startIndex--;
  while (endIndex < parent.childCount && mark.isInSet(parent.child(endIndex).marks)) endIndex++;
  let from = start;
  for (let i = 0; i < startIndex; i++) from += parent.child(i).nodeSize;
  let to = from;
  for (let i = startIndex; i < endIndex; i++) to += parent.child(i).nodeSize;
  return { from, to, mark };
}

/** Textblocks touched by the selection, with their positions. */
export function selectedTextblocks(state: EditorState): Array<{ node: PMNode; pos: number }> {
  const { from, to } = state.selection;
  const out: Array<{ node: PMNode; pos: number }> = [];
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (node.isTextblock) {
      out.push({ node, pos });
      return false;
    }
    return true;
  });
  return out;
}

/** Nearest ancestor of $pos (inclusive of its parent) matching the predicate. */
export function findAncestor($pos: ResolvedPos, predicate: (node: PMNode) => boolean): { node: PMNode; depth: number; pos: number } | null {
  for (let depth = $pos.depth; depth > 0; depth--) {
    const node = $pos.node(depth);
    if (predicate(node)) return { node, depth, pos: $pos.before(depth) };
  }
  return null;
}
