import type { Node as PMNode } from 'prosemirror-model';

/** Where a text node that reads exactly `text` starts in a document (the test fails when there is none). */
export function posOfText(d: PMNode, text: string): number {
  let found = -1;
  d.descendants((node, pos) => {
    if (found < 0 && node.isText && node.text === text) found = pos;
    return found < 0;
  });
  if (found < 0) throw new Error(`no text ${text}`);
  return found;
}
