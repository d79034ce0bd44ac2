/**
 * The role mapping modals' shell (spec §2.4: the configuration role mapping
 * modal, the product role mapping modal): a form over one row of a mapping's
 * list, checked by the shared validation; Add (a new row) or Apply (an edited
 * one) hands the row back to the mapping modal, where it is saved with the
 * mapping. Closing with changes asks first.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { ZodForm } from '../../../components/form/use-zod-form';
import { UnsavedChangesAlert } from './cw-kit';

export interface RowDialogProps<S extends z.ZodTypeAny> {
  title: string;
  adding: boolean;
  form: ZodForm<S>;
  onApply(values: z.output<S>): void;
  onClose(): void;
  className?: string;
  children: ReactNode;
}

export function RowDialog<S extends z.ZodTypeAny>({ title, adding, form, onApply, onClose, className, children }: RowDialogProps<S>) {
  const [confirmClose, setConfirmClose] = useState(false);
  const close = () => (form.dirty ? setConfirmClose(true) : onClose());
  const apply = () => void form.submit((values) => onApply(values));
  return (
    <Dialog isOpen title={title} onClose={close} className={`cw-row-dialog ${className ?? ''}`} canOutsideClickClose={false}>
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
      <UnsavedChangesAlert
        isOpen={confirmClose}
        onContinue={() => {
          setConfirmClose(false);
          onClose();
        }}
        onCancel={() => setConfirmClose(false)}
      />
    </Dialog>
  );
}
