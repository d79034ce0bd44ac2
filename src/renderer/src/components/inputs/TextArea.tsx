/** The shared text area (help spec §5 "Shared inputs"): at most 250 characters by default, with a count; 80 to 400 px high. */
import './TextArea.css';
import { Classes, FormGroup, TextArea as BlueprintTextArea } from '@blueprintjs/core';
import { TEXT_AREA, textAreaCount } from '../../../../shared/rules/platform/inputs';

interface TextAreaProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  maxLength?: number;
  disabled?: boolean;
  error?: string | null;
}

export function TextArea({ id, label, value, onChange, maxLength = TEXT_AREA.maxLength, disabled, error }: TextAreaProps) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
      <BlueprintTextArea
        id={id}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        fill
        intent={error ? 'danger' : 'none'}
        style={{ minHeight: TEXT_AREA.minHeightPx, maxHeight: TEXT_AREA.maxHeightPx, resize: 'vertical' }}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} text-area-count`} aria-live="polite">
        {textAreaCount(value, maxLength)}
      </div>
    </FormGroup>
  );
}
