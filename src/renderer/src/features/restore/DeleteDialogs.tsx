/**
 * Data deletion (spec/backup-restore.md §2 "Delete confirmations", §4, §8):
 * 'Confirm plan data delete' for plans, 'Confirm delete data' with a Name/Path
 * table for files and folders; a second factor when the server asks for one;
 * 'Data deletion scheduled successfully' and the 72-hour note.
 */
import './restore.css';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { CallInput } from '../../../../shared/contract';
import type { DeletionEntry } from '../../../../shared/model/restore';
import { DELETION_EFFECT_HOURS } from '../../../../shared/rules/platform/limits';
import { MESSAGES } from '../../../../shared/rules/platform/messages';
import { deletionFailureMessage } from '../../../../shared/rules/restore';
import { presentError, toastSuccess } from '../../core/toaster';
import { deleteBackupData } from './client';

type DeletionTarget = CallInput<'backup.delete'>['target'];

export type { DeletionEntry };

/** The prompt when the server's first answer already said the code was wrong (no earlier prompt to show again). */
const DEFAULT_PROMPT = 'Enter the code from your authenticator app.';

const DELETION_NOTE = `Deleted data takes effect, and stops counting as usage, within ${DELETION_EFFECT_HOURS} hours.`;

export function DeleteDataDialog(props: { target: DeletionTarget; entries: DeletionEntry[]; onClose(): void; onDeleted(): void }) {
  const plans = props.target.kind === 'plans';
  const [busy, setBusy] = useState(false);
  /** The server asked for a second factor: the code prompt is shown. */
  const [secondFactor, setSecondFactor] = useState<{ message: string; invalid: boolean } | null>(null);
  const [code, setCode] = useState('');

  /** The first prompt's words ('Enter the code...'), shown again once a stale 'not valid' is cleared. */
  const [prompt, setPrompt] = useState<string | null>(null);

  const submit = async (mfaCode?: string) => {
    setBusy(true);
    try {
      const result = await deleteBackupData({ target: props.target, ...(mfaCode ? { mfaCode } : {}) });
      if (result.status === 'second-factor') {
        // The prompt says what went wrong (a wrong code): the generic §8 message is then not repeated.
        if (!result.invalid) setPrompt(result.message);
        setSecondFactor({ message: result.message, invalid: result.invalid });
        return;
      }
      toastSuccess(MESSAGES.deleteScheduled);
      props.onDeleted();
      props.onClose();
    } catch {
      // §8: 'Error deleting plan files' — this failure is not the second factor's, so the
      // second-factor step has not reported it; an earlier 'code is not valid' no longer
      // holds and goes.
      const message = deletionFailureMessage(false);
      if (message) presentError(message, { key: 'delete' });
      setSecondFactor((current) => (current ? { message: prompt ?? DEFAULT_PROMPT, invalid: false } : current));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={plans ? 'Confirm plan data delete' : 'Confirm delete data'} icon="trash" onClose={props.onClose} className="delete-dialog">
      <DialogBody>
        {plans ? (
          <p>
            Delete all backup data of {props.entries.length === 1 ? <strong>{props.entries[0]!.name}</strong> : `${props.entries.length} plans`}? This cannot be undone.
          </p>
        ) : (
          <>
            <p>Delete the backup data of these items? This cannot be undone.</p>
            <HTMLTable compact className="full-width delete-table" aria-label="Data to delete">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Path</th>
                </tr>
              </thead>
              <tbody>
                {props.entries.map((entry) => (
                  <tr key={entry.path}>
                    <td>{entry.name}</td>
                    <td className={Classes.TEXT_MUTED}>{entry.path}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{DELETION_NOTE}</p>
        {secondFactor && (
          <Callout intent={secondFactor.invalid ? Intent.DANGER : Intent.PRIMARY} icon="key" className="second-factor">
            {/* Blueprint's callout title is an h5; under the dialog's h2 it must be an h3. */}
            <h3 className={`${Classes.HEADING} callout-title`}>Second factor required</h3>
            <FormGroup label={secondFactor.message} labelFor="mfa-code" intent={secondFactor.invalid ? Intent.DANGER : Intent.NONE}>
              <InputGroup
                id="mfa-code"
                value={code}
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="123456"
                onValueChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 10))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && code.length >= 4) void submit(code);
                }}
              />
            </FormGroup>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            {secondFactor ? (
              <Button intent={Intent.DANGER} icon="key" loading={busy} disabled={code.length < 4} onClick={() => void submit(code)}>
                Confirm with code
              </Button>
            ) : (
              <Button intent={Intent.DANGER} icon="trash" loading={busy} onClick={() => void submit()}>
                Delete
              </Button>
            )}
          </>
        }
      />
    </Dialog>
  );
}
