/**
 * Unsaved changes are never lost silently (help spec §2.3; DESIGN "Data
 * rules"): 'You have unsaved changes' / 'Are you sure you wish to proceed?'
 * with Continue and Cancel, and a dialog's close that asks it first when the
 * dialog holds changes.
 */
import { Alert, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { UNSAVED_CHANGES } from './form-state';

interface UnsavedChangesAlertProps {
  isOpen: boolean;
  onContinue(): void;
  onCancel(): void;
  /** The question's heading id (the alert is labelled by it). */
  titleId: string;
}

export function UnsavedChangesAlert({ isOpen, onContinue, onCancel, titleId }: UnsavedChangesAlertProps) {
  return (
    <Alert
      isOpen={isOpen}
      intent={Intent.WARNING}
      icon="warning-sign"
      confirmButtonText={UNSAVED_CHANGES.confirm}
      cancelButtonText={UNSAVED_CHANGES.cancel}
      onConfirm={onContinue}
      onCancel={onCancel}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={Classes.HEADING}>
        {UNSAVED_CHANGES.title}
      </h2>
      <p>{UNSAVED_CHANGES.question}</p>
    </Alert>
  );
}

/**
 * A dialog's close (its Cancel, its ×, Escape) that asks first while `dirty`:
 * Continue closes, Cancel keeps the dialog with its changes. `leave` does the
 * same for another way out (an editor page's logo): asks, then runs it.
 * Render `alert` inside the dialog.
 */
export function useConfirmClose(dirty: boolean, onClose: () => void, titleId: string) {
  // What Continue runs: null while not asking.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const leave = (action: () => void) => (dirty ? setPending(() => action) : action());
  const close = () => leave(onClose);
  const alert = (
    <UnsavedChangesAlert
      isOpen={pending !== null}
      titleId={titleId}
      onContinue={() => {
        const action = pending;
        setPending(null);
        action?.();
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { close, leave, alert };
}
