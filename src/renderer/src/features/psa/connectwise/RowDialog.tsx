/**
 * The role mapping modals' shell (spec §2.4: the configuration role mapping
 * modal, the product role mapping modal): a form over one row of a mapping's
 * list, checked by the shared validation; Add (a new row) or Apply (an edited
 * one) hands the row back to the mapping modal, where it is saved with the
 * mapping. Closing with changes asks first. Both modals choose the row's
 * device role (`RoleField`) and its required records (`RecordField`) the
 * same way.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { DeviceRole, PsaId, PsaRecord } from '../../../../../shared/model/psa';
import { Field } from '../../../components/form/Field';
import { useConfirmClose } from '../../../components/form/UnsavedChangesAlert';
import type { ZodForm } from '../../../components/form/use-zod-form';
import { roleName } from './cw-data';
import { CW_UNSAVED_TITLE_ID, RecordSelect, recordOf } from './cw-kit';

interface RowDialogProps<S extends z.ZodTypeAny> {
  adding: boolean;
  form: ZodForm<S>;
  onApply(values: z.output<S>): void;
  onClose(): void;
  className?: string;
  children: ReactNode;
}

export function RowDialog<S extends z.ZodTypeAny>({ adding, form, onApply, onClose, className, children }: RowDialogProps<S>) {
  const { close, alert } = useConfirmClose(form.dirty, onClose, CW_UNSAVED_TITLE_ID);
  const apply = () => void form.submit((values) => onApply(values));
  return (
    <Dialog isOpen title={adding ? 'Add role mapping' : 'Edit role mapping'} onClose={close} className={`cw-row-dialog ${className ?? ''}`} canOutsideClickClose={false}>
      <DialogBody>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          {children}
        </form>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button intent={Intent.PRIMARY} text={adding ? 'Add' : 'Apply'} onClick={apply} />
          </>
        }
      />
      {alert}
    </Dialog>
  );
}

/** The row's device role (required, field `nodeRoleId`): a choice of `offered`, the row's own role shown by its name (`roles`). */
export function RoleField<S extends z.ZodTypeAny>({ label, form, offered, roles }: { label: string; form: ZodForm<S>; offered: readonly PsaRecord[]; roles: readonly DeviceRole[] }) {
  return (
    <Field label={label} binding={form.field('nodeRoleId')} required>
      {(b) => {
        const roleId = b.value as number | null;
        return (
          <RecordSelect
            id={b.id}
            value={roleId === null ? null : { id: roleId, name: roleName(roles, roleId) }}
            records={offered}
            none="Select..."
            intent={b.intent}
            onBlur={b.onBlur}
            onChange={(record) => b.onChange(record === null ? null : Number(record.id))}
          />
        );
      }}
    </Field>
  );
}

/** A required record of the row (Configuration Type, Agreement Type): its id and name fields set together; one the list lacks stays shown by its saved name. */
export function RecordField<S extends z.ZodTypeAny>({ label, form, idField, nameField, records }: { label: string; form: ZodForm<S>; idField: string; nameField: string; records: readonly PsaRecord[] }) {
  const values = form.values as Record<string, PsaId | string | null>;
  return (
    <Field label={label} binding={form.field(idField)} required>
      {(b) => (
        <RecordSelect
          id={b.id}
          value={recordOf(values[idField], values[nameField] as string | null)}
          records={records}
          none="Select..."
          intent={b.intent}
          onBlur={b.onBlur}
          onChange={(record) => {
            form.set(idField, record?.id ?? null);
            form.set(nameField, record?.name ?? null);
          }}
        />
      )}
    </Field>
  );
}
