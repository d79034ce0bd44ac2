/**
 * The mapping modals' shell (spec §2.4: the configuration type mapping modal
 * and the product mapping modal; §4.3 add versus edit, copy; §5.4) on the
 * shared VerticalTabsDialog: General (Name, then the modal's own fields) and
 * Role mappings (the rows, each with Edit and Delete, Add role mapping, the
 * modal's own tools), and the row's role mapping modal over it. Create or
 * Save writes the mapping with its rows, then the settings are read again.
 * A row missing a required field (a real server's rows are read tolerantly
 * and may lack one) is marked Incomplete (`MarkedCell`) and refuses the save
 * until it is completed or removed (./role-rows.ts): never dropped silently.
 */
import { Button, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { PSA_NAME_MAX } from '../../../../../shared/model/psa';
import { PSA_MESSAGES } from '../../../../../shared/rules/psa/messages';
import { presentError, toastSuccess } from '../../../core/toaster';
import { TextCell } from '../../../components/data-table/cells';
import { DataTable, type DataTableColumn, type DataTableProps, type RowAction } from '../../../components/data-table/DataTable';
import { Field } from '../../../components/form/Field';
import { FormError } from '../../../components/form/FormError';
import type { FieldPath } from '../../../components/form/form-state';
import type { ZodForm } from '../../../components/form/use-zod-form';
import { VerticalTabsDialog } from '../../../components/form/VerticalTabsDialog';
import type { CwData } from './cw-data';
import type { MappingTarget } from './MappingsList';

const TITLE_VERBS = { add: 'Add', edit: 'Edit', copy: 'Copy' } as const;

/** A row's cell, marked 'Incomplete' when the row lacks a required field. */
export function MarkedCell({ text, incomplete }: { text: string | null; incomplete: boolean }) {
  if (!incomplete) return <TextCell text={text} />;
  return (
    <span className="cw-incomplete">
      <Tag minimal intent={Intent.DANGER} icon="warning-sign" htmlTitle="A required field is missing: edit the row to complete it, or delete it">
        Incomplete
      </Tag>
      <TextCell text={text} />
    </span>
  );
}

/** A role mapping modal (./RowDialog.tsx): one row of the mapping's list. */
export interface RoleDialogProps<Row> {
  row: Row;
  /** The mapping's rows (what one row may not repeat of another). */
  rows: readonly Row[];
  adding: boolean;
  data: CwData;
  onApply(row: Row): void;
  onClose(): void;
}

interface MappingDialogProps<M extends { id: number; name: string }, Row extends { id: number }> {
  /** 'product mapping': the titles ('Add product mapping') and the saved message ("Product mapping 'X' saved"). */
  noun: string;
  /** The key of the save's messages (the form's ids start with it too). */
  messageKey: string;
  target: MappingTarget<M>;
  form: ZodForm<z.ZodType<M>>;
  data: CwData;
  /** The save call: `base` is the id (when editing) and the trimmed name, the rest is the modal's. */
  write(parsed: M, base: { id?: number; name: string }): Promise<unknown>;
  onClose(): void;
  /** General's fields after Name, and their paths. */
  general?: ReactNode;
  generalFields?: readonly FieldPath[];
  /** The role rows: their field, in their order. */
  rowsField: FieldPath;
  rows: readonly Row[];
  /** An error about the rows as a whole, above them. */
  rowsError?: string;
  tableId: string;
  columns: readonly DataTableColumn<Row>[];
  rowLabel(row: Row): string;
  /** The table's selection and keys, when the modal uses them. */
  table?: Pick<DataTableProps<Row>, 'selection' | 'onSelectionChange' | 'onKey'>;
  /** After Add role mapping. */
  tools?: ReactNode;
  /** Why Add role mapping is disabled, when it is. */
  addBlocked?: string;
  newRow(rows: readonly Row[]): Row;
  remove(rows: readonly Row[], id: number): Row[];
  upsert(rows: readonly Row[], row: Row): Row[];
  editor: ComponentType<RoleDialogProps<Row>>;
}

export function MappingDialog<M extends { id: number; name: string }, Row extends { id: number }>(props: MappingDialogProps<M, Row>) {
  const { noun, messageKey, target, form, data, rows, addBlocked, editor: Editor } = props;
  const [editing, setEditing] = useState<{ row: Row; adding: boolean } | null>(null);
  const setRows = (next: Row[]) => form.set(props.rowsField, next);
  const actions: RowAction<Row>[] = [
    { id: 'edit', label: 'Edit', icon: 'edit', run: (row) => setEditing({ row, adding: false }) },
    { id: 'delete', label: 'Delete', icon: 'trash', run: (row) => setRows(props.remove(rows, row.id)) },
  ];

  const save = async (parsed: M) => {
    try {
      await props.write(parsed, { ...(target.mode === 'edit' ? { id: parsed.id } : {}), name: parsed.name.trim() });
    } catch (error) {
      presentError(error, { key: messageKey });
      throw error;
    }
    toastSuccess(`${noun.charAt(0).toUpperCase()}${noun.slice(1)} '${parsed.name.trim()}' saved`, messageKey);
    data.reload();
  };

  return (
    <>
      <VerticalTabsDialog
        title={`${TITLE_VERBS[target.mode]} ${noun}`}
        isOpen
        mode={target.mode === 'edit' ? 'edit' : 'add'}
        size="wide"
        form={form}
        onSave={save}
        onClose={props.onClose}
        tabs={[
          {
            id: 'general',
            title: 'General',
            fields: ['name', ...(props.generalFields ?? [])],
            panel: (
              <>
                <Field label="Name" binding={form.field('name')} required>
                  {(b) => <InputGroup id={b.id} value={String(b.value ?? '')} maxLength={PSA_NAME_MAX + 20} intent={b.intent} onValueChange={b.onChange} onBlur={b.onBlur} />}
                </Field>
                {props.general}
              </>
            ),
          },
          {
            id: 'roles',
            title: 'Role mappings',
            fields: [props.rowsField],
            panel: (
              <>
                <FormError message={props.rowsError} />
                <DataTable<Row>
                  id={props.tableId}
                  label="Role mappings"
                  className="cw-table cw-role-table"
                  columns={props.columns}
                  rows={rows}
                  rowId={(r) => String(r.id)}
                  rowLabel={props.rowLabel}
                  {...props.table}
                  actions={actions}
                  onRowAction={(row) => setEditing({ row, adding: false })}
                  emptyTitle={PSA_MESSAGES.noRoleMappings}
                  toolbar={
                    <>
                      <Button
                        icon="add"
                        intent={Intent.PRIMARY}
                        text="Add role mapping"
                        disabled={addBlocked !== undefined}
                        title={addBlocked}
                        onClick={() => setEditing({ row: props.newRow(rows), adding: true })}
                      />
                      {props.tools}
                    </>
                  }
                />
              </>
            ),
          },
        ]}
      />
      {editing && (
        <Editor
          row={editing.row}
          rows={rows}
          adding={editing.adding}
          data={data}
          onClose={() => setEditing(null)}
          onApply={(row) => {
            setRows(props.upsert(rows, row));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
