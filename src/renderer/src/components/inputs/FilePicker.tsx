/**
 * The shared file picker (help spec §5): at most `maxFiles` (default 5) with
 * the host's message (its `{{maxFiles}}` filled in); disabled at the limit; a
 * file over 100 MB is flagged with 'File is larger than 100 MB'. A host may
 * draw each file its own way (the help ticket's attachment cards).
 */
import './FilePicker.css';
import { Button, Classes, FormGroup, Icon, Intent, Tooltip } from '@blueprintjs/core';
import { useRef, useState, type ReactNode } from 'react';
import { FILE_PICKER, filePickerDisabled, filePickerProblem, INPUT_MESSAGES, isFileTooLarge } from '../../../../shared/rules/platform/inputs';
import { formatBytes } from '../format';

interface FilePickerProps {
  id: string;
  label: string;
  files: readonly File[];
  onChange(files: File[]): void;
  /** Shown when too many are chosen; `{{maxFiles}}` is replaced. */
  limitMessage: string;
  maxFiles?: number;
  /** The input's accept list ('image/*,.pdf'). */
  accept?: string;
  disabled?: boolean;
  /** Each file's row (the host's own card, given its remove action); by default its name, size and a remove button. */
  renderFile?(file: File, remove: () => void): ReactNode;
  /** What assistive technology calls the list of chosen files. */
  listLabel?: string;
}

export function FilePicker({ id, label, files, onChange, limitMessage, maxFiles = FILE_PICKER.maxFiles, accept, disabled, renderFile, listLabel }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const atLimit = filePickerDisabled(files.length, maxFiles);
  return (
    <FormGroup label={label} labelFor={id} intent={problem ? Intent.DANGER : Intent.NONE} helperText={problem ?? undefined}>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        hidden
        accept={accept}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          const refused = filePickerProblem(files.length, chosen.length, limitMessage, maxFiles);
          setProblem(refused);
          if (!refused) onChange([...files, ...chosen]);
        }}
      />
      <Button icon="paperclip" disabled={disabled || atLimit} onClick={() => input.current?.click()}>
        Choose files
      </Button>
      <ul className="file-picker-list" aria-label={listLabel}>
        {files.map((file, index) => {
          const remove = () => {
            setProblem(null);
            onChange(files.filter((_, i) => i !== index));
          };
          if (renderFile) return <li key={`${file.name}-${index}`}>{renderFile(file, remove)}</li>;
          return (
            <li key={`${file.name}-${index}`}>
              {isFileTooLarge(file.size) && (
                <Tooltip content={INPUT_MESSAGES.fileTooLarge}>
                  <Icon icon="warning-sign" intent={Intent.WARNING} aria-label={INPUT_MESSAGES.fileTooLarge} />
                </Tooltip>
              )}
              <span className="file-picker-name">{file.name}</span> <span className={Classes.TEXT_MUTED}>{formatBytes(file.size)}</span>
              <Button size="small" variant="minimal" icon="cross" aria-label={`Remove ${file.name}`} disabled={disabled} onClick={remove} />
            </li>
          );
        })}
      </ul>
    </FormGroup>
  );
}
