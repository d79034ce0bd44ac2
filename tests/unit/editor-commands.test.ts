import type { Node as PMNode } from 'prosemirror-model';
import { type Command, EditorState, type Plugin, TextSelection } from 'prosemirror-state';
import { CellSelection, TableMap } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import {
  activeAlignment,
  activeBlockType,
  ALIGNMENTS,
  autolinkPlugin,
  cellMenuActions,
  clampColumnWidth,
  completeImageUpload,
  editorSchema as s,
  imagesNeedingUpload,
  indent,
  insertImage,
  insertMention,
  insertTable,
  isMarkActive,
  linkAtSelection,
  linkSelectionToPastedText,
  listDepth,
  markImageUploading,
  maxLengthPlugin,
  MAX_INDENT_DEPTH,
  mentionQueryAt,
  mergeSelectedCells,
  outdent,
  removeLink,
  removePendingImage,
  SET_CONTENT_META,
  setAlignment,
  setBlockType,
  setFontFamily,
  setFontSize,
  setLink,
  setRowHeight,
  setTextColor,
  TEXT_FORMATS,
  textLength,
  toggleFormat,
  toggleLink,
  unmergeCell,
} from '../../src/editor/pure';
import { posOfText } from '../helpers/editor-docs';

const p = (...content: Array<PMNode | string>) =>
  s.node('paragraph', null, content.filter((c) => c !== '').map((c) => (typeof c === 'string' ? s.text(c) : c)));
const doc = (...blocks: PMNode[]) => s.node('doc', null, blocks);
const li = (...content: PMNode[]) => s.node('list_item', null, content);
const ul = (...items: PMNode[]) => s.node('bullet_list', null, items);

function stateOf(d: PMNode, from = 1, to = from, plugins: Plugin[] = []): EditorState {
  return EditorState.create({ doc: d, selection: TextSelection.create(d, from, to), plugins });
}

function run(state: EditorState, command: Command): { ok: boolean; state: EditorState } {
  let next = state;
  const ok = command(state, (tr) => {
    next = state.apply(tr);
  });
  return { ok, state: next };
}

function marksOn(d: PMNode, text: string): string[] {
  const node = d.nodeAt(posOfText(d, text));
  return node ? node.marks.map((m) => m.type.name) : [];
}

describe('marks', () => {
  it('toggles bold, italic, underline, strikethrough, code, subscript and superscript', () => {
    for (const format of TEXT_FORMATS) {
      const start = stateOf(doc(p('hello', ' world')), 1, 6);
      const on = run(start, toggleFormat(format));
      expect(on.ok).toBe(true);
      expect(isMarkActive(on.state, format)).toBe(true);
      expect(marksOn(on.state.doc, 'hello')).toEqual([format]);
      const off = run(on.state, toggleFormat(format));
      expect(isMarkActive(off.state, format)).toBe(false);
    }
  });

  it('applies only valid text colours (# plus 6 hex digits)', () => {
    const start = stateOf(doc(p('hello')), 1, 6);
    const ok = run(start, setTextColor('#FF0000'));
    expect(ok.ok).toBe(true);
    expect(ok.state.doc.nodeAt(1)?.marks[0]?.attrs).toEqual({ color: '#ff0000' });
    expect(run(start, setTextColor('red')).ok).toBe(false);
    expect(run(start, setTextColor('#fff')).ok).toBe(false);
    const cleared = run(ok.state, setTextColor(null));
    expect(cleared.state.doc.nodeAt(1)?.marks).toEqual([]);
  });

  it('applies font sizes 12-22 px and families Inter and Arial only', () => {
    const start = stateOf(doc(p('hello')), 1, 6);
    for (const size of [12, 14, 16, 18, 20, 22]) expect(run(start, setFontSize(size)).state.doc.nodeAt(1)?.marks[0]?.attrs.size).toBe(`${size}px`);
    expect(run(start, setFontSize(13)).ok).toBe(false);
    expect(run(start, setFontFamily('Arial')).state.doc.nodeAt(1)?.marks[0]?.attrs.family).toBe('Arial');
    expect(run(start, setFontFamily('Inter')).ok).toBe(true);
    expect(run(start, setFontFamily('Comic Sans MS')).ok).toBe(false);
  });

  it('stores the mark for the next typed text when the selection is empty', () => {
    const start = stateOf(doc(p('hello')), 3);
    const next = run(start, setFontSize(18)).state;
    expect(next.storedMarks?.[0]?.attrs.size).toBe('18px');
  });
});

describe('block types and alignment', () => {
  it('sets headings 1-4 keeping alignment', () => {
    const d = doc(s.node('paragraph', { align: 'center', indent: 0 }, [s.text('title')]));
    for (const level of [1, 2, 3, 4] as const) {
      const next = run(stateOf(d), setBlockType(`h${level}`)).state;
      expect(next.doc.firstChild?.type.name).toBe('heading');
      expect(next.doc.firstChild?.attrs).toMatchObject({ level, align: 'center' });
      expect(activeBlockType(next)).toBe(`h${level}`);
    }
  });

  it('toggles bulleted and numbered lists and switches between them', () => {
    const bullet = run(stateOf(doc(p('item'))), setBlockType('bullet')).state;
    expect(bullet.doc.firstChild?.type.name).toBe('bullet_list');
    expect(activeBlockType(bullet)).toBe('bullet');
    const number = run(bullet, setBlockType('number')).state;
    expect(number.doc.firstChild?.type.name).toBe('ordered_list');
    expect(activeBlockType(number)).toBe('number');
    const off = run(number, setBlockType('number')).state;
    expect(off.doc.firstChild?.type.name).toBe('paragraph');
  });

  it('toggles quote and code block; paragraph unwraps everything', () => {
    const quote = run(stateOf(doc(p('q'))), setBlockType('quote')).state;
    expect(quote.doc.firstChild?.type.name).toBe('blockquote');
    expect(activeBlockType(quote)).toBe('quote');
    expect(run(quote, setBlockType('quote')).state.doc.firstChild?.type.name).toBe('paragraph');
    const code = run(stateOf(doc(p('c'))), setBlockType('code')).state;
    expect(code.doc.firstChild?.type.name).toBe('code_block');
    expect(activeBlockType(code)).toBe('code');
    expect(run(code, setBlockType('code')).state.doc.firstChild?.type.name).toBe('paragraph');
    const nested = run(run(quote, setBlockType('bullet')).state, setBlockType('paragraph')).state;
    expect(nested.doc.firstChild?.type.name).toBe('paragraph');
  });

  it('aligns left, center, right, justify, start and end', () => {
    for (const align of ALIGNMENTS) {
      const next = run(stateOf(doc(p('a'), p('b')), 1, 4), setAlignment(align)).state;
      expect([next.doc.child(0).attrs.align, next.doc.child(1).attrs.align]).toEqual([align, align]);
      expect(activeAlignment(next)).toBe(align);
    }
    expect(run(stateOf(doc(p('a'))), setAlignment('middle' as never)).ok).toBe(false);
  });
});

describe('indent and outdent', () => {
  /** Lists nested `depth` deep; the innermost one has items 'a' and 'b'. */
  function nested(depth: number): PMNode {
    if (depth === 1) return ul(li(p('a')), li(p('b')));
    return ul(li(p(`level${depth}`), nested(depth - 1)));
  }

  it('nests list items up to depth 7 and refuses beyond', () => {
    expect(MAX_INDENT_DEPTH).toBe(7);
    const six = doc(nested(6));
    const at6 = stateOf(six, posOfText(six, 'b') + 1);
    expect(listDepth(at6.selection.$from)).toBe(6);
    const to7 = run(at6, indent);
    expect(to7.ok).toBe(true);
    expect(listDepth(to7.state.selection.$from)).toBe(7);

    const seven = doc(nested(7));
    const at7 = stateOf(seven, posOfText(seven, 'b') + 1);
    expect(listDepth(at7.selection.$from)).toBe(7);
    const refused = run(at7, indent);
    expect(refused.ok).toBe(false);
    expect(refused.state.doc.eq(seven)).toBe(true);

    const back = run(at7, outdent);
    expect(back.ok).toBe(true);
    expect(listDepth(back.state.selection.$from)).toBe(6);
  });

  it('indents paragraphs up to level 7 and outdents to 0', () => {
    let state = stateOf(doc(p('x')));
    for (let i = 1; i <= 7; i++) {
      const next = run(state, indent);
      expect(next.ok).toBe(true);
      state = next.state;
      expect(state.doc.firstChild?.attrs.indent).toBe(i);
    }
    expect(run(state, indent).ok).toBe(false);
    for (let i = 6; i >= 0; i--) {
      state = run(state, outdent).state;
      expect(state.doc.firstChild?.attrs.indent).toBe(i);
    }
    expect(run(state, outdent).ok).toBe(false);
  });
});

describe('links', () => {
  it('links the selection, prepending https:// when there is no protocol', () => {
    const next = run(stateOf(doc(p('hello world')), 1, 6), setLink('example.com')).state;
    expect(next.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('https://example.com');
    expect(linkAtSelection(stateOf(next.doc, 3))).toMatchObject({ href: 'https://example.com', from: 1, to: 6 });
  });

  it('turns disallowed protocols into about:blank', () => {
    const next = run(stateOf(doc(p('hello')), 1, 6), setLink('javascript:alert(1)')).state;
    expect(next.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('about:blank');
  });

  it('updates and removes the whole link under the cursor', () => {
    const linked = run(stateOf(doc(p('hello world')), 1, 6), setLink('https://a.example')).state;
    const updated = run(stateOf(linked.doc, 3), setLink('https://b.example')).state;
    expect(linkAtSelection(stateOf(updated.doc, 3))).toMatchObject({ href: 'https://b.example', from: 1, to: 6 });
    const removed = run(stateOf(updated.doc, 3), removeLink).state;
    expect(linkAtSelection(stateOf(removed.doc, 3))).toBeNull();
    expect(marksOn(removed.doc, 'hello world')).toEqual([]);
  });

  it("the toolbar's link button starts with the default URL and removes an existing link", () => {
    const added = run(stateOf(doc(p('hello')), 1, 6), toggleLink).state;
    expect(added.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('https://');
    const removed = run(stateOf(added.doc, 1, 6), toggleLink).state;
    expect(removed.doc.nodeAt(1)?.marks).toEqual([]);
    expect(run(stateOf(doc(p('hello')), 3), toggleLink).ok).toBe(false);
  });

  it('inserts the URL as linked text when nothing is selected', () => {
    const next = run(stateOf(doc(p('')), 1), setLink('www.example.com')).state;
    expect(next.doc.textContent).toBe('www.example.com');
    expect(next.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('https://www.example.com');
  });

  it('links selected text to a pasted URL only when the validator accepts it', () => {
    const start = stateOf(doc(p('hello')), 1, 6);
    expect(run(start, linkSelectionToPastedText('https://x.example')).state.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('https://x.example');
    expect(run(start, linkSelectionToPastedText('not a url')).ok).toBe(false);
    expect(run(start, linkSelectionToPastedText('mailto:me@example.com')).ok).toBe(false);
    // ftp passes the validator but not the protocol allow-list.
    expect(run(start, linkSelectionToPastedText('ftp://files.example.com')).state.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('about:blank');
  });
});

describe('autolinks', () => {
  const typing = (text: string) => {
    const state = stateOf(doc(p('')), 1, 1, [autolinkPlugin()]);
    return state.apply(state.tr.insertText(text, 1));
  };

  it('links web URLs as they are typed', () => {
    const next = typing('see www.example.com ');
    const link = next.doc.nodeAt(posOfText(next.doc, 'www.example.com'))?.marks[0];
    expect(link?.type.name).toBe('link');
    expect(link?.attrs).toMatchObject({ href: 'https://www.example.com', auto: true });
  });

  it('links e-mail addresses with mailto:', () => {
    const next = typing('write to me@example.com ');
    expect(next.doc.nodeAt(posOfText(next.doc, 'me@example.com'))?.marks[0]?.attrs.href).toBe('mailto:me@example.com');
  });

  it('drops an automatic link when its text stops matching', () => {
    const linked = typing('www.example.com');
    const from = 1 + 'www.example'.length;
    const edited = linked.apply(linked.tr.delete(from, from + 4));
    expect(edited.doc.textContent).toBe('www.example');
    expect(edited.doc.nodeAt(1)?.marks).toEqual([]);
  });

  it('leaves manual links and code alone', () => {
    const manual = s.marks.link!.create({ href: 'https://other.example' });
    const d = doc(s.node('paragraph', null, [s.text('www.example.com', [manual])]));
    const state = stateOf(d, 16, 16, [autolinkPlugin()]);
    const next = state.apply(state.tr.insertText(' ', 16));
    expect(next.doc.nodeAt(1)?.marks[0]?.attrs.href).toBe('https://other.example');
    const code = stateOf(doc(s.node('code_block', null, [])), 1, 1, [autolinkPlugin()]);
    const typed = code.apply(code.tr.insertText('www.example.com ', 1));
    expect(typed.doc.nodeAt(1)?.marks).toEqual([]);
  });
});

describe('tables', () => {
  it('inserts a rows × columns table with a paragraph after it and the cursor in the first cell', () => {
    const next = run(stateOf(doc(p(''))), insertTable(5, 5)).state;
    const table = next.doc.firstChild!;
    expect(table.type.name).toBe('table');
    expect(table.childCount).toBe(5);
    expect(table.firstChild?.childCount).toBe(5);
    expect(next.doc.lastChild?.type.name).toBe('paragraph');
    expect(next.selection.$from.node(-1).type.name).toBe('table_cell');
    expect(run(stateOf(doc(p(''))), insertTable(50, 10)).state.doc.firstChild?.childCount).toBe(50);
  });

  it('inserts into a non-empty paragraph at its start, middle or end', () => {
    for (const at of [1, 3, 6]) {
      const next = run(stateOf(doc(p('hello')), at), insertTable(2, 3)).state;
      const tables: PMNode[] = [];
      next.doc.descendants((node) => {
        if (node.type.name === 'table') tables.push(node);
        return node.type.name !== 'table';
      });
      expect(tables).toHaveLength(1);
      expect(tables[0]!.childCount).toBe(2);
      expect(next.doc.textContent).toBe('hello');
      expect(next.selection.$from.node(-1).type.name).toBe('table_cell');
    }
  });

  it('refuses sizes outside rows 1-50 and columns 1-10, and tables inside tables', () => {
    for (const [rows, columns] of [
      [0, 1],
      [51, 5],
      [5, 0],
      [5, 11],
    ] as const) {
      expect(run(stateOf(doc(p(''))), insertTable(rows, columns)).ok).toBe(false);
    }
    const inTable = run(stateOf(doc(p(''))), insertTable(2, 2)).state;
    expect(run(inTable, insertTable(2, 2)).ok).toBe(false);
  });

  it('offers merge for a multi-cell selection and unmerge for a merged cell', () => {
    const withTable = run(stateOf(doc(p(''))), insertTable(2, 2)).state;
    const table = withTable.doc.firstChild!;
    const map = TableMap.get(table);
    const cell = (i: number) => 1 + map.map[i]!;
    expect(cellMenuActions(withTable)).toEqual({ merge: false, unmerge: false });

    const selected = withTable.apply(withTable.tr.setSelection(CellSelection.create(withTable.doc, cell(0), cell(1))));
    expect(cellMenuActions(selected)).toEqual({ merge: true, unmerge: false });
    const merged = run(selected, mergeSelectedCells).state;
    const firstRow = merged.doc.firstChild!.firstChild!;
    expect(firstRow.childCount).toBe(1);
    expect(firstRow.firstChild?.attrs.colspan).toBe(2);

    const inMerged = merged.apply(merged.tr.setSelection(TextSelection.create(merged.doc, 4)));
    expect(cellMenuActions(inMerged)).toEqual({ merge: false, unmerge: true });
    const split = run(inMerged, unmergeCell).state;
    expect(split.doc.firstChild!.firstChild!.childCount).toBe(2);
    expect(cellMenuActions(split)).toEqual({ merge: false, unmerge: false });
  });

  it('keeps row heights at least 33 and column widths at least 50', () => {
    const withTable = run(stateOf(doc(p(''))), insertTable(2, 2)).state;
    const rowPos = 1;
    expect(run(withTable, setRowHeight(rowPos, 10)).state.doc.nodeAt(rowPos)?.attrs.height).toBe(33);
    expect(run(withTable, setRowHeight(rowPos, 60)).state.doc.nodeAt(rowPos)?.attrs.height).toBe(60);
    expect(run(withTable, setRowHeight(0, 60)).ok).toBe(false);
    expect(clampColumnWidth(10)).toBe(50);
    expect(clampColumnWidth(120)).toBe(120);
  });
});

describe('mentions', () => {
  it('finds the query at the cursor and inserts a mention for it', () => {
    const start = stateOf(doc(p('hello @jo')), 10);
    expect(mentionQueryAt(start)).toEqual({ query: 'jo', from: 7, to: 10 });
    const next = run(start, insertMention(7, 10, { id: '42', label: 'John' })).state;
    const mention = next.doc.firstChild!.child(1);
    expect(mention.type.name).toBe('mention');
    expect(mention.attrs).toEqual({ id: '42', label: 'John', metadata: null });
    expect(textLength(next.doc)).toBe('hello @John '.length);
  });

  it('has no query in code, after a word character, or past the length limit', () => {
    expect(mentionQueryAt(stateOf(doc(s.node('code_block', null, [s.text('@jo')])), 4))).toBeNull();
    expect(mentionQueryAt(stateOf(doc(p('mail@jo')), 8))).toBeNull();
    const long = `@${'a'.repeat(51)}`;
    expect(mentionQueryAt(stateOf(doc(p(long)), 1 + long.length))).toBeNull();
  });
});

describe('images', () => {
  it('uploads images without a cid and sets the cid from the response', () => {
    const start = run(stateOf(doc(p(''))), insertImage({ src: 'data:image/png;base64,AQID' })).state;
    const pending = imagesNeedingUpload(start.doc);
    expect(pending).toHaveLength(1);
    const marked = run(start, markImageUploading(pending[0]!.pos, 'k1')).state;
    expect(imagesNeedingUpload(marked.doc)).toHaveLength(0);
    const done = run(marked, completeImageUpload('k1', { cid: 'cid-1', url: 'https://signed.example/1' })).state;
    expect(done.doc.nodeAt(pending[0]!.pos)?.attrs).toMatchObject({ cid: 'cid-1', src: 'https://signed.example/1', uploadKey: null });
  });

  it('removes the image when its upload fails', () => {
    const start = run(stateOf(doc(p(''))), insertImage({ src: 'blob:x', uploadKey: 'k2' })).state;
    const removed = run(start, removePendingImage('k2')).state;
    let images = 0;
    removed.doc.descendants((n) => {
      if (n.type.name === 'image') images++;
    });
    expect(images).toBe(0);
  });

  it('does not re-upload images that already have a cid', () => {
    const start = run(stateOf(doc(p(''))), insertImage({ src: 'data:image/png;base64,AQID', cid: 'c' })).state;
    expect(imagesNeedingUpload(start.doc)).toHaveLength(0);
  });
});

describe('max length', () => {
  it('refuses edits that grow the text past the limit but allows deleting and host content', () => {
    const start = stateOf(doc(p('')), 1, 1, [maxLengthPlugin(5)]);
    const five = start.apply(start.tr.insertText('hello', 1));
    expect(five.doc.textContent).toBe('hello');
    const six = five.apply(five.tr.insertText('!', 6));
    expect(six.doc.textContent).toBe('hello');
    const shorter = five.apply(five.tr.delete(1, 2));
    expect(shorter.doc.textContent).toBe('ello');
    const host = five.apply(five.tr.insertText(' world', 6).setMeta(SET_CONTENT_META, true));
    expect(host.doc.textContent).toBe('hello world');
  });
});
