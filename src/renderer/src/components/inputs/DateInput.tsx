/**
 * The shared date input (help spec §5 "Shared inputs"): typed in the locale's
 * format, one date (at most 10 characters) or a range (23, 'start - end');
 * only digits and the separators are accepted (another character typed or
 * pasted shows why); required and empty, and the parser's format and range
 * errors, are shown under it.
 */
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { DATE_INPUT_MAX_LENGTH, DATE_RANGE_SEPARATOR, localeDateFormat, parseDateInput, type DateInputMode } from '../../../../shared/rules/platform/inputs';

interface DateInputProps {
  id: string;
  label: string;
  mode?: DateInputMode;
  required?: boolean;
  /** The text as typed (the host keeps it). */
  value: string;
  /** The text, and the dates when it parses (empty: none typed). */
  onChange(text: string, dates: Date[] | null): void;
  disabled?: boolean;
  /** date-fns tokens; the locale's format by default. */
  format?: string;
}

export function DateInput({ id, label, mode = 'single', required, value, onChange, disabled, format }: DateInputProps) {
  const [touched, setTouched] = useState(false);
  const pattern = format ?? localeDateFormat();
  const placeholder = mode === 'range' ? `${pattern}${DATE_RANGE_SEPARATOR}${pattern}` : pattern;
  const checked = parseDateInput(value, { mode, required, format: pattern });
  const problem = touched || value !== '' ? checked.problem : null;
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={problem ? Intent.DANGER : Intent.NONE} helperText={problem ? <span id={`${id}-problem`}>{problem}</span> : undefined}>
      <InputGroup
        id={id}
        value={value}
        placeholder={placeholder.toUpperCase()}
        maxLength={DATE_INPUT_MAX_LENGTH[mode]}
        disabled={disabled}
        intent={problem ? Intent.DANGER : Intent.NONE}
        // The message is the input's description, so assistive technology names the error too.
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        // A character outside the date's alphabet stays as typed, with the message saying why (§5: invalid characters give an error).
        onValueChange={(text) => onChange(text, parseDateInput(text, { mode, required, format: pattern }).dates)}
        onBlur={() => setTouched(true)}
      />
    </FormGroup>
  );
}
