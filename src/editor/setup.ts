/** Editor state set-up: keymaps, input rules and plugins. */
import { baseKeymap, chainCommands, exitCode } from 'prosemirror-commands';
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { history, redo, undo } from 'prosemirror-history';
import { InputRule, inputRules, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { keymap } from 'prosemirror-keymap';
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { splitListItem } from 'prosemirror-schema-list';
import { type Command, EditorState, type Plugin } from 'prosemirror-state';
import { columnResizing, goToNextCell, isInTable, tableEditing } from 'prosemirror-tables';
import { indentWithin, outdent } from './commands/indent';
import { toggleFormat } from './commands/marks';
import { MAX_INDENT_DEPTH, TABLE_CELL_MIN_WIDTH } from './constants';
import { autolinkPlugin } from './plugins/autolink';
import { listDepthPlugin } from './plugins/list-depth';
import { maxLengthPlugin } from './plugins/max-length';
import { placeholderPlugin } from './plugins/placeholder';
import { rowResizing } from './plugins/row-resize';
import { editorSchema, emptyDoc } from './schema';

function buildInputRules(schema: Schema): Plugin {
  const { heading, bullet_list, ordered_list, blockquote, code_block, horizontal_rule } = schema.nodes;
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,4})\s$/, heading!, (match) => ({ level: match[1]!.length })),
      wrappingInputRule(/^\s*([-+*])\s$/, bullet_list!),
      wrappingInputRule(/^(\d+)\.\s$/, ordered_list!, (match) => ({ order: Number(match[1]) }), (match, node) => node.childCount + (node.attrs.order as number) === Number(match[1])),
      wrappingInputRule(/^\s*>\s$/, blockquote!),
      textblockTypeInputRule(/^```$/, code_block!),
      new InputRule(/^---$/, (state, _match, start, end) => state.tr.replaceRangeWith(start - 1, end, horizontal_rule!.create())),
    ],
  });
}

const inTable: (command: Command) => Command = (command) => (state, dispatch, view) => isInTable(state) && command(state, dispatch, view);
const inList: (command: Command) => Command = (command) => (state, dispatch, view) => {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type.name === 'list_item') return command(state, dispatch, view);
  return false;
};

function buildKeymap(schema: Schema, maxListDepth: number): Plugin {
  const indent = indentWithin(maxListDepth);
  const hardBreak = schema.nodes.hard_break!;
  const insertBreak: Command = (state, dispatch) => {
    if (dispatch) dispatch(state.tr.replaceSelectionWith(hardBreak.create()).scrollIntoView());
    return true;
  };
  return keymap({
    'Mod-z': undo,
    'Mod-y': redo,
    'Shift-Mod-z': redo,
    'Mod-b': toggleFormat('bold'),
    'Mod-i': toggleFormat('italic'),
    'Mod-u': toggleFormat('underline'),
    'Mod-Shift-x': toggleFormat('strikethrough'),
    'Mod-e': toggleFormat('code'),
    'Mod-]': indent,
    'Mod-[': outdent,
    Tab: chainCommands(inTable(goToNextCell(1)), inList(indent)),
    'Shift-Tab': chainCommands(inTable(goToNextCell(-1)), inList(outdent)),
    Enter: splitListItem(schema.nodes.list_item!),
    'Shift-Enter': chainCommands(exitCode, insertBreak),
  });
}

export interface EditorPluginOptions {
  placeholder?: string;
  /** Refuse edits past this text length. */
  maxLength?: number;
  /** Extra key bindings (first in order), such as Mod-k for the link editor. */
  keys?: Record<string, Command>;
  /** Plugins of the host component (paste handling, mentions keys), placed before the defaults. */
  plugins?: Plugin[];
  /** How deep lists may nest (§9: 7; the mentions editor uses 5). */
  maxListDepth?: number;
}

export function createEditorPlugins(schema: Schema = editorSchema, options: EditorPluginOptions = {}): Plugin[] {
  return [
    ...(options.plugins ?? []),
    ...(options.keys ? [keymap(options.keys)] : []),
    buildInputRules(schema),
    buildKeymap(schema, options.maxListDepth ?? MAX_INDENT_DEPTH),
    keymap(baseKeymap),
    history(),
    dropCursor(),
    gapCursor(),
    columnResizing({ cellMinWidth: TABLE_CELL_MIN_WIDTH, lastColumnResizable: true }),
    tableEditing(),
    rowResizing(),
    autolinkPlugin(),
    listDepthPlugin(options.maxListDepth ?? MAX_INDENT_DEPTH),
    ...(options.placeholder ? [placeholderPlugin(options.placeholder)] : []),
    ...(options.maxLength != null ? [maxLengthPlugin(options.maxLength)] : []),
  ];
}

/** A fresh editor state for a document (an empty one by default). */
export function createEditorState(doc: PMNode = emptyDoc(), options: EditorPluginOptions = {}): EditorState {
  return EditorState.create({ doc, schema: doc.type.schema, plugins: createEditorPlugins(doc.type.schema, options) });
}
