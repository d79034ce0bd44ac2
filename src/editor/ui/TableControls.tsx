import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
  toggleHeaderRow,
} from 'prosemirror-tables';
import type { Command, EditorState } from 'prosemirror-state';
import { cellMenuActions, mergeSelectedCells, parseTableSizeInput, unmergeCell } from '../commands/tables';
import { EDITOR_MESSAGES, TABLE_DEFAULT_COLUMNS, TABLE_DEFAULT_ROWS, TABLE_MAX_COLUMNS, TABLE_MAX_ROWS, TABLE_QUICK_GRID_SIZE } from '../constants';

export interface InsertTableButtonProps {
  disabled: boolean;
  onInsert: (rows: number, columns: number) => void;
}

/** The toolbar's 'Insert table': a 6×6 quick grid, and the 'Insert table' modal for other sizes. */
export function InsertTableButton({ disabled, onInsert }: InsertTableButtonProps) {
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState<{ rows: number; columns: number }>({ rows: 0, columns: 0 });
  const [dialogOpen, setDialogOpen] = useState(false);
  const cells = [];
  for (let r = 1; r <= TABLE_QUICK_GRID_SIZE; r++) {
    for (let c = 1; c <= TABLE_QUICK_GRID_SIZE; c++) {
      const lit = r <= hover.rows && c <= hover.columns;
      cells.push(
        <button
          key={`${r}-${c}`}
          type="button"
          className={`rte-table-grid-cell${lit ? ' rte-table-grid-cell--lit' : ''}`}
          aria-label={`${r} × ${c} table`}
          data-testid={`rte-table-grid-${r}-${c}`}
          onMouseEnter={() => setHover({ rows: r, columns: c })}
          onFocus={() => setHover({ rows: r, columns: c })}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            setOpen(false);
            onInsert(r, c);
          }}
        />,
      );
    }
  }
  const content = (
    <div className="rte-table-picker" data-testid="rte-table-picker">
      <div className="rte-table-grid" style={{ gridTemplateColumns: `repeat(${TABLE_QUICK_GRID_SIZE}, 18px)` }} onMouseLeave={() => setHover({ rows: 0, columns: 0 })}>
        {cells}
      </div>
      <div className="rte-table-grid-label">{hover.rows > 0 ? `${hover.rows} × ${hover.columns}` : ' '}</div>
      <Button
        size="small"
        variant="minimal"
        fill
        text="Custom size…"
        data-testid="rte-table-custom"
        onClick={() => {
          setOpen(false);
          setDialogOpen(true);
        }}
      />
    </div>
  );
  return (
    <>
      <PopoverNext
        content={content}
        isOpen={open}
        onInteraction={(next) => setOpen(next && !disabled)}
        placement="bottom-start"
        usePortal={false}
        autoFocus={false}
        enforceFocus={false}
      >
        <Button variant="minimal" icon="th" aria-label="Insert table" data-testid="rte-insert-table" disabled={disabled} onMouseDown={(e) => e.preventDefault()} />
      </PopoverNext>
      <InsertTableDialog
        isOpen={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onInsert={(rows, columns) => {
          setDialogOpen(false);
          onInsert(rows, columns);
        }}
      />
    </>
  );
}

export interface InsertTableDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onInsert: (rows: number, columns: number) => void;
}

/** The 'Insert table' modal: rows 1 to 50, columns 1 to 10, defaults 5 and 5; Insert is disabled otherwise. */
export function InsertTableDialog({ isOpen, onClose, onInsert }: InsertTableDialogProps) {
  const [rows, setRows] = useState(String(TABLE_DEFAULT_ROWS));
  const [columns, setColumns] = useState(String(TABLE_DEFAULT_COLUMNS));
  const parsed = parseTableSizeInput(rows, columns);
  const close = () => {
    setRows(String(TABLE_DEFAULT_ROWS));
    setColumns(String(TABLE_DEFAULT_COLUMNS));
    onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={EDITOR_MESSAGES.insertTableTitle} className="rte-insert-table-dialog">
      <form
        data-testid="rte-insert-table-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.valid) {
            onInsert(parsed.rows, parsed.columns);
            setRows(String(TABLE_DEFAULT_ROWS));
            setColumns(String(TABLE_DEFAULT_COLUMNS));
          }
        }}
      >
        <DialogBody>
          <FormGroup label="Rows" labelFor="rte-table-rows" helperText={`1 to ${TABLE_MAX_ROWS}`}>
            <InputGroup id="rte-table-rows" inputMode="numeric" aria-label="Rows" data-testid="rte-table-rows" value={rows} onChange={(e) => setRows(e.target.value)} autoFocus />
          </FormGroup>
          <FormGroup label="Columns" labelFor="rte-table-columns" helperText={`1 to ${TABLE_MAX_COLUMNS}`}>
            <InputGroup id="rte-table-columns" inputMode="numeric" aria-label="Columns" data-testid="rte-table-columns" value={columns} onChange={(e) => setColumns(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button type="submit" intent="primary" text="Insert" data-testid="rte-table-insert" disabled={!parsed.valid} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export interface TableCellMenuProps {
  state: EditorState;
  top: number;
  left: number;
  run: (command: Command) => void;
}

/** The table cell action menu: rows, columns, header row, and merge or unmerge depending on the selection. */
export function TableCellMenu({ state, top, left, run }: TableCellMenuProps) {
  const actions = cellMenuActions(state);
  const item = (text: string, command: Command, testId: string) => (
    <MenuItem text={text} data-testid={testId} disabled={!command(state)} onClick={() => run(command)} />
  );
  const menu = (
    <Menu aria-label="Table cell actions" data-testid="rte-table-menu">
      {actions.merge && <MenuItem text="Merge cells" data-testid="rte-table-merge" onClick={() => run(mergeSelectedCells)} />}
      {actions.unmerge && <MenuItem text="Unmerge cells" data-testid="rte-table-unmerge" onClick={() => run(unmergeCell)} />}
      {(actions.merge || actions.unmerge) && <MenuDivider />}
      {item('Insert row above', addRowBefore, 'rte-table-row-above')}
      {item('Insert row below', addRowAfter, 'rte-table-row-below')}
      {item('Insert column left', addColumnBefore, 'rte-table-column-left')}
      {item('Insert column right', addColumnAfter, 'rte-table-column-right')}
      <MenuDivider />
      {item('Toggle header row', toggleHeaderRow, 'rte-table-header-row')}
      <MenuDivider />
      {item('Delete row', deleteRow, 'rte-table-delete-row')}
      {item('Delete column', deleteColumn, 'rte-table-delete-column')}
      {item('Delete table', deleteTable, 'rte-table-delete')}
    </Menu>
  );
  return (
    <div className="rte-table-cell-menu" style={{ top, left }}>
      <PopoverNext content={menu} placement="bottom-end" usePortal={false} autoFocus={false} enforceFocus={false}>
        <Button
          size="small"
          variant="minimal"
          icon="caret-down"
          aria-label="Table cell actions"
          data-testid="rte-table-menu-button"
          onMouseDown={(e) => e.preventDefault()}
        />
      </PopoverNext>
    </div>
  );
}
