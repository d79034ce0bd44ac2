/**
 * A table's settings (help spec §3, §5): the columns shown (at least one:
 * Save is disabled with none; at most maxColumnCount or the columns there
 * are, with 'This table has reached maximum amount of columns.'), the sort,
 * and auto-refresh. Kept per table by the DataTable.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { checkColumns, toggleColumn, type TableSettings } from './table-settings';

export function TableSettingsDialog({
  isOpen,
  columns,
  settings,
  maxColumnCount,
  canAutoRefresh,
  onClose,
  onSave,
}: {
  isOpen: boolean;
  columns: ReadonlyArray<{ id: string; title: string; sortable: boolean }>;
  settings: TableSettings;
  maxColumnCount?: number;
  /** The table can fetch its rows again by itself. */
  canAutoRefresh: boolean;
  onClose(): void;
  onSave(settings: TableSettings): void;
}) {
  const [draft, setDraft] = useState(settings);
  const [openedWith, setOpenedWith] = useState(settings);
  // Each opening starts from the saved settings.
  if (openedWith !== settings) {
    setOpenedWith(settings);
    setDraft(settings);
  }
  const available = columns.map((column) => column.id);
  const check = checkColumns(draft.columns, available, maxColumnCount);
  const sort = draft.sortBy[0];
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Table settings" icon="cog" onOpening={() => setDraft(settings)}>
      <DialogBody>
        <FormGroup label="Columns" labelInfo="*">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              label={column.title}
              checked={draft.columns.includes(column.id)}
              disabled={!draft.columns.includes(column.id) && check.atCap}
              onChange={() => setDraft({ ...draft, columns: toggleColumn(draft.columns, column.id, available, maxColumnCount) })}
            />
          ))}
          {check.warning && (
            <Callout intent={Intent.WARNING} compact>
              {check.warning}
            </Callout>
          )}
        </FormGroup>
        {columns.some((column) => column.sortable) && (
        <FormGroup label="Sort by" labelFor="table-settings-sort">
          <HTMLSelect
            id="table-settings-sort"
            value={sort ? `${sort.id}|${sort.desc ? 'DESC' : 'ASC'}` : ''}
            onChange={(event) => {
              const [column, direction] = event.target.value.split('|');
              setDraft({ ...draft, sortBy: column ? [{ id: column, desc: direction === 'DESC' }] : [] });
            }}
          >
            <option value="">None</option>
            {columns.filter((column) => column.sortable).flatMap((column) => [
              <option key={`${column.id}-a`} value={`${column.id}|ASC`}>{`${column.title} (ASC)`}</option>,
              <option key={`${column.id}-d`} value={`${column.id}|DESC`}>{`${column.title} (DESC)`}</option>,
            ])}
          </HTMLSelect>
        </FormGroup>
        )}
        {canAutoRefresh && <Switch label="Refresh automatically" checked={draft.autoRefreshEnabled} onChange={() => setDraft({ ...draft, autoRefreshEnabled: !draft.autoRefreshEnabled })} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button intent={Intent.PRIMARY} disabled={!check.canSave} onClick={() => onSave(draft)}>
              Save
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
