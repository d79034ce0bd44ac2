/** Autolinks: web URLs and e-mail addresses (mailto:) become links as they are typed or pasted. */
import type { Mark, Node as PMNode } from 'prosemirror-model';
import { type EditorState, Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { Mapping } from 'prosemirror-transform';
import { findAutolinks } from '../links';

export const autolinkKey = new PluginKey('autolink');

interface LinkRun {
  from: number;
  to: number;
  href: string;
  mark?: Mark;
}

/** The textblocks touched by the transactions, as positions in the new document. */
function changedTextblocks(transactions: readonly Transaction[], doc: PMNode): Map<number, PMNode> {
  const mapping = new Mapping();
  for (const tr of transactions) for (const map of tr.mapping.maps) mapping.appendMap(map);
  const blocks = new Map<number, PMNode>();
  mapping.maps.forEach((map, index) => {
    const rest = mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = Math.max(0, Math.min(doc.content.size, rest.map(newStart, -1)));
      const to = Math.max(from, Math.min(doc.content.size, rest.map(newEnd, 1)));
      doc.nodesBetween(Math.max(0, from - 1), Math.min(doc.content.size, to + 1), (node, pos) => {
        if (node.isTextblock) {
          blocks.set(pos, node);
          return false;
        }
        return true;
      });
    });
  });
  return blocks;
}

/** Adds link marks over URLs and e-mail addresses in one textblock, and drops stale automatic ones. */
export function autolinkTextblock(tr: Transaction, block: PMNode, pos: number): void {
  const linkType = block.type.schema.marks.link;
  if (!linkType || block.type.spec.code) return;
  const start = pos + 1;
  let text = '';
  const current: LinkRun[] = [];
  const blocked: Array<[number, number]> = [];
  block.forEach((child, offset) => {
    const from = start + offset;
    const to = from + child.nodeSize;
    text += child.isText ? child.text! : '\uFFFC';
    const link = linkType.isInSet(child.marks);
    if (link?.attrs.auto) {
      const last = current[current.length - 1];
      if (last && last.to === from && last.mark?.eq(link)) last.to = to;
      else current.push({ from, to, href: String(link.attrs.href), mark: link });
    } else if (link || child.marks.some((m) => m.type.spec.code)) {
      blocked.push([from, to]);
    }
  });
  const wanted: LinkRun[] = findAutolinks(text)
    .map((m) => ({ from: start + m.start, to: start + m.end, href: m.href }))
    .filter((w) => !blocked.some(([from, to]) => w.from < to && w.to > from));
  const same = wanted.length === current.length && wanted.every((w, i) => w.from === current[i]!.from && w.to === current[i]!.to && w.href === current[i]!.href);
  if (same) return;
  for (const run of current) tr.removeMark(run.from, run.to, run.mark);
  for (const run of wanted) tr.addMark(run.from, run.to, linkType.create({ href: run.href, auto: true }));
}

export function autolinkPlugin(): Plugin {
  return new Plugin({
    key: autolinkKey,
    appendTransaction(transactions, _oldState, newState: EditorState) {
      if (!transactions.some((tr) => tr.docChanged) || transactions.some((tr) => tr.getMeta(autolinkKey))) return null;
      const tr = newState.tr;
      for (const [pos, block] of changedTextblocks(transactions, newState.doc)) autolinkTextblock(tr, block, pos);
      return tr.docChanged ? tr.setMeta(autolinkKey, true).setMeta('addToHistory', true) : null;
    },
  });
}
