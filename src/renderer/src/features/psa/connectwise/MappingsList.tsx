/**
 * A mapping list of the Configuration and Products pages (spec §2.4
 * "configuration type mapping list (Add New Mapping, Edit, Delete, Copy,
 * search by name)", "product mapping list (same actions)"; §4.3; §8.3 'No
 * Mappings'): a name, Edit or Enter opens the modal; Copy opens it with
 * '<name> (Copy)' and a new id; Delete asks first, then the list reads again.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useMemo, useState, type ReactNode } from 'react';
import { copyMapping } from '../../../../../shared/rules/psa/transitions';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { ButtonLinkCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type RowAction } from '../../../components/data-table/DataTable';
import { presentError, toastSuccess } from '../../../core/toaster';
import { ConfirmDelete } from '../../../components/admin-list';

/** What the modal opens with: a new mapping, one to edit, or a copy (saved as new). */
export interface MappingTarget<T> {
  mapping: T;
  mode: 'add' | 'edit' | 'copy';
}

interface MappingsListProps<T extends { id: number; name: string }> {
  tableId: string;
  /** The table's name ('Configuration Type Mappings'). */
  label: string;
  /** What one is, for the messages ('configuration type mapping'). */
  noun: string;
  mappings: readonly T[];
  /** Columns after Name. */
  columns: readonly DataTableColumn<T>[];
  newMapping(all: readonly T[]): T;
  remove(id: number): Promise<unknown>;
  onDeleted(): void;
  /** Renders the modal for a target; `close` ends it. */
  renderDialog(target: MappingTarget<T>, close: () => void): ReactNode;
}

export function MappingsList<T extends { id: number; name: string }>(props: MappingsListProps<T>) {
  const { mappings, noun } = props;
  const [target, setTarget] = useState<MappingTarget<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const open = (mapping: T) => setTarget({ mapping, mode: 'edit' });

  const columns = useMemo<DataTableColumn<T>[]>(
    () => [
      { id: 'name', title: 'Name', width: 300, sortValue: (m) => m.name.toLowerCase(), render: (m) => <ButtonLinkCell text={m.name} label={`Edit ${m.name}`} onClick={() => open(m)} /> },
      ...props.columns,
    ],
    // The cells open the latest mapping; the columns change with the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.columns],
  );
  const actions: RowAction<T>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: open },
    { id: 'copy', label: 'Copy', icon: 'duplicate', run: (m) => setTarget({ mapping: copyMapping(m, mappings), mode: 'copy' }) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: setDeleting },
  ];

  const remove = async () => {
    if (!deleting) return;
    try {
      await props.remove(deleting.id);
      toastSuccess(`'${deleting.name}' deleted`, `${props.tableId}-delete`);
      setDeleting(null);
      props.onDeleted();
    } catch (error) {
      presentError(error, { key: `${props.tableId}-delete` });
    }
  };

  return (
    <>
      <DataTable<T>
        id={props.tableId}
        label={props.label}
        className="cw-table cw-mappings-table"
        columns={columns}
        rows={mappings}
        rowId={(m) => String(m.id)}
        rowLabel={(m) => m.name}
        searchText={(m) => m.name}
        searchPlaceholder="Search by name"
        actions={actions}
        onRowAction={open}
        emptyTitle={PSA_MESSAGES.noMappings}
        toolbar={<Button intent={Intent.PRIMARY} icon="add" text="Add New Mapping" onClick={() => setTarget({ mapping: props.newMapping(mappings), mode: 'add' })} />}
      />
      {target && props.renderDialog(target, () => setTarget(null))}
      <ConfirmDelete what={noun} name={deleting?.name ?? null} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </>
  );
}
