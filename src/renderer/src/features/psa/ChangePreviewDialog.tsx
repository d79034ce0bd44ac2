/**
 * Preview before save: every mapping row that will change,
 * before → after, including the location mappings an account remap resets
 * (with §8.3's warning), confirmed in one dialog. Nothing is written before
 * Save changes.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useMemo } from 'react';
import { changedRowCount, type MappingChange } from '../../../../shared/rules/psa/diff';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { TextCell } from '../../components/data-table/cells';

interface ChangePreviewDialogProps {
  changes: readonly MappingChange[];
  /** Said above the changes (the §8.3 location warning of an account remap). */
  warning?: string | null;
  saving: boolean;
  onCancel(): void;
  onConfirm(): void;
}

const NONE = '—';

const COLUMNS: DataTableColumn<MappingChange>[] = [
  { id: 'row', title: 'Mapping', width: 300, sortValue: (c) => c.label.toLowerCase(), render: (c) => <TextCell text={c.label} /> },
  { id: 'field', title: 'Field', width: 190, sortValue: (c) => c.fieldLabel, render: (c) => <TextCell text={c.fieldLabel} /> },
  { id: 'before', title: 'Before', width: 210, render: (c) => <TextCell text={c.before || NONE} /> },
  { id: 'after', title: 'After', width: 210, render: (c) => <TextCell text={c.after || NONE} /> },
];

export function ChangePreviewDialog({ changes, warning, saving, onCancel, onConfirm }: ChangePreviewDialogProps) {
  const rows = useMemo(() => changes.map((change, i) => ({ ...change, index: i })), [changes]);
  const count = changedRowCount(changes);
  return (
    <Dialog isOpen title="Review changes" onClose={saving ? undefined : onCancel} className="psa-change-preview" style={{ width: 960 }} canOutsideClickClose={false}>
      <DialogBody>
        <p role="status">
          <strong>{count === 1 ? '1 mapping will change.' : `${count} mappings will change.`}</strong> Nothing is saved until you confirm.
        </p>
        {warning && (
          <Callout intent={Intent.WARNING} icon="warning-sign" className="psa-change-warning">
            {warning}
          </Callout>
        )}
        <div className="psa-change-table">
          <DataTable<MappingChange & { index: number }> id="psa-change-preview" label="Changes" columns={COLUMNS} rows={rows} rowId={(c) => String(c.index)} searchText={(c) => `${c.label} ${c.before} ${c.after}`} searchPlaceholder="Search changes" />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" disabled={saving} onClick={onCancel} />
            <Button intent={Intent.PRIMARY} text="Save changes" loading={saving} disabled={count === 0} onClick={onConfirm} />
          </>
        }
      />
    </Dialog>
  );
}
