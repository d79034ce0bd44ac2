/** Tables: insertion bounds, merge and unmerge, row heights. */
import type { Node as PMNode, Schema } from 'prosemirror-model';
import { type Command, type EditorState, TextSelection } from 'prosemirror-state';
import { CellSelection, cellAround, isInTable, mergeCells, splitCell } from 'prosemirror-tables';
import {
  TABLE_CELL_MIN_WIDTH,
  TABLE_MAX_COLUMNS,
  TABLE_MAX_ROWS,
  TABLE_MIN_COLUMNS,
  TABLE_MIN_ROWS,
  TABLE_ROW_MIN_HEIGHT,
} from '../constants';

/** Rows 1 to 50 and columns 1 to 10, whole numbers. */
export function isValidTableSize(rows: number, columns: number): boolean {
  return (
    Number.isInteger(rows) &&
    Number.isInteger(columns) &&
    rows >= TABLE_MIN_ROWS &&
    rows <= TABLE_MAX_ROWS &&
    columns >= TABLE_MIN_COLUMNS &&
    columns <= TABLE_MAX_COLUMNS
  );
}

/** The 'Insert table' modal's inputs: digits only, within the bounds. The Insert button is disabled otherwise. */
export function parseTableSizeInput(rows: string, columns: string): { rows: number; columns: number; valid: boolean } {
  const r = /^\s*\d+\s*$/.test(rows) ? Number(rows) : Number.NaN;
  const c = /^\s*\d+\s*$/.test(columns) ? Number(columns) : Number.NaN;
  return { rows: r, columns: c, valid: isValidTableSize(r, c) };
}

export function createTable(schema: Schema, rows: number, columns: number, options: { headerRow?: boolean } = {}): PMNode {
  const { table, table_row, table_cell, table_header, paragraph } = schema.nodes;
  const rowNodes: PMNode[] = [];
  for (let r = 0; r < rows; r++) {
    const cellType = options.headerRow && r === 0 ? table_header! : table_cell!;
    const cells: PMNode[] = [];
    for (let c = 0; c < columns; c++) cells.push(cellType.create(null, paragraph!.create()));
    rowNodes.push(table_row!.create(null, cells));
  }
  return table!.create(null, rowNodes);
}

/** Inserts a rows × columns table at the selection (not inside another table) and puts the cursor in its first cell. */
export function insertTable(rows: number, columns: number, options: { headerRow?: boolean } = {}): Command {
  return (state, dispatch) => {
    if (!isValidTableSize(rows, columns) || isInTable(state)) return false;
    const { $from } = state.selection;
    if ($from.parent.type.spec.code) return false;
    if (dispatch) {
      const tableNode = createTable(state.schema, rows, columns, options);
      const tr = state.tr;
      let tablePos: number;
      if ($from.parent.isTextblock && $from.parent.content.size === 0 && $from.depth === 1) {
        // An empty paragraph is replaced by the table.
        tablePos = $from.before();
        tr.replaceWith(tablePos, $from.after(), tableNode);
      } else {
        tr.replaceSelectionWith(tableNode, false);
        // The selection ends up right after the inserted table: it is the last table starting before it.
        tablePos = -1;
        const limit = tr.selection.from;
        tr.doc.descendants((node, pos) => {
          if (pos >= limit) return false;
          if (node.type === tableNode.type) {
            tablePos = pos;
            return false;
          }
          return true;
        });
      }
      if (tablePos < 0) {
        dispatch(tr.scrollIntoView());
        return true;
      }
      const after = tablePos + tr.doc.nodeAt(tablePos)!.nodeSize;
      // Keep a paragraph after the table so that typing can continue below it.
      if (after >= tr.doc.content.size || !tr.doc.resolve(after).nodeAfter?.isTextblock) {
        tr.insert(after, state.schema.nodes.paragraph!.create());
      }
      tr.setSelection(TextSelection.create(tr.doc, tablePos + 4));
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

export interface CellMenuActions {
  merge: boolean;
  unmerge: boolean;
}

/** The table cell menu offers merge or unmerge depending on the selection. */
export function cellMenuActions(state: EditorState): CellMenuActions {
  if (!isInTable(state)) return { merge: false, unmerge: false };
  const merge = state.selection instanceof CellSelection && mergeCells(state);
  return { merge, unmerge: !merge && splitCell(state) };
}

/** Merges the selected cells into one. */
export const mergeSelectedCells: Command = (state, dispatch) => mergeCells(state, dispatch);

/** Splits a merged cell back into single cells. */
export const unmergeCell: Command = (state, dispatch) => splitCell(state, dispatch);

export function clampRowHeight(height: number): number {
  return Math.max(TABLE_ROW_MIN_HEIGHT, Math.round(height));
}

export function clampColumnWidth(width: number): number {
  return Math.max(TABLE_CELL_MIN_WIDTH, Math.round(width));
}

/** Sets the height of the table row at rowPos (at least 33 px); null clears it. */
export function setRowHeight(rowPos: number, height: number | null): Command {
  return (state, dispatch) => {
    const row = state.doc.nodeAt(rowPos);
    if (!row || row.type.name !== 'table_row') return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup(rowPos, undefined, { ...row.attrs, height: height === null ? null : clampRowHeight(height) }));
    return true;
  };
}

/** Position of the cell around the selection head, if in a table. */
export function selectedCellPos(state: EditorState): number | null {
  const $cell = cellAround(state.selection.$head);
  return $cell ? $cell.pos : null;
}
