/**
 * The 'Enter Secure URL' dialog (help spec §2.3, §5): a new link's address,
 * which must be a valid URL or IP address. Enter inserts, Escape cancels; an
 * invalid address says so under the field (named to assistive technology)
 * and keeps the dialog open with what was typed.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { EDITOR_MESSAGES } from '../constants';
import { isValidSecureUrl } from '../links';

export interface SecureUrlDialogProps {
  isOpen: boolean;
  /** The address the field starts with (the selected text when it is one). */
  initialValue: string;
  onInsert(url: string): void;
  onCancel(): void;
}

const FIELD_ID = 'rte-secure-url-input';
const ERROR_ID = 'rte-secure-url-error';

export function SecureUrlDialog({ isOpen, initialValue, onInsert, onCancel }: SecureUrlDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={EDITOR_MESSAGES.secureUrlTitle} className="rte-secure-url-dialog">
      {/* A fresh form each time the dialog opens: nothing typed last time stays. */}
      {isOpen && <SecureUrlForm initialValue={initialValue} onInsert={onInsert} onCancel={onCancel} />}
    </Dialog>
  );
}

function SecureUrlForm({ initialValue, onInsert, onCancel }: Omit<SecureUrlDialogProps, 'isOpen'>) {
  const [value, setValue] = useState(initialValue);
  // The message shows once the technician tried to insert or left the field, then follows the typing.
  const [checked, setChecked] = useState(false);
  const valid = isValidSecureUrl(value);
  const showError = checked && !valid;
  return (
    <form
      data-testid="rte-secure-url-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (valid) onInsert(value.trim());
      }}
    >
      <DialogBody>
        <FormGroup
          label="URL"
          labelFor={FIELD_ID}
          intent={showError ? 'danger' : 'none'}
          helperText={showError ? <span id={ERROR_ID}>{EDITOR_MESSAGES.invalidSecureUrl}</span> : undefined}
        >
          <InputGroup
            id={FIELD_ID}
            data-testid="rte-secure-url-input"
            placeholder="https://example.com or 192.168.1.10"
            autoFocus
            spellCheck={false}
            value={value}
            intent={showError ? 'danger' : 'none'}
            aria-invalid={showError || undefined}
            aria-describedby={showError ? ERROR_ID : undefined}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => {
              if (value.trim() !== '') setChecked(true);
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onCancel} />
            <Button type="submit" intent="primary" text="Insert" data-testid="rte-secure-url-insert" />
          </>
        }
      />
    </form>
  );
}
